"""Intake from the pages and the API (issue #13): the manage page's checklist, the add-players
page, CSV preview then commit, /join/ with a code, claiming, the check-in warning, and the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from participants import codes
from participants import services as participant_services
from participants.models import RegistrationStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


def test_the_manage_page_shows_the_readiness_checklist_and_the_way_to_add_players(field, organizer_client):
    event, _ = field(1, check_in=False)
    page = organizer_client.get(reverse("tournaments:manage", args=[event.slug])).content.decode()
    assert 'id="readiness"' in page and 'data-check="players"' in page
    assert "1 registered; a round needs at least two" in page
    assert reverse("tournaments:intake", args=[event.slug]) in page
    answer = organizer_client.post(reverse("tournaments:pair", args=[event.slug]), HTTP_REFERER="/")
    assert answer.status_code == 302 and not event.rounds.exists()


def test_a_guest_added_on_the_page_shows_with_a_claim_code_and_a_slip(field, organizer_client):
    event, _ = field(2, check_in=False)
    answer = organizer_client.post(
        reverse("tournaments:add-guest", args=[event.slug]), {"name": "Teela", "club": "Guard"}, follow=True
    )
    guest = event.registrations.get(display_name="Teela")
    shown = codes.show_claim_code(guest.claim_code)
    assert shown in answer.content.decode()
    manage = organizer_client.get(reverse("tournaments:manage", args=[event.slug])).content.decode()
    assert "badge guest" in manage
    slips = organizer_client.get(reverse("tournaments:claim-slips", args=[event.slug])).content.decode()
    assert shown in slips and "<svg" in slips and reverse("join:claim", args=[guest.claim_code]) in slips
    # The event's public page lists the guest without a profile link.
    assert "Teela" in organizer_client.get(event.get_absolute_url()).content.decode()


def test_csv_preview_then_commit_on_the_page(field, organizer_client):
    event, _ = field(2, check_in=False)
    source = "name,club,username\nHordak,Horde,\nCatra,Horde,\nGhost,,nobody\n"
    preview = organizer_client.post(
        reverse("tournaments:import-preview", args=[event.slug, "csv"]), {"text": source}
    )
    page = preview.content.decode()
    assert preview.status_code == 200 and "no account is named nobody" in page
    assert 'data-action="add-guest"' in page and 'id="commit-import"' in page
    assert not event.registrations.filter(display_name="Hordak").exists()
    commit = organizer_client.post(
        reverse("tournaments:import-commit", args=[event.slug]),
        {"kind": "csv", "source": source},
        follow=True,
    )
    assert "2 to add" in commit.content.decode()
    assert event.registrations.filter(display_name__in=["Hordak", "Catra"]).count() == 2


def test_the_join_page_registers_a_signed_in_player_with_the_code(field, organizer, client, make_player):
    event, _ = field(2, check_in=False)
    code = participant_services.set_join_code(organizer, event)
    typed = client.post(reverse("join:home"), {"code": code.lower()})
    assert typed.status_code == 302 and typed.url == reverse("join:event", args=[code])
    anonymous = client.get(typed.url).content.decode()
    assert event.name in anonymous and "Sign in to register" in anonymous
    wrong = client.post(reverse("join:home"), {"code": "ABC"})
    assert wrong.status_code == 400 and "this has 3" in wrong.content.decode()

    he = make_player("He")
    client.force_login(he)
    client.post(reverse("join:event", args=[code]))
    assert event.registrations.get(player=he).status == RegistrationStatus.REGISTERED


def test_claiming_from_the_page(field, organizer, client, make_player):
    event, _ = field(2, check_in=False)
    guest = participant_services.add_guest(organizer, event, "Orko")
    teela = make_player("Teela")
    client.force_login(teela)
    page = client.post(reverse("join:home"), {"code": guest.claim_code}, follow=True).content.decode()
    assert "Orko" in page and 'id="claim-confirm"' in page
    client.post(reverse("join:claim-confirm", args=[guest.claim_code]))
    guest.refresh_from_db()
    assert guest.player == teela


def test_pairing_round_one_warns_about_players_who_did_not_check_in(field, organizer, organizer_client):
    event, players = field(4, check_in=False, require_check_in=True)
    for user in players[:2]:
        participant_services.check_in(organizer, event.registrations.get(player=user))
    answer = organizer_client.post(reverse("tournaments:pair", args=[event.slug]))
    assert answer.url == reverse("tournaments:pair-absent", args=[event.slug]) and not event.rounds.exists()
    page = organizer_client.get(answer.url).content.decode()
    assert "Player C" in page and "Player D" in page and "Drop 2 and pair round 1" in page
    late = event.registrations.get(player=players[2])
    organizer_client.post(reverse("tournaments:check-in-absent", args=[event.slug, late.pk]))
    assert "Drop 1 and pair" in organizer_client.get(answer.url).content.decode()
    organizer_client.post(reverse("tournaments:pair", args=[event.slug]), {"drop_absent": "1"})
    assert event.rounds.count() == 1
    assert event.registrations.get(player=players[3]).status == RegistrationStatus.DROPPED


# -- API ------------------------------------------------------------------------------------------


@pytest.fixture
def api(organizer):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(organizer)
    return client


def test_api_guests_import_join_code_readiness(field, api, make_player):
    from rest_framework.test import APIClient

    event, _ = field(2, check_in=False)
    base = f"/api/events/{event.slug}"
    guest = api.post(f"{base}/guests/", {"name": "Orko", "club": "Palace"}, format="json")
    assert guest.status_code == 201 and guest.json()["is_guest"] and guest.json()["player"] is None
    assert guest.json()["claim_url"].endswith(f"/join/claim/{guest.json()['claim_code'].replace('-', '')}/")
    assert [g["display_name"] for g in api.get(f"{base}/guests/").json()] == ["Orko"]

    preview = api.post(f"{base}/import/", {"csv": "name\nHordak\nOrko\n"}, format="json")
    assert preview.status_code == 200 and preview.json()["to_add"] == 1 and not preview.json()["committed"]
    commit = api.post(f"{base}/import/", {"names": "Hordak\nOrko", "commit": True}, format="json")
    assert commit.status_code == 201 and commit.json()["already_entered"] == 1

    code = api.post(f"{base}/join-code/").json()["join_code"]
    assert len(code) == codes.JOIN_LENGTH
    he = APIClient()
    he.force_authenticate(make_player("He"))
    joined = he.post("/api/events/me/join/", {"code": code}, format="json")
    assert joined.status_code == 201 and joined.json()["player"] == "he"
    claim = he.post("/api/events/me/claim/", {"code": "ZZZZZZZZ"}, format="json")
    assert claim.status_code == 404 and claim.json()["error"]["code"] == "not_found"
    assert api.delete(f"{base}/join-code/").json()["join_code"] is None

    checks = {c["key"]: c["status"] for c in api.get(f"{base}/readiness/").json()}
    assert checks["players"] == "pass" and checks["lists"] == "warn"
    assert he.get(f"{base}/readiness/").status_code == 403
    # Anyone reading the registrations sees guests but never their claim codes.
    listed = APIClient().get(f"{base}/registrations/").json()
    assert all("claim_code" not in r for r in listed) and any(r["is_guest"] for r in listed)


def test_api_pairing_round_one_answers_409_with_the_absent_players_until_confirmed(field, api, organizer):
    event, players = field(3, check_in=False, require_check_in=True)
    participant_services.check_in(organizer, event.registrations.get(player=players[0]))
    participant_services.check_in(organizer, event.registrations.get(player=players[1]))
    refused = api.post(f"/api/events/{event.slug}/rounds/", {}, format="json")
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "absent" and [a["name"] for a in error["absent"]] == ["Player C"]
    paired = api.post(f"/api/events/{event.slug}/rounds/", {"drop_absent": True}, format="json")
    assert paired.status_code == 201
