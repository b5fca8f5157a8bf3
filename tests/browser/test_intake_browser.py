"""Player intake in Debian's Chromium (issue #13): the organizer pastes a CSV, sees the preview
with a row in error, imports the good rows, turns the join code on; a player types the code on
/join/ and registers. Every page of the flow fits a 390 px phone.

Screenshots go to var/screenshots/intake-*.png.
"""

from __future__ import annotations

import pytest

from tests.browser.chromium import click_to_next_page, requires_chromium, start_chromium
from tests.browser.test_organizer_flow import PASSWORD, log_in, screenshot, wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

CSV = "name,club,username\nHordak,Horde,\nCatra,Horde,\nGhost,,nobody\n"


@pytest.fixture
def browser(tmp_path):
    driver = start_chromium(height=1400, profile_dir=tmp_path / "profile")
    yield driver
    driver.quit()


@pytest.fixture
def event(make_user):
    from datetime import date

    from accounts.models import Profile
    from accounts.services import make_organizer
    from tournaments import services

    olga = make_user("olga", password=PASSWORD)
    Profile.objects.create(user=olga, display_name="Olga")
    make_organizer(olga)
    adora = make_user("adora", password=PASSWORD)
    Profile.objects.create(user=adora, display_name="Adora")
    return services.create_event(olga, name="Horde Cup", starts_on=date(2026, 5, 2), swiss_rounds=3)


def fits_phone(driver) -> int:
    """The page's width at 390 px: nothing may scroll sideways."""
    driver.set_window_size(390, 844)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    driver.set_window_size(1280, 1400)
    return width


def test_csv_preview_commit_then_a_player_joins_with_the_code(browser, live_server, event):
    from selenium.webdriver.common.by import By

    log_in(browser, live_server.url, "olga")
    browser.get(f"{live_server.url}/events/{event.slug}/manage/players/")
    assert fits_phone(browser) <= 390
    browser.find_element(By.ID, "id_text").send_keys(CSV)
    browser.find_element(By.ID, "preview-import").click()
    wait(browser, lambda d: d.find_elements(By.ID, "import-rows"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#import-rows tbody tr")
    assert [r.get_attribute("data-action") for r in rows] == ["add-guest", "add-guest", "error"]
    assert "no account is named nobody" in rows[2].text
    assert not event.registrations.exists()  # a preview writes nothing
    browser.set_window_size(390, 844)
    screenshot(browser, "intake-1-preview-phone")
    browser.set_window_size(1280, 1400)
    assert fits_phone(browser) <= 390
    screenshot(browser, "intake-1-preview")

    browser.find_element(By.ID, "commit-import").click()
    wait(browser, lambda d: d.current_url.endswith("/manage/players/"))
    assert "2 to add" in browser.find_element(By.CSS_SELECTOR, ".message").text
    assert sorted(event.registrations.values_list("display_name", flat=True)) == ["Catra", "Hordak"]
    guests = browser.find_element(By.ID, "guests").text
    assert "Hordak" in guests and "Catra" in guests

    browser.find_element(By.ID, "join-code-on").click()
    wait(browser, lambda d: d.find_elements(By.ID, "join-code-value"))
    event.refresh_from_db()
    code = browser.find_element(By.ID, "join-code-value").text
    assert code == event.join_code and len(code) == 6
    assert browser.find_elements(By.CSS_SELECTOR, "#join-code .qr svg")
    screenshot(browser, "intake-2-join-code")
    browser.set_window_size(390, 844)
    screenshot(browser, "intake-2-join-code-phone")
    browser.set_window_size(1280, 1400)

    # The manage page shows the readiness checklist; the claim slips print one per guest.
    browser.get(f"{live_server.url}/events/{event.slug}/manage/")
    checks = browser.find_elements(By.CSS_SELECTOR, "#readiness li")
    assert {c.get_attribute("data-check") for c in checks} >= {"players", "lists", "dates", "tiebreaks"}
    assert fits_phone(browser) <= 390
    screenshot(browser, "intake-4-manage-readiness")
    browser.get(f"{live_server.url}/events/{event.slug}/manage/players/claim-slips/")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".slip")) == 2
    assert fits_phone(browser) <= 390
    screenshot(browser, "intake-5-claim-slips")

    # A player types the code on /join/ and registers.
    # Log out, and let that page load before the next one is asked for.
    click_to_next_page(browser, browser.find_element(By.CSS_SELECTOR, ".site-header form button"))
    log_in(browser, live_server.url, "adora")
    browser.get(f"{live_server.url}/join/")
    assert fits_phone(browser) <= 390
    browser.find_element(By.ID, "id_code").send_keys(code.lower())
    browser.find_element(By.CSS_SELECTOR, "#join-form button[type=submit]").click()
    wait(browser, lambda d: d.find_elements(By.ID, "join-register"))
    assert fits_phone(browser) <= 390
    screenshot(browser, "intake-3-join-event")
    browser.find_element(By.ID, "join-register").click()
    wait(browser, lambda d: d.current_url.endswith(f"/events/{event.slug}/"))
    assert event.registrations.filter(player__username="adora").exists()
