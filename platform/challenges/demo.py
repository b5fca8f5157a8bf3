"""Demo data for `make run`: one challenge against the game per game that names one, each with a few
simulated entries labelled simulated (the challenge is marked as a demo that accepts them). Games and modes
come from the game plugins (``GamePlugin.demo_challenge_mode``: Hoplomachus' Assault, Fields of Eternia's
solo game)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

import engine
import games
from challenges import matching, services
from challenges.models import Challenge
from gamelogs.demo import encode
from gamelogs.models import LogSource

DEMO_PLAYERS = ("demo", "demo-teela", "demo-duncan")


def load_all(entries_per_player: int = 2) -> list[Challenge]:
    """Every game's demo challenge (see :func:`load`), in game id order."""
    return [load(entries_per_player, game=game) for game, _ in demo_games()]


def load(entries_per_player: int = 2, *, game: str | None = None) -> Challenge | None:
    """Create ``game``'s demo challenge (the first demo game's when None) once and enter simulated games from
    the demo players. None if that game's plugin names no demo challenge mode."""
    found = next((g for g in demo_games() if game in (None, g[0])), None)
    if found is None:
        return None
    game, mode = found
    slug = f"demo-{game}-{mode}"
    challenge = Challenge.objects.filter(slug=slug).first()
    if challenge is None:
        sample = engine.simulate(game, 1, mode=mode)
        now = timezone.now()
        challenge = services.create_challenge(
            None,
            game=game,
            mode=mode,
            title=f"Demo: {games.plugin(game).short_label} {mode}",
            description="A demo challenge: its entries are simulated games, labelled so.",
            header=matching.published_header(sample),
            seed=sample["randomness"]["seed"],
            slug=slug,
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
            log = engine.simulate(game, 100 + n * entries_per_player + k, from_header=header)
            services.submit_entry(
                player, challenge, encode(log), filename=f"{username}-{k}.json", source=LogSource.DEMO
            )
    return challenge


def demo_games() -> list[tuple[str, str]]:
    """(game id, mode) of every registered game, by id, whose plugin names a mode against the game for its
    demo challenge."""
    return [(game, games.plugin(game).demo_challenge_mode) for game in games.game_ids()
            if games.plugin(game).demo_challenge_mode]  # fmt: skip


def demo_game() -> tuple[str, str] | None:
    """(game id, mode) of the first demo challenge, None if no game names one."""
    return next(iter(demo_games()), None)


def _player(User, username: str, challenge: Challenge):
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User.objects.create_user(username)  # no password: demo players cannot log in
    services.start(user, challenge)
    return user
