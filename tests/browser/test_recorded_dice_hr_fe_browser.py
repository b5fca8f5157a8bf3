"""Real dice for Hoplomachus and Fields of Eternia on two 390 px phones (recorded randomness, LOG-4): the
players tap the offers of a simulated game and enter what the table showed as the engine asks: a
coloured die's hit symbol or blank face (HR-2.6.1), the units drawn from a bag (HR-15.6.3), the named
faces of the wild dice (FE-3.4, FE-6.9), the cards drawn from what a deck holds (FE-6.13). The events
stored are the game's; the rest of the game, entered the same way, verifies legal (tests/platform/
test_play_recorded_dice_hr_fe.py). Screenshots go to var/screenshots/."""

from __future__ import annotations

import contextlib
import json

import pytest

import engine
from play import finish, services
from tests.browser.chromium import requires_chromium
from tests.browser.test_table_recorder import (
    assert_fits_a_phone,
    click,
    log_in,
    screenshot,
    table_data,
    two_browsers,  # noqa: F401 (the fixture: two phones)
    wait,
)
from tests.platform.test_play_recorded_dice_hr_fe import HR_FIELDS, table_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


def _at(event: dict, path: list):
    for key in path:
        event = event[key]
    return event


def _offer(driver, chosen: dict):
    """The offer button for ``chosen`` (a move's or a deployment's: the piece's button for that space); a
    space several of a piece's offers lead to opens first (its ways). None when the page opened the only
    offer's dice by itself."""
    from selenium.webdriver.common.by import By

    def matching(d):
        from selenium.common.exceptions import StaleElementReferenceException

        try:
            for b in d.find_elements(By.CSS_SELECTOR, "#table-choices button[data-event]"):
                if json.loads(b.get_attribute("data-event")) == chosen:
                    return b
        except StaleElementReferenceException:  # redrawn meanwhile (a poll, or the only offer opening)
            return None
        return None

    def opened(d):
        return d.execute_script("return window.ArbiterTable.entry()")

    found = wait(
        driver,
        lambda d: opened(d) or matching(d) or d.find_elements(By.CSS_SELECTOR, "#table-choices button"),
    )
    if isinstance(found, dict):
        return None
    if not isinstance(found, list):
        return found
    for opener in driver.find_elements(By.CSS_SELECTOR, "#table-choices button.move"):
        click(driver, opener)
        button = matching(driver)
        if button is not None:
            return button
        back = driver.find_elements(By.XPATH, "//div[@id='table-choices']/button[text()='Back']")
        click(driver, back[0])
    raise AssertionError(f"no offer {chosen}")


def _enter(driver, event: dict, shots: dict) -> None:
    """Tap what the table showed for each thing the page asks (window.ArbiterTable.entry())."""
    from selenium.webdriver.common.by import By

    def tap(selector: str) -> None:
        click(driver, wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table-entry " + selector)))

    while True:
        entry = driver.execute_script("return window.ArbiterTable.entry()")
        if not entry:
            return
        need = entry["needs"][entry["at"]]
        seen = _at(event, need["path"])
        kind = need["kind"]
        # Every button a thumb's size; nothing scrolls sideways at 390 px.
        buttons = driver.find_elements(
            By.CSS_SELECTOR, "#table-entry button.face, #table-entry button[data-card]"
        )
        assert buttons and min(b.size["height"] for b in buttons) >= 44
        if kind == "hr_dice":
            for i, die in enumerate(seen):
                tap(f"button[data-row='{i}'][data-value='\"{die}\"']")
        elif kind == "faces":
            for i, face in enumerate(seen):
                tap(f"button[data-row='{i}'][data-value='\"{face}\"']")
        elif kind == "d6":
            for i, face in enumerate(seen):
                tap(f"button[data-row='{i}'][data-value='{face}']")
        else:
            for card in [seen] if need.get("one") else seen:
                tap(f"button[data-card='\"{card}\"']")
        assert_fits_a_phone(driver)
        if kind not in shots:
            driver.execute_script("document.getElementById('table-entry').scrollIntoView()")
            shots[kind] = True
            screenshot(driver, f"recorder-dice-{shots['name']}{kind.replace('_', '-')}-phone")
        before = json.dumps(driver.execute_script("return window.ArbiterTable.entry()"))
        tap("#entry-next:not([disabled])")
        wait(
            driver,
            lambda d, b=before: json.dumps(d.execute_script("return window.ArbiterTable.entry()")) != b,
        )


def _record(phones, live_server, make_user, log: dict, upto: int, chosen, start: int = 0, name: str = ""):
    """Tap events ``start``..``upto`` of ``log`` on the phones (the ones before are stored as entered)."""
    alice, bob = (
        make_user("alice", password="a-long-passphrase-42"),
        make_user("bob", password="a-long-passphrase-42"),
    )
    table = table_for(log, alice, bob)
    people = {"p1": alice, "p2": bob}
    for at, event in enumerate(log["events"][:start]):
        if at < len(table.entries):  # the site logged it: the rules left no choice
            continue
        actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
        table = finish.post_event(table.code, people[actor], event, table.version)
    for username, driver in zip(("alice", "bob"), phones, strict=True):
        log_in(driver, live_server.url, username)
        driver.get(f"{live_server.url}/play/{table.code}/")
    assert "enter the faces" in phones[0].find_element("id", "table-dice-mode").text
    drivers = {"p1": phones[0], "p2": phones[1]}
    shots: dict = {"name": name}
    for index, event in enumerate(log["events"][:upto]):
        table.refresh_from_db()
        if index < start or index < len(table.entries):  # entered before, or the site logged it
            continue
        actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
        driver = drivers[actor]
        wait(
            driver,
            lambda d, n=index: table_data(d, "events") == str(n) and table_data(d, "offers") not in ("", "0"),
        )
        button = _offer(driver, chosen(event))
        if button is not None:  # None: the only offer, a roll or a draw, opened its grid by itself
            from selenium.common.exceptions import StaleElementReferenceException

            with contextlib.suppress(StaleElementReferenceException):  # it did so just now
                click(driver, button)
        # The page asks the engine what the event needs from the table: dice to enter, or nothing.
        wait(
            driver,
            lambda d, n=index: (
                d.execute_script("return window.ArbiterTable.entry()")
                or int(table_data(d, "events") or 0) > n
            ),
        )
        _enter(driver, event, shots)
        wait(driver, lambda d, n=index: int(table_data(d, "events") or 0) > n)
    table.refresh_from_db()
    assert table.events[:upto] == log["events"][:upto]
    return table, shots


def test_a_recorded_hoplomachus_skirmish_on_two_phones(two_browsers, live_server, make_user):  # noqa: F811
    log = engine.simulate("hoplomachus-remastered", 9, randomness="recorded")
    upto = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack") + 1

    def chosen(event):
        return {k: v for k, v in event.items() if k not in HR_FIELDS}

    table, shots = _record(two_browsers, live_server, make_user, log, upto, chosen)
    # an attack's coloured dice (HR-2.6) and bag refills (HR-15.6.3)
    assert set(shots) == {
        "name",
        "hr_dice",
        "cards",
    }  # an attack's coloured dice (HR-2.6) and bag refills (HR-15.6.3)
    attacker = two_browsers[0] if log["events"][upto - 1]["player"] == "p1" else two_browsers[1]
    # The last event's dice, as entered, on the phone: each coloured die and its face, and the hits.
    faces = wait(attacker, lambda d: d.find_element("id", "last-faces"))
    assert "hit" in faces.text and len(faces.find_elements("css selector", ".die")) == len(
        log["events"][upto - 1]["dice"]
    )
    assert_fits_a_phone(attacker)
    attacker.execute_script("document.getElementById('table-last').scrollIntoView()")
    screenshot(attacker, "recorder-dice-hoplomachus-stored-phone")


def test_a_recorded_eternia_game_on_two_phones(two_browsers, live_server, make_user):  # noqa: F811
    from engine.games.eternia.dice_needed import outcome_free

    log = engine.simulate("motu-fields-of-eternia", 1, randomness="recorded")
    upto = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll") + 1
    table, shots = _record(two_browsers, live_server, make_user, log, upto, outcome_free)
    assert set(shots) == {"name", "faces", "cards"}  # the wild dice (FE-6.9) and card draws (FE-6.13)
    roller = next(d for d in two_browsers if d.find_elements("id", "last-faces"))
    assert "success" in roller.find_element("id", "last-faces").text.lower()
    assert_fits_a_phone(roller)


def test_the_titan_dice_then_its_arena_die_on_a_phone(two_browsers, live_server, make_user):  # noqa: F811
    """HR-14.8.4, HR-2.11.1: a co-op Ascension's titan roll: its coloured dice first, then the arena die its
    hits call for (a second question, asked once the hits are known), six faces to tap."""
    log = engine.simulate("hoplomachus-remastered", 8, randomness="recorded")
    upto = next(i for i, e in enumerate(log["events"]) if e.get("arena_dice")) + 1

    def chosen(event):
        return {k: v for k, v in event.items() if k not in HR_FIELDS}

    table, shots = _record(two_browsers, live_server, make_user, log, upto, chosen, name="titan-")
    assert {"hr_dice", "d6"} <= set(shots)


def test_the_epic_die_on_a_phone(two_browsers, live_server, make_user):  # noqa: F811
    """FE-6.10.1: the epic die's faces, named (+1 attack … surge), entered on the phone."""
    from engine.games.eternia.dice_needed import outcome_free

    log = engine.simulate("motu-fields-of-eternia", 1, randomness="recorded")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll" and e["die"] == "epic")
    table, shots = _record(
        two_browsers, live_server, make_user, log, index + 1, outcome_free, start=index, name="epic-"
    )
    assert set(shots) == {"name", "faces"}
