"""Whole games recorded at the table by several phones (windows of one headless Chromium, each its own
browser context, 390 × 844; tests/browser/phone_windows.py): Hoplomachus' Pandemonium with four players
(HR-16), its Alliance of two teams of two (HR-17), Fields of Eternia's team game with three players a team
(FE-2.1, each player controlling one hero) and its co-op game against the game (FE-18.1.2), each co-op
player on their own phone.

The first phone sets the table up on the start page; the others take their seats from the join link. The
simulator (engine.simulate, from the table's header and seed) picks each event of a whole game; the phone
of the player the engine names as its actor taps it: a choice in the list, a piece's button for the space a
move or a deployment puts it on (and the way there when several of the piece's offers lead there), or a
highlighted space on the board when a single offer leads there. An event the rules leave
no choice in is logged by the site and never tapped. A concession, which the simulator makes when a game
reaches its round limit (a four-player Pandemonium always does) and no page offers, is sent by the
page's script on the conceding player's phone. A phone that is not the actor is offered nothing of
that player's (checked every ten events on each phone showing the game as it stands), and an event it
sends is refused. A page that is behind is woken as a phone picked up is (the test server has no live
stream, and the page would read the table's state at its next poll). When the game ends
every phone confirms the result; the log the site sent is verified by a real worker process, must be legal
and must hold exactly the events the phones entered and the site's steps.

Screenshots of each stage go to var/screenshots/recorder-<game>-<stage>.png.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from django.db.models import F, Func, IntegerField

import engine
from gamelogs.models import GameLog
from play.models import TableGame
from play.services import SITE
from tests.browser.chromium import SCREENSHOTS, requires_chromium
from tests.browser.phone_windows import Phone, Phones
from tests.browser.test_table_recorder import assert_fits_a_phone, click, table_data, wait
from tests.support.phones import entered_events

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
    # Whole games of 300–700 events on up to six phones take minutes each: run on request, so that
    # `make test` stays within its time (ARBITER_SLOW=1 make test, or pytest this file with ARBITER_SLOW=1).
    pytest.mark.skipif(os.environ.get("ARBITER_SLOW") != "1", reason="slow: run with ARBITER_SLOW=1"),
]

HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"
NAMES = ("anna", "bruno", "cleo", "dario", "eva", "fabio")
#: seeds of the simulator tried for each table; the shortest whole game among them is recorded
TRIES = 6


@pytest.fixture
def phones(tmp_path):
    group = Phones(tmp_path / "profile")
    yield group
    group.quit()


def shot(phone: Phone, game: str, stage: str, scroll_to: str | None = None) -> None:
    driver = phone.driver
    if scroll_to:
        # centred: the turn line stays at the top of the screen and would hide what is at its edge
        driver.execute_script(
            "document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", scroll_to
        )
    else:
        driver.execute_script("window.scrollTo(0, 0)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"recorder-{game}-{stage}.png"))


# -- setting the table up ----------------------------------------------------------------------------------
def start_table(phone: Phone, base: str, game: str, name: str, fill) -> TableGame:
    """The start page on the first phone: ``fill`` sets the form, screenshot, then the table is made."""
    from selenium.webdriver.common.by import By

    driver = phone.driver
    driver.get(f"{base}/play/?game={game}")
    form = driver.find_element(By.ID, "new-game-form")
    fill(driver, form)
    assert_fits_a_phone(driver)
    driver.execute_script("arguments[0].scrollIntoView()", form)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"recorder-{name}-setup.png"))
    click(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait(driver, lambda d: d.find_elements(By.ID, "table-code"))
    return TableGame.objects.get(code=driver.find_element(By.ID, "table-code").text)


def join_seats(table: TableGame, others: list[Phone], base: str, name: str) -> None:
    """The other phones take seats 2, 3, … from the join link: it lists the free seats, and the last one
    is taken at once; then every phone shows the game playing, every seat held."""
    from selenium.webdriver.common.by import By

    last = len(others) + 1
    for number, phone in enumerate(others, start=2):
        driver = phone.driver
        driver.get(f"{base}/play/join/{table.code}/")
        if number < last:
            free = {
                e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "#join-seats button")
            }
            assert free == {f"take-seat-{n}" for n in range(number, last + 1)}, free
            if number == 2:
                assert_fits_a_phone(driver)
                shot(phone, name, "join")
            click(driver, driver.find_element(By.ID, f"take-seat-{number}"))
        wait(driver, lambda d: d.find_elements(By.ID, "table-code"))
        if number == last == 2:  # one free seat: taken at once, the phone on the table
            wait(driver, lambda d: table_data(d, "status") == "playing")
            assert_fits_a_phone(driver)
            shot(phone, name, "join")
    for phone in others:
        wait(phone.driver, lambda d: table_data(d, "status") == "playing")
    shot(others[-1], name, "seats", scroll_to="table-players")  # every seat, its player and account


def select(form, field: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(form.find_element(By.NAME, field)).select_by_value(value)


def type_in(form, field: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    box = form.find_element(By.NAME, field)
    box.clear()
    box.send_keys(text)


def tick(driver, form, field: str, values) -> None:
    from selenium.webdriver.common.by import By

    for value in values:
        click(driver, form.find_element(By.CSS_SELECTOR, f"input[name={field}][value={value}]"))


# -- the simulated game, tapped ------------------------------------------------------------------------------
def shortest_game(table: TableGame, tries: int) -> dict:
    """The shortest of the simulator's whole games from this table's header and seed, preferring one that
    does not reach the simulator's round limit (where its players concede: no page offers a concession)."""
    header = engine.session.with_seed(table.header, table.seed)
    games = [engine.simulate(table.game, seed, from_header=header) for seed in range(tries)]
    return min(games, key=lambda g: (any(e["type"] == "concede" for e in g["events"]), len(g["events"])))


@dataclass
class Record:
    entered: list = field(default_factory=list)  # the events the phones entered, in order
    conceded: int = 0  # concessions sent by the page's script (the page offers none)
    taps: int = 0  # every tap on a page: a choice, a space's button, a space on the board
    board_taps: int = 0  # moves and deployments entered with one tap on the board
    listed_moves: int = 0  # moves and deployments entered by the piece's button for the space
    site: int = 0  # the site's own steps (forced: nobody asked)
    refused: int = 0
    checked: int = 0  # phones whose offers were checked to be their own players'
    shots: set = field(default_factory=set)
    seconds: Counter = field(default_factory=Counter)  # where the time went


# The offer of ``event`` on this page, tapped as a player would: one script finds the button by its event
# (its JSON, compared with sorted keys) and clicks it; "" when the page shows no such button.
TAP_BUTTON = """
const canon = (v) => Array.isArray(v) ? v.map(canon) : (v && typeof v === 'object')
  ? Object.keys(v).sort().reduce((o, k) => { o[k] = canon(v[k]); return o; }, {}) : v;
const want = JSON.stringify(canon(arguments[0]));
const scope = arguments[1] || document.getElementById('table-choices');
for (const b of scope.querySelectorAll('button[data-event]')) {
  if (JSON.stringify(canon(JSON.parse(b.dataset.event))) === want) {
    b.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return b.textContent;
  }
}
return '';
"""


# Each tap is found and made in one script, so that a redraw (a poll's answer) cannot come in between.
TAP_SPACE = """
const space = document.querySelector(
  `#table-board [data-hex="${arguments[0]}"], #table-board [data-area="${arguments[0]}"]`);
if (space) space.dispatchEvent(new MouseEvent('click', {bubbles: true}));
return !!space;
"""
TAP_WAYS = """
const group = document.querySelectorAll('#table-choices .choice-group')[arguments[0]];
const button = group && group.querySelector(`button.chip.move[data-place="${arguments[1]}"]`);
if (button) button.dispatchEvent(new MouseEvent('click', {bubbles: true}));
return !!button;
"""


def soon(driver, condition, timeout: float = 30):
    """``wait``, looking often: a game is hundreds of taps."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.02).until(condition)


SHOWS = (
    "const t = document.getElementById('table');"
    " return t.dataset.events === arguments[0] && (t.dataset.offers > 0 || arguments[1])"
)


def current(phone: Phone, index: int, offers: bool = True) -> list[dict]:
    """Wait until ``phone`` shows the game with ``index`` events stored and something offered; its offers.
    A page that is behind is woken as a phone picked up is (``visibilitychange``: it reads the table's state
    at once), which the live stream does in a deployment; the test server has none, and the page would
    otherwise read the state at its next poll, 1.5 s on."""
    driver = phone.driver
    if not driver.execute_script(SHOWS, str(index), not offers):
        driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
        soon(driver, lambda d: d.execute_script(SHOWS, str(index), not offers))
    return driver.execute_script("return window.ArbiterTable.state().offers")


# A refusal the page shows since the last tap (one shown before, still on the page, was marked as seen).
NEW_REFUSAL = (
    "const r = document.getElementById('table-refusal');"
    " return !r.hidden && r.firstChild && !r.firstChild.seen ? r.textContent : ''"
)
MARK_REFUSAL = (
    "const r = document.getElementById('table-refusal'); if (r.firstChild) r.firstChild.seen = true"
)


def tap_event(phone: Phone, event: dict, index: int, record: Record, name: str) -> None:
    """Tap ``event`` on ``phone`` the way the page offers it; wait until it is stored."""
    from selenium.webdriver.common.by import By

    driver = phone.driver
    began = time.monotonic()
    offers = current(phone, index, offers=event["type"] != "concede")
    record.seconds["page catching up"] += time.monotonic() - began
    began = time.monotonic()
    driver.execute_script(MARK_REFUSAL)
    offer = next((o for o in offers if o["event"] == event), None)
    if offer is None and event["type"] == "concede":
        # No page offers a concession (docs/log-format.md: recorded by the platform); the page's script
        # sends it as the page would, the engine checks it.
        driver.execute_script(MARK_REFUSAL)
        driver.execute_script("window.ArbiterTable.send(arguments[0])", event)
        soon(driver, lambda d: int(table_data(d, "events") or 0) > index or d.execute_script(NEW_REFUSAL))
        assert not driver.execute_script(NEW_REFUSAL), driver.execute_script(NEW_REFUSAL)
        record.entered.append(event)
        record.conceded += 1
        return
    assert offer is not None, f"{phone.name}'s page does not offer {event} (event {index})"
    place = offer.get("place")
    if place and [o.get("place") for o in offers].count(place) == 1:
        # The only move to a highlighted space: one tap on the board.
        if "decision" not in record.shots:
            record.shots.add("decision")
            shot(phone, name, "decision", scroll_to="table-board")
        assert driver.execute_script(TAP_SPACE, place), f"no space {place} on the board"
        record.taps += 1
        record.board_taps += 1
    elif place and sum(1 for o in offers if o.get("place") == place and o["piece"] == offer["piece"]) == 1:
        # Beside the game's own board, the piece's button for that space: one tap.
        if "listed" not in record.shots:
            record.shots.add("listed")
            assert_fits_a_phone(driver)
            shot(phone, name, "listed", scroll_to="table-choices")
        assert driver.execute_script(TAP_BUTTON, event, None), f"no button for {event}"
        record.taps += 1
        record.listed_moves += 1
    elif place:
        # Several of the piece's offers lead to that space: its button, then the way there from the list.
        keys = list(dict.fromkeys((o["piece"] or {}).get("id", "") for o in offers))
        assert driver.execute_script(TAP_WAYS, keys.index((offer["piece"] or {}).get("id", "")), place)
        record.taps += 1
        soon(driver, lambda d: d.find_elements(By.XPATH, "//div[@id='table-choices']/button[text()='Back']"))
        if "decision" not in record.shots:
            record.shots.add("decision")
            assert_fits_a_phone(driver)
            shot(phone, name, "decision", scroll_to="table-choices")
        assert driver.execute_script(TAP_BUTTON, event, None), f"no way {event} in the list of moves"
        record.taps += 1
        record.listed_moves += 1
    else:
        assert driver.execute_script(TAP_BUTTON, event, None), f"no button for {event}"
        record.taps += 1
    # Read by script only from here: a redraw cannot make the wait fail, so a tap is never repeated.
    soon(driver, lambda d: int(table_data(d, "events") or 0) > index or d.execute_script(NEW_REFUSAL))
    refusal = driver.execute_script(NEW_REFUSAL)
    assert not refusal, f"{event} refused on {phone.name}'s page: {refusal}"
    record.entered.append(event)
    record.seconds["tap to stored"] += time.monotonic() - began


def refuse_on_another_phone(phone: Phone, table: TableGame, event: dict, record: Record, name: str) -> None:
    """``phone`` (not the event's actor) sends the event anyway: refused, nothing stored, the refusal shown."""
    driver = phone.driver
    table.refresh_from_db()
    wait(driver, lambda d: table_data(d, "events") == str(len(table.entries)))  # not a stale page
    driver.execute_script("window.ArbiterTable.send(arguments[0])", event)
    wait(driver, lambda d: d.execute_script("return !document.getElementById('table-refusal').hidden"))
    code, text = driver.execute_script(
        "const r = document.getElementById('table-refusal'); return [r.dataset.code, r.textContent]"
    )
    assert code == "not_your_turn" and text, text
    assert TableGame.objects.get(pk=table.pk).version == table.version  # nothing stored
    assert_fits_a_phone(driver)
    shot(phone, name, "refusal", scroll_to="table-refusal")
    record.refused += 1


def check_offers_are_their_own(holders: dict[Phone, set], replay, index: int, heroes: dict) -> int:
    """Every phone showing the game as it stands is offered only what its own players may enter (the
    engine's actors of each offer), and of the heroes (``heroes``: player -> the heroes they control) only
    its own. The phones checked."""
    checked = 0
    controlled = {hero: player for player, mine in heroes.items() for hero in mine}
    for phone, players in holders.items():
        shown, offers = phone.driver.execute_script(
            "const s = window.ArbiterTable.state(); return [s.events.length, s.offers]"
        )
        if shown != index:  # not polled yet
            continue
        for offer in offers:
            assert set(engine.session.actors(replay, offer["event"])) & players, (phone.name, offer["event"])
            hero = offer["event"].get("hero")
            assert hero not in controlled or controlled[hero] in players, (phone.name, offer["event"])
        checked += 1
    return checked


def play_whole_game(
    table: TableGame,
    by_player: dict[str, Phone],
    name: str,
    refuse_at: int,
    heroes: dict | None = None,
    tries: int = TRIES,
) -> Record:
    """Tap every event of the simulator's game on the phone of its actor; the site logs the rest."""
    began = time.monotonic()
    game = shortest_game(table, tries)
    record_seconds = time.monotonic() - began
    replay = engine.session.start(engine.session.with_seed(table.header, table.seed))
    record = Record()
    record.seconds["simulator"] = record_seconds
    holders: dict[Phone, set] = {}
    for player, phone in by_player.items():
        holders.setdefault(phone, set()).add(player)
    first = True
    for index, event in enumerate(game["events"]):
        count, entry = (
            TableGame.objects.filter(pk=table.pk)
            .annotate(count=Func(F("entries"), function="jsonb_array_length", output_field=IntegerField()))
            .values_list("count", f"entries__{index}")
            .get()
        )
        if index < count:  # the site logged it: the rules left no choice
            assert entry["event"] == event and entry["seat"] == SITE
            record.site += 1
            engine.session.step(replay, event)
            continue
        actors = engine.session.actors(replay, event)
        assert actors, event
        phone = by_player[actors[0]]
        if first:
            current(phone, index)
            for other in holders:
                wait(other.driver, lambda d: table_data(d, "status") == "playing")
            assert_fits_a_phone(phone.driver)
            shot(phone, name, "first-turn")
            first = False
        others = [p for p, players in holders.items() if not players & set(actors)]
        if index >= refuse_at and not record.refused and others:
            refuse_on_another_phone(others[0], table, event, record, name)
        if len(record.entered) % 10 == 0:  # each phone is offered only its own players' choices
            began = time.monotonic()
            record.checked += check_offers_are_their_own(holders, replay, index, heroes or {})
            record.seconds["offers checked"] += time.monotonic() - began
        tap_event(phone, event, index, record, name)
        engine.session.step(replay, event)
    table.refresh_from_db()
    assert table.status == "over", "the simulator's game ended but the table's did not"
    assert len(table.entries) == len(game["events"])
    assert table.events == game["events"]
    assert entered_events(table) == record.entered
    return record


def finish_and_verify(table: TableGame, phones: list[Phone], name: str, record: Record, users) -> None:
    """Every phone sees the end and confirms the result; a worker verifies the log sent: legal."""
    from selenium.webdriver.common.by import By

    for phone in phones:
        wait(phone.driver, lambda d: table_data(d, "status") == "over")
    assert_fits_a_phone(phones[0].driver)
    shot(phones[0], name, "game-end", scroll_to="table-over")
    for phone in phones:
        driver = phone.driver
        if table_data(driver, "status") == "over":
            click(driver, wait(driver, lambda d: d.find_element(By.ID, "confirm-result")))
            record.taps += 1
            wait(driver, lambda d: not d.find_element(By.ID, "confirm-result").is_displayed())
    for phone in phones:
        wait(phone.driver, lambda d: table_data(d, "status") == "confirmed")
    table.refresh_from_db()
    assert table.status == "confirmed" and all(s.confirmed for s in table.seat_list())
    assert table.game_log_id is not None
    assert {s.user for s in table.game_log.submissions.all()} == set(users)  # every seated account
    deadline = time.monotonic() + 90
    while GameLog.objects.get(pk=table.game_log_id).state not in ("legal", "illegal", "defect", "error"):
        assert time.monotonic() < deadline, "the worker did not verify the log"
        time.sleep(0.5)
    log = GameLog.objects.get(pk=table.game_log_id)
    assert log.state == "legal", (log.state, log.verdict)
    last = phones[-1]
    wait(last.driver, lambda d: d.find_elements(By.ID, "verified-log"))
    assert_fits_a_phone(last.driver)
    shot(last, name, "result-confirmed", scroll_to="table-over")
    document = json.loads(log.raw_bytes())
    assert document["events"] == table.events and document["randomness"]["seed"] == table.seed


def report(name: str, record: Record, started: float) -> None:
    print(
        f"\n{name}: {len(record.entered) + record.site} events ({len(record.entered)} entered on the phones,"
        f" {record.conceded} of them concessions sent by script, {record.site} by the site), {record.taps} taps ({record.board_taps} moves on the board, {record.listed_moves} from a"
        f" list), {record.refused} refused, {record.checked} phone offer checks, {time.monotonic() - started:.0f} s"
        f" ({', '.join(f'{k} {v:.0f} s' for k, v in record.seconds.items())})"
    )


# -- the games ---------------------------------------------------------------------------------------------
def people(make_user, count: int):
    return [make_user(name) for name in NAMES[:count]]


def test_pandemonium_four_phones_record_a_whole_game(phones, live_server, make_user, celery_worker):
    """HR-16: four players each for themselves, one phone each."""
    started = time.monotonic()
    users = people(make_user, 4)
    seated = phones.signed_in(live_server.url, users)
    name = "hoplomachus-pandemonium"

    def fill(driver, form):
        select(form, "mode", "pandemonium")
        select(form, "arena", "pozzuoli")
        type_in(form, "my_name", "Anna")
        select(form, "my_faction", "kunlun")
        type_in(form, "their_name", "Bruno")
        select(form, "their_faction", "amazons")
        type_in(form, "third_name", "Cleo")
        select(form, "third_faction", "plutos-refugees")
        type_in(form, "fourth_name", "Dario")
        select(form, "fourth_faction", "faction-4")

    table = start_table(seated[0], live_server.url, HR, name, fill)
    join_seats(table, seated[1:], live_server.url, name)
    table.refresh_from_db()
    by_player = {s.player: seated[s.number - 1] for s in table.seat_list()}
    record = play_whole_game(table, by_player, name, refuse_at=3)
    finish_and_verify(table, seated, name, record, users)
    report(name, record, started)
    assert record.refused == 1 and record.board_taps + record.listed_moves > 0


def test_alliance_four_phones_two_against_two_record_a_whole_game(
    phones, live_server, make_user, celery_worker
):
    """HR-17: two teams of two, seats 1 and 3 against 2 and 4 (HR-17.2.1); each phone its own troop."""
    started = time.monotonic()
    users = people(make_user, 4)
    seated = phones.signed_in(live_server.url, users)
    name = "hoplomachus-alliance"

    def fill(driver, form):
        select(form, "mode", "alliance")
        select(form, "arena", "pozzuoli")
        type_in(form, "my_name", "Anna")
        select(form, "my_faction", "kunlun")
        type_in(form, "their_name", "Bruno")
        select(form, "their_faction", "amazons")
        type_in(form, "third_name", "Cleo")
        select(form, "third_faction", "plutos-refugees")
        type_in(form, "fourth_name", "Dario")
        select(form, "fourth_faction", "faction-4")
        select(form, "teams", "13")
        select(form, "track_heroes", "12")

    table = start_table(seated[0], live_server.url, HR, name, fill)
    assert table.header["setup"]["teams"] == {"red": ["p1", "p3"], "blue": ["p2", "p4"]}
    join_seats(table, seated[1:], live_server.url, name)
    table.refresh_from_db()
    assert [s.team for s in table.seat_list()] == ["red", "blue", "red", "blue"]
    # HR-17.2: teammates each bring their own faction, and the players line says whose is whose.
    line = seated[0].driver.find_element("id", "table-players").text
    expected = "Anna (Kunlun) — you & Cleo (Pluto's Refugees) vs Bruno (Amazons) & Dario (Faction 4)"
    assert line == expected, line
    by_player = {s.player: seated[s.number - 1] for s in table.seat_list()}
    record = play_whole_game(table, by_player, name, refuse_at=3)
    finish_and_verify(table, seated, name, record, users)
    report(name, record, started)
    assert record.refused == 1


ETERNIA_TEAMS = {
    "p1": "he-man", "p2": "teela", "p3": "stratos", "p4": "skeletor", "p5": "mer-man", "p6": "beast-man",
}  # fmt: skip


def test_eternia_team_game_six_phones_three_a_team_record_a_whole_game(
    phones, live_server, make_user, celery_worker
):
    """FE-2.1: two teams of three players, each controlling one hero and acting only for it."""
    started = time.monotonic()
    users = people(make_user, 6)
    seated = phones.signed_in(live_server.url, users)
    name = "eternia-team-game"

    def fill(driver, form):
        select(form, "mode", "standard")
        select(form, "scenario", "standard-1")
        type_in(form, "my_name", "Anna")
        select(form, "my_team", "motu")
        tick(driver, form, "my_heroes", ("he-man", "teela", "stratos"))
        type_in(form, "mate2_name", "Bruno")
        tick(driver, form, "mate2_heroes", ("teela",))
        type_in(form, "mate3_name", "Cleo")
        tick(driver, form, "mate3_heroes", ("stratos",))
        type_in(form, "their_name", "Dario")
        tick(driver, form, "their_heroes", ("skeletor", "mer-man", "beast-man"))
        type_in(form, "their2_name", "Eva")
        tick(driver, form, "their2_heroes", ("mer-man",))
        type_in(form, "their3_name", "Fabio")
        tick(driver, form, "their3_heroes", ("beast-man",))
        select(form, "first", "1")

    table = start_table(seated[0], live_server.url, FE, name, fill)
    assert {p["id"]: p["force"] for p in table.header["players"]} == {
        p: [hero] for p, hero in ETERNIA_TEAMS.items()
    }
    join_seats(table, seated[1:], live_server.url, name)
    table.refresh_from_db()
    by_player = {s.player: seated[s.number - 1] for s in table.seat_list()}
    heroes = {p: {hero} for p, hero in ETERNIA_TEAMS.items()}
    record = play_whole_game(table, by_player, name, refuse_at=3, heroes=heroes, tries=10)
    finish_and_verify(table, seated, name, record, users)
    report(name, record, started)
    assert record.refused == 1 and record.checked


def test_eternia_co_op_two_phones_record_a_whole_game_against_the_game(
    phones, live_server, make_user, celery_worker
):
    """FE-18.1.2: two co-op players against the game, each on their own phone with the heroes they control."""
    started = time.monotonic()
    users = people(make_user, 2)
    seated = phones.signed_in(live_server.url, users)
    name = "eternia-co-op"

    def fill(driver, form):
        select(form, "mode", "solo")
        select(form, "scenario", "solo-1")
        select(form, "difficulty", "relentless")
        type_in(form, "my_name", "Anna")
        select(form, "my_team", "motu")
        tick(driver, form, "my_heroes", ("he-man", "teela", "stratos"))
        type_in(form, "coop2_name", "Bruno")
        tick(driver, form, "coop2_heroes", ("teela",))
        click(driver, form.find_element("css selector", "input[name=coop_phones]"))

    table = start_table(seated[0], live_server.url, FE, name, fill)
    assert [p["force"] for p in table.header["players"]] == [["he-man", "stratos"], ["teela"]]
    join_seats(table, seated[1:], live_server.url, name)
    table.refresh_from_db()
    by_player = {s.player: seated[s.number - 1] for s in table.seat_list()}
    heroes = {"p1": {"he-man", "stratos"}, "p2": {"teela"}}
    record = play_whole_game(table, by_player, name, refuse_at=3, heroes=heroes, tries=12)
    finish_and_verify(table, seated, name, record, users)
    report(name, record, started)
    assert record.refused == 1
