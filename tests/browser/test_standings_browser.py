"""The standings after a top cut and the soft scores grid in Debian's Chromium (headless), at a
390 px phone width and at desktop width: nothing scrolls sideways, the final ranking comes
before the Swiss standings, and soft scores typed on the phone reach the standings.

Screenshots go to var/screenshots/standings-*.png and soft-scores-*.png.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]


@pytest.fixture
def browser():
    driver = start_chromium(height=900)
    yield driver
    driver.quit()


@pytest.fixture
def top_cut_event(make_user):
    """Eight players, two Swiss rounds with battle points, a top cut of four played out, and
    painting and sportsmanship as soft scores breaking ties."""
    from accounts.models import Profile
    from accounts.services import make_organizer
    from participants import services as participant_services
    from tests.draw.test_bracket import play
    from tests.tournaments_django.conftest import EW, MOTU, first_game_force
    from tournaments import services
    from tournaments.algorithms.battle_points import PRESETS

    organizer = make_user("olga")
    make_organizer(organizer)
    event = services.create_event(
        organizer,
        name="Eternia Masters",
        starts_on=date(2026, 6, 6),
        format="swiss_top_cut",
        swiss_rounds=2,
        top_cut=4,
        points_limit=110,
        first_round="seeded",
        tiebreaks=["points", "sos", "median_buchholz", "head_to_head", "score_diff"],
        battle_points=PRESETS["victory-bands"][1],
        soft_score_categories=[{"name": "Sportsmanship", "max": 10}, {"name": "Painting", "max": 20}],
        soft_scores_use="tiebreak",
    )
    names = ["Adora", "Duncan", "Teela", "Evelyn", "Kronis", "Andra", "Ram Man", "Marzo the Magnificent"]
    for i, name in enumerate(names):
        user = make_user(f"player-{i}")
        Profile.objects.create(user=user, display_name=name)
        participant_services.register(user, event)
        faction = MOTU if i < 4 else EW
        participant_services.submit_list(user, event, entries=first_game_force(faction), faction=faction)
    for upsets in ((), (2,), (2,), (1,)):
        play(event, organizer, upsets=upsets)
    return event


def log_in(driver, base_url: str, username: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(base_url + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys("correct horse battery")  # make_user's
    driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    WebDriverWait(driver, 20).until(lambda d: "/accounts/login/" not in d.current_url)


def page_width(driver) -> tuple[int, int]:
    return driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")


@pytest.mark.parametrize("width", [390, 1280])
def test_standings_after_a_top_cut_and_soft_scores_fit_the_screen(browser, live_server, top_cut_event, width):
    from selenium.webdriver.common.by import By

    browser.set_window_size(width, 900)
    event = top_cut_event
    browser.get(f"{live_server.url}/events/{event.slug}/standings/")
    title = browser.find_element(By.ID, "standings-title").text
    assert title == "Swiss standings after round 2"
    ranking = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#final-ranking tbody tr")]
    assert [r.split(" ")[0] for r in ranking] == ["1st", "2nd", "3rd–4th", "3rd–4th"]
    final_y = browser.find_element(By.ID, "final-ranking").rect["y"]
    assert final_y < browser.find_element(By.ID, "standings").rect["y"]
    scroll_width, inner = page_width(browser)
    assert scroll_width <= inner, f"the standings page is {scroll_width} px wide at {inner} px"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / f"standings-top-cut-{width}.png"))

    log_in(browser, live_server.url, "olga")
    browser.get(f"{live_server.url}/events/{event.slug}/manage/soft-scores/")
    scroll_width, inner = page_width(browser)
    assert scroll_width <= inner, f"the soft scores page is {scroll_width} px wide at {inner} px"
    box = browser.find_element(By.CSS_SELECTOR, "input[aria-label='Painting for Andra']")
    box.send_keys("17")
    browser.find_element(By.ID, "save-soft-scores").click()
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # The click submits the form: wait for the page it answers with, not the one still showing.
    WebDriverWait(browser, 20, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: "Soft scores saved" in d.find_element(By.TAG_NAME, "main").text
    )
    assert "Soft scores saved (1 change)" in browser.find_element(By.TAG_NAME, "main").text
    browser.save_screenshot(str(SCREENSHOTS / f"soft-scores-{width}.png"))
    browser.get(f"{live_server.url}/events/{event.slug}/standings/")
    andra = next(
        row.text
        for row in browser.find_elements(By.CSS_SELECTOR, "#standings tbody tr")
        if "Andra" in row.text
    )
    assert andra.endswith("– 17")
