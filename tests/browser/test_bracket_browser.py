"""The bracket page in Debian's Chromium (headless): it loads without console errors, later
rounds line up between the games that feed them, and a name with markup stays text.

Screenshots go to var/screenshots/bracket-*.png.
"""

from __future__ import annotations

from datetime import date

import pytest

from draw.seats import two_seats
from results import services as result_services
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]

EVIL = '<img src=x onerror="window.injected=1">Skeletor'


@pytest.fixture
def browser():
    driver = start_chromium(height=1200, console_logs=True)
    yield driver
    driver.quit()


@pytest.fixture
def bracket_event(make_user):
    """Six players in a single-elimination event: round 1 published, E has beaten D, C-F open."""
    from accounts.models import Profile
    from accounts.services import make_organizer
    from draw import services as draw_services
    from participants import services as participant_services
    from tests.tournaments_django.conftest import EW, MOTU, first_game_force
    from tournaments import services

    organizer = make_user("olga")
    make_organizer(organizer)
    event = services.create_event(
        organizer,
        name="Grayskull Knockout",
        starts_on=date(2026, 6, 6),
        format="single_elimination",
        points_limit=110,
        first_round="seeded",
    )
    for i, name in enumerate(["Adora", "Duncan", "Teela", "Evelyn", EVIL, "Kronis"]):
        user = make_user(f"player-{i}")
        Profile.objects.create(user=user, display_name=name)
        participant_services.register(user, event)
        faction = MOTU if i % 2 == 0 else EW
        participant_services.submit_list(user, event, entries=first_game_force(faction), faction=faction)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    result_services.decide_result(organizer, round_.matches.get(table=2), scores=two_seats("loss", (9, 16)))
    return event


def finish(event) -> None:
    from draw import services as draw_services

    organizer = event.created_by
    first = event.rounds.get(number=1)
    result_services.decide_result(organizer, first.matches.get(table=4), scores=two_seats("win", (12, 7)))
    draw_services.close_round(organizer, first)
    for winner_a in ((True, True), (False,)):
        round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
        for match, a_wins in zip(round_.matches.order_by("table"), winner_a, strict=True):
            vp = (10, 8) if a_wins else (8, 10)
            result_services.decide_result(
                organizer, match, scores=two_seats("win" if a_wins else "loss", (vp[0], vp[1]))
            )
        draw_services.close_round(organizer, round_)


def console_errors(driver) -> list[dict]:
    # The site has no favicon (base.html names none), so Chromium's own request for one 404s
    # on whichever page it happens to come with; that is not this page's error.
    return [
        entry
        for entry in driver.get_log("browser")
        if entry["level"] in ("SEVERE", "ERROR") and "/favicon.ico" not in entry["message"]
    ]


def test_the_bracket_page_in_chromium(browser, live_server, bracket_event):
    from selenium.webdriver.common.by import By

    browser.get(f"{live_server.url}/events/{bracket_event.slug}/")
    browser.get_log("browser")  # only the bracket page's own messages count
    browser.find_element(By.ID, "bracket-link").click()
    assert browser.current_url.endswith(f"/events/{bracket_event.slug}/bracket/")
    assert console_errors(browser) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "bracket-in-progress.png"))

    columns = browser.find_elements(By.CSS_SELECTOR, "#bracket > .bracket-round")
    assert [c.find_element(By.TAG_NAME, "h3").text for c in columns] == [
        "Quarter-finals · round 1",
        "Semi-finals · round 2",
        "Final · round 3",
    ]
    games = [c.find_elements(By.CSS_SELECTOR, ".bracket-game") for c in columns]
    assert [len(g) for g in games] == [4, 2, 1]

    # Columns side by side, and each later game centred between the two games feeding it.
    def middle(element) -> float:
        return element.rect["y"] + element.rect["height"] / 2

    assert games[0][0].rect["x"] < games[1][0].rect["x"] < games[2][0].rect["x"]
    for later, earlier in ((games[1], games[0]), (games[2], games[1])):
        for t, game in enumerate(later):
            feeders = (middle(earlier[2 * t]) + middle(earlier[2 * t + 1])) / 2
            assert abs(middle(game) - feeders) <= 2

    # E (the name with markup) beat D: highlighted, and shown as text, not run.
    winner = games[0][1].find_element(By.CSS_SELECTOR, ".bracket-side.winner")
    assert winner.find_element(By.CLASS_NAME, "name").text == EVIL
    assert browser.execute_script("return window.injected === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "main img") == []
    assert "Winner of table 4" in games[1][1].text
    assert browser.find_element(By.ID, "placements").text.splitlines()[1].startswith("5th–6th Evelyn")

    # The rest of the event: Teela beats Kronis, Adora and Duncan win their semi-finals, and
    # Duncan wins the final.
    finish(bracket_event)
    browser.get_log("browser")
    browser.refresh()
    assert console_errors(browser) == []
    browser.save_screenshot(str(SCREENSHOTS / "bracket-finished.png"))
    assert browser.find_element(By.ID, "bracket-decided").text == "Decided"
    final = browser.find_element(By.CSS_SELECTOR, "#bracket-round-3 .bracket-game")
    assert final.find_element(By.CSS_SELECTOR, ".bracket-side.winner .name").text == "Duncan"
    assert browser.find_elements(By.CSS_SELECTOR, ".bracket-game.projected") == []
    places = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#placements tbody tr")]
    assert [p.split(" ")[0] for p in places] == ["1st", "2nd", "3rd–4th", "3rd–4th", "5th–6th", "5th–6th"]
    assert places[0].startswith("1st Duncan") and places[1].startswith("2nd Adora")
