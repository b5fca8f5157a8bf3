"""Tests: the 11 steps of BG-8.2, thresholds (BG-8.4), rerolls and explosions (BG-AMB-33), defence
tests (BG-8.3). Unit tests drive ``run_test`` with recorded dice; the game-level tests check that an
attack event's rolls are held to the same rules."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalEvent
from engine.games.battleground.dice import Dice, initial_success, run_test


def roll(values, *, threshold=4, count=None, mana=0, free=0, automatic=False, **extra):
    spec = {"dice": list(values), **extra}
    return run_test(
        spec,
        dice=Dice(None, explosions_automatic=automatic),
        stat="strength",
        dice_count=len(values) if count is None else count,
        threshold=threshold,
        mana_available=mana,
        free_rerolls_allowed=free,
        what="test",
    )


def rejected(rule, values, **kwargs):
    with pytest.raises(IllegalEvent) as info:
        roll(values, **kwargs)
    assert info.value.rule == rule, info.value
    return info.value


# -- thresholds ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("threshold", "successes"),
    [(4, [4, 5, 6]), (3, [3, 4, 5, 6]), (5, [5, 6]), (2, [2, 3, 4, 5, 6]), (6, [6])],
)
def test_bg_8_4_1_default_threshold_and_its_widening_and_narrowing(threshold, successes):
    """BG-8.4.1 / BG-EX-06: results at or above T succeed; T = 4 by default, 3 widened, 5 narrowed."""
    assert [v for v in range(1, 7) if initial_success(v, threshold)] == successes


@pytest.mark.parametrize("threshold", [-3, 0, 1, 2])
def test_bg_8_4_3_a_one_always_fails_whatever_the_threshold(threshold):
    """BG-8.4.3: T ≤ 2 behaves like T = 2."""
    assert not initial_success(1, threshold)
    assert [v for v in range(1, 7) if initial_success(v, threshold)] == [2, 3, 4, 5, 6]


@pytest.mark.parametrize("threshold", [7, 8, 12])
def test_bg_8_4_3_a_six_always_succeeds_whatever_the_threshold(threshold):
    """BG-8.4.3: T ≥ 7 behaves like "6 only"."""
    assert [v for v in range(1, 7) if initial_success(v, threshold)] == [6]


def test_bg_8_2_step_5_initial_successes_count_dice_at_or_above_the_threshold():
    """BG-8.2 steps 4–5 and 9: the base roll [3, 4, 5, 2] at T = 4 has 2 successes."""
    result = roll([3, 4, 5, 2])
    assert (result.successes, result.base_successes, result.explosions) == (2, 2, [])


# -- dice counts and values ----------------------------------------------------------------------------
@pytest.mark.parametrize("values", [[3, 4, 5], [3, 4, 5, 2, 2]])
def test_bg_8_2_step_4_the_base_roll_has_exactly_the_modified_stat_in_dice(values):
    """BG-8.2 step 4: roll dice equal to the modified stat (4 here); more or fewer is illegal."""
    error = rejected("BG-8.2", values, count=4)
    assert "4 dice" in error.message


@pytest.mark.parametrize("bad", [0, 7, -1, 12])
def test_bg_8_1_1_a_six_sided_die_shows_one_to_six(bad):
    """BG-8.1.1: a test is a roll of six-sided dice; any other value is illegal."""
    rejected("BG-8.1.1", [3, bad, 5])


def test_bg_8_1_1_applies_to_explosion_and_reroll_dice_too():
    """BG-8.1.1 for the dice of steps 7 and 8."""
    rejected("BG-8.1.1", [6, 2], explosions=[7])
    rejected("BG-8.1.1", [2, 2], mana=1, mana_rerolls={"dice": [0], "results": [0]})


@pytest.mark.parametrize("count", [0, -2])
def test_bg_amb_13_zero_or_fewer_dice_roll_nothing(count):
    """BG-AMB-13 / BG-8.2.12: a modified stat of 0 or less rolls no dice and has 0 successes."""
    result = roll([], count=count)
    assert (result.dice_count, result.successes, result.final) == (0, 0, [])
    rejected("BG-8.2", [4], count=count)


def test_bg_amb_13_no_reroll_is_possible_with_zero_dice():
    """BG-AMB-13: free or mana rerolls are impossible when no dice are rolled."""
    rejected("BG-17.4.2", [], count=0, mana=3, mana_rerolls={"dice": [0], "results": [6]})


# -- explosions ----------------------------------------------------------------------------------------
def test_bg_8_2_step_8_every_six_explodes_and_explosion_dice_succeed_on_5_or_6():
    """BG-8.2 steps 8–9: two 6s → two explosion dice; 5 succeeds, 4 fails."""
    result = roll([6, 6, 1], explosions=[5, 4])
    assert result.successes == 3


def test_bg_ex_27_explosion_chain_unit():
    """BG-EX-27: T = 4, [6, 2]; the 6 explodes into a 6, which explodes into a 4 → 2 successes."""
    assert roll([6, 2], explosions=[6, 4]).successes == 2


@pytest.mark.parametrize(
    "explosions",
    [[6, 4, 3], [5, 5], [3, 2]],
    ids=["one-extra", "extra-after-a-five", "two-for-one-six"],
)
@pytest.mark.parametrize("automatic", [False, True], ids=["originals", "explosions_automatic"])
def test_bg_8_2_step_8_no_explosion_die_without_a_six_before_it(explosions, automatic):
    """BG-8.2 step 8: each 6 (initial or explosion) gives at most one explosion die, in the order rolled."""
    rejected("BG-8.2", [6, 2], explosions=explosions, automatic=automatic)


@pytest.mark.parametrize(
    ("explosions", "successes"),
    [([], 1), ([6], 2)],
    ids=["declined", "chain-declined"],
)
def test_bg_8_2_step_8_the_roller_may_decline_an_explosion(explosions, successes):
    """BG-8.2 step 8: the originals let the player roll the extra die (IT "permettendo al giocatore di
    lanciare", ES "el jugador puede lanzar"); a recorded roll that stops early declined the rest."""
    assert roll([6, 2], explosions=explosions).successes == successes


@pytest.mark.parametrize("explosions", [[], [6]], ids=["missing", "chain-missing"])
def test_bg_amb_33_with_explosions_automatic_every_six_must_explode(explosions):
    """BG-AMB-33 (the spec's reading, ruleset option ``explosions_automatic``): every six explodes once,
    so a log that leaves one out is refused."""
    rejected("BG-8.2", [6, 2], explosions=explosions, automatic=True)


def test_bg_8_2_explosions_listed_without_any_six_are_illegal():
    """BG-8.2 step 8: no 6, no explosion die."""
    rejected("BG-8.2", [5, 2], explosions=[5])


@pytest.mark.parametrize("threshold", [2, 3, 6, 7])
def test_bg_8_4_2_explosion_dice_always_use_five_plus(threshold):
    """BG-8.4.2: the threshold applies to initial dice only; an explosion 4 fails and a 5 succeeds
    whatever T is."""
    low = roll([6], threshold=threshold, explosions=[4]).successes
    high = roll([6], threshold=threshold, explosions=[5]).successes
    assert (low, high) == (1, 2)


# -- rerolls -------------------------------------------------------------------------------------------
def test_bg_8_2_step_7_mana_rerolls_replace_the_chosen_dice_one_mana_each():
    """BG-8.2 step 7 / BG-17.4.2: one mana per die rerolled; the new result replaces the old."""
    result = roll([2, 2, 5], mana=3, mana_rerolls={"dice": [0, 1], "results": [4, 1]})
    assert (result.final, result.mana_spent, result.successes) == ([4, 1, 5], 2, 2)


def test_bg_8_2_12_a_rerolled_six_explodes_and_a_six_rerolled_away_does_not():
    """BG-8.2.12: explosions are evaluated on the initial dice after all rerolls."""
    assert roll([2, 5], mana=1, mana_rerolls={"dice": [0], "results": [6]}, explosions=[5]).successes == 3
    rejected("BG-8.2", [6, 5], mana=1, mana_rerolls={"dice": [0], "results": [2]}, explosions=[5])
    assert roll([6, 5], mana=1, mana_rerolls={"dice": [0], "results": [2]}).successes == 1


def test_bg_8_2_step_7_at_most_five_mana_rerolls():
    """BG-8.2 step 7: up to 5 mana per test, even with more dice to reroll."""
    values = [1, 1, 1, 1, 1, 1]
    ok = roll(values, mana=5, mana_rerolls={"dice": [0, 1, 2, 3, 4], "results": [2, 2, 2, 2, 2]})
    assert ok.mana_spent == 5
    rejected("BG-17.4.2", values, mana=5, mana_rerolls={"dice": [0, 1, 2, 3, 4, 5], "results": [2] * 6})


def test_bg_17_4_2_mana_rerolls_are_limited_by_the_mana_held():
    """BG-17.4.2: a reroll costs one mana; a character with 1 mana rerolls at most one die."""
    rejected("BG-17.4.2", [1, 1], mana=1, mana_rerolls={"dice": [0, 1], "results": [2, 2]})
    rejected("BG-17.4.2", [1, 1], mana=0, mana_rerolls={"dice": [0], "results": [2]})


def test_bg_amb_33_each_die_is_rerolled_at_most_once_per_step():
    """BG-AMB-33: in step 7 each die can be rerolled at most once."""
    rejected("BG-8.2", [1, 1], mana=3, mana_rerolls={"dice": [0, 0], "results": [2, 3]})


def test_bg_amb_33_explosion_dice_cannot_be_rerolled():
    """BG-AMB-33 / BG-8.2.12: rerolls happen before step 8, so only initial dice have positions."""
    rejected("BG-17.4.2", [6, 2], mana=2, mana_rerolls={"dice": [2], "results": [5]}, explosions=[4])


def test_bg_amb_33_the_reroll_results_must_match_the_dice_chosen():
    """BG-AMB-33: the log records which dice are rerolled and one result for each."""
    rejected("BG-17.4.2", [1, 1], mana=2, mana_rerolls={"dice": [0, 1], "results": [2]})


def test_bg_amb_33_a_die_rerolled_for_free_may_be_rerolled_again_with_mana():
    """BG-AMB-33 / BG-8.2.12: step 6 then step 7 on the same die (engine level: no starter content grants
    free rerolls, so the allowance is passed in directly)."""
    result = roll(
        [1, 2],
        mana=1,
        free=1,
        free_rerolls={"dice": [0], "results": [2]},
        mana_rerolls={"dice": [0], "results": [5]},
    )
    assert (result.final, result.successes, result.mana_spent) == ([5, 2], 1, 1)


def test_bg_8_2_step_6_free_rerolls_need_an_effect_that_allows_them():
    """BG-8.2 step 6: without an effect granting them, free rerolls are illegal."""
    rejected("BG-8.2", [1, 2], free=0, free_rerolls={"dice": [0], "results": [5]})


# -- in a game: attack and defence tests ---------------------------------------------------------------
def duel(bg, *, strength=3, toughness=2, mana=0, target_mana=None):
    """He-Man (fists) next to Skeletor: a melee attack, Strength vs Toughness (BG-10.2.3)."""
    sc = bg.scenario()
    bg.stats(sc, "he-man", strength=strength, toughness=4, health=9)
    bg.stats(sc, "skeletor", strength=2, toughness=toughness, health=20)
    sc.place("p1", "he-man", [], "K15", facing=3)
    sc.place("p2", "skeletor", [], "K16", facing=0)
    bg.begin(sc, "he-man", ap=3, mana=mana)
    return sc


def test_bg_8_3_2_each_defence_success_cancels_one_attack_success(bg):
    """BG-8.3.2 / BG-EX-05: net = attack successes − defence successes, not below 0."""
    sc = duel(bg)
    sc.add(
        "attack",
        character="he-man",
        weapon="fists",
        target="skeletor",
        attack={"dice": [5, 5, 2]},
        defence={"dice": [4, 2]},
        expect={"attack_successes": 2, "defence_successes": 1, "net": 1, "wounds": 1},
    )
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add(
        "attack",
        character="skeletor",
        weapon="fists",
        target="he-man",
        attack={"dice": [5, 2]},
        defence={"dice": [5, 5, 5, 5]},
        expect={"net": 0, "wounds": 0},
    )
    bg.accepts(sc)


def test_bg_8_3_1_the_defence_roll_has_the_defending_stat_in_dice(bg):
    """BG-8.3.1 / BG-8.3.4: Toughness 2 → 2 defence dice; 3 is illegal."""
    sc = duel(bg)
    sc.add(
        "attack",
        character="he-man",
        weapon="fists",
        target="skeletor",
        attack={"dice": [5, 5, 2]},
        defence={"dice": [4, 2, 2]},
    )
    error = bg.rejects(sc, "BG-8.2")
    assert "defence" in error.message


def test_bg_ex_04_mana_reroll_in_an_attack_spends_the_attackers_mana(bg):
    """BG-EX-04 in a game: Strength 4, [3, 4, 6, 2], the 2 rerolled for 1 mana into a 3, the 6 explodes
    into a 5 → 3 successes; mana 2 → 1."""
    sc = duel(bg, strength=4, toughness=1, mana=2)
    sc.add(
        "attack",
        character="he-man",
        weapon="fists",
        target="skeletor",
        attack={"dice": [3, 4, 6, 2], "mana_rerolls": {"dice": [3], "results": [3]}, "explosions": [5]},
        defence={"dice": [2]},
        expect={"attack_successes": 3, "net": 3, "wounds": 1},
    )
    game = bg.state(sc)
    assert game.units["he-man"].mana == 1
    assert game.units["skeletor"].wounds == 1


def test_bg_8_3_3_a_defence_test_has_its_own_mana_rerolls_and_explosions(bg):
    """BG-8.3.3: the defender rerolls with its own mana, and its 6s explode."""
    sc = duel(bg, strength=3, toughness=2)
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="mana")  # +1 mana for Skeletor
    sc.add("end_activation", player="p2")  # nobody has a ready character left: cleanup, round 2
    sc.add("organise", player="p1", discard=[], draw=["motu-fate-06"])
    sc.add("organise", player="p2", discard=[], draw=["ew-fate-06"])
    sc.add("select", player="p1", card="motu-fate-03").add("select", player="p2", card="ew-fate-03")
    bg.card(sc, "motu-fate-03", initiative=9, ap=2, mana=0, ability={})
    bg.card(sc, "ew-fate-03", initiative=1, ap=2, mana=0, ability={})
    # He-Man was the only MotU character, so BG-AMB-25 lets him act first again.
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    sc.add(
        "attack",
        character="he-man",
        weapon="fists",
        target="skeletor",
        attack={"dice": [5, 5, 5]},
        defence={"dice": [6, 1], "mana_rerolls": {"dice": [1], "results": [4]}, "explosions": [5]},
        expect={"defence_successes": 3, "net": 0, "wounds": 0},
    )
    game = bg.state(sc)
    assert game.units["skeletor"].mana == 0


def test_bg_8_3_3_the_defender_cannot_reroll_without_mana(bg):
    """BG-8.3.3 / BG-17.4.2: Skeletor has no mana, so his defence cannot be rerolled."""
    sc = duel(bg)
    sc.add(
        "attack",
        character="he-man",
        weapon="fists",
        target="skeletor",
        attack={"dice": [5, 5, 5]},
        defence={"dice": [1, 1], "mana_rerolls": {"dice": [0], "results": [6]}},
    )
    bg.rejects(sc, "BG-17.4.2")


def test_bg_8_2_step_11_only_the_row_needing_the_most_successes_resolves(bg):
    """BG-8.2 step 11 / BG-10.1.5: a table 1★ → 1 wound, 2★ → 3 wounds; 2 net successes give 3 wounds,
    not 4."""
    sc = duel(bg, strength=3, toughness=1)
    bg.weapon(sc, "test-club", type="melee", table=[{"min": 1, "wounds": 1}, {"min": 2, "wounds": 3}])
    sc.doc["players"][0]["force"][0]["equipment"] = ["test-club"]
    sc.add(
        "attack",
        character="he-man",
        weapon="test-club",
        target="skeletor",
        attack={"dice": [5, 5, 2]},
        defence={"dice": [3]},
        expect={"net": 2, "wounds": 3},
    )
    assert bg.state(sc).units["skeletor"].wounds == 3


def test_bg_9_1_4_a_focused_defender_must_spend_focus_on_its_defence_test(bg):
    """BG-9.1.4 / BG-9.1.5: Skeletor, focused in his own activation, defends He-Man's attack at T = 3 (a 3
    succeeds) and is no longer focused afterwards."""
    sc = bg.scenario()
    bg.stats(sc, "he-man", strength=1)
    bg.stats(sc, "skeletor", toughness=1, health=9)
    sc.place("p1", "he-man", [], "K15", facing=3)
    sc.place("p2", "skeletor", [], "K16", facing=0)
    bg.card(sc, "ew-fate-01", initiative=9, ap=1, mana=0, ability={})
    bg.card(sc, "motu-fate-02", initiative=1, ap=3, mana=0, ability={})
    sc.deal().select("motu-fate-02", "ew-fate-01")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("focus", character="skeletor")
    sc.add("end_activation", player="p2").add("activate", player="p1", character="he-man", bonus="ability")
    sc.add(
        "attack",
        character="he-man",
        weapon="fists",
        target="skeletor",
        attack={"dice": [5]},
        defence={"dice": [3]},
        expect={"defence_successes": 1, "net": 0},
    )
    assert bg.state(sc).units["skeletor"].focused is False
    bg.accepts(sc)
