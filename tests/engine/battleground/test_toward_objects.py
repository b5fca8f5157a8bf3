"""A toward movement heading for an object (BG-18.1: "the shortest possible path toward the indicated
character or object ... rotated to face that character or object"; BG-AMB-19: "for an object on an
enterable hex, the object's hex itself counts"): objective tokens and markers, the one chosen by the
movement event's ``hex``. A charge heads for a character only (BG-18.2).

Test content: He-Man (K5, facing north, speed 5) has ``seek`` (1 AP, target self) whose effect is
``{"move": {"kind": "toward", "toward": "objective" | "marker", "mp": 4}}`` and ``sigil`` (1 AP), which
places a marker. Skeletor stands far away (Y30). Column K runs north (row 1) to south.
"""

from __future__ import annotations

import pytest

from engine.games.battleground.state import Pending
from tests.engine.battleground.conftest import Toolbox

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
SIGIL = {"id": "sigil", "name": "Sigil", "range_in": 8, "radius_in": 2, "affects": "enemies", "modifiers": []}
TWO = {
    "hexes": [[0, 0], [-1, 0]],
    "pivot": [-1, 0],
}  # facing side 0 on K12: K12 and K13 (test_massive_effects)


def ability(aid: str, effect: dict, target: str = "self") -> dict:
    return {
        "id": aid,
        "name": aid.title(),
        "kind": "active",
        "ap": 1,
        "mana": 0,
        "target": target,
        "range_in": None,
        "effect": effect,
    }


def _massive(pack: dict) -> None:
    next(c for c in pack["characters"] if c["id"] == "ram-man").update(massive=True, base=TWO)


def seeker(
    bg,
    toward="objective",
    *,
    objectives=("K9",),
    terrain=(),
    others=(),
    mp=4,
    mover="he-man",
    begin=True,
    zones=ANYWHERE,
):
    """``mover`` (at K5, facing north; Ram Man gets a two-hex base) gets ``seek`` and ``sigil``; its
    activation has begun (unless ``begin`` is false). ``others``: (player, character, hex) standing about."""
    sc = bg.scenario(zones=zones, terrain=list(terrain), objectives=list(objectives))
    seek = ability("seek", {"move": {"kind": "toward", "toward": toward, "mp": mp}})
    Toolbox.give(sc, mover, seek, ability("sigil", {"marker": SIGIL}))
    if mover == "ram-man":
        sc.edit_pack(_massive)
    sc.place("p1", mover, [], "K5", facing=0)
    for player, character, hex_label in others:
        sc.place(player, character, [], hex_label, facing=0)
    sc.place("p2", "skeletor", [], "Y30", facing=0)
    return bg.begin(sc, mover, ap=5) if begin else sc


def seek(sc, character="he-man"):
    return sc.add("ability", character=character, ability="seek")


def moves(sc, path, character="he-man", **fields):
    return sc.add("movement", character=character, path=list(path), **fields)


def where(bg, sc, key="he-man"):
    game = bg.state(sc)
    return bg.label(game, key), game.units[key].facing


def offered(bg, sc, **match) -> list[dict]:
    return [e for e in bg.state(sc).legal_events() if all(e.get(k) == v for k, v in match.items())]


# -- objective tokens -------------------------------------------------------------------------------------
def test_bg_18_1_toward_an_objective_ends_on_its_hex_facing_as_its_player_chooses(bg):
    """BG-18.1 / BG-AMB-19: the objective at K9 lies on open ground, so He-Man's shortest path ends on it
    (4 MP). Standing on it, every side is as close to it as the others: the log chooses (BG-AMB-07)."""
    sc = moves(seek(seeker(bg)), ["K6", "K7", "K8", "K9"], hex="K9", facing=1)
    assert where(bg, sc) == ("K9", 1)
    game = bg.state(sc)
    assert (game.frame().ap, game.frame().counters) == (4, {})  # §18 preamble: no Move counter
    bg.accepts(sc)
    bg.rejects(moves(seek(seeker(bg)), ["K6", "K7", "K8", "K9"], hex="K9"), "BG-18.1")


def test_bg_18_1_toward_an_objective_may_stop_early_and_turns_to_face_it(bg):
    """BG-18.1: 4 MP toward the objective at K12: He-Man may stop at K7 and must face it (south, side 3),
    though he faced north; any other facing is refused."""
    sc = moves(seek(seeker(bg, objectives=("K12",))), ["K6", "K7"], hex="K12")
    assert where(bg, sc) == ("K7", 3)
    bg.accepts(sc)
    bg.rejects(moves(seek(seeker(bg, objectives=("K12",))), ["K6", "K7"], hex="K12", facing=0), "BG-18.1")


def test_bg_amb_19_every_step_toward_an_objective_lies_on_a_shortest_path(bg):
    """BG-AMB-19: K5→L5 does not bring He-Man closer to K9; going past the objective is no shortest path
    either; and the Move rules still count movement points (BG-9.2.1)."""
    bg.rejects(moves(seek(seeker(bg)), ["L5"], hex="K9"), "BG-18.1")
    bg.rejects(moves(seek(seeker(bg, mp=6)), ["K6", "K7", "K8", "K9", "K10"], hex="K9"), "BG-18.1")
    bg.rejects(
        moves(seek(seeker(bg, objectives=("K12",))), ["K6", "K7", "K8", "K9", "K10"], hex="K12"), "BG-9.2.1"
    )


@pytest.mark.parametrize(
    ("terrain", "others"),
    [([{"piece": "rock", "kind": "low", "hexes": ["K9"]}], ()), ((), (("p1", "stratos", "K9"),))],
    ids=["on-an-obstacle", "under-a-character"],
)
def test_bg_amb_19_an_object_where_no_character_can_end_is_reached_beside_it(bg, terrain, others):
    """BG-AMB-19: the objective's hex counts only when the mover can end there; on a low obstacle, or under
    Stratos, He-Man heads for the hexes beside it (K8 is 3 MP away) and faces it from there."""
    sc = moves(seek(seeker(bg, terrain=terrain, others=others)), ["K6", "K7", "K8"], hex="K9")
    assert where(bg, sc) == ("K8", 3)
    bg.accepts(sc)
    sc = seeker(bg, terrain=terrain, others=others)
    bg.rejects(moves(seek(sc), ["K6", "K7", "K8", "L8"], hex="K9"), "BG-18.1")


def test_bg_18_1_the_movement_names_the_objective_it_heads_for(bg):
    """BG-18.1: with two objectives (K9, F5) the event's ``hex`` names the one indicated; without it, or
    naming a hex without an objective, it is refused; the path must head for the one it names."""
    two = ("K9", "F5")
    bg.rejects(moves(seek(seeker(bg, objectives=two)), ["K6"]), "BG-18.1")
    bg.rejects(moves(seek(seeker(bg, objectives=two)), ["K6"], hex="K10"), "BG-18.1")
    bg.rejects(moves(seek(seeker(bg, objectives=two)), ["K6"], hex="F5"), "BG-18.1")
    sc = seek(seeker(bg, objectives=two))
    west = [e for e in offered(bg, sc, type="movement", hex="F5") if len(e["path"]) == 4]
    grid = bg.grid
    assert west and all(grid.hex_distance(grid.parse(e["path"][-1]), grid.parse("F5")) == 1 for e in west)
    sc.doc["events"].append(west[0])
    assert where(bg, sc)[0] == west[0]["path"][-1]
    bg.accepts(sc)


def test_bg_18_1_legal_events_offer_each_objective_and_each_is_accepted(bg):
    """The movements offered name each objective on the battlefield; every one offered is accepted (with
    a facing wherever standing on the objective leaves a tie, BG-AMB-07)."""
    sc = seek(seeker(bg, objectives=("K9", "F5")))
    options = offered(bg, sc, type="movement")
    assert {e["hex"] for e in options} == {"K9", "F5"}
    assert {e["facing"] for e in options if e["path"][-1:] == ["K9"]} == set(range(6))
    for event in options:
        trial = seek(seeker(bg, objectives=("K9", "F5")))
        trial.doc["events"].append(event)
        bg.accepts(trial)


def test_bg_18_1_a_toward_an_objective_needs_one_on_the_battlefield(bg):
    """BG-18.1: with no objective token left, nothing can be indicated: the ability is not offered and its
    use is refused."""
    sc = seeker(bg, objectives=())
    assert not offered(bg, sc, type="ability", ability="seek")
    bg.rejects(seek(sc), "BG-18.1")


def test_bg_7_2_1_a_claimed_objective_is_no_longer_indicated(bg):
    """BG-7.2.1 / BG-18.1: He-Man, beside the objective at K6 (outside his deployment zone, rows 1–5), claims
    it in the first cleanup; in the second round only the one at K9 is still on the battlefield to head for."""
    zones = [{"rows": [1, 5]}, {"rows": [6, 30]}]
    sc = seeker(bg, objectives=("K6", "K9"), begin=False, zones=zones)
    bg.skip_round(sc.deal())
    assert bg.state(sc).sides["p1"].objectives == 1
    sc = seek(bg.begin(sc, "he-man", ap=5, deal=False))
    assert {e["hex"] for e in offered(bg, sc, type="movement")} == {"K9"}
    bg.rejects(moves(sc, ["K6"], hex="K6", facing=1), "BG-18.1")


# -- markers ----------------------------------------------------------------------------------------------
def test_bg_18_1_toward_a_marker(bg):
    """BG-18.1: He-Man places his Sigil marker on K9, then heads for it and ends on its hex (tokens do not
    block, §2.2); before any marker lies on the battlefield the movement has nothing to head for."""
    sc = seeker(bg, "marker", objectives=())
    assert not offered(bg, sc, type="ability", ability="seek")
    sc.add("ability", character="he-man", ability="sigil").add("place_marker", character="he-man", hex="K9")
    assert isinstance(bg.state(seek(sc)).top(), Pending)
    assert {e["hex"] for e in offered(bg, sc, type="movement")} == {"K9"}
    moves(sc, ["K6", "K7", "K8", "K9"], facing=2)  # a single marker: ``hex`` may be left out
    assert where(bg, sc) == ("K9", 2)
    bg.accepts(sc)


# -- massive movers ---------------------------------------------------------------------------------------
def test_bg_19_2_a_massive_mover_reaches_an_objective_when_its_base_covers_it(bg):
    """BG-18.1 / BG-AMB-19 / BG-19.2: Ram Man (K5 and K6) heads for the objective at K9 whole-base step by
    step: three steps put his rear hex on it (K8 and K9), and a fourth is no shortest path. With the
    objective under his base, every facing his base fits in faces it, his player choosing (BG-AMB-07)."""
    sc = seek(seeker(bg, mover="ram-man"), "ram-man")
    ends = {(tuple(e["path"]), e.get("facing")) for e in offered(bg, sc, type="movement")}
    assert {path for path, _ in ends} == {(), ("K6",), ("K6", "K7"), ("K6", "K7", "K8")}
    assert {f for path, f in ends if len(path) == 3} == set(range(6))
    moves(sc, ["K6", "K7", "K8"], "ram-man", hex="K9", facing=0)
    game = bg.state(sc)
    assert [game.board.label(c) for c in game.units["ram-man"].cells] == ["K8", "K9"]
    bg.accepts(sc)
    sc = seek(seeker(bg, mover="ram-man"), "ram-man")
    bg.rejects(moves(sc, ["K6", "K7", "K8", "K9"], "ram-man", hex="K9", facing=0), "BG-18.1")


def test_bg_19_7_a_massive_mover_turns_to_face_an_objective_about_its_pivot(bg):
    """BG-18.1 / BG-19.7: 4 MP toward the objective at K15: four steps south (facing hex K9, rear hex K10),
    then Ram Man turns about his pivot, the rear hex, until his facing hex is beside the hex closest to it:
    facing south, his facing hex swinging round to K11."""
    sc = seek(seeker(bg, objectives=("K15",), mover="ram-man"), "ram-man")
    moves(sc, ["K6", "K7", "K8", "K9"], "ram-man", hex="K15")
    game = bg.state(sc)
    assert ([game.board.label(c) for c in game.units["ram-man"].cells], game.units["ram-man"].facing) == (
        ["K11", "K10"],
        3,
    )
    bg.accepts(sc)


# -- the pack and the log ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("move", "target"),
    [({"kind": "charge", "toward": "objective"}, "self"), ({"kind": "charge", "toward": "marker"}, "enemy")],
    ids=["objective", "marker"],
)
def test_log_3_5_a_charge_heads_for_a_character_only(bg, move, target):
    """BG-18.2 / LOG-3.5: a charge must end adjacent to the character charged; a pack that sends one toward
    an object is malformed, and the log unreadable."""
    sc = bg.scenario()
    Toolbox.give(sc, "he-man", ability("rush", {"move": move}, target))
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5")


def test_log_5_2_a_hex_only_on_a_movement_toward_an_object(bg):
    """LOG-5.2: a movement toward a character names no object; a ``hex`` on it is malformed."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "he-man", ability("seek", {"move": {"kind": "toward", "mp": 3}}, "enemy"))
    sc.place("p1", "he-man", [], "K5", facing=3).place("p2", "skeletor", [], "K12", facing=0)
    bg.begin(sc, "he-man")
    sc.add("ability", character="he-man", ability="seek", target="skeletor")
    verdict = bg.verify(moves(sc, ["K6"], hex="K12"))
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-5.2")
