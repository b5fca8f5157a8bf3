"""Issue #23: on a 390 px phone in Debian's Chromium, an organizer picks Hoplomachus in the new event's
game menu and sees its modes and pack at once, without submitting anything; the name typed stays, the
page does not scroll sideways, and Enter in the name saves the Hoplomachus event on the first try.

Screenshots go to var/screenshots/event-form-*.png.
"""

from __future__ import annotations

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

PHONE_WIDTH = 390


@pytest.fixture
def phone(tmp_path):
    """Chromium as a 390 × 844 phone (the viewport meta tag honoured), logging the console."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from tests.browser.chromium import CHROMEDRIVER, CHROMIUM

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": PHONE_WIDTH, "height": 844, "pixelRatio": 1.0}}
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture
def organizer(make_user):
    from accounts.services import make_organizer

    user = make_user("olga", password="a-long-passphrase-42")
    make_organizer(user)
    return user


def options_of(driver, select_id: str) -> list[str]:
    from selenium.webdriver.common.by import By

    return [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, f"#{select_id} option")]


def test_picking_hoplomachus_shows_its_modes_without_submitting_on_a_phone(phone, live_server, organizer):
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from tournaments.models import Event

    sign_in(phone, live_server.url, organizer)
    phone.get(live_server.url + "/events/new/")
    assert options_of(phone, "id_content_pack") == ["bg-core-starter"]
    assert not phone.find_element(By.ID, "choose-game").is_displayed()  # the script does its work
    phone.find_element(By.ID, "id_name").send_keys("Arena night")

    Select(phone.find_element(By.ID, "id_game")).select_by_value("hoplomachus-remastered")
    WebDriverWait(
        phone, 15, poll_frequency=0.1, ignored_exceptions=(StaleElementReferenceException, WebDriverException)
    ).until(lambda d: options_of(d, "id_content_pack") == ["hr-core-starter"])

    modes = options_of(phone, "id_game_mode")
    assert {"skirmish", "pandemonium", "alliance"} <= set(modes)
    assert "Pandemonium" in phone.find_element(By.ID, "id_game_mode").text
    assert "more_knockouts" not in options_of(phone, "id_draw_rule")
    assert phone.find_element(By.ID, "id_name").get_attribute("value") == "Arena night"
    assert not phone.find_elements(By.CSS_SELECTOR, ".error-box")
    assert not Event.objects.exists()
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"the form scrolls sideways: {width} px"
    errors = [e["message"] for e in phone.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / "event-form-hoplomachus-390.png"))

    # Enter in the name saves the event (not the game's Choose button), with the defaults shown.
    phone.execute_script("document.getElementById('id_starts_on').value = '2026-06-01'")
    phone.find_element(By.ID, "id_name").send_keys(Keys.ENTER)
    WebDriverWait(phone, 15, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.current_url.endswith("/events/arena-night/manage/")
    )
    event = Event.objects.get(slug="arena-night")
    assert (event.game, event.content_pack) == ("hoplomachus-remastered", "hr-core-starter")
    assert "Hoplomachus: Remastered" in phone.find_element(By.ID, "event-game").text
    # The game named in the header and the events list still fits the phone.
    for path in ("/events/arena-night/", "/events/"):
        phone.get(live_server.url + path)
        assert "Hoplomachus: Remastered" in phone.find_element(By.TAG_NAME, "main").text
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= PHONE_WIDTH, f"{path} scrolls sideways: {width} px"
