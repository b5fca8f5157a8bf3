"""Hoplomachus' dashboards over the generic core: win rates per faction (overall, and per mode and arena),
the players' success against the game per mode and arena (Assault, Ascension), crowd favour per mode, and
game length per mode.

Only what the verified verdict carries is counted: the generic result (``mode``, ``arena``,
``rounds_played``, each seat's outcome and score components, ``against_game``) and the statistics
(``hoplomachus-statistics`` v3: each troop's ``faction`` and counters such as ``attacks``, ``hits`` and
``rewards``). The engine writes ``result.seats`` and ``statistics.troops`` in the same seat order, so seat
``i`` of one is troop ``i`` of the other. Version 2's per-unit rows (``units``) are read by ``meta_units.py``
(win rates per unit and per hero); the turn order's advantage is in ``meta_seats.py``; version 3's rivals and
tactics in ``meta_rivals.py``, favour by round and reward timing in ``meta_timing.py``, dice luck in
``meta_dice.py``. Each verdict's groups are kept per bucket when it is stored (``meta_groups.py``,
``dashboards.verdictgroups``); a data set sums its filter's rows and derives the rates.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from dashboards import figures, queries, stats
from dashboards.datasets import RATE_COLUMNS, Column, Dataset, Page, ScoreComponents, lazy_text
from dashboards.filters import MetaFilter
from games.hoplomachus.meta_dice import DiceColours, DiceLuck
from games.hoplomachus.meta_groups import summed
from games.hoplomachus.meta_rivals import ImmortalRates, TacticModeRates, TacticRates, TitanRates
from games.hoplomachus.meta_seats import SeatPositions
from games.hoplomachus.meta_timing import FavourByRound, RewardRounds, RewardTiming
from games.hoplomachus.meta_units import HeroRates, UnitModeRates, UnitRates
from games.hoplomachus.names import AGAINST_THE_GAME, MODES, arena_name, faction_name, mode_name

GAME_ID = "hoplomachus-remastered"
MAX_SEATS = 4  # HR-12: Pandemonium and Alliance seat four troops
MODE_ORDER = {mode: i for i, mode in enumerate(MODES)}
OUTCOMES = {"win": "wins", "draw": "draws"}  # anything else is a loss


def seat_groups(f: MetaFilter) -> list[dict]:
    """Seats grouped by (faction, mode, arena, outcome): ``seats``, ``favour`` (the result's crowd favour
    component, summed), ``rewards``, ``attacks`` and ``hits`` (the statistics' counters, summed)."""
    return summed(f, "hr-seats")


def _tally(groups: list[dict], key, name, f: MetaFilter) -> list[dict]:
    """Rate rows (RATE_COLUMNS plus hit rate) of the seat groups added up by ``key(group)``."""
    counts: dict = {}
    for g in groups:
        c = counts.setdefault(key(g), {"games": 0, "wins": 0, "draws": 0, "attacks": 0, "hits": 0})
        c["games"] += g["seats"]
        c["attacks"] += g["attacks"]
        c["hits"] += g["hits"]
        if g["outcome"] in OUTCOMES:
            c[OUTCOMES[g["outcome"]]] += g["seats"]
    total = sum(c["games"] for c in counts.values())
    rows = []
    for k, c in counts.items():
        row = {"key": "/".join(k) if isinstance(k, tuple) else k, "name": name(k), **c,
               "losses": c["games"] - c["wins"] - c["draws"], "hit_rate": stats.rate(c["hits"], c["attacks"])}  # fmt: skip
        rows.append(stats.decorate_rate_row(row, total, f.min_games))
    return sorted(rows, key=lambda r: (-(r["win_rate"] or 0), r["name"]))


FACTION_COLUMNS = (*RATE_COLUMNS[:-1], Column("hit_rate", _("Hit rate"), "pct"), RATE_COLUMNS[-1])
FACTION_TERMS = _(
    "A troop wins when its player (or team, in Alliance) wins; in Assault and Ascension when the players beat "
    "the game. Bars show the 95% Wilson interval; the balance mark compares with 50%, which is fair only for "
    "two-sided games (a Pandemonium troop of four wins a quarter of the time when all are equal). Hit rate = "
    "hits ÷ attack dice rolled. Pick rate = the faction's troops ÷ all troops in the filter. Units and heroes "
    "have their own page."
)


class FactionRates(Dataset):
    key = "factions"
    title = _("Win rate by faction")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = FACTION_COLUMNS
    description = lazy_text(
        _("Every troop of every mode counts once for its faction. %(terms)s"), terms=FACTION_TERMS
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        return _tally(seat_groups(f), lambda g: g["faction"], faction_name, f)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Win rate by faction"))]


class FactionModeRates(Dataset):
    key = "faction-modes"
    title = _("Win rate by faction, per mode and arena")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = FACTION_COLUMNS
    description = lazy_text(
        _("One row per faction in each mode and arena it was played in (HR-12). %(terms)s"),
        terms=FACTION_TERMS,
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def name(k) -> str:
            return f"{faction_name(k[0])} · {mode_name(k[1])} · {arena_name(k[2])}"

        return _tally(seat_groups(f), lambda g: (g["faction"], g["mode"], g["arena"]), name, f)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Win rate by faction, per mode and arena"), limit=30)]


class ModeArenas(Dataset):
    key = "modes"
    title = _("Games and success against the game, by mode and arena")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = (
        Column("name", _("Mode · arena"), "text"),
        Column("games", _("Games")),
        Column("mean_rounds", _("Mean rounds"), "float"),
        Column("wins", _("Players won")),
        Column("win_rate", _("Success rate"), "pct"),
        Column("ci_low", _("95% CI low"), "pct"),
        Column("ci_high", _("95% CI high"), "pct"),
        Column("mean_immortals", _("Mean immortals defeated"), "float"),
    )
    description = _(
        "Every verified game once, by mode and arena (HR-12). For Assault and Ascension, where the players play "
        "against the game (HR-13, HR-14), the success rate = games the players won ÷ games, with the 95% Wilson "
        "interval, and for Assault the mean score, immortals defeated (HR-13.1.2). Head-to-head modes always "
        "have one winner, so they show games and length only."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            grouped = [
                {"_mode": g["mode"], "_arena": g["arena"], "_against": g["against"], "n": g["games"],
                 "rounds": g["rounds"], "immortals": g["immortals"]}
                for g in summed(f, "hr-modes")
            ]  # fmt: skip
            counts: dict[tuple, dict] = {}
            for r in grouped:
                c = counts.setdefault(
                    (r["_mode"], r["_arena"]), {"games": 0, "wins": 0, "rounds": 0, "immortals": 0}
                )
                c["games"] += r["n"]
                c["wins"] += r["n"] if r["_against"] == "win" else 0
                c["rounds"] += r["rounds"] or 0
                c["immortals"] += r["immortals"] or 0
            rows = []
            for (mode, arena), c in counts.items():
                row = {"key": f"{mode}/{arena}", "name": f"{mode_name(mode)} · {arena_name(arena)}",
                       "games": c["games"], "mean_rounds": stats.rate(c["rounds"], c["games"])}  # fmt: skip
                if mode in AGAINST_THE_GAME:
                    row = stats.decorate_rate_row(
                        {**row, "wins": c["wins"], "draws": 0, "losses": c["games"] - c["wins"]},
                        c["games"], f.min_games,
                    )  # fmt: skip
                    row["mean_immortals"] = (
                        stats.rate(c["immortals"], c["games"]) if mode == "assault" else None
                    )
                else:
                    row.update(wins=None, win_rate=None, ci_low=None, ci_high=None, mean_immortals=None)
                rows.append(row)
            return sorted(rows, key=lambda r: (MODE_ORDER.get(r["key"].split("/")[0], 9), r["name"]))

        return queries.cached("hr-modes", f, compute)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Players' success against the game, by mode and arena"))]


class CrowdFavour(Dataset):
    key = "favour"
    title = _("Crowd favour by mode")
    columns = (
        Column("name", _("Mode · seats"), "text"),
        Column("seats", _("Seats")),
        Column("mean_favour", _("Mean crowd favour"), "float"),
        Column("mean_rewards", _("Mean rewards claimed"), "float"),
    )
    description = _(
        "Crowd favour each troop ended the game with, as the result scores it (HR-4; in Alliance the team's "
        "shared track, HR-17), and the favour rewards it claimed (the statistics' ``rewards``), for winning "
        "and losing troops of each mode. Favour does not decide a game (HR-11.1): this shows how it goes with "
        "winning."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        counts: dict[tuple, dict] = {}
        for g in seat_groups(f):
            won = g["outcome"] == "win"
            c = counts.setdefault((g["mode"], won), {"seats": 0, "favour": 0, "rewards": 0})
            for name in c:
                c[name] += g[name]
        rows = [
            {"key": f"{mode}/{'win' if won else 'loss'}", "name": f"{mode_name(mode)} · {_('winners') if won else _('losers')}",
             "seats": c["seats"], "mean_favour": stats.rate(c["favour"], c["seats"]),
             "mean_rewards": stats.rate(c["rewards"], c["seats"]),
             "components": {"favour": stats.rate(c["favour"], c["seats"])}}
            for (mode, won), c in counts.items()
        ]  # fmt: skip
        return sorted(rows, key=lambda r: (MODE_ORDER.get(r["key"].split("/")[0], 9), r["key"]))

    def figures(self, rows, f):
        labels = {"favour": str(_("Crowd favour"))}
        return [figures.score_components_figure(rows, labels, str(_("crowd favour")), self.title)]


class GameLength(Dataset):
    key = "length"
    title = _("Game length by mode")
    columns = (
        Column("name", _("Mode"), "text"),
        Column("rounds_played", _("Rounds")),
        Column("games", _("Games")),
        Column("share", _("Share of the mode's games"), "pct"),
    )
    description = _(
        "Verified games by the number of rounds played (the result's ``rounds_played``), per mode."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            grouped = [
                {"_mode": g["mode"], "_rounds": g["rounds_played"], "n": g["games"]}
                for g in summed(f, "hr-length")
            ]
            per_mode: dict[str, int] = {}
            for r in grouped:
                per_mode[r["_mode"]] = per_mode.get(r["_mode"], 0) + r["n"]
            rows = [
                {"key": f"{r['_mode']}/{r['_rounds']}", "name": mode_name(r["_mode"]), "mode": r["_mode"],
                 "ended_by": mode_name(r["_mode"]), "rounds_played": r["_rounds"] or 0, "games": r["n"],
                 "share": stats.rate(r["n"], per_mode[r["_mode"]])}
                for r in grouped
            ]  # fmt: skip
            return sorted(rows, key=lambda r: (MODE_ORDER.get(r["mode"], 9), r["rounds_played"]))

        return queries.cached("hr-length", f, compute)

    def figures(self, rows, f):
        # game_length_figure stacks one series per ``ended_by``: here, one per mode.
        return [figures.game_length_figure(rows, self.title)]


def datasets() -> dict[str, Dataset]:
    found = [
        ScoreComponents(GAME_ID),
        FactionRates(),
        ModeArenas(),
        FactionModeRates(),
        HeroRates(),
        UnitRates(),
        UnitModeRates(),
        SeatPositions(),
        TitanRates(),
        ImmortalRates(),
        TacticRates(),
        TacticModeRates(),
        CrowdFavour(),
        FavourByRound(),
        RewardTiming(),
        RewardRounds(),
        DiceColours(),
        DiceLuck(),
        GameLength(),
    ]
    return {d.key: d for d in found}


PAGES = {
    "overview": Page("overview", _("Overview"), (FactionRates.key, ModeArenas.key, ScoreComponents.key)),
    "factions": Page("factions", _("Factions by mode"), (FactionModeRates.key,)),
    "units": Page("units", _("Units and heroes"), (HeroRates.key, UnitRates.key, UnitModeRates.key)),
    "tactics": Page("tactics", _("Tactics"), (TacticRates.key, TacticModeRates.key)),
    "turn-order": Page("turn-order", _("Turn order"), (SeatPositions.key,)),
    "rivals": Page("rivals", _("Rival difficulty"), (TitanRates.key, ImmortalRates.key)),
    "favour": Page(
        "favour", _("Crowd favour"), (CrowdFavour.key, FavourByRound.key, RewardTiming.key, RewardRounds.key)
    ),
    "dice": Page("dice", _("Dice luck"), (DiceColours.key, DiceLuck.key)),
    "length": Page("length", _("Game length"), (GameLength.key,)),
}
