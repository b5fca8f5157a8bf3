"""The table's read-only spectator link (play:watch, issue #22): anyone with its secret link follows the
game without logging in, from the turn line to the result, and can do nothing there; nothing a seat keeps
hidden (HR-17.2.8) and not the join code is ever in what it is sent; another token is a 404; the seated
page hands its players the link."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from play import tables
from play.models import TableGame
from tests.platform.test_play_alliance import alliance_table, face_down_seen
from tests.support.phones import battleground_table, logged_in, post_event

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


@pytest.fixture
def table(user, other_user):
    return battleground_table(user, other_user)


def test_every_table_has_its_own_unguessable_watch_token(table, user):
    other = tables.create_game(
        user,
        game=GAME,
        seats=[tables.Seating("A", "first-game-ew"), tables.Seating("B", "first-game-motu")],
        first_player_seat=1,
    )
    tokens = list(TableGame.objects.values_list("watch_token", flat=True))
    assert len(set(tokens)) == 2 and all(len(t) == 16 for t in tokens)  # 96 random bits each
    assert other.watch_token not in (table.code, other.code)


def test_anyone_with_the_link_reads_the_page_without_logging_in(table):
    page = Client().get(f"/play/watch/{table.watch_token}/")
    assert page.status_code == 200
    text = page.text.split('<section id="table"')[1].split("</main>")[0]  # the page's own part
    assert 'data-read-only="1"' in text and 'id="table-board"' in text and 'id="table-history"' in text
    assert f'data-state-url="/play/watch/{table.watch_token}/state.json"' in text
    assert f'data-stream-url="/play/watch/{table.watch_token}/stream"' in text
    # Nothing to do there: no form token, no posting address, no confirmation, no download, no invitation.
    for absent in ("csrfmiddlewaretoken", "data-event-url", "data-dice-url", "data-undo-url", "data-abandon-url",
                   'id="confirm-result"', 'id="download-log"', 'id="table-invite"', "/qr.svg"):  # fmt: skip
        assert absent not in text, absent
    assert table.code not in page.text  # the join code takes a free seat: a spectator never sees it
    assert 'id="projector-on"' in text and "projector" not in text.split(">")[0]
    projector = Client().get(f"/play/watch/{table.watch_token}/?projector=1").text
    assert 'class="watching projector"' in projector and 'id="projector-off"' in projector


def test_the_spectators_state_follows_the_game_with_nothing_to_do(table, user):
    spectator = Client()
    assert post_event(logged_in(user), table, {"type": "deal", "player": "p1"}).status_code == 200
    table.refresh_from_db()
    response = spectator.get(f"/play/watch/{table.watch_token}/state.json?board=1")
    assert response.status_code == 200 and response["Cache-Control"].startswith("max-age=0")
    state = response.json()
    seated = logged_in(user).get(f"/play/{table.code}/state.json").json()
    assert seated[
        "offers"
    ]  # the seated phone has something to do, so the spectator's empty list says something
    assert state["offers"] == [] and state["concede"] == [] and state["can_undo"] is False
    assert (
        state["my_seats"] == [] and state["seat"] is None and state["player"] is None and not state["my_turn"]
    )
    assert not any(s["mine"] for s in state["seats"]) and state["organizer"] is False
    assert state["code"] is None and state["download_url"] is None and table.code not in response.text
    assert state["watching"] is True and state["board"]
    assert [e["text"] for e in state["events"]] == [e["text"] for e in seated["events"]] and len(
        state["events"]
    ) == 2
    assert (state["version"], state["status"], state["turn"], state["to_act"]) == (
        seated["version"], seated["status"], seated["turn"], seated["to_act"]
    )  # fmt: skip
    assert [s["account"] for s in state["seats"]] == ["alice", "mallory"]
    unchanged = spectator.get(f"/play/watch/{table.watch_token}/state.json?since={table.version}")
    assert unchanged.json() == {"version": table.version, "changed": False}


def test_another_token_is_not_found(table):
    spectator = Client()
    wrong = table.watch_token[:-1] + ("A" if table.watch_token[-1] != "A" else "B")
    assert spectator.get(f"/play/watch/{wrong}/").status_code == 404
    assert spectator.get(f"/play/watch/{wrong}/state.json").status_code == 404
    assert spectator.get(f"/play/watch/{wrong}/state.json?since=1").status_code == 404
    assert spectator.get(f"/play/watch/{table.code}/").status_code == 404  # the join code is no watch token
    assert spectator.get(f"/play/watch/{wrong}/stream").status_code == 404


def test_a_spectator_cannot_post(table):
    version = table.version
    answer = Client().post(
        f"/play/{table.code}/events",
        json.dumps({"event": {"type": "deal", "player": "p1"}, "version": version}),
        content_type="application/json",
    )
    assert answer.status_code in (302, 403, 404)
    table.refresh_from_db()
    assert table.version == version


def test_the_spectators_never_see_a_face_down_unit(four):
    """HR-17.2.8: each Alliance player's six chosen units lie face down in their camp, hidden from every
    other player until deployed; a spectator holds no seat, so sees none of them (how many, only)."""
    phones, table = alliance_table(four)
    chosen = table.header["setup"]["units"]
    seated = phones["alice"].get(f"/play/{table.code}/state.json").json()
    assert face_down_seen(seated, chosen)["p1"] == set(chosen["p1"])  # in alice's own hand: the test can fail
    response = Client().get(f"/play/watch/{table.watch_token}/state.json?board=1")
    state = response.json()
    assert all(not units for units in face_down_seen(state, chosen).values())
    for owner, ids in chosen.items():
        for unit in ids:
            assert f'"{owner}:{unit}"' not in response.text, (owner, unit)
    assert {p: t.get("face_down") for p, t in state["view"]["troops"].items() if p in chosen} == {
        p: 6 for p in chosen
    }
    assert state["offers"] == [] and state["concede"] == []


def test_the_seated_page_shows_the_spectator_link(table, user, other_user):
    for account in (user, other_user):
        page = logged_in(account).get(f"/play/{table.code}/").text
        assert 'id="table-watch-link"' in page
        assert f'value="http://testserver/play/watch/{table.watch_token}/"' in page
        assert f'href="http://testserver/play/watch/{table.watch_token}/?projector=1"' in page


def test_the_spectators_never_see_a_fate_card_in_a_hand(table, user):
    """A Battleground hand of fate cards is its player's alone until a card is revealed: the seated phone
    is offered its own cards to select; the spectator is sent how many cards each hand holds, never which."""
    assert post_event(logged_in(user), table, {"type": "deal", "player": "p1"}).status_code == 200
    table.refresh_from_db()
    seated = logged_in(user).get(f"/play/{table.code}/state.json").json()
    hand = {o["event"]["card"] for o in seated["offers"] if o["event"].get("card")}
    assert hand  # alice selects among the cards in her hand: the test can fail
    watched = Client().get(f"/play/watch/{table.watch_token}/state.json?board=1")
    for card in hand:
        assert card not in watched.text, card
    assert [side["hand_size"] for side in watched.json()["view"]["sides"]] == [7, 7]
