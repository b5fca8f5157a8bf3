"""Relic hunt recorded at the table by two phones in Chromium, with nothing outside its own folders naming
it: the start page offers its form, the second phone joins by the link, each phone is offered its own
hunter's roll, move and dig (RH-3 … RH-6), and the finished hunt is a log the engine verifies legal."""

from __future__ import annotations

import json
import random

import pytest

from gamelogs.verification import verify_stored_log
from play.models import TableGame
from play.services import log_document
from tests.browser.chromium import requires_chromium
from tests.browser.test_table_recorder import (
    assert_fits_a_phone,
    click,
    move_to,
    screenshot,
    table_data,
    two_browsers,
    wait,
)
from tests.browser.test_table_recorder_hr_fe import seated, start_and_join
from tests.support.phones import entered_events

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]
__all__ = ["two_browsers"]  # the phones' fixture


def test_two_phones_record_a_whole_hunt_that_verifies_legal(relic_hunt, two_browsers, live_server, make_user):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    alice, bob = seated(two_browsers, live_server, make_user)

    def fill(form):
        Select(form.find_element(By.NAME, "mode")).select_by_value("duel")
        form.find_element(By.NAME, "name1").send_keys("Alice")
        form.find_element(By.NAME, "name2").clear()
        form.find_element(By.NAME, "name2").send_keys("Bob")

    code = start_and_join(alice, bob, live_server.url, "relic-hunt", fill)
    for phone in (alice, bob):
        assert_fits_a_phone(phone)
        wait(
            phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#table-board polygon")) >= 19
        )  # RH-2's hexes
    screenshot(alice, "recorder-relic-hunt-phone")

    rng, entered = random.Random(5), []
    while TableGame.objects.get(code=code).status == "playing":
        entered.append(tap(alice, bob, code, rng))
        assert len(entered) < 400
    table = TableGame.objects.get(code=code)
    assert table.status == "over" and entered_events(table) == entered
    assert log_document(table)["events"] == table.events
    assert verify_stored_log(table.game_log_id) == "legal"
    for phone in (alice, bob):
        wait(phone, lambda d: table_data(d, "status") == "over")
        click(phone, phone.find_element(By.ID, "confirm-result"))
    wait(alice, lambda d: table_data(d, "status") == "confirmed", timeout=10)
    screenshot(alice, "recorder-relic-hunt-over-phone")


def tap(alice, bob, code: str, rng: random.Random) -> dict:
    """One choice on the phone offered any: a roll or a dig as a button, a move by tapping a green hex."""
    from selenium.webdriver.common.by import By

    version = str(TableGame.objects.get(code=code).version)
    for phone in (alice, bob):
        wait(phone, lambda d, v=version: table_data(d, "version") == v)
    phone = next(d for d in (alice, bob) if table_data(d, "offers") not in ("", "0"))
    buttons = phone.find_elements(By.CSS_SELECTOR, "#table-choices button.choice:not(.secondary)")
    choice = rng.choice([b for b in buttons if '"concede"' not in (b.get_attribute("data-event") or "")])
    if not choice.get_attribute("data-event"):  # "Move… (n ways)": the destinations are green on the board
        click(phone, choice)
        wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-board polygon.pick"))
        hexagon = rng.choice(phone.find_elements(By.CSS_SELECTOR, "#table-board polygon.pick"))
        event, choice = move_to(phone, hexagon, rng)  # the hex itself when one way leads there
    else:
        event = json.loads(choice.get_attribute("data-event"))
    before = int(table_data(phone, "events") or 0)
    click(phone, choice)
    wait(phone, lambda d: int(table_data(d, "events") or 0) > before)
    return event
