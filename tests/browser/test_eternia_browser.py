"""Fields of Eternia's log page (every mode) and dashboards at a phone's width (390 px) in Debian's
Chromium: the result reads, the page never scrolls sideways, the figures draw. Screenshots go to
var/screenshots/eternia-*.png.
"""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

import engine
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

GAME = "motu-fields-of-eternia"
MODES = ("standard", "solo", "skirmish")
# The contested games field a mounted hero (FE-4.1.8, FE-19.4.1) and the solo game is against the Evil Seed
# boss, so the longest names and the boss's combats are on the pages too.
EXTRA = {"standard": {"mounted": True}, "solo": {"scenario": "solo-evil-seed"}, "skirmish": {"mounted": True}}
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def phone():
    driver = start_chromium(height=900, console_logs=True)
    driver.set_window_size(390, 900)
    yield driver
    driver.quit()


@pytest.fixture
def logs(make_user, settings):
    """One verified simulated log per mode, uploaded by ``eve`` and verified by the worker's task (run in
    this process once the upload commits: ``ARBITER_VERIFY_INLINE``)."""
    from dashboards.tasks import refresh_all_stale
    from gamelogs.models import LogState
    from gamelogs.services import submit_log

    settings.ARBITER_VERIFY_INLINE = True
    cache.clear()
    user = make_user("eve", PASSWORD)
    found = {}
    for seed, mode in enumerate(MODES, start=3):
        doc = engine.simulate(GAME, seed, mode=mode, **EXTRA[mode])
        log = submit_log(user, json.dumps(doc).encode()).log
        log.refresh_from_db()
        assert log.state == LogState.LEGAL
        found[mode] = log.pk
    refresh_all_stale.apply()
    yield found
    cache.clear()


def _fits(phone, name: str) -> int:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = phone.execute_script("return document.documentElement.scrollHeight")
    phone.set_window_size(390, min(height + 100, 6000))
    phone.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
    phone.set_window_size(390, 900)
    return phone.execute_script("return document.documentElement.scrollWidth")


def test_eternia_log_pages_and_dashboards_at_390_px(phone, live_server, logs):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    phone.get(live_server.url + "/accounts/login/")
    phone.find_element(By.NAME, "username").send_keys("eve")
    phone.find_element(By.NAME, "password").send_keys(PASSWORD)
    phone.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    WebDriverWait(phone, 15).until(lambda d: "/accounts/login/" not in d.current_url)

    for mode, pk in logs.items():
        phone.get(f"{live_server.url}/logs/{pk}/")
        text = phone.find_element(By.TAG_NAME, "main").text
        assert "Teams" in text and "Players (heroes)" in text and "Eternium" in text, mode
        assert ("Difficulty" in text) == (mode == "solo")
        assert _fits(phone, f"eternia-log-{mode}") <= 390, mode

    for slug in ("", "heroes/", "solo/", "cards/", "rounds/", "combats/"):
        phone.get_log("browser")
        phone.get(f"{live_server.url}/meta/{GAME}/{slug}?simulated=only&min_games=1")
        WebDriverWait(phone, 30).until(
            lambda d: d.execute_script(
                "return document.readyState === 'complete' && "
                "Array.from(document.querySelectorAll('.figure')).every(el => el.querySelector('.main-svg'))"
            )
        )
        errors = [e for e in phone.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        assert errors == [], errors
        assert phone.execute_script("return document.querySelectorAll('.figure .main-svg').length") >= 1
        assert _fits(phone, f"eternia-meta-{slug.strip('/') or 'overview'}") <= 390, slug
