"""Simulated games of every supported mode: legal, deterministic, mutations caught at the mutated event,
every offered event accepted, copies agree with the original."""

from __future__ import annotations

import copy
import json
import random

import pytest

import engine
from engine.games.hoplomachus import RULESET
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.simulator import SETUPS

GAME = "hoplomachus-remastered"
SEEDS = range(len(SETUPS) * 2)


@pytest.fixture(scope="module")
def corpus():
    return {(s, r): engine.simulate(GAME, s, randomness=r) for s in SEEDS for r in ("seeded", "recorded")}


@pytest.mark.parametrize("randomness", ["seeded", "recorded"])
@pytest.mark.parametrize("seed", SEEDS)
def test_simulated_games_are_legal(corpus, seed, randomness):
    """HR-8.1.2, HR-8.1.3, HR-15.6.1, HR-16.5.2, HR-17.5.1, HR-13.8.1: every mode's turn order, end to end."""
    doc = corpus[(seed, randomness)]
    mode, arena, n = SETUPS[seed % len(SETUPS)]
    assert (doc["setup"]["mode"], doc["setup"]["arena"], len(doc["players"])) == (mode, arena, n)
    v = engine.verify(json.dumps(doc))
    assert v.status == "legal", v.summary()
    result = v.result
    if mode == "assault":  # HR-13.1.2: a score against the game, the number of immortals defeated
        assert result["against_game"]["score"] == result["seats"][0]["score"]
        assert all(s["outcome"] == result["against_game"]["outcome"] for s in result["seats"])
    elif mode == "ascension":  # HR-14.1.2: the players win or lose together against the titan
        assert all(s["outcome"] == result["against_game"]["outcome"] for s in result["seats"])
        assert (result["against_game"]["outcome"] == "win") == (result["ended_by"] == "titan_defeated")
    else:
        assert sum(1 for s in result["seats"] if s["outcome"] == "win") >= 1
    assert {s["seat"] for s in result["seats"]} == {p["id"] for p in doc["players"]}
    if mode == "alliance":
        assert [t["team"] for t in result["teams"]] == ["red", "blue"]


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_same_seed_same_log_and_verdict(corpus, seed):
    """HR-0.5, AMB-1: outcomes come from the log or the seed; the engine never invents them."""
    for r in ("seeded", "recorded"):
        again = engine.simulate(GAME, seed, randomness=r)
        assert again == corpus[(seed, r)]
        first = engine.verify(json.dumps(corpus[(seed, r)])).to_json()
        assert engine.verify(json.dumps(again)).to_json() == first


def mutations(doc: dict):
    """(index, mutated event, rule) for events whose change the rules must refuse at that event."""
    for i, ev in enumerate(doc["events"]):
        t = ev["type"]
        if t == "attack" and "dice" in ev:
            m = copy.deepcopy(ev)
            m["dice"] = m["dice"][:-1]
            yield i, m, "HR-8.8.3"
        elif t == "move":
            m = copy.deepcopy(ev)
            m["path"] = m["path"] + m["path"][-1:]
            yield i, m, "HR-8.6.3"
        elif t == "deploy":
            m = copy.deepcopy(ev)
            m["hex"] = "E4"  # the centre of Pozzuoli is never a deployment hex
            yield i, m, "HR-8.4.1"


@pytest.mark.parametrize("seed", [0, 2, 4, 5, 7])
def test_mutations_are_rejected_at_the_mutated_event(corpus, seed):
    doc = corpus[(seed, "recorded")]
    found = 0
    for i, ev, rule in list(mutations(doc))[::7][:12]:
        bad = copy.deepcopy(doc)
        bad["events"][i] = ev
        v = engine.verify(json.dumps(bad))
        assert v.status == "illegal" and v.error.event_index == i, v.summary()
        assert v.error.rule == rule or v.error.rule.startswith("HR-"), v.summary()
        found += 1
    assert found


def test_seeded_dice_cannot_be_rewritten(corpus):
    doc = copy.deepcopy(corpus[(0, "seeded")])
    game = RULESET.start(copy.deepcopy(doc))
    for i, ev in enumerate(doc["events"]):
        if ev["type"] == "attack":
            ev = dict(ev, dice=["red:miss"])
            doc["events"][i] = ev
            v = engine.verify(json.dumps(doc))
            assert v.status == "illegal" and v.error.event_index == i and v.error.rule == "LOG-4.3"
            return
        game.apply(i, ev)
    pytest.fail("no attack in the game")


@pytest.mark.parametrize("seed", [0, 1, 2, 4, 5, 6, 7, 8])
def test_offered_events_are_accepted_and_copies_agree(corpus, seed):
    doc = corpus[(seed, "recorded")]
    game = RULESET.start(copy.deepcopy(doc))
    rng = random.Random(seed)
    checked = 0
    for i, ev in enumerate(doc["events"]):
        if rng.random() < 0.15:
            for offered in game.legal_events():
                trial = game.copy()
                trial.dice.author = _Table(rng)
                trial.apply(i, copy.deepcopy(offered))  # must not raise
                checked += 1
            twin = game.copy()
            twin.apply(i, copy.deepcopy(ev))
            game_view_before = json.dumps(game.view(), sort_keys=True)
            game.apply(i, copy.deepcopy(ev))
            assert json.dumps(twin.view(), sort_keys=True) == json.dumps(game.view(), sort_keys=True)
            assert game_view_before != json.dumps(game.view(), sort_keys=True) or ev["type"] in ("track",)
        else:
            game.apply(i, copy.deepcopy(ev))
    assert checked > 20


class _Table:
    """Dice and draws for events tried on a copy of a recorded game."""

    def __init__(self, rng):
        self.rng = rng

    def dice(self, pool):
        return [f"{c}:{self.rng.choice(['hit', 'miss'])}" for c in pool]

    def pick(self, items):
        return self.rng.choice(items)

    def d6(self):
        return self.rng.randint(1, 6)


def test_view_is_json(corpus):
    game = RULESET.start(copy.deepcopy(corpus[(1, "seeded")]))
    view = game.view()
    assert json.loads(json.dumps(view)) == view
    assert {"arena", "units", "favour", "turn", "pending", "supply"} <= set(view)


def test_copy_is_exact(corpus):
    """A copy's view equals the original's at every point of a game (state as plain data, HR-A.4)."""
    doc = corpus[(4, "seeded")]
    game = RULESET.start(copy.deepcopy(doc))
    for i, ev in enumerate(doc["events"]):
        assert game.copy().view() == game.view()
        game.apply(i, copy.deepcopy(ev))


@pytest.mark.parametrize(("mode", "players"), [("assault", 1), ("ascension", 2)])
def test_the_simulator_plays_a_given_header_with_its_setup_and_seed(mode, players):
    """simulate(..., from_header=h) for the modes against the game (HR-13, HR-14): the header (troops, setup,
    committed seed, HR-0.5) stays as given and only the decisions vary with the seed, so a published challenge
    can be played many times (docs/challenges.md); the same seed plays the same game."""
    first = engine.simulate(GAME, 7, mode=mode, players=players)
    given = {k: v for k, v in first.items() if k not in ("events", "simulated")}
    games = [engine.simulate(GAME, s, from_header=given) for s in (10, 11)]
    for game in games:
        assert {k: v for k, v in game.items() if k != "events"} == {**given, "simulated": True}
        assert engine.verify(json.dumps(game)).status == "legal"
    assert games[0]["events"] != games[1]["events"]
    assert engine.simulate(GAME, 10, from_header=given) == games[0]
    assert engine.commitment_for(given["randomness"]["seed"]) == given["randomness"]["commitment"]


@pytest.mark.parametrize("seed", [168, 536])
def test_assault_games_with_a_hamstrung_rival_finish_legal(seed):
    """HR-9.4.5, AMB-8: in these recorded Assault games a Hamstring brings the arena's Hippopotamus to Movement 0
    while nothing is in its reach; it stays put (no zero-step move is offered or owed) and the game plays on to a
    legal end. Seeds of the slow conformance run, kept here so the default suite covers them."""
    doc = engine.simulate(GAME, seed, randomness="recorded")
    assert doc["setup"]["mode"] == "assault"
    moves = [ev for ev in doc["events"] if ev["type"] == "move"]
    assert moves and all(ev["path"] for ev in moves)  # HR-8.6.6: a move lists the hexes it enters
    game, stood = RULESET.start(copy.deepcopy(doc)), 0
    for i, ev in enumerate(doc["events"]):
        hippo = game.s.units.get("arena:hippopotamus")
        owner_turn = game.s.turn["player"] == "arena" and hippo and rv.q.can_move(game, hippo) is None
        if owner_turn and rv.q.movement(game, hippo) == 0:
            assert not rv.movement_plan(game, hippo)[1]  # it stays put: within Range, or nowhere closer
            stood += 1
        game.apply(i, copy.deepcopy(ev))
    assert stood  # the case did come up
    v = engine.verify(json.dumps(doc))
    assert v.status == "legal", v.summary()
