"""Battleground's summaries of its per-side rows, refreshed with the dashboards' own (``dashboards.summaries``):
``EntryDaily`` (sides by entry: faction, character, pair, weapon, item, weapon type, seat, result, and
characters by knock-out round), ``RoundDaily`` (cumulative VP by round), ``DiceDaily`` (recorded dice per
player name) and ``MatchupDaily`` (faction against faction, character against character), the last two with
month rollups (``DiceMonthly``, ``MatchupMonthly``: a month holds far fewer of their rows than its days).
Registered with the dashboards at ready (``games.battleground.apps``) as ``Summary``s: plain
SQL ``INSERT … SELECT`` statements over the buckets a refresh names.

Each entry dimension is one small class: the rows it reads, its key and name, and which measures it sums.
Adding a dimension is adding a class to ``DIMENSIONS``.
"""

from __future__ import annotations

from dashboards.models import GameStat
from dashboards.providers import MERGEABLE, Rollup, Summary
from dashboards.summaries import BUCKET, BUCKET_SELECT, table
from games.battleground import GAME_ID
from games.battleground.models import (
    CharacterStat,
    DiceDaily,
    DiceMonthly,
    DiceMonthlyTotal,
    EntryDaily,
    ItemStat,
    MatchupDaily,
    MatchupMonthly,
    MatchupMonthlyTotal,
    RoundDaily,
    RoundStat,
    SideStat,
    TestStat,
    WeaponStat,
)

# The measure columns of EntryDaily, in insert order; a dimension fills those it knows.
ENTRY_MEASURES = (
    "vp_total", "vp_objectives", "vp_missions", "vp_knockouts", "knockouts", "objectives_claimed",
    "survived", "wounds_dealt", "wounds_taken", "activations", "attacks", "successes", "wounds", "uses",
)  # fmt: skip


def _count(result: str | None, distinct: str | None) -> str:
    """COUNT of rows (or of distinct ids) whose side had ``result``; all rows if result is None."""
    if distinct:
        inner = distinct if result is None else f"CASE WHEN s.result = '{result}' THEN {distinct} END"
        return f"COUNT(DISTINCT {inner})"
    return "COUNT(*)" if result is None else f"SUM(CASE WHEN s.result = '{result}' THEN 1 ELSE 0 END)"


def _tables() -> dict[str, str]:
    return {
        "side": table(SideStat),
        "character": table(CharacterStat),
        "weapon": table(WeaponStat),
        "item": table(ItemStat),
    }


class Dimension:
    """One entry dimension of EntryDaily: override the class attributes, not the SQL."""

    key: str  # EntryDaily.dimension
    source: str  # FROM … JOIN side s … (the game join is added)
    key_expr: str
    name_expr: str
    group_by: str  # columns identifying an entry (besides the bucket)
    faction_expr: str = "''"
    distinct: str | None = None  # count distinct sides when one side can hold the entry twice
    measures: dict[str, str] = {}
    where: str = ""

    def sql(self, where: str) -> str:
        measures = [self.measures.get(name, "0") for name in ENTRY_MEASURES]
        conditions = " AND ".join(c for c in (self.where, where) if c) or "1 = 1"
        return (
            f"INSERT INTO {table(EntryDaily)} ({', '.join(BUCKET)}, dimension, key, name, faction, appearances,"  # nosec B608 - names from the models and code, values bound as parameters
            f" wins, draws, losses, {', '.join(ENTRY_MEASURES)}) "
            f"SELECT {BUCKET_SELECT}, '{self.key}', {self.key_expr}, {self.name_expr}, {self.faction_expr},"
            f" {_count(None, self.distinct)}, {_count('win', self.distinct)}, {_count('draw', self.distinct)},"
            f" {_count('loss', self.distinct)}, {', '.join(measures)} "
            f"FROM {self.source.format(**_tables())} JOIN {table(GameStat)} g ON g.id = s.game_stat_id "
            f"WHERE {conditions} "
            f"GROUP BY {BUCKET_SELECT}, {self.group_by}"
        )


class Faction(Dimension):
    key = "faction"
    source = "{side} s"
    key_expr, name_expr, faction_expr, group_by = "s.faction", "MAX(s.faction_name)", "s.faction", "s.faction"
    measures = {
        "vp_total": "SUM(s.vp_total)",
        "vp_objectives": "SUM(s.vp_objectives)",
        "vp_missions": "SUM(s.vp_missions)",
        "vp_knockouts": "SUM(s.vp_knockouts)",
        "knockouts": "SUM(s.knockouts_dealt)",
        "objectives_claimed": "SUM(s.objectives_claimed)",
    }


class Result(Faction):
    """Sides by their own result: the VP-sources chart compares winners with losers."""

    key = "result"
    key_expr, name_expr, faction_expr, group_by = "s.result", "s.result", "''", "s.result"


class Seat(Faction):
    """First player against second: the initiative chart and its binomial test."""

    key = "seat"
    key_expr = "CASE WHEN s.first_player THEN 'first' ELSE 'second' END"
    name_expr = "CASE WHEN s.first_player THEN 'First player' ELSE 'Second player' END"
    faction_expr, group_by = "''", "s.first_player"


class Character(Dimension):
    key = "character"
    source = "{character} c JOIN {side} s ON s.id = c.side_id"
    key_expr, name_expr, faction_expr, group_by = (
        "c.character",
        "MAX(c.name)",
        "MAX(c.faction)",
        "c.character",
    )
    distinct = "s.id"
    measures = {
        "survived": "SUM(CASE WHEN c.survived THEN 1 ELSE 0 END)",
        "wounds_dealt": "SUM(c.wounds_dealt)",
        "wounds_taken": "SUM(c.wounds_taken)",
        "activations": "SUM(c.activations)",
        "objectives_claimed": "SUM(c.objectives_claimed)",
    }


class Pair(Dimension):
    """Two characters in the same force, each unordered pair once (a.character < b.character)."""

    key = "pair"
    source = (
        "{character} a JOIN {character} b ON b.side_id = a.side_id AND a.character < b.character"
        " JOIN {side} s ON s.id = a.side_id"
    )
    key_expr = "a.character || '+' || b.character"
    name_expr = "MAX(a.name) || ' + ' || MAX(b.name)"
    faction_expr, group_by = "MAX(a.faction)", "a.character, b.character"
    distinct = "s.id"


class KnockoutRound(Dimension):
    """Characters knocked out, by the round it happened in (appearances = characters here)."""

    key = "knockout_round"
    source = "{character} c JOIN {side} s ON s.id = c.side_id"
    key_expr = "CAST(c.knocked_out_round AS VARCHAR(8))"
    name_expr = "CAST(c.knocked_out_round AS VARCHAR(8))"
    group_by = "c.knocked_out_round"
    where = "c.knocked_out_round IS NOT NULL"


class Weapon(Dimension):
    key = "weapon"
    source = "{weapon} w JOIN {side} s ON s.id = w.side_id"
    key_expr, name_expr, group_by = "w.weapon", "MAX(w.name)", "w.weapon"
    distinct = "s.id"
    measures = {
        "attacks": "SUM(w.attacks)",
        "successes": "SUM(w.successes)",
        "wounds": "SUM(w.wounds)",
        "knockouts": "SUM(w.knockouts)",
    }


class WeaponType(Weapon):
    key = "weapon_type"
    key_expr, name_expr, group_by = "w.weapon_type", "w.weapon_type", "w.weapon_type"


class Item(Dimension):
    key = "item"
    source = "{item} i JOIN {side} s ON s.id = i.side_id"
    key_expr, name_expr, group_by = "i.item", "MAX(i.name)", "i.item"
    distinct = "s.id"
    measures = {"uses": "SUM(i.uses)"}


DIMENSIONS: dict[str, Dimension] = {
    d.key: d() for d in (Faction, Result, Seat, Character, Pair, KnockoutRound, Weapon, WeaponType, Item)
}


def entry_daily_statements(where: str) -> list[str]:
    return [d.sql(where) for d in DIMENSIONS.values()]


def round_daily_statements(where: str) -> list[str]:
    return [
        f"INSERT INTO {table(RoundDaily)} ({', '.join(BUCKET)}, round, result, sides, vp_sum) "  # nosec B608 - names from the models and code, values bound as parameters
        f"SELECT {BUCKET_SELECT}, r.round, s.result, COUNT(*), SUM(r.vp) "
        f"FROM {table(RoundStat)} r JOIN {table(SideStat)} s ON s.id = r.side_id"
        f" JOIN {table(GameStat)} g ON g.id = s.game_stat_id WHERE {where or '1 = 1'} "
        f"GROUP BY {BUCKET_SELECT}, r.round, s.result"
    ]


def dice_daily_statements(where: str) -> list[str]:
    # Seeded games draw every die from a published seed: they are fair by construction and
    # would only dilute what players actually rolled. Dice luck names players: public games only, those with
    # no log and those whose log was public when their day was aggregated (``Summary.public_game``).
    counted = "g.randomness = 'recorded' AND (g.game_log_id IS NULL OR g.groups_public)"
    conditions = " AND ".join(c for c in (counted, where) if c)
    return [
        f"INSERT INTO {table(DiceDaily)} ({', '.join(BUCKET)}, player_name, kind, tests, dice, successes, expected) "  # nosec B608 - names from the models and code, values bound as parameters
        f"SELECT {BUCKET_SELECT}, s.player_name, t.kind, SUM(t.tests), SUM(t.dice), SUM(t.successes),"
        " SUM(t.expected_successes) "
        f"FROM {table(TestStat)} t JOIN {table(SideStat)} s ON s.id = t.side_id"
        f" JOIN {table(GameStat)} g ON g.id = s.game_stat_id WHERE {conditions} "
        f"GROUP BY {BUCKET_SELECT}, s.player_name, t.kind"
    ]


def _outcomes(side: str) -> str:
    """Sides (alias ``side``) and their wins, draws and losses, each side once per group."""
    return ", ".join(
        [f"COUNT(DISTINCT {side}.id)"]
        + [
            f"COUNT(DISTINCT CASE WHEN {side}.result = '{r}' THEN {side}.id END)"
            for r in ("win", "draw", "loss")
        ]
    )


def matchup_daily_statements(where: str) -> list[str]:
    """Faction against faction (the two sides of a game) and character against character (a character
    of one side against one of the other), by the row side's result."""
    columns = (
        f"INSERT INTO {table(MatchupDaily)} ({', '.join(BUCKET)}, dimension, row_key, col_key, row_name,"  # nosec B608 - names from the models and code, values bound as parameters
        " col_name, games, wins, draws, losses) "
    )
    sides = (
        f"{table(SideStat)} a JOIN {table(SideStat)} b ON b.game_stat_id = a.game_stat_id AND b.id <> a.id"
        f" JOIN {table(GameStat)} g ON g.id = a.game_stat_id"
    )
    conditions = where or "1 = 1"
    return [
        columns + f"SELECT {BUCKET_SELECT}, 'faction', a.faction, b.faction, MAX(a.faction_name),"
        f" MAX(b.faction_name), {_outcomes('a')} FROM {sides} WHERE {conditions}"
        f" GROUP BY {BUCKET_SELECT}, a.faction, b.faction",
        columns
        + f"SELECT {BUCKET_SELECT}, 'character', ca.character, cb.character, MAX(ca.name), MAX(cb.name),"
        f" {_outcomes('a')} FROM {sides} JOIN {table(CharacterStat)} ca ON ca.side_id = a.id"
        f" JOIN {table(CharacterStat)} cb ON cb.side_id = b.id WHERE {conditions}"
        f" GROUP BY {BUCKET_SELECT}, ca.character, cb.character",
    ]


DICE_SUMS = ("tests", "dice", "successes", "expected")
MATCHUP_ROLLUP = (
    ("dimension", "row_key", "col_key"),
    ("games", "wins", "draws", "losses"),
    ("row_name", "col_name"),
)

# Each with a month rollup per bucket and one over every event and rating band (far fewer rows: a month of one
# player's dice or of one cell in every event and band together), read when the filter names neither.
SUMMARIES = (
    Summary(EntryDaily, entry_daily_statements, (SideStat, CharacterStat, WeaponStat, ItemStat)),
    Summary(RoundDaily, round_daily_statements, (SideStat, RoundStat)),
    Summary(
        DiceDaily,
        dice_daily_statements,
        (SideStat, TestStat),
        Rollup(DiceMonthly, ("player_name",), DICE_SUMS),
        public_game=GAME_ID,
        merged_rollups=(Rollup(DiceMonthlyTotal, ("player_name",), DICE_SUMS, merges=MERGEABLE),),
    ),
    Summary(
        MatchupDaily,
        matchup_daily_statements,
        (SideStat, CharacterStat),
        Rollup(MatchupMonthly, *MATCHUP_ROLLUP),
        merged_rollups=(Rollup(MatchupMonthlyTotal, *MATCHUP_ROLLUP, merges=MERGEABLE),),
    ),
)
