"""Game state as plain data: dataclasses of strings, numbers, lists and dicts (no callables).

A decision the rules leave to a player, or a draw or roll the rules need, is a ``pending`` entry: a dict
naming its kind and its arguments, resolved by the next event and continued through a table of named
continuations (``then``). So a state can be copied exactly (``copy``) and shown as JSON (``view``).
"""

from __future__ import annotations

import pickle  # nosec B403 - deep copy of the engine's own state, never data from outside
from dataclasses import asdict, dataclass, field

SOLDIER_CAP = 3  # FE-6.2.2
DEFEAT_PENALTY = 5  # FE-6.12.2
BAGGAGE = 5  # FE-16.3.4
SPELLS = 2  # FE-16.4.1
ZONE_LIMIT = 4  # FE-11.1.2
PLACEMENTS = 4  # FE-11.5.3.1


@dataclass
class Hero:
    id: str
    team: str
    player: str
    area: str
    damage: int = 0
    activated: bool = False
    mount: str | None = None  # a tamed beast or a vehicle: one slot (FE-16.1.3)
    mount_kind: str | None = None  # "beast", "epic_beast" or "vehicle"
    ally: str | None = None  # FE-16.2.2
    spells: list[str] = field(default_factory=list)  # FE-16.4.1
    equipped: dict[str, str] = field(default_factory=dict)  # slot ("artifact", "armour-body", …) -> card
    baggage: list[str] = field(default_factory=list)  # FE-16.3.4
    defeats: int = 0
    mounted: str | None = None  # the mounted-hero miniature fielded for this hero (FE-4.1.8)


@dataclass
class Team:
    id: str  # the faction id
    players: list[str]
    heroes: list[str]
    eternium: int = 0
    vp: int = 0
    vp_sources: dict[str, int] = field(default_factory=dict)
    supply: int = 15  # soldiers not on the map (FE-4.1.4)
    deck: list[str] = field(default_factory=list)  # the 21 combat cards (FE-11.3.1)
    discard: list[str] = field(default_factory=list)  # during an epic combat only
    out_of_game: list[str] = field(default_factory=list)  # FE-11.3.3
    supply_cards: dict[str, int] = field(default_factory=dict)  # the faction's combat-card supply
    victory_hand: list[str] = field(default_factory=list)
    victory_revealed: list[str] = field(default_factory=list)  # primary done, secondary pending
    victory_done: list[str] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)  # progress for victory objectives
    marks: dict[str, dict[str, int]] = field(default_factory=dict)  # counters when a card was revealed
    income: list[list] = field(default_factory=list)  # [round index, amount] of each day income


@dataclass
class Side:
    """One participant of an epic combat: a hero with its board (FE-11.1), or the beast (no board)."""

    hero: str | None  # None for a beast or boss
    team: str | None
    weapon: str | None = None
    board: dict[str, list[list]] = field(
        default_factory=lambda: {"attack": [], "defence": [], "initiative": []}
    )
    beside: list[str] = field(default_factory=list)  # time cards (FE-11.4.4)
    placed: int = 0
    last_zone: str | None = None
    limit: int = 4  # counted placements this round (FE-11.5.3.1, FE-12.3.2)
    focus_used: int = 0
    focus_pile: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # drawn, not yet played
    hand_focusable: bool = True
    tool: list[str] = field(default_factory=list)  # the two cards a tool drew (FE-11.4.5)
    tool_draw: bool = False  # a tool was revealed: its two cards are still to be drawn
    out: bool = False  # stopped taking part in step 3 (FE-11.5.3.9)
    bonus: dict[str, int] = field(default_factory=lambda: {"attack": 0, "defence": 0, "initiative": 0})
    soldiers_used: bool = False  # FE-11.5.4.3 d: once per combat
    passed: bool = False
    dealt: int = 0  # damage inflicted on the opponent over the combat (AMB-17)


@dataclass
class Combat:
    """An epic combat in progress (FE-11.5)."""

    kind: str  # "hero", "beast" or "duel"
    area: str | None
    active: Side
    defender: Side
    round: int = 1
    step: str = "weapon"
    turn: str = "active"  # whose placement it is in step 3: "active" or "defender"
    step4_order: list[str] = field(default_factory=list)  # teams still to act in step 4, in turn
    beast: dict | None = None  # {"id", "hp", "attack", "defence", "initiative", "source", "damage"}
    epic: dict[str, int] = field(default_factory=dict)  # the epic die's bonus this round
    epic_surge: bool = False
    enemy_active: bool = False  # solo: the enemy hero started the combat (AMB-59)
    battle: str | None = None  # solo: this round's battle card (FE-18.5.2)
    battle_deck: str | None = None
    battle_used: list[str] = field(default_factory=list)
    pd: dict = field(default_factory=dict)  # Power Dice (FE-13): automatic successes, stage, dice pools
    winner: str | None = None  # "active", "defender" or None
    one_round: bool = False
    ending: dict | None = None  # how it ended, once it has (FE-11.5.7–11.5.9): record.combat_ending


@dataclass
class Wild:
    """A wild-region combat (FE-14) or another encounter being resolved."""

    hero: str
    card: str
    stats: dict[str, int]
    dice: list[str] = field(default_factory=list)


@dataclass
class Turn:
    hero: str
    actions: list[str] = field(default_factory=list)  # standard actions used (FE-9.1.1)
    free: list[str] = field(default_factory=list)  # free actions used (FE-9.1.3)
    over: bool = False  # no more actions: defeated, rested, or after Use a Merchant (FE-9.1.4)
    rested: bool = False
    merchant: str | None = None  # the merchant type open for buying (FE-9.10.3)


@dataclass
class State:
    round: int = 0  # index into the round track
    extra: int = 0  # extra night rounds played for the tie-break (FE-17.2.3)
    phase: str = "action"  # "action", "duel" or "over"
    order: list[str] = field(default_factory=list)  # team order, the starting team first (AMB-09)
    next_team: int = 0
    teams: dict[str, Team] = field(default_factory=dict)
    heroes: dict[str, Hero] = field(default_factory=dict)
    soldiers: dict[str, dict[str, int]] = field(default_factory=dict)  # area -> team -> count
    mission_tokens: list[str] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)
    discards: dict[str, list[str]] = field(default_factory=dict)
    offers: dict[str, list[str] | None] = field(default_factory=dict)
    turn: Turn | None = None
    combat: Combat | None = None
    wild: Wild | None = None
    pending: list[dict] = field(default_factory=list)
    queue: list[dict] = field(default_factory=list)  # combats still to resolve in an area (FE-10.3)
    skulls_done: list[int] = field(default_factory=list)
    bosses: list[str] = field(default_factory=list)  # boss cards in play (FE-11.5.9.5)
    boss_state: dict[str, dict] = field(default_factory=dict)  # boss -> {"area", "damage"}, or "defeated"
    duel: dict[str, str] = field(default_factory=dict)
    setup: dict | None = None  # skirmish setup phases (FE-19.2) while they last
    zones: dict[str, str] = field(default_factory=dict)  # skirmish: each team's deployment zone (FE-19.6.1)
    ended_by: str | None = None
    completed: bool = False  # solo: the scenario's objective was completed (FE-18.7.1)
    winner: str | None = None
    stats: dict[str, int] = field(default_factory=dict)
    record: dict = field(default_factory=dict)  # facts the statistics keep as the game goes (record.py)

    def copy(self) -> State:
        # Plain data only, so one pickle round trip is an exact deep copy (and a C-speed one). The record
        # is the exception: its rows are never changed in place (record.py), so its lists and dict are
        # copied and its rows shared, which spares the round trip its largest part.
        fields = dict(self.__dict__)
        record = fields.pop("record")
        new = object.__new__(State)
        new.__dict__ = pickle.loads(pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL))  # nosec B301 - deep copy of the engine's own state, never data from outside
        new.record = {key: value.copy() for key, value in record.items()}
        return new

    def as_dict(self) -> dict:
        return asdict(self)
