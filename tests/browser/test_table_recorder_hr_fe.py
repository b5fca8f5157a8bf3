"""The table recorder for Hoplomachus and Fields of Eternia in two phone-sized Chromium windows: a free
table started from the page, joined by code, a few offers tapped on both phones; each phone draws the
arena or the map with the replay viewer's board for the game (window.ArbiterBoards) and its panel, the
stored events are the ones tapped, and nothing scrolls sideways at 390 px. Screenshots: var/screenshots/.
"""

from __future__ import annotations

import json
import random

import pytest

from play.models import TableGame
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
from tests.support.phones import entered_events

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]


def seated(phones, live_server, make_user) -> list:
    """Alice's and Bob's phones, each logged in."""
    for name, driver in zip(("alice", "bob"), phones, strict=True):
        make_user(name, password=PASSWORD)
        log_in(driver, live_server.url, name)
    return phones


def start_and_join(alice, bob, base: str, game: str, fill) -> str:
    from selenium.webdriver.common.by import By

    alice.get(f"{base}/play/?game={game}")
    assert_fits_a_phone(alice)
    form = alice.find_element(By.ID, "new-game-form")
    fill(form)
    screenshot(alice, f"recorder-{game}-start-phone")
    click(alice, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait(alice, lambda d: d.find_elements(By.ID, "table-code"))
    code = alice.find_element(By.ID, "table-code").text
    bob.get(f"{base}/play/join/{code}/")
    wait(bob, lambda d: table_data(d, "status") == "playing")
    wait(alice, lambda d: table_data(d, "status") == "playing")
    return code


def tap_offers(alice, bob, code: str, taps: int, rng: random.Random) -> list[dict]:
    """Tap ``taps`` offered choices on whichever phone is offered any (a unit's moves open first)."""
    from selenium.webdriver.common.by import By

    entered = []
    for _ in range(taps):
        version = str(TableGame.objects.get(code=code).version)
        for driver in (alice, bob):
            wait(driver, lambda d, v=version: table_data(d, "version") == v)
        driver = next(d for d in (alice, bob) if table_data(d, "offers") not in ("", "0"))
        choices = driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice:not(.secondary)")
        choice = rng.choice(choices)
        if not choice.get_attribute("data-event"):  # "Move… (n ways)": the destinations, shown on the board
            click(driver, choice)
            wait(
                driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
            )
            choice = rng.choice(
                driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
            )
        event = json.loads(choice.get_attribute("data-event"))
        before = int(table_data(driver, "events") or 0)
        click(driver, choice)
        wait(driver, lambda d, n=before: int(table_data(d, "events") or 0) > n)
        entered.append(event)
    return entered


def test_hoplomachus_at_the_table_on_two_phones(two_browsers, live_server, make_user):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    alice, bob = seated(two_browsers, live_server, make_user)

    def fill(form):
        Select(form.find_element(By.NAME, "mode")).select_by_value("skirmish")
        Select(form.find_element(By.NAME, "arena")).select_by_value("pozzuoli")
        form.find_element(By.NAME, "my_name").clear()
        form.find_element(By.NAME, "my_name").send_keys("Alice")
        Select(form.find_element(By.NAME, "my_faction")).select_by_value("kunlun")
        Select(form.find_element(By.NAME, "their_faction")).select_by_value("amazons")

    code = start_and_join(alice, bob, live_server.url, "hoplomachus-remastered", fill)
    entered = tap_offers(alice, bob, code, 6, random.Random(5))
    assert entered_events(TableGame.objects.get(code=code)) == entered
    for driver in (alice, bob):
        stored = str(len(TableGame.objects.get(code=code).entries))  # with the site's steps
        wait(driver, lambda d, n=stored: table_data(d, "events") == n)
        # The arena of the replay viewer's Hoplomachus board, with the units deployed, and its panel.
        assert driver.find_element(By.ID, "table-board").get_attribute("data-arena") == "pozzuoli"
        assert driver.find_elements(By.CSS_SELECTOR, "#table-board polygon[data-hex]")
        assert driver.find_elements(By.CSS_SELECTOR, "#table-board g.unit")
        assert driver.find_elements(By.CSS_SELECTOR, "#table-panel [data-troop]")
        assert driver.find_element(By.ID, "last-event").text
        assert_fits_a_phone(driver)
    screenshot(alice, "recorder-hoplomachus-table-phone")
    screenshot(bob, "recorder-hoplomachus-table-phone-2")


def test_fields_of_eternia_at_the_table_on_two_phones(two_browsers, live_server, make_user):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    alice, bob = seated(two_browsers, live_server, make_user)

    def fill(form):
        Select(form.find_element(By.NAME, "mode")).select_by_value("standard")
        Select(form.find_element(By.NAME, "scenario")).select_by_value("standard-1")
        form.find_element(By.NAME, "my_name").clear()
        form.find_element(By.NAME, "my_name").send_keys("Alice")
        Select(form.find_element(By.NAME, "my_team")).select_by_value("motu")
        for hero in ("he-man", "teela", "stratos"):
            click(alice, form.find_element(By.CSS_SELECTOR, f"input[name=my_heroes][value={hero}]"))
        for hero in ("skeletor", "mer-man", "beast-man"):
            click(alice, form.find_element(By.CSS_SELECTOR, f"input[name=their_heroes][value={hero}]"))

    code = start_and_join(alice, bob, live_server.url, "motu-fields-of-eternia", fill)
    entered = tap_offers(alice, bob, code, 8, random.Random(5))
    assert entered_events(TableGame.objects.get(code=code)) == entered
    for driver in (alice, bob):
        stored = str(len(TableGame.objects.get(code=code).entries))  # with the site's steps
        wait(driver, lambda d, n=stored: table_data(d, "events") == n)
        assert driver.find_elements(By.CSS_SELECTOR, "#table-board [data-area]")  # the map of Eternia
        assert driver.find_element(By.ID, "table-panel").text
        assert_fits_a_phone(driver)
    screenshot(alice, "recorder-eternia-table-phone")
    screenshot(bob, "recorder-eternia-table-phone-2")


def test_a_solo_game_against_the_boss_on_one_phone(two_browsers, live_server, make_user):  # noqa: F811
    """FE-18: the solo scenario against the Evil Seed started on one phone with a mounted hero (FE-4.1.8):
    no code to share, the table plays at once, every offer is that phone's, the boss is on the map."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    alice, _ = seated(two_browsers, live_server, make_user)
    alice.get(f"{live_server.url}/play/?game=motu-fields-of-eternia")
    form = alice.find_element(By.ID, "new-game-form")
    Select(form.find_element(By.NAME, "mode")).select_by_value("solo")
    Select(form.find_element(By.NAME, "scenario")).select_by_value("solo-evil-seed")
    Select(form.find_element(By.NAME, "difficulty")).select_by_value("advanced")
    form.find_element(By.NAME, "my_name").clear()
    form.find_element(By.NAME, "my_name").send_keys("Alice")
    Select(form.find_element(By.NAME, "my_team")).select_by_value("motu")
    for hero in ("he-man-mounted", "teela", "stratos"):
        click(alice, form.find_element(By.CSS_SELECTOR, f"input[name=my_heroes][value={hero}]"))
    assert_fits_a_phone(alice)
    click(alice, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait(alice, lambda d: table_data(d, "status") == "playing")
    table = TableGame.objects.get()
    assert table.holder(2) is None and table.header["setup"]["difficulty"] == "advanced"
    rng, entered = random.Random(3), []
    for _ in range(6):
        version = str(TableGame.objects.get().version)
        wait(alice, lambda d, v=version: table_data(d, "version") == v)
        assert table_data(alice, "offers") not in ("", "0")  # one phone: every offer is its own
        choice = rng.choice(
            alice.find_elements(By.CSS_SELECTOR, "#table-choices button.choice:not(.secondary)")
        )
        if not choice.get_attribute("data-event"):
            click(alice, choice)
            wait(
                alice, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
            )
            choice = rng.choice(
                alice.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
            )
        entered.append(json.loads(choice.get_attribute("data-event")))
        before = int(table_data(alice, "events") or 0)
        click(alice, choice)
        wait(alice, lambda d, n=before: int(table_data(d, "events") or 0) > n)
    assert entered_events(TableGame.objects.get()) == entered
    assert alice.find_elements(By.CSS_SELECTOR, "#table-board .fe-area[data-boss]")  # the Evil Seed's ☠
    assert "Waiting for the other player" not in alice.find_element(By.ID, "table-turn").text
    assert_fits_a_phone(alice)
    screenshot(alice, "recorder-eternia-solo-boss-phone")


def test_a_hoplomachus_move_is_one_tap_on_its_highlighted_hex(two_browsers, live_server, make_user):  # noqa: F811
    """Every hex a move offered now leads to is highlighted on the arena; tapping one that a single move
    leads to enters that move at once (no "Move…" first)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    alice, bob = seated(two_browsers, live_server, make_user)

    def fill(form):
        Select(form.find_element(By.NAME, "mode")).select_by_value("skirmish")
        Select(form.find_element(By.NAME, "arena")).select_by_value("pozzuoli")
        Select(form.find_element(By.NAME, "my_faction")).select_by_value("kunlun")
        Select(form.find_element(By.NAME, "their_faction")).select_by_value("amazons")

    code = start_and_join(alice, bob, live_server.url, "hoplomachus-remastered", fill)
    rng = random.Random(3)
    for _ in range(40):
        version = str(TableGame.objects.get(code=code).version)
        for driver in (alice, bob):
            wait(driver, lambda d, v=version: table_data(d, "version") == v)
        driver = next(d for d in (alice, bob) if table_data(d, "offers") not in ("", "0"))
        offers = driver.execute_script("return window.ArbiterTable.state().offers")
        places = [o["place"] for o in offers if o.get("place")]
        lone = [o for o in offers if o.get("place") and places.count(o["place"]) == 1]
        if not lone:
            tap_offers(alice, bob, code, 1, rng)  # no move yet: play on
            continue
        offer = rng.choice(lone)
        hexes = driver.find_elements(By.CSS_SELECTOR, "#table-board polygon.hl[data-hex]")
        assert sorted(h.get_attribute("data-hex") for h in hexes) == sorted(set(places))
        target = driver.find_element(By.CSS_SELECTOR, f'#table-board polygon[data-hex="{offer["place"]}"]')
        before = len(TableGame.objects.get(code=code).entries)
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target)
        wait(driver, lambda d, n=before: int(table_data(d, "events") or 0) > n)
        table = TableGame.objects.get(code=code)
        assert table.entries[before]["event"] == offer["event"]  # the move to that hex, in one tap
        return
    raise AssertionError("no move was offered in 40 events")


def test_a_hoplomachus_deployment_is_one_tap(two_browsers, live_server, make_user):  # noqa: F811
    """HR-8.4.1: a deployment puts one unit of the camp on a deployment hex. Under each unit the player may
    deploy, its hexes are buttons of their own: one tap on one enters that unit's deployment there. The
    deployment hexes are highlighted on the arena as well; a hex tapped there that several units could take
    lists those units, so which unit goes stays the player's choice (the unit, then nothing else)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    alice, bob = seated(two_browsers, live_server, make_user)

    def fill(form):
        Select(form.find_element(By.NAME, "mode")).select_by_value("skirmish")
        Select(form.find_element(By.NAME, "arena")).select_by_value("pozzuoli")
        Select(form.find_element(By.NAME, "my_faction")).select_by_value("kunlun")
        Select(form.find_element(By.NAME, "their_faction")).select_by_value("amazons")

    code = start_and_join(alice, bob, live_server.url, "hoplomachus-remastered", fill)
    rng = random.Random(7)

    def deploying():
        """The phone offered deployments now (other offers tapped meanwhile), and those offers."""
        for _ in range(12):
            version = str(TableGame.objects.get(code=code).version)
            for driver in (alice, bob):
                wait(driver, lambda d, v=version: table_data(d, "version") == v)
            driver = next(d for d in (alice, bob) if table_data(d, "offers") not in ("", "0"))
            offers = driver.execute_script("return window.ArbiterTable.state().offers")
            deploys = [o for o in offers if o["event"]["type"] == "deploy"]
            if deploys:
                return driver, deploys
            tap_offers(alice, bob, code, 1, rng)
        raise AssertionError("no deployment was offered")

    # The first deployment: one tap on a hex button under the unit.
    driver, deploys = deploying()
    assert all(o["place"] == o["event"]["hex"] for o in deploys)
    assert len({o["event"]["unit"] for o in deploys}) > 1  # several units in the camp: the unit is a choice
    highlighted = driver.find_elements(By.CSS_SELECTOR, "#table-board polygon.hl[data-hex]")
    assert {h.get_attribute("data-hex") for h in highlighted} == {o["place"] for o in deploys}
    chips = driver.find_elements(By.CSS_SELECTOR, "#table-choices .chips button.chip[data-event]")

    def same(event):
        return json.dumps(event, sort_keys=True)

    assert sorted(same(json.loads(c.get_attribute("data-event"))) for c in chips) == sorted(
        same(o["event"]) for o in deploys
    )  # every deployment offered, and each by a button of its own
    assert not driver.find_elements(By.CSS_SELECTOR, "#table-choices button.move")  # no "Move…" step
    screenshot(driver, "recorder-hoplomachus-deploy-phone")
    assert_fits_a_phone(driver)
    chip = rng.choice(chips)
    assert chip.text == json.loads(chip.get_attribute("data-event"))["hex"]
    event = json.loads(chip.get_attribute("data-event"))
    before = len(TableGame.objects.get(code=code).entries)
    click(driver, chip)
    wait(driver, lambda d, n=before: int(table_data(d, "events") or 0) > n)
    assert TableGame.objects.get(code=code).entries[before]["event"] == event  # in one tap

    # The next deployment from the arena: a hex several units could take, then the unit.
    driver, deploys = deploying()
    hexes = [o["place"] for o in deploys]
    shared = rng.choice(sorted({h for h in hexes if hexes.count(h) > 1}))
    target = driver.find_element(By.CSS_SELECTOR, f'#table-board polygon[data-hex="{shared}"]')
    click(driver, target)
    ways = driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
    assert sorted(json.loads(w.get_attribute("data-event"))["unit"] for w in ways) == sorted(
        o["event"]["unit"] for o in deploys if o["place"] == shared
    )
    way = rng.choice(ways)
    event = json.loads(way.get_attribute("data-event"))
    before = len(TableGame.objects.get(code=code).entries)
    click(driver, way)
    wait(driver, lambda d, n=before: int(table_data(d, "events") or 0) > n)
    assert TableGame.objects.get(code=code).entries[before]["event"] == event
