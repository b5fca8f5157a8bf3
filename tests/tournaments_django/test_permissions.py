"""Only an event's organizers manage it; a player acts only on their own matches and list."""

from datetime import date

import pytest
from django.core.exceptions import PermissionDenied

from draw import services as draw_services
from draw.seats import two_seats
from participants import services as participant_services
from results import services as result_services
from tests.tournaments_django.conftest import cross_faction_match
from tournaments import services
from tournaments.errors import EventError

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_organizer(make_user):
    from accounts.services import make_organizer

    user = make_user("oscar")
    make_organizer(user)
    return user


def test_only_users_with_the_organizer_role_create_events(make_player):
    with pytest.raises(PermissionDenied):
        services.create_event(make_player("Ann"), name="Mine", starts_on=date(2026, 1, 1))


def test_the_organizer_role_alone_does_not_manage_someone_elses_event(field, other_organizer):
    event, players = field(4)
    registration = event.registrations.first()
    for action in (
        lambda: draw_services.pair_next_round(other_organizer, event),
        lambda: services.update_event(other_organizer, event, name="Taken over"),
        lambda: participant_services.check_in(other_organizer, registration),
        lambda: participant_services.drop(other_organizer, registration),
        lambda: services.add_organizer(other_organizer, event, other_organizer),
    ):
        with pytest.raises(PermissionDenied):
            action()


def test_staff_is_not_an_organizer_of_the_event(field, make_user):
    event, _ = field(4)
    admin = make_user("root", is_staff=True, is_superuser=True)
    # A superuser holds every permission, but the event's organizers are a list.
    with pytest.raises(PermissionDenied):
        draw_services.pair_next_round(admin, event)


def test_an_added_organizer_manages_the_event(field, organizer, other_organizer, make_player):
    event, _ = field(4)
    with pytest.raises(EventError, match="organizer role"):
        services.add_organizer(organizer, event, make_player("No Role"))
    services.add_organizer(organizer, event, other_organizer)
    assert draw_services.pair_next_round(other_organizer, event).number == 1


def test_players_cannot_run_the_event(running_round):
    event, round_, players = running_round
    player = players[0]
    match = round_.matches.first()
    for action in (
        lambda: draw_services.close_round(player, round_),
        lambda: draw_services.start_timer(player, round_),
        lambda: result_services.decide_result(player, match, scores=two_seats("win")),
        lambda: participant_services.late_join(player, event, players[1]),
    ):
        with pytest.raises(PermissionDenied):
            action()


def test_a_player_only_acts_on_their_own_match(running_round, make_player):
    event, round_, players = running_round
    match = cross_faction_match(round_)
    outsider = next(u for u in players if match.side_of(u) is None)
    with pytest.raises(PermissionDenied):
        result_services.report_result(outsider, match, scores=two_seats("win"))
    with pytest.raises(PermissionDenied):
        result_services.attach_log_to_match(make_player("Stranger"), match, b"{}")


# --- the same rules through the pages ------------------------------------------------------------


def test_pages_refuse_non_organizers(client, field, other_organizer):
    event, players = field(4)
    client.force_login(other_organizer)
    assert client.get(f"/events/{event.slug}/manage/").status_code == 403
    assert client.get(f"/events/{event.slug}/edit/").status_code == 403
    assert client.post(f"/events/{event.slug}/manage/pair/").status_code == 403
    assert not event.rounds.exists()
    client.force_login(players[0])
    assert client.get("/events/new/").status_code == 403


def test_draft_rounds_are_hidden_from_players(client, field, organizer):
    event, players = field(4)
    draw_services.pair_next_round(organizer, event)
    client.force_login(players[0])
    assert client.get(f"/events/{event.slug}/rounds/1/").status_code == 404
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/rounds/1/")
    assert page.status_code == 200 and b"round 1 by seeding" in page.content


def test_a_player_cannot_report_another_match_through_the_page(client, running_round):
    event, round_, players = running_round
    first, second = list(round_.matches.order_by("table"))
    client.force_login(second.entrants()[0].player)
    response = client.post(
        f"/events/{event.slug}/matches/{first.pk}/report/",
        {
            "outcome_a": "win",
            "score_a": 1,
            "score_b": 0,
            "knockouts_dealt_a": 0,
            "knockouts_dealt_b": 0,
        },
    )
    assert response.status_code == 403
    first.refresh_from_db()
    assert first.state == "awaiting-log"


def test_the_match_log_is_evidence_for_players_and_organizers_only(
    client, running_round, organizer, make_player, published, django_capture_on_commit_callbacks
):
    from tests.tournaments_django.conftest import log_for

    event, round_, players = running_round
    match = cross_faction_match(round_)
    result_services.attach_log_to_match(match.entrants()[0].player, match, log_for(match))
    url = f"/events/{event.slug}/matches/{match.pk}/log.json"
    client.force_login(make_player("Curious"))
    assert client.get(url).status_code == 403
    client.force_login(organizer)
    assert client.get(url).status_code == 200
