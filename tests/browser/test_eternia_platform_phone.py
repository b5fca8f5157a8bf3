"""Fields of Eternia's platform pages changed for issue #11, at a 390 px phone in Chromium: the epic-combat
dashboard with its attacker and defender table, and the recorder's start page offering mounted heroes
(FE-4.1.8). Nothing scrolls sideways and no console error; screenshots go to var/screenshots/."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

import engine
from tests.browser.chromium import SCREENSHOTS, requires_chromium
from tests.browser.test_dashboards_browser import _load, browser  # noqa: F401
from tests.browser.test_standings_browser import log_in, page_width

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

GAME = "motu-fields-of-eternia"


def test_the_combats_dashboard_and_the_recorder_start_page_fit_a_phone(
    browser,  # noqa: F811
    live_server,
    make_user,
    settings,
):
    from dashboards.tasks import refresh_all_stale
    from gamelogs.services import submit_log
    from gamelogs.verification import verify_stored_log

    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    user = make_user("viewer")
    for options in ({"mode": "standard"}, {"mounted": True}, {"mode": "solo", "scenario": "solo-evil-seed"}):
        doc = engine.simulate(GAME, 4, **options)
        assert verify_stored_log(submit_log(user, json.dumps(doc).encode()).log.pk) == "legal"
    refresh_all_stale.apply()
    browser.set_window_size(390, 900)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    errors = _load(browser, f"{live_server.url}/meta/{GAME}/combats/?simulated=only&min_games=1")
    assert errors == [], errors
    text = browser.find_element("tag name", "main").text
    assert "Epic combats by attacker and defender" in text and "Attacking" in text and "Defending" in text
    scroll, inner = page_width(browser)
    assert scroll <= inner, f"the combats dashboard is {scroll} px wide at {inner} px"
    browser.save_screenshot(str(SCREENSHOTS / "eternia-meta-combats-phone.png"))

    log_in(browser, live_server.url, "viewer")
    browser.get(f"{live_server.url}/play/?game={GAME}")
    assert "He-Man, mounted (placeholder)" in browser.find_element("tag name", "main").text
    scroll, inner = page_width(browser)
    assert scroll <= inner, f"the recorder's start page is {scroll} px wide at {inner} px"
    browser.save_screenshot(str(SCREENSHOTS / "eternia-play-start-phone.png"))
