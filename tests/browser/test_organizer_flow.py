"""An organizer runs the start of an event in Debian's Chromium: create it, see the players
who registered, pair round 1, review each table's reason, publish with table numbers and start
the clock; then a player sees their table and the countdown.

Headless /usr/bin/chromium with /usr/bin/chromedriver against pytest-django's live server.
Screenshots go to var/screenshots/organizer-*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.chromium import SCREENSHOTS, click_to_next_page, requires_chromium, start_chromium

PASSWORD = "a-long-passphrase-42"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=1400, profile_dir=tmp_path / "profile")
    yield driver
    driver.quit()


@pytest.fixture
def organizer(make_user):
    from accounts.models import Profile
    from accounts.services import make_organizer

    user = make_user("olga", password=PASSWORD)
    Profile.objects.create(user=user, display_name="Olga the Organizer")
    make_organizer(user)
    return user


@pytest.fixture
def players(make_user):
    """Five players with profiles; they register once the organizer has created the event."""
    from accounts.models import Profile

    users = []
    for name in ("Adora", "Duncan", "Teela", "Evelyn", "Kronis"):
        user = make_user(name.lower(), password=PASSWORD)
        Profile.objects.create(user=user, display_name=name)
        users.append(user)
    return users


def register_with_lists(event, users) -> None:
    from participants import services as participant_services
    from tests.tournaments_django.conftest import EW, MOTU, first_game_force

    for i, user in enumerate(users):
        participant_services.register(user, event)
        faction = MOTU if i % 2 == 0 else EW
        participant_services.submit_list(user, event, entries=first_game_force(faction), faction=faction)


def screenshot(driver, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def wait(driver, condition, timeout: float = 15):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # A form post reloads the page: an element found just before the reload goes stale; look again.
    return WebDriverWait(
        driver, timeout, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]
    ).until(condition)


def log_in(driver, base_url: str, username: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(base_url + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    wait(driver, lambda d: "/accounts/login/" not in d.current_url)


def fill(driver, field_id: str, value: str) -> None:
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.ID, field_id)
    # Date inputs take their value from script the same way in every locale.
    driver.execute_script("arguments[0].value = arguments[1];", element, value)


def choose(driver, field_id: str, label: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, field_id)).select_by_visible_text(label)


def test_organizer_creates_an_event_pairs_reviews_and_publishes_round_one(
    browser, live_server, organizer, players
):
    from selenium.webdriver.common.by import By

    from tournaments.models import Event

    log_in(browser, live_server.url, "olga")

    # Create the event.
    browser.get(live_server.url + "/events/")
    browser.find_element(By.ID, "create-event").click()
    wait(browser, lambda d: d.current_url.endswith("/events/new/"))
    fill(browser, "id_name", "Eternia Open")
    fill(browser, "id_starts_on", "2026-05-02")
    fill(browser, "id_venue", "Castle Grayskull")
    choose(browser, "id_format", "Swiss")
    fill(browser, "id_swiss_rounds", "3")
    choose(browser, "id_first_round", "By seeding")
    fill(browser, "id_points_limit", "110")
    fill(browser, "id_round_minutes", "75")
    browser.find_element(By.ID, "save-event").click()
    wait(browser, lambda d: d.current_url.endswith("/events/eternia-open/manage/"))
    event = Event.objects.get(slug="eternia-open")
    assert (event.points_win, event.points_draw, event.points_loss, event.points_limit) == (3, 1, 0, 110)
    assert event.tiebreaks == ["points", "sos", "score_diff"]

    # Players register (through the services, as the fixtures of this test); the page lists them.
    register_with_lists(event, players)
    browser.refresh()
    rows = browser.find_elements(By.CSS_SELECTOR, "#registrations tbody tr")
    assert len(rows) == 5 and all("valid" in row.text for row in rows)

    # Pair round 1: a draft to review, every table with its reason.
    browser.find_element(By.ID, "pair-next").click()
    wait(browser, lambda d: d.current_url.endswith("/events/eternia-open/rounds/1/"))
    assert browser.find_element(By.ID, "round-state").text == "Draft"
    table_rows = browser.find_elements(By.CSS_SELECTOR, "#pairings-1 tbody tr")
    assert [r.get_attribute("data-table") for r in table_rows] == ["1", "2", "3"]
    reasons = [r.find_element(By.CSS_SELECTOR, "td.reason").text for r in table_rows]
    assert reasons == [
        "round 1 by seeding: top half meets bottom half",
        "round 1 by seeding: top half meets bottom half",
        "bye: lowest-ranked player without an earlier bye",
    ]
    assert "Kronis" in table_rows[2].text and "bye" in table_rows[2].text
    screenshot(browser, "organizer-1-draft-review")

    # Publish with table numbers and start the clock.
    browser.find_element(By.ID, "publish-round").click()
    wait(browser, lambda d: d.find_element(By.ID, "round-state").text == "Published")
    browser.find_element(By.ID, "start-timer").click()
    wait(browser, lambda d: "left" in d.find_element(By.ID, "round-timer").text)
    timer = browser.find_element(By.ID, "round-timer")
    assert timer.text.startswith(("1:15:00", "1:14:5"))  # 75 minutes, counting down
    screenshot(browser, "organizer-2-published")

    # A player sees their table, their opponent and the countdown.
    table_one = event.rounds.get(number=1).matches.get(table=1)
    # Log out, and let that page load before the next one is asked for.
    click_to_next_page(browser, browser.find_element(By.CSS_SELECTOR, ".site-header form button"))
    log_in(browser, live_server.url, table_one.entrants()[0].player.username)
    browser.get(live_server.url + "/events/me/")
    pairing = browser.find_element(By.ID, f"my-table-{event.slug}")
    assert pairing.find_element(By.CLASS_NAME, "table-no").text == "1"
    assert table_one.entrants()[1].display_name in pairing.find_element(By.CLASS_NAME, "opponent").text
    wait(browser, lambda d: "left" in pairing.find_element(By.CLASS_NAME, "timer").text)
    assert (
        f"{event.name} — Round 1: table 1 against {table_one.entrants()[1].display_name}"
        in browser.find_element(By.ID, "notifications").text
    )
    screenshot(browser, "organizer-3-player-sees-table")
