"""The spectator link in Chromium (play:watch, issue #22): a phone with no account opens a table's
read-only page at 390 px; it fits the screen, offers nothing to tap, and shows the event a seated phone
records, brought by its live stream (the site served under uvicorn with Redis, as deployed). The projector
view at a shared screen's width. Screenshots: watch-390.png, watch-projector.png."""

from __future__ import annotations

import pytest

from tests.browser.asgi_site import asgi_site  # noqa: F401 (the fixture: the site under uvicorn)
from tests.browser.chromium import requires_chromium
from tests.browser.test_table_recorder import (
    PASSWORD,
    assert_fits_a_phone,
    click,
    log_in,
    screenshot,
    table_data,
    two_browsers,  # noqa: F401 (the fixture: two phones)
    wait,
)
from tests.support.phones import battleground_table

pytestmark = [
    pytest.mark.browser,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]


def test_a_spectator_phone_follows_the_game_read_only(
    two_browsers,  # noqa: F811
    asgi_site,  # noqa: F811
    make_user,
):
    from selenium.webdriver.common.by import By

    alice, spectator = two_browsers
    users = {name: make_user(name, password=PASSWORD) for name in ("alice", "bob")}
    table = battleground_table(users["alice"], users["bob"], names=("Alice", "Bob"))
    log_in(alice, asgi_site, "alice")
    alice.get(f"{asgi_site}/play/{table.code}/")
    wait(alice, lambda d: table_data(d, "status") == "playing")
    link = alice.find_element(By.ID, "watch-url").get_attribute("value")
    assert link.endswith(f"/play/watch/{table.watch_token}/")

    spectator.get(f"{asgi_site}/play/watch/{table.watch_token}/")  # never logged in
    wait(spectator, lambda d: table_data(d, "status") == "playing")
    wait(spectator, lambda d: d.execute_script("return window.ArbiterTable.live()"))  # its stream open
    assert spectator.find_elements(By.CSS_SELECTOR, "#table-choices button, #table-entry button") == []
    assert table.code not in spectator.page_source
    events = int(table_data(spectator, "events") or 0)

    choice = next(
        c
        for c in alice.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
        if c.text.startswith("Alice")
    )
    text = choice.text
    click(alice, choice)
    wait(spectator, lambda d: int(table_data(d, "events") or 0) > events, timeout=20)
    history = spectator.execute_script("return document.getElementById('table-history').textContent")
    last = spectator.find_element(By.ID, "table-last").text
    assert text.split(":")[0] in history or text in history, (text, history)
    assert last and spectator.find_elements(By.CSS_SELECTOR, "#table-last button") == []  # no undo
    assert spectator.find_element(By.ID, "table-turn").text  # whose move, in names
    assert spectator.find_elements(By.CSS_SELECTOR, "#table-choices button") == []
    assert_fits_a_phone(spectator)
    spectator.execute_script("window.scrollTo(0, 0)")
    screenshot(spectator, "watch-390")

    spectator.set_window_size(1600, 900)
    spectator.get(f"{asgi_site}/play/watch/{table.watch_token}/?projector=1")
    wait(spectator, lambda d: int(table_data(d, "events") or 0) > events)
    size = spectator.execute_script(
        "return parseFloat(getComputedStyle(document.getElementById('table-turn')).fontSize)"
    )
    assert size >= 28  # read from across the room
    screenshot(spectator, "watch-projector")
