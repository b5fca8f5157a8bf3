"""The player profile, the meta's player page and the dice page in Debian's Chromium at a phone's
390 px and at desktop width: nothing scrolls sideways, no console errors, the player's own dice
shown to them alone. Screenshots in var/screenshots/."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.browser.chromium import SCREENSHOTS, requires_chromium, sign_in, start_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]

GAME = "motu-battleground"


@pytest.fixture(scope="module")
def browser():
    driver = start_chromium(height=1600, console_logs=True)
    yield driver
    driver.quit()


@pytest.fixture
def alice(settings):
    """Alice's hand-counted games (one uploaded by her account), a simulated copy, and a
    synthetic meta of many players for the unnamed dice distribution."""
    from django.core.management import call_command

    from accounts.services import create_player
    from gamelogs.models import GameLog, LogSubmission
    from gamelogs.signals import log_verified
    from tests.dashboards.meta_fixtures import hand_counted_games, make_log

    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    user = create_player("alice", "pw-alice-123", display_name="Alice", club="Grayskull Irregulars")
    games = hand_counted_games()
    for i, g in enumerate(games):
        log, verdict = make_log(g["statistics"], created=g["created"], event=g.get("event"), salt=str(i))
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
        if i == 0:
            LogSubmission.objects.create(log=log, user=user, filename="grayskull-cup-round-1.json")
    log, verdict = make_log(games[0]["statistics"], created="2026-03-05", simulated=True, salt="sim")
    log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
    call_command("load_synthetic_meta", games=200, seed=11, stdout=open("/dev/null", "w"))  # noqa: SIM115
    yield user
    cache.clear()


def _fits(browser, url: str, shot: str) -> list[dict]:
    """Load ``url`` at 390 px and at 1280 px; return console errors. Fails if the page is wider
    than the window (a sideways scroll) at either width."""
    from selenium.webdriver.support.ui import WebDriverWait

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    errors = []
    for width in (390, 1280):
        browser.set_window_size(width, 1600)
        browser.get_log("browser")
        browser.get(url)
        WebDriverWait(browser, 30).until(
            lambda d: d.execute_script(
                "return document.readyState === 'complete' && "
                "Array.from(document.querySelectorAll('.figure')).every(el => el.querySelector('.main-svg'))"
            )
        )
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        browser.save_screenshot(str(SCREENSHOTS / f"{shot}-{width}.png"))
        assert overflow <= 0, f"{url} is {overflow}px wider than a {width}px window"
        errors += [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    return errors


def test_own_profile_meta_player_and_dice_pages_fit_a_phone(browser, live_server, alice):
    sign_in(browser, live_server.url, alice)

    assert _fits(browser, f"{live_server.url}/players/alice/", "profile-own") == []
    assert browser.execute_script("return document.getElementById('dice') !== null")
    assert _fits(browser, f"{live_server.url}/meta/players/Alice/", "meta-player-alice") == []
    assert browser.execute_script(
        "return document.querySelector('#player-accounts a').getAttribute('href')"
    ) == ("/players/alice/")
    assert _fits(browser, f"{live_server.url}/meta/", "meta-index-hidden") == []
    # The simulated copy of G1 and the 200 synthetic games (the synthetic meta is simulated).
    assert "201 simulated games hidden" in browser.find_element("id", "simulated-hidden").text
    assert (
        _fits(browser, f"{live_server.url}/meta/{GAME}/dice/?simulated=include", "meta-dice-distribution")
        == []
    )
    assert "Alice" not in browser.find_element("tag name", "main").text

    browser.delete_all_cookies()
    assert _fits(browser, f"{live_server.url}/players/alice/", "profile-public") == []
    assert browser.execute_script("return document.getElementById('dice') === null")


def test_own_hoplomachus_dice_with_their_colours_fit_a_phone(
    browser, live_server, django_capture_on_commit_callbacks
):
    """A Hoplomachus player's own dice: over their recorded games and per die colour (HR-2.6.1), at 390 px."""
    import json

    import engine
    from accounts.services import create_player
    from gamelogs.services import submit_log
    from workers import tasks

    cache.clear()
    ann = create_player("annq", "pw-ann-12345", display_name="Ann Quill")
    for seed, mode in ((1, "skirmish"), (2, "skirmish"), (8, "ascension")):
        doc = engine.simulate("hoplomachus-remastered", seed, mode=mode, randomness="recorded")
        doc["players"][0]["name"] = "Ann Quill"
        log = submit_log(ann, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
    sign_in(browser, live_server.url, ann)

    url = f"{live_server.url}/players/annq/?simulated=include"
    assert _fits(browser, url, "profile-own-hoplomachus-dice") == []
    rows = browser.execute_script("return document.querySelectorAll('#dice .dice-colours tbody tr').length")
    assert rows >= 2 and "hits against" in browser.find_element("id", "dice").text
    browser.set_window_size(390, 1600)
    browser.execute_script("document.getElementById('dice').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / "profile-own-hoplomachus-dice-card-390.png"))
    browser.delete_all_cookies()
    cache.clear()


def test_meta_player_page_of_hoplomachus_and_eternia_games_fits_a_phone(
    browser, live_server, django_capture_on_commit_callbacks
):
    """A name with Hoplomachus (Alliance, four seats) and Fields of Eternia (team game of four) games: the history
    with its opponents and team-mates and the record by faction scroll inside their tables at 390 px."""
    import json

    import engine
    from accounts.services import create_player
    from dashboards.tasks import refresh_all_stale
    from gamelogs.services import submit_log
    from visibility import services as visibility
    from workers import tasks

    cache.clear()
    uploader = create_player("uploader", "pw-upload-1234")
    runs = (
        ("hoplomachus-remastered", 3, {"mode": "alliance"}, ("Mira Longname", "Val Fern", "Wes Fern", "Xan Fern")),
        ("hoplomachus-remastered", 1, {"mode": "skirmish"}, ("Mira Longname", "Bea Quill")),
        ("motu-fields-of-eternia", 6, {"teams": (("motu", 2), ("ew", 2))}, ("Hal Reed", "Mira Longname", "Jon Reed", "Kim Reed")),
    )  # fmt: skip
    for game, seed, options, names in runs:
        doc = engine.simulate(game, seed, **options)
        doc["simulated"] = False
        for player, name in zip(doc["players"], names, strict=True):
            player["name"] = name
        log = submit_log(uploader, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        visibility.publish(uploader, log)
    refresh_all_stale.apply()
    cache.clear()

    assert _fits(browser, f"{live_server.url}/meta/players/Mira Longname/", "meta-player-hr-fe") == []
    assert browser.execute_script("return document.querySelectorAll('#history tr.seat-game').length") == 3
    assert (
        "Evil Warriors" in browser.find_element("id", "history").text
        or "Masters" in browser.find_element("id", "history").text
    )
    browser.set_window_size(390, 1600)
    browser.get(
        f"{live_server.url}/meta/players/Mira Longname/"
    )  # drawn afresh at 390, not resized from 1280
    browser.execute_script("document.getElementById('history').scrollIntoView()")
    browser.save_screenshot(str(SCREENSHOTS / "meta-player-hr-fe-history-390.png"))
    cache.clear()
