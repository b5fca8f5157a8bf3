"""Issue #23: a whole event run through the pages in Debian's Chromium, once per game and mode:
Battleground, Hoplomachus (Skirmish, Pandemonium, Alliance) and Fields of Eternia (team game,
Skirmish). An organizer creates the event with the event form (game and mode chosen there),
checks every player in from the manage page (team events: draws partners on the teams page),
pairs and publishes each of two rounds, enters every table on the round's results grid (pods:
finishing places; teams: the team's result) and closes the round. The event finishes after its
last planned round, and the standings show every player or team with the points the entered
results give. The players register through the services: registration is not what is tested.

Screenshots of the final standings at 390 px go to var/screenshots/whole-event-*.png.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.chromium import SCREENSHOTS, click_to_next_page, requires_chromium, start_chromium

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

PASSWORD = "a-long-passphrase-42"
ROUNDS = 2
NAMES = ["Adam", "Teela", "Duncan", "Adora", "Evelyn", "Kronis", "Zodac", "Orko", "Cringer", "Sorceress"]
NAMES += ["Beast Man", "Trap Jaw"]

#: (game, mode value in the form, players, players per team)
CASES = {
    "battleground": ("motu-battleground", "", 4, 0),
    "hoplomachus-skirmish": ("hoplomachus-remastered", "skirmish", 4, 0),
    "hoplomachus-pandemonium": ("hoplomachus-remastered", "pandemonium", 8, 0),
    "hoplomachus-alliance": ("hoplomachus-remastered", "alliance", 8, 2),
    "eternia-team-game": ("motu-fields-of-eternia", "standard", 12, 3),
    "eternia-skirmish": ("motu-fields-of-eternia", "skirmish", 4, 0),
}


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=1400, profile_dir=tmp_path / "profile")
    yield driver
    driver.quit()


def wait(driver, condition, timeout: float = 15):
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(
        driver,
        timeout,
        poll_frequency=0.1,
        ignored_exceptions=(StaleElementReferenceException, WebDriverException),
    ).until(condition)


def log_in(driver, base_url: str, username: str) -> None:
    driver.get(base_url + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    click_to_next_page(driver, driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]"))
    assert "/accounts/login/" not in driver.current_url


def set_value(driver, field_id: str, value: str) -> None:
    driver.execute_script("arguments[0].value = arguments[1];", driver.find_element(By.ID, field_id), value)


def option_values(driver, select_id: str) -> list[str]:
    return [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, f"#{select_id} option")]


def flash_text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text


def create_event(driver, base_url: str, game: str, mode: str, team_size: int) -> str:
    """Fill the event form (the game first: its modes come with it) and save; the manage page's URL."""
    driver.get(base_url + "/events/new/")
    Select(driver.find_element(By.ID, "id_game")).select_by_value(game)
    wait(driver, lambda d: mode in option_values(d, "id_game_mode"))
    Select(driver.find_element(By.ID, "id_game_mode")).select_by_value(mode)
    set_value(driver, "id_name", "Whole Event Open")
    set_value(driver, "id_starts_on", "2026-06-06")
    if "swiss" in option_values(driver, "id_format"):
        Select(driver.find_element(By.ID, "id_format")).select_by_value("swiss")
    set_value(driver, "id_swiss_rounds", str(ROUNDS))
    set_value(driver, "id_team_size", str(team_size) if team_size else "")
    click_to_next_page(driver, driver.find_element(By.ID, "save-event"))
    assert driver.current_url.endswith("/events/whole-event-open/manage/"), flash_text(driver)
    return driver.current_url


def side_of(group) -> str:
    """The name a side has in the standings: its team's, or its player's."""
    from participants.models import Team

    if group[0].team:
        return Team.objects.get(pk=int(group[0].team)).name
    return group[0].registration.display_name


def enter_round(driver, round_, event, points: dict, table_index: int) -> None:
    """Enter every table of ``round_`` on its results grid and add the points each side earns to
    ``points``. Two sides: the first-listed side wins 30–5 (rotating who wins by table); pods: the
    seats finish in seating order (1st, 2nd, 3rd, …)."""
    from draw.seats import is_pod, sides
    from tournaments.game_modes import placement_table

    win, loss = float(event.points_win), float(event.points_loss)
    place_points = placement_table(event)
    for match in round_.matches.order_by("table"):
        groups = sides(match)
        fieldset = driver.find_element(By.CSS_SELECTOR, f"fieldset[data-table='{match.table}']")
        if match.is_bye:
            continue
        if is_pod(match):
            for place, (letter, group) in enumerate(zip("abcdefgh", groups, strict=False), start=1):
                Select(
                    fieldset.find_element(By.CSS_SELECTOR, f"select[name$='-place_{letter}']")
                ).select_by_value(str(place))
                points[side_of(group)] += place_points[place - 1]
        else:
            first_wins = (match.table + table_index) % 2 == 0
            outcome = Select(fieldset.find_element(By.CSS_SELECTOR, "select[name$='-outcome_a']"))
            outcome.select_by_index(1 if first_wins else 3)  # "— / A won / Draw / B won"
            scores = (30, 5) if first_wins else (5, 30)
            for letter, score in zip("ab", scores, strict=True):
                box = fieldset.find_element(By.CSS_SELECTOR, f"input[name$='-score_{letter}']")
                box.clear()
                box.send_keys(str(score))
            points[side_of(groups[0])] += win if first_wins else loss
            points[side_of(groups[1])] += loss if first_wins else win
        # Counters the game asks per seat (knock-outs dealt…): none.
        for box in fieldset.find_elements(By.CSS_SELECTOR, "input[inputmode=numeric]"):
            if not box.get_attribute("value"):
                box.send_keys("0")


def standings_points(driver, event) -> dict[str, float]:
    """The standings' rows as {name: points} (the points column, by its name), in rank order."""
    from standings.services import columns

    title = next(c.name for c in columns(event) if c.key == "points")
    headers = [
        th.get_attribute("title") for th in driver.find_elements(By.CSS_SELECTOR, "#standings thead th")
    ]
    assert title in headers, headers
    column = headers.index(title)
    shown = {}
    for row in driver.find_elements(By.CSS_SELECTOR, "#standings tbody tr"):
        cells = row.find_elements(By.TAG_NAME, "td")
        name = cells[1].text.split("\n")[0].split(" (")[0].strip()
        shown[name] = float(cells[column].text.replace(",", "."))
    return shown


@pytest.mark.parametrize("case", list(CASES))
def test_a_whole_event_through_the_pages(browser, live_server, make_user, case):
    from accounts.models import Profile
    from accounts.services import make_organizer
    from draw.models import MatchState
    from participants import services as participant_services
    from participants.models import RegistrationStatus
    from tournaments.models import Event, EventStatus

    game, mode, count, team_size = CASES[case]
    organizer = make_user("olga", password=PASSWORD)
    Profile.objects.create(user=organizer, display_name="Olga")
    make_organizer(organizer)
    base = live_server.url
    log_in(browser, base, "olga")

    manage_url = create_event(browser, base, game, mode, team_size)
    event = Event.objects.get(slug="whole-event-open")
    assert (event.game, event.game_mode, event.team_size) == (game, mode, team_size)
    assert event.starts_on == date(2026, 6, 6)

    users = []
    for name in NAMES[:count]:
        user = make_user(name.lower().replace(" ", "-"), password=PASSWORD)
        Profile.objects.create(user=user, display_name=name)
        users.append(user)
    for user in users:
        participant_services.register(user, event)

    browser.get(manage_url)
    click_to_next_page(browser, browser.find_element(By.ID, "check-in-all"))
    assert not browser.find_elements(By.ID, "check-in-all")
    assert event.registrations.filter(status=RegistrationStatus.CHECKED_IN).count() == count

    if team_size:
        browser.get(f"{base}/events/{event.slug}/teams/")
        click_to_next_page(browser, browser.find_element(By.ID, "draw-teams-button"))
        assert "Partners drawn" in flash_text(browser)
        assert len(browser.find_elements(By.CSS_SELECTOR, "#teams h3")) == count // team_size

    points: dict[str, float] = defaultdict(float)
    for number in range(1, ROUNDS + 1):
        browser.get(manage_url)
        click_to_next_page(browser, browser.find_element(By.ID, "pair-next"))
        assert browser.current_url.endswith(f"/rounds/{number}/"), flash_text(browser)
        assert browser.find_element(By.ID, "round-state").text == "Draft"
        click_to_next_page(browser, browser.find_element(By.ID, "publish-round"))
        assert browser.find_element(By.ID, "round-state").text == "Published"

        click_to_next_page(browser, browser.find_element(By.ID, "results-grid-link"))
        round_ = event.rounds.get(number=number)
        enter_round(browser, round_, event, points, number)
        click_to_next_page(browser, browser.find_element(By.ID, "save-results"))
        errors = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "fieldset.has-error")]
        assert not errors, errors
        assert "Every table has a result" in browser.find_element(By.ID, "missing-filter").text
        assert {m.state for m in round_.matches.all() if not m.is_bye} == {MatchState.CONFIRMED}

        browser.get(f"{base}/events/{event.slug}/rounds/{number}/")
        click_to_next_page(browser, browser.find_element(By.ID, "close-round"))
        # Closing leads to the standings, ranked again after this round.
        assert f"Round {number} closed; standings updated." in flash_text(browser), flash_text(browser)
        assert browser.find_element(By.ID, "standings-title").text.endswith(f"after round {number}")

    # The last planned round closed: the event has finished and offers no further round.
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    browser.get(manage_url)
    assert not browser.find_elements(By.ID, "pair-next")
    assert "Finished" in flash_text(browser)

    browser.get(f"{base}/events/{event.slug}/standings/")
    assert browser.find_element(By.ID, "standings-title").text.endswith(f"after round {ROUNDS}")
    shown = standings_points(browser, event)
    expected = dict(points)
    assert set(shown) == set(expected), (shown, expected)
    assert shown == pytest.approx(expected)
    leader = next(iter(shown))
    assert expected[leader] == max(expected.values())
    if team_size:
        members = " ".join(e.text for e in browser.find_elements(By.CSS_SELECTOR, "#standings .team-members"))
        assert all(name in members for name in NAMES[:count])

    browser.set_window_size(390, 1400)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / f"whole-event-{case}-390.png"))
