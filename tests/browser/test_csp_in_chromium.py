"""The Content-Security-Policy in Debian's Chromium: the main pages (home, sign-in, upload, a log
page polling its status, a finished log, the meta dashboards with Plotly, a player page, events,
the API docs) load with zero console errors at a 390 px phone width, and an inline script the
page did not vouch for is refused. Screenshots go to var/screenshots/csp-*.png.

Needs /usr/bin/chromium and /usr/bin/chromedriver (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.core.cache import cache

from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in, start_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]

GAME = "motu-battleground"
PHONE = (390, 844)


@pytest.fixture
def browser():
    driver = start_chromium(height=PHONE[1], console_logs=True)
    driver.set_window_size(*PHONE)
    yield driver
    driver.quit()


@pytest.fixture
def site(settings, make_user, envelope_bytes):
    """A player with a finished public log and a queued one; the hand-counted meta; an event."""
    from accounts.services import make_organizer
    from gamelogs.models import GameLog, LogSubmission
    from gamelogs.services import submit_log
    from gamelogs.signals import log_verified
    from tests.dashboards.meta_fixtures import hand_counted_games, make_log
    from tournaments import services as events

    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    player = make_user("alice")
    finished = None
    for i, g in enumerate(hand_counted_games()):
        log, verdict = make_log(g["statistics"], created=g["created"], event=g.get("event"), salt=str(i))
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
        LogSubmission.objects.create(log=log, user=player)
        finished = finished or log
    queued = submit_log(player, envelope_bytes("csp"), source="web", filename="queued.json").log
    organizer = make_user("olga")
    make_organizer(organizer)
    event = events.create_event(organizer, name="Spring Open", starts_on=date(2026, 5, 2))
    yield {"player": player, "finished": finished, "queued": queued, "event": event}
    cache.clear()


def _errors(browser, url: str, ready: str = "return document.readyState === 'complete'") -> list[dict]:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get_log("browser")  # drop whatever the previous page left
    browser.get(url)
    try:
        WebDriverWait(browser, 30).until(lambda d: d.execute_script(ready))
    except TimeoutException:
        not_ready = [{"message": f"not ready after 30 s: {ready}", "level": "SEVERE"}]
    else:
        not_ready = []
    return not_ready + [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def _pages(site) -> dict[str, tuple[str, str | None]]:
    """name → (path, extra readiness script)."""
    figures = (
        "return Array.from(document.querySelectorAll('.figure')).every(el => el.querySelector('.main-svg'))"
    )
    return {
        "home": ("/", None),
        "upload": ("/logs/upload/", None),
        "my-logs": ("/logs/", None),
        # The viewer has answered: the hand-counted log holds statistics, not a game, so it says there is
        # no board (its data request answers 422, the one console message allowed below).
        "log-finished": (
            f"/logs/{site['finished'].pk}/",
            "return !!document.getElementById('viewer-unavailable')",
        ),
        "log-queued": (f"/logs/{site['queued'].pk}/", None),
        "meta-overview": (f"/meta/{GAME}/", figures),
        "meta-factions": (f"/meta/{GAME}/factions/", figures),
        "meta-player": ("/meta/players/Alice/", figures),
        "events": ("/events/", None),
        "event": (f"/events/{site['event'].slug}/", None),
        "api-docs": ("/api/docs/", "return !!document.querySelector('.swagger-ui .opblock')"),
    }


def test_main_pages_run_under_the_policy_with_no_console_errors(browser, live_server, site):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(browser, live_server.url, site["player"])
    failures, overflow = {}, {}
    for name, (path, ready) in _pages(site).items():
        condition = "return document.readyState === 'complete'" + (
            f" && (function () {{ {ready} }})()" if ready else ""
        )
        errors = _errors(browser, live_server.url + path, condition)
        if name == "log-queued":
            browser.implicitly_wait(0)
            # log.js polls status.json (connect-src 'self'): give it two rounds.
            browser.execute_script("return new Promise(r => setTimeout(r, 2500))")
            errors += [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        browser.save_screenshot(str(SCREENSHOTS / f"csp-{name}.png"))
        overflow[name] = browser.execute_script("return document.documentElement.scrollWidth")
        if name == "log-finished":
            errors = [e for e in errors if not re.search(r"/replay/logs/\d+\.json .* 422", e["message"])]
        if errors:
            failures[name] = [e["message"] for e in errors]
    assert failures == {}, "\n".join(f"{k}: {v}" for k, v in failures.items())
    # The site's own pages fit the phone: wide tables scroll inside themselves.
    site_pages = ("home", "upload", "my-logs", "log-finished", "log-queued", "events", "event")
    assert {name: overflow[name] for name in site_pages if overflow[name] > PHONE[0]} == {}


def test_redoc_renders_and_loads_nothing_from_elsewhere(browser, live_server, site):
    errors = _errors(
        browser,
        live_server.url + "/api/redoc/",
        "return document.readyState === 'complete' && !!document.querySelector('.api-content')",
    )
    # Not even the Redocly logo the sidecar's bundle asks their CDN for (arbiter_site.redoc).
    assert [e["message"] for e in errors] == []
    browser.save_screenshot(str(SCREENSHOTS / "csp-api-redoc.png"))


def test_an_inline_script_without_the_nonce_is_refused(browser, live_server, site):
    _errors(browser, live_server.url + "/")
    ran = browser.execute_script(
        "window.injected = false;"
        "var s = document.createElement('script'); s.textContent = 'window.injected = true';"
        "document.body.appendChild(s); return window.injected;"
    )
    assert ran is False
    messages = [e["message"] for e in browser.get_log("browser")]
    assert any("Content Security Policy" in m for m in messages), messages
