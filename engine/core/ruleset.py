"""The protocol every game's ruleset honours (engine/games/<game>/), and the kernel's helpers over it.

A replay is a state that events are folded into, one ``apply`` at a time. Besides applying, a replay can
be asked what may come next (``legal_events``), whether one event would be accepted (``is_legal``, the
same predicate as ``apply``: it applies the event to a copy), for an exact copy of itself (``copy``), and
for a JSON view of what the players can see (``view``). A ruleset whose replay does not implement
``copy``/``view`` yet is still verifiable; :func:`supports` says which parts it has.

:class:`Replay` declares every method the kernel (verify, simulate, engine.session) and a table recorder
call. A game's replay class inherits :class:`ReplayBase`, whose defaults serve a game that has nothing
particular to say (no board to draw, events told by their type, no dice for the table to roll), so the kernel
calls each method directly and never asks whether a replay has it.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.errors import IllegalEvent, Text, UnreadableLog


class Replay(Protocol):
    """One game being replayed. Created by ``Ruleset.start``; fed events in order."""

    content_ref: dict  # {"id", "version", "sha256"} of the content pack in use
    options: dict  # ruleset options in force (defaults merged with the log's header)
    events_applied: int  # events accepted so far

    def apply(self, index: int, event: dict) -> None:
        """Apply one event; raise IllegalEvent (rule id + reason) or UnreadableLog (malformed event)."""

    def finish(self) -> None:
        """Called after the last event; raises UnreadableLog if the log stops before the game is over."""

    def legal_events(self) -> list[dict]:
        """Events a player could log next (for simulation, property tests and a move recorder).

        In seeded mode they are complete; in recorded mode a game may leave the outcomes of chance out
        (the table supplies them), in which case only the seeded offers can be applied as they are.
        """

    def copy(self) -> Replay:
        """An independent replay in exactly this state: applying events to one never changes the other."""

    def view(self) -> dict:
        """A JSON-serialisable view of the visible state: board, pieces, health, tokens, cards in sight,
        whose turn it is and what is pending. Never the seed or anything hidden from the players."""

    def is_legal(self, event: dict) -> bool:
        """Would ``apply`` accept ``event`` now? Never changes this replay (see :func:`is_legal`)."""

    def result(self) -> dict: ...

    def statistics(self) -> dict: ...

    def player_summaries(self) -> list[dict]: ...

    def round_number(self) -> int | None: ...

    def describe_actor(self, event: dict) -> str | None: ...

    # -- what the viewer and the table recorder ask (defaults in ReplayBase) ---------------------------

    def apply_described(self, index: int, event: dict) -> dict:
        """``apply`` that also returns ``{"text", "rolls"}``: the event in words and the dice it rolled."""

    def board_geometry(self) -> dict | None:
        """The board as drawing data (hexes or areas with their positions), or None for a game without one."""

    def describe_offer(self, event: dict) -> str:
        """An event of ``legal_events()`` in words, for a player choosing what to log."""

    def said_offer(self, event: dict) -> Text | None:
        """``describe_offer`` as a sentence with its template and params (engine.core.narrate), so that a
        recorder says it in the player's language; None for a game whose words are not templated."""

    def outcome_free(self, event: dict) -> dict:
        """``event`` without what the table rolls or draws (recorded randomness: the players enter it)."""

    def dice_needed(self, event: dict) -> dict:
        """``{"event", "needs": [...]}``: what the table must roll and draw for ``event`` (recorded mode)."""

    def is_over(self) -> bool:
        """Whether the game has ended: nothing more may be logged."""

    def to_act(self) -> list[str]:
        """The header player ids that may log the next event (besides events any player may log at any
        time, such as a concession), in header order; [] once the game is over."""

    def actors(self, event: dict) -> list[str]:
        """The header player ids on whose behalf ``event`` may be entered now (which phone at a table is
        offered it; whether the rules allow it is ``apply``'s to say); [] for nobody."""

    def teams(self) -> dict[str, str]:
        """Each header player id's team ("" for a player who plays for themselves), in header order."""

    def against_game(self) -> bool:
        """Whether the players play together against the game itself (solo, co-op)."""

    def starting_player(self) -> dict | None:
        """Who starts, when the rules fix it at setup: ``{"player", "drawn", "rule"}``, ``drawn`` when the
        rules decide it at random and the site's dice drew it (False: the players decided at the table and
        entered it); None when the rules give no first player at setup (co-op players choosing each round)."""

    def offer_piece(self, event: dict) -> dict | None:
        """The piece an offer acts with, ``{"id", "name"}``, so that a recorder lists a piece's offers
        together; None for an offer of no one piece (a roll, the end of a phase)."""

    def phase_name(self) -> str | None:
        """The phase or step of the round the game is in, in words a player knows, or None."""

    def offer_place(self, event: dict) -> str | None:
        """The board space (a hex or area label of ``board_geometry``) an offer puts its piece on, so that a
        recorder lets a player pick it on the board; None for an offer that moves nothing."""

    def awaits(self) -> dict | None:
        """What the game waits for now, in words, with the rule that makes it due: ``{"what", "rule"}``
        (``rule`` None when no one rule does); None once the game is over or for a game that cannot say."""


class ReplayBase:
    """The defaults of :class:`Replay`'s optional methods. A game's replay class inherits this and overrides
    what its game has: a game with a board draws it, a game with recorded dice says what to roll."""

    def apply_described(self, index: int, event: dict) -> dict:
        self.apply(index, event)
        return {"text": str(event.get("type", "event")), "rolls": []}

    def board_geometry(self) -> dict | None:
        return None

    def view_for(self, players) -> dict:
        """``view()`` as the phones of header players ``players`` may see it: without what the rules keep
        hidden from them (another player's face-down pieces). By default the whole view is in sight."""
        return self.view()

    def header_for(self, header: dict, players) -> dict:
        """The log ``header`` as the phones of ``players`` may read it while the game is played: without
        another player's secret choices. By default the whole header."""
        return header

    def describe_offer(self, event: dict) -> str:
        return str(event.get("type", "event"))

    def said_offer(self, event: dict) -> Text | None:
        return None

    def outcome_free(self, event: dict) -> dict:
        return event  # nothing in the event is the table's to enter

    def dice_needed(self, event: dict) -> dict:
        return {"event": event, "needs": []}

    def awaits(self) -> dict | None:
        return None

    def is_over(self) -> bool:
        return not self.legal_events()

    def to_act(self) -> list[str]:
        """Every player until the game is over: a game that cannot say whose move it is lets anyone log."""
        return [] if self.is_over() else [p["id"] for p in self.player_summaries()]

    def teams(self) -> dict[str, str]:
        return {p["id"]: "" for p in self.player_summaries()}  # everyone for themselves

    def against_game(self) -> bool:
        return False

    def starting_player(self) -> dict | None:
        return None  # the game does not say who starts (its header does, e.g. Battleground's roll-off)

    def offer_piece(self, event: dict) -> dict | None:
        return None  # no piece of its own: a recorder lists the offer on its own

    def offer_place(self, event: dict) -> str | None:
        return None  # nothing to pick on the board

    def round_number(self) -> int | None:
        return None  # a game without rounds

    def phase_name(self) -> str | None:
        """The view's ``phase`` (or its turn's), as most games show it; a game may say better."""
        view = self.view() if callable(getattr(self, "view", None)) else {}
        turn = view.get("turn") if isinstance(view.get("turn"), dict) else {}
        phase = view.get("phase") or turn.get("phase")
        return str(phase).replace("_", " ") if isinstance(phase, str) and phase else None

    def actors(self, event: dict) -> list[str]:
        """The header players on whose behalf ``event`` may be entered now: which phone at a table is
        offered it, not whether the rules allow it (``apply`` decides that). By default the player the
        event names, else every player :meth:`to_act` names."""
        who = event.get("player") if isinstance(event, dict) else None
        if isinstance(who, str) and who in {p["id"] for p in self.player_summaries()}:
            return [who]
        return self.to_act()


class Ruleset(Protocol):
    game_id: str

    def start(self, doc: dict, *, content_pack: dict | None = None) -> Replay:
        """Set up a replay from a parsed log header; raise UnreadableLog/IllegalEvent on a bad header."""

    def simulate(self, seed: int, *, randomness: str = "seeded", **options: Any) -> dict:
        """A complete, legal, random game log, labelled as simulated."""


def supports(replay, part: str) -> bool:
    """True if ``replay`` implements ``part`` ("copy", "view" or "is_legal") itself or through copy."""
    if part == "is_legal":
        return callable(getattr(replay, "is_legal", None)) or supports(replay, "copy")
    return callable(getattr(replay, part, None))


def is_legal(replay, event: dict) -> bool:
    """Whether ``replay.apply`` accepts ``event`` in the current state, leaving ``replay`` unchanged.

    The replay's own ``is_legal`` if it has one; otherwise the event is applied to a ``copy()``, and an
    IllegalEvent or UnreadableLog means no. There is no second implementation of any rule.
    """
    own = getattr(replay, "is_legal", None)
    if callable(own):
        return bool(own(event))
    return apply_to_copy(replay, event)


def apply_to_copy(replay, event: dict) -> bool:
    """The default ``is_legal``: apply ``event`` to a copy of ``replay``; False if a rule refuses it."""
    if not supports(replay, "copy"):
        raise NotImplementedError(f"{type(replay).__name__} has no copy(); is_legal needs one")
    trial = replay.copy()
    try:
        trial.apply(getattr(replay, "events_applied", 0), event)
    except (IllegalEvent, UnreadableLog):
        return False
    return True
