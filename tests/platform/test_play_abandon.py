"""A table is abandoned when every seated player agrees, or at once by the one who opened it; its page
then offers nothing and it leaves "Your games". The page names players by the content pack's faction
names and the account, and "Your name" starts as the account's name."""

from __future__ import annotations

import pytest

from play import services, tables
from play.errors import TableError
from tests.support.phones import logged_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(user, other_user):
    created = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
    )
    return tables.join(created.code, other_user)


def test_every_seated_player_agrees_then_the_game_is_abandoned(table, user, other_user):
    table = services.abandon(table.code, other_user)
    assert table.status == "playing" and services.state_payload(table, user)["abandon"] == [2]
    table = services.abandon(table.code, user)  # seat 1 opened the table: its word is enough anyway
    assert table.status == "abandoned"
    assert services.state_payload(table, user)["offers"] == []
    assert table not in tables.tables_of(user) and table not in tables.tables_of(other_user)
    with pytest.raises(TableError):
        services.abandon(table.code, user)


def test_the_organizer_abandons_alone_and_the_other_phone_cannot(table, user, other_user, make_user):
    third = services.abandon(table.code, other_user)
    assert third.status == "playing"  # the guest alone cannot end it
    assert services.abandon(table.code, user).status == "abandoned"


def test_the_page_names_factions_and_fills_your_name_from_the_account(table, user):
    payload = services.state_payload(table, user)
    assert [p["faction"] for p in payload["players"]] == ["Evil Warriors", "Masters of the Universe"]
    assert payload["turn"]["round"] in (None, 0, 1)
    page = logged_in(user).get("/play/?game=motu-battleground").content.decode()
    assert 'name="my_name" value="alice"' in page
