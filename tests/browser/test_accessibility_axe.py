"""Every page kind passes axe-core's checks (issue #24), in Debian's Chromium, at 390 × 844 and 1280 × 800.

The pages are those of the phone-width walk (``test_pages_fit_phone``: every route of the URL confs,
filled from a small populated site: an event with a closed and a running round, logs, meta statistics
of every game, a challenge, a table being recorded), opened by a visitor, by an organizer who also
plays, by a player without the role and by staff. Each page is checked at phone and desktop width
with axe-core (vendored, ``tests/browser/axe.py``); a critical or serious violation fails the test,
named by rule, impact, element and page. One browser for the whole walk.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter

import pytest

from tests.browser.axe import AXE_DIR, AXE_JS, AXE_VERSION, FAILING, axe_source, run_axe
from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in, start_chromium
from tests.browser.test_pages_fit_phone import _pages, site  # noqa: F401 (site: the fixture)

pytestmark = [pytest.mark.browser, requires_chromium]

WIDTHS = ((390, 844), (1280, 800))


def test_the_vendored_axe_core_is_the_version_its_readme_names():
    """The vendored engine's header, its README and ``AXE_VERSION`` name one release."""
    header = AXE_JS.read_text(encoding="utf-8")[:200]
    assert header.startswith(f"/*! axe v{AXE_VERSION}")
    assert f"axe-core {AXE_VERSION}" in (AXE_DIR / "README.md").read_text(encoding="utf-8")
    assert "Mozilla Public License" in (AXE_DIR / "LICENSE").read_text(encoding="utf-8")


@pytest.fixture
def browser():
    driver = start_chromium(height=844)
    yield driver
    driver.quit()


def _wait_drawn(driver) -> None:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    with contextlib.suppress(
        TimeoutException
    ):  # a chart that never draws is test_pages_fit_phone's to report
        WebDriverWait(driver, 10, poll_frequency=0.1).until(
            lambda d: d.execute_script(
                "return document.readyState === 'complete' && Array.from("
                "document.querySelectorAll('.figure')).every(el => el.querySelector('.main-svg'))"
            )
        )


def _audit(driver, base_url: str, paths: list[str], who: str, source: str, found: list) -> None:
    """Open each page once and check it at each width (the layout follows the window; no reload)."""
    for path in paths:
        driver.set_window_size(*WIDTHS[0])
        driver.get(base_url + path)
        _wait_drawn(driver)
        if path == "/":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(SCREENSHOTS / f"home-{who.replace(' ', '-')}-phone.png"))
        for width, height in WIDTHS:
            driver.set_window_size(width, height)
            for violation in run_axe(driver, source):
                found.append({**violation, "page": path, "who": who, "width": width})


def _report(found: list) -> str:
    lines = []
    for v in found:
        if v["impact"] in FAILING:
            lines.append(
                f"{v['id']} ({v['impact']}, {v['count']}×) on {v['page']} as {v['who']} at {v['width']} px: "
                f"{'; '.join(v['targets'])} — {v['help']}"
            )
    return "\n".join(lines)


@pytest.mark.django_db(transaction=True)
def test_every_page_passes_axe_at_phone_and_desktop_width(browser, live_server, site, client, make_user):  # noqa: F811
    """Issue #24: no critical or serious axe violation on any page, for any of the four kinds of
    visitor, at 390 and 1280 px. Counts by impact are printed (``-s``) for the record."""
    from django.test import Client

    visitors, unfilled = _pages(client, site)
    assert not unfilled, unfilled
    client.force_login(site["user"])
    organizer_pages, _ = _pages(client, site)
    # What only visitors see, and the pages a visitor reads differently (no menu of their own).
    slug = site["event"].slug
    only_visitors = [path for path in visitors if path not in organizer_pages]
    only_visitors += ["/", "/accounts/login/", "/events/", f"/events/{slug}/"]
    assert "/accounts/signup/" in only_visitors

    # A player without the organizer role, and staff: the pages that read differently for them.
    player = site["event"].registrations.exclude(player=site["user"]).first().player
    staff = make_user("stella", is_staff=True)
    player_pages = [
        "/",
        "/events/new/",
        f"/events/{slug}/",
        f"/events/{slug}/my-table/",
        "/accounts/profile/",
    ]
    staff_client = Client()
    staff_client.force_login(staff)
    staff_pages = ["/accounts/organizer-requests/", "/accounts/profile/"]
    for path in staff_pages:
        assert staff_client.get(path).status_code == 200, path

    source = axe_source()
    found: list[dict] = []
    base = live_server.url
    _audit(browser, base, only_visitors, "a visitor", source, found)
    sign_in(browser, base, site["user"])
    _audit(browser, base, organizer_pages, "an organizer who plays", source, found)
    browser.delete_all_cookies()
    sign_in(browser, base, player)
    _audit(browser, base, player_pages, "a player", source, found)
    browser.delete_all_cookies()
    sign_in(browser, base, staff)
    _audit(browser, base, staff_pages, "staff", source, found)

    crawled = len(only_visitors) + len(organizer_pages) + len(player_pages) + len(staff_pages)
    by_impact = Counter()
    for v in found:
        by_impact[v["impact"]] += v["count"]
    rules = Counter((v["impact"], v["id"]) for v in found)
    print(
        f"\naxe {AXE_VERSION}: {crawled} pages × {len(WIDTHS)} widths; elements by impact: {dict(by_impact)}"
    )
    for (impact, rule), pages in sorted(rules.items()):
        print(f"  {impact:9} {rule}: {pages} page-widths")
    assert not any(v["impact"] in FAILING for v in found), "\n" + _report(found)
    assert crawled > 60, crawled


def test_the_recorders_dice_entry_passes_axe(browser, live_server, make_user):
    """The faces of a die, entered with real dice at the table, are a radio group of six (one face a
    die), named by the die: no critical or serious violation while the entry is open."""
    from selenium.webdriver.common.by import By

    from tests.browser.test_recorded_dice_browser import CHOSEN, _table_before_first_attack
    from tests.browser.test_table_recorder import PASSWORD, click, log_in, table_data, wait

    alice, bob = make_user("alice", password=PASSWORD), make_user("bob", password=PASSWORD)
    table, attack, attacker = _table_before_first_attack(alice, bob)
    browser.set_window_size(*WIDTHS[0])
    log_in(browser, live_server.url, attacker.username)
    browser.get(f"{live_server.url}/play/{table.code}/")
    wait(browser, lambda d: table_data(d, "events") == str(len(table.entries)))

    def offer(d):
        for b in d.find_elements(By.CSS_SELECTOR, "#table-choices button[data-event]"):
            event = json.loads(b.get_attribute("data-event"))
            if {k: event.get(k) for k in CHOSEN} == {k: attack[k] for k in CHOSEN}:
                return b
        return None

    click(browser, wait(browser, offer))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-entry button.face"))
    click(browser, browser.find_element(By.CSS_SELECTOR, '#table-entry button[data-row="0"]'))
    groups = browser.find_elements(By.CSS_SELECTOR, "#table-entry [role=radiogroup]")
    assert len(groups) == len(attack["attack"]["dice"])
    first = groups[0].find_elements(By.CSS_SELECTOR, "[role=radio]")
    assert [b.get_attribute("aria-checked") for b in first] == ["true"] + ["false"] * (len(first) - 1)
    assert groups[0].get_attribute("aria-label")
    found = []
    for width, height in WIDTHS:
        browser.set_window_size(width, height)
        found += [
            {**v, "page": "the dice entry", "who": "the attacker", "width": width} for v in run_axe(browser)
        ]
    assert not any(v["impact"] in FAILING for v in found), "\n" + _report(found)
