"""Relic hunt: hunters on a small hex board roll to move, choose where to go and dig ruins for relics.

It exists to prove that a game lives in two folders of its own: nothing outside ``tests/relic_hunt``
names it. Rule ids RH-1 … RH-9 are in ``rules_index.json`` beside this file. A turn has a forced step
(the movement roll, RH-4: the only legal event), a decision with several options (where to move, RH-5)
and a second choice (dig or pass, RH-6); seats are two to four, alone or in two teams (RH-1).
"""

from __future__ import annotations

import copy
from collections import deque

from engine.core import result
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.ruleset import ReplayBase

GAME_ID = "relic-hunt"
MODES = {"duel": (2, 2), "melee": (3, 4), "pairs": (4, 4)}
FIELDS = {
    "roll": {"type", "player", "dice"},
    "move": {"type", "player", "to"},
    "dig": {"type", "player", "dice"},
    "pass": {"type", "player"},
    "concede": {"type", "player"},
}
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_key(q: int, r: int) -> str:
    return f"{q},{r}"


def parse_hex(key) -> tuple[int, int] | None:
    try:
        q, r = (int(part) for part in key.split(","))
    except (AttributeError, ValueError):
        return None
    return q, r


class Board:
    """The pack's hexagon (RH-2): which hexes exist, which are rocks, how they touch."""

    def __init__(self, pack: dict):
        n = pack["radius"]
        self.hexes = [hex_key(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n]
        self.rocks = frozenset(pack["rocks"])
        self.name = pack.get("name", pack["pack"]["id"])

    def neighbours(self, key: str) -> list[str]:
        q, r = parse_hex(key)
        around = (hex_key(q + dq, r + dr) for dq, dr in STEPS)
        return [h for h in around if h in self.hexes and h not in self.rocks]

    def reachable(self, start: str, steps: int, blocked: set[str]) -> list[str]:
        """Every hex within ``steps`` steps of ``start`` through open hexes (RH-5), ``start`` included."""
        seen, frontier = {start: 0}, deque([start])
        while frontier:
            here = frontier.popleft()
            if seen[here] == steps:
                continue
            for there in self.neighbours(here):
                if there not in seen and there not in blocked:
                    seen[there] = seen[here] + 1
                    frontier.append(there)
        return sorted(seen, key=lambda h: (seen[h], parse_hex(h)))

    def geometry(self) -> dict:
        """Drawing data: pointy-topped hexes one unit wide, centres in hex widths."""
        out = []
        for key in self.hexes:
            q, r = parse_hex(key)
            out.append({
                "label": key,
                "x": round(q + r / 2, 3),
                "y": round(r * 0.866, 3),
                "tags": ["rock"] if key in self.rocks else [],
            })  # fmt: skip
        return {
            "map": "hexagon",
            "name": self.name,
            "orientation": "pointy",
            "hex_width_in": 1.0,
            "hexes": out,
        }


class Hunt(ReplayBase):
    """One hunt being replayed (engine.core.ruleset.Replay)."""

    def __init__(self, doc: dict, pack: dict, content_ref: dict, stream):
        self.pack, self.content_ref, self.stream = pack, content_ref, stream
        self.options = {}
        self.board = Board(pack)
        self.names = {p["id"]: p["name"] for p in doc["players"]}
        self.order = list(self.names)
        setup = doc.get("setup") or {}
        self.mode = setup.get("mode", "duel")
        if self.mode not in MODES:
            raise IllegalEvent("RH-1", f"'{self.mode}' is not a way to hunt: duel, melee or pairs")
        low, high = MODES[self.mode]
        if not low <= len(self.order) <= high or len(set(self.order)) != len(self.order):
            raise IllegalEvent(
                "RH-1", f"a {self.mode} is played by {low}–{high} players, each with their own id; "
                f"this log names {len(self.order)}"
            )  # fmt: skip
        self.team = {
            p: f"team{i % 2 + 1}" if self.mode == "pairs" else None for i, p in enumerate(self.order)
        }
        first = setup.get("first_player")
        if first not in self.names:
            raise IllegalEvent("RH-1", "the setup's first_player must name one of the players")
        self.turn, self.first = first, first
        self.at = dict(zip(self.order, pack["starts"], strict=False))
        self.relics_left = dict(pack["ruins"])
        self.relics = dict.fromkeys(self.order, 0)
        self.counts = {p: {"moves": 0, "steps": 0, "digs": 0, "found": 0} for p in self.order}
        self.stage, self.reach = "roll", 0
        self.round, self.events_applied = 1, 0
        self.winner_ended: str | None = None
        self.conceded: str | None = None

    # --- the kernel's interface -------------------------------------------------------------------

    def copy(self) -> Hunt:
        twin = copy.copy(self)
        twin.at, twin.relics_left, twin.relics = dict(self.at), dict(self.relics_left), dict(self.relics)
        twin.counts = {p: dict(c) for p, c in self.counts.items()}
        twin.stream = copy.copy(self.stream)
        return twin

    def apply(self, index: int, event: dict) -> None:
        self._step(index, event)
        self.events_applied += 1

    def finish(self) -> None:
        if not self.is_over():
            raise UnreadableLog("the log ends before the hunt is over (RH-7)", rule="LOG-5.3")

    def is_over(self) -> bool:
        return self.winner_ended is not None

    def to_act(self) -> list[str]:
        return [] if self.is_over() else [self.turn]

    def legal_events(self) -> list[dict]:
        if self.is_over():
            return []
        p, concede = self.turn, [{"type": "concede", "player": self.turn}]
        if self.stage == "roll":  # RH-4: the roll comes first, and nothing but the roll
            return [{"type": "roll", "player": p, **dice} for dice in self._dice_offers()]
        if self.stage == "move":
            return [{"type": "move", "player": p, "to": h} for h in self._reachable()] + concede
        digs = [{"type": "dig", "player": p, **dice} for dice in self._dice_offers()]
        return digs + [{"type": "pass", "player": p}] + concede

    def outcome_free(self, event: dict) -> dict:
        return {k: v for k, v in event.items() if k != "dice"}

    def dice_needed(self, event: dict) -> dict:
        if self.stream is not None or event.get("type") not in ("roll", "dig"):
            return {"event": event, "needs": []}
        what = "The movement die (RH-4)" if event["type"] == "roll" else "The digging die (RH-6)"
        return {"event": event, "needs": [{"path": ["dice"], "kind": "d6", "count": 1, "what": what}]}

    def teams(self) -> dict[str, str]:
        return {p: self.team[p] or "" for p in self.order}  # RH-1: pairs are seats 1 and 3 against 2 and 4

    def offer_place(self, event: dict) -> str | None:
        return event["to"] if event.get("type") == "move" else None

    def describe_offer(self, event: dict) -> str:
        name = self.names.get(event.get("player"), "?")
        kind = event.get("type")
        if kind == "move":
            return f"{name} stays on {event['to']}" if event["to"] == self.at[event["player"]] else (
                f"{name} moves to {event['to']}")  # fmt: skip
        return {"roll": f"{name} rolls to move", "dig": f"{name} digs the ruin", "pass": f"{name} passes",
                "concede": f"{name} concedes"}.get(kind, str(kind))  # fmt: skip

    def apply_described(self, index: int, event: dict) -> dict:
        found = self.relics.get(event.get("player"), 0) if isinstance(event, dict) else 0
        self.apply(index, event)
        text = self.describe_offer(event)
        if event["type"] == "roll":
            text += f": {self.reach} hex{'es' if self.reach > 1 else ''}"
        if event["type"] == "dig":
            text += ": a relic!" if self.relics[event["player"]] > found else ": nothing"
        return {"text": text, "rolls": []}

    def board_geometry(self) -> dict:
        return self.board.geometry()

    def view(self) -> dict:
        return {
            "round": self.round, "rounds": self.pack["rounds"], "turn": self.turn, "stage": self.stage,
            "reach": self.reach, "hunters": dict(self.at), "relics": dict(self.relics),
            "ruins": dict(self.relics_left), "over": self.is_over(), "to_act": self.to_act(),
            "pieces": [{"hex": h, "text": p.upper(), "seat": i + 1} for i, (p, h) in enumerate(self.at.items())],
        }  # fmt: skip

    def result(self) -> dict:
        scores = dict(self.relics)
        if self.mode == "pairs":
            team_scores = {
                t: sum(scores[p] for p in self.order if self.team[p] == t) for t in ("team1", "team2")
            }
            by_team = self._places(team_scores, self.team.get(self.conceded))
            seats = [
                result.seat(p, outcome=by_team[self.team[p]][0], rank=by_team[self.team[p]][1], score=scores[p],
                            components={"relics": scores[p]}, team=self.team[p])
                for p in self.order
            ]  # fmt: skip
            teams = [
                {"team": t, "seats": [p for p in self.order if self.team[p] == t], "outcome": by_team[t][0],
                 "rank": by_team[t][1], "score": team_scores[t], "components": {"relics": team_scores[t]}}
                for t in ("team1", "team2")
            ]  # fmt: skip
            return result.game_result(
                seats, ended_by=self.winner_ended, rounds_played=self.round, teams=teams
            )
        places = self._places(scores, self.conceded)
        seats = [
            result.seat(
                p, outcome=places[p][0], rank=places[p][1], score=scores[p], components={"relics": scores[p]}
            )
            for p in self.order
        ]
        return result.game_result(seats, ended_by=self.winner_ended, rounds_played=self.round)

    def statistics(self) -> dict:
        game = {"game": GAME_ID, "mode": self.mode, "events": self.events_applied, "rounds": self.round,
                "ended_by": self.winner_ended, "randomness": "seeded" if self.stream else "recorded"}  # fmt: skip
        players = [{"player": p, "relics": self.relics[p], **self.counts[p]} for p in self.order]
        return {"game": [game], "players": players}

    def player_summaries(self) -> list[dict]:
        return [
            {"id": p, "name": self.names[p], "faction": "hunter", "team": self.team[p]} for p in self.order
        ]

    def round_number(self) -> int | None:
        return self.round

    def describe_actor(self, event: dict) -> str | None:
        return self.names.get(event.get("player")) if isinstance(event, dict) else None

    # --- the rules ------------------------------------------------------------------------------

    def _step(self, index: int, event: dict) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        known = isinstance(kind, str) and kind in FIELDS and FIELDS[kind].issuperset(event)
        player = event.get("player") if known else None
        if not isinstance(player, str) or player not in self.names:
            raise UnreadableLog(
                f"event {index} is not a roll, move, dig, pass or concede by a player", rule="LOG-5.1"
            )
        if self.is_over():
            raise IllegalEvent("RH-7", "the hunt is over; nothing may follow")
        if kind == "concede":  # RH-8: at any moment, whoever's turn it is
            self.conceded = player
            return self._end("concession")
        if player != self.turn:
            raise IllegalEvent("RH-3", f"it is {self.names[self.turn]}'s turn, not {self.names[player]}'s")
        if self.stage == "roll" and kind != "roll":
            raise IllegalEvent("RH-4", f"{self.names[player]} rolls the movement die before anything else")
        if self.stage != "roll" and kind == "roll":
            raise IllegalEvent("RH-4", f"{self.names[player]} has rolled this turn already")
        getattr(self, f"_{kind}")(player, event)

    def _roll(self, player: str, event: dict) -> None:
        self.reach = (self._die(event) + 1) // 2
        self.stage = "move"

    def _move(self, player: str, event: dict) -> None:
        if self.stage != "move":
            raise IllegalEvent("RH-5", f"{self.names[player]} has moved this turn already")
        target = event["to"]
        if parse_hex(target) is None or target not in self.board.hexes:
            raise IllegalEvent("RH-5", f"{target!r} is not a hex of the board")
        if target not in self._reachable():
            raise IllegalEvent(
                "RH-5", f"{self.names[player]} cannot reach {target} in {self.reach} step(s) from "
                f"{self.at[player]} through open hexes (no rocks, no other hunters)"
            )  # fmt: skip
        steps = _distance(self.at[player], target)
        self.at[player] = target
        self.counts[player]["moves"] += 1
        self.counts[player]["steps"] += steps
        if self.relics_left.get(target, 0) > 0:
            self.stage = "dig"
        else:
            self._next_turn()

    def _dig(self, player: str, event: dict) -> None:
        self._at_ruin(player)
        self.counts[player]["digs"] += 1
        if self._die(event) >= self.pack["dig_success"]:
            self.relics_left[self.at[player]] -= 1
            self.relics[player] += 1
            self.counts[player]["found"] += 1
        if not any(self.relics_left.values()):
            return self._end("relics")
        self._next_turn()

    def _pass(self, player: str, event: dict) -> None:
        self._at_ruin(player)
        self._next_turn()

    def _at_ruin(self, player: str) -> None:
        if self.stage != "dig":
            raise IllegalEvent(
                "RH-6", f"{self.names[player]} digs or passes only after moving onto a ruin with relics"
            )

    def _die(self, event: dict) -> int:
        if self.stream is not None:  # RH-9: a seeded log carries no dice
            if "dice" in event:
                raise IllegalEvent("RH-9", "a seeded log does not record dice: the seed rolls them")
            return self.stream.below(6) + 1
        dice = event.get("dice")
        if not (isinstance(dice, list) and len(dice) == 1 and type(dice[0]) is int and 1 <= dice[0] <= 6):
            raise IllegalEvent("RH-9", f"write the one die rolled, 1 to 6, as dice: [n] (not {dice!r})")
        return dice[0]

    def _dice_offers(self) -> list[dict]:
        return [{}] if self.stream is not None else [{"dice": [d]} for d in range(1, 7)]

    def _reachable(self) -> list[str]:
        others = {h for p, h in self.at.items() if p != self.turn}
        return self.board.reachable(self.at[self.turn], self.reach, others)

    def _next_turn(self) -> None:
        at = self.order.index(self.turn)
        self.turn = self.order[(at + 1) % len(self.order)]
        self.stage, self.reach = "roll", 0
        if self.turn == self.first:
            if self.round == self.pack["rounds"]:
                return self._end("rounds")  # RH-7
            self.round += 1

    def _end(self, how: str) -> None:
        self.winner_ended = how

    @staticmethod
    def _places(scores: dict[str, int], loser: str | None) -> dict[str, tuple[str, int]]:
        """RH-7, RH-8: (outcome, rank) of each side; a conceding side ranks last and loses."""
        standing = {k: v for k, v in scores.items() if k != loser}
        ranks = result.ranks(standing)
        top = [k for k, rank in ranks.items() if rank == 1]
        out = {
            k: ("win" if len(top) == 1 else "draw", 1) if k in top else ("loss", rank)
            for k, rank in ranks.items()
        }
        if loser is not None:
            out[loser] = ("loss", len(scores))
        return out


def _distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = parse_hex(a), parse_hex(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2
