"""Checking in several players at once: every registered player, or the ticked ones, in one POST
(the manage page, the page before round 1, and the API)."""

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from rest_framework.test import APIClient

from participants import services as participant_services
from participants.models import RegistrationStatus
from tournaments.errors import EventError
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def statuses(event) -> dict[str, str]:
    return dict(event.registrations.values_list("display_name", "status"))


def test_check_in_all_checks_in_every_registered_player_and_leaves_the_others(field, organizer, make_player):
    event, players = field(4, check_in=False, require_check_in=True)
    participant_services.check_in(organizer, event.registrations.get(player=players[0]))
    participant_services.drop(organizer, event.registrations.get(player=players[1]))
    checked = participant_services.check_in_many(organizer, event)
    assert sorted(r.display_name for r in checked) == ["Player C", "Player D"]
    assert statuses(event) == {
        "Player A": RegistrationStatus.CHECKED_IN,
        "Player B": RegistrationStatus.DROPPED,
        "Player C": RegistrationStatus.CHECKED_IN,
        "Player D": RegistrationStatus.CHECKED_IN,
    }
    assert AuditEntry.objects.filter(event=event, action="checked-in").count() == 3


def test_check_in_selected_is_all_or_nothing(field, organizer):
    event, players = field(4, check_in=False, require_check_in=True)
    regs = {r.display_name: r for r in event.registrations.all()}
    participant_services.drop(organizer, regs["Player D"])
    with pytest.raises(EventError, match="Player D"):
        participant_services.check_in_many(organizer, event, [regs["Player A"].pk, regs["Player D"].pk])
    assert event.registrations.filter(status=RegistrationStatus.CHECKED_IN).count() == 0
    checked = participant_services.check_in_many(organizer, event, [regs["Player A"].pk, regs["Player B"].pk])
    assert [r.display_name for r in checked] == ["Player A", "Player B"]
    assert statuses(event)["Player C"] == RegistrationStatus.REGISTERED


def test_check_in_many_refuses_another_events_registration_and_non_organizers(field, make_event, organizer):
    event, players = field(2, check_in=False)
    other, _ = field(2, check_in=False, names=["Orko", "Teela"])
    stranger = other.registrations.first()
    with pytest.raises(EventError, match=str(stranger.pk)):
        participant_services.check_in_many(organizer, event, [stranger.pk])
    with pytest.raises(PermissionDenied):
        participant_services.check_in_many(players[0], event)
    assert not event.registrations.filter(status=RegistrationStatus.CHECKED_IN).exists()


def test_manage_page_checks_in_all_and_selected_with_one_post_each(field, organizer, client):
    event, players = field(5, check_in=False, require_check_in=True)
    client.force_login(organizer)
    manage = reverse("tournaments:manage", args=[event.slug])
    page = client.get(manage).content.decode()
    assert 'id="check-in-all"' in page and 'id="check-in-selected"' in page
    boxes = re.findall(r'<input type="checkbox" name="registration" value="(\d+)" form="check-in-form"', page)
    assert len(boxes) == 5
    regs = {r.display_name: r.pk for r in event.registrations.all()}
    answer = client.post(
        reverse("tournaments:check-in-bulk", args=[event.slug]),
        {"registration": [regs["Player A"], regs["Player C"]]},
        follow=True,
    )
    assert answer.redirect_chain[-1][0] == manage
    assert "2 players checked in." in answer.content.decode()
    assert sorted(n for n, s in statuses(event).items() if s == RegistrationStatus.CHECKED_IN) == [
        "Player A",
        "Player C",
    ]
    client.post(reverse("tournaments:check-in-bulk", args=[event.slug]), {"all": "1"})
    assert set(statuses(event).values()) == {RegistrationStatus.CHECKED_IN}
    page = client.get(manage).content.decode()
    assert 'id="check-in-all"' not in page  # nobody is left to check in


def test_check_in_selected_with_nothing_ticked_says_so(field, organizer, client):
    event, _ = field(2, check_in=False)
    client.force_login(organizer)
    manage = reverse("tournaments:manage", args=[event.slug])
    answer = client.post(
        reverse("tournaments:check-in-bulk", args=[event.slug]), {}, HTTP_REFERER=manage, follow=True
    )
    assert "Tick the players to check in" in answer.content.decode()
    assert not event.registrations.filter(status=RegistrationStatus.CHECKED_IN).exists()


def test_the_page_before_round_one_checks_in_all_and_comes_back(field, organizer, client):
    event, players = field(4, check_in=False, require_check_in=True)
    client.force_login(organizer)
    absent = reverse("tournaments:pair-absent", args=[event.slug])
    page = client.get(absent).content.decode()
    assert 'id="check-in-all"' in page
    answer = client.post(
        reverse("tournaments:check-in-bulk", args=[event.slug]), {"all": "1", "next": "pair-absent"}
    )
    assert answer.url == absent
    assert "Everyone has checked in now." in client.get(absent).content.decode()


def test_api_checks_in_all_or_the_registrations_named(field, organizer, make_player):
    event, players = field(4, check_in=False)
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/events/{event.slug}/check-in/"
    regs = {r.display_name: r.pk for r in event.registrations.all()}
    assert api.post(url, {}, format="json").status_code == 400
    assert api.post(url, {"all": True, "registrations": [regs["Player A"]]}, format="json").status_code == 400
    answer = api.post(url, {"registrations": [regs["Player B"]]}, format="json")
    assert answer.status_code == 200 and [r["id"] for r in answer.json()] == [regs["Player B"]]
    answer = api.post(url, {"all": True}, format="json")
    assert answer.status_code == 200
    assert sorted(r["id"] for r in answer.json()) == sorted(
        regs[n] for n in ("Player A", "Player C", "Player D")
    )
    assert all(r["status"] == "checked-in" for r in answer.json())
    player = APIClient()
    player.force_authenticate(players[0])
    assert player.post(url, {"all": True}, format="json").status_code == 403
