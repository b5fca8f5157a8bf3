"""One set of properties for every ruleset (in the spirit of OpenSpiel's basic tests), parametrised over
every registered game plus the toy dice race (conftest.py).

The default run is a few seconds per game; ``-m slow`` (or ARBITER_SLOW=1) plays many more games.
Checks that need ``copy()`` or ``view()`` are skipped, saying so, for a replay that has not got them yet.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.core import ruleset as protocol
from engine.core.errors import render
from tests.engine.conformance import support

SLOW = os.environ.get("ARBITER_SLOW") == "1"
SEEDS = range(200) if SLOW else range(4)
REPO = Path(__file__).resolve().parents[3]


def _needs(info, mode: str | None = None, part: str | None = None):
    if mode is not None and mode not in info.randomness_modes:
        pytest.skip(f"{info.id} has no {mode} randomness")
    if part is not None:
        replay = info.ruleset.start(support.simulated(info.id, 0, info.randomness_modes[0]))
        if not protocol.supports(replay, part):
            pytest.skip(f"{info.id}'s replay does not implement {part}() yet")


def _offer_mode(info) -> str:
    """The mode whose offered events are complete: seeded (dice come from the seed) where there is one."""
    return "seeded" if "seeded" in info.randomness_modes else info.randomness_modes[0]


def check_simulated_game(info, seed: int, mode: str) -> None:
    log = support.simulated(info.id, seed, mode)
    assert log["simulated"] is True and log["game"] == info.id and log["randomness"]["mode"] == mode
    verdict = engine.verify(log)
    assert verdict.status == "legal", (seed, mode, verdict.summary())
    assert verdict.events_verified == verdict.events_total == len(log["events"])
    assert verdict.ruleset_version == info.ruleset_version != ""
    assert verdict.content_pack["sha256"] == log["content_pack"]["sha256"]
    assert info.validate_result(verdict.result) == []
    assert info.validate_statistics(verdict.statistics) == []
    assert json.loads(verdict.to_json()) == json.loads(json.dumps(verdict.to_dict()))


def test_simulated_games_verify_legal_with_results_and_statistics_on_contract(info, mode):
    _needs(info, mode)
    for seed in SEEDS:
        check_simulated_game(info, seed, mode)


@pytest.mark.slow
def test_a_thousand_simulated_games_verify_legal(info, mode):
    _needs(info, mode)
    for seed in range(1000):
        check_simulated_game(info, seed, mode)


_DIGESTS = """
import hashlib, json, sys
import engine
if sys.argv[1] == "dice-race":
    from tests.engine.conformance.dice_race.game import GAME
    engine.register(GAME)
out = []
for mode in sys.argv[2:]:
    for seed in (1, 2):
        log = engine.simulate(sys.argv[1], seed, randomness=mode)
        out.append(hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest())
        log["events"] = log["events"][: len(log["events"]) // 2] + log["events"][len(log["events"]) // 2 + 1 :]
        for doc in (engine.simulate(sys.argv[1], seed, randomness=mode), log):
            out.append(hashlib.sha256(engine.verify(doc).to_json().encode()).hexdigest())
print(json.dumps(out))
"""


def test_logs_and_verdicts_are_byte_identical_across_processes_and_hash_seeds(info):
    """Same seed, same log; same log, same verdict bytes — whatever PYTHONHASHSEED a process has."""
    runs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _DIGESTS, info.id, *info.randomness_modes],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert len(set(runs[0])) == len(runs[0])  # distinct games and verdicts: the digests say something


def test_single_event_mutations_are_refused_at_their_event_or_still_legal(info, mode):
    """A mutated event that a replay of the unchanged prefix refuses is where the verdict stops, with the
    same rule; an accepted one never moves the verdict before it; nothing is ever ENGINE-DEFECT."""
    _needs(info, mode)
    rng = random.Random(f"{info.id}-{mode}")
    cited, refused = set(), 0
    for seed in SEEDS[:2]:
        log = support.simulated(info.id, seed, mode)
        for kind, i, mutated in support.mutants(log, rng, 60 if SLOW else 24):
            verdict = engine.verify(mutated)
            assert verdict.error is None or verdict.error.rule != "ENGINE-DEFECT", (
                kind,
                i,
                verdict.summary(),
            )
            accepted, rule = support.accepts(support.replay_to(info, mutated, i), i, mutated["events"][i])
            if not accepted:
                refused += 1
                assert not verdict.legal and verdict.error.event_index == i, (kind, i, verdict.summary())
                assert verdict.error.rule == rule
            elif not verdict.legal:
                assert verdict.error.event_index is not None and verdict.error.event_index >= i, (kind, i)
            if verdict.status == "illegal":
                cited.add(verdict.error.rule)
            if verdict.error is not None:  # the refusal's template and params say the same (issue #24)
                error = json.loads(verdict.to_json())["error"]
                assert render(error["message_id"], error["params"]) == error["message"], (kind, i, error)
    assert refused, "no mutant was refused: the mutations test nothing"
    unknown = {r for r in cited if r.startswith(info.rule_prefix + "-") and info.rule(r) is None}
    assert not unknown, f"verdicts cite rule ids missing from the rules index: {sorted(unknown)}"
    generic = cited & support.GENERIC_RULES.get(info.id, set())
    assert not generic, f"refusals cite a generic rule where the rule that decides applies: {sorted(generic)}"


def test_every_offered_event_is_accepted(info):
    """At sampled points of a game, every event ``legal_events()`` offers (a sample of them for a large
    game) is accepted by ``apply`` on a fresh replay of the same state."""
    mode = _offer_mode(info)
    rng = random.Random(info.id)
    tried = 0
    for seed in SEEDS[:2]:
        log = support.simulated(info.id, seed, mode)
        for upto in sorted(rng.sample(range(len(log["events"])), min(8, len(log["events"])))):
            offered = support.replay_to(info, log, upto).legal_events()
            assert offered, f"nothing offered after {upto} events of an unfinished game"
            for event in rng.sample(offered, min(4, len(offered))):
                accepted, rule = support.accepts(support.replay_to(info, log, upto), upto, event)
                assert accepted, (upto, event, rule)
                tried += 1
    assert tried >= 8
    assert support.replay_to(info, log, len(log["events"])).legal_events() == []  # the game is over


def test_is_legal_agrees_with_apply_and_changes_nothing(info):
    _needs(info, part="copy")
    mode = _offer_mode(info)
    rng = random.Random(f"{info.id}-is-legal")
    log = support.simulated(info.id, 1, mode)
    strings = support.strings_by_key(log)
    agreed = {True: 0, False: 0}
    replay = info.ruleset.start(log)  # one replay goes through the log; each verdict is checked on a copy
    for upto in range(len(log["events"])):
        before = json.dumps(replay.view(), sort_keys=True) if protocol.supports(replay, "view") else None
        offered = replay.legal_events()
        candidates = rng.sample(offered, min(2, len(offered))) + [log["events"][upto]]
        wrong = dict(log["events"][upto])
        key = rng.choice(sorted(wrong))
        wrong[key] = support.other_value(wrong[key], key, strings, rng)
        for event in [*candidates, wrong]:
            verdict = protocol.is_legal(replay, event)
            assert verdict == support.accepts(replay.copy(), upto, event)[0], (upto, event)
            agreed[verdict] += 1
        if before is not None:
            assert json.dumps(replay.view(), sort_keys=True) == before  # is_legal left the replay alone
        replay.apply(upto, copy.deepcopy(log["events"][upto]))
    assert agreed[True] and agreed[False]


def test_a_copy_taken_at_any_event_finishes_with_the_same_verdict(info, mode):
    _needs(info, mode, part="copy")
    log = support.simulated(info.id, 2, mode)
    events = log["events"]
    expected = engine.verify(log)
    replay = info.ruleset.start(log)
    for k in range(len(events) + 1):
        twin = replay.copy()
        for i in range(k, len(events)):
            twin.apply(i, events[i])
        twin.finish()
        assert (twin.result(), twin.statistics()) == (expected.result, expected.statistics), k
        if k < len(events):
            replay.apply(k, events[k])  # the original goes on, untouched by what its copies did
    replay.finish()
    assert replay.result() == expected.result


def test_the_view_is_json_at_every_event_and_hides_the_seed(info, mode):
    _needs(info, mode, part="view")
    log = support.simulated(info.id, 3, mode)
    replay = info.ruleset.start(log)
    seed = log["randomness"].get("seed")
    for i, event in enumerate([None, *log["events"]]):
        if event is not None:
            replay.apply(i - 1, event)
        view = replay.view()
        text = json.dumps(view, sort_keys=True, allow_nan=False)
        assert isinstance(view, dict) and json.loads(text) == view
        assert seed is None or seed not in text


def test_fuzzed_bad_input_is_refused_with_a_reason_never_an_engine_defect(info, mode):
    _needs(info, mode)
    rng = random.Random(f"fuzz-{info.id}-{mode}")
    log = support.simulated(info.id, 0, mode)
    statuses = set()
    for _ in range(600 if SLOW else 120):
        verdict = engine.verify(support.fuzzed(log, rng))
        statuses.add(verdict.status)
        if not verdict.legal:
            assert verdict.error.rule != "ENGINE-DEFECT", verdict.summary()
            assert verdict.error.message and verdict.summary()
    assert "unreadable" in statuses
