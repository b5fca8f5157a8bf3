"""Hoplomachus' log page in Debian's Chromium: the replay viewer draws the arena (Pozzuoli and the Colosseum,
every hex with its tags, HR-3.2, HR-3.3) and, at sampled events, every unit in the arena where the engine's
view puts it, with its owner, HP and dazed state; the panel names the troops; the page fits a 390 px phone.
Screenshots go to var/screenshots/hoplomachus-viewer-*.png."""

from __future__ import annotations

import json

import pytest

import engine
from engine import session
from gamelogs.services import submit_log
from gamelogs.verification import verify_stored_log
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium
from tests.browser.test_replay_viewer import assert_fits_a_phone, log_in, wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

GAME = "hoplomachus-remastered"
PHONE = (390, 844)
PASSWORD = "a-long-passphrase-42"


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=1400, profile_dir=tmp_path / "profile")
    yield driver
    driver.quit()


def drawn_units(driver) -> dict:
    """{uid: [hex, owner, hp, dazed]} as drawn on the SVG board."""
    return driver.execute_script(
        "const out = {}; document.querySelectorAll('#viewer-board [data-unit]').forEach((g) => {"
        " out[g.dataset.unit] = [g.dataset.hex, g.dataset.owner, Number(g.dataset.hp), g.dataset.dazed === 'true']; });"
        " return out;"
    )


def engine_units(view: dict) -> dict:
    return {
        u["uid"]: [u["hex"], u["owner"], u["hp"], u["dazed"]] for u in view["units"] if u["zone"] == "arena"
    }


def view_after(log: dict, n: int) -> dict:
    replay = session.start(log)
    for i, event in enumerate(log["events"][: n + 1]):
        replay.apply(i, event)
    return replay.view()


def open_event(driver, url: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(url)
    wait(driver, lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")


@pytest.mark.parametrize(("mode", "seed"), [("skirmish", 3), ("ascension", 3)])
def test_the_viewer_draws_the_arena_and_the_engine_view_at_sampled_events(
    mode, seed, browser, live_server, make_user
):
    from selenium.webdriver.common.by import By

    user = make_user("gladiator", password=PASSWORD)
    log = engine.simulate(GAME, seed, mode=mode)
    stored = submit_log(user, json.dumps(log).encode(), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    log_in(browser, live_server.url, "gladiator", PASSWORD)

    arena = engine.game(GAME).content_loader().arenas[log["setup"]["arena"]]
    last = len(log["events"]) - 1
    for n in (0, last // 3, 2 * last // 3, last):
        open_event(browser, f"{live_server.url}/logs/{stored.pk}/?event={n}")
        assert browser.find_element(By.ID, "replay-viewer").get_attribute("data-event") == str(n)
        view = view_after(log, n)
        assert drawn_units(browser) == engine_units(view), n
        panel = browser.find_element(By.ID, "viewer-panel").text
        assert all(p["name"] in panel for p in log["players"])
    hexes = browser.execute_script(
        "const out = {}; document.querySelectorAll('#viewer-board polygon[data-hex]').forEach((p) => {"
        " out[p.dataset.hex] = p.dataset.tags; }); return out;"
    )
    assert len(hexes) == arena["columns"] * arena["rows"]
    for tag, labels in arena["tags"].items():  # HR-3.2, HR-3.3: every tagged hex carries its tag
        assert all(tag in hexes[label].split() for label in labels), tag
    assert browser.find_element(By.ID, "viewer-board").get_attribute("data-arena") == arena["id"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.getElementById('replay-viewer').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / f"hoplomachus-viewer-{mode}-desktop.png"))

    browser.set_window_size(*PHONE)
    open_event(browser, f"{live_server.url}/logs/{stored.pk}/?event={last // 3}")
    assert_fits_a_phone(browser)
    width = browser.execute_script(
        "return document.getElementById('viewer-board').getBoundingClientRect().width"
    )
    assert 300 <= width <= 390
    browser.execute_script("document.getElementById('replay-viewer').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / f"hoplomachus-viewer-{mode}-phone.png"))


def test_the_units_table_fits_a_phone(browser, live_server, make_user):
    """Statistics v2 on the log page: the Units table (attacks, damage dealt, defeats per unit) is there and the
    page still fits a 390 px phone. Screenshot: var/screenshots/hoplomachus-units-phone.png."""
    from selenium.webdriver.common.by import By

    user = make_user("gladiator", password=PASSWORD)
    log = engine.simulate(GAME, 3, mode="skirmish")
    stored = submit_log(user, json.dumps(log).encode(), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    log_in(browser, live_server.url, "gladiator", PASSWORD)
    browser.set_window_size(*PHONE)
    browser.get(f"{live_server.url}/logs/{stored.pk}/")
    heading = wait(
        browser, lambda d: next((h for h in d.find_elements(By.TAG_NAME, "h3") if h.text == "Units"), None)
    )
    table = heading.find_element(By.XPATH, "following-sibling::div[1]//table")
    assert table.find_elements(By.TAG_NAME, "th")[3].text == "Damage"
    assert len(table.find_elements(By.CSS_SELECTOR, "tbody tr")) == len(
        engine.verify(log).statistics["units"]
    )
    assert_fits_a_phone(browser)
    browser.execute_script("arguments[0].scrollIntoView()", heading)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "hoplomachus-units-phone.png"))


def test_the_units_and_heroes_dashboard_fits_a_phone(browser, live_server, make_user):
    """The meta pages of units and heroes (statistics v2's per-unit rows) and of the turn order draw their
    charts and tables and fit a 390 px phone. Screenshots: var/screenshots/hoplomachus-meta-*-phone.png."""
    from selenium.webdriver.common.by import By

    from dashboards.tasks import refresh_all_stale

    user = make_user("gladiator", password=PASSWORD)
    for seed, mode in ((3, "skirmish"), (4, "skirmish"), (7, "assault")):
        doc = engine.simulate(GAME, seed, mode=mode)
        verify_stored_log(submit_log(user, json.dumps(doc).encode(), source="api", filename="g.json").log.pk)
    refresh_all_stale.apply()
    browser.set_window_size(*PHONE)
    browser.get(f"{live_server.url}/meta/{GAME}/units/?simulated=only&min_games=1")
    wait(browser, lambda d: "Win rate by hero" in d.find_element(By.TAG_NAME, "body").text)
    assert len(browser.find_elements(By.CSS_SELECTOR, "table tbody tr")) > 3
    assert_fits_a_phone(browser)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "hoplomachus-meta-units-phone.png"))
    browser.execute_script("document.querySelector('table').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / "hoplomachus-meta-units-table-phone.png"))

    browser.get(f"{live_server.url}/meta/{GAME}/turn-order/?simulated=only&min_games=1")
    wait(browser, lambda d: "seat-position advantage" in d.find_element(By.TAG_NAME, "body").text)
    assert_fits_a_phone(browser)
    browser.execute_script("document.querySelector('.js-plotly-plot, table').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / "hoplomachus-meta-turn-order-phone.png"))
