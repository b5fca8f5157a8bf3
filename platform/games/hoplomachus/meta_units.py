"""Hoplomachus' per-unit dashboards: win rates with Wilson intervals per unit and per hero (overall, and per
mode and arena), with what each unit did in combat, from the statistics' per-unit rows (``units``, schema
version 2: ``attacks``, ``damage_dealt``, ``defeats``).

A unit's game is one troop that fielded it in one verified game: it wins when that troop's seat wins (its
team in Alliance, the players against the game in Assault and Ascension). Co-op Ascension's sentinels are
counted once per game under player B's troop (HR-14.7.5), their counters added up. Rival units (immortals,
titans, the arena troop) have no rows. Version-1 verdicts (no ``units``) count for nothing here.

The per-unit rows are a list of varying length, which SQL cannot group alike on PostgreSQL and SQLite; so each
verdict's unit groups are added up in Python when it is stored and kept per bucket (``meta_groups.units``,
``dashboards.verdictgroups``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from dashboards import figures, stats
from dashboards.datasets import RATE_COLUMNS, Column, Dataset, lazy_text
from dashboards.filters import MetaFilter
from games.hoplomachus.meta_groups import summed
from games.hoplomachus.names import unit_is_hero, unit_name, with_mode_and_arena

COUNTERS = ("attacks", "damage_dealt", "defeats")
OUTCOMES = {"win": "wins", "draw": "draws"}  # anything else is a loss


def unit_groups(f: MetaFilter) -> list[dict]:
    """Unit games grouped by (unit, mode, arena, outcome): ``games`` and the counters summed
    (``meta_groups.units``)."""
    return summed(f, "hr-units")


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
