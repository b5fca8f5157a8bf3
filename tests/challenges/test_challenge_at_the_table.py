"""Challenges played at the table (play.challenges, docs/challenges.md "At the table"): the recorder's game
is the challenge's setup and seed, the players choose only the names, and the finished game's log is entered
into the challenge, verified through the normal pipeline and ranked on the leaderboard. A Hoplomachus solo
Assault (HR-13) from the page, a co-op Ascension (HR-14, two phones) through the API, and a Fields of
Eternia solo game (FE-18) by the same path; the errors a player reads when it cannot be played."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import engine
from challenges.models import ChallengeStart, EntryStatus
from play import finish, tables
from play import services as table_services
from play.models import TableGame
from tests.challenges.conftest import verify
from tests.challenges.test_api_and_pages import token_for

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"


def _hr_challenge(organizer, mode: str, players: int, *, opens=-1, closes=2):
    from challenges import matching, services

    sample = engine.simulate(HR, 7, mode=mode, players=players)
    now = datetime.now(UTC)
    return services.create_challenge(
        organizer, game=HR, mode=mode, title=f"The {mode} of the day", header=matching.published_header(sample),
        opens_at=now + timedelta(hours=opens), closes_at=now + timedelta(days=closes),
    )  # fmt: skip


def _play_to_the_end(table: TableGame, seed: int) -> TableGame:
    """Post, one at a time and by whichever phone may, the events of a game played from the table's own
    header and seed (the simulator choosing), until the table says the game is over."""
    game = engine.simulate(table.game, seed, from_header=engine.session.with_seed(table.header, table.seed))
    people = [p for p in (table.holder(1), table.holder(2)) if p is not None]
    for index, event in enumerate(game["events"]):
        table.refresh_from_db()
        if index < len(table.entries) and event["type"] == "concede":
            # The simulator's round limit, not a rule: the seed is the challenge's own (random), and a long
            # game may reach the limit where the site has already logged a rival's forced step. Concede there.
            table = _post(table, people, event)
            break
        if index < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[index] == event
            continue
        table = _post(table, people, event)
    table.refresh_from_db()
    assert table.status == "over", table.status
    return table


def _post(table: TableGame, people, event: dict) -> TableGame:
    """``event`` entered by whichever seated phone may enter it."""
    for person in people:
        try:
            return finish.post_event(table.code, person, event, table.version)
        except table_services.NotYourTurn:
            continue
    raise AssertionError(f"no phone may enter {event}")


def test_a_solo_assault_played_at_the_table_from_the_page_reaches_the_leaderboard(client, organizer, user):
    challenge = _hr_challenge(organizer, "assault", 1)
    client.force_login(user)
    page = client.get(f"/challenges/{challenge.slug}/").content.decode()
    assert 'id="play-at-table"' in page and 'name="name_1"' in page and 'name="name_2"' not in page

    made = client.post(f"/challenges/{challenge.slug}/play/", {"name_1": "Alice the Bold"})
    table = TableGame.objects.get()
    assert made.status_code == 302 and made["Location"] == table.get_absolute_url()
    # The challenge's game: its pack, seats (faction, force), setup and commitment; only the name is ours.
    assert table.status == "playing"  # one seat: nobody to wait for
    assert table.header["players"][0]["name"] == "Alice the Bold"
    for key in ("content_pack", "setup", "options"):
        assert table.header.get(key) == challenge.header.get(key)
    assert [(p["faction"], p["force"]) for p in table.header["players"]] == [
        (p["faction"], p["force"]) for p in challenge.header["players"]
    ]
    assert table.header["randomness"] == {"mode": "seeded", "commitment": challenge.commitment}
    assert table.seed == challenge.seed and "seed" not in table.header["randomness"]
    assert ChallengeStart.objects.filter(challenge=challenge, player=user).exists()  # started by the table
    shown = client.get(table.get_absolute_url()).content.decode()
    assert 'id="table-challenge"' in shown and challenge.title in shown
    assert services_state(table, user)["randomness"]["seed"] is None  # secret while the game is played

    # Back on the challenge page the unfinished game is offered again, not a second one.
    again = client.post(f"/challenges/{challenge.slug}/play/", {"name_1": "Alice the Bold"})
    assert again["Location"] == table.get_absolute_url() and TableGame.objects.count() == 1
    assert 'id="back-to-table"' in client.get(f"/challenges/{challenge.slug}/").content.decode()

    table = _play_to_the_end(table, 40)
    entry = challenge.entries.get()
    assert entry.player == user and entry.log == table.game_log and entry.status == EntryStatus.PENDING
    state = services_state(table, user)
    assert state["challenge"]["entered"] and state["randomness"]["seed"] == challenge.seed
    verify(entry.log_id)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED, entry.reasons
    rows = client.get(f"/api/challenges/{challenge.slug}/leaderboard/").json()
    assert [r["player"] for r in rows] == [user.username] and rows[0]["log"] == entry.log_id


def services_state(table: TableGame, user) -> dict:
    table.refresh_from_db()
    return table_services.state_payload(table, user)


def test_a_co_op_ascension_at_the_table_through_the_api_waits_for_the_second_phone(
    organizer, user, other_user
):
    challenge = _hr_challenge(organizer, "ascension", 2)
    alice = token_for(user)
    answer = alice.post(
        f"/api/challenges/{challenge.slug}/table/", {"names": ["Alice", "Mallory"]}, format="json"
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    table = TableGame.objects.get(code=body["code"])
    assert body["status"] == "waiting" and body["join_url"].endswith(f"/play/join/{table.code}/")
    assert body["players"] == ["Alice", "Mallory"] and body["commitment"] == challenge.commitment
    assert [(s["number"], s["joined"]) for s in body["seats"]] == [(1, True), (2, False)]
    assert (
        table.header["setup"] == challenge.header["setup"]
    )  # HR-14.2.5: the units dealt are the challenge's

    again = alice.post(
        f"/api/challenges/{challenge.slug}/table/", {"names": ["Alice", "Mallory"]}, format="json"
    )
    assert (
        again.status_code == 200 and again.json()["code"] == table.code
    )  # the unfinished table, not a new one
    table = tables.join(table.code, other_user)
    # The second phone's way back from the challenge's page is the table it sat at, not a new one.
    from challenges import services as challenge_services

    assert challenge_services.table_of(challenge, other_user) == table
    assert challenge_services.play_at_table(other_user, challenge, names=["Alice", "Mallory"]) == table
    table = _play_to_the_end(table, 41)
    entry = challenge.entries.get()
    assert entry.player == user  # the player who opened the table enters it…
    assert set(entry.players.all()) == {user, other_user}  # …and the entry is every seated player's
    assert table.game_log.submissions.filter(user=other_user).exists()  # the second phone has the log too
    verify(entry.log_id)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED, entry.reasons
    for person in (user, other_user):
        mine = token_for(person).get(f"/api/challenges/{challenge.slug}/entries/").json()
        assert [e["status"] for e in mine] == ["accepted"], person
    board = token_for(user).get(f"/api/challenges/{challenge.slug}/leaderboard/").json()
    assert sorted(row["player"] for row in board) == sorted([user.username, other_user.username])


def test_an_eternia_solo_challenge_is_played_at_the_table_by_the_same_path(client, user, challenge):
    client.force_login(user)
    page = client.get(f"/challenges/{challenge.slug}/").content.decode()
    assert 'id="play-at-table"' in page
    client.post(f"/challenges/{challenge.slug}/play/", {"name_1": "Teela"})
    table = TableGame.objects.get()
    assert table.status == "playing" and table.holder(2) is None  # FE-18: one phone
    table = _play_to_the_end(table, 5)
    table_services.confirm_result(table.code, user)
    entry = challenge.entries.get()
    verify(entry.log_id)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED, entry.reasons


def test_what_cannot_be_played_at_the_table_is_said_in_words(organizer, user, make_user):
    alice = token_for(user)
    later = _hr_challenge(organizer, "assault", 1, opens=3)
    answer = alice.post(f"/api/challenges/{later.slug}/table/", {"names": ["Alice"]}, format="json")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_open"
    assert "opens at" in answer.json()["error"]["message"]

    closed = _hr_challenge(organizer, "assault", 1, opens=-5, closes=0)
    type(closed).objects.filter(pk=closed.pk).update(closes_at=datetime.now(UTC) - timedelta(minutes=1))
    answer = alice.post(f"/api/challenges/{closed.slug}/table/", {"names": ["Alice"]}, format="json")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "closed"

    co_op = _hr_challenge(organizer, "assault", 2)
    for names in (["Alice"], ["Alice", ""], ["Alice", "alice "], "Alice"):
        answer = alice.post(f"/api/challenges/{co_op.slug}/table/", {"names": names}, format="json")
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_names", names
    assert not TableGame.objects.exists()
    from rest_framework.test import APIClient

    assert APIClient().post(
        f"/api/challenges/{co_op.slug}/table/", {"names": ["A", "B"]}, format="json"
    ).status_code in (401, 403)


def test_a_challenge_that_closes_during_the_game_keeps_the_log_as_a_free_game(organizer, user):
    challenge = _hr_challenge(organizer, "assault", 1)
    from challenges import services

    table = services.play_at_table(user, challenge, names=["Alice"])
    type(challenge).objects.filter(pk=challenge.pk).update(closes_at=datetime.now(UTC) - timedelta(seconds=1))
    table = _play_to_the_end(table, 40)
    assert not challenge.entries.exists() and table.game_log is not None  # stored for its player all the same
    problem = services_state(table, user)["challenge"]["problem"]
    assert problem.startswith("Not entered:") and "not open" in problem
