"""Becoming an organizer (issue #13, onboarding): a player asks from their profile or from the
page /events/new/ shows them, staff grant or decline (staff page, admin, API, command line), the
player is told the outcome, and with ``ARBITER_OPEN_EVENTS`` anyone signed in creates events."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from accounts import roles
from accounts.models import OrganizerRequest, RequestStatus
from accounts.services import holds_organizer_role, is_organizer

pytestmark = pytest.mark.django_db

REASON = "Monthly Battleground nights at the Grayskull club."


@pytest.fixture
def staff(make_user):
    return make_user("stella", is_staff=True)


@pytest.fixture
def player_client(client, user):
    client.force_login(user)
    return client


def test_events_new_explains_how_to_become_an_organizer(player_client):
    response = player_client.get("/events/new/")
    page = response.content.decode()
    assert response.status_code == 403
    assert "Running events needs the organizer role" in page
    assert "Only organizers can create events." in page
    assert 'id="role-request-form"' in page and "I want to run events" in page
    assert 'class="site-header"' in page  # the site's layout, not Django's bare 403


def test_request_grant_then_the_player_creates_an_event(player_client, client, user, staff):
    response = player_client.post("/accounts/organizer-request/", {"reason": REASON, "next": "/events/new/"})
    assert response.status_code == 302 and response.url == "/events/new/"
    waiting = OrganizerRequest.objects.get(user=user)
    assert waiting.status == RequestStatus.PENDING and waiting.reason == REASON
    assert "is waiting for staff" in player_client.get("/events/new/").content.decode()

    staff_client = type(client)()
    staff_client.force_login(staff)
    listing = staff_client.get("/accounts/organizer-requests/").content.decode()
    assert REASON in listing and "Grant" in listing
    decided = staff_client.post(
        f"/accounts/organizer-requests/{waiting.pk}/decide/", {"decision": "grant", "note": "Welcome!"}
    )
    assert decided.status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == RequestStatus.GRANTED and waiting.decided_by == staff
    assert holds_organizer_role(type(user).objects.get(pk=user.pk))

    # The player is told on the next page they open, until they read it on their profile.
    home = player_client.get("/").content.decode()
    assert 'id="organizer-request-news"' in home and "Staff granted your request to run events" in home
    profile = player_client.get("/accounts/profile/").content.decode()
    assert "You hold the organizer role" in profile and "Welcome!" in profile
    assert 'id="organizer-request-news"' not in player_client.get("/").content.decode()

    from tournaments import services

    form = player_client.get("/events/new/")
    assert form.status_code == 200 and "Running events needs the organizer role" not in form.content.decode()
    player = type(user).objects.get(pk=user.pk)
    event = services.create_event(
        player, name="Grayskull Monthly", starts_on=date(2026, 12, 5), points_limit=110
    )
    assert event.organizers.filter(pk=user.pk).exists()


def test_a_declined_request_is_told_with_the_note_and_can_be_asked_again(player_client, user, staff):
    req = roles.request_role(user, REASON)
    roles.decide(staff, req, grant=False, note="Please run one with your club first")
    assert not is_organizer(user)
    home = player_client.get("/").content.decode()
    assert "Staff declined your request to run events" in home and "run one with your club first" in home
    profile = player_client.get("/accounts/profile/").content.decode()
    assert "You can ask again" in profile and 'id="role-request-form"' in profile
    assert roles.request_role(user, "Again, with a club event planned").status == RequestStatus.PENDING


def test_one_request_waits_at_a_time_and_a_reason_is_required(player_client, user):
    empty = player_client.post("/accounts/organizer-request/", {"reason": "   "})
    assert empty.status_code == 400 and "This field is required" in empty.content.decode()
    roles.request_role(user, REASON)
    with pytest.raises(roles.RoleRequestError) as twice:
        roles.request_role(user, "once more")
    assert twice.value.code == "already_requested"
    again = player_client.post("/accounts/organizer-request/", {"reason": "once more"})
    assert again.status_code == 400 and "is waiting for staff" in again.content.decode()
    assert OrganizerRequest.objects.filter(user=user).count() == 1


def test_only_staff_decide_and_a_request_is_decided_once(client, user, other_user, staff):
    req = roles.request_role(user, REASON)
    client.force_login(other_user)
    page = client.get("/accounts/organizer-requests/")
    assert page.status_code == 403 and "Only staff decide who may run events." in page.content.decode()
    assert (
        client.post(f"/accounts/organizer-requests/{req.pk}/decide/", {"decision": "grant"}).status_code
        == 403
    )
    roles.decide(staff, req, grant=True)
    with pytest.raises(roles.RoleRequestError, match="already granted"):
        roles.decide(staff, req, grant=False)


def test_the_api_asks_and_staff_decide(api_client, user, staff):
    api_client.force_authenticate(user)
    assert api_client.get("/api/accounts/organizer-request/").json() == {
        "organizer": False,
        "open_events": False,
        "request": None,
    }
    missing = api_client.post("/api/accounts/organizer-request/", {"reason": ""}, format="json")
    assert missing.status_code == 400 and missing.json()["error"]["code"] == "reason_required"
    asked = api_client.post("/api/accounts/organizer-request/", {"reason": REASON}, format="json")
    assert asked.status_code == 201 and asked.json()["request"]["status"] == "pending"
    again = api_client.post("/api/accounts/organizer-request/", {"reason": REASON}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_requested"
    assert api_client.get("/api/accounts/organizer-requests/").status_code == 403

    api_client.force_authenticate(staff)
    listed = api_client.get("/api/accounts/organizer-requests/").json()["results"]
    assert [(r["username"], r["reason"]) for r in listed] == [("alice", REASON)]
    decided = api_client.post(
        f"/api/accounts/organizer-requests/{listed[0]['id']}/decision/", {"decision": "grant"}, format="json"
    )
    assert decided.status_code == 200 and decided.json()["status"] == "granted"
    assert decided.json()["decided_by"] == "stella"
    api_client.force_authenticate(type(user).objects.get(pk=user.pk))  # permissions are cached per instance
    assert api_client.get("/api/accounts/organizer-request/").json()["organizer"] is True


def test_an_unknown_status_filter_is_refused_not_answered_empty(api_client, user, staff):
    roles.request_role(user, REASON)
    api_client.force_authenticate(staff)
    bogus = api_client.get("/api/accounts/organizer-requests/?status=bogus")
    assert bogus.status_code == 400
    assert "bogus" in str(bogus.json()) and "pending" in str(bogus.json())
    every = api_client.get("/api/accounts/organizer-requests/?status=all").json()["results"]
    assert [r["username"] for r in every] == ["alice"]
    assert api_client.get("/api/accounts/organizer-requests/?status=granted").json()["results"] == []


def test_the_command_line_lists_and_grants(user):
    roles.request_role(user, REASON)
    out = io.StringIO()
    call_command("organizer_requests", stdout=out)
    assert "alice" in out.getvalue() and "1 request(s) waiting" in out.getvalue()
    call_command("organizer_requests", "grant", "alice", "--note", "go ahead", stdout=out)
    req = OrganizerRequest.objects.get(user=user)
    assert req.status == RequestStatus.GRANTED and req.decided_by is None and req.note == "go ahead"
    with pytest.raises(CommandError, match="no organizer request waiting"):
        call_command("organizer_requests", "decline", "alice", stdout=out)


def test_the_admin_grants_through_the_same_service(client, user, make_user):
    admin_user = make_user("root", is_staff=True, is_superuser=True)
    req = roles.request_role(user, REASON)
    client.force_login(admin_user)
    response = client.post(
        "/admin/accounts/organizerrequest/",
        {"action": "grant", "_selected_action": [req.pk]},
    )
    assert response.status_code == 302
    req.refresh_from_db()
    assert req.status == RequestStatus.GRANTED and holds_organizer_role(type(user).objects.get(pk=user.pk))


def test_open_events_lets_anyone_signed_in_create_and_run_events(settings, player_client, user):
    from tournaments import services

    assert player_client.get("/events/new/").status_code == 403
    settings.ARBITER_OPEN_EVENTS = True
    assert player_client.get("/events/new/").status_code == 200
    event = services.create_event(user, name="Open night", starts_on=date(2026, 12, 5), points_limit=110)
    assert event.organizers.filter(pk=user.pk).exists()
    with pytest.raises(roles.RoleRequestError) as no_need:
        roles.request_role(user, REASON)
    assert no_need.value.code == "open_events"
    assert "anyone signed in can run events" in player_client.get("/accounts/profile/").content.decode()


def test_the_events_page_offers_a_player_the_way_to_run_events(player_client):
    page = player_client.get("/events/").content.decode()
    assert 'id="run-events" href="/accounts/organizer-request/"' in page
    asking = player_client.get("/accounts/organizer-request/").content.decode()
    assert "Run events on Arbiter" in asking and 'id="role-request-form"' in asking
