"""Game state as plain data (spec BG-28.1). Mutated in place by the replay, one event at a time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.games.battleground.content import CardDef, CharacterDef, ItemDef, WeaponDef

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
    # BG-19: a massive miniature's footprint, (facing hex, facing) -> hexes covered; None for one hex.
    shape: Callable[[int, int], tuple[int, ...] | None] | None = None

    @property
    def name(self) -> str:
        return self.d.name

    @property
    def cells(self) -> tuple[int, ...]:
        """The hexes the miniature occupies: its own hex, or for a massive miniature (BG-19) every hex of
        its base, the facing hex (``hex``) first. Derived from ``hex`` and ``facing``, so it follows them."""
        if self.shape is None:
            return (self.hex,)
        return self.shape(self.hex, self.facing)

    def gain_mana(self, n: int) -> None:
        self.mana = min(MANA_CAP, self.mana + n)  # BG-AMB-31: excess is lost


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
    # What resumes once all have resolved, e.g. ("move", unit key, path, facing, pushes); actions.RESUMES
    # maps the first element to the function that resumes it.
    then: tuple | None = None
    # Then what an effect's continuation left waiting for these interrupts (pending.after).
    after: list[Callable] = field(default_factory=list)


@dataclass
class Pending:
    """A decision an effect leaves to a player, resolved by the next event (see pending.py)."""

    kind: str  # a key of pending.RESOLVERS, e.g. "movement" or "marker"
    unit: Unit  # the character the decision is about (the one moved, the one placing a marker)
    chooser: str  # the player who decides
    frame: Frame | None  # the activation or interrupt the effect belongs to
    spec: dict  # the effect's own description, from the content pack
    source: str  # the card, ability or item it comes from, for messages
    then: Callable | None = None  # called with the game once resolved (e.g. to continue an effect)
