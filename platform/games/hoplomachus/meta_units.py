"""Hoplomachus' per-unit dashboards: win rates with Wilson intervals per unit and per hero (overall, and per
mode and arena), with what each unit did in combat, from the statistics' per-unit rows (``units``, schema
version 2: ``attacks``, ``damage_dealt``, ``defeats``).

A unit's game is one troop that fielded it in one verified game: it wins when that troop's seat wins (its
team in Alliance, the players against the game in Assault and Ascension). Co-op Ascension's sentinels are
counted once per game under player B's troop (HR-14.7.5), their counters added up. Rival units (immortals,
titans, the arena troop) have no rows. Version-1 verdicts (no ``units``) count for nothing here.

The per-unit rows are a list of varying length, which the JSON key paths of ``meta.py`` cannot group by in
SQL on both PostgreSQL and SQLite; so one query reads two JSON values per log (the units and the seats) and
Python adds them up, cached like every data set under the game's data version.
"""

from __future__ import annotations

from django.db.models.fields.json import KT
from django.utils.translation import gettext_lazy as _

from dashboards import figures, queries, stats
from dashboards.datasets import RATE_COLUMNS, Column, Dataset, lazy_text
from dashboards.filters import MetaFilter
from gamelogs.models import GameLog
from games.hoplomachus.names import unit_is_hero, unit_name, with_mode_and_arena

COUNTERS = ("attacks", "damage_dealt", "defeats")
OUTCOMES = {"win": "wins", "draw": "draws"}  # anything else is a loss


def unit_groups(f: MetaFilter) -> list[dict]:
    """Unit games grouped by (unit, mode, arena, outcome): ``games`` and the counters summed."""

    def compute(f: MetaFilter) -> list[dict]:
        logs = GameLog.objects.filter(
            meta_stat__in=queries.game_stats(f), verdict__statistics__has_key="units"
        )
        rows = logs.values_list(
            "verdict__statistics__units", "verdict__result__seats",
            KT("verdict__result__mode"), KT("verdict__result__arena"),
        )  # fmt: skip
        out: dict[tuple, dict] = {}
        for units, seats, mode, arena in rows.iterator(chunk_size=500):
            outcome = {s.get("seat"): s.get("outcome") for s in seats or [] if isinstance(s, dict)}
            fielded: dict[tuple, dict] = {}  # (player, unit): one game, sentinels added up
            for u in units or []:
                if not isinstance(u, dict) or u.get("player") not in outcome or not u.get("unit"):
                    continue
                c = fielded.setdefault((u["player"], u["unit"]), dict.fromkeys(COUNTERS, 0))
                for name in COUNTERS:
                    c[name] += int(u.get(name) or 0)
            for (player, unit), c in fielded.items():
                g = out.setdefault(
                    (unit, mode, arena, outcome[player]), {"games": 0, **dict.fromkeys(COUNTERS, 0)}
                )
                g["games"] += 1
                for name in COUNTERS:
                    g[name] += c[name]
        return [
            {"unit": k[0], "mode": k[1], "arena": k[2], "outcome": k[3], **v} for k, v in sorted(out.items())
        ]

    return queries.cached("hr-units", f, compute)


def unit_rates(c: dict) -> dict:
    """A unit row's figures per game and per attack."""
    return {
        "attacks_per_game": stats.rate(c["attacks"], c["games"]),
        "damage_per_game": stats.rate(c["damage_dealt"], c["games"]),
        "defeats_per_game": stats.rate(c["defeats"], c["games"]),
        "damage_per_attack": stats.rate(c["damage_dealt"], c["attacks"]),
    }


def tally(groups: list[dict], key, name, f: MetaFilter, counters=COUNTERS, derived=unit_rates) -> list[dict]:
    """Rate rows of ``groups`` (games by outcome, with ``counters``) added up by ``key(group)``, each with
    the figures ``derived(counts)`` gives; best win rate first."""
    counts: dict = {}
    for g in groups:
        c = counts.setdefault(key(g), {"games": 0, "wins": 0, "draws": 0, **dict.fromkeys(counters, 0)})
        c["games"] += g["games"]
        for counter in counters:
            c[counter] += g[counter]
        if g["outcome"] in OUTCOMES:
            c[OUTCOMES[g["outcome"]]] += g["games"]
    total = sum(c["games"] for c in counts.values())
    rows = []
    for k, c in counts.items():
        row = {"key": "/".join(k) if isinstance(k, tuple) else k, "name": name(k), **c,
               "losses": c["games"] - c["wins"] - c["draws"], **derived(c)}  # fmt: skip
        rows.append(stats.decorate_rate_row(row, total, f.min_games))
    return sorted(rows, key=lambda r: (-(r["win_rate"] or 0), r["name"]))


UNIT_COLUMNS = (
    *RATE_COLUMNS[:-1],
    Column("attacks_per_game", _("Attacks / game"), "float"),
    Column("damage_per_game", _("Damage / game"), "float"),
    Column("defeats_per_game", _("Defeats / game"), "float"),
    Column("damage_per_attack", _("Damage / attack"), "float"),
    RATE_COLUMNS[-1],
)
UNIT_TERMS = _(
    "A unit's game is one troop that fielded it (it entered combat) in one verified game; it wins when that "
    "troop's player wins (the team in Alliance; the players against the game in Assault and Ascension). Bars "
    "show the 95% Wilson interval; the balance mark compares with 50%, which is fair only for two-sided games. "
    "Attacks, damage and defeats are the statistics' per-unit counters (HR-8.8.3, HR-7.3) per game; damage "
    "includes Specials and Retaliate. Pick rate = the unit's games ÷ all unit games in the filter. Names and "
    "hero status come from the default content pack, whose unprinted rosters are provisional."
)


class UnitRates(Dataset):
    key = "units"
    title = _("Win rate by unit")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = UNIT_COLUMNS
    description = lazy_text(
        _("Every unit of the players' troops, heroes included, over every mode. %(terms)s"), terms=UNIT_TERMS
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        return tally(unit_groups(f), lambda g: g["unit"], unit_name, f)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, self.title, limit=30)]


class UnitModeRates(Dataset):
    key = "unit-modes"
    title = _("Win rate by unit, per mode and arena")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = UNIT_COLUMNS
    description = lazy_text(
        _("One row per unit in each mode and arena it was fielded in (HR-12). %(terms)s"), terms=UNIT_TERMS
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        return tally(
            unit_groups(f), lambda g: (g["unit"], g["mode"], g["arena"]), with_mode_and_arena(unit_name), f
        )

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, self.title, limit=30)]


class HeroRates(Dataset):
    key = "heroes"
    title = _("Win rate by hero, per mode and arena")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = UNIT_COLUMNS
    description = lazy_text(
        _(
            "Heroes only: each faction's primary hero (HR-2.8.5) and the neutral heroes a troop gained (HR-2.8.6), "
            "in each mode and arena they took part in. %(terms)s"
        ),
        terms=UNIT_TERMS,
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        heroes = [g for g in unit_groups(f) if unit_is_hero(g["unit"])]
        return tally(heroes, lambda g: (g["unit"], g["mode"], g["arena"]), with_mode_and_arena(unit_name), f)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, self.title, limit=30)]
