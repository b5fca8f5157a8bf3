"""The site in Italian and Polish on a 390 px phone (issue #24): the switcher at the foot of the page
changes the language with one tap and no script, and the pages of the translated apps fit the phone
with the longer Italian and Polish words."""

from __future__ import annotations

import pytest

from tests.browser.chromium import click_to_next_page, requires_chromium, start_chromium
from tests.browser.test_table_recorder import PASSWORD, PHONE, assert_fits_a_phone, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

PAGES = ["/", "/accounts/profile/", "/logs/", "/logs/upload/", "/players/alice/", "/rules/motu-battleground/"]


@pytest.mark.parametrize(
    ("language", "name", "menu"), [("it", "Italiano", "I miei log"), ("pl", "Polski", "Moje zapisy")]
)
def test_switching_language_on_a_phone_and_every_page_fits(
    language, name, menu, live_server, make_user, tmp_path
):
    from selenium.webdriver.common.by import By

    make_user("alice", password=PASSWORD)
    driver = start_chromium(height=PHONE[1], profile_dir=tmp_path / "profile")
    try:
        driver.set_window_size(*PHONE)
        log_in(driver, live_server.url, "alice")
        driver.get(live_server.url + "/")
        assert driver.execute_script("return document.documentElement.lang") == "en"
        button = driver.find_element(By.CSS_SELECTOR, f"#language-switcher button[value='{language}']")
        assert button.text == name
        click_to_next_page(driver, button)
        assert driver.execute_script("return document.documentElement.lang") == language
        assert menu in driver.find_element(By.CSS_SELECTOR, ".site-header nav").text
        for path in PAGES:
            driver.get(live_server.url + path)
            assert driver.execute_script("return document.documentElement.lang") == language, path
            assert_fits_a_phone(driver)
        screenshot(driver, f"languages-{language}-rules-phone")
    finally:
        driver.quit()
