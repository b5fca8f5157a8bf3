"""Keyboard only (issue #24): a log uploaded and a recorder choice made with Tab, Enter and Space, in
Debian's Chromium at 390 × 844, each focused control showing a visible focus ring (CSS :focus-visible).
No click, no script-dispatched event: only keys sent to the page."""

from __future__ import annotations

import json

import pytest

from tests.browser.chromium import requires_chromium, sign_in, start_chromium
from tests.browser.test_table_recorder import PHONE, screenshot, table_data, wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

# The focused element, and whether a ring shows on it: its own outline, or (a file input inside the
# drop zone) its box's border in the focus colour.
FOCUSED = """
const el = document.activeElement;
if (!el || el === document.body) return null;
const style = getComputedStyle(el);
const ring = el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
return {tag: el.tagName.toLowerCase(), id: el.id, type: el.type || '', text: (el.textContent || '').trim().slice(0, 60),
        ring: ring, event: el.dataset.event || '', classes: el.className && String(el.className) || ''};
"""


@pytest.fixture
def phone():
    driver = start_chromium(height=PHONE[1])
    driver.set_window_size(*PHONE)
    yield driver
    driver.quit()


def _tab_to(driver, wanted, limit: int = 80) -> dict:
    """Press Tab until ``wanted(focused)`` holds; every element passed on the way shows its ring."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    seen = []
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.execute_script(FOCUSED)
        if focused is None:
            continue
        seen.append(focused)
        assert focused["ring"], f"no visible focus ring on {focused}"
        if wanted(focused):
            return focused
    raise AssertionError(f"Tab never reached it; focused in turn: {[f['tag'] + '#' + f['id'] for f in seen]}")


def _press(driver, key) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def test_a_log_is_uploaded_with_the_keyboard_alone(phone, live_server, user, tmp_path, envelope_bytes):
    from selenium.webdriver.common.keys import Keys

    from gamelogs.models import GameLog

    path = tmp_path / "keyboard.json"
    path.write_bytes(envelope_bytes("keyboard"))
    sign_in(phone, live_server.url, user)
    phone.get(live_server.url + "/logs/upload/")
    phone.find_element("tag name", "body")  # the page is there; the keyboard starts at its top
    _tab_to(phone, lambda f: f["id"] == "id_file")
    # The file chooser is the operating system's; what a person types into it is the path.
    phone.switch_to.active_element.send_keys(str(path))
    assert phone.execute_script("return document.activeElement.id") == "id_file"
    border = phone.execute_script(
        "return getComputedStyle(document.getElementById('dropzone')).borderTopStyle"
    )
    assert border == "solid", "the drop zone shows no focus while its file input has it"
    _tab_to(phone, lambda f: f["id"] == "upload-button")
    screenshot(phone, "keyboard-upload-focused-phone")
    _press(phone, Keys.ENTER)
    log = wait(phone, lambda d: GameLog.objects.filter(uploader=user).first())
    wait(phone, lambda d: d.current_url.endswith(f"/logs/{log.pk}/"))
    assert log.filename == "keyboard.json"


def test_a_recorder_choice_is_made_with_the_keyboard_alone(phone, live_server, user, make_user):
    from selenium.webdriver.common.keys import Keys

    from play import tables
    from play.models import TableGame

    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Bob", "first-game-motu")],
        first_player_seat=1,
        holders=[user, make_user("bob")],
    )
    sign_in(phone, live_server.url, user)
    phone.get(f"{live_server.url}/play/{table.code}/")
    before = len(TableGame.objects.get(pk=table.pk).entries)
    wait(phone, lambda d: d.find_elements("css selector", "#table-choices button[data-event]"))
    wait(phone, lambda d: table_data(d, "version") != "")
    choice = _tab_to(phone, lambda f: bool(f["event"]) and "move" not in f["classes"].split(), limit=200)
    screenshot(phone, "keyboard-recorder-focused-phone")
    _press(phone, Keys.SPACE)
    wait(phone, lambda d: len(TableGame.objects.get(pk=table.pk).entries) > before)
    assert json.loads(choice["event"]) in TableGame.objects.get(pk=table.pk).events[before:]
