"""The participants app's tests use the events' fixtures (organizer, players, fields of players)."""

from tests.tournaments_django.conftest import (  # noqa: F401
    field,
    make_event,
    make_player,
    organizer,
    running_round,
    team_event,
)
