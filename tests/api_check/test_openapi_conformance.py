"""Every operation of the API against the schema it publishes (drf-spectacular), with schemathesis's
stateless checks: no server error, every status code answered is documented, every body matches its
schema. Throttles are relaxed for the run: a 429 says nothing about the input.

``make api-check`` runs this with API_CHECK_EXAMPLES=25 (examples per operation); the default suite
runs it with 2 examples per operation, so a new endpoint that answers 500 on odd input fails the
suite too.
"""

from __future__ import annotations

import copy
import functools
import os
from collections import Counter

import pytest
import schemathesis
from django.db import transaction
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from tests.api_check.conftest import TALLY

EXAMPLES = int(os.environ.get("API_CHECK_EXAMPLES", "2"))
CHECKS = (not_a_server_error, status_code_conformance, response_schema_conformance)
RELAXED = {
    "anon": "100000/min",
    "user": "100000/min",
    "uploads": "100000/min",
    "signin": "100000/min",
}


@functools.cache
def _document() -> dict:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


@pytest.fixture
def api_schema(db, settings):
    from django.core.signals import request_finished, request_started
    from django.core.wsgi import get_wsgi_application
    from django.db import close_old_connections

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RELAXED}
    schema = schemathesis.openapi.from_dict(copy.deepcopy(_document()))
    schema.app = get_wsgi_application()
    # The test's transaction must outlive each request, as with Django's own test client.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield schema
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def auth_headers(db, django_user_model):
    from rest_framework.authtoken.models import Token

    staff = django_user_model.objects.create_user("checker", password="checker pass", is_staff=True)
    return {"Authorization": f"Token {Token.objects.create(user=staff).key}"}


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_keeps_its_schema(case, auth_headers):
    # Each request in a savepoint rolled back after it: in production every request runs in
    # autocommit, so a statement one request got refused must not poison the next one's.
    with transaction.atomic():
        response = case.call(headers=auth_headers)
        transaction.set_rollback(True)
    failures = []
    for check in CHECKS:
        counts = TALLY.setdefault(check.__name__, Counter())
        try:
            case.validate_response(response, checks=[check], headers=auth_headers)
        except Exception as exc:  # schemathesis raises its own failure group types
            counts["failed"] += 1
            failures.append(f"{check.__name__}: {exc}")
        else:
            counts["passed"] += 1
    assert not failures, "\n".join(failures)
