"""Joining a table from another phone: the QR code draws in Chromium, and the join link names the address
other devices reach the site by (ARBITER_PUBLIC_HOST, which `make run HOST=0.0.0.0` sets to the LAN's)."""

from __future__ import annotations

import pytest

from play import tables
from tests.browser.chromium import requires_chromium, sign_in, start_chromium
from tests.browser.test_table_recorder import PHONE, screenshot, wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


@pytest.fixture
def phone():
    driver = start_chromium(height=PHONE[1])
    driver.set_window_size(*PHONE)
    yield driver
    driver.quit()


def test_the_join_qr_code_draws_and_names_the_public_address(phone, live_server, user, settings):
    from selenium.webdriver.common.by import By

    settings.ARBITER_PUBLIC_HOST = "192.0.2.7"  # a documentation address: never contacted
    settings.ARBITER_PUBLIC_PORT = "8000"
    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Bob", "first-game-motu")],
        first_player_seat=1,
    )
    sign_in(phone, live_server.url, user)
    phone.get(f"{live_server.url}/play/{table.code}/")
    image = wait(
        phone,
        lambda d: (
            d.find_element(By.ID, "table-qr")
            if d.find_element(By.ID, "table-invite").is_displayed()
            else None
        ),
    )
    wait(phone, lambda d: d.execute_script("return arguments[0].complete", image))
    width, height = phone.execute_script(
        "return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image
    )
    assert width > 0 and height > 0, "the QR code's SVG did not draw"
    assert f"http://192.0.2.7:8000/play/join/{table.code}/" in phone.find_element(By.ID, "table-invite").text
    screenshot(phone, "recorder-invite-qr-phone")
