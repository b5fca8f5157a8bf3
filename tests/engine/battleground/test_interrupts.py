"""Guard (BG-11.2), interrupts (BG-14.1) and opportunity attacks (BG-14.2), with the proposals of
BG-AMB-20, BG-AMB-21, BG-AMB-37 and BG-AMB-38."""

from __future__ import annotations

import pytest

from engine.games.battleground.state import Trigger

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
MISS = {"attack": {"dice": [2]}, "defence": {"dice": [2]}}


def guarded(
    bg,
    *,
    equipment=("sword-of-power",),
    guard_hex="K12",
    guard_facing=3,
    speed=(3, 5),
    focus=False,
    start="K25",
    path=("K24", "K23", "K22", "K21", "K20"),
    facing=None,
    terrain=(),
    mana=0,
    extra=None,
):
    """He-Man guards (after a Focus if asked); then Skeletor (speed 8) makes one Move along ``path``."""
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))
    bg.stats(sc, "he-man", speed=speed, perception=1, strength=1, power=1)
    bg.stats(sc, "skeletor", speed=(8, 10), toughness=1, mind=1, health=9)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    bg.weapon(sc, "magic-blast", type="spell", range_in=10, mana_cost=3)
    sc.place("p1", "he-man", list(equipment), guard_hex, facing=guard_facing)
    if extra:
        extra(sc)
    sc.place("p2", "skeletor", ["havoc-staff"], start, facing=0)
    bg.begin(sc, "he-man", ap=2, mana=mana)
    if focus:
        sc.add("focus", character="he-man")
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    move = {"character": "skeletor", "path": list(path)}
    if facing is not None:
        move["facing"] = facing
    sc.add("move", **move)
    return sc


def triggered(bg, sc) -> bool:
    top = bg.state(sc).top()
    return isinstance(top, Trigger) and top.kind == "guard"


# -- Guard action ----------------------------------------------------------------------------------------
def test_bg_11_2_1_guard_ends_the_activation_at_once(bg):
    """BG-11.2.1 / BG-6.7.5: the guard token is placed, the remaining AP are lost, and the opponent's
    activation comes next."""
    sc = bg.scenario()
    sc.place("p1", "he-man", ["sword-of-power"], "K5", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K25", facing=0)
    bg.begin(sc, "he-man", ap=5)
    sc.add("guard", character="he-man")
    game = bg.state(sc)
    assert game.units["he-man"].guard is True and game.units["he-man"].activated is True
    assert game.phase == "activate" and game.queue == ["p2"]
    sc.add("focus", character="he-man")
    bg.rejects(sc, "BG-6.6.1")


def test_bg_6_6_2_guard_has_its_own_escalating_counter(bg):
    """BG-6.6.2: Focus then Guard cost 1 + 1 (separate counters): 2 AP are enough."""
    sc = guarded(bg, focus=True)
    game = bg.state(sc)
    assert game.units["he-man"].focused and game.units["he-man"].guard


# -- Trigger conditions ------------------------------------------------------------------------------------
def test_bg_11_2_3_guard_triggers_when_all_three_conditions_hold(bg):
    """BG-11.2.3: Skeletor ends his move at K17, in He-Man's LoS and front arc, within the Arm Cannon's
    12": He-Man MUST interrupt."""
    sc = guarded(bg, equipment=("arm-cannon",), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"])
    assert triggered(bg, sc)
    sc.add("end_activation", player="p2")
    # The activation cannot go on before the interrupt; the refusal names it and what the log must say.
    v = bg.rejects(sc, "BG-11.2.3")
    assert "He-Man is on guard and must interrupt Skeletor" in v.message
    assert '{"type": "interrupt", "character": "he-man"}' in v.message and "end_interrupt" in v.message


def test_bg_11_2_3_no_guard_without_line_of_sight(bg):
    """BG-11.2.3 (1) / BG-10.4.6: the same move behind a wall that leaves one sight line: no trigger."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K14", "L14"]}]
    sc = guarded(
        bg, equipment=("arm-cannon",), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18"], terrain=wall
    )
    assert not triggered(bg, sc)
    sc = guarded(bg, equipment=("arm-cannon",), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18"])
    assert triggered(bg, sc)


def test_bg_11_2_3_no_guard_behind_the_guard(bg):
    """BG-11.2.3 (2): an enemy ending in the guard's rear arc does not trigger it."""
    sc = guarded(
        bg,
        equipment=("arm-cannon",),
        guard_hex="K20",
        guard_facing=0,
        start="K30",
        path=["K29", "K28", "K27", "K26", "K25"],
    )
    assert not triggered(bg, sc)
    sc = guarded(
        bg,
        equipment=("arm-cannon",),
        guard_hex="K20",
        guard_facing=3,
        start="K30",
        path=["K29", "K28", "K27", "K26", "K25"],
    )
    assert triggered(bg, sc)


def test_bg_amb_06_a_base_on_the_halfway_line_touches_the_front_arc(bg):
    """BG-11.2.3 (2) / BG-AMB-06: M12 lies on the line through K12 perpendicular to He-Man's facing (south):
    any part of the base in the front arc, so the guard triggers."""
    grid = bg.grid
    assert grid.arc(grid.parse("K12"), 3, grid.parse("M12")) == 0
    sc = guarded(bg, equipment=("arm-cannon",), start="M18", path=["M17", "M16", "M15", "M14", "M13", "M12"])
    assert triggered(bg, sc)


def test_bg_11_2_3_no_guard_out_of_range_and_out_of_reach(bg):
    """BG-11.2.3 (3): He-Man (sword, speed 3) cannot reach a hex beside K20, and has no ranged weapon."""
    assert not triggered(bg, guarded(bg))


def test_bg_11_2_3_a_guard_that_can_engage_with_one_move_triggers(bg):
    """BG-11.2.3 (3) / BG-AMB-21 (a): K16 is 4 steps from K12 and beside K17: He-Man (speed 3) cannot reach
    it, so no trigger; with speed 4 he can."""
    path = ["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"]
    assert not triggered(bg, guarded(bg, speed=(3, 5), path=path))
    assert triggered(bg, guarded(bg, speed=(4, 5), path=path))


def test_bg_amb_21a_a_focused_guard_counts_its_focused_speed(bg):
    """BG-11.2.3 (3) / BG-AMB-21 (a): focused, He-Man could use speed 5 for the Move: the guard triggers."""
    path = ["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"]
    assert triggered(bg, guarded(bg, speed=(3, 5), focus=True, path=path))


def test_bg_amb_21b_spell_range_does_not_depend_on_mana(bg):
    """BG-AMB-21 (b): He-Man has no mana for Magic Blast (3 mana), yet Skeletor within its 10" triggers."""
    sc = guarded(bg, equipment=("magic-blast",), mana=0, path=["K24", "K23", "K22", "K21", "K20"])
    assert bg.distance("K12", "K20") <= 10
    assert triggered(bg, sc)


# -- the guard interrupt ------------------------------------------------------------------------------------
def guard_interrupt(bg, **kwargs):
    sc = guarded(
        bg, equipment=("arm-cannon",), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"], **kwargs
    )
    sc.add("interrupt", character="he-man")
    return sc


def test_bg_11_2_5_guard_ends_when_the_guard_interrupt_starts(bg):
    """BG-11.2.5 / BG-14.1.2: the token goes and the interrupting character has 1 AP."""
    game = bg.state(guard_interrupt(bg))
    assert game.units["he-man"].guard is False
    assert game.frame().kind == "guard" and game.frame().ap == 1 and game.frame().target.key == "skeletor"


def test_bg_14_1_4c_every_test_of_the_interrupting_character_is_narrowed(bg):
    """BG-14.1.4 (c) / BG-13.2.5 / BG-11.2.7: He-Man's shot from the guard interrupt has T = 5."""
    sc = guard_interrupt(bg)
    sc.add(
        "attack",
        character="he-man",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [4]},
        defence={"dice": [1]},
        expect={"attack_successes": 0},
    )
    bg.accepts(sc)
    sc.doc["events"][-1]["attack"] = {"dice": [5]}
    sc.doc["events"][-1]["expect"] = {"attack_successes": 1}
    bg.accepts(sc)


@pytest.mark.parametrize(
    "action",
    [{"type": "focus", "character": "he-man"}, {"type": "guard", "character": "he-man"}],
    ids=["focus", "guard"],
)
def test_bg_14_1_2_no_focus_or_guard_in_an_interrupt(bg, action):
    """BG-14.1.2 / BG-11.2.2: only Move, Attack and Use an Active Ability."""
    sc = guard_interrupt(bg)
    sc.doc["events"].append(action)
    bg.rejects(sc, "BG-14.1.2")


def test_bg_14_1_5_the_interrupt_is_over_without_ap(bg):
    """BG-14.1.5: after a 1-AP attack the interrupt has nothing left; it ends with end_interrupt and the
    interrupted activation resumes."""
    sc = guard_interrupt(bg)
    sc.add("attack", character="he-man", weapon="arm-cannon", target="skeletor", **MISS)
    sc.add("attack", character="he-man", weapon="arm-cannon", target="skeletor", **MISS)
    bg.rejects(sc, "BG-14.1.5")
    sc.doc["events"][-1] = {"type": "end_interrupt", "character": "he-man"}
    game = bg.state(sc)
    assert game.frame().unit.key == "skeletor" and game.frame().kind == "activation"


def test_bg_14_1_5_without_ap_only_free_actions_and_the_end_are_offered(bg):
    """BG-14.1.5 / BG-17.3.5: with no AP left the interrupt offers no action, but a single-use item is a free
    action and may still bring AP (here +1 AP)."""
    path = ["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"]
    sc = guarded(bg, equipment=("arm-cannon", "example-ap-token"), path=path)
    bg.item(sc, "example-ap-token", single_use=True, use={"gain_ap": 1})
    sc.add("interrupt", character="he-man")
    sc.add("attack", character="he-man", weapon="arm-cannon", target="skeletor", **MISS)
    offered = {e["type"] for e in bg.state(sc).legal_events()}
    assert {"end_interrupt", "use_item"} <= offered and not offered & {"attack", "move", "ability"}
    sc.add("use_item", character="he-man", item="example-ap-token")
    assert bg.state(sc).frame().ap == 1


def test_bg_14_1_5_end_interrupt_needs_an_interrupt(bg):
    """BG-14.1.5: nothing to end outside an interrupt, nor someone else's interrupt."""
    sc = guard_interrupt(bg)
    sc.add("end_interrupt", character="skeletor")
    bg.rejects(sc, "BG-14.1.5")
    sc = guarded(bg)
    sc.add("end_interrupt", character="skeletor")
    bg.rejects(sc, "BG-14.1.5")


def test_bg_14_1_1_no_interrupt_without_a_trigger(bg):
    """BG-14.1.1: only guard and opportunity attacks open interrupts."""
    sc = guarded(bg)
    sc.add("interrupt", character="he-man")
    bg.rejects(sc, "BG-14.1.1")


def test_bg_11_2_3_only_the_triggered_guards_may_interrupt(bg):
    """BG-11.2.3: Stratos is not on guard; he cannot take He-Man's place."""
    sc = guarded(
        bg,
        equipment=("arm-cannon",),
        path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"],
        extra=lambda s: s.place("p1", "stratos", ["flamethrower"], "C3", facing=3),
    )
    sc.add("interrupt", character="stratos")
    bg.rejects(sc, "BG-11.2.3")


def test_bg_amb_20_an_interrupt_move_goes_toward_the_interrupted_enemy(bg):
    """BG-14.1.4 (b) / BG-AMB-20 / BG-AMB-19: He-Man (speed 3) may step toward Skeletor along a shortest
    path, not away or aside."""
    sc = guarded(bg, speed=(4, 5), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"])
    sc.add("interrupt", character="he-man")
    sc.add("move", character="he-man", path=["K13", "K14"])
    assert bg.label(bg.state(sc), "he-man") == "K14"
    sc.doc["events"][-1]["path"] = ["K11"]
    bg.rejects(sc, "BG-14.1.4")
    sc.doc["events"][-1]["path"] = ["J12", "J13"]  # a detour: J12 is no closer to Skeletor than K12
    bg.rejects(sc, "BG-14.1.4")


def test_bg_amb_19_an_interrupt_move_may_go_round_a_wall(bg):
    """BG-AMB-19 / BG-AMB-20: with a wall at K17 between He-Man (K12, speed 6) and Tri-Klops (K18), the
    shortest paths to a hex beside Tri-Klops run round the wall, along column K or column L, and are legal
    interrupt moves. (The wall is not a hex to stand on, so it is no goal of the move.)"""
    for path in (["K13", "K14", "K15", "K16", "L16", "L17"], ["L12", "L13", "L14", "L15", "L16", "L17"]):
        sc = bg.scenario(zones=ANYWHERE, terrain=[{"piece": "wall", "kind": "high", "hexes": ["K17"]}])
        bg.stats(sc, "he-man", speed=(6, 8))
        sc.place("p1", "he-man", ["sword-of-power"], "K12", facing=3)
        sc.place("p2", "tri-klops", [], "K22", facing=0)
        bg.begin(sc, "he-man", ap=1)
        sc.add("guard", character="he-man")
        sc.add("activate", player="p2", character="tri-klops", bonus="ability")
        sc.add("move", character="tri-klops", path=["K21", "K20", "K19", "K18"])
        sc.add("interrupt", character="he-man")
        sc.add("move", character="he-man", path=path)
        assert bg.label(bg.state(sc), "he-man") == "L17"
        bg.accepts(sc)


def test_bg_amb_20_an_interrupt_move_ends_in_sight_of_the_interrupted_enemy(bg):
    """BG-14.1.4 (b) / BG-AMB-20: Skeletor ends at M18, seen from K12 past the wall K15–L15. K13 is one
    step closer to him, but the wall hides him from there: the interrupt move cannot end at K13."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K15", "L15"]}]
    sc = guarded(
        bg,
        equipment=("arm-cannon",),
        start="M25",
        path=["M24", "M23", "M22", "M21", "M20", "M19", "M18"],
        terrain=wall,
    )
    assert triggered(bg, sc)
    board = bg.state(sc).board
    assert not board.line_of_sight(board.grid.parse("K13"), board.grid.parse("M18"))
    sc.add("interrupt", character="he-man")
    sc.add("move", character="he-man", path=["K13"])
    bg.rejects(sc, "BG-14.1.4")


def test_bg_amb_37_an_interrupt_has_fresh_cost_counters(bg):
    """BG-14.1.3 / BG-AMB-37 / BG-DIS-07 / BG-DIS-17: with a glory card's +1 AP (BG-14.1.2) the interrupt
    moves (1 AP) and then attacks (1 AP): several actions, each the first of its kind in this interrupt."""
    sc = guarded(bg, speed=(4, 5), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"])
    sc.add("interrupt", character="he-man")
    sc.add("play_card", player="p1", card="motu-glory-1", bonus="ap")
    sc.add("move", character="he-man", path=["K13", "K14", "K15", "K16"])
    sc.add("attack", character="he-man", weapon="sword-of-power", target="skeletor", **MISS)
    game = bg.state(sc)
    assert game.frame().ap == 0 and game.frame().counters == {"move": 1, "melee": 1}
    sc.add("end_interrupt", character="he-man")
    game = bg.state(sc)
    assert game.frame().unit.key == "skeletor" and game.frame().counters == {"move": 1}
    bg.accepts(sc)


def test_bg_14_1_4e_cards_played_in_an_interrupt_are_discarded(bg):
    """BG-14.1.4 (e) / BG-DIS-25: the card gives its bonus only (not its AP or mana values) and is not
    placed on the interrupting character, which stays ready."""
    sc = guarded(bg, speed=(4, 5), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"])
    sc.add("interrupt", character="he-man")
    sc.add("play_card", player="p1", card="motu-fate-02", bonus="mana")
    sc.add("end_interrupt", character="he-man")
    game = bg.state(sc)
    assert "motu-fate-02" in game.sides["p1"].discard
    assert "motu-fate-02" not in game.units["he-man"].cards_on
    assert game.units["he-man"].mana == 1  # the fate card's +1 mana bonus, but not its mana value


def test_bg_14_1_7_the_interrupted_character_may_use_single_use_items_first(bg):
    """BG-14.1.7 / BG-17.3.5: when Skeletor's move triggers the guard, his controller may use a single-use
    item before He-Man resolves the interrupt."""
    sc = guarded(bg, equipment=("arm-cannon",), path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"])
    bg.item(sc, "example-ap-token", single_use=True, use={"gain_ap": 1})
    sc.doc["players"][1]["force"][0]["equipment"].append("example-ap-token")
    sc.add("use_item", character="skeletor", item="example-ap-token")
    game = bg.state(sc)
    assert "example-ap-token" in game.units["skeletor"].spent_items
    assert isinstance(game.top(), Trigger)  # the guard interrupt is still to come
    sc.add("interrupt", character="he-man").add("end_interrupt", character="he-man")
    assert bg.state(sc).frame().ap == 3 - 1 + 1


def test_bg_14_1_7_only_the_interrupted_character_uses_items_then(bg):
    """BG-14.1.7: the guard itself does not get a free item window before its interrupt starts."""
    sc = guarded(
        bg,
        equipment=("arm-cannon", "example-ap-token"),
        path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"],
    )
    bg.item(sc, "example-ap-token", single_use=True, use={"gain_ap": 1})
    sc.add("use_item", character="he-man", item="example-ap-token")
    bg.rejects(sc, "BG-11.2.3")


# -- opportunity attacks --------------------------------------------------------------------------------------
def engaged(bg, *, enemies=("skeletor",), he_man_health=9, skeletor_guard=False):
    """He-Man at K15 beside Skeletor (K16) and, if asked, Trap Jaw (J15); He-Man moves away north."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "he-man", toughness=1, health=he_man_health, speed=(5, 8))
    bg.stats(sc, "skeletor", strength=2)
    bg.stats(sc, "trap-jaw", strength=2)
    bg.weapon(sc, "laser-rifle", type="ranged", range_in=14)
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff", "laser-rifle"], "K16", facing=0)
    if "trap-jaw" in enemies:
        sc.place("p2", "trap-jaw", ["hook-arm"], "J15", facing=1)
    if skeletor_guard:
        bg.card(sc, "ew-fate-01", initiative=9, ap=1, mana=0, ability={})
        bg.card(sc, "motu-fate-02", initiative=1, ap=3, mana=0, ability={})
        sc.deal().select("motu-fate-02", "ew-fate-01")
        sc.add("activate", player="p2", character="skeletor", bonus="ability").add(
            "guard", character="skeletor"
        )
        sc.add("activate", player="p1", character="he-man", bonus="ability")
    else:
        bg.begin(sc, "he-man", ap=3)
    sc.add("move", character="he-man", path=["K14", "K13", "K12"])
    return sc


def test_bg_14_2_1_every_engaged_enemy_interrupts_before_the_character_leaves(bg):
    """BG-14.2.1: He-Man declares the move; Skeletor and Trap Jaw both get an opportunity attack, in the
    order EW chooses, while He-Man is still in his hex."""
    sc = engaged(bg, enemies=("skeletor", "trap-jaw"))
    game = bg.state(sc)
    assert isinstance(game.top(), Trigger) and game.top().kind == "opportunity"
    assert {u.key for u in game.top().remaining} == {"skeletor", "trap-jaw"}
    assert bg.label(game, "he-man") == "K15"
    sc.add("interrupt", character="trap-jaw").add("end_interrupt", character="trap-jaw")
    sc.add("interrupt", character="skeletor").add("end_interrupt", character="skeletor")
    game = bg.state(sc)
    assert bg.label(game, "he-man") == "K12"  # BG-14.2.5: the move goes on with all its MP
    bg.accepts(sc)


def test_bg_14_2_5_a_move_resumed_after_the_interrupts_stops_before_a_hex_taken_meanwhile(bg):
    """BG-14.2.5 with BG-9.2.3 (reading): He-Man declared K14→K13→K12; while Skeletor's opportunity attack
    was resolved a character came to stand on K13 (here set directly; in play a card's movement effect did
    it). The move goes on, but stops at K14: two characters never share a hex."""
    sc = engaged(bg)
    sc.place("p2", "trap-jaw", ["hook-arm"], "A1", facing=0)
    game = bg.state(sc)
    game.units["trap-jaw"].hex = bg.grid.parse("K13")
    n = len(sc.doc["events"])
    game.apply(n, {"type": "interrupt", "character": "skeletor"})
    game.apply(n + 1, {"type": "end_interrupt", "character": "skeletor"})
    assert bg.label(game, "he-man") == "K14" and bg.label(game, "trap-jaw") == "K13"


def test_bg_14_2_1_an_opportunity_attack_left_out_is_named_with_what_to_write(bg):
    """BG-14.2.1: a log that goes on as if Trap Jaw and Skeletor made no opportunity attack is refused at
    that event, naming both, the rule, and the events that declare an attack not made."""
    sc = engaged(bg, enemies=("skeletor", "trap-jaw"))
    sc.add("end_activation", player="p1")
    v = bg.rejects(sc, "BG-14.2.1")
    assert "engaged with Skeletor and Trap Jaw: each of them makes an opportunity attack first" in v.message
    assert (
        '{"type": "interrupt", "character": "skeletor"}' in v.message and "their player chooses" in v.message
    )


@pytest.mark.parametrize(
    "action",
    [
        {"type": "move", "character": "skeletor", "path": ["K17"]},
        {"type": "attack", "character": "skeletor", "weapon": "laser-rifle", "target": "he-man", **MISS},
    ],
    ids=["move", "ranged"],
)
def test_bg_14_2_2_an_opportunity_attack_is_one_melee_attack(bg, action):
    """BG-14.2.2: only attack actions, and only melee."""
    sc = engaged(bg)
    sc.add("interrupt", character="skeletor")
    sc.doc["events"].append(action)
    bg.rejects(sc, "BG-14.2.2")


def test_bg_14_2_2_the_opportunity_threshold_is_widened(bg):
    """BG-14.2.2 / BG-13.2.6: T = 3 ([3, 2] → 1 success)."""
    sc = engaged(bg)
    sc.add("interrupt", character="skeletor")
    sc.add(
        "attack",
        character="skeletor",
        weapon="havoc-staff",
        target="he-man",
        attack={"dice": [3, 2]},
        defence={"dice": [1]},
        expect={"attack_successes": 1},
    )
    bg.accepts(sc)


def test_bg_14_2_5_a_mover_knocked_out_by_an_opportunity_attack_does_not_move(bg):
    """BG-14.2.5: He-Man falls in K15; the other pending opportunity attack lapses (BG-AMB-21 e)."""
    sc = engaged(bg, enemies=("skeletor", "trap-jaw"), he_man_health=1)
    sc.add("interrupt", character="skeletor")
    sc.add(
        "attack",
        character="skeletor",
        weapon="havoc-staff",
        target="he-man",
        attack={"dice": [5, 5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    sc.add("end_interrupt", character="skeletor")
    game = bg.state(sc)
    assert not game.units["he-man"].on_board and game.units["he-man"].hex == bg.grid.parse("K15")
    assert game.top() is game.frame() and game.frame().unit.key == "he-man"
    sc.add("interrupt", character="trap-jaw")
    bg.rejects(sc, "BG-14.1.1")


def test_bg_14_2_6_an_opportunity_attack_keeps_the_guard_token(bg):
    """BG-14.2.6 / BG-11.2.5: Skeletor, on guard, makes an opportunity attack and stays on guard."""
    sc = engaged(bg, skeletor_guard=True)
    sc.add("interrupt", character="skeletor").add("end_interrupt", character="skeletor")
    game = bg.state(sc)
    assert game.units["skeletor"].guard is True
    assert bg.label(game, "he-man") == "K12"


def test_bg_14_1_4f_a_mission_completed_in_an_interrupt_goes_to_the_play_area(bg):
    """BG-14.1.4 (f) / BG-17.2.4 / BG-17.2.2: Skeletor plays a glory card for its mission in his opportunity
    attack and knocks He-Man out with a melee weapon: the VP score and the card lies face up in the play
    area, not in the discard pile."""
    sc = engaged(bg, he_man_health=1)
    bg.card(sc, "ew-glory-1", mission={"condition": "knockout_with_melee", "vp": 10})
    sc.add("interrupt", character="skeletor")
    sc.add("play_card", player="p2", card="ew-glory-1", bonus="mission")
    sc.add(
        "attack",
        character="skeletor",
        weapon="havoc-staff",
        target="he-man",
        attack={"dice": [5, 5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    sc.add("end_interrupt", character="skeletor")
    side = bg.state(sc).sides["p2"]
    assert side.vp["missions"] == 10
    assert "ew-glory-1" in side.play_area and "ew-glory-1" not in side.discard


def test_bg_amb_21e_pending_guards_lapse_and_keep_their_tokens(bg):
    """BG-AMB-21 (e) / BG-11.2.5: two guards trigger on Skeletor; the first knocks him out; the second
    interrupt lapses and that character keeps its guard token."""

    def stratos(sc):
        sc.place("p1", "stratos", ["flamethrower"], "M12", facing=3)

    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "he-man", perception=3)
    bg.stats(sc, "skeletor", speed=(8, 10), toughness=1, health=1)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    bg.weapon(sc, "flamethrower", type="ranged", range_in=8)
    sc.place("p1", "he-man", ["arm-cannon"], "K12", facing=3)
    stratos(sc)
    sc.place("p2", "skeletor", ["havoc-staff"], "K25", facing=0)
    sc.place("p2", "trap-jaw", ["hook-arm"], "A30", facing=0)
    bg.begin(sc, "he-man", ap=1)
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="trap-jaw", bonus="ability").add("end_activation", player="p2")
    bg.card(sc, "motu-fate-03", initiative=9, ap=1, mana=0, ability={})
    bg.card(sc, "ew-fate-03", initiative=1, ap=3, mana=0, ability={})
    sc.select("motu-fate-03", "ew-fate-03")
    sc.add("activate", player="p1", character="stratos", bonus="ability").add("guard", character="stratos")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add("move", character="skeletor", path=["K24", "K23", "K22", "K21", "K20", "K19", "K18", "K17"])
    game = bg.state(sc)
    assert {u.key for u in game.top().remaining} == {"he-man", "stratos"}
    sc.add("interrupt", character="he-man")
    sc.add(
        "attack",
        character="he-man",
        weapon="arm-cannon",
        target="skeletor",
        attack={"dice": [5, 5, 5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    sc.add("end_interrupt", character="he-man")
    game = bg.state(sc)
    assert game.units["stratos"].guard is True and game.units["he-man"].guard is False
    assert game.top() is game.frame() and game.frame().unit.key == "skeletor"
    sc.add("end_activation", player="p2")
    bg.accepts(sc)


def test_bg_9_2_13_a_move_pays_and_spends_focus_before_the_opportunity_attacks(bg):
    """BG-9.2.13 (a)–(c) / BG-DIS-06: the Move is declared (AP paid, focus spent for focused speed), then the
    opportunity attack happens while He-Man is still in his hex (after the declaration, before leaving),
    then the steps are taken with the focused MP."""
    sc = engaged(bg)
    sc.doc["events"].pop()
    sc.add("focus", character="he-man")
    sc.add("move", character="he-man", path=["K14", "K13", "K12", "K11", "K10", "K9", "K8"], focus=True)
    game = bg.state(sc)
    assert isinstance(game.top(), Trigger) and bg.label(game, "he-man") == "K15"
    assert game.units["he-man"].focused is False
    activation = next(f for f in game.stack if not isinstance(f, Trigger))
    assert activation.ap == 3 - 1 - 1
    sc.add("interrupt", character="skeletor")
    sc.add(
        "attack",
        character="skeletor",
        weapon="havoc-staff",
        target="he-man",
        attack={"dice": [5, 5]},
        defence={"dice": [2]},
    )
    sc.add("end_interrupt", character="skeletor")
    assert bg.label(bg.state(sc), "he-man") == "K8"
    bg.accepts(sc)


def test_bg_6_3_5_a_player_who_has_passed_still_interrupts(bg):
    """BG-6.3.5 (interpretation): passing only stops activations. EW's Skeletor guards, EW pass, and his
    guard still interrupts He-Man's move."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    bg.stats(sc, "he-man", speed=(8, 10))
    sc.place("p1", "he-man", ["sword-of-power"], "K25", facing=0)
    sc.place("p1", "stratos", [], "A1", facing=0)
    sc.place("p2", "skeletor", ["arm-cannon"], "K12", facing=3)
    sc.place("p2", "trap-jaw", [], "Y30", facing=0)
    bg.card(sc, "ew-fate-01", initiative=9, ap=1, mana=0, ability={})
    bg.card(sc, "motu-fate-02", initiative=1, ap=3, mana=0, ability={})
    sc.deal().select("motu-fate-02", "ew-fate-01")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("guard", character="skeletor")
    sc.add("activate", player="p1", character="stratos", bonus="ability").add("end_activation", player="p1")
    sc.add("select", player="p1", card="motu-fate-03").add("pass", player="p2")
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("move", character="he-man", path=["K24", "K23", "K22", "K21", "K20"])
    game = bg.state(sc)
    assert game.sides["p2"].passed and triggered(bg, sc)
    sc.add("interrupt", character="skeletor").add("end_interrupt", character="skeletor")
    bg.accepts(sc)
