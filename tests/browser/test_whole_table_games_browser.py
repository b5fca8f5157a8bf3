"""Whole games recorded at the table by several phones, through the pages (tests/browser/whole_table.py
says how each event is tapped): Battleground and Hoplomachus' skirmish on two phones, Hoplomachus'
Pandemonium with four players (HR-16) and its Alliance of two teams of two (HR-17), Fields of Eternia's
team game with three players a team (FE-2.1, each player controlling one hero) and its co-op game against
the game (FE-18.1.2), each co-op player on their own phone; Battleground also with real dice (LOG-4),
entered on the page's grid.

The site runs under uvicorn with Redis (tests/browser/asgi_site.py): every phone's live stream is open when
the game begins, and the phones that are not tapping draw each event from their stream (a page still behind
after a while would be woken; none may be). A phone that is not the actor is offered nothing of that
player's (checked every ten events on each phone showing the game as it stands), and an event it sends is
refused. Every tap the harness makes reaches the page (the page's own count agrees), and none is refused.
When the game ends every phone confirms the result; the log the site sent is verified by a real worker
process, must be legal and must hold exactly the events the phones entered and the site's steps.

Screenshots of each stage go to var/screenshots/recorder-<game>-<stage>.png.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from gamelogs.models import GameLog
from play.models import TableGame
from tests.browser.asgi_site import asgi_site  # noqa: F401 (the fixture: the site under uvicorn)
from tests.browser.chromium import requires_chromium
from tests.browser.phone_windows import Phone, Phones
from tests.browser.test_table_recorder import click, table_data, wait
from tests.browser.whole_table import (
    ETERNIA_TEAMS,
    NAMES,
    TABLES,
    Record,
    page_taps,
    play_whole_game,
    player_for,
    report,
    seat_phones,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
    # Whole games of 300–700 events on up to six phones take minutes each: run on request, so that
    # `make test` stays within its time (ARBITER_SLOW=1 make test, or pytest this file with ARBITER_SLOW=1).
    pytest.mark.skipif(os.environ.get("ARBITER_SLOW") != "1", reason="slow: run with ARBITER_SLOW=1"),
]


@pytest.fixture
def phones(tmp_path):
    group = Phones(tmp_path / "profile")
    yield group
    group.quit()


def finish_and_verify(table: TableGame, phones: list[Phone], record: Record, users) -> None:
    """Every phone sees the end and confirms the result; a worker verifies the log sent: legal."""
    from selenium.webdriver.common.by import By

    for phone in phones:
        wait(phone.driver, lambda d: table_data(d, "status") == "over")
    record.shot(phones[0], "game-end", scroll_to="table-over")
    for phone in phones:
        driver = phone.driver
        if table_data(driver, "status") == "over":
            click(driver, wait(driver, lambda d: d.find_element(By.ID, "confirm-result")))
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
    record.shot(last, "result-confirmed", scroll_to="table-over")
    document = json.loads(log.raw_bytes())
    assert document["events"] == table.events
    # LOG-4: the site's seed revealed once the game is over; real dice have none, the faces are in the events.
    assert document["randomness"].get("seed") == (table.seed if table.mode == "seeded" else None)


# -- what each table's start page must have set up ------------------------------------------------------------
def alliance_teams(table: TableGame, seated: list[Phone]) -> None:
    """HR-17.2.1: seats 1 and 3 against 2 and 4; HR-17.2: teammates each bring their own faction, and the
    players line says whose is whose."""
    assert table.header["setup"]["teams"] == {"red": ["p1", "p3"], "blue": ["p2", "p4"]}
    assert [s.team for s in table.seat_list()] == ["red", "blue", "red", "blue"]
    line = seated[0].driver.find_element("id", "table-players").text
    expected = "Anna (Kunlun) — you & Cleo (Pluto's Refugees) vs Bruno (Amazons) & Dario (Faction 4)"
    assert line == expected, line


def eternia_one_hero_each(table: TableGame, seated: list[Phone]) -> None:
    """FE-2.1: each of the six players controls one hero."""
    assert {p["id"]: p["force"] for p in table.header["players"]} == {
        p: [hero] for p, hero in ETERNIA_TEAMS.items()
    }


def co_op_heroes(table: TableGame, seated: list[Phone]) -> None:
    """FE-18.1.2: the first co-op player keeps the heroes the second does not control."""
    assert [p["force"] for p in table.header["players"]] == [["he-man", "stratos"], ["teela"]]


SET_UP = {
    "hoplomachus-alliance": alliance_teams,
    "eternia-team-game": eternia_one_hero_each,
    "eternia-co-op": co_op_heroes,
}


@pytest.mark.parametrize(("name", "dice"), [*((n, "seeded") for n in TABLES), ("battleground", "recorded")])
def test_phones_record_a_whole_game(name, dice, asgi_site, phones, make_user, celery_worker):  # noqa: F811
    started = time.monotonic()
    spec = TABLES[name]
    users = [make_user(n) for n in NAMES[: spec.phones]]
    record = Record(name if dice == "seeded" else f"{name}-{dice}")
    table, seated, by_player = seat_phones(phones, asgi_site, users, spec, record, dice)
    if name in SET_UP:
        SET_UP[name](table, seated)
    player = player_for(table, spec, seed=0)
    play_whole_game(table, by_player, record, player, refuse_at=3, heroes=spec.heroes)
    assert record.over  # not a random player's limit
    assert page_taps(seated) == record.taps  # every tap made reached the page, and only those
    finish_and_verify(table, seated, record, users)
    print("\n" + report(record, started))
    assert record.refusal_checked == 1 and record.refused == 0
    assert record.live == spec.phones and record.woken == 0  # the live stream carried every event
    assert record.forced_asked == 0  # the site logs what the rules leave no choice in
    assert record.board_taps + record.listed_moves > 0
    assert (record.dice_taps > 0) == (dice == "recorded")
    if spec.heroes:
        assert record.checked
