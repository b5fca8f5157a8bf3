"""Abandoning a table from the phone, 390 px wide: the guest asks, the one who opened the table ends it;
both pages then offer nothing more. The turn line stays on screen and the choices come before the board."""

from __future__ import annotations

import pytest

from play import tables
from tests.browser.chromium import requires_chromium, sign_in, start_chromium
from tests.browser.test_table_recorder import PHONE, assert_fits_a_phone, click, screenshot, table_data, wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


@pytest.fixture
def phones():
    drivers = [start_chromium(height=PHONE[1]) for _ in range(2)]
    for driver in drivers:
        driver.set_window_size(*PHONE)
    yield drivers
    for driver in drivers:
        driver.quit()


def test_the_guest_asks_and_the_organizer_abandons(phones, live_server, user, other_user):
    from selenium.webdriver.common.by import By

    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
        seat2=other_user,
    )
    alice, mallory = phones
    for driver, person in ((alice, user), (mallory, other_user)):
        sign_in(driver, live_server.url, person)
        driver.get(f"{live_server.url}/play/{table.code}/")
        wait(driver, lambda d: table_data(d, "status") == "playing")
    # The first choice is on the first screen, under the turn line, without scrolling.
    button = wait(alice, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-choices button.choice"))[0]
    assert button.rect["y"] + button.rect["height"] <= PHONE[1] - 100
    assert button.size["height"] >= 44
    assert alice.find_element(By.ID, "table-turn-line").value_of_css_property("position") == "sticky"
    assert_fits_a_phone(alice)
    screenshot(alice, "recorder-first-choice-phone")

    click(mallory, mallory.find_element(By.CSS_SELECTOR, "#table-abandon-box summary"))
    click(mallory, wait(mallory, lambda d: d.find_element(By.ID, "abandon-button")))
    wait(mallory, lambda d: "You asked" in d.find_element(By.ID, "table-abandon-box").text)
    assert table_data(mallory, "status") == "playing"
    click(alice, alice.find_element(By.CSS_SELECTOR, "#table-abandon-box summary"))
    # Mallory's request reaches Alice's phone as a new count; her open box and its button stay as they were.
    button = wait(alice, lambda d: d.find_element(By.ID, "abandon-button"))
    wait(alice, lambda d: "(1 / 2)" in d.find_element(By.ID, "table-abandon-box").text)
    assert button.is_displayed()  # the same element: a box drawn again would make it stale
    click(alice, button)
    for driver in phones:
        wait(driver, lambda d: table_data(d, "status") == "abandoned")
        wait(driver, lambda d: d.find_element(By.ID, "table-abandoned").is_displayed())
        assert not driver.find_elements(By.CSS_SELECTOR, "#table-choices button")
        assert not driver.find_elements(By.ID, "abandon-button")
    screenshot(mallory, "recorder-abandoned-phone")
