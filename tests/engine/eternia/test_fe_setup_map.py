"""Setup (FE-4), the map as an area graph (FE-6.1–6.8), decks (FE-6.13) and the round (FE-8)."""

from __future__ import annotations

from fe_support import draw, header, illegal, play, table

import engine
from engine.games.eternia import flow
from engine.games.eternia import queries as q


def test_faction_setup():
    """FE-4.1.1–4.1.7, FE-4.2.6, FE-2.1, FE-5.1, FE-6.8.1: two teams, three heroes of their faction in
    their base, 15 soldiers in supply, a 21-card deck of the printed composition, 10 Eternium, 3 secret
    victory cards, 0 VP."""
    g = table()
    s = g.s
    assert s.order == ["motu", "ew"]  # FE-4.2.5: the starting team first
    for team, base in (("motu", "castle-grayskull"), ("ew", "temple-of-serpos")):
        t = s.teams[team]
        assert len(t.heroes) == 3 and all(s.heroes[h].area == base for h in t.heroes)
        assert t.supply == 15 and not any(team in v for v in s.soldiers.values())
        assert sorted(t.deck) == sorted(
            ["+1"] * 7 + ["+2"] * 6 + ["+3"] * 3 + ["flow", "surge", "surge", "time", "tool"]
        )
        assert len(t.victory_hand) == 3 and t.vp == 0 and t.vp_sources == {}
    assert all(v is None for v in s.offers.values())  # FE-4.2.4: not yet revealed
    assert s.mission_tokens and s.decks["encounter"] and s.decks["scenario"]  # FE-4.2.1, FE-4.2.3
    assert g.content.track[s.round]["time"] == "day"  # FE-4.2.2: the first day space


def test_setup_refusals_name_the_rule():
    """FE-4.1.1, FE-4.1.2, FE-4.2.5."""
    head = header(motu=["he-man", "she-ra"])
    assert engine.verify(head).error.rule == "FE-4.1.2"
    head = header(motu=["he-man", "she-ra", "skeletor"], ew=["evil-lyn", "beast-man", "trap-jaw"])
    assert engine.verify(head).error.rule == "FE-4.1.2"
    head = header(start="horde")
    assert engine.verify(head).error.rule == "FE-4.2.5"
    head = header()
    head["players"][1]["faction"] = "motu"
    head["players"][1]["force"] = ["teela", "stratos", "ram-man"]
    head["players"][0]["force"] = ["he-man", "she-ra", "man-at-arms"]
    assert engine.verify(head).error.rule == "FE-4.1.1"


def test_a_team_of_several_players():
    """FE-2.1, FE-4.1.2: one player may control several heroes; a team of two players shares one pool."""
    head = header()
    head["players"] = [
        {"id": "a", "name": "A", "faction": "motu", "force": ["he-man"]},
        {"id": "b", "name": "B", "faction": "Masters of the Universe", "force": ["she-ra", "teela"]},
        {"id": "c", "name": "C", "faction": "ew", "force": ["skeletor", "evil-lyn", "beast-man"]},
    ]
    head["events"] = []
    from engine.games.eternia import RULESET

    g = RULESET.start(head)
    assert g.s.teams["motu"].players == ["a", "b"] and g.s.heroes["teela"].player == "b"


def test_every_player_controls_a_hero():
    """FE-2.1 (the original: "ognuno seleziona un personaggio con cui giocare"): a team of three heroes has
    one to three players, each controlling at least one; a fourth player of a team controls nothing."""
    head = header()
    head["players"].append({"id": "d", "name": "Dana", "faction": "motu", "force": []})
    error = engine.verify(head).error
    assert error.rule == "FE-2.1" and "Dana controls no hero" in error.message


def test_area_graph():
    """FE-6.1.1–6.1.5, FE-6.4.1, FE-6.6.1, FE-6.7.1, FE-22.4, AMB-04: outposts and wild regions; adjacency by
    border, path or wrap, symmetric and never reflexive; flight routes apart; three towers; merchants."""
    g = table()
    b = g.board
    assert {a["kind"] for a in b.areas.values()} == {"outpost", "wild"}  # water is no area (FE-6.5.1)
    for a, ns in b.adjacent.items():
        assert a not in ns and all(a in b.adjacent[n] for n in ns)
    assert "wilds-7" in b.adjacent["wilds-1"]  # a wrap-around pair (FE-6.1.4)
    assert (
        "temple-of-serpos" in b.flights["castle-grayskull"]
        and "temple-of-serpos" not in b.adjacent["castle-grayskull"]
    )
    assert (
        b.cost[("castle-grayskull", "temple-of-serpos")] == 2
        and b.cost[("castle-grayskull", "village-of-gaz")] == 1
    )
    assert all(b.is_outpost(x) for a in b.paths for x in b.paths[a] | {a} if b.paths[a])  # FE-6.1.2
    assert sorted(b.towers) == ["central-tower", "tower-of-grayskull", "viper-tower"]
    assert {b.areas[a]["merchant"] for a in b.order if b.areas[a]["merchant"]} == {"forge", "shop", "guild"}
    assert g.content.find("areas", "Torre Centrale") == "central-tower"


def test_control_and_bases():
    """FE-6.2.1, FE-6.2.3, FE-6.2.4, FE-6.3.1, FE-6.3.2, FE-6.14.1: presence controls an outpost; any number
    of friendly heroes share an area; wild regions are never controlled; a base is always its team's."""
    g = table()
    s = g.s
    assert q.controller(g, "castle-grayskull") == "motu"
    for h in s.teams["motu"].heroes:
        s.heroes[h].area = "wilds-1"
    assert q.controller(g, "castle-grayskull") == "motu" and q.controller(g, "wilds-1") is None
    s.soldiers["village-of-gaz"] = {"ew": 1}
    assert q.controller(g, "village-of-gaz") == "ew" and set(q.controlled(g, "ew")) == {
        "village-of-gaz",
        "temple-of-serpos",
    }


def test_no_enemy_may_enter_a_base():
    """FE-6.3.3, FE-9.2.5, AMB-56: an enemy base is never a destination."""
    g = table()
    g.s.heroes["he-man"].area = "temple-of-the-oracle"
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "move", "hero": "he-man", "path": ["temple-of-serpos"]}, "FE-6.3.3")
    assert not q.may_enter(g, g.s.heroes["he-man"], "temple-of-serpos")


def test_move_step_costs_and_unspent_points():
    """FE-9.2.2, FE-9.2.3, FE-9.2.6: 1 MP per adjacent area; unspent points are lost; a move ends on land."""
    g = table()
    hero = g.s.heroes["he-man"]
    play(
        g,
        {"type": "activate", "hero": "he-man"},
        {"type": "move", "hero": "he-man", "path": ["wilds-1", "village-of-eldor"]},
    )
    assert hero.area == "village-of-eldor" and g.board.is_outpost(hero.area)
    play(g, draw(*g.s.decks["guild"][:4], deck="guild"))  # the first hero on a mage guild reveals its offer
    illegal(g, {"type": "move", "hero": "he-man", "path": ["tower-of-grayskull"]}, "FE-9.1.1")


def test_fast_travel_into_enemies_fights():
    """FE-9.4.2, AMB-59: the team that moved is the active side."""
    g = table()
    g.s.heroes["he-man"].area = "tower-of-grayskull"
    g.s.heroes["skeletor"].area = "central-tower"
    play(
        g,
        {"type": "activate", "hero": "he-man"},
        {"type": "fast_travel", "hero": "he-man", "to": "central-tower"},
    )
    assert g.s.combat.active.hero == "he-man" and g.s.combat.defender.hero == "skeletor"


def test_merchants_from_anywhere():
    """FE-6.7.2, AMB-08: a team that controls a merchant buys from it wherever its hero is."""
    g = table()
    g.s.soldiers["village-of-eldor"] = {"motu": 1}
    g.s.teams["motu"].supply -= 1
    g.s.heroes["he-man"].area = "wilds-9"
    play(
        g, {"type": "activate", "hero": "he-man"}, {"type": "merchant", "hero": "he-man", "merchant": "guild"}
    )
    assert g.awaiting["kind"] == "draw" and g.awaiting["deck"] == "guild"


def test_spending_and_gaining_eternium():
    """FE-6.8.2, FE-1.7: every payment needs enough Eternium in the pool."""
    g = table()
    g.s.teams["motu"].eternium = 0
    g.s.heroes["he-man"].area = "wilds-1"
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "face_wilds", "hero": "he-man", "pay": True}, "FE-9.6.2")


def test_under_the_deck_is_the_bottom():
    """FE-6.13.3, FE-9.6.2 b."""
    g = table()
    g.s.heroes["he-man"].area = "wilds-1"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "face_wilds", "hero": "he-man", "pay": True},
         draw("event-3", "event-4", deck="encounter"), {"type": "choose", "hero": "he-man", "card": "event-3"})  # fmt: skip
    assert g.s.decks["encounter"][-1] == "event-4"


def test_round_track_and_end_of_round():
    """FE-8.1, FE-8.3.4, FE-8.3.5, FE-8.4, AMB-01: the track is data; the fourth skull is the final round; at
    the end of a round the activation tokens are removed and the starting team begins again."""
    g = table()
    assert g.final_index() == 11 and g.content.track[11]["skull"] == 4
    for h in g.s.heroes.values():
        h.activated = True
    g.s.heroes["beast-man"].activated = False
    g.advance()
    play(g, {"type": "activate", "hero": "beast-man"}, {"type": "end_turn", "hero": "beast-man"})
    assert g.s.round == 1 and not any(h.activated for h in g.s.heroes.values())
    assert g.awaiting == {"kind": "activate", "team": "motu"}


def test_skull_events_come_from_the_scenario():
    """FE-8.2.4: the scenario's instructions for a skull space (here a pack whose skull 2 pays 3 Eternium)."""
    from fe_support import pack

    doc = pack()
    doc["scenarios"]["standard-1"]["skull_events"] = {"2": [{"eternium": 3}]}
    g = table(doc=doc)
    before = g.s.teams["ew"].eternium
    g.s.round = 5
    flow.organisation(g)
    assert g.s.teams["ew"].eternium == before + 3 and 2 in g.s.skulls_done
