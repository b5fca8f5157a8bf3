"""Narrowing the list of events to one game, and to one of its modes (the events page and
``GET /api/events/?game=&mode=``)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

import games
from tournaments.game_modes import game_modes

#: The mode filter's value for the game's standard game (an event that names no mode).
STANDARD = "standard"


def game_choices() -> list[tuple[str, str]]:
    """(id, name) of every game events can play."""
    return list(games.event_games())


def mode_choices(game: str) -> list[tuple[str, str]]:
    """(value, name) of the modes an event of ``game`` can play: its standard game first, then each
    competitive mode it names (solo and co-op modes against the game are no event's)."""
    named = [(m.id, m.name) for m in game_modes(game) if not m.against_game and m.id != STANDARD]
    return [(STANDARD, str(_("The standard game"))), *named]


def filter_events(events: QuerySet, game: str = "", mode: str = "") -> QuerySet:
    """The events of ``game`` (every game when empty), of its ``mode`` when one is given."""
    if game:
        events = events.filter(game=game)
    if mode == STANDARD:
        events = events.filter(game_mode__in=("", STANDARD))
    elif mode:
        events = events.filter(game_mode=mode)
    return events
