"""Event day: the player's table (service, API, pages), the projector's data, the printed
pairings and result slips, notifications that name the event, and times in the viewer's zone."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from draw import services as draw_services
from draw.seats import two_seats
from draw.services.event_day import current_table, current_tables, projector_data
from participants import services as participant_services
from results import services as result_services
from tournaments.models import Notification
from tournaments.said import render
from tournaments.services.common import about

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_players(field, organizer, django_capture_on_commit_callbacks):
    """A published round 1 of five players (two games and a bye) with lists kept private; the
    notifications of publishing are written."""
    event, players = field(5, names=["Adora", "Duncan", "Teela", "Evelyn", "Kronis"])
    with django_capture_on_commit_callbacks(execute=True):
        round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    return event, round_, players


def game_of(round_):
    return round_.matches.games().order_by("table").first()


def bye_of(round_):
    return round_.matches.byes().get()


# --- the service -----------------------------------------------------------------------------------


def test_my_table_names_round_table_and_opponent(five_players):
    event, round_, _ = five_players
    match = game_of(round_)
    table = current_table(match.entrants()[0].player, event)
    assert (table.round.number, table.match.table, table.is_bye) == (1, match.table, False)
    assert [p.name for p in table.opponents] == [match.entrants()[1].display_name]
    assert table.needs_result and table.ends_at is None and table.seconds_left() is None
    assert set(table.links()) == {"match", "report", "upload", "record"}
    assert table.links()["record"].startswith("/play/?game=motu-battleground")


def test_opponents_list_is_hidden_until_lists_are_public_but_mine_is_shown(five_players):
    event, round_, _ = five_players
    player = game_of(round_).entrants()[0].player
    table = current_table(player, event)
    assert table.opponents[0].faction == "" and table.opponents[0].list_lines == []
    assert table.me.faction  # my own faction, always
    event.lists_public = True  # locked already: round 1 is paired
    event.save()
    table = current_table(player, event)
    assert table.opponents[0].faction and table.opponents[0].list_lines


def test_the_clock_counts_down_from_the_round_timer(five_players, organizer):
    event, round_, _ = five_players
    draw_services.start_timer(organizer, round_, minutes=90)
    table = current_table(game_of(round_).entrants()[0].player, event)
    now = table.ends_at - timedelta(minutes=30)
    assert table.seconds_left(now) == 30 * 60
    assert table.seconds_left(table.ends_at + timedelta(seconds=5)) == 0


def test_a_bye_has_no_opponent_and_nothing_to_report(five_players):
    event, round_, _ = five_players
    table = current_table(bye_of(round_).entrants()[0].player, event)
    assert table.is_bye and table.opponents == [] and not table.needs_result
    assert set(table.links()) == {"match"}


def test_no_table_for_strangers_drafts_dropped_players_and_finished_events(
    five_players, organizer, make_player
):
    event, round_, _ = five_players
    assert current_table(make_player("Stranger"), event) is None
    match = game_of(round_)
    participant_services.drop(organizer, match.entrants()[0])
    assert current_table(match.entrants()[0].player, event) is None
    # Next round drafted but not published: the player's table is the published round's still.
    other = match.entrants()[1].player
    assert current_table(other, event).round.number == 1
    assert current_tables(other)[0].event == event


def test_current_tables_lists_only_running_events(five_players, make_event):
    event, round_, _ = five_players
    player = game_of(round_).entrants()[0].player
    participant_services.register(player, make_event(name="Autumn Open"))  # open, not running
    assert [t.event for t in current_tables(player)] == [event]


# --- the API -----------------------------------------------------------------------------------------


def test_my_table_api(five_players, client):
    event, round_, _ = five_players
    match = game_of(round_)
    client.force_login(match.entrants()[0].player)
    body = client.get(f"/api/events/{event.slug}/my-table/").json()
    table = body["table"]
    assert body["event"] == event.slug
    assert (table["round"], table["table"], table["bye"]) == (1, match.table, False)
    assert [o["name"] for o in table["opponents"]] == [match.entrants()[1].display_name]
    assert table["opponents"][0]["faction"] == ""  # lists are private
    assert table["links"]["report"].startswith("http://testserver/events/") and table["links"][
        "report"
    ].endswith("#report")
    assert client.get("/api/events/me/tables/").json()[0]["table"] == match.table


def test_my_table_api_without_a_table_and_without_signing_in(five_players, client, make_player):
    event, _, _ = five_players
    assert client.get(f"/api/events/{event.slug}/my-table/").status_code in (401, 403)
    client.force_login(make_player("Stranger"))
    assert client.get(f"/api/events/{event.slug}/my-table/").json() == {"event": event.slug, "table": None}


# --- the pages ---------------------------------------------------------------------------------------


def test_the_card_is_on_the_event_home_and_my_events_pages(five_players, organizer, client):
    event, round_, _ = five_players
    draw_services.start_timer(organizer, round_, minutes=60)
    match = game_of(round_)
    client.force_login(match.entrants()[0].player)
    for url in (f"/events/{event.slug}/", "/", "/events/me/", f"/events/{event.slug}/my-table/"):
        page = client.get(url).content.decode()
        assert f'id="my-table-{event.slug}"' in page, url
        assert match.entrants()[1].display_name in page
        assert f"{match.get_absolute_url()}#report" in page and "/play/?game=" in page
        assert "data-ends-at=" in page and "data-now=" in page, url


def test_the_my_table_page_says_why_there_is_no_table(five_players, client, make_player):
    event, _, _ = five_players
    client.force_login(make_player("Stranger"))
    page = client.get(f"/events/{event.slug}/my-table/").content.decode()
    assert "not registered" in page and "my-table-" not in page


# --- the projector -----------------------------------------------------------------------------------


def test_projector_data_has_every_table_and_the_clock(five_players, organizer, client):
    event, round_, _ = five_players
    draw_services.start_timer(organizer, round_, minutes=45)
    round_.refresh_from_db()
    now = round_.timer_ends_at - timedelta(minutes=10)
    data = projector_data(event, now=now)
    assert data["round"]["number"] == 1 and data["round"]["seconds_left"] == 600
    assert [t["table"] for t in data["tables"]] == [1, 2, 3]
    assert [len(t["players"]) for t in data["tables"]] == [2, 2, 1] and data["tables"][2]["bye"]
    body = client.get(f"/events/{event.slug}/projector.json").json()
    assert body["round"]["ends_at"] == round_.timer_ends_at.isoformat()
    assert datetime.fromisoformat(body["now"]) <= timezone.now()
    assert client.get(f"/api/events/{event.slug}/projector/").json()["tables"] == body["tables"]


def test_projector_never_shows_a_draft(field, organizer, client):
    event, _ = field(4)
    draw_services.pair_next_round(organizer, event)
    data = projector_data(event)
    assert data["round"] is None and data["tables"] == []
    page = client.get(f"/events/{event.slug}/projector/").content.decode()
    assert "No round published yet" in page


def test_projector_page_is_dark_and_refreshes_from_json(five_players, client):
    event, round_, _ = five_players
    page = client.get(f"/events/{event.slug}/projector/").content.decode()
    assert f'data-source="/events/{event.slug}/projector.json"' in page
    assert "tournaments/projector.js" in page and "tournaments/projector.css" in page
    assert page.count('<li class="projector-table') == 3
    assert game_of(round_).entrants()[0].display_name in page


# --- printing ----------------------------------------------------------------------------------------


def test_print_view_has_pairings_and_one_slip_per_game(five_players, client):
    event, round_, _ = five_players
    page = client.get(f"/events/{event.slug}/rounds/1/print/").content.decode()
    games = list(round_.matches.games().order_by("table"))
    slips = re.findall(r'id="slip-(\d+)"', page)
    assert slips == [str(m.table) for m in games]  # the bye gets no slip
    for match in games:
        for seat in match.seat_list():
            assert seat.registration.display_name in page
    assert 'id="pairings-by-table"' in page and 'id="pairings-by-name"' in page
    assert page.count('class="sign-line"') == 4 and "tournaments/print.css" in page


def test_print_view_of_a_draft_is_for_organizers_only(field, organizer, client):
    event, _ = field(4)
    draw_services.pair_next_round(organizer, event)
    assert client.get(f"/events/{event.slug}/rounds/1/print/").status_code == 404
    client.force_login(organizer)
    assert "draft, not published" in client.get(f"/events/{event.slug}/rounds/1/print/").content.decode()


def test_print_css_breaks_pages_between_sheets():
    from django.contrib.staticfiles import finders

    css = Path(finders.find("tournaments/print.css")).read_text()
    rules = css[css.index("@media print") :]
    assert "break-after: page" in rules and ".slip" in rules and "break-inside: avoid" in css


# --- notifications -----------------------------------------------------------------------------------


def test_every_notification_of_publishing_names_the_event(five_players):
    event, round_, _ = five_players
    notes = Notification.objects.filter(event=event)
    assert notes.count() == 5
    assert all(n.message.startswith(f"{event.name} — Round 1") for n in notes)


def test_notification_names_event_round_and_table_of_a_match(
    five_players, organizer, django_capture_on_commit_callbacks
):
    event, round_, _ = five_players
    match = game_of(round_)
    with django_capture_on_commit_callbacks(execute=True):
        result_services.report_result(match.entrants()[0].player, match, scores=two_seats("win", (30, 10)))
    message = Notification.objects.filter(user=match.entrants()[1].player, match=match).latest("id").message
    assert message.startswith(f"{event.name}, table {match.table} — ") and "round 1" in message


def test_about_leaves_out_what_the_message_already_says(five_players):
    event, round_, _ = five_players
    match = game_of(round_)

    def said(message, **where):  # the lead is a sentence too: read here in English, as the row stores it
        return render(about(message, event=event, **where), translate=False)

    assert said(f"{event.name} is full.") == f"{event.name} is full."
    assert said("Check in now.") == f"{event.name} — Check in now."
    assert (
        said("Dispute raised.", match=match)
        == f"{event.name}, round 1, table {match.table} — Dispute raised."
    )
    assert said("you have a bye", match=bye_of(round_)) == f"{event.name}, round 1 — you have a bye"
    with translation.override("pl"):
        assert render(about("Dispute raised.", event=event, match=match)) == (
            f"{event.name}, runda 1, stół {match.table} — Dispute raised."
        )


# --- local times -------------------------------------------------------------------------------------


def test_local_time_renders_iso_with_a_utc_fallback():
    moment = datetime(2026, 5, 2, 9, 30, tzinfo=UTC)
    html = Template('{% load local_time %}{% local_time when "time" %}|{% local_time iso %}').render(
        Context({"when": moment, "iso": moment.isoformat()})
    )
    assert html == (
        '<time datetime="2026-05-02T09:30:00+00:00" data-local="time">09:30 UTC</time>|'
        '<time datetime="2026-05-02T09:30:00+00:00" data-local="datetime">2 May 2026 09:30 UTC</time>'
    )


# --- the command line ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_arbiter_table_prints_my_table_and_clock(live_server, field, organizer, make_player, capsys):
    from rest_framework.authtoken.models import Token

    from arbiter_cli import main as cli

    event, _ = field(4)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    draw_services.start_timer(organizer, round_, minutes=30)
    match = round_.matches.get(table=1)
    token = Token.objects.create(user=match.entrants()[0].player).key
    assert cli.main(["table", "--server", live_server.url, "--token", token]) == 0
    out = capsys.readouterr().out
    assert f"Spring Open, round 1: table 1 against {match.entrants()[1].display_name} (awaiting-log)." in out
    assert re.search(r"clock: (30:00|29:\d\d) left \(until \d\d:\d\d local time\)", out)
    assert f"/events/{event.slug}/matches/{match.pk}/" in out

    stranger = Token.objects.create(user=make_player("Stranger")).key
    assert cli.main(["table", "--event", event.slug, "--server", live_server.url, "--token", stranger]) == 1
    assert "no table right now" in capsys.readouterr().out
