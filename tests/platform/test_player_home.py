"""A signed-in player's home (issue #24): "/" shows their open tables, their events and their last logs,
short lists with links, and signing in leads there (or to the page asked for with ?next=)."""

from datetime import date

import pytest

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


@pytest.fixture
def events(make_user, user):
    """Seven events: ``user`` plays in a finished one, a running one and four open ones, and runs one
    other; an event of someone else's they have nothing to do with."""
    from accounts.services import make_organizer
    from participants import services as participant_services
    from tournaments import services
    from tournaments.models import Event, EventStatus

    olga = make_user("olga")
    make_organizer(olga)
    make_organizer(user)
    made = {}
    for day, (name, status) in enumerate(
        [
            ("Finished Cup", EventStatus.FINISHED),
            ("Running Open", EventStatus.RUNNING),
            ("Open One", EventStatus.OPEN),
            ("Open Two", EventStatus.OPEN),
            ("Open Three", EventStatus.OPEN),
            ("Open Four", EventStatus.OPEN),
        ],
        start=1,
    ):
        event = services.create_event(olga, name=name, starts_on=date(2026, 5, day), points_limit=110)
        participant_services.register(user, event)
        Event.objects.filter(pk=event.pk).update(status=status)
        made[name] = event
    made["Mine"] = services.create_event(
        user, name="My Own Night", starts_on=date(2026, 4, 1), points_limit=110
    )
    made["Other"] = services.create_event(
        olga, name="Somebody Else's", starts_on=date(2026, 6, 1), points_limit=110
    )
    return made


def test_signing_in_leads_to_the_players_home(client, user):
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response.url == "/"


def test_signing_in_respects_next(client, user):
    response = client.post("/accounts/login/?next=/events/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response.url == "/events/"
    # A next off the site is not followed: home instead.
    client.logout()
    response = client.post(
        "/accounts/login/?next=https://elsewhere.example/", {"username": "alice", "password": PASSWORD}
    )
    assert response.url == "/"


def test_the_home_lists_the_players_tables_events_and_last_logs(
    client, user, make_user, events, envelope_bytes
):
    from gamelogs.services import submit_log
    from play import tables
    from play.models import TableGame, TableStatus

    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Bob", "first-game-motu")],
        first_player_seat=1,
    )
    over = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Cleo", "first-game-motu")],
        first_player_seat=1,
    )
    TableGame.objects.filter(pk=over.pk).update(status=TableStatus.CONFIRMED)
    theirs = tables.create_game(
        make_user("dario"),
        game="motu-battleground",
        seats=[tables.Seating("Dario", "first-game-ew"), tables.Seating("Emil", "first-game-motu")],
        first_player_seat=1,
    )
    logs = [
        submit_log(user, envelope_bytes(f"home-{i}"), source="api", filename=f"home-{i}.json").log
        for i in range(7)
    ]
    client.force_login(user)
    page = client.get("/").content.decode()

    tables_part = page[page.index('id="home-tables"') : page.index('id="home-events"')]
    assert f'href="/play/{table.code}/"' in tables_part
    assert over.code not in tables_part and theirs.code not in tables_part  # confirmed; not theirs

    events_part = page[page.index('id="home-events"') : page.index('id="home-logs"')]
    shown = [
        name
        for name in ("Running Open", "Open Four", "Open Three", "Open Two", "Open One")
        if name in events_part
    ]
    assert shown == ["Running Open", "Open Four", "Open Three", "Open Two", "Open One"]
    assert events_part.index("Running Open") < events_part.index("Open Four")  # running first
    assert "Finished Cup" not in events_part and "My Own Night" not in events_part  # five at most
    assert "Somebody Else" not in events_part
    assert f'href="{events["Running Open"].get_absolute_url()}"' in events_part
    assert 'href="/events/me/"' in events_part

    logs_part = page[page.index('id="home-logs"') :]
    newest = [log.pk for log in logs[-5:]]
    for pk in newest:
        assert f'href="/logs/{pk}/"' in logs_part
    assert f'href="/logs/{logs[0].pk}/"' not in logs_part  # the last five only
    assert 'href="/logs/"' in logs_part
    # Not the long "My logs" table, and not the visitors' pitch.
    assert 'class="logs"' not in page and "Get a verdict" not in page


def test_an_organizers_own_event_is_on_their_home(client, user, make_user):
    from accounts.services import make_organizer
    from tournaments import services

    make_organizer(user)
    event = services.create_event(
        user, name="Grayskull Monthly", starts_on=date(2026, 12, 5), points_limit=110
    )
    client.force_login(user)
    page = client.get("/").content.decode()
    assert f'href="{event.get_absolute_url()}"' in page
    assert 'id="home-tables"' not in page  # no open table: no list of them
    assert "No logs yet." in page and 'href="/logs/upload/"' in page


def test_visitors_still_get_the_front_page(client):
    page = client.get("/").content.decode()
    assert "Get a verdict" in page and 'id="home-events"' not in page
