"""Debian's Chromium for browser tests: /usr/bin/chromium driven by /usr/bin/chromedriver, headless.

Never a downloaded browser. Tests skip with a clear reason where the packages are missing
(.ci/run installs them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

requires_chromium = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)",
)


def start_chromium(*, height: int, profile_dir: Path | None = None, console_logs: bool = False):
    """A headless Chromium WebDriver, 1280 px wide and ``height`` tall. The caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    flags = [
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size=1280,{height}",
    ]
    if profile_dir is not None:
        flags.append(f"--user-data-dir={profile_dir}")
    for flag in flags:
        options.add_argument(flag)
    if console_logs:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.implicitly_wait(0)
    driver.set_page_load_timeout(60)
    return driver


def sign_in(driver, base_url: str, user) -> None:
    """Sign ``driver`` in as ``user`` on the live server at ``base_url``: a session made by Django's test
    client, its cookie set on a page of the site (a cookie needs its domain open first)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    driver.get(base_url + "/healthz")
    driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value, "path": "/"})


def click_to_next_page(driver, element, timeout: float = 10) -> None:
    """Click ``element`` (a form's button) and wait until the page it leads to has loaded. While Chromium
    navigates it can answer a question about the old page with an inspector error, which selenium's
    ``staleness_of`` does not wait through; so the old page gets a mark, and this waits for a loaded
    document without it."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_script("window.__leaving = true")
    element.click()
    WebDriverWait(driver, timeout, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script("return window.__leaving !== true && document.readyState === 'complete'")
    )
