"""The replay viewer on a log's page, in Chromium: the board at sampled events matches the engine's state
view, the keys and the slider step, ?event=N links to an event, an illegal log opens at its offending
event with its rule, and every page fits a 390 px phone. Screenshots go to var/screenshots/."""

from __future__ import annotations

import pytest

from engine import session
from gamelogs.services import submit_log
from gamelogs.verification import verify_stored_log
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium
from tests.support.logs import encode, legal_simulated_log, with_die_of_seven

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

GAME = "motu-battleground"
PHONE = (390, 844)


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=1400, profile_dir=tmp_path / "profile")
    yield driver
    driver.quit()


def wait(driver, condition, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)


def screenshot(driver, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def log_in(driver, base_url: str, username: str, password: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(base_url + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    wait(driver, lambda d: "/accounts/login/" not in d.current_url)


def wider_than_the_screen(driver) -> list[str]:
    """Elements that stick out of the window on the right (empty when nothing scrolls sideways)."""
    return driver.execute_script(
        "const w = document.documentElement.clientWidth; const out = [];"
        " document.querySelectorAll('body *').forEach((e) => { const r = e.getBoundingClientRect();"
        " if (r.right > w + 1 && !e.closest('.scroll') && !(e.ownerSVGElement)) out.push(e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(r.right)); });"
        " if (document.documentElement.scrollWidth > w) out.push('document ' + document.documentElement.scrollWidth);"
        " return out;"
    )


def assert_fits_a_phone(driver) -> None:
    offenders = wider_than_the_screen(driver)
    assert offenders == [], "\n".join(offenders)


def board_units(driver) -> dict:
    """{unit key: (hex, facing, wounds)} as drawn on the SVG board."""
    return driver.execute_script(
        "const out = {}; document.querySelectorAll('#viewer-board [data-unit]').forEach((g) => {"
        " out[g.dataset.unit] = [g.dataset.hex, Number(g.dataset.facing), Number(g.dataset.wounds)]; });"
        " return out;"
    )


def engine_units(view: dict) -> dict:
    return {u["key"]: [u["hex"], u["facing"], u["wounds"]] for u in view["units"] if u["on_board"]}


def view_after(log: dict, n: int) -> dict:
    replay = session.start(log)
    for i, event in enumerate(log["events"][: n + 1]):
        replay.apply(i, event)
    return replay.view()


def test_the_viewer_draws_the_engine_state_at_every_sampled_event(browser, live_server, make_user):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    user = make_user("viewer", password="a-long-passphrase-42")
    log, _ = legal_simulated_log(first_seed=5)
    stored = submit_log(user, encode(log), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    log_in(browser, live_server.url, "viewer", "a-long-passphrase-42")

    last = len(log["events"]) - 1
    for n in (0, 10, last // 2, last):
        browser.get(f"{live_server.url}/logs/{stored.pk}/?event={n}")
        wait(browser, lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")
        assert browser.find_element(By.ID, "replay-viewer").get_attribute("data-event") == str(n)
        assert board_units(browser) == engine_units(view_after(log, n))
        assert browser.find_element(By.ID, "viewer-event").text

    # The arrow keys step and the address follows (a link to the event shown).
    browser.get(f"{live_server.url}/logs/{stored.pk}/?event=10")
    wait(browser, lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert browser.find_element(By.ID, "replay-viewer").get_attribute("data-event") == "11"
    assert browser.current_url.endswith("?event=11")
    assert board_units(browser) == engine_units(view_after(log, 11))
    browser.find_element(By.ID, "viewer-prev").click()
    browser.find_element(By.ID, "viewer-prev").click()
    assert browser.find_element(By.ID, "replay-viewer").get_attribute("data-event") == "9"
    screenshot(browser, "viewer-legal-desktop")

    browser.set_window_size(*PHONE)
    browser.get(f"{live_server.url}/logs/{stored.pk}/?event={last // 2}")
    wait(browser, lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")
    assert_fits_a_phone(browser)
    browser.execute_script("document.getElementById('replay-viewer').scrollIntoView()")
    screenshot(browser, "viewer-legal-phone")
    browser.get(f"{live_server.url}/rules/{GAME}/BG-13.1.2/")
    assert_fits_a_phone(browser)
    screenshot(browser, "rule-page-phone")


def test_an_illegal_log_opens_at_the_refused_event_with_its_rule(browser, live_server, make_user):
    from selenium.webdriver.common.by import By

    user = make_user("viewer", password="a-long-passphrase-42")
    log, _ = legal_simulated_log(first_seed=5)
    bad, index = with_die_of_seven(log)
    stored = submit_log(user, encode(bad), source="api", filename="bad.json").log
    verify_stored_log(stored.pk)
    log_in(browser, live_server.url, "viewer", "a-long-passphrase-42")
    browser.set_window_size(*PHONE)
    browser.get(f"{live_server.url}/logs/{stored.pk}/")
    wait(browser, lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")
    viewer = browser.find_element(By.ID, "replay-viewer")
    assert viewer.get_attribute("data-event") == str(index)
    refusal = browser.find_element(By.ID, "viewer-refusal")
    assert refusal.is_displayed()
    assert "BG-8.1.1" in refusal.text and "six-sided" in refusal.text and "cannot show 7" in refusal.text
    # The board as it was before the refused event.
    assert board_units(browser) == engine_units(view_after(bad, index - 1))
    assert_fits_a_phone(browser)
    browser.execute_script("document.getElementById('replay-viewer').scrollIntoView()")
    screenshot(browser, "viewer-illegal-phone")
    # The rule id is a link to its reference page.
    refusal.find_element(By.LINK_TEXT, "BG-8.1.1").click()
    wait(browser, lambda d: "/rules/" in d.current_url)
    assert browser.find_element(By.ID, "rule-id").text == "BG-8.1.1"
    browser.set_window_size(1280, 1000)
    screenshot(browser, "rule-page-desktop")
