"""Shared helpers for the Hoplomachus rules tests.

``hr`` builds a game from a real log header (recorded randomness, the starter pack) and then sets the
position a test needs: which units stand where, with how many HP, whose turn and which phase. Events
are then applied exactly as ``engine.verify`` applies them.

The Pozzuoli placeholder map is 9×7, flat-topped, odd-q: C4's neighbours are C3, D3, D4, C5, B4, B3;
D4's are D3, E4, E5, D5, C5, C4. Stones are C4 and G4; red deploys on row 1 (B, C, D, F, G, H), blue
on row 7.
"""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine.core.content import builtin_pack
from engine.core.errors import IllegalEvent
from engine.games.hoplomachus import RULESET
from engine.games.hoplomachus.content import CONTENT_DIR

PACK_DOC, PACK_SHA = builtin_pack(CONTENT_DIR, "hr-core-starter")


def header(mode="skirmish", arena="pozzuoli", factions=("kunlun", "plutos-refugees"), **setup) -> dict:
    players = [
        {"id": f"p{i + 1}", "name": f"Player {i + 1}", "faction": f, "force": []}
        for i, f in enumerate(factions)
    ]
    ids = [p["id"] for p in players]
    base = {"mode": mode, "arena": arena, "order": ids}
    if mode == "skirmish":
        base["sides"] = {"p1": "blue", "p2": "red"}
        base["neutral_heroes"] = {"p1": "rostam", "p2": "neutral-hero-2"}
        base["camp"] = {
            "p1": ["kunlun-marksman", "kunlun-unit-04", "kunlun-unit-05", "kunlun-unit-06"],
            "p2": ["plutos-refugees-marksman", "plutos-refugees-protector", "plutos-refugees-unit-03",
                   "plutos-refugees-unit-04"],
        }  # fmt: skip
        if factions[1] != "plutos-refugees" or factions[0] != "kunlun":
            base.pop("camp")
    if mode == "ascension":
        base["titan"] = "mars"
        base["units"] = {p["id"]: [f"{p['faction']}-unit-{n:02d}" for n in range(4, 10 if len(ids) == 1 else 7)]
                         for p in players}  # fmt: skip
        base["tactics"] = {ids[0]: ["blitz"]} if len(ids) == 1 else {ids[0]: [], ids[1]: ["stun"]}
        if len(ids) == 1:
            base["neutral_heroes"] = {ids[0]: "rostam"}
    if mode == "alliance":
        base["teams"] = {"red": [ids[0], ids[2]], "blue": [ids[1], ids[3]]}
        base["track_hero"] = {"red": ids[2], "blue": ids[3]}
        base["units"] = {p["id"]: [f"{p['faction']}-unit-{n:02d}" for n in range(4, 10)] for p in players}
    base.update(setup)
    return {
        "format": "arbiter-log", "format_version": 1, "game": "hoplomachus-remastered", "rules_version": "1.0",
        "content_pack": {"id": "hr-core-starter", "version": "0.2.0", "sha256": PACK_SHA},
        "randomness": {"mode": "recorded"}, "players": players, "setup": base, "events": [],
    }  # fmt: skip


class Toolbox:
    header = staticmethod(header)

    def game(self, pack: dict | None = None, **kw):
        doc = header(**kw)
        if pack is not None:
            from engine.core.content import pack_hash

            doc["content_pack"]["sha256"] = pack_hash(pack)
        g = RULESET.start(doc, content_pack=pack)
        g.doc = doc
        return g

    def put(self, g, uid: str, hexlabel: str, hp: int | None = None, *, dazed=False, active=True):
        """Stand a unit in the arena (taking its health chips from the supply)."""
        u = g.s.units[uid]
        if u["zone"] == "bag" and u["def"] in g.s.troops[u["owner"]]["bag"]:
            g.s.troops[u["owner"]]["bag"].remove(u["def"])
        g.s.place(u, g.a.parse(hexlabel, path="test"))
        d = g.c.units[u["def"]]
        full = d.health if hp is None else hp
        colour = "any" if g.mode == "pandemonium" else g.s.troops[u["owner"]]["side"]
        g.s.supply[colour] -= full
        u["hp"] = full
        u["dazed"] = dazed
        u["active"] = active
        return u

    def turn(self, g, troop: str, phase: str, **flags):
        """Make it ``troop``'s turn, in ``phase`` (the flags of the turn reset)."""
        t = g.s.turn
        t.update(player=troop, index=t["order"].index(troop), phase=phase, deployed=False, tactic=False,
                 foothold=False, rolled=False, deploy_checked=True)  # fmt: skip
        t.update(flags)
        return g

    def rival(self, g, uid: str, hexlabel: str, hp: int | None = None, *, dazed=False):
        """Stand a rival unit in the arena (out of the immortal camp or the arena bag)."""
        return self.put(g, uid, hexlabel, hp, dazed=dazed)

    def hex(self, g, uid: str) -> str:
        return g.a.label(g.s.units[uid]["hex"])

    def phase(self, g, phase: str):
        g.s.turn["phase"] = phase

    def apply(self, g, ev: dict):
        g.apply(0, ev)
        return g

    def illegal(self, g, ev: dict, rule: str) -> str:
        g2 = g.copy()
        with pytest.raises(IllegalEvent) as info:
            g2.apply(0, ev)
        assert info.value.rule == rule, info.value.message
        return info.value.message

    def legal(self, g, ev: dict):
        return self.apply(g, ev)

    def verify(self, doc: dict):
        return engine.verify(json.loads(json.dumps(doc)))

    def copy(self, doc):
        return copy.deepcopy(doc)


@pytest.fixture
def hr() -> Toolbox:
    return Toolbox()


def simulated_replays(seeds, copies: int = 2):
    """For each seed, a simulated log (the randomness modes in turn) and ``copies`` replays started from it,
    for tests that apply its events one way and another and compare."""
    info = engine.game("hoplomachus-remastered")
    for seed in seeds:
        log = engine.simulate(
            info.id, seed, randomness=info.randomness_modes[seed % len(info.randomness_modes)]
        )
        yield (log, *(info.ruleset.start(copy.deepcopy(log)) for _ in range(copies)))


def replayed_both_ways(seeds, outcome, long_way):
    """Every event of simulated games applied to one replay as the engine does and to another the long way:
    ``long_way(m)`` sets what differs on a ``pytest.MonkeyPatch`` ``m``, undone after each event.
    Yields (log, event index, event, the engine's replay, its outcome, the long way's outcome), ``outcome(g,
    i, event)`` giving each."""
    for log, fast, slow in simulated_replays(seeds, copies=2):
        for i, event in enumerate(log["events"]):
            got = outcome(fast, i, copy.deepcopy(event))
            with pytest.MonkeyPatch.context() as m:
                long_way(m)
                want = outcome(slow, i, copy.deepcopy(event))
            yield log, i, event, fast, got, want
