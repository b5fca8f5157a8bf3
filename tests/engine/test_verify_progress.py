"""engine.verify(progress=…): live event counts for a progress bar, without changing the verdict."""

import importlib

import engine
from engine.games.battleground import RULESET

verify_module = importlib.import_module("engine.verify")  # the module, not the function engine re-exports


def test_progress_reports_increasing_counts_and_ends_at_the_total(monkeypatch):
    monkeypatch.setattr(verify_module, "PROGRESS_EVERY", 10)
    log = RULESET.simulate(5, randomness="recorded")
    total = len(log["events"])
    calls = []
    verdict = engine.verify(log, progress=lambda done, n: calls.append((done, n)))
    assert verdict.legal
    assert calls[-1] == (total, total)
    assert [d for d, _ in calls[:-1]] == list(range(10, total + 1, 10))
    assert all(n == total for _, n in calls)
    assert verdict.to_dict() == engine.verify(log).to_dict()  # reporting changes nothing


def test_no_final_report_when_the_replay_stops_at_an_illegal_event(monkeypatch):
    monkeypatch.setattr(verify_module, "PROGRESS_EVERY", 10)
    log = RULESET.simulate(5, randomness="recorded")
    log["events"].insert(25, {"type": "focus", "character": "he-man"})  # out of turn
    calls = []
    verdict = engine.verify(log, progress=lambda done, n: calls.append(done))
    assert not verdict.legal
    assert calls == [10, 20]
