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

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
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
    ruleset_version: str = ""  # the game's own ruleset version (engine.version.RULESET_VERSIONS)
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
        return "LEGAL — " + _describe_result(self.result or {}, self.players)


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


def _describe_result(result: dict, players: list[dict]) -> str:
    if "vp" not in result and "seats" in result:
        return _describe_seats(result, players)
    factions = [p.get("faction") for p in players]
    mirror = len(set(factions)) < len(factions)  # same faction on both sides: name the players instead
    names = {
        p["id"]: (p.get("name") if mirror else p.get("faction_name")) or p.get("name") or p["id"]
        for p in players
    }
    vp = result.get("vp", {})
    order = [p["id"] for p in players]
    ended_by = result.get("ended_by")
    rounds = result.get("rounds_played")
    if result.get("outcome") == "win":
        w = result["winner"]
        loser = next((p for p in order if p != w), None)
        score = f"{vp.get(w, {}).get('total', 0)}–{vp.get(loser, {}).get('total', 0)}"
        labels = {"objectives": "objectives", "missions": "missions", "knockouts": "knock-outs"}
        parts = [f"{labels.get(k, k)} {v}" for k, v in vp.get(w, {}).items() if k != "total" and v]
        src = f" ({', '.join(parts)})" if parts else ""
        head = f"{names.get(w, w)} win {score}{src}"
    else:
        totals = "–".join(str(vp.get(p, {}).get("total", 0)) for p in order)
        head = f"draw {totals}"
    how = {
        "rounds": f"after {rounds} rounds",
        "knockout": f"by knock-out in round {rounds}",
        "concession": f"by concession in round {rounds}",
        "agreed-draw": f"agreed in round {rounds}",
    }.get(ended_by, "")
    return f"{head} {how}".strip()


def _describe_seats(result: dict, players: list[dict]) -> str:
    """The generic result in one line: who won (or the outcome against the game), the scores, how it ended."""
    names = {p["id"]: p.get("name") or p["id"] for p in players}
    seats = result.get("seats") or []
    scores = "–".join(str(s["score"]) for s in seats if s.get("score") is not None)
    winners = [names.get(s["seat"], s["seat"]) for s in seats if s.get("outcome") == "win"]
    against = result.get("against_game")
    if against:
        head = "won against the game" if against.get("outcome") == "win" else "lost against the game"
    elif winners:
        head = f"{' and '.join(winners)} won"
    else:
        head = "draw"
    how = f" ({result['ended_by']})" if result.get("ended_by") else ""
    return f"{head} {scores}{how}".replace("  ", " ").strip()
