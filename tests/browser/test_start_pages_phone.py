"""Every game's start page at the table fits a 390 px phone, with its longer forms (Hoplomachus' Alliance, an
Eternia team game of several players a team) in full."""

from __future__ import annotations

import pytest

from tests.browser.chromium import requires_chromium, start_chromium
from tests.browser.test_table_recorder import PASSWORD, PHONE, assert_fits_a_phone, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


@pytest.mark.parametrize("game", ["motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"])
def test_the_start_page_of_each_game_fits_a_phone(game, live_server, make_user, tmp_path):
    from selenium.webdriver.common.by import By

    make_user("alice", password=PASSWORD)
    driver = start_chromium(height=PHONE[1], profile_dir=tmp_path / "profile")
    try:
        driver.set_window_size(*PHONE)
        log_in(driver, live_server.url, "alice")
        driver.get(f"{live_server.url}/play/?game={game}")
        form = driver.find_element(By.ID, "new-game-form")
        assert form.find_elements(By.CSS_SELECTOR, "button[type=submit]")
        assert_fits_a_phone(driver)
        driver.execute_script("arguments[0].scrollIntoView()", form)
        screenshot(driver, f"start-{game}-phone")
    finally:
        driver.quit()
