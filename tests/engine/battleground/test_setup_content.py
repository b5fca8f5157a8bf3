"""The battlefield and the content a log relies on (BG-1, BG-2, BG-4), names in any edition (BG-0.5,
BG-DIS-19), the golden rule (BG-3.1, BG-AMB-36), and content the engine refuses rather than misjudges."""

from __future__ import annotations

import pytest

import engine
from engine.core.content import builtin_pack
from engine.games.battleground import board_for
from engine.games.battleground.content import CONTENT_DIR, load_content


@pytest.fixture(scope="module")
def starter():
    doc, digest = builtin_pack(CONTENT_DIR, "bg-core-starter")
    content = load_content(doc, digest)
    return content, board_for(content, "castle-grayskull-first-game")


def test_bg_2_1_1_the_battlefield_is_25_by_30_hexes(starter):
    """BG-2.1.1 / BG-2.1.2 / BG-DIS-18: columns A–Y, rows 1–30, labels column-letter + row number."""
    _, board = starter
    grid = board.grid
    assert (grid.columns, grid.rows, grid.size) == (25, 30, 750)
    assert grid.label(grid.parse("A1")) == "A1" and grid.label(grid.parse("Y30")) == "Y30"
    for label in ("Z1", "A31", "A0", "12", "K"):
        with pytest.raises(ValueError):
            grid.parse(label)


def test_bg_2_1_3_board_hexes_are_at_standard_height(starter):
    """BG-2.1.3 / BG-2.2.9: every hex that is not a platform hex is at standard height (0)."""
    _, board = starter
    assert all(
        height == (1 if kind == "platform" else 0)
        for height, kind in zip(board.height, board.kind, strict=True)
    )
    assert set(board.height) == {0}  # the starter pack's first-game map has no platforms


@pytest.mark.parametrize(
    ("orientation", "offset", "step", "legal"),
    [
        ("flat", "odd-q", "J11", True),
        ("flat", "odd-q", "L13", False),
        ("pointy", "odd-r", "L13", True),
        ("pointy", "odd-r", "J11", False),
    ],
)
def test_bg_amb_02_the_map_declares_orientation_and_offset(bg, orientation, offset, step, legal):
    """BG-AMB-02 / BG-2.1.4: which hexes share a side with K12 depends on the map's orientation and offset
    parity: J11 on a flat-topped odd-q map, L13 on a pointy-topped odd-r one."""
    sc = bg.scenario()
    sc.edit_pack(lambda p: p["maps"][0].update(orientation=orientation, offset=offset))
    sc.place("p1", "he-man", [], "K12", facing=3).place("p2", "skeletor", [], "K28", facing=0)
    bg.begin(sc, "he-man")
    sc.add("move", character="he-man", path=[step])
    if legal:
        assert bg.label(bg.state(sc), "he-man") == step
    else:
        bg.rejects(sc, "BG-9.2.3")


def test_bg_amb_04_the_map_data_classifies_every_portion(starter):
    """BG-AMB-04: terrain classes come from the map data; the first-game columns are high obstacles."""
    _, board = starter
    p = board.grid.parse
    assert board.kind[p("N8")] == "high" and board.piece[p("N8")] == "column-1"
    assert set(board.kind) <= {None, "high", "low", "difficult", "platform", "ladder"}
    mixed = [h for h in range(board.grid.size) if board.piece[h] == "mixed-4-1"]
    assert sorted(board.kind[h] for h in mixed) == ["high", "high", "low", "low"]


def test_bg_4_9_the_first_game_map_holds_the_legends_pieces(starter):
    """BG-4.9: 6 high obstacles of 4 hexes and 4 of 3, mixed-height pieces (2 of 4 hexes, 2 of 3), low
    obstacles (2 of 3 hexes, 4 of 2), columns and 5 objective tokens; no platforms, ladders or difficult
    terrain. BG-DIS-13 leaves the number of columns open: the map has 2."""
    _, board = starter
    pieces: dict[str, list] = {}
    for h in range(board.grid.size):
        if board.piece[h] is not None:
            pieces.setdefault(board.piece[h], []).append(board.kind[h])

    def shape(kinds):
        size = len(kinds)
        if size == 1:
            return ("column", 1)
        return ("mixed" if len(set(kinds)) > 1 else kinds[0], size)

    counts: dict[tuple, int] = {}
    for kinds in pieces.values():
        counts[shape(kinds)] = counts.get(shape(kinds), 0) + 1
    assert counts == {
        ("high", 4): 6,
        ("high", 3): 4,
        ("mixed", 4): 2,
        ("mixed", 3): 2,
        ("low", 3): 2,
        ("low", 2): 4,
        ("column", 1): 2,
    }
    assert len(board.objectives) == 5
    assert not {"platform", "ladder", "difficult"} & set(board.kind)


def test_bg_2_2_6_each_terrain_piece_is_separate_and_a_hex_holds_one(bg):
    """BG-2.2.6 / BG-2.2.7: a map listing two pieces in one hex is malformed (LOG-3.5)."""
    sc = bg.scenario(
        terrain=[
            {"piece": "a", "kind": "low", "hexes": ["K10"]},
            {"piece": "b", "kind": "high", "hexes": ["K10"]},
        ]
    )
    sc.place("p1", "he-man", [], "K3").place("p2", "skeletor", [], "K28")
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5")


def test_bg_1_3_only_characters_in_the_game_take_part(bg):
    """BG-1.3: Orko is in the pack but not on this battlefield; an attack on him is illegal."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
    bg.begin(sc, "skeletor", player="p2")
    sc.add(
        "attack",
        character="skeletor",
        weapon="havoc-staff",
        target="orko",
        attack={"dice": [2]},
        defence={"dice": [2]},
    )
    bg.rejects(sc, "BG-1.3")


def test_bg_1_6_equipment_is_weapons_and_items(bg):
    """BG-1.6: a force entry's equipment resolves into the character's weapons and items."""
    sc = bg.scenario()
    sc.place("p1", "man-at-arms", ["arm-cannon", "mace", "ring-of-grayskull"], "K3", facing=3)
    sc.place("p2", "skeletor", [], "K28")
    unit = bg.state(sc.deal()).units["man-at-arms"]
    assert [w.id for w in unit.weapons] == ["arm-cannon", "mace"]
    assert [i.id for i in unit.items] == ["ring-of-grayskull"]


def test_bg_1_4_a_miniature_faces_one_of_six_sides(bg):
    """BG-1.4: facings are 0–5 (the schema refuses 6); 2.0, an integer in JSON Schema, is read as side 2."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K3", facing=2).place("p2", "skeletor", [], "K28", facing=0)
    sc.doc["players"][0]["force"][0]["facing"] = 2.0
    facing = bg.state(sc.deal()).units["he-man"].facing
    assert facing == 2 and type(facing) is int
    sc.doc["players"][0]["force"][0]["facing"] = 6
    verdict = bg.verify(sc)
    assert verdict.status == "unreadable"


@pytest.mark.parametrize(
    ("sword", "he_man"),
    [
        ("Spada del Potere", "He-Man"),
        ("Espada del Poder", "he-man"),
        ("Miecz Mocy", "HE-MAN"),
        ("Sword of Power", "He-Man"),
    ],
)
def test_bg_dis_19_names_in_any_edition(bg, sword, he_man):
    """BG-0.5 / BG-DIS-19: logs may name things with ids, English names or the IT/ES/PL names of the pack."""
    sc = bg.scenario()
    sc.place("p1", he_man, [sword], "K15", facing=3)
    sc.place("p2", "Skeletor", ["Scettro di Havoc"], "K16", facing=0)
    bg.stats(sc, "he-man", strength=1)
    bg.stats(sc, "skeletor", toughness=1)
    bg.begin(sc, "he-man")
    sc.add(
        "attack",
        character=he_man,
        weapon=sword,
        target="Skeletor",
        attack={"dice": [2]},
        defence={"dice": [2]},
    )
    game = bg.state(sc)
    assert [w.id for w in game.units["he-man"].weapons] == ["sword-of-power"]
    assert [w.id for w in game.units["skeletor"].weapons] == ["havoc-staff"]
    bg.accepts(sc)


def test_bg_amb_36_a_golden_rule_ruling_is_recorded_and_changes_nothing(bg):
    """BG-3.1 / BG-AMB-36: a ``ruling`` event records a roll-off and its outcome at any point; without its
    note it is unreadable (LOG-5.1)."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K5", facing=3).place("p2", "skeletor", [], "K25", facing=0)
    bg.begin(sc, "he-man", ap=3)
    sc.add("ruling", note="roll-off 5–2 for MotU: the ruin counts as a low obstacle")
    sc.add("move", character="he-man", path=["K6"])
    game = bg.state(sc)
    assert game.frame().ap == 2
    bg.accepts(sc)
    sc.doc["events"][-2] = {"type": "ruling"}
    verdict = bg.verify(sc)
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-5.1")


def test_log_3_6_massive_miniatures_are_replayed_not_refused(bg):
    """LOG-3.6 no longer refuses a character marked massive (BG-19 is implemented): with its base stated it
    sets up on every hex of the base; without a base the pack is malformed (LOG-3.5)."""
    sc = bg.scenario()
    ram_man = lambda p: next(c for c in p["characters"] if c["id"] == "ram-man")  # noqa: E731
    sc.edit_pack(lambda p: ram_man(p).update(massive=True, base={"hexes": [[0, 0], [-1, 0]]}))
    sc.place("p1", "ram-man", [], "K5").place("p2", "skeletor", [], "K25")
    bg.accepts(sc.deal())
    game = bg.state(sc)
    assert [game.board.label(h) for h in game.units["ram-man"].cells] == ["K5", "K6"]
    sc.edit_pack(lambda p: ram_man(p).pop("base"))
    verdict = bg.verify(sc)
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5")


def test_log_3_6_an_effect_needing_a_rule_hook_is_refused(bg):
    """LOG-3.6: a card effect that names a rule hook (a card-defined override the engine lacks) makes the
    log unreadable at the event that would use it."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    bg.begin(sc, "he-man", ability={"hook": "teleport-self"})
    verdict = bg.verify(sc)
    assert (verdict.status, verdict.error.rule, verdict.error.event_index) == ("unreadable", "LOG-3.6", 4)


def test_bg_17_3_1_items_are_trinkets_shields_or_armour(bg):
    """BG-17.3.1: a supplied pack with a fourth item type is malformed (LOG-3.5)."""
    sc = bg.scenario()
    bg.item(sc, "helm-of-power", type="helmet")
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5")


def test_bg_5_2_the_organisation_phase_comes_only_between_rounds(bg):
    """BG-5.2 / BG-5.1: in round 2, an organise event during the activation phase is illegal."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    sc.deal()
    bg.skip_round(sc)
    sc.add("organise", player="p1", discard=[], draw=[])
    bg.rejects(sc, "BG-5.2")


def test_the_simulated_first_game_uses_the_first_game_forces():
    """BG-4.2: simulated games field the first-game armies of the starter pack."""
    log = engine.simulate("motu-battleground", 1)
    forces = sorted(sorted(c["character"] for c in p["force"]) for p in log["players"])
    assert forces == [["he-man", "man-at-arms", "stratos"], ["mer-man", "skeletor", "trap-jaw"]]
