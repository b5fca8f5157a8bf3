"""Dice race: a toy two-player game that proves the kernel is game-independent (rules DR-1…DR-8).

Players take turns; on a turn a player rolls one die and moves that many squares (DR-2), or rests
(DR-7). A six rolls again (DR-4). The first to the end of the track wins (DR-5). Registered only by the
conformance suite's conftest, as a plugin would be: nothing under engine/ names it.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

from engine.core import result
from engine.core.content import pack_hash
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.randomness import SeededStream, commitment_for
from engine.core.registry import GameInfo, Mode, ResultSchema, SeatModel
from engine.core.ruleset import ReplayBase

GAME_ID = "dice-race"
PACK = {"pack": {"id": "dice-race-basic", "version": "1", "game": GAME_ID}, "track": 20, "rests": 2}
FIELDS = {"roll": {"type", "player", "die"}, "rest": {"type", "player"}, "concede": {"type", "player"}}


class Race(ReplayBase):
    """One race being replayed (engine.core.ruleset.Replay; what a race has no words or board for, ReplayBase's
    defaults say)."""

    def __init__(self, doc: dict, pack: dict, stream: SeededStream | None):
        self.pack, self.stream = pack, stream
        self.content_ref = {**{k: pack["pack"][k] for k in ("id", "version")}, "sha256": pack_hash(pack)}
        self.options = {}
        self.names = {p["id"]: p["name"] for p in doc["players"]}
        self.order = list(self.names)
        if len(self.order) != 2 or len(set(self.order)) != 2:
            raise IllegalEvent("DR-1", "a race has exactly two players with different ids")
        self.turn = doc["setup"].get("first_player")
        if not isinstance(self.turn, str) or self.turn not in self.names:
            raise IllegalEvent("DR-1", "setup.first_player must name one of the two players")
        self.position = dict.fromkeys(self.order, 0)
        self.rests = dict.fromkeys(self.order, pack["rests"])
        self.rolls, self.sixes = dict.fromkeys(self.order, 0), dict.fromkeys(self.order, 0)
        self.winner, self.ended_by, self.events_applied, self.turns = None, None, 0, 1

    def copy(self) -> Race:
        twin = copy.copy(self)
        for key in ("position", "rests", "rolls", "sixes"):
            setattr(twin, key, dict(getattr(self, key)))
        twin.stream = copy.copy(self.stream)  # the key is immutable bytes; the counter is an int
        return twin

    def apply(self, index: int, event: dict) -> None:
        self._step(index, event)
        self.events_applied += 1

    def _step(self, index: int, event: dict) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        known = isinstance(kind, str) and kind in FIELDS and FIELDS[kind].issuperset(event)
        player = event.get("player") if known else None
        if not isinstance(player, str) or player not in self.names:
            raise UnreadableLog(f"event {index} is not a roll, rest or concede by a player", rule="LOG-5.1")
        if self.winner is not None:
            raise IllegalEvent("DR-5", "the race is over; no event may follow")
        if kind == "concede":  # DR-8: either player, at any moment
            return self._end(self.order[1 - self.order.index(player)], "concession")
        if player != self.turn:
            raise IllegalEvent("DR-2", f"it is {self.names[self.turn]}'s turn, not {self.names[player]}'s")
        if kind == "rest":
            if self.rests[player] == 0:
                raise IllegalEvent("DR-7", f"{self.names[player]} has no rest left")
            self.rests[player] -= 1
            return self._pass()
        die = self._die(event)
        self.rolls[player] += 1
        self.position[player] = min(self.pack["track"], self.position[player] + die)
        self.sixes[player] += die == 6
        if self.position[player] == self.pack["track"]:
            return self._end(player, "finish")  # DR-5
        if die != 6:  # DR-4: a six rolls again
            self._pass()

    def _die(self, event: dict) -> int:
        if self.stream is not None:  # DR-6: a seeded log carries no dice; they come from the seed
            if "die" in event:
                raise IllegalEvent("DR-6", "a seeded log does not record dice")
            return self.stream.below(6) + 1
        die = event.get("die")
        if type(die) is not int or not 1 <= die <= 6:
            raise IllegalEvent("DR-3", f"a die shows 1 to 6, not {die!r}")
        return die

    def _pass(self) -> None:
        self.turn = self.order[1 - self.order.index(self.turn)]
        self.turns += 1

    def _end(self, winner: str, how: str) -> None:
        self.winner, self.ended_by = winner, how

    def finish(self) -> None:
        if self.winner is None:
            raise UnreadableLog(
                "the log ends before anyone reached the end of the track (DR-5)", rule="LOG-5.3"
            )

    def legal_events(self) -> list[dict]:
        if self.winner is not None:
            return []
        p = self.turn
        dice = [{}] if self.stream else [{"die": d} for d in range(1, 7)]
        rest = [{"type": "rest", "player": p}] if self.rests[p] else []
        return [{"type": "roll", "player": p, **d} for d in dice] + rest + [{"type": "concede", "player": p}]

    def view(self) -> dict:
        return {"turn": self.turn, "track": self.pack["track"], "positions": dict(self.position),
                "rests_left": dict(self.rests), "pending": "roll or rest" if self.winner is None else None,
                "winner": self.winner}  # fmt: skip

    def result(self) -> dict:
        ranks = {p: 1 if p == self.winner else 2 for p in self.order}
        seats = [result.seat(p, outcome="win" if ranks[p] == 1 else "loss", rank=ranks[p], score=self.position[p],
                             components={"distance": self.position[p], "sixes": self.sixes[p]}) for p in self.order]  # fmt: skip
        return result.game_result(seats, ended_by=self.ended_by, rounds_played=None)

    def statistics(self) -> dict:
        game = {"game": GAME_ID, "events": self.events_applied, "winner": self.winner, "ended_by": self.ended_by,
                "randomness": "seeded" if self.stream else "recorded"}  # fmt: skip
        players = [{"player": p, "rolls": self.rolls[p], "sixes": self.sixes[p], "rests": self.pack["rests"] - self.rests[p],
                    "position": self.position[p]} for p in self.order]  # fmt: skip
        return {"game": [game], "players": players}

    def player_summaries(self) -> list[dict]:
        return [{"id": p, "name": self.names[p], "faction": "racer"} for p in self.order]

    def round_number(self) -> int | None:
        return self.turns

    def describe_actor(self, event: dict) -> str | None:
        return self.names.get(event.get("player")) if isinstance(event, dict) else None


class DiceRace:
    game_id = GAME_ID

    def start(self, doc: dict, *, content_pack: dict | None = None) -> Race:
        pack = content_pack if content_pack is not None else PACK
        if not _is_pack(pack):
            raise UnreadableLog("not a dice-race content pack", rule="LOG-3.5", path="/content_pack")
        if doc["content_pack"]["sha256"] != pack_hash(pack):
            raise UnreadableLog(
                "the log was made with another pack", rule="LOG-3.3", path="/content_pack/sha256"
            )
        mode = doc["randomness"]
        stream = SeededStream(mode["seed"], mode["commitment"]) if mode["mode"] == "seeded" else None
        return Race(doc, pack, stream)

    def simulate(self, seed: int, *, randomness: str = "seeded", **options) -> dict:
        rng = random.Random(seed)
        doc = {"format": "arbiter-log", "format_version": 1, "game": GAME_ID, "rules_version": "1", "simulated": True,
               "content_pack": {"id": "dice-race-basic", "version": "1", "sha256": pack_hash(PACK)},
               "players": [{"id": p, "name": f"Racer {p}", "faction": "racer", "force": []} for p in ("p1", "p2")],
               "setup": {"first_player": rng.choice(["p1", "p2"])}, "events": []}  # fmt: skip
        if randomness == "seeded":
            key = f"{rng.getrandbits(128):032x}"
            doc["randomness"] = {"mode": "seeded", "commitment": commitment_for(key), "seed": key}
        else:
            doc["randomness"] = {"mode": "recorded"}
        race = self.start(doc)
        while race.winner is None:
            options = [e for e in race.legal_events() if e["type"] != "concede" or rng.random() < 0.01]
            event = rng.choice(options)
            race.apply(len(doc["events"]), event)
            doc["events"].append(event)
        return doc


def _is_pack(pack) -> bool:
    head = pack.get("pack") if isinstance(pack, dict) else None
    sizes = [pack.get(k) for k in ("track", "rests")] if head else []
    return (
        isinstance(head, dict)
        and {"id", "version"} <= set(head)
        and all(type(n) is int and n >= 0 for n in sizes)
    )


HERE = Path(__file__).resolve().parent
GAME = GameInfo(
    id=GAME_ID,
    name="Dice race",
    ruleset_version="dr-1.0.0",
    seats=SeatModel(min_seats=2, max_seats=2, modes=(Mode("race", "Two-player race", 2),)),
    result_schema=ResultSchema("Squares", (("distance", "Distance"), ("sixes", "Sixes"))),
    statistics_schema=HERE / "statistics.schema.json",
    rules_index_file=HERE / "rules_index.json",
    rule_prefix="DR",
    ruleset=DiceRace(),
    content_loader=lambda pack=None: pack if isinstance(pack, dict) else PACK,
    check_force=lambda pack, force, *, points_limit=None: [] if not force else ["a racer fields no force"],
    compare_with_list=lambda log_header, registered, *, pack=None: [],
)
