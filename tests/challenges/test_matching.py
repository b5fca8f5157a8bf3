"""A log's header against a challenge's published header: what must match, and the sentences a player reads."""

import copy

import pytest

import engine
from challenges.matching import differences, published_header

GAME = "motu-fields-of-eternia"


@pytest.fixture(scope="module")
def sample():
    return engine.simulate(GAME, 3, mode="solo")


def test_the_published_header_has_the_commitment_but_not_the_seed_events_or_label(sample):
    published = published_header(sample)
    assert published["randomness"] == {"mode": "seeded", "commitment": sample["randomness"]["commitment"]}
    assert "events" not in published and "simulated" not in published
    assert sample["randomness"]["seed"] not in repr(published)


def test_the_same_setup_matches_whatever_the_names(sample):
    log = copy.deepcopy(sample)
    log["players"][0]["name"] = "Someone Else"
    assert differences(published_header(sample), log) == []


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda h: h["setup"].update(difficulty="relentless"), "setup.difficulty"),
        (lambda h: h["players"][0]["force"].reverse(), "Seat 1 force"),
        (lambda h: h["content_pack"].update(sha256="0" * 64), "Content pack sha256"),
        (lambda h: h.update(options={"power_dice": True}), "options.power_dice"),
        (lambda h: h["randomness"].update(commitment="ab" * 32), "another seed"),
        (lambda h: h.update(randomness={"mode": "recorded"}), "played seeded"),
        (lambda h: h["players"].append({"id": "p2", "faction": "motu", "force": []}), "2 player(s)"),
        (lambda h: h.update(game="motu-battleground"), "motu-battleground"),
    ],
)
def test_each_difference_is_named(sample, change, words):
    log = copy.deepcopy(sample)
    change(log)
    problems = differences(published_header(sample), log)
    assert len(problems) == 1 and words in problems[0], problems
