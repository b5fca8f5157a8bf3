"""The challenge pages at a phone's width (390 px) in Debian's Chromium: nothing wider than the screen,
screenshots in var/screenshots/ (challenges-*.png)."""

from __future__ import annotations

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in, start_chromium
from tests.challenges import conftest as fixtures
from tests.challenges.conftest import play, verify

# The challenges suite's fixtures, used here too.
sample_log, organizer = fixtures.sample_log, fixtures.organizer
make_challenge, challenge = fixtures.make_challenge, fixtures.challenge

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


def _width(browser) -> int:
    return browser.execute_script("return document.documentElement.scrollWidth")


def test_challenge_pages_fit_a_phone(browser, live_server, organizer, user, other_user, challenge):
    from challenges import services

    services.start(user, challenge)
    header = services.header_for(challenge, user)
    services.start(other_user, challenge)
    entries = [
        services.submit_entry(user, challenge, play(header, 40)),
        services.submit_entry(other_user, challenge, play(header, 41)),
        services.submit_entry(
            user, challenge, play({**header, "setup": {**header["setup"], "starting_team": "ew"}}, 42)
        ),
    ]
    for entry in entries:
        verify(entry.log_id)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(browser, live_server.url, user)
    pages = {
        "list": "/challenges/",
        "detail": f"/challenges/{challenge.slug}/",
        "entry": f"/challenges/{challenge.slug}/entries/{entries[0].pk}/",
    }
    for name, path in pages.items():
        browser.get(live_server.url + path)
        browser.save_screenshot(str(SCREENSHOTS / f"challenges-{name}.png"))
        assert _width(browser) <= 390, f"{path} is {_width(browser)} px wide"
        if name == "detail":
            rows = browser.find_elements("css selector", "#leaderboard tbody tr")
            assert len(rows) == 2 and "starting_team" in browser.page_source
    sign_in(browser, live_server.url, organizer)
    browser.get(live_server.url + "/challenges/new/")
    browser.save_screenshot(str(SCREENSHOTS / "challenges-create.png"))
    assert _width(browser) <= 390, f"/challenges/new/ is {_width(browser)} px wide"


def test_a_challenge_played_at_the_table_is_entered_and_linked_from_the_table(
    browser, live_server, user, challenge
):
    """From the challenge page to the recorder and back: the table page, drawn by table.js, says the
    finished game was entered into the challenge and links to it (docs/challenges.md, "At the table")."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    from play.models import TableGame
    from tests.challenges.test_challenge_at_the_table import _play_to_the_end

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_in(browser, live_server.url, user)
    browser.get(live_server.url + f"/challenges/{challenge.slug}/")
    field = browser.find_element(By.ID, "id_name_1")
    field.clear()
    field.send_keys("Teela")
    browser.save_screenshot(str(SCREENSHOTS / "challenges-at-table-form.png"))
    browser.find_element(By.ID, "play-at-table").click()
    WebDriverWait(browser, 20).until(EC.presence_of_element_located((By.ID, "table-challenge")))
    table = TableGame.objects.get()
    assert table.header["players"][0]["name"] == "Teela" and challenge.title in browser.page_source

    _play_to_the_end(table, 5)
    browser.get(live_server.url + table.get_absolute_url())
    link = WebDriverWait(browser, 20).until(EC.visibility_of_element_located((By.ID, "challenge-entry")))
    browser.save_screenshot(str(SCREENSHOTS / "challenges-at-table-over.png"))
    assert _width(browser) <= 390, f"the table page is {_width(browser)} px wide"
    link.click()
    WebDriverWait(browser, 20).until(EC.presence_of_element_located((By.ID, "back-to-table")))
    assert "has ended and its log is entered" in browser.page_source
    assert _width(browser) <= 390
