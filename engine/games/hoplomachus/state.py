"""The game state as plain data (HR-A.3, HR-A.4): dicts, lists and numbers only, so that ``copy()`` is
exact and cheap and ``view()`` is JSON. Nothing in the state is a function; pending decisions are dicts
whose ``kind`` names the handler that resolves them (actions.PENDING).

Layer 2 (board/state): imports only content and arena.
"""

from __future__ import annotations

from engine.games.hoplomachus.arena import Arena
from engine.games.hoplomachus.content import Content

PHASES = ("start", "deploy", "tactic", "movement", "abilities", "engagement", "refill")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}


def new_unit(uid: str, unit_id: str, owner: str, zone: str, *, active: bool = True) -> dict:
    return {
        "uid": uid,
        "def": unit_id,
        "owner": owner,
        "zone": zone,  # camp | arena | discard | bag | track | unused | trophy
        "hex": None,
        "hp": 0,
        "active": active,  # heroes: active side up (HR-2.8.2)
        "dazed": False,
        "moved": False,
        "engaged": False,
        "used": [],  # Abilities used this turn (HR-8.7.1)
        "tactics": [],  # [{"id", "by", "left"}] stacked tactics (HR-6.5)
        "shards": [],  # equipped shards (HR-14.10.4): [{"hp"}], neither active nor inactive
    }


class State:
    __slots__ = (
        "units", "troops", "occupant", "footholds", "favour", "supply", "turn", "pending", "over", "serial",
        "stats", "support_left", "sentinels_made", "shards", "end_due",
    )  # fmt: skip

    def __init__(self):
        self.units: dict[str, dict] = {}
        self.troops: dict[str, dict] = {}
        self.occupant: dict[int, str] = {}  # hex → uid
        self.footholds: dict[int, str] = {}  # hex → troop that placed it
        self.favour: dict[str, dict] = {}  # track key (troop or team) → position(s)
        self.supply: dict[str, int] = {}
        self.turn: dict = {}
        self.pending: list[dict] = []
        self.over: dict | None = None
        self.serial = 0  # turns begun so far
        self.stats: dict[str, dict] = {}
        self.support_left: dict[str, int] = {}
        self.sentinels_made: dict[str, int] = {}
        # hex → {"active", "hp", "colour", "count", "dropped"} (Ascension, HR-14.10); "dropped": left by a
        # defeated shardholder, so a player unit moving onto or through the hex equips it (HR-14.10.6).
        self.shards: dict[int, dict] = {}
        # Whether a game objective may have been met since flow.check_end last looked (HR-11.1): set where one
        # can become met (a unit leaves the arena, a troop is out, a turn or round is counted), so that the
        # check after every event looks at the troops only after those few events.
        self.end_due = True

    def copy(self) -> State:
        s = State.__new__(State)
        s.units = {
            k: {
                **u,
                "used": list(u["used"]),
                "tactics": [dict(t) for t in u["tactics"]],
                "shards": [dict(x) for x in u["shards"]],
            }
            for k, u in self.units.items()
        }
        s.troops = {
            k: {**t, "tactics_camp": list(t["tactics_camp"]), "tactics_discard": list(t["tactics_discard"]),
                "bag": list(t["bag"])}
            for k, t in self.troops.items()
        }  # fmt: skip
        s.occupant = dict(self.occupant)
        s.footholds = dict(self.footholds)
        s.favour = {
            k: {**f, "done": list(f["done"])} if "done" in f else dict(f) for k, f in self.favour.items()
        }
        s.supply = dict(self.supply)
        s.turn = {**self.turn, "order": list(self.turn.get("order", []))}
        s.pending = [dict(p) for p in self.pending]
        s.over = None if self.over is None else dict(self.over)
        s.serial = self.serial
        s.stats = {k: dict(v) for k, v in self.stats.items()}
        s.support_left = dict(self.support_left)
        s.sentinels_made = dict(self.sentinels_made)
        s.shards = {h: dict(v) for h, v in self.shards.items()}
        s.end_due = self.end_due
        return s

    # Placement bookkeeping: the only code that moves a unit between hexes and zones.
    def place(self, u: dict, h: int) -> None:
        if u["hex"] is not None:
            self.occupant.pop(u["hex"], None)
        u["hex"] = h
        u["zone"] = "arena"
        u.pop("face_down", None)  # HR-17.2.8: a deployed unit is known to every player from then on
        self.occupant[h] = u["uid"]

    def lift(self, u: dict, zone: str) -> None:
        """Out of the arena: the per-turn marks go with it, so a unit coming back starts afresh."""
        if u["hex"] is not None:
            self.occupant.pop(u["hex"], None)
        u["hex"] = None
        u["zone"] = zone
        self.end_due = True  # a hero in the discard, a troop with no unit left in combat (flow.check_end)
        u["dazed"] = u["moved"] = u["engaged"] = False
        u["used"] = []

    def in_arena(self, troop: str | None = None) -> list[dict]:
        units = self.units
        if troop is None:
            return list(map(units.__getitem__, self.occupant.values()))
        return [u for u in map(units.__getitem__, self.occupant.values()) if u["owner"] == troop]

    def has_in_arena(self, troop: str) -> bool:
        """``bool(in_arena(troop))`` without the list: asked after nearly every event (flow.deploy_phase_checks)."""
        units = self.units
        return any(units[uid]["owner"] == troop for uid in self.occupant.values())

    def view(self, arena: Arena, content: Content) -> dict:
        """The visible state as JSON (HR-A.4): arena, units, HP, tokens, favour, whose turn, what is pending."""

        def unit_view(u: dict) -> dict:
            d = content.units[u["def"]]
            return {
                "uid": u["uid"], "unit": d.id, "name": d.name, "owner": u["owner"], "zone": u["zone"],
                "hex": None if u["hex"] is None else arena.label(u["hex"]), "hp": u["hp"], "health": d.health,
                "active": u["active"], "dazed": u["dazed"], "tactics": [t["id"] for t in u["tactics"]],
                "moved": u["moved"], "engaged": u["engaged"], "used": list(u["used"]), "shards": len(u["shards"]),
            }  # fmt: skip

        return {
            "arena": arena.view(),
            "units": [unit_view(u) for u in self.units.values() if u["zone"] in ("arena", "camp", "discard")],
            "footholds": {arena.label(h): t for h, t in sorted(self.footholds.items())},
            "shards": {arena.label(h): dict(v) for h, v in sorted(self.shards.items())},
            "favour": {
                k: {**f, "done": list(f["done"])} if "done" in f else dict(f) for k, f in self.favour.items()
            },
            "supply": dict(self.supply),
            "troops": {
                k: {
                    "side": t["side"],
                    "team": t["team"],
                    "out": t["out"],
                    "tactics_camp": list(t["tactics_camp"]),
                    "tactics_discard": list(t["tactics_discard"]),
                    "bag": len(t["bag"]),
                    "dice": list(t.get("dice", [])),
                }
                for k, t in self.troops.items()
            },  # fmt: skip
            "turn": {
                k: v
                for k, v in self.turn.items()
                if k
                in ("round", "player", "phase", "order", "deployed", "tactic", "rolled", "arena_turn", "wave")
            },
            "pending": [dict(p) for p in self.pending],
            "over": self.over,
        }
