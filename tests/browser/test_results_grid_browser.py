# ruff: noqa: F811  (the tests take the imported fixture by its name)
"""The results grid in Debian's Chromium: an organizer enters three tables of a round at once,
one of them wrong (a win on VP with fewer VP, BG-7.4.3), sees the error on that row with what
was typed kept, fixes it (the game ended by knockout, BG-7.4.2) and saves. The page fits a
390 px phone. Screenshots go to var/screenshots/results-grid-*.png.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.chromium import requires_chromium
from tests.browser.test_organizer_flow import (  # noqa: F401  (browser is a fixture)
    PASSWORD,
    browser,
    log_in,
    register_with_lists,
    screenshot,
    wait,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


@pytest.fixture
def round_one(make_user):
    """A published round 1 of six players (three tables) and its organizer."""
    from datetime import date

    from accounts.models import Profile
    from accounts.services import make_organizer
    from draw import services as draw_services
    from tournaments import services

    organizer = make_user("olga", password=PASSWORD)
    Profile.objects.create(user=organizer, display_name="Olga")
    make_organizer(organizer)
    event = services.create_event(
        organizer, name="Grid Open", starts_on=date(2026, 5, 2), points_limit=110, first_round="seeded"
    )
    users = []
    for name in ("Chiara", "Dario", "Elena", "Franco", "Giorgia", "Luca"):
        user = make_user(name.lower(), password=PASSWORD)
        Profile.objects.create(user=user, display_name=name)
        users.append(user)
    register_with_lists(event, users)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    return event, round_


def row(driver, table: int):
    return driver.find_element(By.CSS_SELECTOR, f"fieldset[data-table='{table}']")


def enter(driver, table: int, outcome_index: int, a: int, b: int, ending: str = "vp") -> None:
    fieldset = row(driver, table)
    Select(fieldset.find_element(By.CSS_SELECTOR, "select[name$='-outcome_a']")).select_by_index(
        outcome_index
    )
    for name, value in (("score_a", a), ("score_b", b)):
        box = fieldset.find_element(By.CSS_SELECTOR, f"input[name$='-{name}']")
        box.clear()
        box.send_keys(str(value))
    Select(fieldset.find_element(By.CSS_SELECTOR, "select[name$='-ending']")).select_by_value(ending)


def fits(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_enter_three_rows_one_wrong_fix_it_and_save(browser, live_server, round_one):
    from draw.models import MatchState

    event, round_ = round_one
    log_in(browser, live_server.url, "olga")
    browser.get(f"{live_server.url}/events/{event.slug}/rounds/1/")
    browser.find_element(By.ID, "results-grid-link").click()
    wait(browser, lambda d: d.find_elements(By.ID, "results-grid"))
    assert "3 tables without a result" in browser.find_element(By.ID, "missing-filter").text

    enter(browser, 1, 1, 40, 10)  # first-listed player won on VP, by 30
    enter(browser, 2, 2, 25, 25)  # a draw on VP
    enter(browser, 3, 1, 20, 30)  # "won" on VP with fewer VP: wrong under BG-7.4.3
    browser.find_element(By.ID, "save-results").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "fieldset.has-error"))
    wrong = row(browser, 3)
    assert "BG-7.4.3" in wrong.find_element(By.CSS_SELECTOR, ".row-errors").text
    assert wrong.find_element(By.CSS_SELECTOR, "input[name$='-score_b']").get_attribute("value") == "30"
    assert "2 results saved. Table 3 was not saved" in browser.page_source
    assert "1 table without a result" in browser.find_element(By.ID, "missing-filter").text
    screenshot(browser, "results-grid-error-desktop")
    assert fits(browser)
    browser.set_window_size(390, 1400)
    assert fits(browser), "the grid scrolls sideways at 390 px"
    screenshot(browser, "results-grid-error-390")
    browser.set_window_size(1280, 1600)

    Select(row(browser, 3).find_element(By.CSS_SELECTOR, "select[name$='-ending']")).select_by_value(
        "knockout"
    )
    browser.find_element(By.ID, "save-results").click()
    wait(browser, lambda d: "Every table has a result" in d.find_element(By.ID, "missing-filter").text)
    assert not browser.find_elements(By.CSS_SELECTOR, "fieldset.has-error")
    screenshot(browser, "results-grid-saved-desktop")
    states = {m.table: (m.state, m.ending) for m in round_.matches.all()}
    assert states == {
        1: (MatchState.CONFIRMED, "vp"),
        2: (MatchState.CONFIRMED, "vp"),
        3: (MatchState.CONFIRMED, "knockout"),
    }
