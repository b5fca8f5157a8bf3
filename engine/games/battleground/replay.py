"""Replaying one Battleground game: setup, the round/phase machine, cleanup and scoring (spec §4–§7).

Actions inside an activation or interrupt live in actions.py and combat.py; this module owns the flow:
who may act now, and what happens automatically between events (BG-28.4).
"""

from __future__ import annotations

import copy

from engine.core import result
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.logfile import explain_event, schema_fields
from engine.core.ruleset import ReplayBase
from engine.games.battleground import choices, flow, footprint, pending, view
from engine.games.battleground.actions import interrupts_waiting
from engine.games.battleground.board import Board
from engine.games.battleground.cards import check_missions
from engine.games.battleground.content import LOG_SCHEMA, Content
from engine.games.battleground.dice import Dice
from engine.games.battleground.dice_needed import dice_needed
from engine.games.battleground.narrate import apply_described, board_geometry, offer_said, offer_words
from engine.games.battleground.state import Frame, Marker, Pending, Side, Trigger, Unit, copy_entry
from engine.games.battleground.tables import RULES

OBJECTIVE_VP = 20  # BG-7.2.2


class Game(ReplayBase):
    """A game being replayed. Implements engine.core.ruleset.Replay."""

    rules = RULES  # the handler, effect, choice and continuation tables (tables.py), shared by copies

    def __init__(self, doc: dict, content: Content, board: Board, options: dict, dice: Dice):
        self.content = content
        self.board = board
        self.options = options
        self.dice = dice
        self.content_ref = {"id": content.pack_id, "version": content.version, "sha256": content.sha256}
        self.randomness = doc["randomness"]["mode"]
        self.round = 1
        self.phase = "deal"  # deal, organise, select, activate, act, over
        self.stack: list[Frame | Trigger | Pending] = []
        self.queue: list[str] = []  # players still to activate with their revealed card, in order
        self.outcome: dict | None = None
        self.events_applied = 0
        self.sides: dict[str, Side] = {}
        self.units: dict[str, Unit] = {}
        self.objectives: list[int] = list(board.objectives)
        self.markers: list[Marker] = []  # on the battlefield until cleanup (BG-16.3, BG-7.3.1)
        self.stats = flow.StatsBook()
        self.has_massive = False  # BG-19: set by setup: whether any miniature is massive
        # The unit key a plain name (no "p1:" prefix) resolves to, once resolved: the same few characters are
        # named on almost every event. Shared by copies: their units have the same keys.
        self.unit_keys: dict[str, str] = {}
        flow.setup(self, doc)

    def copy(self) -> Game:
        """An exact, independent copy of the game at this point: applying the same events to the copy
        and to the original gives the same result, and neither sees the other's changes. Content, board
        and options are immutable and shared; units, sides, the stack (with the continuations it holds),
        markers, statistics and the dice stream's position are copied."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)  # immutables and scalars; the mutable parts are replaced below
        new.units = {key: unit.copy() for key, unit in self.units.items()}
        memo = {id(unit): new.units[key] for key, unit in self.units.items()}
        new.stack = [copy_entry(entry, memo) for entry in self.stack]
        new.sides = {pid: side.copy() for pid, side in self.sides.items()}
        new.queue = list(self.queue)
        new.objectives = list(self.objectives)
        new.markers = list(self.markers)  # Marker is immutable
        new.stats = self.stats.copy()
        new.dice = self.dice.copy()
        new.outcome = copy.deepcopy(self.outcome)
        return new

    # -- lookups ----------------------------------------------------------------------------------
    def side_order(self) -> list[Side]:
        return list(self.sides.values())

    def opponent(self, player: str) -> Side:
        return next(s for s in self.sides.values() if s.id != player)

    def unit(self, event: dict, key: str = "character") -> Unit:
        """The character an event names: an id, a name or an edition alias, or "p1:he-man" when both
        armies field the same character (a bare name is then read from context: the acting player's
        own character, or for an attack's target the enemy one)."""
        name = event.get(key)
        if type(name) is str:
            known = self.unit_keys.get(name)
            if known is not None:
                return self.units[known]
        if name is None:
            raise UnreadableLog(
                "this '{type}' event needs a '{key}'", type=event.get("type"), key=key, rule="LOG-5.1"
            )
        player = None
        if isinstance(name, str) and ":" in name:
            player, name = name.split(":", 1)
            if player not in self.sides:
                raise UnreadableLog(
                    "{key}: unknown player {player!r} in {event!r}",
                    key=key,
                    player=player,
                    event=event.get(key),
                    rule="LOG-5.1",
                )
        cid = self.content.lookup("characters", name, path=key)
        only = self.units.get(cid)  # a character fielded once is keyed by its id (flow.setup)
        if only is not None and (player is None or only.player == player):
            if player is None and len(self.unit_keys) < MAX_UNIT_NAMES:
                self.unit_keys[name] = cid  # what this name resolves to, whatever the context
            return only
        found = [u for u in self.units.values() if u.d.id == cid and (player is None or u.player == player)]
        if len(found) > 1:
            actor = self._acting_player()
            if key == "character" and actor is not None:
                found = [u for u in found if u.player == actor]
            elif key == "target" and actor is not None and event.get("type") == "attack":
                found = [u for u in found if u.player != actor]
        if len(found) == 1:
            return found[0]
        if not found:
            raise IllegalEvent("BG-1.3", "{name} is not in this game", name=self.content.characters[cid].name)
        raise UnreadableLog(
            "{key}: both armies field {name}; write '{key_2}' or '{key_3}'",
            key=key,
            name=found[0].name,
            key_2=found[0].key,
            key_3=found[1].key,
            rule="LOG-5.1",
        )

    def _acting_player(self) -> str | None:
        top = self.top()
        if isinstance(top, Frame):
            return top.player
        if isinstance(top, Trigger):
            players = {u.player for u in top.remaining}
            return players.pop() if len(players) == 1 else None
        if isinstance(top, Pending):
            return top.chooser
        if self.phase == "activate" and self.queue:
            return self.queue[0]
        return None

    def side(self, event: dict) -> Side:
        pid = event.get("player")
        side = self.sides.get(pid)
        if side is None:
            raise UnreadableLog(
                "unknown player {pid!r} (players are {sides})",
                pid=pid,
                sides=", ".join(self.sides),
                rule="LOG-5.1",
            )
        return side

    def on_board(self) -> list[Unit]:
        return [u for u in self.units.values() if u.on_board]

    def occupied(self) -> dict[int, Unit]:
        return footprint.occupants(self)  # every hex of a massive base too (BG-19)

    def enemies_of(self, unit: Unit) -> list[Unit]:
        return [u for u in self.units.values() if u.on_board and u.player != unit.player]

    def engaged_with(self, unit: Unit) -> list[Unit]:
        """BG-10.2.2: enemies in adjacent hexes (BG-2.1.4: same height, sharing a side; BG-19.1: a hex of
        one base adjacent to a hex of the other)."""
        return footprint.engaged_with(self, unit)

    def top(self) -> Frame | Trigger | Pending | None:
        return self.stack[-1] if self.stack else None

    def frame(self) -> Frame | None:
        top = self.top()
        return top if isinstance(top, Frame) else None

    # -- protocol ---------------------------------------------------------------------------------
    def apply(self, index: int, event: dict) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        if not isinstance(kind, str):
            raise UnreadableLog("an event must be an object with a 'type'", rule="LOG-5.1", event_index=index)
        if self.phase == "over":
            raise IllegalEvent("BG-7.4.1", "the game is already over; no event may follow")
        handler = self.rules.handlers.get(kind)
        if handler is None:
            raise UnreadableLog(
                "unknown event type '{kind}' (known: {handlers})",
                kind=kind,
                handlers=", ".join(sorted(self.rules.handlers)),
                rule="LOG-5.1",
                event_index=index,
            )
        if not EVENT_FIELDS.issuperset(event):
            explain_event(LOG_SCHEMA, event, index)  # names the unknown field (LOG-5.1)
        stack = self.stack  # the same list throughout a game (handlers change it in place)
        if stack and type(stack[-1]) is not Frame and kind not in ALWAYS_ALLOWED:  # a Frame: nothing waits
            top = stack[-1]
            if isinstance(top, Pending):
                pending.refuse_if_pending(self, kind)
            elif isinstance(top, Trigger) and kind not in AWAITING_INTERRUPTS:
                raise IllegalEvent(*interrupts_waiting(top))
        try:
            handler(self, event)
        except (TypeError, AttributeError, ValueError, KeyError):
            # A value of a shape the handlers did not foresee: the schema explains it, if it can.
            explain_event(LOG_SCHEMA, event, index)
            raise
        if stack and isinstance(stack[-1], Trigger):  # what settle() looks at first, without its call
            self.settle()
        if "expect" in event:
            expect = event["expect"]
            if isinstance(expect, dict) and "vp" in expect:
                self.check_expected_vp(expect["vp"])
        self.events_applied += 1

    def check_expected_vp(self, expected) -> None:
        """``expect.vp`` on any event: each named player's VP total once the event and what follows from it
        by itself are over, as the players count it at the table (BG-7.5)."""
        if not isinstance(expected, dict):
            raise UnreadableLog("'expect.vp' must map players to their VP totals", rule="LOG-5.2")
        for pid, value in expected.items():
            side = self.side({"player": pid})
            if value != side.vp_total:
                parts = ", ".join(f"{n} {k}" for k, n in side.vp.items())
                raise IllegalEvent(
                    "BG-7.5",
                    "the log says {name} has {value!r} VP; the rules give {vp_total} ({parts})",
                    name=side.name,
                    value=value,
                    vp_total=side.vp_total,
                    parts=parts,
                )

    def finish(self) -> None:
        if self.phase != "over":
            where = {
                "deal": "before the first round",
                "organise": f"in the organisation phase of round {self.round}",
                "select": f"in round {self.round}, at card selection",
                "activate": f"in round {self.round}, before an activation",
                "act": f"in round {self.round}, during an activation",
            }[self.phase]
            raise UnreadableLog(
                (
                    "the log ends {where}: the game is not over (4 rounds, a knock-out victory, a concession or an "
                    "agreed draw end it)"
                ),
                where=where,
                rule="LOG-5.3",
            )

    def round_number(self) -> int | None:
        return self.round

    def describe_actor(self, event: dict) -> str | None:
        name = event.get("character")
        if isinstance(name, str):
            try:
                return self.content.characters[self.content.lookup("characters", name, path="character")].name
            except UnreadableLog:
                return name
        pid = event.get("player")
        side = self.sides.get(pid) if isinstance(pid, str) else None
        return side.name if side else None

    def player_summaries(self) -> list[dict]:
        return [
            {
                "id": s.id,
                "name": s.name,
                "faction": s.faction,
                "faction_name": self.content.factions[s.faction]["name"],
            }
            for s in self.sides.values()
        ]

    def result(self) -> dict:
        return self.outcome

    def statistics(self) -> dict:
        return flow.statistics(self)

    def view(self) -> dict:
        """A JSON-serialisable view of what is visible now (docs/log-format.md, "The state view")."""
        return view.view(self)

    def is_legal(self, event: dict) -> bool:
        """Whether ``event``, as written, would be accepted next. It is applied to a copy (without the
        simulator's author, so nothing is filled in for it), never to this game. ``legal_events`` offers
        what the same handlers accept: one predicate per action, asked by both."""
        trial = self.copy()
        trial.dice.author = None
        try:
            trial.apply(self.events_applied, copy.deepcopy(event))
        except (IllegalEvent, UnreadableLog):
            return False
        return True

    def dice_needed(self, event: dict) -> dict:
        """What the table must roll and draw for ``event``, in recorded mode (dice_needed.dice_needed)."""
        return dice_needed(self, event)

    def legal_events(self) -> list[dict]:
        return choices.legal_events(self)

    def board_geometry(self) -> dict:
        """The battlefield as drawing data for the viewer and recorder (narrate.board_geometry)."""
        return board_geometry(self.board)

    def describe_offer(self, event: dict) -> str:
        """An event that may come next, in words (narrate.offer_words)."""
        return offer_words(self, event)

    def said_offer(self, event: dict):
        """``describe_offer`` with its template and params (narrate.offer_said)."""
        return offer_said(self, event)

    def apply_described(self, index: int, event: dict) -> dict:
        """``apply`` that also returns the event in words and its dice (narrate.apply_described)."""
        return apply_described(self, index, event)

    def is_over(self) -> bool:
        """BG-7.4: after round 4, a knockout, a concession or an agreed draw."""
        return self.phase == "over"

    def to_act(self) -> list[str]:
        """Whose move it is (view.to_act: both players while dealing and selecting, BG-6.2), in header order."""
        who = set(view.to_act(self))
        return [pid for pid in self.sides if pid in who]

    def awaits(self) -> dict | None:
        return view.awaits(self)

    def offer_piece(self, event: dict) -> dict | None:
        """The character an offer names (an activation opens a turn rather than acting with one)."""
        ref = event.get("character")
        if not ref or event.get("type") == "activate":
            return None
        unit = next((u for u in self.units.values() if u.ref == ref), None)
        return {"id": ref, "name": unit.name if unit is not None else str(ref)}

    def offer_place(self, event: dict) -> str | None:
        """Where a Move puts its character: the last hex of its path, or where it stands (a turn on the spot)."""
        if event.get("type") not in ("move", "movement"):
            return None
        path = event.get("path")
        if path:
            return path[-1]
        unit = next((u for u in self.units.values() if u.ref == event.get("character")), None)
        return self.board.label(unit.hex) if unit is not None and unit.on_board else None

    def actors(self, event: dict) -> list[str]:
        """The player an event speaks for (its ``player``, or the owner of its ``character``), when that
        player is to act; a concession or an agreed draw is theirs at any moment (BG-7.4.5)."""
        acting = self.to_act()
        actor = event.get("player")
        if not actor:
            ref = event.get("character")
            actor = next((u.player for u in self.units.values() if u.ref == ref), None)
        if actor not in self.sides:
            actor = acting[0] if len(acting) == 1 else None
        if actor is None:
            return []
        return [actor] if event.get("type") in ("concede", "agree_draw") or actor in acting else []

    # -- automatic consequences ---------------------------------------------------------------------
    def settle(self) -> None:
        """Resolve what follows by itself: finished or lapsed triggers (BG-AMB-21 e, BG-14.2.5)."""
        while self.stack and isinstance(self.stack[-1], Trigger):
            trig = self.stack[-1]
            trig.remaining = [u for u in trig.remaining if u.on_board]
            if not trig.target.on_board:
                self.stack.pop()  # the interrupted character is gone: pending interrupts lapse
                continue
            if trig.remaining:
                return
            self.stack.pop()
            if trig.then is not None:
                self.proceed(trig.then)
            for then in trig.after:  # what an effect's continuation left waiting for these interrupts
                self.proceed(then)

    def proceed(self, then: tuple) -> None:
        """Run a continuation ``(kind, *args)``: what was left to do once a choice or interrupts were over."""
        self.rules.continuations[then[0]](self, then)

    def end_game(self, outcome: str, winner: str | None, ended_by: str) -> None:
        self.phase = "over"
        self.stack.clear()
        for s in self.sides.values():
            while len(s.vp_by_round) < self.round:
                s.vp_by_round.append(s.vp_total)
        seats = [
            result.seat(
                s.id,
                outcome="draw" if winner is None else ("win" if s.id == winner else "loss"),
                rank=1 if winner in (None, s.id) else 2,
                score=s.vp_total,
                components=s.vp,
            )
            for s in self.sides.values()
        ]
        self.outcome = result.game_result(
            seats,
            ended_by=ended_by,
            rounds_played=self.round,
            outcome=outcome,
            winner=winner,
            vp={s.id: {"total": s.vp_total, **s.vp} for s in self.sides.values()},
        )

    def knock_out(self, unit: Unit, *, by: Unit | None, weapon_type: str | None, frame: Frame | None) -> None:
        """BG-13.1.2–13.1.4: remove the miniature; its owner's opponent scores its cost and equipment."""
        unit.on_board = False
        unit.ko_round = self.round
        unit.focused = unit.guard = False
        unit.buff = unit.debuff = None  # BG-13.1.4: a Regeneration removed this way does nothing
        opp = self.opponent(unit.player)
        value = unit.d.cost + sum(w.cost for w in unit.weapons) + sum(i.cost for i in unit.items)  # BG-7.5.3
        opp.vp["knockouts"] += value  # BG-AMB-34: always the opponent of the owner
        if by is not None and by.player != unit.player:
            opp.knockouts_dealt += 1
        if frame is not None and by is not None:
            check_missions(self, frame, "knockout", weapon_type=weapon_type, victim=unit)


EVENT_FIELDS = schema_fields(LOG_SCHEMA, "event")
MAX_UNIT_NAMES = 256  # Game.unit_keys is bounded: a log may spell names in many ways
ALWAYS_ALLOWED = frozenset({"concede", "agree_draw", "ruling"})  # BG-7.4.5: at any moment
# While interrupts wait to start: starting one, and the interrupted player's single-use items (BG-14.1.7).
AWAITING_INTERRUPTS = frozenset({"interrupt", "use_item"})
