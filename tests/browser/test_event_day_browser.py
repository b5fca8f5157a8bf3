"""Event day in Debian's Chromium: the projector updates itself in place from its JSON, and times
and the round clock show in the viewer's own time zone.

Screenshots go to var/screenshots/eventday-*.png.
"""

from __future__ import annotations

import pytest

from draw.seats import two_seats
from results import services as result_services
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium
from tests.browser.test_pages_fit_phone import _log_in, site  # noqa: F401 — the populated site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=800, profile_dir=tmp_path / "profile", console_logs=True)
    yield driver
    driver.quit()


def wait(driver, condition, timeout: float = 20):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.2).until(condition)


def test_projector_updates_in_place_without_reloading(browser, live_server, site):  # noqa: F811
    from selenium.webdriver.common.by import By

    from draw import services as draw_services

    event, olga = site["event"], site["user"]
    round_two = event.rounds.get(number=2)
    browser.get(f"{live_server.url}/events/{event.slug}/projector/?every=2")
    wait(browser, lambda d: "left" in d.find_element(By.CSS_SELECTOR, "#projector-clock .timer").text)
    assert browser.find_element(By.ID, "projector-round").text == "Round 2 · Swiss"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#projector-tables li")) == 3
    browser.execute_script("window.notReloaded = true;")

    # The organizer decides a game and restarts the clock at 5 minutes: the screen follows.
    game = round_two.matches.games().order_by("table").last()
    result_services.decide_result(olga, game, scores=two_seats("win", (30, 12)))
    draw_services.start_timer(olga, round_two, minutes=5)
    row = f'#projector-tables li[data-table="{game.table}"] .result'
    wait(
        browser,
        lambda d: (
            d.find_elements(By.CSS_SELECTOR, row) and "30–12" in d.find_element(By.CSS_SELECTOR, row).text
        ),
    )
    wait(
        browser,
        lambda d: d.find_element(By.CSS_SELECTOR, "#projector-clock .countdown").text.startswith(
            ("5:00", "4:5")
        ),
    )
    assert browser.execute_script("return window.notReloaded === true")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "eventday-projector.png"))
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_times_and_the_round_clock_are_in_the_viewers_time_zone(browser, live_server, site):  # noqa: F811
    from selenium.webdriver.common.by import By

    event = site["event"]
    round_two = event.rounds.get(number=2)
    # A viewer in Auckland (UTC+13 in November): the page says 13 hours later than UTC.
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Auckland"})
    _log_in(browser, live_server.url, site["user"].get_username())
    browser.get(f"{live_server.url}/events/{event.slug}/rounds/2/")
    timer = browser.find_element(By.ID, "round-timer")
    wait(browser, lambda d: "left" in timer.text)
    expected = browser.execute_script(
        "return new Intl.DateTimeFormat(undefined, {hour: '2-digit', minute: '2-digit', timeZone: 'Pacific/Auckland'})"
        ".format(new Date(arguments[0]))",
        round_two.timer_ends_at.isoformat(),
    )
    assert timer.find_element(By.CLASS_NAME, "until").text == f"until {expected}"
    assert timer.find_element(By.CLASS_NAME, "countdown").text.startswith(("1:30:00", "1:29:"))
    # The audit trail's times too: localized, with the zone in their tooltip.
    browser.get(f"{live_server.url}/events/{event.slug}/audit/")
    first = browser.find_element(By.CSS_SELECTOR, "table.audit time")
    assert "UTC" not in first.text and "Pacific/Auckland" in first.get_attribute("title")
    browser.save_screenshot(str(SCREENSHOTS / "eventday-audit-auckland.png"))
