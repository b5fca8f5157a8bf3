"""The round page's same-faction warning (a Hoplomachus Skirmish needs two different factions,
AMB-17) at a phone's width (390 px) in Debian's Chromium: the warnings show, nothing is wider than
the screen; screenshot in var/screenshots/round-faction-warning.png."""

from __future__ import annotations

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in, start_chromium
from tests.tournaments_django import conftest as fixtures

organizer, make_player = fixtures.organizer, fixtures.make_player

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]


@pytest.fixture(scope="module")
def browser():
    driver = start_chromium(height=1600)
    driver.set_window_size(390, 1600)
    yield driver
    driver.quit()


def test_the_round_page_warns_of_same_faction_tables_at_390_px(browser, live_server, organizer, make_player):
    from selenium.webdriver.common.by import By

    from draw import services as draw_services
    from participants import services as participant_services
    from participants.services.force_lists import submit_list
    from tournaments import services

    event = services.create_event(
        organizer, name="Skirmish Cup", starts_on="2026-06-06", game="hoplomachus-remastered",
        swiss_rounds=2, first_round="seeded",
    )  # fmt: skip
    for name in ("Adam", "Teela of the Long Name", "Duncan", "Adora"):
        user = make_player(name)
        participant_services.register(user, event)
        submit_list(user, event, text="Faction: Amazons")
    round_ = draw_services.pair_next_round(organizer, event)

    sign_in(browser, live_server.url, organizer)
    browser.get(f"{live_server.url}/events/{event.slug}/rounds/{round_.number}/")
    warnings = browser.find_elements(By.CSS_SELECTOR, ".faction-warning")
    assert len(warnings) == 2 and "both registered Amazons" in warnings[0].text
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "round-faction-warning.png"))
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
