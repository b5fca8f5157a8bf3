"""Answers that need stored data to appear, checked against the published schema: a registration
without a force list (``list_valid`` null) and a player's organizer request not yet decided
(``Role.request`` with ``decided_by`` null)."""

from __future__ import annotations

from datetime import date

import pytest
import schemathesis

from tests.api_check.test_openapi_conformance import _document


@pytest.fixture
def schema(db):
    from django.core.signals import request_finished, request_started
    from django.core.wsgi import get_wsgi_application
    from django.db import close_old_connections

    loaded = schemathesis.openapi.from_dict(_document())
    loaded.app = get_wsgi_application()
    # The test's transaction must outlive each request, as with Django's own test client.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield loaded
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _checked(schema, path: str, token: str, **path_parameters):
    operation = schema[path]["GET"]
    response = operation.Case(path_parameters=path_parameters).call(
        headers={"Authorization": f"Token {token}"}
    )
    assert response.status_code == 200, response.text
    operation.validate_response(response)
    return response.json()


def _token(user) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=user)[0].key


def test_an_undecided_organizer_request_matches_its_schema(schema, user):
    from accounts import roles

    roles.request_role(user, "I run the Tuesday club")
    body = _checked(schema, "/api/accounts/organizer-request/", _token(user))
    assert body["request"]["decided_by"] is None and body["request"]["decided_at"] is None


def test_a_registration_without_a_list_matches_its_schema(schema, make_user):
    from accounts.services import make_organizer
    from participants.services.registration import register
    from tournaments import services

    organizer = make_user("olga")
    make_organizer(organizer)
    event = services.create_event(
        organizer, name="Spring Open", starts_on=date(2026, 5, 2), swiss_rounds=3, points_limit=110,
        first_round="seeded", random_seed=7,
    )  # fmt: skip
    register(make_user("bruno"), event)
    body = _checked(schema, "/api/events/{slug}/registrations/", _token(organizer), slug=event.slug)
    rows = body["results"] if isinstance(body, dict) else body
    assert [row["list_valid"] for row in rows] == [None]
