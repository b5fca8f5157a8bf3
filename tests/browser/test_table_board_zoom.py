"""The table's board on a 390 × 844 phone: Battleground's map is small there, so the page keeps pinch-zoom
(the viewport allows it, the board's touch-action too) and offers a zoom toggle of at least 44 px that
enlarges the board in a box scrolling both ways, by keyboard as well as by tap; nothing else of the page
scrolls sideways. Screenshots: var/screenshots/."""

from __future__ import annotations

import pytest

from play import tables
from tests.browser.chromium import requires_chromium
from tests.browser.test_table_recorder import (
    PASSWORD,
    assert_fits_a_phone,
    log_in,
    screenshot,
    table_data,
    two_browsers,  # noqa: F401 (the fixture: two phones)
    wait,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


def _board_width(driver) -> float:
    return driver.execute_script(
        "return document.getElementById('table-board').getBoundingClientRect().width"
    )


def test_the_battleground_board_zooms_by_toggle_and_keeps_pinch_zoom(
    two_browsers,  # noqa: F811
    live_server,
    make_user,
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    alice = two_browsers[0]
    user = make_user("alice", password=PASSWORD)
    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Bob", "first-game-motu")],
        first_player_seat=1,
        one_phone=True,
    )
    log_in(alice, live_server.url, "alice")
    alice.get(f"{live_server.url}/play/{table.code}/")
    wait(alice, lambda d: table_data(d, "status") == "playing")
    wait(alice, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-board .unit, #table-board g"))
    alice.execute_script("document.getElementById('table-board').scrollIntoView()")
    screenshot(alice, "recorder-battleground-board-phone")

    # Pinch-zoom: nothing forbids it, neither the page's viewport nor the board.
    viewport = alice.find_element(By.CSS_SELECTOR, "meta[name=viewport]").get_attribute("content")
    assert "user-scalable=no" not in viewport.replace(" ", "") and "maximum-scale=1" not in viewport
    touch = alice.execute_script(
        "return getComputedStyle(document.getElementById('table-board')).touchAction"
    )
    assert touch in ("auto", "manipulation") or "pinch-zoom" in touch

    toggle = alice.find_element(By.ID, "board-zoom")
    size = alice.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", toggle
    )
    assert min(size) >= 44, size
    assert toggle.get_attribute("aria-pressed") == "false"
    before = _board_width(alice)

    # By keyboard: the toggle is reached and pressed like any button.
    alice.execute_script("arguments[0].focus()", toggle)
    toggle.send_keys(Keys.ENTER)
    wait(alice, lambda d: d.find_element(By.ID, "board-zoom").get_attribute("aria-pressed") == "true")
    zoomed = _board_width(alice)
    assert zoomed >= 2 * before, (before, zoomed)
    box = alice.find_element(By.ID, "table-board-box")
    scrolls = alice.execute_script(
        "const b = arguments[0]; return [b.scrollWidth > b.clientWidth, b.scrollHeight > b.clientHeight,"
        " b.scrollLeft > 0, b.tabIndex]",
        box,
    )
    assert scrolls[:3] == [True, True, True] and scrolls[3] == 0, scrolls  # centred, focusable to scroll
    # The markers are readable: a unit's or marker's letters at least 12 px high on the screen.
    text = alice.execute_script(
        "const t = document.querySelector('#table-board .unit-initials, #table-board .marker-initial');"
        " return t ? t.getBoundingClientRect().height : 0"
    )
    assert text >= 12, text
    assert_fits_a_phone(alice)  # the box scrolls, the page does not
    screenshot(alice, "recorder-battleground-board-zoomed-phone")
    alice.execute_script(
        "document.querySelector('#table-board .unit').scrollIntoView({block: 'center', inline: 'center'})"
    )
    screenshot(alice, "recorder-battleground-board-zoomed-units-phone")

    alice.find_element(By.ID, "board-zoom").send_keys(Keys.SPACE)
    wait(alice, lambda d: d.find_element(By.ID, "board-zoom").get_attribute("aria-pressed") == "false")
    assert abs(_board_width(alice) - before) < 2


def test_the_hoplomachus_start_form_labels_fit_one_line_on_a_phone(two_browsers, live_server, make_user):  # noqa: F811
    """Each field's label is short (one line at 390 px); what it is for (the mode, the rule) is its help text."""
    from selenium.webdriver.common.by import By

    alice = two_browsers[0]
    make_user("alice", password=PASSWORD)
    log_in(alice, live_server.url, "alice")
    alice.get(f"{live_server.url}/play/?game=hoplomachus-remastered")
    assert_fits_a_phone(alice)
    form = alice.find_element(By.ID, "new-game-form")
    for n, field in enumerate(("mode", "third_name", "teams", "my_units", "titan", "first")):
        alice.execute_script(
            "arguments[0].scrollIntoView({block: 'center'})", form.find_element(By.NAME, field)
        )
        screenshot(alice, f"recorder-hoplomachus-start-form-{n}-phone")
    lines = alice.execute_script(
        "return [...document.querySelectorAll('#new-game-form label')]"
        ".filter((l) => l.offsetParent && !l.querySelector('input[type=checkbox], input[type=radio]'))"
        ".map((l) => { const r = document.createRange(); r.selectNodeContents(l.firstChild);"
        " return [l.textContent.trim(), Math.round(r.getBoundingClientRect().height / parseFloat("
        "getComputedStyle(l).lineHeight || 20))]; })"
    )
    assert [text for text, n in lines if n > 1] == [], lines
