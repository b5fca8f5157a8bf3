"""Effect timing (BG-20.1, BG-6.7.4, BG-AMB-32, BG-DIS-05, BG-16.2.2), ability tests (BG-16.4.3) and
characters readied by an effect (BG-6.7.3, BG-AMB-42)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.games.battleground.state import Frame, Pending
from tests.engine.battleground.conftest import Toolbox

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
BANNER = {
    "id": "banner",
    "name": "Banner",
    "range_in": 8,
    "radius_in": 2,
    "affects": "allies",
    "modifiers": [],
}


def passive(ability_id: str, when: str, effect: dict) -> dict:
    return {
        "id": ability_id,
        "name": ability_id.replace("-", " ").title(),
        "kind": "passive",
        "when": when,
        "effect": effect,
    }


def duel(
    bg, *abilities, he_man="K12", skeletor="K25", ap=1, card_ability=None, he_man_kit=("sword-of-power",)
):
    """He-Man (with ``abilities``) activates first with a card of ``ap`` AP."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "he-man", *abilities)
    sc.place("p1", "he-man", list(he_man_kit), he_man, facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], skeletor, facing=0)
    bg.begin(sc, "he-man", ap=ap, ability=card_ability)
    return sc


# -- on activation ------------------------------------------------------------------------------------------------
def test_bg_20_1_on_activation_effects_resolve_before_any_action(bg):
    """BG-20.1: War Cry (+1 AP on activation) resolves between steps 3 and 4: a 1-AP card gives He-Man 2 AP
    for his actions, so Focus then Move is affordable."""
    sc = duel(bg, passive("war-cry", "on_activation", {"gain_ap": 1}))
    assert bg.state(sc).frame().ap == 2
    sc.add("focus", character="he-man").add("move", character="he-man", path=["K13"])
    bg.accepts(sc)
    sc = duel(bg).add("focus", character="he-man").add("move", character="he-man", path=["K13"])
    bg.rejects(sc, "BG-6.6.3")


def test_bg_20_1_on_activation_comes_after_the_card_bonus(bg):
    """BG-20.1 / BG-6.5.2: the card's unique ability (Haste) is part of step 3; the on-activation Empower
    resolves after it and replaces it (BG-16.1.2)."""
    sc = duel(
        bg, passive("focus-power", "on_activation", {"buff": "empower"}), card_ability={"buff": "haste"}
    )
    assert bg.state(sc).units["he-man"].buff == "empower"


def test_bg_16_2_2_a_passive_ability_triggers_once_per_occasion(bg):
    """BG-16.2.2: War Cry triggers at each of He-Man's activations, once each."""
    sc = duel(bg, passive("war-cry", "on_activation", {"gain_ap": 1}))
    sc.add("end_activation", player="p1").add("activate", player="p2", character="skeletor", bonus="mana")
    sc.add("end_activation", player="p2")  # nobody is ready: cleanup, then round 2
    sc.add("organise", player="p1", discard=[], draw=["motu-fate-06"])
    sc.add("organise", player="p2", discard=[], draw=["ew-fate-06"])
    bg.card(sc, "motu-fate-03", initiative=9, ap=2)
    sc.select("motu-fate-03", "ew-fate-03").add("activate", player="p1", character="he-man", bonus="mana")
    assert bg.state(sc).frame().ap == 3


TWO = (
    passive("swift", "on_activation", {"buff": "haste"}),
    passive("fierce", "on_activation", {"buff": "empower"}),
)


@pytest.mark.parametrize(("first", "buff"), [("swift", "empower"), ("fierce", "haste")])
def test_bg_20_1_the_active_player_orders_simultaneous_effects(bg, first, buff):
    """BG-20.1 / BG-28.5: two on-activation abilities whose order matters (the later buff replaces the earlier):
    the active player names the one to resolve first; the other follows by itself."""
    sc = duel(bg, *TWO)
    game = bg.state(sc)
    assert isinstance(game.top(), Pending)
    assert {e["ability"] for e in game.legal_events()} == {"swift", "fierce"}
    sc.add("resolve_trigger", character="he-man", ability=first)
    assert bg.state(sc).units["he-man"].buff == buff
    bg.accepts(sc)


def test_bg_20_1_no_choice_where_the_order_cannot_matter(bg):
    """BG-20.1: two on-activation abilities that only add AP resolve together, with no choice to log."""
    sc = duel(
        bg,
        passive("war-cry", "on_activation", {"gain_ap": 1}),
        passive("drive", "on_activation", {"gain_ap": 2}),
    )
    game = bg.state(sc)
    assert isinstance(game.top(), Frame) and game.frame().ap == 4
    bg.accepts(sc.add("focus", character="he-man"))


def test_bg_20_1_the_order_is_chosen_before_anything_else(bg):
    """BG-20.1: no action before the order is chosen; and only an ability waiting to trigger may be named."""
    bg.rejects(duel(bg, *TWO).add("focus", character="he-man"), "BG-20.1")
    bg.rejects(
        duel(bg, *TWO).add("resolve_trigger", character="he-man", ability="tactical-master"), "BG-20.1"
    )
    bg.rejects(duel(bg).add("resolve_trigger", character="he-man", ability="swift"), "BG-20.1")


def test_bg_20_1_a_triggered_marker_is_placed_before_the_next_effect(bg):
    """BG-20.1 / BG-16.3.3: the first effect chosen places a marker; its hex is chosen before the second effect
    resolves, and only then may He-Man act."""
    sc = duel(bg, passive("rally", "on_activation", {"marker": BANNER}), TWO[0])
    sc.add("resolve_trigger", character="he-man", ability="rally")
    game = bg.state(sc)
    assert game.units["he-man"].buff is None and game.top().kind == "marker"
    sc.add("place_marker", character="he-man", hex="K14")
    game = bg.state(sc)
    assert game.units["he-man"].buff == "haste" and isinstance(game.top(), Frame) and len(game.markers) == 1
    bg.accepts(sc.add("focus", character="he-man"))


# -- end of the activation ----------------------------------------------------------------------------------------
def test_bg_6_7_4_end_of_activation_effects_resolve_after_step_5(bg):
    """BG-6.7.4 / BG-20.1: Second Wind (Protection at the end of the activation) resolves once He-Man's
    activation has ended, before Skeletor's begins; not during it."""
    sc = duel(bg, passive("second-wind", "end_of_activation", {"buff": "protection"}))
    assert bg.state(sc).units["he-man"].buff is None
    sc.add("end_activation", player="p1")
    game = bg.state(sc)
    assert game.units["he-man"].buff == "protection" and game.units["he-man"].activated
    bg.accepts(sc.add("activate", player="p2", character="skeletor", bonus="mana"))


def test_bg_6_7_4_an_end_of_activation_marker_comes_before_the_next_activation(bg):
    """BG-6.7.4 / BG-6.7.5: Guard ends the activation; the marker He-Man's ability then places must be placed
    before Skeletor may activate."""
    sc = duel(bg, passive("rally", "end_of_activation", {"marker": BANNER}))
    sc.add("guard", character="he-man")
    assert bg.state(sc).top().kind == "marker"
    bg.rejects(
        copy.deepcopy(sc).add("activate", player="p2", character="skeletor", bonus="mana"), "BG-16.3.3"
    )
    sc.add("place_marker", character="he-man", hex="K14").add(
        "activate", player="p2", character="skeletor", bonus="mana"
    )
    bg.accepts(sc)


def test_bg_6_7_4_the_last_activation_of_the_round_waits_for_its_effects(bg):
    """BG-6.7.4 / BG-7.3.1: after the round's last activation its marker is placed first; the cleanup comes
    only then, and removes it."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "he-man", passive("rally", "end_of_activation", {"marker": BANNER}))
    sc.place("p1", "he-man", [], "K12", facing=3)
    sc.place("p2", "skeletor", [], "K25", facing=0)
    bg.begin(sc, "skeletor", player="p2")
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("end_activation", player="p1")
    game = bg.state(sc)
    assert (game.round, game.top().kind) == (1, "marker")
    sc.add("place_marker", character="he-man", hex="K14")
    game = bg.state(sc)
    assert (game.round, game.phase, game.markers) == (2, "organise", [])


# -- interrupts ------------------------------------------------------------------------------------------------------
def guard(bg, *abilities):
    """He-Man (with ``abilities``) guards at K12 with an Arm Cannon; Skeletor walks to K20 and He-Man interrupts."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "he-man", *abilities)
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    sc.place("p1", "he-man", ["arm-cannon"], "K12", facing=3)
    sc.place("p2", "skeletor", [], "K25", facing=0)
    bg.begin(sc, "he-man", ap=2)
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add("move", character="skeletor", path=["K24", "K23", "K22", "K21", "K20"])
    sc.add("interrupt", character="he-man")
    return sc


def test_bg_amb_32_on_interrupt_effects_resolve_before_the_interrupt_ap(bg):
    """BG-20.1 / BG-AMB-32: Vigilance (+1 AP on interrupt) resolves as He-Man's interrupt starts: he has 2 AP."""
    game = bg.state(guard(bg, passive("vigilance", "on_interrupt", {"gain_ap": 1})))
    assert game.frame().ap == 2 and game.frame().kind == "guard"


def test_bg_dis_05_on_interrupt_effects_come_before_the_interrupt_begins(bg):
    """BG-DIS-05 (IT/ES "prima che inizi la sua interruzione", PL "after it begins") / BG-AMB-32: an on-interrupt
    marker is placed before the interrupt, so the interrupt's rule that a marker goes beside the interrupted
    enemy (BG-14.1.4 d) does not bind it: K16, far from Skeletor, is legal."""
    sc = guard(bg, passive("rally", "on_interrupt", {"marker": BANNER}))
    game = bg.state(sc)
    assert game.top().kind == "marker" and game.frame() is None  # the interrupt frame is not open yet
    sc.add("place_marker", character="he-man", hex="K16")  # 3" from Skeletor (K20), not beside him
    assert bg.state(sc).frame().kind == "guard"
    bg.accepts(sc)


def test_bg_20_1_end_of_interrupt_effects_resolve_as_the_interrupt_ends(bg):
    """BG-20.1: Second Wind resolves immediately after He-Man's interrupt ends, and its marker is not bound by
    the interrupt either; then Skeletor's activation resumes."""
    sc = guard(
        bg,
        passive("second-wind", "end_of_interrupt", {"buff": "protection"}),
        passive("rally", "end_of_interrupt", {"marker": BANNER}),
    )
    assert bg.state(sc).units["he-man"].buff is None
    sc.add("end_interrupt", character="he-man").add("resolve_trigger", character="he-man", ability="rally")
    sc.add("place_marker", character="he-man", hex="K14")
    game = bg.state(sc)
    assert game.units["he-man"].buff == "protection" and game.frame().unit.key == "skeletor"
    bg.accepts(sc.add("end_activation", player="p2"))


def test_bg_20_1_the_interrupted_move_resumes_after_end_of_interrupt_effects(bg):
    """BG-20.1 / BG-14.2.1: after He-Man's opportunity attack, his end-of-interrupt marker is placed first; then
    Skeletor leaves K13."""
    sc = bg.scenario(zones=ANYWHERE)
    Toolbox.give(sc, "he-man", passive("rally", "end_of_interrupt", {"marker": BANNER}))
    sc.place("p1", "he-man", ["sword-of-power"], "K12", facing=3)
    sc.place("p2", "skeletor", [], "K13", facing=0)
    bg.begin(sc, "skeletor", player="p2")
    sc.add("move", character="skeletor", path=["K14", "K15"]).add("interrupt", character="he-man")
    sc.add("end_interrupt", character="he-man")
    assert bg.label(bg.state(sc), "skeletor") == "K13"
    sc.add("place_marker", character="he-man", hex="J11")
    assert bg.label(bg.state(sc), "skeletor") == "K15"
    bg.accepts(sc)


@pytest.mark.parametrize(
    "ability",
    [
        {
            "id": "x",
            "name": "X",
            "kind": "active",
            "ap": 1,
            "when": "on_activation",
            "effect": {"gain_ap": 1},
        },
        {
            "id": "x",
            "name": "X",
            "kind": "passive",
            "target": "enemy",
            "when": "on_activation",
            "effect": {"wounds": 1},
        },
        {"id": "x", "name": "X", "kind": "passive", "when": "at_dawn", "effect": {"gain_ap": 1}},
        {"id": "x", "name": "X", "kind": "passive", "test": {"stat": "mind"}, "effect": {"gain_ap": 1}},
        {"id": "x", "name": "X", "kind": "active", "test": {"stat": "mind", "against": "mind"}, "effect": {}},
    ],
    ids=["active", "targeted", "unknown-window", "passive-test", "against-self"],
)
def test_bg_20_1_timed_abilities_and_tests_are_checked_when_the_pack_loads(bg, ability):
    """LOG-3.5 / BG-20.1 / BG-16.4.3: a trigger window is for a passive ability on its own character, one of the
    four windows; a test is for an active ability, and "against" needs a target."""
    sc = bg.scenario()
    Toolbox.give(sc, "he-man", ability)
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    sc.deal().add("concede", player="p2")
    verdict = engine.verify(sc.log(), content_pack=copy.deepcopy(sc.pack))
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5"), verdict.summary()


# -- ability tests -------------------------------------------------------------------------------------------------
STARE = {
    "id": "stare-down",
    "name": "Stare Down",
    "kind": "active",
    "ap": 1,
    "target": "enemy",
    "range_in": 8,
    "test": {"stat": "mind", "against": "mind"},
    "effect": {"debuff": "stun"},
}


def stare(bg, attack, defence=None, *, focus=False, test=None):
    """He-Man (Mind 3) stares down Skeletor (Mind 4), 4" away: Mind against Mind, Stun on 1+ net successes."""
    sc = duel(bg, {**STARE, "test": test or STARE["test"]}, skeletor="K17", ap=3)
    if focus:
        sc.add("focus", character="he-man")
    event = {"character": "he-man", "ability": "stare-down", "target": "skeletor", "attack": {"dice": attack}}
    if defence is not None:
        event["defence"] = {"dice": defence}
    return sc.add("ability", **event)


@pytest.mark.parametrize(
    ("attack", "defence", "stunned"),
    [([5, 5, 1], [1, 1, 1, 1], True), ([5, 1, 1], [4, 1, 1, 1], False), ([6, 1, 1], [4, 4, 4, 4], False)],
)
def test_bg_16_4_3_an_ability_test_against_the_target(bg, attack, defence, stunned):
    """BG-16.4.3 / BG-8.3.4: an ability test under the normal rules, with the target's defence test because the
    ability says "against": the effect resolves on 1+ net successes (a 6 explodes: the log records it)."""
    sc = stare(bg, attack, defence)
    if 6 in attack:
        sc.doc["events"][-1]["attack"]["explosions"] = [2]
    assert (bg.state(sc).units["skeletor"].debuff == "stun") is stunned
    bg.accepts(sc)


def test_bg_16_4_3_ability_test_dice_are_checked(bg):
    """BG-16.4.3 / BG-8.2: Mind 3 rolls 3 dice and Skeletor's Mind 4 defends with 4."""
    bg.rejects(stare(bg, [5, 5], [1, 1, 1, 1]), "BG-8.2")
    bg.rejects(stare(bg, [5, 5, 1], [1, 1, 1]), "BG-8.2")


def test_bg_16_4_3_focus_is_spent_on_an_ability_test(bg):
    """BG-16.4.3 / BG-9.1.4: a focused He-Man spends his focus on the test: his 3s succeed (threshold 3)."""
    sc = stare(bg, [3, 1, 1], [1, 1, 1, 1], focus=True)
    game = bg.state(sc)
    assert game.units["skeletor"].debuff == "stun" and not game.units["he-man"].focused


def test_bg_16_4_3_a_test_not_against_anyone(bg):
    """BG-16.4.3: without "against" only the ability test counts (min 2 successes here), and the log carries no
    defence roll."""
    test = {"stat": "mind", "min": 2}
    assert bg.state(stare(bg, [5, 5, 1], test=test)).units["skeletor"].debuff == "stun"
    assert bg.state(stare(bg, [5, 1, 1], test=test)).units["skeletor"].debuff is None
    verdict = bg.verify(stare(bg, [5, 5, 1], [1, 1, 1, 1], test=test))
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-5.2"), verdict.summary()


# -- readied by an effect -----------------------------------------------------------------------------------------
def rallied(bg, *, rally=True):
    """Man-At-Arms's Rally readies He-Man after He-Man's activation; He-Man then activates again."""
    sc = bg.scenario(zones=ANYWHERE)
    if rally:
        ready = {
            "id": "rally",
            "name": "Rally",
            "kind": "active",
            "ap": 1,
            "target": "ally",
            "range_in": 8,
            "effect": {"ready": True},
        }
        Toolbox.give(sc, "man-at-arms", ready)
    sc.place("p1", "he-man", [], "K10", facing=3)
    sc.place("p1", "man-at-arms", [], "L10", facing=3)
    sc.place("p1", "stratos", [], "A1", facing=3)
    sc.place("p2", "skeletor", [], "K25", facing=0)
    bg.begin(sc, "he-man", ap=1)
    sc.add("end_activation", player="p1").add("activate", player="p2", character="skeletor", bonus="mana")
    sc.add("end_activation", player="p2")  # the Evil Warriors have no ready character left: they pass
    bg.card(sc, "motu-fate-03", ap=2, ability={})
    sc.add("select", player="p1", card="motu-fate-03").add(
        "activate", player="p1", character="man-at-arms", bonus="ability"
    )
    if rally:
        sc.add("ability", character="man-at-arms", ability="rally", target="he-man")
    sc.add("end_activation", player="p1")
    bg.card(sc, "motu-fate-04", ap=1, ability={})
    sc.add("select", player="p1", card="motu-fate-04").add(
        "activate", player="p1", character="he-man", bonus="ability"
    )
    return sc


def test_bg_6_7_3_an_effect_readies_an_activated_character(bg):
    """BG-6.7.3: He-Man, readied by Rally, is activated a second time this round; without it he cannot be."""
    bg.accepts(rallied(bg))
    bg.rejects(rallied(bg, rally=False), "BG-6.7.3")


def test_bg_amb_42_a_readied_character_gains_no_cleanup_mana(bg):
    """BG-AMB-42 / BG-7.6.1: at cleanup Stratos, never activated, gains 1 mana; He-Man, ready again after his
    activation (here not activated a second time), was activated this round and gains none."""
    sc = rallied(bg)
    del sc.doc["events"][-2:]
    game = bg.state(sc)
    assert not game.units["he-man"].activated
    mana = {k: game.units[k].mana for k in ("he-man", "stratos")}
    sc.add("pass", player="p1")
    game = bg.state(sc)
    assert game.round == 2
    assert (game.units["he-man"].mana - mana["he-man"], game.units["stratos"].mana - mana["stratos"]) == (
        0,
        1,
    )


# -- interrupts set off by timed effects --------------------------------------------------------------------
RETREAT = passive("retreat", "end_of_activation", {"move": {"kind": "move", "free_action": True}})


def test_bg_14_2_1_an_end_of_activation_move_is_interrupted_before_the_next_activation(bg):
    """BG-6.7.4 / BG-14.2.1: He-Man, engaged with Skeletor, moves away with Retreat at the end of his
    activation. Skeletor's opportunity interrupt comes first: the next activation cannot start before it
    is resolved, and can once it is."""
    sc = duel(bg, RETREAT, skeletor="K13")
    sc.add("end_activation", player="p1").add("movement", character="he-man", path=["K11"])
    assert [type(x).__name__ for x in bg.state(sc).stack] == ["Trigger"]
    early = copy.deepcopy(sc).add("activate", player="p2", character="skeletor", bonus="mana")
    bg.rejects(early, "BG-14.2.1", at=len(early.doc["events"]) - 1)
    sc.add("interrupt", character="skeletor").add("end_interrupt", character="skeletor")
    sc.add("activate", player="p2", character="skeletor", bonus="mana")
    game = bg.state(sc)
    assert game.frame().unit.key == "skeletor" and bg.label(game, "he-man") == "K11"


def test_bg_11_2_3_an_end_of_activation_move_sets_off_guard_before_the_cleanup(bg):
    """BG-6.7.4 / BG-11.2.3: He-Man guards; Skeletor's Retreat at the end of his activation takes him into
    He-Man's front arc. The guard interrupt is the only thing that may happen next, and the round's cleanup
    comes only once it is over."""
    sc = bg.scenario(zones=ANYWHERE)
    bg.stats(sc, "skeletor", speed=(6, 8))
    Toolbox.give(sc, "skeletor", RETREAT)
    sc.place("p1", "he-man", ["sword-of-power"], "K12", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K20", facing=0)
    bg.begin(sc, "he-man", ap=2)
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="mana")
    sc.add("end_activation", player="p2")
    sc.add("movement", character="skeletor", path=["K19", "K18", "K17", "K16", "K15"])
    game = bg.state(sc)
    assert game.legal_events() == [{"type": "interrupt", "character": "he-man"}]
    assert game.round == 1
    sc.add("interrupt", character="he-man").add("end_interrupt", character="he-man")
    game = bg.state(sc)
    assert (game.round, game.phase, game.stack) == (2, "organise", [])
