"""``session.next_events`` and ``arbiter next``: what the game awaits after a log's last event."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import session
from engine.core.ruleset import is_legal

REPO = Path(__file__).resolve().parents[2]
GAMES = ["motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"]


def cut(log: dict, at: int) -> dict:
    return {**log, "events": log["events"][:at]}


@pytest.mark.parametrize("game", GAMES)
def test_every_example_is_an_event_the_engine_accepts_next(game):
    log = engine.simulate(game, 5)
    for at in (0, len(log["events"]) // 3, len(log["events"]) // 2):
        answer = session.next_events(cut(log, at))
        assert answer["error"] is None and answer["events_applied"] == at and not answer["over"]
        replay = session.start(log)
        for i, event in enumerate(log["events"][:at]):
            replay.apply(i, event)
        assert answer["alternatives"], "a game not over awaits something"
        assert {a["type"] for a in answer["alternatives"]} == {e["type"] for e in replay.legal_events()}
        for alt in answer["alternatives"]:
            assert is_legal(replay, alt["example"]), alt
        # the logged next event is one of the alternatives
        assert log["events"][at]["type"] in {a["type"] for a in answer["alternatives"]}


def test_a_finished_log_awaits_nothing():
    answer = session.next_events(engine.simulate("hoplomachus-remastered", 2))
    assert answer["over"] and answer["awaits"] is None and answer["alternatives"] == []


def test_a_refused_event_is_reported_and_the_answer_is_before_it():
    log = engine.simulate("motu-fields-of-eternia", 1)
    bad = cut(log, 30)
    bad["events"].append({"type": "roll", "die": "epic"})
    answer = session.next_events(bad)
    assert answer["error"]["event_index"] == 30 and answer["events_applied"] == 30
    assert answer["error"]["rule"] not in ("FE-6.9", "FE-6.13")
    assert answer["awaits"]["rule"] and answer["awaits"]["what"]


def test_a_pending_decision_is_named_with_its_rule_and_blocks_the_rest():
    """HR-7.4.1: a decision waiting blocks every other event; next names it, its player and its rule."""
    for seed in range(30):
        log = engine.simulate("hoplomachus-remastered", seed)
        replay = session.start(log)
        for i, event in enumerate(log["events"]):
            replay.apply(i, event)
            if replay.s.pending and not replay.is_over():
                answer = session.next_events(cut(log, i + 1))
                kind = replay.s.pending[0]["kind"]
                assert "before anything else" in answer["awaits"]["what"]
                assert answer["awaits"]["rule"].startswith("HR-")
                assert len({a["type"] for a in answer["alternatives"]}) == 1, (kind, answer)
                return
    pytest.fail("no simulated game left a decision pending")


def test_arbiter_next_prints_what_is_awaited_with_examples(tmp_path):
    log = engine.simulate("motu-fields-of-eternia", 3)
    path = tmp_path / "half.json"
    path.write_text(json.dumps(cut(log, 40)))
    done = subprocess.run([sys.executable, "-m", "engine", "next", str(path)], capture_output=True, text=True,
                          cwd=REPO, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "after 40 events:" in done.stdout and "awaiting " in done.stdout and "e.g. {" in done.stdout
    as_json = subprocess.run([sys.executable, "-m", "engine", "next", "--json", str(path)], capture_output=True,
                             text=True, cwd=REPO, timeout=120)  # fmt: skip
    assert json.loads(as_json.stdout)["events_applied"] == 40
    missing = subprocess.run([sys.executable, "-m", "engine", "next", str(tmp_path / "none.json")],
                             capture_output=True, text=True, cwd=REPO, timeout=120)  # fmt: skip
    assert missing.returncode == 2 and "cannot read" in missing.stderr


@pytest.mark.parametrize("game", GAMES)
def test_what_is_awaited_always_names_a_rule_of_the_games_index(game):
    info = engine.game(game)
    log = engine.simulate(game, 4)
    replay = session.start(log)
    for i, event in enumerate(log["events"]):
        aw = replay.awaits()
        assert aw is not None and aw["what"], (i, event)
        assert aw["rule"] is None or info.rule(aw["rule"]) is not None, aw
        replay.apply(i, event)
    assert replay.awaits() is None  # the game is over
