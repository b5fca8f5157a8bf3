"""Becoming an organizer in Debian's Chromium at 390 px (issue #13): a player opens /events/new/,
reads how to get the role and asks for it; staff grant it on their page; the player is told on
the next page and creates an event. Nothing scrolls sideways. Screenshots:
var/screenshots/organizer-request-*.png."""

from __future__ import annotations

import pytest

from tests.browser.chromium import requires_chromium, start_chromium
from tests.browser.test_organizer_flow import PASSWORD, log_in, screenshot, wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

REASON = "Monthly Battleground nights at the Grayskull club."


@pytest.fixture
def phone(tmp_path):
    driver = start_chromium(height=844, profile_dir=tmp_path / "profile")
    driver.set_window_size(390, 844)
    yield driver
    driver.quit()


def scrolls_sideways(driver) -> bool:
    return driver.execute_script(
        "return document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )


def test_a_player_asks_staff_grant_and_the_player_creates_an_event(phone, live_server, make_user):
    from selenium.webdriver.common.by import By

    make_user("alice", password=PASSWORD)
    make_user("stella", password=PASSWORD, is_staff=True)

    log_in(phone, live_server.url, "alice")
    phone.get(live_server.url + "/events/new/")
    assert "Running events needs the organizer role" in phone.find_element(By.TAG_NAME, "h1").text
    assert not scrolls_sideways(phone)
    screenshot(phone, "organizer-request-1-explained")
    phone.find_element(By.ID, "id_reason").send_keys(REASON)
    phone.find_element(By.CSS_SELECTOR, "#role-request-form button[type=submit]").click()
    wait(phone, lambda d: d.find_elements(By.ID, "role-request-status"))
    assert "is waiting for staff" in phone.find_element(By.ID, "role-request-status").text

    phone.delete_all_cookies()
    log_in(phone, live_server.url, "stella")
    phone.get(live_server.url + "/accounts/organizer-requests/")
    assert REASON in phone.find_element(By.CSS_SELECTOR, "article.role-request").text
    assert not scrolls_sideways(phone)
    screenshot(phone, "organizer-request-2-staff")
    phone.find_element(By.CSS_SELECTOR, "article.role-request button[value=grant]").click()
    wait(phone, lambda d: "alice can now run events." in d.page_source)

    phone.delete_all_cookies()
    log_in(phone, live_server.url, "alice")
    news = phone.find_element(By.ID, "organizer-request-news")
    assert "Staff granted your request to run events" in news.text
    screenshot(phone, "organizer-request-3-told")
    news.find_element(By.LINK_TEXT, "create an event").click()
    wait(phone, lambda d: d.current_url.endswith("/events/new/"))
    assert phone.find_elements(By.ID, "id_name") and not scrolls_sideways(phone)
