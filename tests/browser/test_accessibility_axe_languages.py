"""Every kind of page passes axe-core in each of the site's languages (issue #24), at 390 × 844 and
1280 × 800: the event, its rounds, a match under dispute, the standings, a refused log's verdict, the
meta, a rule with its "In the rulebook" terms, the player's notifications, and the recorder with its
concession box open and at its confirmation. Words change length and ``lang`` from one language to the
next, so each is checked. At phone width the page must not scroll sideways either; the recorder, the
refused verdict, the standings and the meta are saved as screenshots (``ARBITER_SHOTS`` names the folder,
var/screenshots/languages otherwise) to be looked at."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from tests.browser.axe import AXE_VERSION, FAILING, axe_source, run_axe
from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in, start_chromium
from tests.browser.test_accessibility_axe import WIDTHS, _report, _wait_drawn
from tests.browser.test_pages_fit_phone import OVERFLOWING, phone, site  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, requires_chromium]

LANGUAGES = ("en", "it", "es", "pl")
SHOTS = Path(os.environ.get("ARBITER_SHOTS") or SCREENSHOTS / "languages")


@pytest.fixture
def browser():
    driver = start_chromium(height=844)
    yield driver
    driver.quit()


def _speak(user, language: str) -> None:
    from accounts.models import Profile

    Profile.objects.update_or_create(user=user, defaults={"language": language})


def _open_concession(driver) -> bool:
    """Open the recorder's concession box and ask to concede (its confirmation); False if none is offered."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !!document.querySelector('#table-concede-box details')"))  # fmt: skip
    driver.execute_script("document.querySelector('#table-concede-box details').open = true")
    return True


def _shot(driver, path: Path) -> None:
    """The whole page at the window's width (Chromium's DevTools: beyond the viewport), as a PNG."""
    import base64

    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    width = driver.execute_script("return document.documentElement.clientWidth")
    clip = {"x": 0, "y": 0, "width": width, "height": min(size["height"], 6000), "scale": 1}
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "clip": clip})
    path.write_bytes(base64.b64decode(shot["data"]))


def _fits(driver, where: str, overflow: list) -> None:
    scroll, wide = driver.execute_script(OVERFLOWING)
    if scroll > WIDTHS[0][0]:
        overflow.append(f"{where}: {scroll}px {wide}")


def _check(driver, where: str, who: str, language: str, source: str, found: list) -> None:
    for width, height in WIDTHS:
        driver.set_window_size(width, height)
        for violation in run_axe(driver, source):
            found.append({**violation, "page": f"{where} [{language}]", "who": who, "width": width})


@pytest.mark.django_db(transaction=True)
def test_every_page_kind_passes_axe_in_every_language(browser, phone, live_server, site, client, make_user):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from gamelogs.models import GameLog
    from tests.platform.test_play_hoplomachus_eternia import hr_table

    olga, event = site["user"], site["event"]
    slug = event.slug
    illegal = GameLog.objects.filter(pk__in=site["logs"], state="illegal").get()
    pages = {
        "home": "/",
        "event": f"/events/{slug}/",
        "round": f"/events/{slug}/rounds/2/",
        "match under dispute": f"/events/{slug}/matches/{site['matches'][1]}/",
        "standings": f"/events/{slug}/standings/",
        "results": f"/events/{slug}/results/",
        "notifications": "/events/me/",
        "refused log": f"/logs/{illegal.pk}/",
        "meta": "/meta/motu-battleground/",
        "rule with its terms": "/rules/motu-battleground/BG-1.1/",
        "challenge": f"/challenges/{site['challenge'].slug}/",
    }
    client.force_login(olga)
    for where, path in pages.items():
        assert client.get(path).status_code == 200, (where, path)
    alice, bob = make_user("alice-axe"), make_user("bob-axe")
    table = hr_table(alice, bob)

    source = axe_source()
    found: list[dict] = []
    overflow: list[str] = []
    shots = {"standings", "refused log", "meta"}
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    for language in LANGUAGES:
        _speak(olga, language)
        browser.delete_all_cookies()
        sign_in(browser, base, olga)
        for where, path in pages.items():
            browser.set_window_size(*WIDTHS[0])
            browser.get(base + path)
            _wait_drawn(browser)
            assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language, (
                where,
                language,
            )
            if where == "rule with its terms":
                assert browser.find_elements(By.ID, "rulebook-terms"), language
            _check(browser, where, "an organizer who plays", language, source, found)
        # The recorder, from the phone of a player the engine lets concede: the box open, then its confirmation.
        for user in (alice, bob):
            _speak(user, language)
        browser.delete_all_cookies()
        sign_in(browser, base, alice)
        browser.set_window_size(*WIDTHS[0])
        browser.get(f"{base}/play/{table.code}/")
        _open_concession(browser)
        _check(browser, "the recorder's concession box", "a player", language, source, found)
        browser.set_window_size(*WIDTHS[0])
        browser.find_element(By.CSS_SELECTOR, "#table-concede-box button.concede").click()
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "concede-confirm"))
        _check(browser, "the recorder's concession confirmation", "a player", language, source, found)

    # On a 390 × 844 phone (touch, overlay scrollbars: the page has all 390 px): nothing scrolls sideways,
    # and the screenshots to look at.
    for language in LANGUAGES:
        for user in (olga, alice):
            _speak(user, language)
        phone.delete_all_cookies()
        sign_in(phone, base, olga)
        for where in shots:
            phone.get(base + pages[where])
            _wait_drawn(phone)
            _fits(phone, f"{where} in {language}", overflow)
            if language != "en":
                _shot(phone, SHOTS / f"{where.replace(' ', '-')}-{language}.png")
        phone.delete_all_cookies()
        sign_in(phone, base, alice)
        phone.get(f"{base}/play/{table.code}/")
        _open_concession(phone)
        phone.find_element(By.CSS_SELECTOR, "#table-concede-box button.concede").click()
        WebDriverWait(phone, 10).until(lambda d: d.find_elements(By.ID, "concede-confirm"))
        confirm = phone.find_element(By.ID, "concede-confirm")
        assert confirm.size["height"] >= 44, confirm.size  # a finger's target
        _fits(phone, f"the recorder's concession in {language}", overflow)
        phone.execute_script("document.getElementById('table-concede-box').scrollIntoView()")
        if language != "en":
            phone.save_screenshot(str(SHOTS / f"recorder-concede-{language}.png"))  # the box, where it is
        phone.find_element(By.ID, "concede-cancel").click()
        _fits(phone, f"the recorder in {language}", overflow)
        # The round's line names the phase in the page's words (Hoplomachus starts with its deploy phase).
        line = phone.find_element(By.ID, "table-round").text
        assert "deploy" not in line and line.startswith(
            {"en": "Round", "it": "Round", "es": "Ronda", "pl": "Runda"}[language]
        ), line
        if language != "en":
            _shot(phone, SHOTS / f"recorder-{language}.png")

    by_impact = Counter()
    for v in found:
        by_impact[v["impact"]] += v["count"]
    checked = (len(pages) + 2) * len(LANGUAGES) * len(WIDTHS)
    print(
        f"\naxe {AXE_VERSION}: {checked} page-widths in {', '.join(LANGUAGES)}; elements by impact: {dict(by_impact)}"
    )
    for (impact, rule), count in sorted(Counter((v["impact"], v["id"]) for v in found).items()):
        print(f"  {impact:9} {rule}: {count} page-widths")
    assert not any(v["impact"] in FAILING for v in found), "\n" + _report(found)
    assert not overflow, overflow
