"""Entries: a verified legal log of the challenge's setup takes its place; anything else is refused with a
reason the player reads (issue #10 / #11)."""

from __future__ import annotations

import copy
import json
from datetime import timedelta

import pytest

import engine
from tests.challenges.conftest import play, verify

pytestmark = pytest.mark.django_db


def enter(user, challenge, data: bytes):
    from challenges import services

    entry = services.submit_entry(user, challenge, data, filename="game.json")
    verify(entry.log_id)
    entry.refresh_from_db()
    return entry


def test_a_legal_game_of_the_setup_is_accepted_with_its_score_and_rounds(user, challenge, started):
    data = play(started, 10)
    verdict = engine.verify(data).to_dict()
    entry = enter(user, challenge, data)
    assert entry.status == "accepted", entry.reasons
    assert entry.score == verdict["result"]["against_game"]["score"]
    assert entry.outcome == verdict["result"]["against_game"]["outcome"]
    assert entry.rounds == verdict["result"]["rounds_played"]
    assert entry.simulated is True and entry.verified_at is not None


def test_another_setup_is_refused_with_the_difference(user, challenge, started):
    setup = {
        **started["setup"],
        "difficulty": "relentless" if started["setup"]["difficulty"] != "relentless" else "beginner",
    }
    entry = enter(user, challenge, play(started, 11, setup=setup))
    assert entry.status == "refused"
    assert any("setup.difficulty" in reason for reason in entry.reasons), entry.reasons


def test_another_seed_is_refused(user, challenge, started):
    other = engine.simulate("motu-fields-of-eternia", 4, mode="solo")  # its own seed and commitment
    header = {**started, "randomness": other["randomness"]}
    entry = enter(user, challenge, play(header, 12))
    assert entry.status == "refused"
    assert any("another seed" in reason for reason in entry.reasons), entry.reasons


def test_an_illegal_log_is_refused(user, challenge, started):
    doc = json.loads(play(started, 13))
    doc["events"] = doc["events"][:1] + doc["events"][3:]  # events missing: the replay cannot follow
    entry = enter(user, challenge, json.dumps(doc).encode())
    assert entry.status == "refused"
    assert any("not legal" in reason for reason in entry.reasons), entry.reasons


def test_simulated_logs_are_refused_unless_the_challenge_is_a_labelled_demo(user, make_challenge, sample_log):
    from challenges import services

    other = engine.simulate("motu-fields-of-eternia", 5, mode="solo")
    real = make_challenge(allow_simulated=False, seed=other["randomness"]["seed"])
    services.start(user, real)
    entry = enter(user, real, play(services.header_for(real, user), 14))
    assert entry.status == "refused"
    assert any("simulated" in reason for reason in entry.reasons)


def test_a_player_who_did_not_start_cannot_enter_and_their_upload_is_refused(
    user, other_user, challenge, started
):
    from challenges import services
    from challenges.models import ChallengeEntry
    from gamelogs.services import submit_log

    data = play(started, 15)  # the seed passed on by someone who started
    with pytest.raises(services.ChallengeError) as caught:
        services.submit_entry(other_user, challenge, data)
    assert caught.value.code == "not_started"
    log = submit_log(other_user, data, source="web").log  # the ordinary page: entered by its commitment
    verify(log.pk)
    entry = ChallengeEntry.objects.get(challenge=challenge, log=log)
    assert entry.status == "refused"
    assert any("did not start" in reason for reason in entry.reasons)


def test_a_log_uploaded_on_the_ordinary_page_enters_by_its_commitment(user, challenge, started):
    from challenges.models import ChallengeEntry
    from gamelogs.services import submit_log

    log = submit_log(user, play(started, 16), source="web").log
    verify(log.pk)
    entry = ChallengeEntry.objects.get(challenge=challenge, log=log)
    assert entry.player == user and entry.status == "accepted"


def test_the_receiver_is_idempotent(user, challenge, started):
    from challenges.models import ChallengeEntry
    from challenges.services import record_verdict

    entry = enter(user, challenge, play(started, 17))
    log = entry.log
    record_verdict(log, log.verdict)
    record_verdict(log, log.verdict)
    assert ChallengeEntry.objects.filter(log=log).count() == 1
    assert ChallengeEntry.objects.get(log=log).status == "accepted"


def test_the_same_log_entered_twice_is_one_entry(user, challenge, started):
    from challenges import services

    data = play(started, 18)
    first = enter(user, challenge, data)
    again = services.submit_entry(user, challenge, data)
    assert again.pk == first.pk and again.status == "accepted"


def test_a_closed_challenge_takes_no_entries(user, make_challenge, sample_log):
    from challenges import services

    closed = make_challenge(opens=-3, closes=-1)
    with pytest.raises(services.ChallengeError) as caught:
        services.submit_entry(user, closed, play(services.header_for(closed, user), 19))
    assert caught.value.code == "not_open"


def test_a_re_verification_keeps_the_first_verification_time(user, challenge, started):
    from challenges.services import record_verdict

    entry = enter(user, challenge, play(started, 24))
    first = entry.verified_at
    log = entry.log
    log.verified_at = first + timedelta(days=1)
    record_verdict(log, log.verdict)
    entry.refresh_from_db()
    assert entry.verified_at == first and entry.status == "accepted"


def test_leaderboard_keeps_each_players_best_in_order(user, other_user, challenge, started):
    from challenges import services

    services.start(other_user, challenge)
    entries = [enter(user, challenge, play(started, s)) for s in (20, 21)]
    entries.append(enter(other_user, challenge, play(started, 22)))
    assert all(e.status == "accepted" for e in entries), [e.reasons for e in entries]
    board = services.leaderboard(challenge)
    best = {}
    for e in sorted(entries, key=lambda e: (-e.score, e.rounds, e.verified_at, e.pk)):
        best.setdefault(e.player_id, e)
    assert len(board) == 2
    assert [e.pk for e in board] == [e.pk for e in best.values()]


def test_a_re_verification_that_finds_the_log_illegal_removes_it_from_the_board(user, challenge, started):
    from challenges import services
    from challenges.services import record_verdict

    entry = enter(user, challenge, play(started, 23))
    log = entry.log
    illegal = copy.deepcopy(log.verdict)
    illegal.update(status="illegal", summary="ILLEGAL — at event 3")
    log.state = "illegal"
    record_verdict(log, illegal)
    entry.refresh_from_db()
    assert entry.status == "refused" and services.leaderboard(challenge) == []
