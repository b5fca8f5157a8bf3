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
        "stats", "support_left", "sentinels_made", "shards", "end_due", "arena_by", "marked", "foes",
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
        # ``occupant`` split by the owner of each unit (troop → hex → uid), in ``occupant``'s order: which of a
        # troop's units are in the arena is asked after nearly every event (in_arena, has_in_arena), and kept
        # here as units are placed and lifted instead of being looked for among every occupied hex.
        self.arena_by: dict[str, dict[int, str]] = {}
        # The uids of the units that may carry a per-turn mark (dazed, moved, engaged, Abilities used) or tactic
        # chips: every unit that does is here (``mark``, at each place that sets one), so the turn's end
        # (flow.end_turn) looks at these few, not at every unit in the arena. Units with nothing may be here too.
        self.marked: set[str] = set()
        # Each team's opposing units in the arena, in ``occupant``'s order (q.opponents_of): made when first asked
        # and forgotten whenever a unit enters, leaves or changes hex (place, lift), as a rival's plans, duties and
        # targets ask for them unit by unit between two moves. Units never change owner, nor troops team.
        self.foes: dict[str, list[dict]] = {}

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
        s.arena_by = {t: dict(by) for t, by in self.arena_by.items()}
        s.marked = set(self.marked)
        s.foes = {}  # of this state's units: made again when asked
        return s

    # Placement bookkeeping: the only code that moves a unit between hexes and zones.
    def place(self, u: dict, h: int) -> None:
        occupant = self.occupant
        self.foes.clear()
        uid = u["uid"]
        old = u["hex"]
        plain = True  # the change to occupant is one hex of this unit's given up, one free hex taken
        if old is not None:
            plain = occupant.pop(old, None) == uid
        u["hex"] = h
        u["zone"] = "arena"
        u.pop("face_down", None)  # HR-17.2.8: a deployed unit is known to every player from then on
        if plain and h not in occupant:
            occupant[h] = uid
            by = self.arena_by.get(u["owner"])
            if by is None:
                by = self.arena_by[u["owner"]] = {}
            elif old is not None:
                del by[old]
            by[h] = uid
        else:
            occupant[h] = uid
            self.index_arena()

    def lift(self, u: dict, zone: str) -> None:
        """Out of the arena: the per-turn marks go with it, so a unit coming back starts afresh."""
        h = u["hex"]
        if h is not None:
            self.foes.clear()
            gone = self.occupant.pop(h, None)
            if gone == u["uid"]:
                del self.arena_by[u["owner"]][h]
            elif gone is not None:
                self.index_arena()
        u["hex"] = None
        u["zone"] = zone
        self.end_due = True  # a hero in the discard, a troop with no unit left in combat (flow.check_end)
        u["dazed"] = u["moved"] = u["engaged"] = False
        u["used"] = []

    def index_arena(self) -> None:
        """``arena_by`` made again from ``occupant``: after a placement that was not one unit leaving its own hex
        for a free one (none the rules allow; kept exact all the same)."""
        units = self.units
        by: dict[str, dict[int, str]] = {t: {} for t in self.arena_by}
        for h, uid in self.occupant.items():
            by.setdefault(units[uid]["owner"], {})[h] = uid
        self.arena_by = by

    def in_arena(self, troop: str | None = None) -> list[dict]:
        units = self.units
        if troop is None:
            return list(map(units.__getitem__, self.occupant.values()))
        by = self.arena_by.get(troop)
        return list(map(units.__getitem__, by.values())) if by else []

    def has_in_arena(self, troop: str) -> bool:
        """``bool(in_arena(troop))`` without the list: asked after nearly every event (flow.deploy_phase_checks)."""
        return bool(self.arena_by.get(troop))

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
