"""Phones at a table in tests: a logged-in client per account, posting events as the table page does."""

from __future__ import annotations

import json

from django.test import Client


def logged_in(user) -> Client:
    """A client logged in as ``user``, as their phone would be."""
    client = Client()
    client.force_login(user)
    return client


def post_event(client: Client, table, event: dict):
    """Post ``event`` to ``table`` at the version the phone last saw, as table.js does."""
    return client.post(
        f"/play/{table.code}/events",
        json.dumps({"event": event, "version": table.version}),
        content_type="application/json",
    )


def entered_events(table) -> list[dict]:
    """The events the players entered at ``table``, without the steps the site logged itself (an event
    the rules leave no choice in is never asked: play.services.SITE)."""
    from play.services import SITE

    return [entry["event"] for entry in table.entries if entry["seat"] != SITE]


def battleground_table(first, second, names: tuple[str, str] = ("Alice", "Mallory")):
    """A Battleground table opened by ``first`` (the Evil Warriors' starter force, seat 1 starting) and
    joined by ``second`` (the Masters'): both seated, the game begun."""
    from play import tables

    created = tables.create_game(
        first,
        game="motu-battleground",
        seats=[tables.Seating(names[0], "first-game-ew"), tables.Seating(names[1], "first-game-motu")],
        first_player_seat=1,
    )
    return tables.join(created.code, second)
