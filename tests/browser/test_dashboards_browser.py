"""Every meta dashboard in Debian's Chromium (headless): figures drawn, no console errors,
a screenshot of each in var/screenshots/.

Needs /usr/bin/chromium and /usr/bin/chromedriver (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.core.cache import cache

from dashboards.datasets import pages_for
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]

GAME = "motu-battleground"
PAGES = pages_for(GAME)


@pytest.fixture(scope="module")
def browser():
    driver = start_chromium(height=2200, console_logs=True)
    yield driver
    driver.quit()


@pytest.fixture
def meta_data(settings):
    """The hand-counted games (names with markup included) plus 400 simulated ones."""
    from django.core.management import call_command

    from gamelogs.models import GameLog
    from gamelogs.signals import log_verified
    from tests.dashboards.meta_fixtures import hand_counted_games, make_log

    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    for i, g in enumerate(hand_counted_games()):
        log, verdict = make_log(g["statistics"], created=g["created"], event=g.get("event"), salt=str(i))
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
    call_command("load_synthetic_meta", games=400, seed=11, stdout=open("/dev/null", "w"))  # noqa: SIM115
    yield
    cache.clear()


def _load(browser, url: str) -> list[dict]:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get_log("browser")  # drop whatever the previous page left
    browser.get(url)
    # Loaded, and every figure div has been drawn into by Plotly.
    WebDriverWait(browser, 30).until(
        lambda d: d.execute_script(
            "return document.readyState === 'complete' && "
            "Array.from(document.querySelectorAll('.figure')).every(el => el.querySelector('.main-svg'))"
        )
    )
    return [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]


PAGES = pages_for("motu-battleground")


@pytest.mark.parametrize("page", list(PAGES))
def test_dashboard_page_in_chromium(browser, live_server, meta_data, page):
    path = f"/meta/{GAME}/" if page == "overview" else f"/meta/{GAME}/{page}/"
    errors = _load(browser, f"{live_server.url}{path}?simulated=include")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / f"meta-{page}.png"))
    assert errors == [], errors
    figures = browser.execute_script("return document.querySelectorAll('.figure .main-svg').length")
    assert figures >= len(PAGES[page].datasets)
    # Names with markup are drawn as text: no element was injected from them.
    assert browser.execute_script("return document.querySelectorAll('main img, main b b').length") == 0
    assert "Plotly" in browser.execute_script("return typeof Plotly === 'object' ? 'Plotly' : ''")


def test_index_and_player_pages_in_chromium(browser, live_server, meta_data):
    from tests.dashboards.meta_fixtures import EVIL_NAME

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert _load(browser, f"{live_server.url}/meta/") == []
    browser.save_screenshot(str(SCREENSHOTS / "meta-index.png"))
    errors = _load(browser, f"{live_server.url}/meta/players/{quote(EVIL_NAME, safe='')}/")
    browser.save_screenshot(str(SCREENSHOTS / "meta-player.png"))
    assert errors == [], errors
    heading = browser.execute_script("return document.querySelector('h1').textContent")
    assert heading == EVIL_NAME  # shown as text, not parsed as markup
    assert browser.execute_script("return document.getElementById('ratings-empty') !== null")
