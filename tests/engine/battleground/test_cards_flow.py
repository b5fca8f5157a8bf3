"""Setup (BG-4), the organisation phase (BG-5.2), card selection, initiative and passing (BG-6.2, 6.3),
activations (BG-6.4–6.7) and additional cards (BG-6.6.4), with BG-AMB-23/24/25/30/41."""

from __future__ import annotations

import pytest

FATE_P1 = [f"motu-fate-{i:02d}" for i in range(1, 21)]
FATE_P2 = [f"ew-fate-{i:02d}" for i in range(1, 21)]


def table(bg, *, p1=("he-man", "stratos"), p2=("skeletor", "trap-jaw"), first_player="p1", **kwargs):
    sc = bg.scenario(first_player=first_player, **kwargs)
    hexes = iter(["K3", "M3", "O3", "Q3"])
    for name in p1:
        sc.place("p1", name, [], next(hexes), facing=3)
    hexes = iter(["K28", "M28", "O28", "Q28"])
    for name in p2:
        sc.place("p2", name, [], next(hexes), facing=0)
    return sc


def initiative(bg, sc, **values):
    for card, value in values.items():
        bg.card(sc, card.replace("_", "-"), initiative=value)
    return sc


# -- setup --------------------------------------------------------------------------------------------------
def test_bg_4_6_each_player_draws_five_and_holds_both_glory_cards(bg):
    """BG-4.6 / BG-4.5: 5 fate cards from the player's own deck, plus the 2 glory cards."""
    sc = table(bg).deal()
    game = bg.state(sc)
    hand = game.sides["p1"].hand
    assert sorted(hand) == sorted(FATE_P1[:5] + ["motu-glory-1", "motu-glory-2"])
    assert len(game.sides["p1"].deck) == 15


def test_bg_4_6_the_opening_hand_is_five_cards(bg):
    """BG-4.6: four cards listed for the opening hand is illegal."""
    sc = table(bg)
    sc.add("deal", player="p1", draw=FATE_P1[:4])
    bg.rejects(sc, "BG-4.6")


def test_bg_4_5_cards_come_from_the_players_own_deck(bg):
    """BG-4.5 / BG-5.2.4: a card of the other faction, or a glory card, is not in the fate deck."""
    for draw in (FATE_P1[:4] + ["ew-fate-01"], FATE_P1[:4] + ["motu-glory-1"], FATE_P1[:4] + [FATE_P1[0]]):
        sc = table(bg)
        sc.add("deal", player="p1", draw=draw)
        bg.rejects(sc, "BG-5.2.4")


def test_bg_4_6_one_deal_per_player_and_only_at_setup(bg):
    """BG-4.6: a second deal is illegal, and so is one after the game has started."""
    sc = table(bg)
    sc.add("deal", player="p1", draw=FATE_P1[:5]).add("deal", player="p1", draw=FATE_P1[5:10])
    bg.rejects(sc, "BG-4.6")
    sc = table(bg).deal()
    sc.add("deal", player="p1", draw=FATE_P1[5:10])
    bg.rejects(sc, "BG-4.6")


def test_bg_4_7_the_log_records_a_first_player_who_is_playing(bg):
    """BG-4.7 / BG-AMB-41: the first player must be one of the two players."""
    sc = table(bg, first_player="p3")
    verdict = bg.verify(sc, end={})
    assert (verdict.status, verdict.error.rule, verdict.error.event_index) == ("illegal", "BG-4.7", None)


@pytest.mark.parametrize("procedure", ["winner-chooses", "winner-is-first"])
def test_bg_amb_41_either_first_player_procedure_is_accepted(bg, procedure):
    """BG-AMB-41 / BG-DIS-01: the header may name either procedure; the log records the outcome."""
    sc = table(bg, options={"first_player_procedure": procedure}).deal()
    verdict = bg.verify(sc)
    assert verdict.status == "legal" and verdict.ruleset_options["first_player_procedure"] == procedure


def test_bg_dis_21_either_player_may_take_either_faction(bg):
    """BG-DIS-21 / BG-4.2: MotU listed second is fine."""
    sc = bg.scenario(factions=("evil-warriors", "masters-of-the-universe"))
    sc.place("p1", "skeletor", [], "K3").place("p2", "he-man", [], "K28")
    bg.accepts(sc.deal())


def test_bg_1_1_an_army_is_one_faction(bg):
    """BG-1.1: He-Man cannot join the Evil Warriors."""
    sc = table(bg, p2=("skeletor", "he-man"), p1=("stratos",))
    verdict = bg.verify(sc, end={})
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-1.1")


def test_bg_1_1_exactly_two_players(bg):
    """BG-1.1: a third player makes the log illegal."""
    sc = table(bg)
    sc.doc["players"].append(
        {
            "id": "p3",
            "name": "Three",
            "faction": "evil-warriors",
            "force": [{"character": "orko", "hex": "A15"}],
        }
    )
    verdict = bg.verify(sc, end={})
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-1.1")


def test_bg_2_1_5_characters_set_up_in_their_deployment_zone(bg):
    """BG-2.1.5: the scenario's zones are rows 1–15 and 16–30."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K20").place("p2", "skeletor", [], "K28")
    verdict = bg.verify(sc, end={})
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-2.1.5")


@pytest.mark.parametrize("terrain", [[], [{"piece": "rock", "kind": "high", "hexes": ["M3"]}]])
def test_bg_2_1_4_one_character_per_hex_and_not_on_an_obstacle(bg, terrain):
    """BG-2.1.4 / BG-2.2.3: a hex already taken, or an obstacle portion, is no place to set up."""
    sc = bg.scenario(terrain=terrain)
    sc.place("p1", "he-man", [], "M3").place("p1", "stratos", [], "M3" if not terrain else "K3")
    sc.place("p2", "skeletor", [], "K28")
    if terrain:
        sc.doc["players"][0]["force"][0]["hex"] = "M3"
    verdict = bg.verify(sc, end={})
    assert (verdict.status, verdict.error.rule) == ("illegal", "BG-2.1.4")


# -- organisation --------------------------------------------------------------------------------------------
def round_two(bg, *, discard=(), draw=None):
    """Round 1: each side activates one character with one card; then p1's organisation event."""
    sc = table(bg, p1=("he-man",), p2=("skeletor",))
    bg.begin(sc, "he-man")
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    sc.add("organise", player="p1", discard=list(discard), draw=FATE_P1[5:6] if draw is None else draw)
    return sc


def test_bg_5_2_1_draw_back_up_to_five_fate_cards(bg):
    """BG-5.2.1: after playing one card, p1 draws one."""
    game = bg.state(round_two(bg))
    assert game.round == 2 and sum(1 for c in game.sides["p1"].hand if "fate" in c) == 5


def test_bg_5_2_1_discard_first_then_draw(bg):
    """BG-5.2.1: discarding two fate cards means drawing three."""
    sc = round_two(bg, discard=FATE_P1[1:3], draw=FATE_P1[5:8])
    game = bg.state(sc)
    assert set(FATE_P1[1:3]) <= set(game.sides["p1"].discard)
    bg.rejects(round_two(bg, discard=FATE_P1[1:3], draw=FATE_P1[5:7]), "BG-5.2.1")


def test_bg_5_2_2_glory_cards_do_not_count_toward_the_hand_limit(bg):
    """BG-5.2.2: discarding a glory card does not let a player draw another fate card."""
    sc = round_two(bg, discard=["motu-glory-1"], draw=FATE_P1[5:6])
    assert "motu-glory-1" not in bg.state(sc).sides["p1"].hand
    bg.rejects(round_two(bg, discard=["motu-glory-1"], draw=FATE_P1[5:7]), "BG-5.2.1")


def test_bg_5_2_1_only_cards_in_hand_are_discarded_and_once_per_round(bg):
    """BG-5.2.1: a card not in hand cannot be discarded; each player organises once."""
    bg.rejects(round_two(bg, discard=["motu-fate-01"]), "BG-5.2.1")  # played in round 1
    sc = round_two(bg)
    sc.add("organise", player="p1", discard=[], draw=[])
    bg.rejects(sc, "BG-5.2.1")


def test_bg_5_2_3_no_organisation_in_round_1(bg):
    """BG-5.2.3 / BG-4.8: round 1 skips the organisation phase."""
    sc = table(bg).deal()
    sc.add("organise", player="p1", discard=[], draw=[])
    bg.rejects(sc, "BG-5.2.3")


def test_bg_amb_30_an_empty_deck_draws_nothing(bg):
    """BG-AMB-30 / BG-5.2.4: with a 6-card fate deck, p1 needs one card in round 2 and there is one left;
    in round 3 there is none to draw."""
    sc = table(bg, p1=("he-man",), p2=("skeletor",))
    sc.edit_pack(lambda p: p["decks"]["masters-of-the-universe"].update(fate=FATE_P1[:6]))
    bg.begin(sc, "he-man")
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    sc.add("organise", player="p1", discard=[], draw=[FATE_P1[5]])
    sc.add("organise", player="p2", discard=[], draw=[FATE_P2[5]])
    bg.card(sc, "motu-fate-02", initiative=9)
    sc.add("select", player="p1", card="motu-fate-02").add("select", player="p2", card="ew-fate-03")
    sc.add("activate", player="p1", character="he-man", bonus="mana").add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="mana").add("end_activation", player="p2")
    sc.add("organise", player="p1", discard=[], draw=[])
    game = bg.state(sc)
    assert game.round == 3 and game.sides["p1"].deck == []
    assert sum(1 for c in game.sides["p1"].hand if "fate" in c) == 4


# -- selection, initiative, passing ------------------------------------------------------------------------
def test_bg_6_2_1_the_selected_card_must_be_in_hand(bg):
    """BG-6.2.1: motu-fate-09 is still in the deck."""
    sc = table(bg).deal()
    sc.add("select", player="p1", card="motu-fate-09")
    bg.rejects(sc, "BG-6.2.1")


def test_bg_6_2_1_one_card_per_player_per_step(bg):
    """BG-6.2.1: a second selection before the reveal is illegal."""
    sc = table(bg).deal()
    sc.add("select", player="p1", card="motu-fate-01").add("select", player="p1", card="motu-fate-02")
    bg.rejects(sc, "BG-6.2.1")


def test_bg_6_3_1_higher_initiative_activates_first(bg):
    """BG-6.3.1 / BG-6.2.2: EW reveal 9 against 2: EW activate first, MotU cannot."""
    sc = initiative(bg, table(bg), motu_fate_01=2, ew_fate_01=9).deal()
    sc.select("motu-fate-01", "ew-fate-01")
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    bg.rejects(sc, "BG-6.3.1")
    sc.doc["events"][-1] = {"type": "activate", "player": "p2", "character": "skeletor", "bonus": "mana"}
    assert bg.state(sc).frame().player == "p2"


def test_bg_6_3_3_then_the_opponent_activates_with_the_card_already_revealed(bg):
    """BG-6.1.1 / BG-6.3.3 / BG-6.3.4: select, activate, resolve, act, end; after EW's activation MotU
    activate with the card they revealed, and then both select again."""
    sc = initiative(bg, table(bg), motu_fate_01=2, ew_fate_01=9).deal()
    sc.select("motu-fate-01", "ew-fate-01")
    sc.add("activate", player="p2", character="skeletor", bonus="mana").add("end_activation", player="p2")
    game = bg.state(sc)
    assert game.phase == "activate" and game.queue == ["p1"]
    sc.add("activate", player="p1", character="he-man", bonus="mana").add("end_activation", player="p1")
    assert bg.state(sc).phase == "select"
    assert bg.state(sc).units["he-man"].cards_on == ["motu-fate-01"]


def test_bg_6_3_5_after_a_pass_the_other_player_activates_alone(bg):
    """BG-6.3.5 / BG-AMB-24: EW pass at step 1; MotU select and activate one character at a time with no
    initiative comparison; EW cannot select again this round."""
    sc = table(bg).deal()
    sc.add("select", player="p1", card="motu-fate-01").add("pass", player="p2")
    sc.add("activate", player="p1", character="he-man", bonus="mana").add("end_activation", player="p1")
    game = bg.state(sc)
    assert game.phase == "select" and game.sides["p2"].passed
    sc.add("select", player="p2", card="ew-fate-01")
    bg.rejects(sc, "BG-6.3.5")
    sc.doc["events"][-1] = {"type": "select", "player": "p1", "card": "motu-fate-02"}
    sc.add("activate", player="p1", character="stratos", bonus="mana").add("end_activation", player="p1")
    assert bg.state(sc).round == 2  # BG-6.3.6: both have passed (MotU have nobody ready) → cleanup


def test_bg_amb_24_a_pass_is_declared_at_step_1(bg):
    """BG-AMB-24: once cards are revealed, the revealed card must be used; no pass mid-activation."""
    sc = table(bg).deal().select("motu-fate-01", "ew-fate-02")
    sc.add("pass", player="p2")
    bg.rejects(sc, "BG-6.2.1")


def test_bg_6_3_5_no_ready_character_means_passing(bg):
    """BG-6.3.5: once all of a player's characters are activated, that player passes automatically and the
    other keeps going."""
    sc = table(bg, p1=("he-man",), p2=("skeletor", "trap-jaw")).deal()
    initiative(bg, sc, motu_fate_01=9, ew_fate_01=1)
    sc.select("motu-fate-01", "ew-fate-01")
    sc.add("activate", player="p1", character="he-man", bonus="mana").add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="mana").add("end_activation", player="p2")
    game = bg.state(sc)
    assert game.sides["p1"].passed and game.phase == "select"
    sc.add("select", player="p2", card="ew-fate-02")
    sc.add("activate", player="p2", character="trap-jaw", bonus="mana").add("end_activation", player="p2")
    assert bg.state(sc).round == 2  # BG-6.3.6 / BG-6.1.2


def test_bg_6_3_5_a_pass_the_rules_already_made_is_not_written(bg):
    """BG-6.3.5: with nobody ready, MotU have passed by rule; a log that writes the pass anyway is told so."""
    sc = table(bg, p1=("he-man",), p2=("skeletor", "trap-jaw")).deal()
    initiative(bg, sc, motu_fate_01=9, ew_fate_01=1)
    sc.select("motu-fate-01", "ew-fate-01")
    sc.add("activate", player="p1", character="he-man", bonus="mana").add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="mana").add("end_activation", player="p2")
    sc.add("pass", player="p1")
    v = bg.rejects(sc, "BG-6.3.5")
    assert "has already passed this round: with no ready character a player must pass" in v.message
    assert "leave the event out" in v.message


def test_bg_amb_23_a_revealed_card_with_nobody_to_activate_goes_back(bg):
    """BG-AMB-23: MotU knock out EW's only character first; EW's revealed card returns to hand and EW are
    treated as having passed."""
    sc = bg.scenario(zones=[{"rows": [1, 30]}, {"rows": [1, 30]}])
    bg.stats(sc, "he-man", strength=1)
    bg.stats(sc, "skeletor", toughness=1, health=1)
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p1", "stratos", [], "A1", facing=3)
    sc.place("p2", "skeletor", [], "K16", facing=0)
    bg.begin(sc, "he-man")
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        attack={"dice": [5]},
        defence={"dice": [1]},
        expect={"knocked_out": True},
    )
    sc.add("end_activation", player="p1")
    game = bg.state(sc)
    assert "ew-fate-02" in game.sides["p2"].hand and game.sides["p2"].passed
    assert game.phase == "select"


# -- activations ----------------------------------------------------------------------------------------------
def test_bg_6_4_1_the_active_player_activates_one_of_their_ready_characters(bg):
    """BG-6.4.1 / BG-6.7.3: not an enemy, and not one already activated this round."""
    sc = table(bg).deal().select("motu-fate-01", "ew-fate-02")
    bg.card(sc, "motu-fate-01", initiative=9)
    bg.card(sc, "ew-fate-02", initiative=1)
    sc.add("activate", player="p1", character="skeletor", bonus="mana")
    bg.rejects(sc, "BG-6.4.1")
    sc.doc["events"][-1] = {"type": "activate", "player": "p1", "character": "he-man", "bonus": "mana"}
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="mana").add("end_activation", player="p2")
    sc.add("select", player="p1", card="motu-fate-03").add("select", player="p2", card="ew-fate-03")
    bg.card(sc, "motu-fate-03", initiative=9)
    bg.card(sc, "ew-fate-03", initiative=1)
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    bg.rejects(sc, "BG-6.7.3")


def double_activation(bg, *, p1=("he-man", "stratos"), second="he-man"):
    sc = table(bg, p1=p1, p2=("skeletor",))
    bg.begin(sc, "stratos" if "stratos" in p1 else "he-man")
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    if "stratos" in p1:
        sc.add("select", player="p1", card="motu-fate-02")
        sc.add("activate", player="p1", character="he-man", bonus="mana").add("end_activation", player="p1")
        sc.add("organise", player="p1", discard=[], draw=FATE_P1[5:7])
    else:
        sc.add("organise", player="p1", discard=[], draw=FATE_P1[5:6])
    sc.add("organise", player="p2", discard=[], draw=FATE_P2[5:6])
    bg.card(sc, "motu-fate-03", initiative=9)
    sc.add("select", player="p1", card="motu-fate-03").add("select", player="p2", card="ew-fate-03")
    sc.add("activate", player="p1", character=second, bonus="mana")
    return sc


def test_bg_6_4_2_the_last_character_activated_is_not_the_first_next_round(bg):
    """BG-6.4.2: He-Man was MotU's last activation in round 1, so he cannot open round 2; Stratos can."""
    bg.rejects(double_activation(bg, second="he-man"), "BG-6.4.2")
    assert bg.state(double_activation(bg, second="stratos")).frame().unit.key == "stratos"


def test_bg_amb_25_the_double_activation_rule_does_not_bind_a_lone_character(bg):
    """BG-AMB-25 / BG-6.4.2 / BG-DIS-16: with only He-Man, he may act first again."""
    assert bg.state(double_activation(bg, p1=("he-man",))).frame().unit.key == "he-man"


def test_bg_6_4_3_starting_an_activation_removes_guard(bg):
    """BG-6.4.3 / BG-11.2.5: He-Man's guard from round 1 survives cleanup and ends when he activates."""
    sc = table(bg, p1=("he-man",), p2=("skeletor",))
    bg.begin(sc, "he-man", ap=1)
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    sc.add("organise", player="p1", discard=[], draw=FATE_P1[5:6])
    sc.add("organise", player="p2", discard=[], draw=FATE_P2[5:6])
    assert bg.state(sc).units["he-man"].guard is True
    bg.card(sc, "motu-fate-02", initiative=9)
    sc.add("select", player="p1", card="motu-fate-02").add("select", player="p2", card="ew-fate-03")
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    assert bg.state(sc).units["he-man"].guard is False


def test_bg_9_1_2_focus_stays_across_activations_and_rounds(bg):
    """BG-9.1.2: an unspent focus token survives the end of the activation and cleanup."""
    sc = table(bg, p1=("he-man",), p2=("skeletor",))
    bg.begin(sc, "he-man", ap=1)
    sc.add("focus", character="he-man").add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    game = bg.state(sc)
    assert game.round == 2 and game.units["he-man"].focused is True


def test_bg_6_7_2_unspent_ap_is_lost_and_mana_stays(bg):
    """BG-6.7.2: He-Man ends with 5 AP and 2 mana unspent; next round he has his new card's AP and
    2 + card mana."""
    sc = table(bg, p1=("he-man",), p2=("skeletor",))
    bg.begin(sc, "he-man", ap=5, mana=2)
    sc.add("end_activation", player="p1")
    sc.add("activate", player="p2", character="skeletor", bonus="ability").add("end_activation", player="p2")
    sc.add("organise", player="p1", discard=[], draw=FATE_P1[5:6])
    sc.add("organise", player="p2", discard=[], draw=FATE_P2[5:6])
    bg.card(sc, "motu-fate-02", initiative=9, ap=1, mana=1, ability={})
    sc.add("select", player="p1", card="motu-fate-02").add("select", player="p2", card="ew-fate-03")
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    game = bg.state(sc)
    assert (game.frame().ap, game.units["he-man"].mana) == (1, 3)


def test_bg_6_7_1_only_the_active_player_ends_the_activation(bg):
    """BG-6.7.1: EW cannot end MotU's activation."""
    sc = table(bg)
    bg.begin(sc, "he-man")
    sc.add("end_activation", player="p2")
    bg.rejects(sc, "BG-6.7.1")


def test_bg_6_7_1_no_activation_to_end_at_step_1(bg):
    """BG-6.7.1: nothing to end before an activation has started."""
    sc = table(bg).deal()
    sc.add("end_activation", player="p1")
    bg.rejects(sc, "BG-6.7.1")


# -- additional cards ---------------------------------------------------------------------------------------
def test_bg_6_6_4_an_additional_card_gives_only_its_bonus(bg):
    """BG-6.6.4 / BG-DIS-24: a fate card worth 4 AP and 3 mana played for +1 mana gives 1 mana; a glory card
    played for +1 AP gives 1 AP; both end up on the character (BG-6.7.1)."""
    sc = table(bg)
    bg.begin(sc, "he-man", ap=2, mana=0)
    bg.card(sc, "motu-fate-02", ap=4, mana=3)
    sc.add("play_card", player="p1", card="motu-fate-02", bonus="mana")
    sc.add("play_card", player="p1", card="motu-glory-2", bonus="ap")
    game = bg.state(sc)
    assert (game.frame().ap, game.units["he-man"].mana) == (3, 1)
    sc.add("end_activation", player="p1")
    assert bg.state(sc).units["he-man"].cards_on == ["motu-fate-01", "motu-fate-02", "motu-glory-2"]


def test_bg_6_6_4_an_additional_card_must_be_in_hand_and_played_in_ones_own_activation(bg):
    """BG-6.6.4: a card not in hand is refused; so is EW playing a card in MotU's activation."""
    sc = table(bg)
    bg.begin(sc, "he-man")
    sc.add("play_card", player="p1", card="motu-fate-12", bonus="mana")
    bg.rejects(sc, "BG-6.6.4")
    sc.doc["events"][-1] = {"type": "play_card", "player": "p2", "card": "ew-fate-01", "bonus": "mana"}
    bg.rejects(sc, "BG-6.6.4")


def test_bg_6_6_4_the_additional_card_bonus_is_one_of_its_two(bg):
    """BG-6.6.4 / BG-6.5.2: a glory card cannot be played for +1 mana."""
    sc = table(bg)
    bg.begin(sc, "he-man")
    sc.add("play_card", player="p1", card="motu-glory-1", bonus="mana")
    bg.rejects(sc, "BG-6.5.2")


def test_bg_6_5_2_a_fate_cards_unique_ability_is_its_other_bonus(bg):
    """BG-6.5.2 / BG-6.5.3: the fate card's unique ability (Haste here) instead of +1 mana."""
    sc = table(bg)
    bg.begin(sc, "he-man", mana=1, ability={"buff": "haste"})
    he_man = bg.state(sc).units["he-man"]
    assert (he_man.buff, he_man.mana) == ("haste", 1)
