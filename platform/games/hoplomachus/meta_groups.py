"""What one Hoplomachus verdict adds to each grouping its data sets count (``dashboards.verdictgroups``, issue #25).

Each ``extract`` reads one stored verdict (its statistics, result and players) as the data sets read the verdicts
one by one before: the summary keeps their sums per bucket, and the data sets sum the rows of their filter. Means
are kept as exact integers: a dice row's expected hits (rounded to 4 places by the engine) in ten-thousandths, a
game's mean seat score in twelfths (a table seats one to four, HR-12).
"""

from __future__ import annotations

from dashboards.providers import VerdictGroups
from games.hoplomachus.names import AGAINST_THE_GAME, MODES

GAME_ID = "hoplomachus-remastered"
MAX_SEATS = 4  # HR-12
HEAD_TO_HEAD = tuple(m for m in MODES if m not in AGAINST_THE_GAME)
COLOURS = ("yellow", "blue", "green", "black", "red")  # HR-2.6.1
UNIT_COUNTERS = ("attacks", "damage_dealt", "defeats")


def _int(value) -> int:
    """A JSON number as the SQL cast read it (None and a missing value count 0)."""
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _text(value):
    """A JSON value as SQL's ->> gives it: a string as is, null as None, a number as its text."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _result(verdict: dict) -> dict:
    result = verdict.get("result")
    return result if isinstance(result, dict) else {}


def _statistics(verdict: dict) -> dict:
    statistics = verdict.get("statistics")
    return statistics if isinstance(statistics, dict) else {}


def _seats(verdict: dict) -> list[dict]:
    seats = _result(verdict).get("seats")
    return [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []


def _block(verdict: dict, name: str) -> list | None:
    """The statistics' list ``name``, or None when the verdict has no such list (an older version's)."""
    block = _statistics(verdict).get(name)
    return block if isinstance(block, list) else None


def _mode_arena(verdict: dict) -> tuple:
    result = _result(verdict)
    return _text(result.get("mode")), _text(result.get("arena"))


def recorded(verdict: dict) -> bool:
    """The players rolled real dice and entered them (statistics' game row ``randomness``)."""
    game = _statistics(verdict).get("game")
    first = game[0] if isinstance(game, list) and game else None
    return isinstance(first, dict) and first.get("randomness") == "recorded"


def seats(verdict: dict) -> dict[tuple, tuple]:
    """(faction, mode, arena, outcome) → seats, crowd favour (the result's component), rewards, attacks, hits."""
    result, out = _result(verdict), {}
    seat_list = result.get("seats") if isinstance(result.get("seats"), list) else []
    troops = _block(verdict, "troops") or []
    mode, arena = _mode_arena(verdict)
    for i in range(min(MAX_SEATS, len(seat_list), len(troops))):
        seat, troop = seat_list[i], troops[i]
        if not (
            isinstance(seat, dict) and "outcome" in seat and isinstance(troop, dict) and "faction" in troop
        ):
            continue
        components = seat.get("components") if isinstance(seat.get("components"), dict) else {}
        key = (_text(troop["faction"]), mode, arena, _text(seat["outcome"]))
        sums = (1, _int(components.get("favour")), _int(troop.get("rewards")), _int(troop.get("attacks")),
                _int(troop.get("hits")))  # fmt: skip
        have = out.get(key)
        out[key] = sums if have is None else tuple(a + b for a, b in zip(have, sums, strict=True))
    return out


def modes(verdict: dict) -> dict[tuple, tuple]:
    """(mode, arena, the players' outcome against the game) → games, rounds played, score against the game."""
    result = _result(verdict)
    against = result.get("against_game") if isinstance(result.get("against_game"), dict) else {}
    key = (*_mode_arena(verdict), _text(against.get("outcome")))
    return {key: (1, _int(result.get("rounds_played")), _int(against.get("score")))}


def length(verdict: dict) -> dict[tuple, tuple]:
    """(mode, rounds played) → games."""
    rounds = _result(verdict).get("rounds_played")
    return {(_mode_arena(verdict)[0], None if rounds is None else _int(rounds)): (1,)}


def seat_positions(verdict: dict) -> dict[tuple, tuple]:
    """Head-to-head games of two to four seats: (mode, table size, position, outcome) → seats."""
    mode = _mode_arena(verdict)[0]
    seat_list = _result(verdict).get("seats")
    if mode not in HEAD_TO_HEAD or not isinstance(seat_list, list) or len(seat_list) not in (2, 3, 4):
        return {}
    last = seat_list[-1]
    if not (isinstance(last, dict) and "outcome" in last):
        return {}
    size, out = len(seat_list), {}
    for i, seat in enumerate(seat_list):
        key = (mode, size, i + 1, _text(seat.get("outcome")) if isinstance(seat, dict) else None)
        out[key] = (out.get(key, (0,))[0] + 1,)
    return out


def units(verdict: dict) -> dict[tuple, tuple]:
    """(unit, mode, arena, outcome) → games (a troop that fielded it), attacks, damage dealt, defeats; co-op
    Ascension's sentinels once per troop, their counters added up (HR-14.7.5)."""
    rows = _block(verdict, "units")
    if rows is None:
        return {}
    outcome = {s.get("seat"): s.get("outcome") for s in _seats(verdict)}
    mode, arena = _mode_arena(verdict)
    fielded: dict[tuple, list] = {}
    for u in rows:
        if not isinstance(u, dict) or u.get("player") not in outcome or not u.get("unit"):
            continue
        c = fielded.setdefault((u["player"], u["unit"]), [0, 0, 0])
        for i, name in enumerate(UNIT_COUNTERS):
            c[i] += _int(u.get(name))
    out: dict[tuple, tuple] = {}
    for (player, unit), c in fielded.items():
        key = (unit, mode, arena, outcome[player])
        have = out.get(key, (0, 0, 0, 0))
        out[key] = (have[0] + 1, have[1] + c[0], have[2] + c[1], have[3] + c[2])
    return out


def rivals(verdict: dict) -> dict[tuple, tuple]:
    """(rival, kind, mode, arena) → games it appeared in, the players' wins, the game's mean seat score in twelfths
    (games with a score), games with a score, times the rival was defeated."""
    rows = _block(verdict, "rivals")
    if rows is None:
        return {}
    result = _result(verdict)
    against = result.get("against_game") if isinstance(result.get("against_game"), dict) else {}
    scores = [s["score"] for s in _seats(verdict) if isinstance(s.get("score"), int)]
    twelfths = sum(scores) * 12 // len(scores) if scores else 0
    mode, arena = _mode_arena(verdict)
    met: dict[tuple, bool] = {}
    for r in rows:
        if isinstance(r, dict) and r.get("rival"):
            key = (r["rival"], r.get("kind"))
            met[key] = met.get(key, False) or bool(r.get("defeated"))
    return {
        (rival, kind, mode, arena): (1, int(against.get("outcome") == "win"), twelfths, int(bool(scores)),
                                     int(defeated))
        for (rival, kind), defeated in met.items()
    }  # fmt: skip


def tactics(verdict: dict) -> dict[tuple, tuple]:
    """(tactic, mode, arena, outcome) → games (troops that played it), times played."""
    rows = _block(verdict, "tactics")
    if rows is None:
        return {}
    outcome = {s.get("seat"): s.get("outcome") for s in _seats(verdict)}
    mode, arena = _mode_arena(verdict)
    out: dict[tuple, tuple] = {}
    for t in rows:
        if not isinstance(t, dict) or t.get("player") not in outcome or not t.get("tactic"):
            continue
        key = (t["tactic"], mode, arena, outcome[t["player"]])
        have = out.get(key, (0, 0))
        out[key] = (have[0] + 1, have[1] + _int(t.get("played")))
    return out


def favour(verdict: dict) -> dict[tuple, tuple]:
    """(mode, round, win or loss) → favour tracks, their favour at the round's end."""
    rows = _block(verdict, "favour")
    if rows is None:
        return {}
    outcome = {s.get("seat"): s.get("outcome") for s in _seats(verdict)}
    mode = _mode_arena(verdict)[0]
    out: dict[tuple, tuple] = {}
    for r in rows:
        players = r.get("players") if isinstance(r, dict) else None
        result = next((outcome[p] for p in players or [] if p in outcome), None)
        if result is None or not isinstance(r.get("round"), int):
            continue
        key = (mode, r["round"], "win" if result == "win" else "loss")
        have = out.get(key, (0, 0))
        out[key] = (have[0] + 1, have[1] + _int(r.get("favour")))
    return out


def rewards(verdict: dict) -> dict[tuple, tuple]:
    """(mode, reward, round) → rewards claimed."""
    rows = _block(verdict, "rewards")
    if rows is None:
        return {}
    mode = _mode_arena(verdict)[0]
    out: dict[tuple, tuple] = {}
    for r in rows:
        if isinstance(r, dict) and isinstance(r.get("round"), int) and r.get("reward"):
            key = (mode, r["reward"], r["round"])
            out[key] = (out.get(key, (0,))[0] + 1,)
    return out


def reward_games(verdict: dict) -> dict[tuple, tuple]:
    """(mode,) → games with the statistics' rewards (claiming or not)."""
    return {} if _block(verdict, "rewards") is None else {(_mode_arena(verdict)[0],): (1,)}


def expected_e4(row: dict) -> int:
    """A dice row's expected hits (4 places) in ten-thousandths, exactly."""
    try:
        return round(float(row.get("expected_hits") or 0) * 10_000)
    except (TypeError, ValueError):
        return 0


def dice_colours(verdict: dict) -> dict[tuple, tuple]:
    """Recorded games: (colour,) → dice rolled by every troop, hits, expected hits in ten-thousandths."""
    rows = _block(verdict, "dice")
    if rows is None or not recorded(verdict):
        return {}
    out: dict[tuple, tuple] = {}
    for r in rows:
        if isinstance(r, dict) and r.get("colour") in COLOURS:
            have = out.get((r["colour"],), (0, 0, 0))
            out[(r["colour"],)] = (have[0] + _int(r.get("dice")), have[1] + _int(r.get("hits")),
                                   have[2] + expected_e4(r))  # fmt: skip
    return out


def dice_players(verdict: dict) -> dict[tuple, tuple]:
    """Recorded games: (player name, colour) → their own troops' dice, hits, expected hits in ten-thousandths; and
    (player name, "") → the game counted for them (1) when they rolled. The summary counts public games only
    (``public_only``): a log made public or private is added or taken off at once."""
    rows = _block(verdict, "dice")
    if rows is None or not recorded(verdict):
        return {}
    names: dict[str, set] = {}
    for p in verdict.get("players") or []:
        if isinstance(p, dict) and p.get("name"):
            names.setdefault(str(p["name"]), set()).add(p.get("id"))
    out: dict[tuple, tuple] = {}
    for name, seat_ids in names.items():
        own = [
            r
            for r in rows
            if isinstance(r, dict) and r.get("player") in seat_ids and r.get("colour") in COLOURS
        ]
        for r in own:
            have = out.get((name, r["colour"]), (0, 0, 0))
            out[(name, r["colour"])] = (have[0] + _int(r.get("dice")), have[1] + _int(r.get("hits")),
                                        have[2] + expected_e4(r))  # fmt: skip
        if own:
            out[(name, "")] = (1, 0, 0)
    return out


def dice_player_totals(verdict: dict) -> dict[tuple, tuple]:
    """Recorded games: (player name,) → the game counted for them (1), their own troops' dice, hits and expected
    hits in ten-thousandths over every colour: :func:`dice_players` added up per name, one row per name where that
    grouping keeps one per colour, so the unnamed distribution of the players' luck sums a sixth of the rows."""
    out: dict[tuple, list] = {}
    for (name, colour), sums in dice_players(verdict).items():
        have = out.setdefault((name,), [0, 0, 0, 0])
        if colour == "":
            have[0] += sums[0]  # (1, 0, 0): the game
        else:
            for i, v in enumerate(sums, start=1):
                have[i] += v
    return {key: tuple(sums) for key, sums in out.items()}


def _groups(name: str, keys: tuple, sums: tuple, extract, public_only: bool = False) -> VerdictGroups:
    return VerdictGroups(GAME_ID, name, keys, sums, extract, public_only)


GROUPS = (
    _groups("hr-seats", ("faction", "mode", "arena", "outcome"), ("seats", "favour", "rewards", "attacks", "hits"),
            seats),
    _groups("hr-modes", ("mode", "arena", "against"), ("games", "rounds", "immortals"), modes),
    _groups("hr-length", ("mode", "rounds_played"), ("games",), length),
    _groups("hr-seat-positions", ("mode", "size", "position", "outcome"), ("seats",), seat_positions),
    _groups("hr-units", ("unit", "mode", "arena", "outcome"), ("games", *UNIT_COUNTERS), units),
    _groups("hr-rivals", ("rival", "kind", "mode", "arena"), ("games", "wins", "score12", "scored", "defeated"),
            rivals),
    _groups("hr-tactics", ("tactic", "mode", "arena", "outcome"), ("games", "played"), tactics),
    _groups("hr-favour-rounds", ("mode", "round", "result"), ("tracks", "favour"), favour),
    _groups("hr-rewards", ("mode", "reward", "round"), ("claimed",), rewards),
    _groups("hr-reward-games", ("mode",), ("games",), reward_games),
    _groups("hr-dice-colours", ("colour",), ("dice", "hits", "expected_e4"), dice_colours),
    _groups("hr-dice-players", ("name", "colour"), ("dice", "hits", "expected_e4"), dice_players, public_only=True),
    _groups("hr-dice-player-totals", ("name",), ("games", "dice", "hits", "expected_e4"), dice_player_totals,
            public_only=True),
)  # fmt: skip


def summed(f, name: str) -> list[dict]:
    """The groups ``name`` of the filter's games, from the summaries, cached under the game's data version."""
    from dashboards import queries, verdictgroups

    return queries.cached(f"{name}:groups", f, lambda f: verdictgroups.groups(f, name))
