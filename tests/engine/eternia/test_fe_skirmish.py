"""Skirmish mode (FE-19): setup order, deployment, mission tokens, the changed and new actions, defeated
heroes and scoring. Zones, soldier counts and scoring are the placeholder scenario's (skirmish-1)."""

from __future__ import annotations

from fe_support import draw, header, illegal, play

from engine.games.eternia import RULESET, effects
from engine.games.eternia import queries as q


def start(free_heroes=False, motu=None, ew=None):
    kw = {}
    if motu:
        kw["motu"], kw["ew"] = motu, ew
    head = header(**kw)
    head["setup"] = {"mode": "skirmish", "scenario": "skirmish-1", "starting_team": "motu"}
    if free_heroes:
        head["setup"]["free_heroes"] = True
    g = RULESET.start(head)
    _draws(g)
    return g


def _draws(g):
    while g.awaiting and g.awaiting["kind"] == "draw":
        aw = g.awaiting
        play(g, draw(*g.s.decks[aw["deck"]][: aw["count"]], deck=aw["deck"]))


def through_setup(g, *, zones=("west", "east")):
    st = g.s.setup
    while st["phase"] == "buy":
        aw = g.awaiting
        hero = next(h for h in g.s.teams[aw["team"]].heroes if h not in st["passed"])
        play(g, {"type": "skirmish_pass", "hero": hero})
    play(g, {"type": "deploy_zone", "team": "motu", "deployment": zones[0]},
         {"type": "deploy_zone", "team": "ew", "deployment": zones[1]})  # fmt: skip
    play(g, {"type": "deploy_soldiers", "team": "motu", "areas": {"castello-dei-nemici": 3, "village-of-gaz": 1}},
         {"type": "deploy_soldiers", "team": "ew", "areas": {"city-of-targa": 2, "halls-of-lithos": 2}})  # fmt: skip
    spots = {"motu": ["castello-dei-nemici", "village-of-gaz", "village-of-eldor"],
             "ew": ["city-of-targa", "halls-of-lithos", "temple-of-the-oracle"]}  # fmt: skip
    while g.awaiting["kind"] in ("deploy_hero", "draw"):
        if g.awaiting["kind"] == "draw":
            _draws(g)
            continue
        team = g.awaiting["team"]
        hero = next(h for h in g.s.teams[team].heroes if g.s.heroes[h].area == "")
        play(g, {"type": "deploy_hero", "hero": hero, "to": spots[team].pop(0)})
    while g.awaiting["kind"] in ("place_token", "draw"):
        if g.awaiting["kind"] == "draw":
            _draws(g)
            continue
        sites = __import__("engine.games.eternia.skirmish", fromlist=["x"])._token_sites(g)
        play(g, {"type": "place_token", "team": g.awaiting["team"], "to": sites[0]})
    _draws(g)
    return g


def test_setup_purchases_alternate_and_leftover_eternium_is_discarded():
    """FE-19.5.1–19.5.3, AMB-51: 5 per hero; teams alternate from the first team; a bought card is
    replaced at once; a pass is final; what is left is discarded."""
    g = start()
    assert g.awaiting == {"kind": "skirmish_buy", "team": "motu"}
    card = g.s.offers["shop"][0]
    cost = g.content.support[card]["cost"]
    play(g, {"type": "skirmish_buy", "hero": "he-man", "card": card})
    assert g.s.teams["motu"].eternium == 15 - cost and card in q.owned_cards(g.s.heroes["he-man"])
    assert g.awaiting["kind"] == "draw" and g.awaiting["count"] == 1  # replaced at once
    _draws(g)
    assert g.awaiting == {"kind": "skirmish_buy", "team": "ew"}
    illegal(g, {"type": "skirmish_pass", "hero": "he-man"}, "AMB-51")
    play(g, {"type": "skirmish_pass", "hero": "skeletor"})
    play(g, {"type": "skirmish_pass", "hero": "he-man"})
    illegal(g, {"type": "skirmish_buy", "hero": "skeletor", "card": g.s.offers["shop"][0]}, "AMB-51")


def test_deployment_zones_soldiers_heroes_and_tokens():
    """FE-19.6.1–19.6.4, FE-19.7.1."""
    g = start()
    st = g.s.setup
    while st["phase"] == "buy":
        aw = g.awaiting
        play(
            g,
            {
                "type": "skirmish_pass",
                "hero": next(h for h in g.s.teams[aw["team"]].heroes if h not in st["passed"]),
            },
        )
    assert g.s.teams["motu"].eternium == 0
    illegal(g, {"type": "deploy_zone", "team": "ew", "deployment": "east"}, "FE-19.6.1")
    play(g, {"type": "deploy_zone", "team": "motu", "deployment": "east"})
    illegal(g, {"type": "deploy_zone", "team": "ew", "deployment": "east"}, "FE-19.6.1")
    play(g, {"type": "deploy_zone", "team": "ew", "deployment": "west"})
    illegal(g, {"type": "deploy_soldiers", "team": "motu", "areas": {"castello-dei-nemici": 4}}, "FE-19.6.2")
    illegal(g, {"type": "deploy_soldiers", "team": "motu", "areas": {"city-of-targa": 3}}, "FE-19.6.2")
    play(g, {"type": "deploy_soldiers", "team": "motu", "areas": {"city-of-targa": 3, "viper-tower": 1}})
    play(g, {"type": "deploy_soldiers", "team": "ew", "areas": {"village-of-gaz": 2, "village-of-eldor": 2}})
    illegal(g, {"type": "deploy_hero", "hero": "he-man", "to": "viper-tower"}, "FE-19.6.3")
    play(g, {"type": "deploy_hero", "hero": "he-man", "to": "city-of-targa"})
    _draws(g)
    assert g.awaiting == {"kind": "deploy_hero", "team": "ew"}
    assert g.s.decks["scenario"] and all(
        g.content.epic_beasts[b]["taming_cost"] for b in g.s.decks["scenario"]
    )


def test_mission_tokens_only_on_separated_wild_regions():
    """FE-19.6.4.2."""
    g = start()
    st = g.s.setup
    while st["phase"] == "buy":
        aw = g.awaiting
        play(
            g,
            {
                "type": "skirmish_pass",
                "hero": next(h for h in g.s.teams[aw["team"]].heroes if h not in st["passed"]),
            },
        )
    g.s.setup["phase"] = "tokens"
    g.s.zones = {"motu": "west", "ew": "east"}
    for h in g.s.heroes.values():
        h.area = "castle-grayskull" if h.team == "motu" else "temple-of-serpos"
    g.advance()
    illegal(g, {"type": "place_token", "team": "motu", "to": "castello-dei-nemici"}, "FE-19.6.4.2")
    play(g, {"type": "place_token", "team": "motu", "to": "wilds-4"})
    illegal(g, {"type": "place_token", "team": "ew", "to": "wilds-2"}, "FE-19.6.4.2")  # adjacent to wilds-4
    illegal(g, {"type": "place_token", "team": "ew", "to": "wilds-4"}, "FE-19.6.4.2")


def test_play_changes_missions_movement_and_no_victory_cards():
    """FE-19.6.4.3, FE-19.8.1, FE-19.8.3, FE-6.11.6."""
    g = through_setup(start())
    assert g.awaiting["kind"] == "activate" and all(not t.victory_hand for t in g.s.teams.values())
    hero = g.s.heroes["he-man"]
    assert q.stat(g, hero, "movement") == 2
    effects.give_card(g, hero, "attak-trak")
    assert q.stat(g, hero, "movement") == 2  # AMB-53: bonuses included
    hero.area = g.s.mission_tokens[0]
    eternium = g.s.teams["motu"].eternium
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "mission", "hero": "he-man"})
    assert g.s.teams["motu"].eternium == eternium + 2 and g.awaiting["kind"] == "turn"
    illegal(
        g, {"type": "claim_victory", "team": "motu", "card": "victory-1", "objective": "primary"}, "FE-6.11.6"
    )


def test_train_adds_a_card_and_keeps_21():
    """FE-19.9.1, AMB-53."""
    g = through_setup(start())
    g.s.teams["motu"].eternium = 8
    play(g, {"type": "activate", "hero": "he-man"})
    illegal(g, {"type": "train", "hero": "he-man", "card": "+3"}, "FE-19.9.1")
    play(
        g, {"type": "train", "hero": "he-man", "card": "flow"}, {"type": "trim", "team": "motu", "card": "+1"}
    )
    t = g.s.teams["motu"]
    assert t.eternium == 3 and len(t.deck) == 21 and t.deck.count("flow") == 2
    illegal(g, {"type": "train", "hero": "he-man", "card": "+2"}, "FE-9.1.3")


def test_acquire_a_mount_gives_no_vp():
    """FE-19.9.2: 2 Eternium, an epic combat against a scenario-deck beast; a win gives rewards, no VP."""
    g = through_setup(start())
    s = g.s
    s.teams["motu"].eternium = 10
    beast = s.decks["scenario"][0]
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "acquire_mount", "hero": "he-man"}, draw(beast, deck="scenario"),
         {"type": "weapon", "hero": "he-man", "weapon": "melee"}, {"type": "roll", "die": "epic", "faces": ["surge"]})  # fmt: skip
    assert s.teams["motu"].eternium == 8
    c = s.combat
    c.beast["damage"] = c.beast["hp"] - 1
    for card, zone in zip(["+3", "+3", "+2", "+3"], ["attack", "defence", "attack", "defence"], strict=True):
        play(g, draw(card), {"type": "place", "hero": "he-man", "zone": zone})
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert s.teams["motu"].vp == 0 and g.awaiting["kind"] == "tame"
    play(g, {"type": "tame", "hero": "he-man", "tame": False})
    assert beast not in s.decks["scenario"] and beast not in s.discards["scenario"]


def test_a_defeated_hero_returns_to_its_zone():
    """FE-19.8.4, AMB-52: an outpost of its zone not next to a wild region holding enemies."""
    g = through_setup(start())
    s = g.s
    s.heroes["beast-man"].area = "wilds-3"  # next to Village of Gaz and Castello dei Nemici
    hero = s.heroes["teela"]
    effects.defeat(g, hero)
    g.advance()
    options = g.awaiting["options"] if g.awaiting["kind"] == "respawn" else [hero.area]
    assert "village-of-gaz" not in options and "castello-dei-nemici" not in options
    assert set(options) <= {"village-of-eldor", "tower-of-grayskull"}


def test_withheld_vp_become_eternium_in_a_skirmish():
    """WE-07, FE-19.10.2: the scenario forbids VP for defeating an enemy hero; 2 Eternium instead."""
    g = through_setup(start())
    g.scenario = dict(g.scenario, no_vp=["enemy_heroes"])
    before = g.s.teams["ew"].eternium
    effects.gain_vp(g, "ew", 1, "enemy_heroes")
    assert g.s.teams["ew"].vp == 0 and g.s.teams["ew"].eternium == before + 2


def test_skirmish_ends_after_its_rounds_with_its_scoring():
    """FE-19.10.1, FE-19.8.2: the placeholder scenario: 6 rounds, 1 VP per outpost held at the end; the round
    track triggers nothing."""
    g = through_setup(start())
    assert g.final_index() == 5
    g.s.round = 5
    for h in g.s.heroes.values():
        h.activated = h.id != "beast-man"
    g.advance()
    play(g, {"type": "activate", "hero": "beast-man"}, {"type": "end_turn", "hero": "beast-man"})
    assert g.s.teams["motu"].vp_sources == {"outposts": 3} and g.s.teams["ew"].vp_sources == {"outposts": 3}
    assert g.s.extra == 1  # tied on VP, outposts and Eternium: the extra night round (FE-17.2.3)
    assert g.s.skulls_done == []


def test_free_heroes_any_faction_and_allies_either_way():
    """FE-19.3.1, FE-19.3.2 (AMB-43): heroes of any faction; an ally may be met as ally or enemy."""
    g = through_setup(
        start(free_heroes=True, motu=["he-man", "skeletor", "teela"], ew=["evil-lyn", "she-ra", "trap-jaw"])
    )
    s = g.s
    s.heroes["he-man"].area = "wilds-1"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "face_wilds", "hero": "he-man", "pay": False},
         draw("clawful", deck="encounter"))  # fmt: skip
    assert g.awaiting == {"kind": "ally", "hero": "he-man", "card": "clawful"}
    play(g, {"type": "ally", "hero": "he-man", "fight": True})
    assert s.wild is not None and g.awaiting["kind"] == "roll"


def test_fe_19_6_4_the_placement_ends_when_the_map_can_hold_no_more_tokens():
    """FE-19.6.4 («i gettoni missione non possono essere collocati in un luogo adiacente a un luogo contenente un
    gettone missione»; «ogni squadra colloca 5 gettoni missione»): the pack's map cannot hold ten tokens none
    adjacent (at most 5 fit). The placement goes on while a wild region can legally take one, then ends; a token
    logged after that is refused saying why, and the game goes on."""
    g = through_setup(start())
    placed = list(g.s.mission_tokens)
    assert 3 <= len(placed) <= 5 < 10  # 5 is the most the placeholder map's wild regions hold apart
    wild = [a for a in g.board.order if g.board.is_wild(a)]
    assert all(a in placed or g.board.adjacent[a] & set(placed) for a in wild)  # no legal site is left
    free = next(a for a in wild if a not in placed)
    msg = illegal(g, {"type": "place_token", "team": "ew", "to": free}, "FE-19.6.4.2")
    assert f"ended after {len(placed)} tokens" in msg and "the log should next record" in msg
    assert g.awaiting["kind"] == "activate"  # play has begun
