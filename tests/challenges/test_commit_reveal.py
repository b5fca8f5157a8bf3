"""Commit–reveal (LOG-4): the commitment is public from creation; the seed goes to a player who starts,
and to everyone once the challenge closes."""

from __future__ import annotations

import hashlib

import pytest

pytestmark = pytest.mark.django_db


def test_a_new_challenge_draws_a_secret_seed_and_publishes_its_commitment(organizer, sample_log):
    from django.utils import timezone

    from challenges import matching, services

    now = timezone.now()
    c = services.create_challenge(
        organizer, game="motu-fields-of-eternia", mode="solo", title="Fresh", header=matching.published_header(sample_log),
        opens_at=now, closes_at=now + timezone.timedelta(days=1),
    )  # fmt: skip
    assert c.seed != sample_log["randomness"]["seed"] and len(c.seed) == 64
    assert c.commitment == hashlib.sha256(bytes.fromhex(c.seed)).hexdigest()
    assert c.header["randomness"] == {"mode": "seeded", "commitment": c.commitment}
    assert c.seed not in repr(c.header)
    assert c.difficulty == sample_log["setup"]["difficulty"]


def test_the_seed_is_kept_from_anyone_who_has_not_started(client, api_client, user, challenge):
    from challenges import services

    assert "seed" not in services.header_for(challenge, user)["randomness"]
    assert challenge.seed not in client.get(f"/challenges/{challenge.slug}/").content.decode()
    assert challenge.seed not in client.get(f"/challenges/{challenge.slug}/header.json").content.decode()
    assert api_client.get(f"/api/challenges/{challenge.slug}/").json()["seed"] is None
    assert challenge.seed not in api_client.get(f"/api/challenges/{challenge.slug}/header/").content.decode()


def test_starting_reveals_the_seed_to_that_player_only(token_client, user, other_user, challenge):
    from challenges import services

    header = token_client.post(f"/api/challenges/{challenge.slug}/start/").json()
    assert header["randomness"]["seed"] == challenge.seed
    assert hashlib.sha256(bytes.fromhex(header["randomness"]["seed"])).hexdigest() == challenge.commitment
    assert "seed" not in services.header_for(challenge, other_user)["randomness"]


def test_a_challenge_not_yet_open_cannot_be_started(token_client, make_challenge):
    upcoming = make_challenge(opens=1, closes=3)
    response = token_client.post(f"/api/challenges/{upcoming.slug}/start/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_open"


def test_after_the_close_everyone_sees_the_seed(client, api_client, make_challenge):
    closed = make_challenge(opens=-3, closes=-1)
    assert api_client.get(f"/api/challenges/{closed.slug}/").json()["seed"] == closed.seed
    assert closed.seed in client.get(f"/challenges/{closed.slug}/").content.decode()
    assert (
        api_client.get(f"/api/challenges/{closed.slug}/header/").json()["randomness"]["seed"] == closed.seed
    )


def test_a_seed_cannot_serve_two_challenges(make_challenge):
    from challenges.services import ChallengeError

    make_challenge()
    with pytest.raises(ChallengeError) as caught:
        make_challenge()
    assert caught.value.code == "seed_reused"
