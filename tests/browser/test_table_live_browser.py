"""Two phones at a table on the live stream (server-sent events, play.live): the site served as deployed
for streams (Django's ASGI application under uvicorn, Redis pub/sub), each page's EventSource open; the
first phone's event reaches the second phone by its stream alone. The second phone's state reads are
blocked in its browser and counted, so the event it shows cannot have come from a poll."""

from __future__ import annotations

import pytest

from tests.browser.asgi_site import asgi_site  # noqa: F401 (the fixture: the site under uvicorn)
from tests.browser.chromium import requires_chromium
from tests.browser.test_table_recorder import (
    PASSWORD,
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

COUNT_POLLS = """
window.__polls = 0;
const fetched = window.fetch;
window.fetch = (url, options) => {
  if (String(url).includes("/state.json")) window.__polls += 1;
  return fetched(url, options);
};
"""


def test_the_second_phone_shows_the_first_phones_event_from_the_stream_without_polling(
    two_browsers,  # noqa: F811
    asgi_site,  # noqa: F811
    make_user,
):
    from selenium.webdriver.common.by import By

    alice, bob = two_browsers
    users = {name: make_user(name, password=PASSWORD) for name in ("alice", "bob")}
    table = battleground_table(users["alice"], users["bob"], names=("Alice", "Bob"))
    for name, driver in (("alice", alice), ("bob", bob)):
        log_in(driver, asgi_site, name)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_POLLS})
        driver.get(f"{asgi_site}/play/{table.code}/")
    for driver in (alice, bob):
        wait(driver, lambda d: table_data(d, "status") == "playing")
        wait(driver, lambda d: d.execute_script("return window.ArbiterTable.live()"))  # its EventSource open
    version = int(table_data(bob, "version"))
    events = int(table_data(bob, "events") or 0)

    # From here on no state read of Bob's phone reaches the site.
    bob.execute_cdp_cmd("Network.enable", {})
    bob.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/state.json*"]})
    polls = bob.execute_script("return window.__polls")

    choice = next(
        c
        for c in alice.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
        if c.text.startswith("Alice")
    )
    text = choice.text
    click(alice, choice)
    wait(bob, lambda d: int(table_data(d, "events") or 0) > events, timeout=20)

    shown = int(table_data(bob, "version"))
    assert shown > version
    assert table_data(bob, "heard") == str(shown)  # drawn from the stream's message, no request made
    history = bob.execute_script("return document.getElementById('table-history').textContent")
    assert text in history
    # Any poll in between (one every 15 s while the stream is open) was blocked: none brought the event.
    assert bob.execute_script("return window.__polls") - polls <= 1
    screenshot(bob, "recorder-live-stream-second-phone")
