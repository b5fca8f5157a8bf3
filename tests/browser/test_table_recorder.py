"""Two players record a whole game at the table in two Chromium contexts, phone-sized.

Each browser picks at random among the choices its page offers (a character's move is a hex tapped on
the board, then one of the ways there). The test checks that the log produced verifies legal through
the pipeline and equals the events entered, that a refused event shows its rule, that an event entered
while the connection is down is not lost, and that every page fits a 390 px screen. Screenshots go to
var/screenshots/.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from gamelogs.verification import verify_stored_log
from play.models import TableGame, TableSeat
from play.services import log_document
from tests.browser.chromium import SCREENSHOTS, requires_chromium, start_chromium
from tests.support.phones import entered_events

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

PHONE = (390, 844)
PASSWORD = "a-long-passphrase-42"
NOT_IN_HAND = {"type": "select", "player": "p1", "card": "motu-fate-02"}  # seat 1 plays the Evil Warriors


@pytest.fixture
def two_browsers(tmp_path):
    drivers = [start_chromium(height=PHONE[1], profile_dir=tmp_path / f"profile-{i}") for i in (1, 2)]
    for driver in drivers:
        driver.set_window_size(*PHONE)
    yield drivers
    for driver in drivers:
        driver.quit()


def wait(driver, condition, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)


def screenshot(driver, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def assert_fits_a_phone(driver) -> None:
    wide = driver.execute_script(
        "const w = document.documentElement.clientWidth; const out = [];"
        " document.querySelectorAll('body *').forEach((e) => { const r = e.getBoundingClientRect();"
        " if (r.right > w + 1 && !e.closest('.scroll') && !(e.ownerSVGElement)) out.push(e.tagName + '#' + e.id + ' ' + Math.round(r.right)); });"
        " return out;"
    )
    assert wide == [], wide


def log_in(driver, base_url: str, username: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(base_url + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    wait(driver, lambda d: "/accounts/login/" not in d.current_url)


def table_data(driver, key: str) -> str:
    return driver.execute_script(
        f"const t = document.getElementById('table'); return (t && t.dataset.{key}) || ''"
    )


def click(driver, element) -> None:
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)


def take_a_turn(driver, rng: random.Random) -> dict | None:
    """See _take_a_turn; a choice redrawn under the finger (a late poll answer) is simply tapped again."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(5):
        try:
            return _take_a_turn(driver, rng)
        except StaleElementReferenceException:
            time.sleep(0.2)
    raise AssertionError("the choices kept changing under the finger")


def _take_a_turn(driver, rng: random.Random) -> dict | None:
    """Tap one of the offered choices (a move: a hex on the board, then a way there); the event sent."""
    from selenium.webdriver.common.by import By

    choices = driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice:not(.secondary)")
    if not choices:
        return None
    choice = rng.choice(choices)
    if "move" in choice.get_attribute("class").split():
        click(driver, choice)
        hexagon = rng.choice(driver.find_elements(By.CSS_SELECTOR, "#table-board polygon.pick"))
        event, choice = move_to(driver, hexagon, rng)
    else:
        event = json.loads(choice.get_attribute("data-event"))
    before, refusal_before = _stored_and_refusal(driver)
    click(driver, choice)
    # From here on the page is read by script only: a redraw cannot make the wait fail, so a tap is never
    # repeated (a repeated tap would store an event this test did not record).
    wait(
        driver,
        lambda d: _stored_and_refusal(d)[0] > before or _stored_and_refusal(d)[1] not in ("", refusal_before),
    )
    # A refused tap stores nothing, though its answer may bring the other phone's event (a higher count).
    stored, refusal = _stored_and_refusal(driver)
    return event if stored > before and refusal == "" else None


def move_to(driver, hexagon, rng: random.Random) -> tuple[dict, object]:
    """A highlighted space tapped while a piece's moves are shown: the move and what to tap to send it.
    One way there: the space itself sends it (a move in two taps); several: the way is tapped next."""
    from selenium.webdriver.common.by import By

    label = hexagon.get_attribute("data-hex")
    offers = driver.execute_script("return window.ArbiterTable.state().offers")
    here = [o["event"] for o in offers if o.get("place") == label]
    if len(here) == 1:
        return here[0], hexagon
    click(driver, hexagon)
    choice = rng.choice(driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]"))
    return json.loads(choice.get_attribute("data-event")), choice


def _stored_and_refusal(driver) -> tuple[int, str]:
    """(events stored, the refusal shown: its text, or "" when none is shown)."""
    events, refusal = driver.execute_script(
        "const t = document.getElementById('table'), r = document.getElementById('table-refusal');"
        "return [(t && t.dataset.events) || '0', r && r.offsetParent !== null ? r.textContent : ''];"
    )
    return int(events), refusal


def test_two_phones_record_a_whole_game_that_verifies_legal(two_browsers, live_server, make_user):
    from selenium.webdriver.common.by import By

    alice, bob = two_browsers
    make_user("alice", password=PASSWORD)
    make_user("bob", password=PASSWORD)
    log_in(alice, live_server.url, "alice")
    log_in(bob, live_server.url, "bob")

    # Alice starts a free game: her force, Bob's, who goes first.
    alice.get(live_server.url + "/play/")
    assert_fits_a_phone(alice)
    screenshot(alice, "recorder-start-phone")
    form = alice.find_element(By.ID, "new-game-form")
    assert form.find_element(By.NAME, "my_name").get_attribute("value") == "alice"  # the account's name
    form.find_element(By.NAME, "my_name").clear()
    form.find_element(By.NAME, "my_name").send_keys("Alice")
    from selenium.webdriver.support.ui import Select

    Select(form.find_element(By.NAME, "my_force")).select_by_value("first-game-ew")
    Select(form.find_element(By.NAME, "their_force")).select_by_value("first-game-motu")
    form.find_element(By.NAME, "their_name").clear()
    form.find_element(By.NAME, "their_name").send_keys("Bob")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(alice, lambda d: d.find_elements(By.ID, "table-code"))
    code = alice.find_element(By.ID, "table-code").text
    wait(alice, lambda d: d.find_element(By.ID, "table-invite").is_displayed())
    # The commitment is shown before the first roll.
    shown = alice.find_element(By.ID, "table-commitment-short").text
    assert len(shown) == 16 and alice.find_element(By.ID, "table-commitment").get_attribute(
        "textContent"
    ).startswith(shown)
    screenshot(alice, "recorder-waiting-phone")

    # Bob joins by the code.
    bob.get(live_server.url + "/play/")
    bob.find_element(By.CSS_SELECTOR, "#join-form input[name=code]").send_keys(code.lower())
    bob.find_element(By.CSS_SELECTOR, "#join-form button[type=submit]").click()
    wait(bob, lambda d: table_data(d, "status") == "playing")
    wait(alice, lambda d: table_data(d, "status") == "playing")
    table = TableGame.objects.get(code=code)
    commitment = table.header["randomness"]["commitment"]
    assert bob.find_element(By.ID, "table-commitment").get_attribute("textContent") == commitment

    rng = random.Random(11)
    entered: list[dict] = []

    def play_until(condition, limit: int = 600) -> None:
        for _ in range(limit):
            if condition():
                return
            moved = False
            for driver in (alice, bob):
                wait(
                    driver,
                    lambda d: table_data(d, "version") == str(TableGame.objects.get(code=code).version),
                )
                event = take_a_turn(driver, rng)
                if event is not None:
                    entered.append(event)
                    moved = True
                    break
            assert moved or condition(), "no page offers anything but the game is not over"

    # Deal for both, then Alice is at step 1 (BG-6.2): a card that is not hers is refused with its rule.
    play_until(lambda: len(TableGame.objects.get(code=code).entries) >= 2)
    wait(alice, lambda d: table_data(d, "events") == "2")
    alice.execute_script("window.ArbiterTable.send(arguments[0])", NOT_IN_HAND)
    refusal = wait(
        alice,
        lambda d: (
            d.find_element(By.ID, "table-refusal")
            if d.find_element(By.ID, "table-refusal").is_displayed()
            else None
        ),
    )
    assert refusal.find_element(By.ID, "refusal-rule").text.startswith("BG-")
    assert "The engine says" in refusal.text
    assert len(TableGame.objects.get(code=code).entries) == 2
    screenshot(alice, "recorder-refused-phone")

    # Play on; midway, Alice's phone loses the network while she taps: nothing is lost.
    play_until(lambda: len(TableGame.objects.get(code=code).entries) >= 30)
    offline_done = False
    for _ in range(200):
        driver = alice
        wait(driver, lambda d: table_data(d, "version") == str(TableGame.objects.get(code=code).version))
        if driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]"):
            stored_before = len(TableGame.objects.get(code=code).entries)
            driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
            choice = rng.choice(
                driver.find_elements(By.CSS_SELECTOR, "#table-choices button.choice[data-event]")
            )
            event = json.loads(choice.get_attribute("data-event"))
            click(driver, choice)
            wait(driver, lambda d: d.find_element(By.ID, "table-connection").is_displayed())
            assert "kept on this phone" in driver.find_element(By.ID, "table-connection").text
            assert len(TableGame.objects.get(code=code).entries) == stored_before
            screenshot(driver, "recorder-offline-phone")
            driver.delete_network_conditions()
            wait(
                driver,
                lambda d, n=stored_before + 1: len(TableGame.objects.get(code=code).entries) >= n,
                timeout=20,
            )
            entered.append(event)
            offline_done = True
            break
        # Bob's page must show Alice's last event first: a tap on a stale page is refused, and the
        # count catching up would read as his tap stored.
        wait(bob, lambda d: table_data(d, "version") == str(TableGame.objects.get(code=code).version))
        event = take_a_turn(bob, rng)
        if event is not None:
            entered.append(event)
    assert offline_done

    # A page that reloads picks up where the game is.
    alice.refresh()
    wait(alice, lambda d: table_data(d, "version") == str(TableGame.objects.get(code=code).version))
    assert int(table_data(alice, "events")) == len(TableGame.objects.get(code=code).entries)

    # Midgame picture with a move being chosen, if one is on offer.
    play_until(lambda: TableGame.objects.get(code=code).status != "playing", limit=1500)
    wait(alice, lambda d: TableGame.objects.get(code=code).game_log_id is not None)  # sent after the post
    table = TableGame.objects.get(code=code)
    assert table.status == "over"

    # The log: the events entered, the seed revealed and matching the commitment shown at the start.
    document = log_document(table)
    assert entered_events(table) == entered and document["events"] == table.events
    assert document["randomness"]["commitment"] == commitment and document["randomness"]["seed"]
    assert verify_stored_log(table.game_log_id) == "legal"

    for driver in (alice, bob):
        wait(driver, lambda d: table_data(d, "status") == "over")
        assert driver.find_element(By.ID, "table-seed").get_attribute("textContent") == table.seed
        click(driver, driver.find_element(By.ID, "confirm-result"))
    wait(alice, lambda d: table_data(d, "status") == "confirmed", timeout=10)
    assert_fits_a_phone(alice)
    alice.execute_script("document.getElementById('table-over').scrollIntoView()")
    screenshot(alice, "recorder-over-phone")
    alice.find_element(By.ID, "verified-log").click()
    wait(alice, lambda d: "/logs/" in d.current_url)
    wait(alice, lambda d: d.find_element(By.ID, "state-badge").text == "Legal")
    alice.set_window_size(1280, 1000)
    alice.get(f"{live_server.url}/play/{code}/")
    wait(alice, lambda d: table_data(d, "status") == "confirmed")
    screenshot(alice, "recorder-over-desktop")


def test_a_move_is_chosen_by_tapping_a_hex(two_browsers, live_server, make_user):
    """A phone at the start of an activation: the move offers are hexes on the board; screenshots."""
    from selenium.webdriver.common.by import By

    alice, bob = two_browsers
    make_user("alice", password=PASSWORD)
    make_user("bob", password=PASSWORD)
    from play import finish, services, tables

    a, b = (TableSeat._meta.get_field("user").related_model.objects.get(username=n) for n in ("alice", "bob"))
    table = tables.create_game(
        a,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Bob", "first-game-motu")],
        first_player_seat=1,
        seat2=b,
    )
    log_in(alice, live_server.url, "alice")
    log_in(bob, live_server.url, "bob")
    rng = random.Random(3)
    # Deal, select and activate until a move is offered to somebody.
    for _ in range(40):
        table.refresh_from_db()
        for person, driver in ((a, alice), (b, bob)):
            payload = services.state_payload(table, person)
            moves = [o for o in payload["offers"] if o["event"]["type"] == "move"]
            if moves:
                driver.get(f"{live_server.url}/play/{table.code}/")
                wait(driver, lambda d: table_data(d, "offers") not in ("", "0"))
                click(driver, driver.find_element(By.CSS_SELECTOR, "#table-choices button.move"))
                picks = driver.find_elements(By.CSS_SELECTOR, "#table-board polygon.pick")
                ends = {(o["event"]["path"] or [None])[-1] for o in moves}
                assert {p.get_attribute("data-hex") for p in picks} <= ends | {None} and picks
                assert_fits_a_phone(driver)
                screenshot(driver, "recorder-move-phone")
                driver.set_window_size(1280, 1000)
                screenshot(driver, "recorder-move-desktop")
                return
        for person in (a, b):
            payload = services.state_payload(table, person)
            if payload["offers"]:
                offer = rng.choice(
                    [o for o in payload["offers"] if o["event"]["type"] != "pass"] or payload["offers"]
                )
                table = finish.post_event(table.code, person, offer["event"], table.version)
                break
        time.sleep(0)
    raise AssertionError("no move was offered in 40 events")


def test_the_board_reads_on_a_phone_markers_and_pinch_zoom(live_server, make_user, tmp_path):
    """390 × 844: a marker on the board (BG-16.3) is drawn nearly a hex wide, not a dot of a few pixels;
    the page may be pinch-zoomed (no viewport limit, the board's touch-action lets the browser zoom) and
    every choice is a tap target of 44 px at least. Screenshot: recorder-board-markers-phone.png."""
    from selenium.webdriver.common.by import By

    from play import tables
    from tests.browser.chromium import sign_in

    alice, bob = make_user("alice", password=PASSWORD), make_user("bob", password=PASSWORD)
    table = tables.create_game(
        alice,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Bob", "first-game-motu")],
        first_player_seat=1,
        seat2=bob,
    )
    driver = start_chromium(height=PHONE[1], profile_dir=tmp_path / "profile")
    try:
        driver.set_window_size(*PHONE)
        sign_in(driver, live_server.url, alice)
        driver.get(f"{live_server.url}/play/{table.code}/")
        wait(driver, lambda d: table_data(d, "offers") not in ("", "0"))
        assert driver.execute_script("return document.documentElement.clientWidth") <= PHONE[0]
        viewport = driver.find_element(By.CSS_SELECTOR, "meta[name=viewport]").get_attribute("content")
        assert "user-scalable=no" not in viewport.replace(" ", "") and "maximum-scale" not in viewport
        # The board lets the browser take a pinch (site.css: manipulation = pans and pinch-zoom, no double-tap zoom).
        touch = driver.execute_script(
            "return getComputedStyle(document.getElementById('table-board')).touchAction"
        )
        assert touch in ("auto", "manipulation") or "pinch-zoom" in touch, touch
        # A marker where the first player's character stands and one on an empty hex of the board.
        sizes = driver.execute_script(
            "const s = ArbiterTable.state(), board = ArbiterTable.board(), view = JSON.parse(JSON.stringify(s.view));"
            " const standing = view.units.find((u) => u.on_board);"
            " const empty = board.hexes.find((h) => !h.terrain && !view.units.some((u) => u.hex === h.label) && h.y > 10);"
            " view.markers = [{id: 'trap', name: 'Trap', hex: standing.hex, player: standing.player, radius_in: 2},"
            "   {id: 'smoke', name: 'Smoke', hex: empty.label, player: 'p2', radius_in: 0}];"
            " const svg = document.getElementById('table-board');"
            " ArbiterBoard.render(svg, s.game, board, view, {});"
            " const hex = svg.querySelector(`polygon[data-hex='${empty.label}']`).getBoundingClientRect();"
            " return {hex: hex.width, discs: [...svg.querySelectorAll('[data-marker] .marker-disc')].map((d) =>"
            "   d.getBoundingClientRect().width),"
            "   letter: svg.querySelector(`[data-marker='smoke'] text`).getBoundingClientRect().height,"
            "   area: svg.querySelector(`[data-marker='trap'] .marker-area`).getBoundingClientRect().width};"
        )
        assert len(sizes["discs"]) == 2
        # A flat hex's box is corner to corner: a disc spans 0.92 of it flat to flat (it was a 6 px dot).
        assert all(width >= 12 and width >= 0.75 * sizes["hex"] for width in sizes["discs"]), sizes
        assert sizes["letter"] >= 7 and sizes["area"] > 3 * sizes["hex"], sizes
        for choice in driver.find_elements(By.CSS_SELECTOR, "#table-choices button"):
            assert choice.size["height"] >= 44, choice.text
        driver.execute_script("document.getElementById('table-board').scrollIntoView({block: 'start'})")
        screenshot(driver, "recorder-board-markers-phone")
        assert_fits_a_phone(driver)
    finally:
        driver.quit()
