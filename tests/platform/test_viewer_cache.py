"""The replay viewer's cached walk of a log is keyed on the game's ruleset version as well as the engine's:
a ruleset bump (a verdict of that game could change) walks the log again instead of serving the old walk."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

import engine
from engine.core import registry
from viewer import walks

GAME = "motu-battleground"


@pytest.fixture
def walked_with_version(monkeypatch):
    """Each walk built records the ruleset version it was built under."""
    monkeypatch.setattr(walks, "build_payload", lambda data: {"built_under": engine.ruleset_version(GAME)})


def _log(sha_digit: str):
    return SimpleNamespace(sha256=sha_digit * 64, game=GAME, raw_bytes=lambda: b"{}")


def test_a_ruleset_bump_walks_the_log_again(walked_with_version):
    log = _log("a")
    before = engine.ruleset_version(GAME)
    assert walks.replay_payload(log) == {"built_under": before}
    info = engine.game(GAME)
    registry.register(dataclasses.replace(info, ruleset_version=before + "-bumped"), replace=True)
    try:
        assert walks.replay_payload(log) == {"built_under": before + "-bumped"}
    finally:
        registry.register(info, replace=True)
    assert walks.replay_payload(log) == {"built_under": before}  # the earlier walk is still cached


def test_the_same_versions_serve_the_cached_walk(walked_with_version, monkeypatch):
    log = _log("b")
    first = walks.replay_payload(log)
    monkeypatch.setattr(walks, "build_payload", lambda data: pytest.fail("walked twice"))
    assert walks.replay_payload(log) == first
