"""Fields of Eternia's statistics block, version 2: every row is a fact of the replayed log. Each number is
checked against the log's own events or the verdict's result, across the three modes (FE-8, FE-11, FE-18,
FE-19) and seeds of the simulator."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from fe_support import play

import engine
from engine.core.content import builtin_pack
from engine.games.eternia import CONTENT_DIR, DEFAULT_PACK, RULESET, effects, statistics

GAME = "motu-fields-of-eternia"
CASES = [(mode, seed) for mode in ("standard", "solo", "skirmish") for seed in (1, 2, 3, 4)]


@pytest.fixture(scope="module")
def games() -> dict:
    out = {}
    for mode, seed in CASES:
        doc = engine.simulate(GAME, seed, mode=mode)
        verdict = engine.verify(doc)
        assert verdict.status == "legal", (mode, seed, verdict.rule, verdict.message)
        out[mode, seed] = doc, verdict
    return out


def test_the_statistics_schema_is_version_2_and_every_simulated_verdict_follows_it(games):
    info = engine.game(GAME)
    assert info.statistics_version == 2
    assert info.statistics_schema_doc["$id"].endswith("/eternia-statistics/2")
    for key, (_doc, verdict) in games.items():
        assert info.validate_statistics(verdict.statistics) == [], key


def test_a_changed_statistics_block_came_with_a_new_ruleset_version(games):
    _doc, verdict = games["standard", 1]
    assert verdict.ruleset_version == engine.ruleset_version(GAME) == "fe-0.3.1"


@pytest.mark.parametrize("mode, seed", CASES)
def test_fe_8_vp_by_round_add_up_to_each_team_s_vp_and_name_the_track_s_time(games, mode, seed):
    doc, verdict = games[mode, seed]
    stats = verdict.statistics
    track = builtin_pack(CONTENT_DIR, DEFAULT_PACK)[0]["round_track"]["spaces"]
    rounds_played = stats["game"][0]["rounds"]
    for team in stats["teams"]:
        rows = [r for r in stats["rounds"] if r["team"] == team["team"]]
        assert [r["round"] for r in rows] == list(range(1, rounds_played + 1))
        assert sum(r["vp"] for r in rows) == team["vp"]
        assert rows[-1]["outposts"] == team["outposts"]  # FE-17.2.1 counts the same outposts at the end
        for r in rows:
            expected = track[r["round"] - 1]["time"] if r["round"] <= len(track) else "night"
            assert (
                r["time"] == expected
                or r["round"] > verdict.result["rounds_played"] - 1
                and r["time"] == "night"
            )


@pytest.mark.parametrize("mode, seed", CASES)
def test_fe_11_5_cards_played_and_bought_are_the_log_s_place_buy_spell_and_consumable_events(
    games, mode, seed
):
    doc, verdict = games[mode, seed]
    team_of = {h: p["faction"] for p in doc["players"] for h in p["force"]}
    content = engine.game(GAME).content_loader()
    for hero in content.heroes.values():
        team_of.setdefault(hero["id"], hero["faction"])
    placed, bought, used = Counter(), Counter(), Counter()
    for e in doc["events"]:
        if e["type"] == "place":
            placed[team_of[e["hero"]]] += 1
        elif e["type"] == "buy":
            bought[team_of[e["hero"]]] += len(e.get("cards", []))
        elif e["type"] == "skirmish_buy":
            bought[team_of[e["hero"]]] += 1
        elif e["type"] in ("spell", "consumable", "map_spell"):
            used[team_of[e["hero"]]] += 1
    rows = verdict.statistics["cards"]
    by = {(deck, field): Counter() for deck in ("combat", "support") for field in ("played", "bought")}
    for r in rows:
        by[r["deck"], "played"][r["team"]] += r["played"]
        by[r["deck"], "bought"][r["team"]] += r["bought"]
        assert r["played"] + r["bought"] > 0  # a row only for a card that was played or bought
        assert r["kind"]  # the pack names every card's kind
    assert +by["combat", "played"] == placed
    assert +by["combat", "bought"] == _taken_from_supply(doc)  # FE-11.3.3
    assert +by["support", "bought"] == bought
    assert +by["support", "played"] == used
    assert len({(r["team"], r["deck"], r["card"]) for r in rows}) == len(rows)


def _taken_from_supply(doc: dict) -> Counter:
    """Combat cards each team's supply lost over the replayed log (FE-11.3.3): rewards and training."""
    g = RULESET.start({k: v for k, v in doc.items() if k != "events"})
    for i, event in enumerate(doc["events"]):
        g.apply(i, event)
    start = sum(g.content.combat_supply.values())
    return +Counter({t: start - sum(team.supply_cards.values()) for t, team in g.s.teams.items()})


def test_fe_11_3_3_a_combat_card_trained_or_won_from_the_supply_counts_as_bought():
    """FE-11.3.3, FE-19.9.1: a skirmish team trains for a flow card (5 Eternium) and an ally's reward gives a
    "+2"; each is one combat card bought, beside the support cards bought."""
    from test_fe_skirmish import start, through_setup

    g = through_setup(start())
    g.s.teams["motu"].eternium = 8
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "train", "hero": "he-man", "card": "flow"},
         {"type": "trim", "team": "motu", "card": "+1"})  # fmt: skip
    effects.reward(g, g.s.heroes["he-man"], {"combat_card": "+2"}, "allies")
    g.advance()
    play(g, {"type": "trim", "team": "motu", "card": "+1"})
    rows = {(r["team"], r["deck"], r["card"]): r for r in statistics.build(g)["cards"]}
    assert rows["motu", "combat", "flow"]["bought"] == 1 and rows["motu", "combat", "flow"]["kind"] == "flow"
    assert rows["motu", "combat", "+2"]["bought"] == 1
    assert not any(r["bought"] for k, r in rows.items() if k[1] == "combat" and k[2] not in ("flow", "+2"))
    g.s.teams["motu"].supply_cards["+2"] = 0  # AMB-34: an empty supply gives nothing, so nothing is bought
    effects.reward(g, g.s.heroes["he-man"], {"combat_card": "+2"}, "allies")
    assert {r["card"]: r["bought"] for r in statistics.build(g)["cards"] if r["deck"] == "combat"}["+2"] == 1


@pytest.mark.parametrize("mode, seed", CASES)
def test_fe_11_5_every_epic_combat_has_one_row_with_its_ending_rule(games, mode, seed):
    _doc, verdict = games[mode, seed]
    stats = verdict.statistics
    combats = stats["combats"]
    assert len(combats) == stats["game"][0]["epic_combats"]
    assert sum(c["outcome"] == "fled" for c in combats) == stats["game"][0]["flees"]
    rules = {"defeat": ("FE-11.5.7.H.1", "FE-11.5.7.B"), "both-defeated": ("FE-11.5.7.H.2", "FE-11.5.7.B"),
             "fled": ("FE-11.5.8.2",), "damage": ("FE-11.5.9.2", "FE-17.2.4"), "beast-escapes": ("FE-11.5.9.4",),
             "fewer-hp": ("FE-12.1",), "game-over": ("FE-18.7.1",), "boss-remains": ("FE-11.5.9.5",)}  # fmt: skip
    for c in combats:
        assert c["rule"] in rules[c["outcome"]], c
        assert (c["winner"] is None) == (c["outcome"] in ("both-defeated", "beast-escapes", "game-over"))
        if c["kind"] in ("beast", "boss"):
            assert (
                c["opponent_team"] is None and c["opponent"] in engine.game(GAME).content_loader().epic_beasts
            )
        if c["winner"] == "active":
            assert c["winning_team"] == c["active_team"]
        if c["outcome"] == "fled":  # FE-11.5.8: the enemy wins, the active hero fled
            assert c["winner"] == "defender"
    if mode == "solo":
        assert all(c["kind"] != "hero" or c["active_team"] != c["opponent_team"] for c in combats)


def test_every_mode_and_ending_is_exercised_by_the_cases(games):
    kinds = Counter(c["kind"] for _d, v in games.values() for c in v.statistics["combats"])
    outcomes = Counter(c["outcome"] for _d, v in games.values() for c in v.statistics["combats"])
    assert {"hero", "beast", "solo"} <= set(kinds)
    assert {"defeat", "fled", "damage"} <= set(outcomes)
    support = [r for _d, v in games.values() for r in v.statistics["cards"] if r["deck"] == "support"]
    assert any(r["bought"] for r in support)


def test_the_statistics_are_the_same_bytes_on_every_replay(games):
    doc, verdict = games["standard", 2]
    again = engine.verify(json.loads(json.dumps(doc)))
    assert json.dumps(again.statistics, sort_keys=True) == json.dumps(verdict.statistics, sort_keys=True)
