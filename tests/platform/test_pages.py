"""Server-rendered pages: accounts, upload, my logs, a log's live page and its verdict."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.services import make_organizer
from gamelogs.models import GameLog, LogState
from tests.support.logs import envelope_log
from tests.support.pages import loaded_from_elsewhere

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, user):
    client.force_login(user)
    return client


def set_verdict(log, state, verdict):
    GameLog.objects.filter(pk=log.pk).update(state=state, verdict=verdict, summary=verdict.get("summary", ""))
    log.refresh_from_db()
    return log


def test_home_page_for_visitors(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Sign up" in response.content and b"motu-battleground" in response.content


def test_signup_logs_in_and_creates_a_profile(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "password1": "a-long-passphrase-42",
            "password2": "a-long-passphrase-42",
            "display_name": "The Newbie",
            "club": "Grayskull Gamers",
        },
    )
    assert response.status_code == 302
    profile = client.get("/accounts/profile/")
    assert b"The Newbie" in profile.content and b"Grayskull Gamers" in profile.content
    assert b"badge organizer" not in profile.content and b"I want to run events" in profile.content


def test_login_and_logout(client, user):
    response = client.post("/accounts/login/", {"username": "alice", "password": "correct horse battery"})
    assert response.status_code == 302 and response.url == "/"  # the player's home
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/logs/").status_code == 302  # back to the login page


def test_profile_shows_the_organizer_badge_and_upload_count(logged_in, user, stored_log):
    make_organizer(user)
    page = logged_in.get("/accounts/profile/").content.decode()
    assert "badge organizer" in page and "1 log" in page


def test_profile_can_be_edited(logged_in):
    logged_in.post("/accounts/profile/", {"display_name": "Skeletor's nemesis", "club": "Eternia"})
    assert "Skeletor&#x27;s nemesis" in logged_in.get("/accounts/profile/").content.decode()


def test_upload_page_stores_and_redirects_to_the_log(logged_in, envelope_bytes):
    response = logged_in.post(
        "/logs/upload/", {"file": SimpleUploadedFile("mine.json", envelope_bytes("page"))}
    )
    log = GameLog.objects.get()
    assert response.status_code == 302 and response.url == f"/logs/{log.pk}/"
    assert log.source == "web" and log.filename == "mine.json"


def test_upload_page_duplicate_goes_to_the_existing_log(logged_in, envelope_bytes, stored_log):
    response = logged_in.post(
        "/logs/upload/", {"file": SimpleUploadedFile("again.json", envelope_bytes("stored"))}, follow=True
    )
    assert response.redirect_chain[-1][0] == f"/logs/{stored_log.pk}/"
    assert b"uploaded before" in response.content
    assert GameLog.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "status", "text"),
    [
        (b"not json at all", 400, "not valid JSON"),
        (json.dumps(envelope_log(1, game="chess")).encode(), 400, "Unknown game"),
        (b"x" * (4 * 1024 * 1024 + 1), 413, "the limit is 4,194,304 bytes"),
    ],
)
def test_upload_page_explains_what_is_wrong(logged_in, data, status, text):
    response = logged_in.post("/logs/upload/", {"file": SimpleUploadedFile("bad.json", data)})
    assert response.status_code == status
    assert text in response.content.decode()
    assert GameLog.objects.count() == 0


def test_upload_page_without_a_file(logged_in):
    response = logged_in.post("/logs/upload/", {})
    assert response.status_code == 400 and b"Choose a log file" in response.content


def test_upload_page_has_drop_zone_and_file_picker(logged_in):
    page = logged_in.get("/logs/upload/").content.decode()
    assert 'id="dropzone"' in page and 'type="file"' in page and "gamelogs/upload.js" in page


def test_my_logs_lists_states_and_filters(logged_in, stored_log, user, envelope_bytes):
    from gamelogs.services import submit_log

    other = submit_log(user, envelope_bytes("second")).log
    GameLog.objects.filter(pk=other.pk).update(state=LogState.ILLEGAL)
    page = logged_in.get("/logs/").content.decode()
    assert f"#{stored_log.pk}" in page and f"#{other.pk}" in page and "Queued" in page and "Illegal" in page
    filtered = logged_in.get("/logs/?state=illegal").content.decode()
    assert f"#{other.pk}" in filtered and f"#{stored_log.pk}<" not in filtered


def test_queued_log_page_polls_its_state(logged_in, stored_log):
    page = logged_in.get(f"/logs/{stored_log.pk}/").content.decode()
    assert 'data-final="false"' in page and "gamelogs/log.js" in page and 'role="progressbar"' in page
    status = logged_in.get(f"/logs/{stored_log.pk}/status.json").json()
    assert status == {
        "id": stored_log.pk,
        "state": "queued",
        "state_label": "Queued",
        "final": False,
        "events_total": 1,
        "events_verified": 0,
        "summary": "",
    }


def test_legal_log_page_shows_result_with_vp_by_source(logged_in, stored_log):
    set_verdict(
        stored_log,
        LogState.LEGAL,
        {
            "status": "legal",
            "summary": "LEGAL — Evil Warriors win 60–20 (objectives 40, knockouts 20) after 4 rounds",
            "result": {
                "outcome": "win",
                "winner": "p1",
                "ended_by": "rounds",
                "rounds_played": 4,
                "vp": {
                    "p1": {"total": 60, "objectives": 40, "missions": 0, "knockouts": 20},
                    "p2": {"total": 20, "objectives": 20, "missions": 0, "knockouts": 0},
                },
                "seats": [
                    {
                        "seat": "p1",
                        "team": None,
                        "outcome": "win",
                        "rank": 1,
                        "score": 60,
                        "components": {"objectives": 40, "missions": 0, "knockouts": 20},
                    },
                    {
                        "seat": "p2",
                        "team": None,
                        "outcome": "loss",
                        "rank": 2,
                        "score": 20,
                        "components": {"objectives": 20, "missions": 0, "knockouts": 0},
                    },
                ],
            },
            "statistics": {"sides": [{"player": "p1", "attacks": 7}]},
        },
    )
    page = logged_in.get(f"/logs/{stored_log.pk}/").content.decode()
    assert "Evil Warriors win 60–20" in page and 'id="result-table"' in page
    # The columns are the game's score components as its plugin names them.
    assert ">Objectives<" in page and ">Knock-outs<" in page and ">VP<" in page
    assert ">40<" in page and ">60<" in page and page.count("winner</span>") == 1
    assert "gamelogs/log.js" not in page  # final: no polling
    assert "Sides" in page and ">7<" in page


def test_illegal_log_page_shows_the_event_and_its_neighbours(logged_in, user):
    from gamelogs.services import submit_log

    log_doc = envelope_log("ctx")
    log_doc["events"] = [{"type": "move", "n": n} for n in range(10)]
    log = submit_log(user, json.dumps(log_doc).encode()).log
    set_verdict(
        log,
        LogState.ILLEGAL,
        {
            "status": "illegal",
            "summary": "ILLEGAL at event 5 (round 1, Stratos): too far (BG-9.2.4)",
            "error": {
                "rule": "BG-9.2.4",
                "message": "too far",
                "event_index": 5,
                "round": 1,
                "actor": "Stratos",
            },
        },
    )
    page = logged_in.get(f"/logs/{log.pk}/").content.decode()
    assert 'id="error-rule">BG-9.2.4<' in page and 'id="error-event">#5<' in page and "too far" in page
    for n in range(2, 9):
        assert f"event {n}" in page
    assert "event 1<" not in page and "event 9<" not in page
    assert page.count('id="offending-event"') == 1


def test_user_supplied_text_is_escaped(logged_in, user):
    from gamelogs.services import submit_log

    players = [{"id": "p1", "name": "<script>alert(1)</script>", "faction": "x", "force": []}]
    log = submit_log(
        user, json.dumps(envelope_log("xss", players=players)).encode(), filename="<b>x</b>.json"
    ).log
    page = logged_in.get(f"/logs/{log.pk}/").content.decode()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>x</b>" not in page


def test_someone_elses_log_page_is_not_found(client, other_user, stored_log):
    client.force_login(other_user)
    assert client.get(f"/logs/{stored_log.pk}/").status_code == 404
    assert client.get(f"/logs/{stored_log.pk}/status.json").status_code == 404
    assert client.get(f"/logs/{stored_log.pk}/raw.json").status_code == 404


def test_raw_download_returns_the_exact_bytes(logged_in, stored_log):
    response = logged_in.get(f"/logs/{stored_log.pk}/raw.json")
    assert response.status_code == 200 and response.content == stored_log.raw_bytes()


def test_pages_need_a_login(client, stored_log):
    for url in ["/logs/", "/logs/upload/", f"/logs/{stored_log.pk}/", "/accounts/profile/"]:
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/accounts/login/")


def test_api_docs_are_served_without_a_cdn(logged_in):
    schema = logged_in.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/logs/{id}/" in schema.content
    docs = logged_in.get("/api/docs/").content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist" in docs and loaded_from_elsewhere(docs) == []


def test_oversized_page_upload_is_refused_before_the_body_is_read(logged_in):
    response = logged_in.post(
        "/logs/upload/", {"file": SimpleUploadedFile("big.json", b"{}")}, CONTENT_LENGTH=str(60 * 1024 * 1024)
    )
    assert response.status_code == 413
    assert "the limit is 4,194,304 bytes" in response.content.decode()


def test_upload_page_says_an_empty_file_is_empty(logged_in):
    response = logged_in.post("/logs/upload/", {"file": SimpleUploadedFile("empty.json", b"")})
    assert response.status_code == 400 and b"The file is empty." in response.content
