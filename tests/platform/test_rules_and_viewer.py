"""The rules reference pages and the replay viewer's data for a log page."""

from __future__ import annotations

import json

import pytest

from gamelogs.services import submit_log
from gamelogs.verification import verify_stored_log
from tests.support.logs import encode, legal_simulated_log, with_die_of_seven

pytestmark = pytest.mark.django_db

GAME = "motu-battleground"


@pytest.fixture
def logged_in(client, user):
    client.force_login(user)
    return client


def stored_and_verified(user, log: dict):
    stored = submit_log(user, encode(log), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    stored.refresh_from_db()
    return stored


def test_a_rule_page_shows_its_title_and_explanation(client):
    page = client.get(f"/rules/{GAME}/BG-13.1.2/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "BG-13.1.2" in text and "knocked out" in text  # the explanation, not just the id
    assert client.get(f"/rules/{GAME}/BG-99.9/").status_code == 404
    assert client.get("/rules/no-such-game/BG-1.1/").status_code == 404


def test_log_format_rules_have_pages_too(client):
    page = client.get(f"/rules/{GAME}/LOG-4.3/")
    assert page.status_code == 200 and "seed" in page.content.decode()


def test_the_rules_index_lists_every_rule_with_a_link(client):
    page = client.get(f"/rules/{GAME}/")
    text = page.content.decode()
    assert page.status_code == 200
    assert f'href="/rules/{GAME}/BG-8.1.1/"' in text and f'href="/rules/{GAME}/BG-AMB-33/"' in text


def test_the_rules_page_lists_every_game_and_the_menu_links_it_on_every_page(client):
    import engine

    page = client.get("/rules/").content.decode()
    games = page[page.index('id="rule-games"') :]
    for info in engine.games():
        assert f'href="/rules/{info.id}/"' in games and f"{info.name} rules" in games
    for path in ("/", "/rules/motu-battleground/", "/meta/", "/no/such/page/"):
        menu = client.get(path).content.decode().split('aria-label="Main menu"')[1].split("</nav>")[0]
        assert 'href="/rules/">Rules reference</a>' in menu, path
    client.cookies["django_language"] = "it"
    page = client.get("/rules/").content.decode()
    assert "Riferimento delle regole" in page and "Regole di " in page


def test_an_illegal_log_page_links_its_rule_and_explains_it(logged_in, user):
    log, _ = legal_simulated_log(first_seed=5)
    bad, index = with_die_of_seven(log)
    stored = stored_and_verified(user, bad)
    assert stored.state == "illegal"
    text = logged_in.get(f"/logs/{stored.pk}/").content.decode()
    assert (
        f'id="error-rule-title" lang="en" href="/rules/{GAME}/BG-8.1.1/">A test is a roll of six-sided dice<'
        in text
    )
    assert 'id="error-rule-explanation"' in text and "six-sided dice" in text
    assert 'id="replay-viewer"' in text


def test_the_viewer_data_of_a_legal_log_has_every_event_with_its_view(logged_in, user):
    log, verdict = legal_simulated_log(first_seed=5)
    stored = stored_and_verified(user, log)
    data = logged_in.get(f"/replay/logs/{stored.pk}.json").json()
    assert data["error"] is None
    assert [s["index"] for s in data["steps"]] == list(range(len(log["events"])))
    assert data["steps"][-1]["view"]["result"] == verdict.result
    assert len(data["board"]["hexes"]) == 25 * 30
    assert all(s["text"] for s in data["steps"])


def test_the_viewer_data_of_an_illegal_log_ends_at_the_refused_event_with_the_board_before_it(
    logged_in, user
):
    log, _ = legal_simulated_log(first_seed=5)
    bad, index = with_die_of_seven(log)
    stored = stored_and_verified(user, bad)
    data = logged_in.get(f"/replay/logs/{stored.pk}.json").json()
    last = data["steps"][-1]
    assert last["illegal"] and last["index"] == index and last["event"] == bad["events"][index]
    assert last["view"] == data["steps"][-2]["view"]  # the board as it was
    assert data["error"]["rule"] == "BG-8.1.1" and data["error"]["url"] == f"/rules/{GAME}/BG-8.1.1/"
    assert data["error"]["title"] and "six-sided" in data["error"]["explanation"]
    assert stored.error["rule"] == data["error"]["rule"] and stored.error["event_index"] == index


def test_someone_elses_log_has_no_viewer_data(client, other_user, user):
    log, _ = legal_simulated_log(first_seed=5)
    stored = stored_and_verified(user, log)
    client.force_login(other_user)
    assert client.get(f"/replay/logs/{stored.pk}.json").status_code == 404


def test_an_unreadable_header_gets_a_clear_answer(logged_in, stored_log):
    # The envelope-only sample log has no forces: there is no board to draw, and the answer says so.
    response = logged_in.get(f"/replay/logs/{stored_log.pk}.json")
    assert response.status_code == 422
    assert "cannot be read" in json.loads(response.content)["error"]["message"]
