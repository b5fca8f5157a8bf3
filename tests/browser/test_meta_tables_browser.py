"""The meta's sortable tables, matchup matrices and character pages in Debian's Chromium: a click
on a heading reorders the rows (numbers by value, not by their text), and at 390 px the pages do
not scroll sideways (a wide matrix scrolls inside its own box). Screenshots in var/screenshots/."""

from __future__ import annotations

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium
from tests.browser.test_dashboards_browser import GAME, _load, browser, meta_data  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]

COLUMN = """return Array.from(document.querySelectorAll('#table-characters tbody tr'))
    .map(tr => parseFloat(tr.cells[arguments[0]].dataset.sort));"""


def test_clicking_a_heading_sorts_the_table_by_number(browser, live_server, meta_data):  # noqa: F811
    browser.set_window_size(1280, 2200)
    errors = _load(browser, f"{live_server.url}/meta/{GAME}/characters/?simulated=include&min_games=1")
    assert errors == [], errors
    browser.execute_script("document.querySelector('#characters details').open = true")
    headings = browser.find_elements("css selector", "#table-characters thead th")
    index = [h.text.rstrip(" ↕▲▼") for h in headings].index("Win rate")
    before = browser.execute_script(COLUMN, index)
    assert before != sorted(before, reverse=True)  # served by games, not by win rate
    headings[index].click()
    after = browser.execute_script(COLUMN, index)
    assert after == sorted(before, reverse=True)  # first click on a number: largest first
    assert headings[index].get_attribute("aria-sort") == "descending"
    headings[index].click()
    assert browser.execute_script(COLUMN, index) == sorted(before)
    assert headings[index].get_attribute("aria-sort") == "ascending"
    # Text columns sort by name, and a row's name links to the character's page.
    headings[0].click()
    names = browser.execute_script(
        "return Array.from(document.querySelectorAll('#table-characters tbody tr td:first-child'))"
        ".map(td => td.textContent.trim().toLowerCase());"
    )
    assert names == sorted(names)
    link = browser.find_element("css selector", "#table-characters tbody a")
    assert "/characters/" in link.get_attribute("href")


@pytest.mark.parametrize(
    "path", ["matchups/", "characters/he-man/", "pairs/", "balance/", "trends/", "factions/"]
)
def test_meta_pages_fit_a_phone(browser, live_server, meta_data, path):  # noqa: F811
    for width, height, suffix in ((390, 844, "phone"), (1280, 2200, "desktop")):
        browser.set_window_size(width, height)
        errors = _load(browser, f"{live_server.url}/meta/{GAME}/{path}?simulated=include")
        assert errors == [], errors
        name = path.strip("/").replace("/", "-")
        browser.save_screenshot(str(SCREENSHOTS / f"meta-{name}-{suffix}.png"))
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at {width}px"
    browser.set_window_size(1280, 2200)
