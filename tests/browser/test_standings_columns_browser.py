"""The standings' own columns in Debian's Chromium (headless) at 390×844 and 1280×800: the
event's tiebreaks in its order (plus its soft scores), short heads on the phone, the table
scrolling inside its box (which says so) on the phone and whole on the desktop; the page itself
never scrolls sideways.

Screenshots go to var/screenshots/standings-columns-*.png.
"""

from __future__ import annotations

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium
from tests.browser.test_standings_browser import top_cut_event  # noqa: F401  (the fixture)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]


@pytest.fixture
def browser():
    driver = start_chromium(height=844)
    yield driver
    driver.quit()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_standings_show_the_events_tiebreaks_and_fit(browser, live_server, top_cut_event, width, height):  # noqa: F811
    from selenium.webdriver.common.by import By

    browser.set_window_size(width, height)
    browser.get(f"{live_server.url}/events/{top_cut_event.slug}/standings/")
    heads = [
        th.get_attribute("title")
        for th in browser.find_elements(By.CSS_SELECTOR, "#standings thead th[title]")
    ]
    # points (battle points here), then soft scores (they break ties), then the event's order.
    assert heads[:5] == [
        "Battle points",
        "Soft scores",
        "Strength of schedule",
        "Median Buchholz",
        "Head-to-head",
    ]
    assert "Buchholz" not in heads and "Sonneborn-Berger" not in heads
    page_width, inner = browser.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert page_width <= inner, f"the standings page is {page_width} px wide at {inner} px"
    box = browser.find_element(By.CSS_SELECTOR, ".standings-scroll")
    scroll, client = browser.execute_script(
        "return [arguments[0].scrollWidth, arguments[0].clientWidth]", box
    )
    hint = browser.find_element(By.ID, "standings-scroll-hint")
    first_head = browser.find_element(By.CSS_SELECTOR, "#standings thead th[title] .col-short")
    if width == 390:
        assert hint.is_displayed() and first_head.text == "BP"
        assert box.get_attribute("tabindex") == "0"  # the box scrolls with the keyboard too
    else:
        assert not hint.is_displayed() and not first_head.is_displayed()
        assert scroll <= client, "the desktop table is clipped at the right"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.getElementById('standings-title').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / f"standings-columns-{width}.png"))
