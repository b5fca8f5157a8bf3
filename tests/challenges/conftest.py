"""Challenges over real Fields of Eternia solo logs: a challenge published from a simulated header, and
games played from the header a player downloads (engine.simulate(..., from_header=…))."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

import engine

GAME = "motu-fields-of-eternia"


@pytest.fixture(scope="session")
def sample_log():
    return engine.simulate(GAME, 3, mode="solo")


@pytest.fixture
def organizer(make_user):
    from accounts.services import make_organizer

    user = make_user("olga")
    make_organizer(user)
    return user


@pytest.fixture
def make_challenge(organizer, sample_log):
    from django.utils import timezone

    from challenges import matching, services

    def make(*, allow_simulated=True, seed=None, opens=-1, closes=7, **header_changes):
        header = matching.published_header(sample_log)
        header.update(header_changes)
        now = timezone.now()
        return services.create_challenge(
            organizer,
            game=GAME,
            mode="solo",
            title="Snake Mountain at dawn",
            header=header,
            seed=seed or sample_log["randomness"]["seed"],
            opens_at=now + timedelta(days=opens),
            closes_at=now + timedelta(days=closes),
            allow_simulated=allow_simulated,
        )

    return make


@pytest.fixture
def challenge(make_challenge):
    return make_challenge()


def play(header: dict, seed: int, **changes) -> bytes:
    """A legal (simulated) game played from ``header``; ``changes`` replace header keys before play."""
    doc = engine.simulate(GAME, seed, from_header={**header, **changes})
    return json.dumps(doc).encode()


def verify(log_id: int) -> None:
    """What the worker does: verify the stored log and send log_verified in the verdict's transaction."""
    from gamelogs.verification import verify_stored_log

    verify_stored_log(log_id)


@pytest.fixture
def started(user, challenge):
    """``user`` has started ``challenge``: the header they play with carries the seed."""
    from challenges import services

    services.start(user, challenge)
    return services.header_for(challenge, user)
