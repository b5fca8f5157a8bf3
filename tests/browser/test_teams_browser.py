"""A Fields of Eternia team event in Debian's Chromium (headless) at a 390 px phone width and at
desktop width: the teams page with its form, a round's team pairings and the team standings fit
the screen (nothing scrolls sideways), and a team formed on the phone appears on the page.

Screenshots go to var/screenshots/teams-*.png.
"""

from __future__ import annotations

import pytest

from draw.seats import two_seats
from results import services as result_services
from tests.browser.chromium import SCREENSHOTS, click_to_next_page, requires_chromium, start_chromium
from tests.browser.test_standings_browser import log_in, page_width

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
def new_team_event(make_user):
    """(event, organizer "olga", make_player): the team event of four teams of two, unpaired."""
    from accounts.models import Profile
    from accounts.services import make_organizer
    from tests.tournaments_django.conftest import build_team_event

    organizer = make_user("olga")
    make_organizer(organizer)

    def make_player(name: str):
        user = make_user(name.lower().replace(" ", "-"))
        Profile.objects.create(user=user, display_name=name)
        return user

    event, _ = build_team_event(organizer, make_player)
    return event, organizer, make_player


@pytest.fixture
def played_team_event(new_team_event):
    """Five teams (the fifth of two players with long names) with round 1 played and closed."""
    from draw import services as draw_services
    from participants import services as participant_services

    event, organizer, make_player = new_team_event
    loose = [participant_services.register(make_player(name), event) for name in ("Zodac", "Sy-Klone")]
    participant_services.create_team(organizer, event, "The Cosmic Enforcers of Eternia", loose)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    for match in round1.matches.all():
        if not match.is_bye:
            result_services.decide_result(organizer, match, scores=two_seats("win", (11, 7)))
    draw_services.close_round(organizer, round1)
    return event


def fits(driver, what: str) -> None:
    scroll_width, inner = page_width(driver)
    assert scroll_width <= inner, f"the {what} page is {scroll_width} px wide at {inner} px"


@pytest.mark.parametrize("width", [390, 1280])
def test_team_pages_fit_the_screen(browser, live_server, played_team_event, width):
    from selenium.webdriver.common.by import By

    event = played_team_event
    browser.set_window_size(width, 900)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.get(f"{live_server.url}/events/{event.slug}/rounds/1/")
    main = browser.find_element(By.TAG_NAME, "main").text
    # A team table reads partners together ("Adam & Teela (0) vs …"), the teams' names under it.
    assert "Adam & Teela (0)" in main and "Grayskull vs" in main
    # Each table's two teams are dealt the two factions (FE-2.1), shown under their names.
    assert "plays Masters of the Universe" in main and "plays Evil Warriors" in main
    fits(browser, "pairings")
    browser.save_screenshot(str(SCREENSHOTS / f"teams-pairings-{width}.png"))

    browser.get(f"{live_server.url}/events/{event.slug}/standings/")
    assert browser.find_element(By.ID, "standings-title").text == "Team standings after round 1"
    fits(browser, "standings")
    browser.save_screenshot(str(SCREENSHOTS / f"teams-standings-{width}.png"))

    log_in(browser, live_server.url, "olga")
    browser.get(f"{live_server.url}/events/{event.slug}/teams/")
    teams = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#teams h3")]
    assert teams[:2] == ["Grayskull (seed 1)", "Royal Guard (seed 2)"]
    assert "The Cosmic Enforcers of Eternia" in teams
    fits(browser, "teams")
    browser.save_screenshot(str(SCREENSHOTS / f"teams-list-{width}.png"))


def test_an_organizer_forms_a_team_on_the_phone(browser, live_server, new_team_event):
    from selenium.webdriver.common.by import By

    from participants import services as participant_services

    event, _, make_player = new_team_event
    for name in ("Zodac", "Sy-Klone"):
        participant_services.register(make_player(name), event)
    browser.set_window_size(390, 900)
    log_in(browser, live_server.url, "olga")
    browser.get(f"{live_server.url}/events/{event.slug}/teams/")
    browser.find_element(By.NAME, "name").send_keys("Cosmic Enforcers")
    for box in browser.find_elements(By.CSS_SELECTOR, "input[name=members]"):
        box.click()
    fits(browser, "team form")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "teams-form-390.png"))
    create = browser.find_element(By.ID, "create-team")
    click_to_next_page(browser, create)  # the form posted: read the next page
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Team Cosmic Enforcers formed." in main
    assert "Sy-Klone, Zodac" in main or "Zodac, Sy-Klone" in main


def test_an_organizer_draws_partners_on_the_phone(browser, live_server, make_user):
    """A Hoplomachus Alliance event (HR-17, teams of two) with drawn partners: the Draw partners section fits a
    390 px phone and its button forms the teams. Screenshots: var/screenshots/teams-draw-390*.png."""
    from datetime import date

    from selenium.webdriver.common.by import By

    from accounts.models import Profile
    from accounts.services import make_organizer
    from participants import services as participant_services
    from tournaments import services

    organizer = make_user("olga")
    make_organizer(organizer)
    event = services.create_event(organizer, name="Alliance Night", starts_on=date(2026, 6, 6),
                                  game="hoplomachus-remastered", game_mode="alliance", team_size=2)  # fmt: skip
    for name in ("Adam", "Teela", "Duncan", "Adora"):
        user = make_user(name.lower())
        Profile.objects.create(user=user, display_name=name)
        participant_services.register(user, event)
    browser.set_window_size(390, 900)
    log_in(browser, live_server.url, "olga")
    browser.get(f"{live_server.url}/events/{event.slug}/teams/")
    button = browser.find_element(By.ID, "draw-teams-button")
    browser.execute_script("arguments[0].scrollIntoView()", button)
    fits(browser, "teams (draw partners)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "teams-draw-390.png"))
    click_to_next_page(browser, button)  # the form posted: read the next page
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Partners drawn: Team 1, Team 2." in main
    assert len(browser.find_elements(By.CSS_SELECTOR, "#teams h3")) == 2
    fits(browser, "teams (drawn)")
    browser.save_screenshot(str(SCREENSHOTS / "teams-draw-390-drawn.png"))
