"""Game state as plain data (spec BG-28.1). Mutated in place by the replay, one event at a time.

Nothing here holds a function. What must happen once a choice or an interrupt is over is a
*continuation*: a tuple ``(kind, *args)`` naming units by key, dispatched through one table
(tables.CONTINUATIONS, run by ``Game.proceed``). So the whole state can be copied exactly
(``Game.copy``): content definitions and the board are immutable and shared, everything else here is
copied, and the units, frames and stack entries a copy's stack refers to are its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from engine.games.battleground.content import CardDef, CharacterDef, ItemDef, WeaponDef

Continuation = tuple  # (kind, *args): see tables.CONTINUATIONS

MANA_CAP = 5  # BG-6.5.1, BG-17.4.3
ROUNDS = 4  # BG-5.1
HAND_LIMIT = 5  # BG-5.2.2


@dataclass(frozen=True)
class Unique:
    """A unique buff or debuff token (BG-16.1.6), such as the "Tri-Klops" debuff: it occupies the
    character's one buff or debuff slot like a common one; each source army has one active copy."""

    kind: str  # "buff" or "debuff"
    id: str
    name: str
    player: str  # the source army: the army whose effect created it (BG-AMB-27)
    modifiers: tuple[dict, ...]  # test modifiers while the character has it (see ongoing.py)


@dataclass(frozen=True)
class Marker:
    """A marker token on the battlefield (BG-16.3), until cleanup (BG-7.3.1)."""

    id: str  # the marker type: each has its own token (BG-16.3.6)
    name: str
    hex: int
    player: str  # the source army (BG-AMB-27)
    source: str  # the ability, item or card that placed it, for messages
    affects: str  # "enemies", "allies" or "all", relative to the source army (BG-16.3.4)
    radius_in: float  # how close a character must be to be affected (BG-16.3.4, BG-16.3.5)
    modifiers: tuple[dict, ...]  # test modifiers on the characters it affects


class Footprint(Protocol):
    """What a miniature covers (footprint.py: one hex, or a massive base, BG-19): immutable, shared by
    copies. ``cells`` gives the hexes covered for (facing hex, facing), None where a base would leave the
    board."""

    def cells(self, h: int, facing: int) -> tuple[int, ...] | None: ...


@dataclass
class Unit:
    """One character on the table (its miniature and its card)."""

    key: str
    player: str
    d: CharacterDef
    weapons: tuple[WeaponDef, ...]
    items: tuple[ItemDef, ...]
    hex: int | None
    facing: int
    order: int  # position in its force, for deterministic iteration
    footprint: Footprint  # BG-19: one hex, or a massive miniature's base (footprint.py)
    ref: str = ""  # how events name it: the character id, or "p1:he-man" when both armies field it
    wounds: int = 0
    mana: int = 0
    focused: bool = False
    guard: bool = False
    buff: str | Unique | None = None  # a common buff's name (BG-16.1.3) or a unique one (BG-16.1.6)
    debuff: str | Unique | None = None
    activated: bool = False  # not ready (BG-6.7.3); an effect may ready it again
    was_activated: bool = False  # activated at least once this round, for the cleanup mana (BG-AMB-42)
    on_board: bool = True
    ko_round: int | None = None
    spent_items: set[str] = field(default_factory=set)
    cards_on: list[str] = field(default_factory=list)
    # statistics
    wounds_dealt: int = 0
    activations: int = 0
    objectives: int = 0
    # Its passive abilities by window (timing.triggered), found once: card and items never change in a game.
    passives: dict | None = field(default=None, repr=False, compare=False)

    @property
    def name(self) -> str:
        return self.d.name

    @property
    def cells(self) -> tuple[int, ...]:
        """The hexes the miniature occupies: its own hex, or for a massive miniature (BG-19) every hex of
        its base, the facing hex (``hex``) first. Derived from ``hex`` and ``facing``, so it follows them."""
        fp = self.footprint
        return (
            fp.cells(self.hex, self.facing) if fp.massive else (self.hex,)
        )  # OneHex.cells, without its call

    def gain_mana(self, n: int) -> None:
        self.mana = min(MANA_CAP, self.mana + n)  # BG-AMB-31: excess is lost

    def copy(self) -> Unit:
        new = object.__new__(Unit)
        new.__dict__.update(self.__dict__)  # definitions, footprint and tokens are immutable
        new.spent_items = set(self.spent_items)
        new.cards_on = list(self.cards_on)
        return new


@dataclass
class Side:
    id: str
    name: str
    faction: str
    deck: list[str]  # seeded: top first; recorded: what is left, in pack order
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    play_area: list[str] = field(default_factory=list)  # completed glory cards (BG-17.2.4)
    objectives: int = 0
    vp: dict[str, int] = field(default_factory=lambda: {"objectives": 0, "missions": 0, "knockouts": 0})
    passed: bool = False
    passed_by_rules: str = ""  # why the rules passed for the player (BG-6.3.5, BG-AMB-23), for messages
    chosen: bool = False  # selected a card or passed in the current step 1
    revealed: str | None = None
    last_activated: str | None = None  # this round
    last_activated_previous: str | None = None  # BG-6.4.2
    activated_this_round: int = 0
    knockouts_dealt: int = 0
    vp_by_round: list[int] = field(default_factory=list)
    dealt: bool = False

    @property
    def vp_total(self) -> int:
        return sum(self.vp.values())

    def copy(self) -> Side:
        new = object.__new__(Side)
        new.__dict__.update(self.__dict__)
        new.deck, new.hand, new.discard = list(self.deck), list(self.hand), list(self.discard)
        new.play_area, new.vp, new.vp_by_round = list(self.play_area), dict(self.vp), list(self.vp_by_round)
        return new


@dataclass
class Frame:
    """An activation or an interrupt in progress (BG-28.1: AP, counters, abilities used, cards played)."""

    kind: str  # "activation", "guard", "opportunity"
    unit: Unit
    ap: int
    target: Unit | None = None  # the interrupted character
    counters: dict[str, int] = field(default_factory=dict)
    abilities_used: set[str] = field(default_factory=set)
    cards: list[str] = field(default_factory=list)
    missions: list[CardDef] = field(default_factory=list)

    @property
    def player(self) -> str:
        return self.unit.player

    @property
    def interrupt(self) -> bool:
        return self.kind != "activation"


@dataclass
class Trigger:
    """Interrupts that must start now, in an order their controller chooses (BG-11.2.6, BG-14.2.1)."""

    kind: str  # "guard" or "opportunity"
    remaining: list[Unit]
    target: Unit
    # What resumes once all have resolved, e.g. ("move", unit key, path, facing, pushes).
    then: Continuation | None = None
    # Then what an effect's continuation left waiting for these interrupts (pending.after).
    after: list[Continuation] = field(default_factory=list)


@dataclass
class Pending:
    """A decision an effect leaves to a player, resolved by the next event (see pending.py)."""

    kind: str  # a key of tables.RESOLVERS, e.g. "movement" or "marker"
    unit: Unit  # the character the decision is about (the one moved, the one placing a marker)
    chooser: str  # the player who decides
    frame: Frame | None  # the activation or interrupt the effect belongs to
    spec: dict  # the effect's own description, from the content pack
    source: str  # the card, ability or item it comes from, for messages
    then: list[Continuation] = field(default_factory=list)  # run in order once resolved (pending.after)


# -- copying ----------------------------------------------------------------------------------------------
SHARED = (str, int, float, bool, type(None))


def copy_entry(value, memo: dict):
    """``value`` (a stack entry, a continuation or a part of one) for a copy of the game: units, frames,
    triggers and pending choices become the copy's own (``memo``: id of the original -> its copy, seeded
    with the units); immutable values are shared. Raises TypeError for anything else, such as a function:
    state must be plain data."""
    if isinstance(value, SHARED):
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    kind = type(value)
    if kind is tuple:
        return tuple(copy_entry(v, memo) for v in value)
    if kind is list:
        return [copy_entry(v, memo) for v in value]
    if kind is dict:
        return {k: copy_entry(v, memo) for k, v in value.items()}
    copier = _COPIERS.get(kind)
    if copier is not None:
        new = object.__new__(kind)
        memo[id(value)] = new
        old = value.__dict__
        new.__dict__.update(old)
        copier(new, old, memo)
        return new
    if getattr(kind, "__dataclass_params__", None) is not None and kind.__dataclass_params__.frozen:
        return value  # content definitions, tokens, markers, objects aimed at
    raise TypeError(f"game state holds a {kind.__name__}, which cannot be copied as data")


def _copy_frame(new: Frame, old: dict, memo: dict) -> None:
    new.unit = memo[id(old["unit"])]
    new.target = copy_entry(old["target"], memo)
    new.counters = dict(old["counters"])
    new.abilities_used = set(old["abilities_used"])
    new.cards = list(old["cards"])
    new.missions = list(old["missions"])


def _copy_trigger(new: Trigger, old: dict, memo: dict) -> None:
    new.remaining = [memo[id(u)] for u in old["remaining"]]
    new.target = memo[id(old["target"])]
    new.then = copy_entry(old["then"], memo)
    new.after = copy_entry(old["after"], memo)


def _copy_pending(new: Pending, old: dict, memo: dict) -> None:
    new.unit = memo[id(old["unit"])]
    new.frame = copy_entry(old["frame"], memo)
    new.spec = copy_entry(old["spec"], memo)
    new.then = copy_entry(old["then"], memo)


_COPIERS = {Frame: _copy_frame, Trigger: _copy_trigger, Pending: _copy_pending}
