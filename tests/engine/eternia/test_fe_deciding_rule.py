"""A draw or roll out of order cites the rule that decides, not the generic deck or dice rule.

Quoted from the original rulebook (originals/eternia.it.txt) for the rules cited:
- FE-11.5.3.B: against an epic beast or a boss, the epic die is rolled before any combat card this round.
- FE-6.10.1: the epic die is used only when a hero fights an epic beast or a boss.
- FE-18.4.6: in solo the victory cards go back to the box; they are not used.
- FE-18.5.2: one wild die picks the battle deck (Novice: a blank or reroll, the surge deck); Relentless: no roll,
  always the surge deck.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import engine
from engine.core.errors import IllegalEvent
from engine.games.eternia import RULESET, due
from tests.engine.eternia.fe_support import simulated


def moments(want, seeds=range(40), **kw):
    """(replay, index) at the first event of a simulated game (seeded) where ``want(replay)`` holds."""
    for seed in seeds:
        log = simulated(seed, **kw)
        g = RULESET.start(log)
        for i, event in enumerate(log["events"]):
            if want(g):
                return g, i
            g.apply(i, copy.deepcopy(event))
    pytest.fail("no simulated game reached the moment")


def refusal(g, event: dict) -> IllegalEvent:
    g2 = g.copy()
    with pytest.raises(IllegalEvent) as info:
        g2.apply(0, event)
    return info.value


def awaits(kind, purpose):
    return lambda g: (g.awaiting or {}).get("kind") == kind and g.awaiting.get("for") == purpose


def test_fe_11_5_3_b_a_combat_card_before_the_epic_die_against_a_beast():
    g, _ = moments(awaits("roll", "epic"))
    err = refusal(g, {"type": "draw", "deck": "combat"})
    assert err.rule == "FE-11.5.3.B" and '"die": "epic"' in err.message


def test_fe_6_10_1_the_epic_die_only_against_a_beast_or_boss():
    def hero_combat_draw(g):
        return awaits("draw", "place")(g) and g.s.combat.kind == "hero"

    g, _ = moments(hero_combat_draw)
    err = refusal(g, {"type": "roll", "die": "epic"})
    assert err.rule == "FE-6.10.1" and "beast or a boss" in err.message


def test_fe_18_5_2_the_battle_deck_is_drawn_after_the_die_that_picks_it():
    g, _ = moments(awaits("roll", "battle"), mode="solo")
    assert g.difficulty != "relentless"
    err = refusal(g, {"type": "draw", "deck": "battle-surge"})
    assert err.rule == "FE-18.5.2" and "picks the battle deck" in err.message


def test_fe_18_5_2_relentless_draws_from_the_surge_deck_with_no_roll():
    def relentless_draw(g):
        return awaits("draw", "battle")(g) and g.difficulty == "relentless"

    g, _ = moments(relentless_draw, mode="solo")
    err = refusal(g, {"type": "roll", "die": "wild"})
    assert err.rule == "FE-18.5.2" and "no die is rolled" in err.message
    err = refusal(g, {"type": "draw", "deck": "battle-plain"})
    assert err.rule == "FE-18.5.2" and "always the surge deck" in err.message


def test_a_refusal_reporting_what_is_awaited_cites_the_rule_that_makes_it_due():
    g, _ = moments(lambda g: (g.awaiting or {}).get("kind") == "activate")
    err = refusal(g, {"type": "draw", "deck": "encounter"})
    assert err.rule == "FE-8.3.1" and "activates one of its heroes" in err.message


def test_a_draw_may_name_the_hero_it_is_for():
    g, _ = moments(awaits("draw", "place"))
    hero = g.awaiting["hero"]
    other = next(h for h in g.s.heroes if h != hero)
    err = refusal(g, {"type": "draw", "deck": "combat", "hero": other})
    assert err.rule == due.due(g, g.awaiting)[0] and f"is {g.name(hero)}'s" in err.message
    g.apply(0, {"type": "draw", "deck": "combat", "hero": hero})  # the hero it is for: accepted


@pytest.mark.parametrize("mode", ["standard", "solo", "skirmish"])
def test_everything_the_engine_awaits_has_the_rule_that_makes_it_due(mode):
    """Every draw, roll and decision a game awaits is in due.py (and so in docs/log-format.md), with a rule id
    of the rules index."""
    info = engine.game("motu-fields-of-eternia")
    docs = (Path(__file__).resolve().parents[3] / "docs" / "log-format.md").read_text("utf-8")
    for seed in range(3):
        log = simulated(seed, mode=mode)
        g = RULESET.start(log)
        for i, event in enumerate(log["events"]):
            found = due.due(g, g.awaiting)
            assert found is not None and info.rule(found[0]) is not None, (seed, i, g.awaiting)
            assert f"| {found[0]} |" in docs, found
            g.apply(i, copy.deepcopy(event))


def test_an_event_answering_nothing_awaited_cites_the_rule_of_what_is():
    """An event that answers nothing awaited now (here a wild-region dice assignment between activations) cites
    the rule that makes the awaited event due, and says what the log should record next."""
    g, _ = moments(lambda g: (g.awaiting or {}).get("kind") == "activate")
    err = refusal(
        g, {"type": "assign", "hero": next(iter(g.s.heroes)), "defence": [], "attack": [], "hp": []}
    )
    assert err.rule == "FE-8.3.1" and "the log should next record" in err.message
