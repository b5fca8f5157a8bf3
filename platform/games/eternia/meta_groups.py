"""What one Fields of Eternia verdict adds to each grouping its data sets count (``dashboards.verdictgroups``,
issue #25): each ``extract`` reads one stored verdict as the data sets read the verdicts one by one before, the
summary keeps their sums per bucket, and the data sets sum the rows of their filter.

Team games and skirmishes only, unless said: a game against the game (FE-18) names its difficulty in its result.
A round's time is part of the key where a data set shows it (an extra tie-break round is night, FE-17.2.3): the
data set calls a round night when any of its rows is.
"""

from __future__ import annotations

from dashboards.providers import VerdictGroups

GAME_ID = "motu-fields-of-eternia"
MAX_HEROES = 6  # FE-2: two teams of three heroes
RESULT_SUMS = ("games", "wins", "draws", "losses")


def _result(verdict: dict) -> dict:
    result = verdict.get("result")
    return result if isinstance(result, dict) else {}


def solo(verdict: dict) -> bool:
    """A game against the game (FE-18): its result names a difficulty."""
    return "difficulty" in _result(verdict)


def _block(verdict: dict, name: str) -> list | None:
    statistics = verdict.get("statistics")
    block = statistics.get(name) if isinstance(statistics, dict) else None
    return block if isinstance(block, list) else None


def _text(value):
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def team_result(team, verdict: dict) -> str:
    """A team's result as the heroes data set counts it: the winner's team wins; a drawn game draws."""
    result = _result(verdict)
    return "win" if team == result.get("winner") else "draw" if result.get("outcome") == "draw" else "loss"


def _won(result: str) -> tuple[int, int, int]:
    return int(result == "win"), int(result == "draw"), int(result == "loss")


def _add(out: dict, key: tuple, sums: tuple) -> None:
    have = out.get(key)
    out[key] = sums if have is None else tuple(a + b for a, b in zip(have, sums, strict=True))


def heroes(verdict: dict) -> dict[tuple, tuple]:
    """(hero,) → games, wins, draws, losses: each hero of a team game or skirmish, by its team's result."""
    rows = _block(verdict, "heroes")
    if solo(verdict) or rows is None:
        return {}
    out: dict[tuple, tuple] = {}
    for h in rows[:MAX_HEROES]:
        if isinstance(h, dict) and "hero" in h:
            result = "win" if _text(h.get("team")) == _text(_result(verdict).get("winner")) else (
                "draw" if _text(_result(verdict).get("outcome")) == "draw" else "loss")  # fmt: skip
            _add(out, (_text(h["hero"]),), (1, *_won(result)))
    return out


def solo_games(verdict: dict) -> dict[tuple, tuple]:
    """Games against the game: (difficulty,) → games, games the team beat the game."""
    if not solo(verdict):
        return {}
    against = _result(verdict).get("against_game")
    won = isinstance(against, dict) and against.get("outcome") == "win"
    return {(_text(_result(verdict).get("difficulty")),): (1, int(won))}


def cards(verdict: dict) -> dict[tuple, tuple]:
    """(deck, card, kind) → played, bought, games (teams that played or bought it), wins, draws, losses."""
    rows = _block(verdict, "cards")
    if solo(verdict) or rows is None:
        return {}
    out: dict[tuple, tuple] = {}
    for c in rows:
        _add(
            out,
            (c["deck"], c["card"], c["kind"]),
            (c["played"], c["bought"], 1, *_won(team_result(c["team"], verdict))),
        )
    return out


def card_games(verdict: dict) -> dict[tuple, tuple]:
    """() → team games and skirmishes with the statistics' cards."""
    return {} if solo(verdict) or _block(verdict, "cards") is None else {(): (1,)}


def rounds(verdict: dict) -> dict[tuple, tuple]:
    """(round, time, team result) → teams, VP scored in the round, teams whose outposts are known, outposts held."""
    rows = _block(verdict, "rounds")
    if solo(verdict) or rows is None:
        return {}
    out: dict[tuple, tuple] = {}
    for r in rows:
        known = r["outposts"] is not None
        _add(out, (r["round"], r["time"], team_result(r["team"], verdict)),
             (1, r["vp"], int(known), r["outposts"] if known else 0))  # fmt: skip
    return out


def outpost_control(verdict: dict) -> dict[tuple, tuple]:
    """(round, team, time) → teams, outposts held as the round ended, and whether the team held more outposts than
    the other team, as many or fewer (FE-6.2): the time is night when any row of the round is."""
    rows = _block(verdict, "rounds")
    if solo(verdict) or rows is None:
        return {}
    held: dict[int, dict] = {}
    times: dict[int, str] = {}
    for r in rows:
        if r.get("outposts") is None:
            continue
        held.setdefault(r["round"], {})[r["team"]] = r["outposts"]
        times[r["round"]] = r["time"] if times.get(r["round"]) != "night" else "night"
    out: dict[tuple, tuple] = {}
    for rnd, by_team in held.items():
        for team, outposts in by_team.items():
            others = [n for t, n in by_team.items() if t != team]
            led = level = trailed = 0
            if others:  # the other team of the game, FE-4.1.1
                other = max(others)
                led, level, trailed = int(outposts > other), int(outposts == other), int(outposts < other)
            _add(out, (rnd, team, times[rnd]), (1, outposts, led, level, trailed))
    return out


def combats(verdict: dict) -> dict[tuple, tuple]:
    """Every mode: (kind, outcome, time) → combats, the attacker's wins, the defender's, none."""
    rows = _block(verdict, "combats")
    if rows is None:
        return {}
    out: dict[tuple, tuple] = {}
    for c in rows:
        winner = c["winner"]
        _add(out, (c["kind"], c["outcome"], c["time"]),
             (1, int(winner == "active"), int(winner == "defender"), int(winner not in ("active", "defender"))))  # fmt: skip
    return out


def fighters(verdict: dict) -> dict[tuple, tuple]:
    """Every mode: (role, kind, fighter) → combats, wins, draws (no winner), losses, as attacker (the active hero)
    and as defender (a hero, an epic beast or a boss)."""
    rows = _block(verdict, "combats")
    if rows is None:
        return {}
    out: dict[tuple, tuple] = {}
    for c in rows:
        for role, fighter, won in (
            ("attacker", c["active_hero"], "active"),
            ("defender", c["opponent"], "defender"),
        ):
            decided = c["winner"] in ("active", "defender")
            _add(out, (role, c["kind"], fighter),
                 (1, int(decided and c["winner"] == won), int(not decided), int(decided and c["winner"] != won)))  # fmt: skip
    return out


def _groups(name: str, keys: tuple, sums: tuple, extract) -> VerdictGroups:
    return VerdictGroups(GAME_ID, name, keys, sums, extract)


GROUPS = (
    _groups("fe-heroes", ("hero",), RESULT_SUMS, heroes),
    _groups("fe-solo", ("difficulty",), ("games", "wins"), solo_games),
    _groups("fe-cards", ("deck", "card", "kind"), ("played", "bought", *RESULT_SUMS[:1], "wins", "draws", "losses"),
            cards),
    _groups("fe-card-games", (), ("games",), card_games),
    _groups("fe-rounds", ("round", "time", "result"), ("teams", "vp", "outpost_teams", "outposts"), rounds),
    _groups("fe-outpost-control", ("round", "team", "time"), ("teams", "outposts", "led", "level", "trailed"),
            outpost_control),
    _groups("fe-combats", ("kind", "outcome", "time"), ("combats", "active_wins", "defender_wins", "no_winner"),
            combats),
    _groups("fe-fighters", ("role", "kind", "fighter"), RESULT_SUMS, fighters),
)  # fmt: skip


def summed(f, name: str) -> list[dict]:
    """The groups ``name`` of the filter's games, from the summaries, cached under the game's data version."""
    from dashboards import queries, verdictgroups

    return queries.cached(f"{name}:groups", f, lambda f: verdictgroups.groups(f, name))
