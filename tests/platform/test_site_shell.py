"""The site shell (issue #13): the meta in the main navigation, the favicon, ReDoc served from the
site, and its own error pages: every 403 and 404 is a page in the site's layout that
says what happened (JSON in the API's error shape under /api/), the 500 page renders without the
database or context processors, and API errors asked for as CSV are answered as JSON."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from rest_framework.throttling import SimpleRateThrottle

from arbiter_site import errors
from arbiter_site import views as site_views

LAYOUT = 'class="site-header"'


@pytest.mark.django_db
def test_an_address_that_matches_nothing_is_a_styled_404(client):
    response = client.get("/no/such/page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert LAYOUT in page and "<h1>Not found</h1>" in page
    assert "There is nothing at this address." in page and 'href="/no/such/"' in page  # up one level


@pytest.mark.django_db
def test_a_swiss_only_event_says_it_has_no_bracket(client, make_user):
    from accounts.services import make_organizer
    from tournaments import services

    organizer = make_user("olga")
    make_organizer(organizer)
    event = services.create_event(organizer, name="Swiss night", starts_on=date(2026, 5, 2), points_limit=110)
    response = client.get(f"/events/{event.slug}/bracket/")
    page = response.content.decode()
    assert response.status_code == 404 and LAYOUT in page
    assert "This event has no elimination bracket" in page
    assert f'href="/events/{event.slug}/"' in page


@pytest.mark.django_db
def test_a_private_log_404_names_no_model(client, stored_log, other_user):
    client.force_login(other_user)
    response = client.get(f"/logs/{stored_log.pk}/")
    assert response.status_code == 404
    assert "There is nothing at this address." in response.content.decode()
    assert b"GameLog" not in response.content


@pytest.mark.django_db
def test_a_403_is_a_styled_page_with_the_reason(client, make_user):
    client.force_login(make_user("bob"))
    response = client.get("/accounts/organizer-requests/")
    page = response.content.decode()
    assert response.status_code == 403 and LAYOUT in page
    assert "You cannot do that here" in page and "Only staff decide who may run events." in page


@pytest.mark.django_db
def test_api_404s_stay_json(client):
    response = client.get("/api/no-such-endpoint/")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.django_db
def test_an_unexpected_failure_is_the_styled_500_page(user, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(site_views, "submissions_of", broken)
    client = Client(raise_request_exception=False)
    client.force_login(user)
    response = client.get("/")
    page = response.content.decode()
    assert response.status_code == 500 and LAYOUT in page
    assert "Something went wrong on our side" in page and "boom" not in page


def test_the_500_page_needs_no_database_and_no_context_processors():
    # No django_db mark: any query here fails the test. The request has no user and no session.
    request = RequestFactory().get("/events/")
    response = errors.server_error(request)
    assert response.status_code == 500
    assert b"Something went wrong on our side" in response.content and LAYOUT.encode() in response.content


@pytest.mark.django_db
def test_a_throttled_anonymous_csv_download_answers_the_json_error(client, monkeypatch):
    cache.clear()  # throttle counts live in the per-process cache
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "anon", "1/min")
    url = "/api/meta/motu-battleground/factions/?format=csv"
    assert client.get(url)["Content-Type"].startswith("text/csv")
    throttled = client.get(url)
    cache.clear()
    assert throttled.status_code == 429
    assert throttled["Content-Type"] == "application/json"
    error = throttled.json()["error"]
    assert error["code"] == "throttled" and "Request was throttled" in error["message"]
    assert b"{'" not in throttled.content  # never a Python repr


@pytest.mark.django_db
def test_the_favicon_is_served(client):
    redirect = client.get("/favicon.ico")
    assert redirect.status_code == 301
    icon = client.get(redirect.url)
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    assert b"<svg" in b"".join(icon.streaming_content if icon.streaming else [icon.content])
    assert b'rel="icon"' in client.get("/").content


@pytest.mark.django_db
def test_redoc_references_no_other_host(client, user):
    client.force_login(user)
    response = client.get("/api/redoc/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "http://" not in page and "https://" not in page and "//" not in page.replace("<!--", "")
    assert '<script src="/api/redoc/redoc.standalone.js">' in page


def test_the_redoc_bundle_is_served_without_the_address_of_the_redocly_logo(client):
    """The sidecar's bundle always asks Redocly's CDN for a footer logo (a request the CSP refuses);
    the page loads a copy of it from this site without that address."""
    response = client.get("/api/redoc/redoc.standalone.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    bundle = response.content.decode()
    assert "cdn.redoc.ly" not in bundle
    assert "API docs by Redocly" in bundle and len(bundle) > 500_000  # the bundle itself, whole


@pytest.mark.django_db
def test_the_meta_is_in_the_main_navigation_and_links_back(client):
    assert b'<a href="/meta/">Meta</a>' in client.get("/").content
    # The meta pages are the site's pages: its menu (home, the meta, the rules) and its language switcher.
    meta = client.get("/meta/").content
    assert b'<a class="brand" href="/">Arbiter</a>' in meta and b'<a href="/meta/">Meta</a>' in meta
    assert b'href="/rules/">Rules reference</a>' in meta and b'id="language-switcher"' in meta


@pytest.mark.django_db
def test_a_form_without_its_csrf_token_is_refused_in_the_sites_words(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/accounts/organizer-request/", {"reason": "club nights"})
    page = response.content.decode()
    assert response.status_code == 403 and LAYOUT in page
    assert "reload the page and send it again" in page
