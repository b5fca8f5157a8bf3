"""The table recorder's per-process cache (play.services._seen): a row at the version held is served
from it without reading its entries, a version is remembered only once committed (a post rolled back
is never served), and after another process's post or an undo the replay equals one rebuilt from the
stored events."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

import engine
from play import finish, services, tables
from play.models import TableGame

pytestmark = pytest.mark.django_db

DEAL_P1 = {"type": "deal", "player": "p1"}
DEAL_P2 = {"type": "deal", "player": "p2"}  # BG-4.6: both players deal at once, either may go first
# The second deal is then the only event left, and the site logs it (play.services.SITE).


def next_offer(code: str, *people) -> tuple:
    """Whoever of ``people`` is offered something now, and the first thing offered."""
    table = services.load(code)
    for person in people:
        offers = services.state_payload(table, person)["offers"]
        if offers:
            return person, offers[0]["event"]
    raise AssertionError("nobody is offered anything")


@pytest.fixture
def table(user, other_user):
    created = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
    )
    return tables.join(created.code, other_user)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``committed(f, …)`` calls f and then what it registered on commit, as a request outside a test's
    own transaction would see it (a transaction rolled back inside f registers nothing)."""

    def call(function, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return function(*args, **kwargs)

    return call


def rebuilt_view(code: str) -> dict:
    """The view of a replay built from the header and the stored events, no cache involved."""
    row = TableGame.objects.get(code=code)
    replay = engine.session.start(engine.session.with_seed(row.header, row.seed))
    for event in row.events:
        engine.session.step(replay, event)
    return replay.view()


def test_a_row_at_the_version_held_is_read_without_its_entries(table, user, other_user, committed):
    committed(finish.post_event, table.code, user, DEAL_P1, table.version)
    person, event = next_offer(table.code, user, other_user)
    stored = committed(finish.post_event, table.code, person, event, table.version + 1)
    with CaptureQueriesContext(connection) as queries:
        loaded = services.load(table.code)
        view = services.replay_of(loaded).view()
    assert len(queries.captured_queries) == 1 and '"entries"' not in queries.captured_queries[0]["sql"]
    assert loaded.version == stored.version and loaded.entries == TableGame.objects.get(pk=table.pk).entries
    assert view == rebuilt_view(table.code)


def test_a_post_rolled_back_is_never_served(table, user, other_user, committed):
    version = table.version
    committed(services.state_payload, services.load(table.code), user)  # held here at `version`

    def post_then_fail():
        with transaction.atomic():
            finish.post_event(table.code, user, DEAL_P1, version)
            raise RuntimeError("the transaction fails after the post")

    with pytest.raises(RuntimeError):
        committed(post_then_fail)
    assert services._held(table.pk).version == version
    # The same version number is stored again, with another event: the rolled-back one never shows.
    committed(finish.post_event, table.code, other_user, DEAL_P2, version)
    loaded = services.load(table.code)
    assert loaded.version == version + 1 and loaded.events == [DEAL_P2, DEAL_P1]
    assert services.state_payload(loaded, user)["view"] == rebuilt_view(table.code)
    assert [e["text"] for e in services.state_payload(loaded, user)["events"]] == [
        e["text"] for e in TableGame.objects.get(pk=table.pk).entries
    ]


def test_a_post_taken_by_another_process_is_applied_to_the_replay_held(table, user, other_user, committed):
    committed(finish.post_event, table.code, user, DEAL_P1, table.version)
    older = services._held(table.pk)
    person, event = next_offer(table.code, user, other_user)
    committed(finish.post_event, table.code, person, event, older.version)
    services._remember(
        table.pk, older.version, older.entries, older.replay
    )  # this process saw only the first
    loaded = services.load(table.code)
    assert loaded.events == [DEAL_P1, DEAL_P2, event]
    assert committed(services.replay_of, loaded).view() == rebuilt_view(table.code)
    assert services._held(table.pk).version == loaded.version


def test_after_an_undo_the_replay_is_rebuilt_from_the_stored_events(table, user, other_user, committed):
    posted = committed(finish.post_event, table.code, user, DEAL_P1, table.version)
    undone = committed(services.undo, table.code, user, posted.version)
    committed(finish.post_event, table.code, other_user, DEAL_P2, undone.version)
    loaded = services.load(table.code)
    assert loaded.events == [DEAL_P2, DEAL_P1]
    assert services.replay_of(loaded).view() == rebuilt_view(table.code)
