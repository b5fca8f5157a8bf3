"""The challenges API (with its OpenAPI schema), the pages, who may publish, and the command."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import CommandError, call_command

from tests.challenges.conftest import GAME, play, verify

pytestmark = pytest.mark.django_db


def _spec(sample_log, **extra):
    from challenges.matching import published_header

    now = datetime.now(UTC)
    return {
        "game": GAME, "mode": "solo", "title": "Castle Grayskull holds", "header": published_header(sample_log),
        "opens_at": (now - timedelta(hours=1)).isoformat(), "closes_at": (now + timedelta(days=2)).isoformat(), **extra,
    }  # fmt: skip


def token_for(user):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def test_an_organizer_publishes_through_the_api_and_a_player_may_not(organizer, user, sample_log):
    refused = token_for(user).post("/api/challenges/", _spec(sample_log), format="json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    made = token_for(organizer).post("/api/challenges/", _spec(sample_log), format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["seed"] is None and len(body["commitment"]) == 64 and body["difficulty"]
    assert "seed" not in body["header"]["randomness"]


def test_an_unknown_mode_or_a_bad_header_is_a_clear_400(organizer, sample_log):
    client = token_for(organizer)
    bad_mode = client.post("/api/challenges/", _spec(sample_log, mode="standard"), format="json")
    assert bad_mode.status_code == 400 and "against the game" in bad_mode.json()["error"]["message"]
    header = {**_spec(sample_log)["header"], "content_pack": "nope"}
    bad_header = client.post("/api/challenges/", _spec(sample_log, header=header), format="json")
    assert bad_header.status_code == 400 and bad_header.json()["error"]["code"] == "invalid_header"


def test_anyone_reads_the_list_and_the_leaderboard_with_verdict_links(api_client, user, challenge, started):
    from challenges import services

    entry = services.submit_entry(user, challenge, play(started, 30))
    verify(entry.log_id)
    assert [c["slug"] for c in api_client.get("/api/challenges/").json()] == [challenge.slug]
    other = challenge.difficulty + "-not"
    assert api_client.get(f"/api/challenges/?difficulty={other}").json() == []
    rows = api_client.get(f"/api/challenges/{challenge.slug}/leaderboard/").json()
    assert len(rows) == 1 and rows[0]["rank"] == 1 and rows[0]["player"] == user.username
    page = api_client.get(rows[0]["verdict_url"])
    assert page.status_code == 200 and entry.log.sha256 in page.content.decode()


def test_entering_through_the_api_answers_202_pending_and_shows_refusal_reasons(
    token_client, user, challenge, started
):
    data = play({**started, "setup": {**started["setup"], "starting_team": "ew"}}, 31)
    answer = token_client.post(
        f"/api/challenges/{challenge.slug}/entries/", data, content_type="application/json"
    )
    assert answer.status_code == 202 and answer.json()["status"] == "pending"
    verify(answer.json()["log"])
    mine = token_client.get(f"/api/challenges/{challenge.slug}/entries/").json()
    assert mine[0]["status"] == "refused" and any("setup.starting_team" in r for r in mine[0]["reasons"])


def test_an_upload_that_is_not_a_log_is_refused_by_the_pipeline(token_client, challenge, started):
    answer = token_client.post(
        f"/api/challenges/{challenge.slug}/entries/", b"{", content_type="application/json"
    )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "not_json"


def test_the_schema_documents_the_challenges_api(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    assert {
        "/api/challenges/",
        "/api/challenges/{slug}/leaderboard/",
        "/api/challenges/{slug}/entries/",
    } <= set(schema["paths"])


def test_pages_show_the_board_and_the_players_refusal_reason(client, user, challenge, started):
    from challenges import services

    good = services.submit_entry(user, challenge, play(started, 32))
    bad = services.submit_entry(
        user, challenge, play({**started, "setup": {**started["setup"], "starting_team": "ew"}}, 33)
    )
    verify(good.log_id)
    verify(bad.log_id)
    assert client.get("/challenges/").status_code == 200
    client.force_login(user)
    page = client.get(f"/challenges/{challenge.slug}/").content.decode()
    assert 'id="leaderboard"' in page and f"/challenges/{challenge.slug}/entries/{good.pk}/" in page
    assert "setup.starting_team" in page


def test_start_and_enter_through_the_pages(client, user, challenge):
    client.force_login(user)
    client.post(f"/challenges/{challenge.slug}/start/")
    header = json.loads(client.get(f"/challenges/{challenge.slug}/header.json").content)
    assert header["randomness"]["seed"] == challenge.seed
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("game.json", play(header, 34), content_type="application/json")
    client.post(f"/challenges/{challenge.slug}/enter/", {"file": upload})
    entry = challenge.entries.get()
    assert entry.player == user and entry.status == "pending"


def test_only_organizers_and_staff_see_the_create_page(client, user, organizer, sample_log):
    client.force_login(user)
    assert client.get("/challenges/new/").status_code == 403
    client.force_login(organizer)
    assert client.get("/challenges/new/").status_code == 200
    spec = _spec(sample_log)
    form = {
        "game_mode": f"{GAME}/solo", "title": spec["title"], "header": json.dumps(spec["header"]),
        "opens_at": "2026-01-01 00:00", "closes_at": "2036-01-01 00:00",
    }  # fmt: skip
    answer = client.post("/challenges/new/", form)
    assert answer.status_code == 302 and answer["Location"].startswith("/challenges/castle-grayskull-holds")


def test_the_command_publishes_from_a_json_file(tmp_path, organizer, sample_log, capsys):
    from challenges.models import Challenge

    path = tmp_path / "challenge.json"
    path.write_text(json.dumps(_spec(sample_log, created_by=organizer.username)))
    call_command("create_challenge", str(path))
    challenge = Challenge.objects.get()
    assert challenge.created_by == organizer and challenge.commitment in capsys.readouterr().out
    path.write_text(json.dumps(_spec(sample_log, closes_at="soon")))
    with pytest.raises(CommandError, match="closes_at"):
        call_command("create_challenge", str(path))


@pytest.mark.parametrize("game", ["hoplomachus-remastered", "motu-fields-of-eternia"])
def test_the_demo_challenge_has_simulated_entries(db, game):
    """Each game's demo challenge (Hoplomachus' Assault, HR-13; Eternia's solo game, FE-18)."""
    from challenges import demo
    from challenges.models import ChallengeEntry

    challenge = demo.load(entries_per_player=1, game=game)
    assert challenge.allow_simulated and challenge.game == game
    for entry in ChallengeEntry.objects.filter(challenge=challenge):
        verify(entry.log_id)
    entries = ChallengeEntry.objects.filter(challenge=challenge)
    assert entries.count() == len(demo.DEMO_PLAYERS)
    assert all(e.simulated and e.status == "accepted" for e in entries), [e.reasons for e in entries]
    demo.load(entries_per_player=1, game=game)  # loading the demo again adds nothing
    assert ChallengeEntry.objects.filter(challenge=challenge).count() == len(demo.DEMO_PLAYERS)


def test_entering_before_starting_is_a_clear_409(token_client, challenge, sample_log):
    answer = token_client.post(
        f"/api/challenges/{challenge.slug}/entries/", json.dumps(sample_log), content_type="application/json"
    )
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_started"
    assert "Start the challenge first" in answer.json()["error"]["message"]


def test_a_refused_entry_is_seen_only_by_its_player_and_staff(client, user, other_user, challenge, started):
    from challenges import services

    refused = services.submit_entry(
        user, challenge, play({**started, "setup": {**started["setup"], "starting_team": "ew"}}, 35)
    )
    verify(refused.log_id)
    path = f"/challenges/{challenge.slug}/entries/{refused.pk}/"
    assert client.get(path).status_code == 404
    client.force_login(other_user)
    assert client.get(path).status_code == 404
    client.force_login(user)
    page = client.get(path)
    assert page.status_code == 200 and "setup.starting_team" in page.content.decode()
