"""Hoplomachus challenges end to end: an Assault (HR-13) and a co-op Ascension (HR-14) published from the
command line, started and entered through the API, the page and the ordinary upload (the path `arbiter
upload` takes), verified, ranked (score, then fewer rounds, then earlier) with each entry's verdict one click
away; a log whose setup differs from the challenge's is refused with the reason."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command

import engine
from tests.challenges.conftest import verify
from tests.challenges.test_api_and_pages import token_for

pytestmark = pytest.mark.django_db

GAME = "hoplomachus-remastered"


def _publish(tmp_path, organizer, mode: str, players: int) -> tuple:
    """Publish a challenge with ``manage.py create_challenge`` from a simulated game's header."""
    from challenges.matching import published_header
    from challenges.models import Challenge

    sample = engine.simulate(GAME, 7, mode=mode, players=players)
    now = datetime.now(UTC)
    spec = {
        "game": GAME, "mode": mode, "title": f"The {mode} of the day", "header": published_header(sample),
        "opens_at": (now - timedelta(hours=1)).isoformat(), "closes_at": (now + timedelta(days=2)).isoformat(),
        "created_by": organizer.username,
    }  # fmt: skip
    path = tmp_path / "challenge.json"
    path.write_text(json.dumps(spec))
    call_command("create_challenge", str(path))
    return Challenge.objects.get(game=GAME, mode=mode), spec


def _another_rival(setup: dict) -> dict:
    """The setup's rival side changed: another neutral hero (HR-13's Assault) or another titan (HR-14)."""
    units = engine.game(GAME).content_loader().units.values()
    if setup["mode"] == "assault":
        hero = next(
            u.id
            for u in units
            if u.kind == "hero" and u.faction is None and u.id != setup["neutral_heroes"]["p1"]
        )
        return {"neutral_heroes": {"p1": hero}}
    return {"titan": next(u.id for u in units if u.kind == "titan" and u.id != setup["titan"])}


def _played(header: dict, seed: int, **setup_changes) -> bytes:
    """A game played from ``header`` at the table (the simulator picks the decisions): the player's own log."""
    given = {**header, "setup": {**header["setup"], **setup_changes}}
    doc = engine.simulate(GAME, seed, from_header=given)
    doc["simulated"] = False  # a player's game, as the challenge requires (docs/challenges.md)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(("mode", "players"), [("assault", 1), ("ascension", 2)])
def test_a_hoplomachus_challenge_runs_from_the_command_line_to_the_leaderboard(
    tmp_path, organizer, user, other_user, client, mode, players
):
    challenge, spec = _publish(tmp_path, organizer, mode, players)
    assert "seed" not in challenge.header["randomness"] and len(challenge.commitment) == 64

    page = client.get(f"/challenges/{challenge.slug}/")
    assert page.status_code == 200 and challenge.commitment in page.content.decode()
    listed = client.get(f"/api/challenges/?game={GAME}").json()
    assert [c["slug"] for c in listed] == [challenge.slug] and listed[0]["seed"] is None

    # alice starts through the API and enters two games by the challenge's entries endpoint
    alice = token_for(user)
    started = alice.post(f"/api/challenges/{challenge.slug}/start/").json()
    header = started.get("header", started)
    assert engine.commitment_for(header["randomness"]["seed"]) == challenge.commitment
    entered = []
    for seed in (40, 41):
        answer = alice.post(f"/api/challenges/{challenge.slug}/entries/", _played(header, seed),
                            content_type="application/json")  # fmt: skip
        assert answer.status_code == 202, answer.content
        entered.append(answer.json()["log"])
    # mallory starts and uploads by the ordinary log upload (what `arbiter upload` posts): entered by its
    # commitment; a third log with another setup is refused, saying which part differs
    mallory = token_for(other_user)
    mallory.post(f"/api/challenges/{challenge.slug}/start/")
    own = mallory.get(f"/api/challenges/{challenge.slug}/header/").json()
    upload = mallory.post("/api/logs/", _played(own, 42), content_type="application/json")
    assert upload.status_code in (201, 202), upload.content
    entered.append(upload.json()["id"])
    other_setup = _another_rival(own["setup"])
    bad = mallory.post(f"/api/challenges/{challenge.slug}/entries/", _played(own, 43, **other_setup),
                       content_type="application/json")  # fmt: skip
    assert bad.status_code == 202, bad.content
    for log_id in [*entered, bad.json()["log"]]:
        verify(log_id)

    mine = {e["log"]: e for e in mallory.get(f"/api/challenges/{challenge.slug}/entries/").json()}
    assert mine[bad.json()["log"]]["status"] == "refused"
    assert any("setup." in r for r in mine[bad.json()["log"]]["reasons"]), mine[bad.json()["log"]]["reasons"]
    assert mine[entered[2]]["status"] == "accepted", mine[entered[2]]["reasons"]

    # the board: one row per player (their best), score first, then fewer rounds; each verdict a click away
    from gamelogs.models import GameLog

    rows = client.get(f"/api/challenges/{challenge.slug}/leaderboard/").json()
    assert {r["player"] for r in rows} == {user.username, other_user.username}
    assert [(-(r["score"] or 0), r["rounds"]) for r in rows] == sorted(
        (-(r["score"] or 0), r["rounds"]) for r in rows
    )
    for row in rows:
        log = GameLog.objects.get(pk=row["log"])
        against = log.verdict["result"]["against_game"]
        assert (row["outcome"], row["score"]) == (against["outcome"], against["score"])
        assert row["rounds"] == log.verdict["result"]["rounds_played"]
        shown = client.get(row["verdict_url"]).content.decode()
        assert log.sha256 in shown and "LEGAL" in shown
    board = client.get(f"/challenges/{challenge.slug}/").content.decode()
    assert 'id="leaderboard"' in board and rows[0]["verdict_url"] in board
