"""Bosses and the solo / co-op game against one (FE-18 with FE-11.0.1, FE-11.5.9.5, AMB-29, FE-15.6, FE-17.1.1).

The starter pack's boss card is the Evil Seed (named in the rulebook, FE-22.6; its values are placeholders)
and the placeholder scenario solo-evil-seed puts it in play on the Central Tower, its defeat the objective.
"""

from __future__ import annotations

import pytest
from fe_support import draw, header, illegal, pack, play, roll, setup_draws

import engine
from engine.core.errors import UnreadableLog
from engine.games.eternia import RULESET, actions, effects
from engine.games.eternia import queries as q

BOSS = "evil-seed"
LAIR = "central-tower"


def start(difficulty="novice"):
    head = header(ew=[])
    head["players"] = head["players"][:1]
    head["setup"] = {"mode": "solo", "scenario": "solo-evil-seed", "starting_team": "motu",
                     "difficulty": difficulty}  # fmt: skip
    g = RULESET.start(head)
    setup_draws(g)
    return g


def _offers(g):
    while g.awaiting["kind"] == "draw" and g.awaiting["for"] == "offer":
        play(g, draw(*g.s.decks[g.awaiting["deck"]][:4], deck=g.awaiting["deck"]))


def meet(g, hero="he-man", frm="tower-of-grayskull"):
    """``hero`` walks from ``frm`` into the boss's area and chooses its sword."""
    g.s.heroes[hero].area = frm
    play(g, {"type": "activate", "hero": hero}, {"type": "move", "hero": hero, "path": [LAIR]})
    _offers(g)
    play(g, {"type": "weapon", "hero": hero, "weapon": "melee"})
    return g.s.combat


def fight_round(g, hero="he-man", cards=("+3", "+2", "+3", "+2"), face="defence+1"):
    play(g, roll(face, die="epic"))
    for card, zone in zip(cards, ("attack", "defence", "attack", "defence"), strict=True):
        play(g, draw(card), {"type": "place", "hero": hero, "zone": zone})
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})


def test_fe_22_6_the_pack_ships_the_evil_seed_boss_and_every_unprinted_value_is_provisional():
    """FE-22.6, FE-23.4: the boss card's name is printed, its numbers are not; the scenario that uses it is
    a placeholder of the mission book's (FE-18.1.4, FE-18.4.2)."""
    g = start()
    card = g.content.epic_beasts[BOSS]
    assert card["name"] == "Evil Seed" and card["boss"] is True and card["taming_cost"] is None
    assert g.content.find("epic_beasts", "Evil Seed") == BOSS
    assert {"hp", "attack", "defence", "initiative", "surge", "reward"} <= set(card["provisional"])
    assert g.content.provisional_fields()[f"epic_beasts/{BOSS}"] == card["provisional"]
    scenario = g.content.scenarios["solo-evil-seed"]
    assert {"bosses", "objective", "rounds"} <= set(scenario["provisional"]) and scenario["note"]
    # An organizer's pack that puts the boss in play and also in the deck is refused as malformed (LOG-3.5).
    doc = pack()
    doc["scenarios"]["solo-evil-seed"]["scenario_deck"].append(BOSS)
    with pytest.raises(UnreadableLog, match="in play at setup and in its scenario deck"):
        engine.game("motu-fields-of-eternia").content_loader(doc)


def test_fe_18_4_2_the_scenario_puts_the_boss_in_play_and_a_hero_entering_its_area_meets_it():
    """FE-18.4.2 (the scenario's set-up), FE-11.0.1: entering the boss's area ends the move and starts an
    epic combat; FE-18.5.1: against a boss the combat is unchanged (the epic die, no battle card)."""
    g = start()
    s = g.s
    assert s.bosses == [BOSS] and s.boss_state[BOSS] == {"area": LAIR, "damage": 0}
    assert q.boss_in(g, LAIR) == BOSS and q.controller(g, LAIR) is None  # a card, not a miniature
    s.heroes["he-man"].area = "tower-of-grayskull"
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "move", "hero": "he-man", "path": [LAIR, "mountains-of-perpetua"]}, "FE-11.0.1")
    play(g, {"type": "move", "hero": "he-man", "path": [LAIR]})
    _offers(g)
    play(g, {"type": "weapon", "hero": "he-man", "weapon": "melee"})
    c = s.combat
    assert c.kind == "beast" and c.beast["id"] == BOSS and c.beast["boss"] and c.area == LAIR
    assert c.beast["hp"] == g.content.epic_beasts[BOSS]["hp"] and c.beast["damage"] == 0
    assert g.awaiting == {"kind": "roll", "die": "epic", "count": 1, "hero": "he-man", "for": "epic"}


def test_fe_11_5_9_5_an_undefeated_boss_stays_in_play_with_its_damage_and_the_hero_retreats():
    """FE-11.5.9.5, AMB-18: after two rounds the boss card stays, keeps the damage dealt to it, and the hero
    retreats to an adjacent area its player chooses (never the boss's own); met again, the damage is there."""
    g = start()
    s = g.s
    c = meet(g)
    fight_round(g)
    play(g, {"type": "fight_on", "hero": "he-man"})
    fight_round(g, cards=("+3", "+2", "+2", "+2"))
    assert c.ending["outcome"] == "boss-remains" and c.ending["rule"] == "FE-11.5.9.5"
    dealt = c.beast["damage"]
    assert 0 < dealt < c.beast["hp"]
    assert s.combat is None and s.bosses == [BOSS] and s.boss_state[BOSS] == {"area": LAIR, "damage": dealt}
    assert g.awaiting["kind"] == "push" and LAIR not in actions.move_options(g, g.awaiting)
    hp_left = g.content.epic_beasts[BOSS]["hp"] - dealt  # what the replay viewer shows on the map
    assert g.view()["boss_at"] == {LAIR: {"boss": BOSS, "name": "Evil Seed", "hp": hp_left}}
    play(g, {"type": "push", "hero": "he-man", "to": "tower-of-grayskull"})
    assert s.heroes["he-man"].area == "tower-of-grayskull"
    row = s.record["combats"][-1]
    assert (row["kind"], row["outcome"], row["winner"]) == ("boss", "boss-remains", None)
    play(g, {"type": "end_turn", "hero": "he-man"})
    for h in s.heroes.values():
        h.activated = h.id != "teela"
    g.advance()
    c2 = meet(g, hero="teela")
    assert c2.beast["damage"] == dealt  # FE-11.5.9.5: the damage stays on the boss card


def test_amb_29_a_boss_at_0_hp_gives_1_vp_and_its_reward_leaves_play_and_meets_the_objective():
    """AMB-29 (FE-11.5.7.B): 1 VP and the printed reward; the card leaves play for good (neither tamed nor
    discarded). FE-18.7.1: the scenario's stated objective (defeat the boss) can be declared only now."""
    g = start()
    s = g.s
    play(g, {"type": "activate", "hero": "she-ra"})
    assert not any(e["type"] == "scenario_complete" for e in g.legal_events())
    illegal(g, {"type": "scenario_complete", "team": "motu"}, "FE-18.7.1")
    play(g, {"type": "end_turn", "hero": "she-ra"})
    for h in s.heroes.values():
        h.activated = h.id != "he-man"
    g.advance()
    s.boss_state[BOSS]["damage"] = g.content.epic_beasts[BOSS]["hp"] - 1  # worn down by earlier combats
    eternium = s.teams["motu"].eternium
    meet(g)
    fight_round(g)
    reward = g.content.epic_beasts[BOSS]["reward"]["eternium"]
    assert s.teams["motu"].vp_sources == {"bosses": 1} and s.teams["motu"].eternium == eternium + reward
    assert s.bosses == [] and s.boss_state[BOSS]["defeated"] and q.boss_in(g, LAIR) is None
    assert g.view()["boss_at"] == {}
    assert BOSS not in s.decks["scenario"] + s.discards["scenario"]
    assert g.awaiting["kind"] == "turn"  # no taming offered: a boss is never tamed
    assert {"type": "scenario_complete", "team": "motu"} in g.legal_events()
    play(g, {"type": "scenario_complete", "team": "motu"})
    result = g.result()
    assert result["ended_by"] == "objective" and result["outcome"] == "win"


def test_fe_17_1_1_a_boss_still_in_play_at_the_round_limit_loses_the_solo_game():
    """FE-17.1.1 with FE-18.7.1: the scenario is lost when its boss is still in play after the last round."""
    g = start()
    s = g.s
    s.round = g.final_index()
    for h in s.heroes.values():
        h.activated = h.id != "he-man"
    g.advance()
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "end_turn", "hero": "he-man"})
    result = g.result()
    assert s.phase == "over" and result["ended_by"] == "boss" and result["outcome"] == "loss"
    assert result["against_game"]["outcome"] == "loss"


def test_fe_15_6_soldiers_that_share_an_outpost_with_a_boss_ignore_it():
    """FE-15.6: soldiers moved into the boss's outpost fight nothing there and hold it."""
    g = start()
    s = g.s
    s.heroes["he-man"].area = "tower-of-grayskull"
    effects.place_soldiers(g, "tower-of-grayskull", "motu", 2)
    play(g, {"type": "activate", "hero": "he-man"},
         {"type": "move_soldiers", "hero": "he-man", "from": "tower-of-grayskull", "to": LAIR, "soldiers": 2})  # fmt: skip
    assert s.combat is None and q.soldiers(g, LAIR, "motu") == 2 and q.controller(g, LAIR) == "motu"
    assert s.bosses == [BOSS] and s.boss_state[BOSS]["damage"] == 0


def test_fe_18_the_simulator_plays_verified_games_against_the_boss():
    """FE-18, FE-11.5.9.5, AMB-29, FE-17.1.1: seeded solo games against the Evil Seed are legal; one ends
    with the boss still in play (all lose), one with its defeat declared as the objective."""
    endings = {}
    for seed in (1, 13):
        doc = engine.simulate("motu-fields-of-eternia", seed, mode="solo", scenario="solo-evil-seed")
        verdict = engine.verify(doc)
        assert verdict.status == "legal", (seed, verdict.rule, verdict.message)
        endings[seed] = verdict.result["ended_by"]
        boss_rows = [c for c in verdict.statistics["combats"] if c["kind"] == "boss"]
        assert boss_rows and all(c["opponent"] == BOSS and c["opponent_team"] is None for c in boss_rows)
    assert sorted(endings.values()) == ["boss", "objective"]
