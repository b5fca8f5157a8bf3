"""Log in, upload a log through the page, watch its state change live, read the verdict.

Drives Debian's Chromium (/usr/bin/chromium with /usr/bin/chromedriver) headless against
pytest-django's live server, with a real Celery worker process. Screenshots go to
var/screenshots/.
"""

import json
from pathlib import Path

import pytest

from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium
from tests.support.logs import legal_simulated_log, with_die_of_seven
from tests.support.workers import WorkerProcess, purge_queue

pytestmark = [
    pytest.mark.browser,
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=1600, profile_dir=tmp_path / "profile")
    yield driver
    driver.quit()


@pytest.fixture
def log_files(tmp_path):
    legal, expected = legal_simulated_log(first_seed=17)
    illegal, bad_index = with_die_of_seven(legal)
    paths = {"legal": tmp_path / "legal-game.json", "illegal": tmp_path / "illegal-game.json"}
    paths["legal"].write_text(json.dumps(legal, indent=1))
    paths["illegal"].write_text(json.dumps(illegal, indent=1))
    return paths, expected, bad_index


def screenshot(driver, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def wait(driver, condition, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)


def upload_through_the_page(driver, base_url: str, path: Path) -> None:
    from selenium.webdriver.common.by import By

    driver.get(base_url + "/logs/upload/")
    driver.find_element(By.ID, "id_file").send_keys(str(path))
    assert path.name in driver.find_element(By.ID, "chosen-file").text
    driver.find_element(By.ID, "upload-button").click()
    wait(driver, lambda d: "/logs/upload/" not in d.current_url)


def test_upload_and_watch_the_verdict_arrive(browser, live_server, make_user, log_files):
    from selenium.webdriver.common.by import By

    paths, expected, bad_index = log_files
    make_user("player", password="a-long-passphrase-42")
    purge_queue()

    # Log in through the form.
    browser.get(live_server.url + "/accounts/login/")
    browser.find_element(By.NAME, "username").send_keys("player")
    browser.find_element(By.NAME, "password").send_keys("a-long-passphrase-42")
    browser.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    wait(browser, lambda d: d.current_url == live_server.url + "/")  # the player's home
    assert browser.find_element(By.ID, "home-logs").is_displayed()

    # No worker is running yet: the log waits in the queue and the page says so.
    upload_through_the_page(browser, live_server.url, paths["legal"])
    badge = browser.find_element(By.ID, "state-badge")
    assert badge.text == "Queued"
    assert browser.find_element(By.ID, "progress").is_displayed()
    screenshot(browser, "1-queued")

    worker = WorkerProcess("browser").start()
    try:
        # The page polls and turns to the verdict by itself.
        verdict = wait(browser, lambda d: d.find_elements(By.ID, "verdict"))[0]
        assert browser.find_element(By.ID, "state-badge").text == "Legal"
        assert verdict.text == expected.summary()
        rows = browser.find_elements(By.CSS_SELECTOR, "#result-table tbody tr")
        assert len(rows) == 2
        screenshot(browser, "2-legal")

        # An illegal log: rule id, event index and the highlighted event.
        upload_through_the_page(browser, live_server.url, paths["illegal"])
        wait(browser, lambda d: d.find_elements(By.ID, "verdict"))
        assert browser.find_element(By.ID, "state-badge").text == "Illegal"
        assert browser.find_element(By.ID, "error-event").text == f"#{bad_index}"
        assert browser.find_element(By.ID, "error-rule").text.startswith("BG-")
        assert '"dice"' in browser.find_element(By.CSS_SELECTOR, "#offending-event pre").text
        browser.execute_script("document.getElementById('violation').scrollIntoView()")
        screenshot(browser, "3-illegal")

        # My logs lists both with their states.
        browser.get(live_server.url + "/logs/")
        states = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "table.logs .badge:not(.simulated)")]
        assert sorted(states) == ["Illegal", "Legal"]
        screenshot(browser, "4-my-logs")
    finally:
        worker.stop()
        purge_queue()
