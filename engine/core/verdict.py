"""The verdict on one log: the only thing the engine hands to the rest of the platform."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["legal", "illegal", "unreadable"]


@dataclass(frozen=True)
class Violation:
    """The first event that broke a rule (or the place a log could not be read)."""

    rule: str
    message: str
    event_index: int | None = None  # 0-based index into ``events``; None for header problems
    round: int | None = None
    actor: str | None = None  # character or player the event belongs to, when there is one
    path: str | None = None  # JSON pointer for unreadable input
    event: dict | None = None  # the offending event as written in the log
    # The message as a template (an English format string with named placeholders) and its params (plain JSON
    # values; a nested {"message_id", "params"} where part of it is a phrase): engine.core.errors.render
    # turns them back into ``message``, and the platform into the reader's language.
    message_id: str | None = None
    params: dict | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
            "message_id": self.message_id,
            "params": _copy(self.params),
            "event_index": self.event_index,
            "round": self.round,
            "actor": self.actor,
            "path": self.path,
            "event": _copy(self.event),
        }


@dataclass(frozen=True)
class Verdict:
    """Outcome of replaying a log.

    ``result`` (legal logs only)::

        the generic result of engine.core.result (seats, teams, against_game, ended_by,
        rounds_played) plus the game's own keys; Battleground adds {"outcome": "win" | "draw",
        "winner": player id or None, "vp": {player id: {"total", "objectives", "missions",
        "knockouts"}}}

    ``statistics`` (legal logs only) is a dict of row lists: ``game``, ``sides``, ``characters``,
    ``weapons``, ``items``, ``tests``; see docs/statistics.md.
    """

    status: Status
    engine_version: str
    game: str | None = None
    ruleset_version: str = ""  # the game's own ruleset version (GameInfo.ruleset_version)
    log_sha256: str | None = None
    content_pack: dict | None = None  # {"id", "version", "sha256"}
    ruleset_options: dict = field(default_factory=dict)
    simulated: bool = False
    events_total: int = 0
    events_verified: int = 0
    players: list[dict] = field(default_factory=list)  # [{"id", "name", "faction"}]
    error: Violation | None = None
    result: dict | None = None
    statistics: dict | None = None

    @property
    def legal(self) -> bool:
        return self.status == "legal"

    @property
    def verification_key(self) -> tuple[str | None, str, str | None]:
        """(log hash, ruleset version, content pack hash): a stored verdict stands while all three do, so a
        new version of one game's ruleset re-verifies that game's logs only."""
        return self.log_sha256, self.ruleset_version, (self.content_pack or {}).get("sha256")

    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain JSON data (a fresh copy: changing it never changes the verdict).

        Built field by field rather than with ``dataclasses.asdict``, whose generic deep copy was a sixth
        of a game's verification; the golden corpus pins that the bytes are the same.
        """
        return self._data(_copy)

    def _data(self, copy) -> dict[str, Any]:
        return {
            "status": self.status,
            "engine_version": self.engine_version,
            "game": self.game,
            "ruleset_version": self.ruleset_version,
            "log_sha256": self.log_sha256,
            "content_pack": copy(self.content_pack),
            "ruleset_options": copy(self.ruleset_options),
            "simulated": self.simulated,
            "events_total": self.events_total,
            "events_verified": self.events_verified,
            "players": copy(self.players),
            "error": self.error.to_dict() if self.error is not None else None,
            "result": copy(self.result),
            "statistics": copy(self.statistics),
            "legal": self.legal,
            "summary": self.summary(),
        }

    def to_json(self) -> str:
        """Canonical JSON: same verdict, same bytes, on any machine."""
        data = self._data(_same)  # serialised at once, so nothing needs copying
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def summary(self) -> str:
        """One line a person understands."""
        if self.status == "unreadable":
            where = (
                f" at event {self.error.event_index}"
                if self.error and self.error.event_index is not None
                else ""
            )
            return (
                f"UNREADABLE{where} — {self.error.message} ({self.error.rule})"
                if self.error
                else "UNREADABLE"
            )
        if self.status == "illegal":
            e = self.error
            ctx = []
            if e.round is not None:
                ctx.append(f"round {e.round}")
            if e.actor:
                ctx.append(e.actor)
            where = f" ({', '.join(ctx)})" if ctx else ""
            at = "in the header" if e.event_index is None else f"at event {e.event_index}"
            return f"ILLEGAL {at}{where}: {e.message} ({e.rule})"
        return "LEGAL — " + _describe_result(self.result or {}, self.players, self.game)


def _same(value):
    return value


def _copy(value):
    """A deep copy of JSON data: dicts, lists and tuples rebuilt, scalars (immutable) shared."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_copy(v) for v in value)
    return value


def _describe_result(result: dict, players: list[dict], game: str | None = None) -> str:
    """The generic result (engine.core.result) in one line, whatever its shape: two sides head to head (two
    players, or two teams named by their faction), N sides ranked, or the players against the game."""
    labels = _labels(game)
    sides = _sides(result, players)
    against = result.get("against_game")
    if against:
        head = _against_game(against, result, sides, labels)
    elif len(sides) == 2:
        head = _head_to_head(sides, labels)
    elif sides:
        head = _ranking(sides, teams=bool(result.get("teams")))
    else:
        head = "no result"
    return head + _how(result)


def _labels(game: str | None) -> dict[str, str]:
    """Score component labels as a sentence reads them ("Knock-outs" → "knock-outs"), from the game's schema."""
    from engine.core.registry import find

    info = find(game) if game else None
    components = info.result_schema.components if info is not None else ()
    return {key: label[:1].lower() + label[1:] for key, label in components}


def _sides(result: dict, players: list[dict]) -> list[dict]:
    """The competing sides in result order: the teams when there are any, else the seats, each with a name."""
    by_id = {p["id"]: p for p in players}
    if result.get("teams"):
        return [dict(t, name=_team_name(t, by_id)) for t in result["teams"]]
    seats = result.get("seats") or []
    factions = [p.get("faction") for p in players]
    # Two players are named by faction ("Evil Warriors win"), unless both play one; more are named as people.
    by_person = len(set(factions)) < len(factions) or len(seats) > 2
    sides = []
    for s in seats:
        p = by_id.get(s["seat"], {})
        name = (p.get("name") if by_person else p.get("faction_name")) or p.get("name") or s["seat"]
        sides.append(dict(s, name=name))
    return sides


def _team_name(team: dict, players: dict[str, dict]) -> str:
    for seat in team.get("seats", []):
        player = players.get(seat, {})
        if player.get("faction") == team["team"] and player.get("faction_name"):
            return player["faction_name"]
    return team["team"]


def _score(value) -> str:
    return "?" if value is None else str(value).replace("-", "−")


def _sources(side: dict, labels: dict[str, str]) -> str:
    """A side's non-zero score components, in the order the game registers them."""
    components = side.get("components") or {}
    order = [k for k in labels if k in components] + sorted(k for k in components if k not in labels)
    parts = [f"{labels.get(k, k)} {components[k]}" for k in order if components[k]]
    return ", ".join(parts)


def _head_to_head(sides: list[dict], labels: dict[str, str]) -> str:
    winners = [s for s in sides if s.get("outcome") == "win"]
    if len(winners) == 1:
        winner = winners[0]
        loser = next(s for s in sides if s is not winner)
        src = _sources(winner, labels)
        return f"{winner['name']} win {_score(winner.get('score'))}–{_score(loser.get('score'))}" + (
            f" ({src})" if src else ""
        )
    scores = "–".join(_score(s.get("score")) for s in sides)
    if all(s.get("outcome") == "loss" for s in sides):
        return f"both sides lose {scores}"
    return f"draw {scores}"


def _ranking(sides: list[dict], *, teams: bool) -> str:
    ranked = sorted(sides, key=lambda s: s.get("rank") or len(sides))
    first = [s["name"] for s in ranked if s.get("outcome") == "win"]
    table = ", ".join(f"{s.get('rank', '?')}. {s['name']} {_score(s.get('score'))}" for s in ranked)
    if len(first) == 1:
        head = f"{first[0]} {'win' if teams else 'wins'}"  # a team's name is plural: "Evil Warriors win"
    elif first:
        head = f"{' and '.join(first)} share the win"
    else:
        head = "nobody wins"
    return f"{head}: {table}"


def _against_game(against: dict, result: dict, sides: list[dict], labels: dict[str, str]) -> str:
    seats = len(result.get("seats") or []) or 1
    won = against.get("outcome") == "win"
    who = "the player" if seats == 1 else "the players"
    verb = ("wins" if won else "loses") if seats == 1 else ("win" if won else "lose")
    detail = [str(result["difficulty"])] if result.get("difficulty") else []
    src = _sources(sides[0], labels) if len(sides) == 1 else ""
    if src:
        detail.append(src)
    score = "" if against.get("score") is None else f", score {_score(against['score'])}"
    return f"{who} {verb} against the game{score}" + (f" ({'; '.join(detail)})" if detail else "")


def _how(result: dict) -> str:
    """How the game ended, in the game's own words where the engine knows them."""
    ended_by, rounds = result.get("ended_by"), result.get("rounds_played")
    if ended_by and ended_by.startswith("tie-break-") and rounds is not None:
        return f" on the {ended_by[len('tie-break-') :]} tie-break after {rounds} rounds"
    known = {
        "rounds": f"after {rounds} rounds",
        "knockout": f"by knock-out in round {rounds}",
        "concession": f"by concession in round {rounds}",
        "agreed-draw": f"agreed in round {rounds}",
        "duel": f"by the hero duel in round {rounds}",
        "boss": f"with a boss still in play after {rounds} rounds",
        "objective": f"with the objective completed in round {rounds}",
    }
    if ended_by in known and rounds is not None:
        return " " + known[ended_by]
    return f", ended by {ended_by}" if ended_by else ""
