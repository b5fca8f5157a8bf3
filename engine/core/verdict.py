"""The verdict on one log: the only thing the engine hands to the rest of the platform."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
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

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["legal"] = self.legal
        data["summary"] = self.summary()
        return data

    def to_json(self) -> str:
        """Canonical JSON: same verdict, same bytes, on any machine."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

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


def _describe_result(result: dict, players: list[dict]) -> str:
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
