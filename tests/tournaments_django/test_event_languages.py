"""The tournament's refusals, its readiness checklist and its audit trail in the reader's language (issue #24):
services raise translated refusals with named placeholders, the checklist's labels come from the catalog,
and an audit entry keeps its template and params so that it is said again in each reader's language (an
entry written before that keeps its English text)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from draw import services as draw_services
from tournaments import services
from tournaments.errors import EventError
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{2,}", text.lower()))


def test_a_refusal_with_a_name_in_it_is_said_in_the_readers_language(make_event, organizer, make_player):
    event = make_event()
    judge = make_player("Jane Judge")
    services.add_judge(organizer, event, judge)
    with translation.override("it"), pytest.raises(EventError) as refused:
        services.add_judge(organizer, event, judge)
    assert refused.value.message == "jane-judge è già giudice di questo evento."
    with translation.override("pl"), pytest.raises(EventError) as refused:
        services.update_event(organizer, event, colour="red")
    assert refused.value.message == "Nieznane ustawienie wydarzenia: colour."


def test_the_participants_api_refuses_in_the_requests_language(make_event, organizer, api_client):
    event = make_event()  # every player plays for themselves
    api_client.force_authenticate(organizer)
    answer = api_client.get(f"/api/events/{event.slug}/teams/", HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 400, answer.content
    body = str(answer.json())
    assert "Este evento no es por equipos" in body and "not a team event" not in body


def test_the_readiness_checklist_speaks_polish(make_event):
    event = make_event()
    with translation.override("pl"):
        checks = {check.key: check for check in draw_services.readiness(event)}
    assert checks["players"].label == "Gracze" and checks["players"].status == "fail"
    assert checks["players"].detail == "zapisanych: 0; runda wymaga co najmniej dwóch"
    assert checks["round_time"].label == "Czas rundy"
    english = words(
        "Dates Settings Content pack Round time registered needs least nobody waiting every player bye"
    )
    said = " ".join(f"{c.label} {c.detail}" for c in checks.values() if c.key != "content_pack")
    assert not english & words(said), english & words(said)


def test_an_audit_entry_is_said_in_each_readers_language(field, organizer, client):
    event, players = field(2)
    created = event.audit_entries.get(action="created")
    assert created.detail == "olga created the event"  # the row's English
    assert created.template == "%(actor)s created the event" and created.params == {"actor": "olga"}
    with translation.override("pl"):
        assert created.text == "olga utworzył(a) wydarzenie"
        assert created.action_label == "utworzono"
    checked_in = event.audit_entries.filter(action="checked-in").first()
    with translation.override("it"):
        assert checked_in.text.endswith("ha confermato la presenza")
    # An entry written before entries kept their template reads as it was stored.
    old = AuditEntry.objects.create(
        event=event, action="closed", detail="round 1 closed; leader Ann on 3 pts"
    )
    with translation.override("pl"):
        assert old.text == "round 1 closed; leader Ann on 3 pts"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    page = client.get(f"/events/{event.slug}/audit/").content.decode()
    assert "utworzył(a) wydarzenie" in page and "created the event" not in page


def test_a_result_in_the_audit_trail_is_said_in_the_readers_language(running_round, organizer):
    from draw.seats import SeatScore
    from results.services import match_results

    event, round_, _players = running_round
    match = round_.matches.games().first()
    scores = [SeatScore(outcome="win", score=30), SeatScore(outcome="loss", score=10)]
    match_results.decide_result(organizer, match, scores, note="")
    entry = event.audit_entries.get(action="decided")
    first, second = (seat.registration.display_name for seat in match.seat_list())
    assert (
        entry.detail == f"round 1, table {match.table}: decided: {first} beat {second} 30–10 (was: no result)"
    )
    with translation.override("es"):
        assert entry.text == (
            f"ronda 1, mesa {match.table}: decidido: {first} venció a {second} 30–10 (antes: sin resultado)"
        )
        assert entry.action_label == "decidido"
