"""Three phones at one table, phone-sized in Chromium: Hoplomachus' Pandemonium (HR-16) for three players,
set up on the first phone, the other two taking their seats from the join link's list of free seats. Every
page shows every seat with the account holding it and who is to act; each phone is offered only its own
player's choices, and a choice tapped on one phone shows on the others."""

from __future__ import annotations

import random

import pytest

from play.models import TableGame
from tests.browser.chromium import requires_chromium, start_chromium
from tests.browser.test_table_recorder import (
    PASSWORD,
    PHONE,
    assert_fits_a_phone,
    click,
    log_in,
    screenshot,
    table_data,
    wait,
)
from tests.browser.test_table_recorder_hr_fe import tap_offers
from tests.support.phones import entered_events

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

NAMES = ("alice", "bruno", "cleo")


@pytest.fixture
def three_browsers(tmp_path):
    drivers = [start_chromium(height=PHONE[1], profile_dir=tmp_path / f"profile-{i}") for i in range(3)]
    for driver in drivers:
        driver.set_window_size(*PHONE)
    yield drivers
    for driver in drivers:
        driver.quit()


def test_three_phones_join_their_seats_and_play(three_browsers, live_server, make_user):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for name, driver in zip(NAMES, three_browsers, strict=True):
        make_user(name, password=PASSWORD)
        log_in(driver, live_server.url, name)
    alice, bruno, cleo = three_browsers
    alice.get(f"{live_server.url}/play/?game=hoplomachus-remastered")
    form = alice.find_element(By.ID, "new-game-form")
    Select(form.find_element(By.NAME, "mode")).select_by_value("pandemonium")
    Select(form.find_element(By.NAME, "arena")).select_by_value("pozzuoli")
    form.find_element(By.NAME, "my_name").clear()
    form.find_element(By.NAME, "my_name").send_keys("Alice")
    Select(form.find_element(By.NAME, "my_faction")).select_by_value("kunlun")
    form.find_element(By.NAME, "their_name").clear()
    form.find_element(By.NAME, "their_name").send_keys("Bruno")
    Select(form.find_element(By.NAME, "their_faction")).select_by_value("amazons")
    form.find_element(By.NAME, "third_name").send_keys("Cleo")
    Select(form.find_element(By.NAME, "third_faction")).select_by_value("plutos-refugees")
    click(alice, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait(alice, lambda d: d.find_elements(By.ID, "table-code"))
    code = alice.find_element(By.ID, "table-code").text
    wait(alice, lambda d: "Waiting for 2 players to join" in d.find_element(By.ID, "table-turn").text)

    # The join link lists the free seats; Cleo's phone takes seat 3, then Bruno's the last one, seat 2.
    cleo.get(f"{live_server.url}/play/join/{code}/")
    assert_fits_a_phone(cleo)
    screenshot(cleo, "recorder-join-free-seats-phone")
    assert {e.get_attribute("id") for e in cleo.find_elements(By.CSS_SELECTOR, "#join-seats button")} == {
        "take-seat-2",
        "take-seat-3",
    }
    cleo.find_element(By.ID, "take-seat-3").click()
    wait(cleo, lambda d: d.find_elements(By.ID, "table-code"))
    bruno.get(f"{live_server.url}/play/join/{code}/")  # one free seat left: taken at once
    for driver in three_browsers:
        wait(driver, lambda d: table_data(d, "status") == "playing")

    for driver, me in zip(three_browsers, ("Alice", "Bruno", "Cleo"), strict=True):
        seats = driver.find_elements(By.CSS_SELECTOR, "#table-seats li")
        assert [s.text.split(" — ")[1].split(" ·")[0] for s in seats] == [
            n + (" (you)" if p == me else "") for n, p in zip(NAMES, ("Alice", "Bruno", "Cleo"), strict=True)
        ]
        acting = [s for s in seats if "to act" in s.text]
        assert len(acting) == 1  # Pandemonium: one player at a time (HR-16.2.2)
        assert_fits_a_phone(driver)
    screenshot(alice, "recorder-three-seats-phone")

    table = TableGame.objects.get(code=code)
    entered = tap_offers_three(three_browsers, code, 6, random.Random(4))
    table.refresh_from_db()
    assert entered_events(table) == entered
    by_phone = {s.number: s.user.username for s in table.seat_list()}
    assert all(by_phone[e["seat"]] == NAMES[e["seat"] - 1] for e in table.entries if e["seat"])


def tap_offers_three(phones, code: str, taps: int, rng: random.Random) -> list[dict]:
    """tap_offers for any number of phones: only the phone of the player to act is offered anything."""
    entered = []
    for _ in range(taps):
        version = str(TableGame.objects.get(code=code).version)
        for driver in phones:
            wait(driver, lambda d, v=version: table_data(d, "version") == v)
        offered = [d for d in phones if table_data(d, "offers") not in ("", "0")]
        assert len(offered) == 1
        entered += tap_offers(offered[0], offered[0], code, 1, rng)
    return entered
