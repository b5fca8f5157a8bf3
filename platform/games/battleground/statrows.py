"""How Battleground's ``verdict["statistics"]`` become rows: the dashboards' GameStat columns, and one
nested dict per side for this plugin's tables (``games.battleground.models``).

Shared by ``dashboards.ingest`` (one verified log) and the synthetic loader (``dashboards.bulk``: 100,000
games through bulk inserts), so both store exactly the same shape. The contract it reads is documented
in ``dashboards/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dashboards.onestatement import Table
from dashboards.statrows import StatisticsError
from games.battleground.models import (
    CharacterStat,
    ItemStat,
    MapStat,
    RoundStat,
    SideStat,
    TestStat,
    WeaponStat,
)

RESULTS = ("win", "draw", "loss")

# The per-side child tables (``SideRows`` attribute, model), in the order rows are written.
SIDE_CHILDREN = (
    ("rounds", RoundStat),
    ("characters", CharacterStat),
    ("weapons", WeaponStat),
    ("items", ItemStat),
    ("tests", TestStat),
)


@dataclass
class SideRows:
    side: dict
    rounds: list[dict] = field(default_factory=list)
    characters: list[dict] = field(default_factory=list)
    weapons: list[dict] = field(default_factory=list)
    items: list[dict] = field(default_factory=list)
    tests: list[dict] = field(default_factory=list)


@dataclass
class GameRows:
    """One game's rows: ``game``, the dashboards' GameStat columns its statistics give, and its sides."""

    game: dict
    sides: list[SideRows]
    map: dict = field(default_factory=dict)  # the game's MapStat columns

    def tables(self) -> list[Table]:
        """The rows under the game's GameStat, as ``dashboards.ingest`` writes them (placed right after the
        game's table: parent 0 is the game, 1 the sides)."""
        sides = Table(SideStat, [s.side for s in self.sides], 0, "game_stat_id", [0] * len(self.sides))
        tables = [sides]
        for attr, model in SIDE_CHILDREN:
            children = [(n, row) for n, s in enumerate(self.sides) for row in getattr(s, attr)]
            tables.append(Table(model, [c for _, c in children], 1, "side_id", [n for n, _ in children]))
        tables.append(Table(MapStat, [self.map], 0, "game_stat_id", [0]))
        return tables


def _int(row: dict, key: str) -> int:
    value = row.get(key) or 0
    return int(value)


def _text(value, limit: int) -> str:
    return ("" if value is None else str(value))[:limit]


def _result(side: dict, game: dict) -> str:
    result = side.get("result")
    if result in RESULTS:
        return result
    if game.get("outcome") == "draw" or game.get("winner") is None:
        return "draw"
    return "win" if game.get("winner") == side.get("player") else "loss"


def game_rows(statistics: dict) -> GameRows:
    """Rows for one legal game. Raises ``StatisticsError`` if the dict lacks what pages need."""
    try:
        game = statistics["game"][0]
        sides = statistics["sides"]
    except (KeyError, IndexError, TypeError) as exc:
        raise StatisticsError(f"statistics need a 'game' row and 'sides': {exc!r}") from exc
    if len(sides) != 2:
        # Win and pick rates assume two sides per game; a multi-player game needs its own page.
        raise StatisticsError(f"expected 2 sides, got {len(sides)}")
    vp_by_round = game.get("vp_by_round") or {}
    game_row = {
        "game": _text(game.get("game"), 64),
        "rounds_played": _int(game, "rounds_played"),
        "events": _int(game, "events"),
        "first_player": _text(game.get("first_player"), 32),
        "winner": game.get("winner"),
        "outcome": _text(game.get("outcome"), 16),
        "ended_by": _text(game.get("ended_by"), 16),
        "randomness": _text(game.get("randomness"), 16),
        "content_pack": _text(game.get("content_pack"), 100),
    }
    map_row = {"map": _text(game.get("map"), 100), "objectives_available": _int(game, "objectives_available")}
    by_player: dict[str, SideRows] = {}
    out: list[SideRows] = []
    for side in sides:
        player = _text(side.get("player"), 32)
        if player in by_player:
            raise StatisticsError(f"player {player!r} has two sides")
        first = side.get("first_player")
        rows = SideRows(
            side={
                "player": player,
                "player_name": _text(side.get("player_name") or player, 100),
                "faction": _text(side.get("faction"), 64),
                "faction_name": _text(side.get("faction_name") or side.get("faction"), 200),
                "force_points": _int(side, "force_points"),
                "first_player": bool(first) if first is not None else player == game_row["first_player"],
                "result": _result(side, game),
                "vp_total": _int(side, "vp_total"),
                "vp_objectives": _int(side, "vp_objectives"),
                "vp_missions": _int(side, "vp_missions"),
                "vp_knockouts": _int(side, "vp_knockouts"),
                "knockouts_dealt": _int(side, "knockouts_dealt"),
                "characters_lost": _int(side, "characters_lost"),
                "objectives_claimed": _int(side, "objectives_claimed"),
            }
        )
        rows.rounds = [{"round": i + 1, "vp": int(vp)} for i, vp in enumerate(vp_by_round.get(player) or [])]
        by_player[player] = rows
        out.append(rows)

    def side_of(row: dict, table: str) -> SideRows:
        try:
            return by_player[row["player"]]
        except KeyError as exc:
            raise StatisticsError(f"{table} row names unknown player {row.get('player')!r}") from exc

    for row in statistics.get("characters") or []:
        side_of(row, "characters").characters.append(
            {
                "character": _text(row.get("character"), 64),
                "name": _text(row.get("name") or row.get("character"), 200),
                "faction": _text(row.get("faction"), 64),
                "survived": bool(row.get("survived")),
                "knocked_out_round": row.get("knocked_out_round"),
                "wounds_dealt": _int(row, "wounds_dealt"),
                "wounds_taken": _int(row, "wounds_taken"),
                "activations": _int(row, "activations"),
                "objectives_claimed": _int(row, "objectives_claimed"),
            }
        )
    for row in statistics.get("weapons") or []:
        side_of(row, "weapons").weapons.append(
            {
                "character": _text(row.get("character"), 64),
                "weapon": _text(row.get("weapon"), 64),
                "name": _text(row.get("name") or row.get("weapon"), 200),
                "weapon_type": _text(row.get("weapon_type"), 16),
                "attacks": _int(row, "attacks"),
                "successes": _int(row, "successes"),
                "wounds": _int(row, "wounds"),
                "knockouts": _int(row, "knockouts"),
            }
        )
    for row in statistics.get("items") or []:
        side_of(row, "items").items.append(
            {
                "character": _text(row.get("character"), 64),
                "item": _text(row.get("item"), 64),
                "name": _text(row.get("name") or row.get("item"), 200),
                "item_type": _text(row.get("item_type"), 16),
                "uses": _int(row, "uses"),
            }
        )
    for row in statistics.get("tests") or []:
        side_of(row, "tests").tests.append(
            {
                "character": _text(row.get("character"), 64),
                "kind": _text(row.get("kind"), 16),
                "stat": _text(row.get("stat"), 32),
                "tests": _int(row, "tests"),
                "dice": _int(row, "dice"),
                "successes": _int(row, "successes"),
                "expected_successes": float(row.get("expected_successes") or 0.0),
            }
        )
    # Both sides' claims added up here, so the map summary needs no join to sides.
    map_row["objectives_claimed"] = sum(s.side["objectives_claimed"] for s in out)
    return GameRows(game=game_row, sides=out, map=map_row)
