"""The protocol every game's ruleset honours (engine/games/<game>/)."""

from __future__ import annotations

from typing import Any, Protocol


class Replay(Protocol):
    """One game being replayed. Created by ``Ruleset.start``; fed events in order."""

    content_ref: dict  # {"id", "version", "sha256"} of the content pack in use
    options: dict  # ruleset options in force (defaults merged with the log's header)

    def apply(self, index: int, event: dict) -> None:
        """Apply one event; raise IllegalEvent (rule id + reason) or UnreadableLog (malformed event)."""

    def finish(self) -> None:
        """Called after the last event; raises UnreadableLog if the log stops before the game is over."""

    def legal_events(self) -> list[dict]:
        """Events a player could log next (for simulation, property tests and a move recorder)."""

    def result(self) -> dict: ...

    def statistics(self) -> dict: ...

    def player_summaries(self) -> list[dict]: ...

    def round_number(self) -> int | None: ...

    def describe_actor(self, event: dict) -> str | None: ...


class Ruleset(Protocol):
    game_id: str

    def start(self, doc: dict, *, content_pack: dict | None = None) -> Replay:
        """Set up a replay from a parsed log header; raise UnreadableLog/IllegalEvent on a bad header."""

    def simulate(self, seed: int, *, randomness: str = "seeded", **options: Any) -> dict:
        """A complete, legal, random game log, labelled as simulated."""
