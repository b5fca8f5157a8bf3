"""Whole games recorded at the table by several phones (windows of one headless Chromium, each its own
browser context, 390 × 844; tests/browser/phone_windows.py), shared by the whole-table browser tests
(tests/browser/test_whole_table_games_browser.py) and the taps benchmark through Chromium
(benchmarks/recorder_taps_chromium.py).

The first phone sets the table up on the start page (each table of ``TABLES``: its form filled in order);
the others take their seats from the join link. The simulator (engine.simulate, from the table's header
and seed) picks each event of a whole game (Battleground's, whose simulator cannot play a given header: a
``RandomPlayer``, at random among the legal events); the phone of the player the engine names as its
actor taps it, as table.js offers it:

- on a game drawing its own board (Hoplomachus' arena, Eternia's areas): an offer (a move, a deployment)
  to a highlighted space no other offer leads to is one tap on the board; one several pieces could take
  is the piece's own button for that space; a space several of the piece's offers lead to is that button,
  then the way from the list; any other choice is its button;
- on Battleground's hex board: a move is a tap on its green hex, then the way there when several offered
  moves lead to that hex; any other choice is its button.

At a table whose players roll (real dice, LOG-4) the choices are a ``RandomPlayer``'s among the page's
offers, and what the table rolled and drew is then tapped on the grid the page shows (``_enter_dice``).
An event the rules leave no choice in is logged by the site and never tapped. A concession, which the
simulator makes when a game reaches its round limit (a four-player Pandemonium always does) and no page
offers, is sent by the page's script on the conceding player's phone: no tap. Every click is dispatched to
the page (a MouseEvent on the button or the board's space, as a finger's tap arrives), and the page counts
the clicks it receives in the table's choices, board and dice entry (``COUNT_TAPS``, in the phone's
sessionStorage) apart from this module's own count.

The site is served under uvicorn with Redis (tests/browser/asgi_site.py), so each page has its live stream
open (play.live): the other phones draw each event from their stream. A page still behind after
``LIVE_WAIT`` seconds is woken as a phone picked up is (it reads the table's state at once); such wakes are
counted (``Record.woken``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

import engine
from play.models import TableGame
from play.services import SITE
from tests.browser.chromium import SCREENSHOTS
from tests.browser.phone_windows import Phone, Phones
from tests.browser.test_table_recorder import assert_fits_a_phone, click, table_data, wait
from tests.support.phones import entered_events

BG = "motu-battleground"
HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"
NAMES = ("anna", "bruno", "cleo", "dario", "eva", "fabio")
#: seeds of the simulator tried for each table; the shortest whole game among them is recorded
TRIES = 6
#: seconds a page that is behind is given to draw the new state from its stream before it is woken
LIVE_WAIT = 10


@dataclass(frozen=True)
class Table:
    """A table as the start page sets it up, and how many phones sit at it."""

    name: str  # screenshots and reports: var/screenshots/recorder-<name>-<stage>.png
    game: str
    mode: str
    phones: int
    form: tuple  # ("select" | "type" | "tick" | "click", field, value): the start form, filled in order
    heroes: dict | None = None  # player -> the heroes they control (FE-2.1): each phone's offers checked
    tries: int = TRIES
    simulated: bool = True  # events picked by the simulator (else by a RandomPlayer: Battleground's)


ETERNIA_TEAMS = {
    "p1": "he-man", "p2": "teela", "p3": "stratos", "p4": "skeletor", "p5": "mer-man", "p6": "beast-man",
}  # fmt: skip
_HR_FOUR = (
    ("select", "arena", "pozzuoli"),
    ("type", "my_name", "Anna"),
    ("select", "my_faction", "kunlun"),
    ("type", "their_name", "Bruno"),
    ("select", "their_faction", "amazons"),
    ("type", "third_name", "Cleo"),
    ("select", "third_faction", "plutos-refugees"),
    ("type", "fourth_name", "Dario"),
    ("select", "fourth_faction", "faction-4"),
)

TABLES = {
    t.name: t
    for t in (
        # BG-4.7: the roll-off's winner goes first; two players, one phone each.
        Table(
            "battleground",
            BG,
            "two players",
            2,
            (
                ("type", "my_name", "Anna"),
                ("select", "my_force", "first-game-ew"),
                ("type", "their_name", "Bruno"),
                ("select", "their_force", "first-game-motu"),
                ("select", "first", "1"),
            ),
            simulated=False,
        ),
        # Hoplomachus' skirmish: two players, one phone each.
        Table(
            "hoplomachus-skirmish",
            HR,
            "skirmish",
            2,
            (
                ("select", "mode", "skirmish"),
                ("select", "arena", "pozzuoli"),
                ("type", "my_name", "Anna"),
                ("select", "my_faction", "kunlun"),
                ("type", "their_name", "Bruno"),
                ("select", "their_faction", "amazons"),
                ("select", "first", "1"),
            ),
        ),
        # HR-16: four players each for themselves, one phone each.
        Table(
            "hoplomachus-pandemonium", HR, "pandemonium", 4, (("select", "mode", "pandemonium"), *_HR_FOUR)
        ),
        # HR-17: two teams of two, seats 1 and 3 against 2 and 4 (HR-17.2.1); each phone its own troop.
        Table(
            "hoplomachus-alliance",
            HR,
            "alliance",
            4,
            (
                ("select", "mode", "alliance"),
                *_HR_FOUR,
                ("select", "teams", "13"),
                ("select", "track_heroes", "12"),
            ),
        ),
        # FE-2.1: two teams of three players, each controlling one hero and acting only for it.
        Table(
            "eternia-team-game",
            FE,
            "team game 2×3",
            6,
            (
                ("select", "mode", "standard"),
                ("select", "scenario", "standard-1"),
                ("type", "my_name", "Anna"),
                ("select", "my_team", "motu"),
                ("tick", "my_heroes", ("he-man", "teela", "stratos")),
                ("type", "mate2_name", "Bruno"),
                ("tick", "mate2_heroes", ("teela",)),
                ("type", "mate3_name", "Cleo"),
                ("tick", "mate3_heroes", ("stratos",)),
                ("type", "their_name", "Dario"),
                ("tick", "their_heroes", ("skeletor", "mer-man", "beast-man")),
                ("type", "their2_name", "Eva"),
                ("tick", "their2_heroes", ("mer-man",)),
                ("type", "their3_name", "Fabio"),
                ("tick", "their3_heroes", ("beast-man",)),
                ("select", "first", "1"),
            ),
            heroes={p: {hero} for p, hero in ETERNIA_TEAMS.items()},
            tries=10,
        ),
        # FE-18.1.2: two co-op players against the game, each on their own phone with the heroes they control.
        Table(
            "eternia-co-op",
            FE,
            "co-op",
            2,
            (
                ("select", "mode", "solo"),
                ("select", "scenario", "solo-1"),
                ("select", "difficulty", "relentless"),
                ("type", "my_name", "Anna"),
                ("select", "my_team", "motu"),
                ("tick", "my_heroes", ("he-man", "teela", "stratos")),
                ("type", "coop2_name", "Bruno"),
                ("tick", "coop2_heroes", ("teela",)),
                ("click", "coop_phones", None),
            ),
            heroes={"p1": {"he-man", "stratos"}, "p2": {"teela"}},
            tries=12,
        ),
    )
}


@dataclass
class Record:
    name: str
    looks: bool = True  # screenshots and the phone-width checks (the tests'); a benchmark leaves them out
    strict: bool = True  # a refused tap fails the game (the tests'); a benchmark counts it and taps again
    entered: list = field(default_factory=list)  # the events the phones entered, in order
    conceded: int = 0  # concessions sent by the page's script (the page offers none)
    taps: int = 0  # every tap on a page: a choice, a space on the board or its button, a way there
    board_taps: int = 0  # taps on the board's spaces
    dice_taps: int = 0  # taps entering real dice (recorded randomness): faces, cards, "Next" and "Record"
    listed_moves: int = 0  # moves and deployments entered by the piece's button for the space
    site: int = 0  # the site's own steps (forced: nobody asked)
    decisions: int = 0  # events the phones entered with more than one legal alternative
    forced_asked: int = 0  # events a phone entered although they were the only legal one
    refused: int = 0  # taps the page answered with a refusal
    refusal_checked: int = 0  # events sent on purpose by a phone that is not the actor's, refused
    woken: int = 0  # pages still behind after LIVE_WAIT seconds, woken
    live: int = 0  # phones whose live stream was open when the game began
    checked: int = 0  # phones whose offers were checked to be their own players'
    over: bool = False  # the game reached its end (a random player may give up at its limit)
    shots: set = field(default_factory=set)
    seconds: Counter = field(default_factory=Counter)  # where the time went

    def shot(self, phone: Phone, stage: str, scroll_to: str | None = None, once: bool = False) -> None:
        """A screenshot of ``phone`` (``once``: only the first time this stage is seen), the page checked to
        fit the phone's width."""
        if not self.looks or (once and stage in self.shots):
            return
        self.shots.add(stage)
        driver = phone.driver
        assert_fits_a_phone(driver)
        if scroll_to:
            # centred: the turn line stays at the top of the screen and would hide what is at its edge
            driver.execute_script(
                "document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", scroll_to
            )
        else:
            driver.execute_script("window.scrollTo(0, 0)")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"recorder-{self.name}-{stage}.png"))


# -- the page's own count of taps ----------------------------------------------------------------------------
#: Installed on each phone before its pages load: every click the page receives in the table's choices, its
#: board or its dice entry is counted in the phone's sessionStorage (kept across its pages).
COUNT_TAPS = """
document.addEventListener('click', (ev) => {
  const t = ev.target;
  if (t && t.closest && t.closest('#table-choices, #table-board, #table-entry'))
    sessionStorage.setItem('arbiter-taps', String(Number(sessionStorage.getItem('arbiter-taps') || 0) + 1));
}, true);
"""


def count_taps(phone: Phone) -> None:
    phone.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_TAPS})


def page_taps(phones: list[Phone]) -> int:
    """The taps the pages received, all phones together."""
    return sum(
        int(p.driver.execute_script("return sessionStorage.getItem('arbiter-taps') || '0'")) for p in phones
    )


# -- setting the table up ----------------------------------------------------------------------------------
def fill(driver, form, fields) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for how, name, value in fields:
        if how == "select":
            Select(form.find_element(By.NAME, name)).select_by_value(value)
        elif how == "type":
            box = form.find_element(By.NAME, name)
            box.clear()
            box.send_keys(value)
        elif how == "tick":
            for one in value:
                click(driver, form.find_element(By.CSS_SELECTOR, f"input[name={name}][value={one}]"))
        else:
            click(driver, form.find_element(By.CSS_SELECTOR, f"input[name={name}]"))


def start_table(phone: Phone, base: str, spec: Table, record: Record, dice: str = "seeded") -> TableGame:
    """The start page on the first phone: its form filled (``dice``: who rolls, the site or the table),
    screenshot, then the table is made."""
    from selenium.webdriver.common.by import By

    driver = phone.driver
    driver.get(f"{base}/play/?game={spec.game}")
    form = driver.find_element(By.ID, "new-game-form")
    fill(driver, form, (*spec.form, ("tick", "dice", (dice,))))
    record.shot(phone, "setup", scroll_to="new-game-form")
    click(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait(driver, lambda d: d.find_elements(By.ID, "table-code"))
    return TableGame.objects.get(code=driver.find_element(By.ID, "table-code").text)


def join_seats(table: TableGame, others: list[Phone], base: str, record: Record) -> None:
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
                record.shot(phone, "join")
            click(driver, driver.find_element(By.ID, f"take-seat-{number}"))
        wait(driver, lambda d: d.find_elements(By.ID, "table-code"))
        if number == last == 2:  # one free seat: taken at once, the phone on the table
            wait(driver, lambda d: table_data(d, "status") == "playing")
            record.shot(phone, "join")
    for phone in others:
        wait(phone.driver, lambda d: table_data(d, "status") == "playing")
    record.shot(others[-1], "seats", scroll_to="table-players")  # every seat, its player and account


def seat_phones(group: Phones, base: str, users, spec: Table, record: Record, dice: str = "seeded"):
    """One phone per account, signed in and counting its taps; the table set up on the first and joined by
    the others. The table, the phones in seat order, and each header player's phone."""
    seated = group.signed_in(base, users)
    for phone in seated:
        count_taps(phone)
    table = start_table(seated[0], base, spec, record, dice)
    assert table.mode == dice, table.mode
    join_seats(table, seated[1:], base, record)
    table.refresh_from_db()
    by_player = {s.player: seated[s.number - 1] for s in table.seat_list()}
    return table, seated, by_player


# -- the simulated game, tapped ------------------------------------------------------------------------------
def shortest_game(table: TableGame, seeds) -> dict:
    """The shortest of the simulator's whole games from this table's header and seed, preferring one that
    does not reach the simulator's round limit (where its players concede: no page offers a concession)."""
    header = engine.session.with_seed(table.header, table.seed)
    games = [engine.simulate(table.game, seed, from_header=header) for seed in seeds]
    return min(games, key=lambda g: (any(e["type"] == "concede" for e in g["events"]), len(g["events"])))


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


# Each tap is found and made in one script, so that a redraw (a stream's or a poll's) cannot come between.
# A space of a game's own board (a hex, or an Eternia area), highlighted or not: its own click handler.
TAP_SPACE = """
const space = document.querySelector(
  `#table-board [data-hex="${arguments[0]}"], #table-board [data-area="${arguments[0]}"]`);
if (space) space.dispatchEvent(new MouseEvent('click', {bubbles: true}));
return !!space;
"""
# A green hex of Battleground's board: a space an offered move leads to.
TAP_PICK = """
const hex = document.querySelector(`#table-board polygon.pick[data-hex="${arguments[0]}"]`);
if (hex) hex.dispatchEvent(new MouseEvent('click', {bubbles: true}));
return !!hex;
"""
# A piece's button for a space several of its offers lead to (a game's own board).
TAP_WAYS = """
const group = document.querySelectorAll('#table-choices .choice-group')[arguments[0]];
const button = group && group.querySelector(`button.chip.move[data-place="${arguments[1]}"]`);
if (button) button.dispatchEvent(new MouseEvent('click', {bubbles: true}));
return !!button;
"""
CUSTOM_BOARD = "const s = window.ArbiterTable.state(); return !!(window.ArbiterBoards || {})[s.game]"


def soon(driver, condition, timeout: float = 30):
    """``wait``, looking often: a game is hundreds of taps."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.02).until(condition)


SHOWS = (
    "const t = document.getElementById('table');"
    " return t.dataset.events === arguments[0] && (t.dataset.offers > 0 || arguments[1])"
)


def current(phone: Phone, index: int, record: Record, offers: bool = True) -> list[dict]:
    """Wait until ``phone`` shows the game with ``index`` events stored and something offered; its offers.
    The page draws a new state from its live stream; one still behind after ``LIVE_WAIT`` seconds is woken
    as a phone picked up is (``visibilitychange``: it reads the table's state at once), and counted."""
    from selenium.common.exceptions import TimeoutException

    driver = phone.driver
    if not driver.execute_script(SHOWS, str(index), not offers):
        try:
            soon(driver, lambda d: d.execute_script(SHOWS, str(index), not offers), timeout=LIVE_WAIT)
        except TimeoutException:
            record.woken += 1
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


def _piece(offer: dict) -> str:
    return (offer.get("piece") or {}).get("id", "")


def tap_event(
    phone: Phone, event: dict, index: int, record: Record, rng: random.Random | None = None
) -> None:
    """Tap ``event`` on ``phone`` the way the page offers it (``rng``: real dice, then entered at random on
    the grid the page shows) and wait until it is stored. A tap the page refuses fails the game
    (``record.strict``) or is counted, and the event tapped again."""
    for _ in range(4):
        refusal = _tap(phone, event, index, record, rng)
        if not refusal:
            return
        record.refused += 1
        assert not record.strict, f"{event} refused on {phone.name}'s page: {refusal}"
    raise AssertionError(f"{event} refused four times on {phone.name}'s page: {refusal}")


def _tap(phone: Phone, event: dict, index: int, record: Record, rng: random.Random | None) -> str:
    """One try at ``tap_event``: the refusal the page shows ("" when the event was stored)."""
    driver = phone.driver
    began = time.monotonic()
    offers = current(phone, index, record, offers=event["type"] != "concede")
    record.seconds["page catching up"] += time.monotonic() - began
    began = time.monotonic()
    driver.execute_script(MARK_REFUSAL)
    offer = next((o for o in offers if o["event"] == event), None)
    if offer is None and event["type"] == "concede":
        # No page offers a concession (docs/log-format.md: recorded by the platform); the page's script
        # sends it as the page would, the engine checks it.
        driver.execute_script("window.ArbiterTable.send(arguments[0])", event)
        record.conceded += 1
    else:
        assert offer is not None, f"{phone.name}'s page does not offer {event} (event {index})"
        _tap_offer(phone, offer, offers, record)
        if rng is not None:
            _enter_dice(phone, index, record, rng)
    # Read by script only from here: a redraw cannot make the wait fail, so a tap is never repeated.
    soon(driver, lambda d: int(table_data(d, "events") or 0) > index or d.execute_script(NEW_REFUSAL))
    record.seconds["tap to stored"] += time.monotonic() - began
    return driver.execute_script(NEW_REFUSAL)


def _tap_offer(phone: Phone, offer: dict, offers: list[dict], record: Record) -> None:
    """The taps table.js takes for ``offer`` among ``offers`` (this module's docstring)."""
    from selenium.webdriver.common.by import By

    driver = phone.driver
    event, place, piece = offer["event"], offer.get("place"), _piece(offer)
    custom = driver.execute_script(CUSTOM_BOARD)
    there = [o for o in offers if o.get("place") == place] if place else []  # every offer to that space
    if place and not custom:
        # Battleground: every hex an offered move leads to is tapped at once; the ways there listed
        # when several offers lead there.
        record.shot(phone, "decision", scroll_to="table-board", once=True)
        soon(driver, lambda d: d.execute_script(TAP_PICK, place))
        record.taps += 1
        record.board_taps += 1
        if len(there) > 1:
            soon(driver, lambda d: d.execute_script(TAP_BUTTON, event, None))
            record.taps += 1
    elif place and len(there) == 1:
        # The only offer to a highlighted space of the game's own board: one tap on the board.
        record.shot(phone, "decision", scroll_to="table-board", once=True)
        assert driver.execute_script(TAP_SPACE, place), f"no space {place} on the board"
        record.taps += 1
        record.board_taps += 1
    elif place and sum(_piece(o) == piece for o in there) == 1:
        # Several pieces can go there: the piece's own button for that space, one tap.
        record.shot(phone, "decision", scroll_to="table-choices", once=True)
        assert driver.execute_script(TAP_BUTTON, event, None), f"no button for {event}"
        record.taps += 1
        record.listed_moves += 1
    elif place:
        # Several of the piece's offers lead to that space: its button for the space, then the way.
        keys = list(dict.fromkeys(_piece(o) for o in offers))
        assert driver.execute_script(TAP_WAYS, keys.index(piece), place), f"no {place} for {piece}"
        record.taps += 1
        soon(
            driver,
            lambda d: d.find_elements(By.XPATH, "//div[@id='table-choices']/button[text()='Back']"),
        )
        assert driver.execute_script(TAP_BUTTON, event, None), f"no way {event} in the list"
        record.taps += 1
        record.listed_moves += 1
    else:
        assert driver.execute_script(TAP_BUTTON, event, None), f"no button for {event}"
        record.taps += 1


ENTRY = (
    "const e = window.ArbiterTable.entry(); if (!e) return null;"
    " return {at: e.at, needs: e.needs.length, grid: e.needs[e.at].grid, entered: e.entered[e.at]}"
)
# One of the buttons ``arguments[0]`` finds, the ``arguments[1]`` (0 ≤ x < 1) of the way along, tapped.
TAP_ONE_OF = """
const all = document.querySelectorAll(arguments[0]);
if (all.length) all[Math.floor(arguments[1] * all.length)].dispatchEvent(new MouseEvent('click', {bubbles: true}));
return all.length > 0;
"""


def _enter_dice(phone: Phone, index: int, record: Record, rng: random.Random) -> None:
    """What the table rolled and drew, entered on the grid the page shows after the choice (table.js'
    dice entry): a face at random for each die row, then for each extra row it asks for, cards at random
    among those left; "Next" for each need, "Record" for the last; again when the engine asks for more
    (``partial``). No reroll is taken. Returns once the page has sent the event, or refused it."""
    driver = phone.driver

    def done(d) -> bool:
        return int(table_data(d, "events") or 0) > index or bool(d.execute_script(NEW_REFUSAL))

    def tap(selector: str) -> None:
        assert driver.execute_script(TAP_ONE_OF, selector, rng.random()), f"nothing to tap at {selector}"
        record.taps += 1
        record.dice_taps += 1

    soon(driver, lambda d: done(d) or d.execute_script("return !!window.ArbiterTable.entry()"))
    while not done(driver):
        entry = driver.execute_script(ENTRY)
        if entry is None:
            return  # sent: the caller waits until it is stored
        grid, entered = entry["grid"], entry["entered"]
        if "pick" in grid:
            for _ in range(grid["pick"]["count"] - len(entered["cards"])):
                tap("#table-entry button[data-card]")
        else:
            for row, value in enumerate(entered["values"]):
                if value is None:
                    tap(f'#table-entry button[data-row="{row}"]')
            # One extra row at a time while the faces entered ask for more (each redraw is immediate).
            while driver.execute_script(
                "const e = window.ArbiterTable.entry().entered[window.ArbiterTable.entry().at];"
                ' return document.querySelectorAll(`#table-entry button[data-extra="${e.extras.length}"]`).length'
            ):
                extras = driver.execute_script(ENTRY)["entered"]["extras"]
                tap(f'#table-entry button[data-extra="{len(extras)}"]')
        assert driver.execute_script("return !document.getElementById('entry-next').disabled"), entry
        if entry["at"] < entry["needs"] - 1:
            tap("#entry-next")
            continue
        driver.execute_script("window.__entry = window.ArbiterTable.entry()")
        tap("#entry-next")  # "Record": sent, or the engine asked again (a new entry)
        soon(
            driver,
            lambda d: done(d) or d.execute_script("return window.ArbiterTable.entry() !== window.__entry"),
        )


def refuse_on_another_phone(phone: Phone, table: TableGame, event: dict, record: Record) -> None:
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
    record.shot(phone, "refusal", scroll_to="table-refusal")
    record.refusal_checked += 1


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
        if shown != index:  # its stream's message not drawn yet
            continue
        for offer in offers:
            assert set(engine.session.actors(replay, offer["event"])) & players, (phone.name, offer["event"])
            hero = offer["event"].get("hero")
            assert hero not in controlled or controlled[hero] in players, (phone.name, offer["event"])
        checked += 1
    return checked


def _stored(table: TableGame, index: int) -> tuple[int, dict | None]:
    """How many events the table holds, and its entry ``index`` when it holds it: one query."""
    from django.db.models import F, Func, IntegerField

    return (
        TableGame.objects.filter(pk=table.pk)
        .annotate(count=Func(F("entries"), function="jsonb_array_length", output_field=IntegerField()))
        .values_list("count", f"entries__{index}")
        .get()
    )


class Simulated:
    """The simulator's whole game (the shortest of ``seeds``) from the table's header and seed: its events
    in order, the site's steps among them."""

    def __init__(self, table: TableGame, seeds):
        self.events = shortest_game(table, seeds)["events"]

    def logged(self, index: int, event: dict) -> None:
        assert self.events[index] == event, (index, event, self.events[index])

    def next(self, replay, index: int) -> dict | None:
        return self.events[index] if index < len(self.events) else None


#: how much likelier than others a player picks each kind of event (``RandomPlayer``): purposeful play, as
#: the platform's tests and benchmarks/recorder_taps.py weigh it
WEIGHTS = {"end_activation": 0.05, "pass": 0.05, "guard": 0.1, "concede": 0, "agree_draw": 0}
WEIGHTS |= {"attack": 10.0, "special": 6.0, "deploy": 6.0, "smite": 3.0, "toss": 3.0, "move": 2.0}


def choices(replay, recorded: bool) -> list[dict]:
    """The events a player may choose among now: the legal events, or with real dice (``recorded``) each
    of them without what the table rolls and draws, those alike once (engine.session.offers)."""
    events = replay.legal_events()
    if recorded:
        events = list({repr(sorted(e.items())): e for e in map(replay.outcome_free, events)}.values())
    return events


class RandomPlayer:
    """For a game whose simulator cannot play a given header (Battleground's), or a table whose players
    roll (``recorded``: the dice are entered on the page, at random): each choice picked at random among
    the page's offers, weighted by ``WEIGHTS``. It gives up after ``limit`` events (``stopped``)."""

    def __init__(self, seed: int, recorded: bool = False, limit: int = 3000):
        self.rng = random.Random(seed)  # nosec B311 - a seeded player for tests and benchmarks
        self.recorded, self.limit, self.stopped = recorded, limit, False

    def logged(self, index: int, event: dict) -> None:
        pass

    def next(self, replay, index: int) -> dict | None:
        if engine.session.is_over(replay):
            return None
        if index >= self.limit:
            self.stopped = True
            return None
        events = choices(replay, self.recorded)
        return self.rng.choices(events, weights=[WEIGHTS.get(e["type"], 1.0) for e in events])[0]


def player_for(table: TableGame, spec: Table, seed: int, limit: int = 3000):
    """Who picks the events: the simulator (the shortest of ``spec.tries`` games from ``seed`` on), or a
    random player (``spec.simulated`` false, or the table's players roll)."""
    if table.mode == "recorded":
        return RandomPlayer(seed, recorded=True, limit=limit)
    if spec.simulated:
        return Simulated(table, range(seed * spec.tries, (seed + 1) * spec.tries))
    return RandomPlayer(seed, limit=limit)


def play_whole_game(
    table: TableGame,
    by_player: dict[str, Phone],
    record: Record,
    player,
    refuse_at: int | None = None,
    heroes: dict | None = None,
    check_every: int | None = 10,
) -> list[dict]:
    """Tap every event ``player`` picks (``Simulated`` or ``RandomPlayer``) on the phone of its actor; the
    site logs the rest. ``refuse_at``: from this event on, the next event is first sent by a phone that is
    not its actor's (refused); ``check_every``: each phone's offers checked every so many events entered.
    The game's events."""
    replay = engine.session.start(engine.session.with_seed(table.header, table.seed))
    recorded = table.mode == "recorded"
    dice = random.Random(table.code) if recorded else None  # nosec B311 - the faces entered, at random
    holders: dict[Phone, set] = {}
    for actor, phone in by_player.items():
        holders.setdefault(phone, set()).add(actor)
    events: list[dict] = []
    first = True
    while True:
        index = len(events)
        count, entry = _stored(table, index)
        if index < count:  # the site logged it: the rules left no choice
            assert entry["seat"] == SITE, (index, entry)
            player.logged(index, entry["event"])
            record.site += 1
            engine.session.step(replay, entry["event"])
            events.append(entry["event"])
            continue
        began = time.monotonic()
        event = player.next(replay, index)
        record.seconds["choosing"] += time.monotonic() - began
        if event is None:
            break
        actors = engine.session.actors(replay, event)
        assert actors, event
        phone = by_player[actors[0]]
        if first:
            current(phone, index, record)
            for other in holders:
                wait(other.driver, lambda d: table_data(d, "status") == "playing")
                wait(
                    other.driver, lambda d: d.execute_script("return window.ArbiterTable.live()"), timeout=15
                )
                record.live += 1
            record.shot(phone, "first-turn")
            first = False
        if event["type"] != "concede":
            record.decisions += len(choices(replay, recorded)) > 1
            # the site should have logged it
            record.forced_asked += engine.session.forced(replay, recorded=recorded) is not None
        others = [p for p, players in holders.items() if not players & set(actors)]
        if refuse_at is not None and index >= refuse_at and not record.refusal_checked and others:
            refuse_on_another_phone(others[0], table, event, record)
        if check_every and len(record.entered) % check_every == 0:
            began = time.monotonic()
            record.checked += check_offers_are_their_own(holders, replay, index, heroes or {})
            record.seconds["offers checked"] += time.monotonic() - began
        tap_event(phone, event, index, record, dice)
        _, entry = _stored(table, index)
        assert entry["seat"] != SITE, entry
        if not recorded:
            assert entry["event"] == event, (entry, event)
        record.entered.append(entry["event"])  # with real dice: the choice with the faces entered
        engine.session.step(replay, entry["event"])
        events.append(entry["event"])
    table.refresh_from_db()
    record.over = not getattr(player, "stopped", False)
    if not record.over:
        return events
    assert table.status == "over", "the game ended but the table's did not"
    assert table.events == events
    assert entered_events(table) == record.entered
    return events


def report(record: Record, started: float) -> str:
    return (
        f"{record.name}: {len(record.entered) + record.site} events ({len(record.entered)} entered on the"
        f" phones, {record.conceded} of them concessions sent by script, {record.site} by the site),"
        f" {record.decisions} decisions, {record.taps} taps ({record.board_taps} on the board,"
        f" {record.listed_moves} moves from a list), {record.refused} refused, {record.forced_asked} forced"
        f" asked, {record.live} phones live, {record.woken} pages woken, {record.checked} phone offer checks,"
        f" {time.monotonic() - started:.0f} s ({', '.join(f'{k} {v:.0f} s' for k, v in record.seconds.items())})"
    )
