"""The recorder's dice entry in Italian, Spanish and Polish on a 390 px phone (issue #24): a Hoplomachus
attack's coloured dice with their hit and miss faces (HR-2.6.1, HR-2.6.2) and Fields of Eternia's wild dice
with the faces the rulebook names (FE-3.4), the prompt and the note said in the reader's language.
Screenshots go to var/screenshots/ (recorder-dice-<game>-<language>-phone.png)."""

from __future__ import annotations

import pytest
from django.conf import settings

import engine
from play import finish, services
from tests.browser.chromium import requires_chromium, start_chromium
from tests.browser.test_table_recorder import PHONE, assert_fits_a_phone, click, log_in, screenshot, wait
from tests.platform.test_play_recorded_dice_hr_fe import HR_FIELDS, table_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

FACES = {
    "it": ({"⚔ Colpito", "Mancato"}, {"Vuoto", "Successo", "Doppio successo", "Rilancio"}),
    "es": ({"⚔ Impacto", "Fallo"}, {"Vacío", "Éxito", "Doble éxito", "Repetición"}),
    "pl": ({"⚔ Trafienie", "Pudło"}, {"Pusta", "Sukces", "Podwójny sukces", "Przerzut"}),
}
ENGLISH = {"⚔ Hit", "Miss", "Blank", "Success", "Double success", "Reroll"}
BACK = {"it": "Indietro", "es": "Atrás", "pl": "Wstecz"}


def _offer(driver, chosen: dict, language: str):
    """The offer button for ``chosen`` (a unit's moves and actions open first: "Move… (n ways)"), or None
    when the page opened the only offer's dice by itself."""
    import json

    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    def matching(d):
        try:
            for b in d.find_elements(By.CSS_SELECTOR, "#table-choices button[data-event]"):
                if json.loads(b.get_attribute("data-event")) == chosen:
                    return b
        except StaleElementReferenceException:  # redrawn meanwhile (a poll)
            return None
        return None

    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-choices button"))
    for _ in range(3):
        if driver.execute_script("return window.ArbiterTable.entry()"):
            return None
        found = matching(driver)
        if found is not None:
            return found
        for k in range(len(driver.find_elements(By.CSS_SELECTOR, "#table-choices button.move"))):
            openers = driver.find_elements(By.CSS_SELECTOR, "#table-choices button.move")
            if k >= len(openers):
                break
            click(driver, openers[k])
            found = matching(driver)
            if found is not None:
                return found
            back = driver.find_elements(
                By.XPATH, f"//div[@id='table-choices']/button[text()='{BACK[language]}']"
            )
            if back:
                click(driver, back[0])
    raise AssertionError(f"no offer {chosen}")


@pytest.fixture
def phone(tmp_path):
    driver = start_chromium(height=PHONE[1], profile_dir=tmp_path / "profile")
    driver.set_window_size(*PHONE)
    yield driver
    driver.quit()


def _open_entry(driver, live_server, make_user, log: dict, index: int, chosen: dict, language: str):
    """The table of ``log`` with its events before ``index`` stored, opened on the phone of the player
    whose event ``index`` is, in ``language``; the offer ``chosen`` tapped: its dice entry is shown."""
    alice = make_user("alice", password="a-long-passphrase-42")
    bob = make_user("bob", password="a-long-passphrase-42")
    table = table_for(log, alice, bob)
    people = {"p1": alice, "p2": bob}
    for at, event in enumerate(log["events"][:index]):
        table.refresh_from_db()
        if at < len(table.entries):  # the site logged it: the rules left no choice
            continue
        actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
        table = finish.post_event(table.code, people[actor], event, table.version)
    actor = sorted(engine.session.actors(services.replay_of(table), log["events"][index]))[0]
    log_in(driver, live_server.url, people[actor].username)
    driver.add_cookie({"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "path": "/"})
    driver.get(f"{live_server.url}/play/{table.code}/")
    button = _offer(driver, chosen, language)
    if button is not None:
        click(driver, button)
    wait(driver, lambda d: d.execute_script("return window.ArbiterTable.entry()"))
    wait(driver, lambda d: d.find_elements("css selector", "#table-entry button.face"))


def _shown(driver) -> tuple[set[str], str, str]:
    faces = {b.text for b in driver.find_elements("css selector", "#table-entry button.face")}
    heading = driver.find_element("css selector", "#table-entry h2").text
    note = driver.find_element("css selector", "#table-entry h2 + p.small").text
    return faces, heading, note


@pytest.mark.parametrize("language", sorted(FACES))
def test_a_hoplomachus_attacks_dice_are_entered_in_the_readers_language(
    phone, live_server, make_user, language
):
    log = engine.simulate("hoplomachus-remastered", 1, randomness="recorded")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack")
    chosen = {k: v for k, v in log["events"][index].items() if k not in HR_FIELDS}
    _open_entry(phone, live_server, make_user, log, index, chosen, language)
    faces, heading, note = _shown(phone)
    assert faces and faces <= FACES[language][0]
    assert " attacks " not in heading and "HR-2.6.2" in note and not note.startswith("Roll these dice")
    rows = [r.text for r in phone.find_elements("css selector", "#table-entry .face-label")]
    assert rows and not any("hit face" in r for r in rows)
    assert_fits_a_phone(phone)
    phone.execute_script("document.getElementById('table-entry').scrollIntoView()")
    screenshot(phone, f"recorder-dice-hoplomachus-{language}-phone")


@pytest.mark.parametrize("language", sorted(FACES))
def test_an_eternia_wild_roll_is_entered_in_the_readers_language(phone, live_server, make_user, language):
    from engine.games.eternia.dice_needed import outcome_free

    log = engine.simulate("motu-fields-of-eternia", 1, randomness="recorded")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll" and e.get("die") == "wild")
    _open_entry(phone, live_server, make_user, log, index, outcome_free(log["events"][index]), language)
    faces, heading, note = _shown(phone)
    assert FACES[language][1] <= faces and not faces & ENGLISH
    assert not heading.startswith("Roll ") and "FE-3.4" in note
    assert_fits_a_phone(phone)
    phone.execute_script("document.getElementById('table-entry').scrollIntoView()")
    screenshot(phone, f"recorder-dice-eternia-{language}-phone")
