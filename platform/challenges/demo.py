"""Demo data for `make run`: one Fields of Eternia solo challenge with a few simulated entries, each
labelled simulated (the challenge is marked as a demo that accepts them)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

import engine
from challenges import matching, services
from challenges.models import Challenge
from gamelogs.demo import encode
from gamelogs.models import LogSource

DEMO_GAME = "motu-fields-of-eternia"
DEMO_SLUG = "demo-eternia-solo"
DEMO_PLAYERS = ("demo", "demo-teela", "demo-duncan")


def load(entries_per_player: int = 2) -> Challenge | None:
    """Create the demo challenge (once) and enter simulated games from the demo players. None if the
    game is not registered."""
    if DEMO_GAME not in {info.id for info in engine.games()}:
        return None
    challenge = Challenge.objects.filter(slug=DEMO_SLUG).first()
    if challenge is None:
        sample = engine.simulate(DEMO_GAME, 1, mode="solo")
        now = timezone.now()
        challenge = services.create_challenge(
            None,
            game=DEMO_GAME,
            mode="solo",
            title="Demo: Fields of Eternia solo",
            description="A demo challenge: its entries are simulated games, labelled so.",
            header=matching.published_header(sample),
            seed=sample["randomness"]["seed"],
            slug=DEMO_SLUG,
            opens_at=now - timedelta(days=1),
            closes_at=now + timedelta(days=30),
            allow_simulated=True,
        )
    if not challenge.is_open():
        return challenge  # a demo database kept past the close: the board stays as it was
    User = get_user_model()
    header = services.header_for(challenge, _player(User, DEMO_PLAYERS[0], challenge))
    for n, username in enumerate(DEMO_PLAYERS):
        player = _player(User, username, challenge)
        # Loading the demo again adds nothing: the entries already made stay as they are.
        for k in range(challenge.entries.filter(player=player).count(), entries_per_player):
            log = engine.simulate(DEMO_GAME, 100 + n * entries_per_player + k, from_header=header)
            services.submit_entry(
                player, challenge, encode(log), filename=f"{username}-{k}.json", source=LogSource.DEMO
            )
    return challenge


def _player(User, username: str, challenge: Challenge):
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User.objects.create_user(username)  # no password: demo players cannot log in
    services.start(user, challenge)
    return user
