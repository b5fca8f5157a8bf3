"""The events API: create, register, submit a list, pair, publish, report, standings as JSON and CSV."""

import csv
import io

import pytest
from rest_framework.test import APIClient

from draw import services as draw_services
from draw.seats import two_seats
from results import services as result_services
from tests.tournaments_django.conftest import EW, MOTU, cross_faction_match, first_game_force, log_for

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def finish_round(event, round_, organizer):
    for match in round_.matches.games().order_by("table"):
        result_services.decide_result(organizer, match, scores=two_seats("win", (30 + match.table, 10)))
    draw_services.close_round(organizer, round_)


def test_the_whole_flow_through_the_api(organizer, make_player):
    api = client_for(organizer)
    created = api.post(
        "/api/events/",
        {
            "name": "API Open",
            "starts_on": "2026-07-01",
            "swiss_rounds": 2,
            "points_limit": 110,
            "tiebreaks": ["points", "score_diff", "sos"],
            "first_round": "seeded",
            "lists_public": True,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    slug = created.json()["slug"]
    assert created.json()["organizers"] == ["olga"] and created.json()["tiebreaks"] == [
        "points",
        "score_diff",
        "sos",
    ]

    players = [make_player(f"Api {i}") for i in range(4)]
    for i, user in enumerate(players):
        me = client_for(user)
        assert me.post(f"/api/events/{slug}/registrations/").status_code == 201
        faction = MOTU if i < 2 else EW
        saved = me.put(
            f"/api/events/{slug}/list/",
            {"entries": first_game_force(faction), "faction": faction},
            format="json",
        )
        assert saved.status_code == 200 and saved.json()["valid"] is True
    bad = client_for(players[0]).put(
        f"/api/events/{slug}/list/", {"text": "Stratos: Sword of Power"}, format="json"
    )
    assert bad.json()["valid"] is False
    assert (
        bad.json()["validation"]["errors"][0]["message"]
        == "Stratos: Sword of Power is iconic to He-Man; Stratos cannot carry it"
    )
    client_for(players[0]).put(
        f"/api/events/{slug}/list/", {"entries": first_game_force(MOTU), "faction": MOTU}, format="json"
    )

    paired = api.post(f"/api/events/{slug}/rounds/")
    assert paired.status_code == 201 and paired.json()["state"] == "draft"
    assert all(p["reason"] for p in paired.json()["pairings"])
    # A player does not see the draft.
    assert client_for(players[0]).get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert api.post(f"/api/events/{slug}/rounds/1/publish/").json()["state"] == "published"
    assert api.post(f"/api/events/{slug}/rounds/1/timer/", {"minutes": 60}, format="json").json()[
        "timer_ends_at"
    ]

    pairings = client_for().get(f"/api/events/{slug}/rounds/1/pairings/").json()
    assert [p["table"] for p in pairings] == [1, 2]
    table_one = pairings[0]
    seat_a, seat_b = table_one["seats"]
    assert (seat_a["index"], seat_b["index"], seat_a["outcome"], seat_a["score"]) == (0, 1, "", 0)
    a = next(u for u in players if u.registrations.get().pk == seat_a["registration"])
    b = next(u for u in players if u.registrations.get().pk == seat_b["registration"])
    reported = client_for(a).post(
        f"/api/events/{slug}/matches/{table_one['id']}/report/",
        {"seats": [{"outcome": "win", "score": 40}, {"outcome": "loss", "score": 20}]},
        format="json",
    )
    assert reported.status_code == 200 and reported.json()["state"] == "reported"
    assert reported.json()["result"]["final"] is False
    assert [(x["outcome"], x["score"], x["rank"]) for x in reported.json()["seats"]] == [
        ("win", 40, 1),
        ("loss", 20, 2),
    ]
    confirmed = client_for(b).post(f"/api/events/{slug}/matches/{table_one['id']}/confirm/")
    assert confirmed.json()["state"] == "confirmed" and confirmed.json()["result"]["final"] is True

    closing = api.post(f"/api/events/{slug}/rounds/1/close/")
    assert closing.status_code == 409 and closing.json()["error"]["code"] == "state"
    api.post(
        f"/api/events/{slug}/matches/{pairings[1]['id']}/decide/",
        {"seats": [{"outcome": "draw", "score": 5}, {"outcome": "draw", "score": 5}]},
        format="json",
    )
    assert api.post(f"/api/events/{slug}/rounds/1/close/").json()["state"] == "closed"

    standings = client_for().get(f"/api/events/{slug}/standings/").json()
    assert standings["after_round"] == 1 and standings["order"] == ["points", "score_diff", "sos"]
    assert [c["key"] for c in standings["columns"]][:3] == ["points", "score_diff", "sos"]
    assert standings["rows"][0]["name"] == a.profile.display_name
    assert standings["rows"][0]["metrics"] == {
        **standings["rows"][0]["metrics"],
        "points": 3,
        "score_diff": 20,
    }
    lists = client_for().get(f"/api/events/{slug}/lists/")
    assert lists.status_code == 200 and len(lists.json()) == 4  # public and locked


def test_api_errors_use_the_shared_error_shape(organizer, make_player, field):
    event, players = field(4)
    outsider = client_for(make_player("Outsider"))
    denied = outsider.post(f"/api/events/{event.slug}/rounds/")
    assert denied.status_code == 403 and "error" in denied.json()
    anonymous = client_for().post(f"/api/events/{event.slug}/registrations/")
    assert anonymous.status_code in (401, 403)
    invalid = client_for(organizer).post(
        "/api/events/", {"name": "Bad", "starts_on": "2026-01-01", "tiebreaks": ["luck"]}, format="json"
    )
    assert invalid.status_code == 400 and "luck" in invalid.json()["error"]["message"]
    twice = client_for(players[0]).post(f"/api/events/{event.slug}/registrations/")
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "state"


def test_upload_a_match_log_through_the_api(running_round, published):
    event, round_, players = running_round
    match = cross_faction_match(round_)
    response = client_for(match.entrants()[0].player).post(
        f"/api/events/{event.slug}/matches/{match.pk}/log/",
        data=log_for(match),
        content_type="application/json",
    )
    assert response.status_code == 202 and response.json()["state"] == "verifying"
    assert response.json()["log"]["state"] == "queued"
    garbage = client_for(match.entrants()[1].player).post(
        f"/api/events/{event.slug}/matches/{match.pk}/log/", data=b"not json", content_type="application/json"
    )
    assert garbage.status_code == 400


def test_standings_export_as_csv_with_every_tiebreak_column(field, organizer, client):
    event, players = field(4, tiebreaks=["points", "sos", "score_diff"])
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    finish_round(event, round_, organizer)
    for url in (
        f"/events/{event.slug}/standings.csv",
        f"/api/events/{event.slug}/standings.csv",
        f"/api/events/{event.slug}/standings/?format=csv",
    ):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        assert rows[0][:6] == ["rank", "player", "dropped", "points", "sos", "score_diff"]
        assert {"median_buchholz", "sonneborn_berger", "head_to_head", "knockouts", "score"} <= set(rows[0])
        assert len(rows) == 5
        assert rows[1][0] == "1" and rows[1][3] == "3"
    # The page shows the event's own tiebreaks; every other one on request.
    page = client.get(f"/events/{event.slug}/standings/")
    assert b"Strength of schedule" in page.content and b"Median Buchholz" not in page.content
    page = client.get(f"/events/{event.slug}/standings/?columns=all")
    assert b"Sonneborn-Berger" in page.content and b"Median Buchholz" in page.content


def test_csv_cells_cannot_become_spreadsheet_formulas(field, organizer, make_player, client):
    event, players = field(2, names=["=HYPERLINK(1)", "Plain"])
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    finish_round(event, round_, organizer)
    body = client.get(f"/events/{event.slug}/standings.csv").content.decode()
    assert "'=HYPERLINK(1)" in body


def test_the_schema_documents_the_events_api(client, user):
    client.force_login(user)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/events/{slug}/standings/" in schema.content


def test_the_schema_gives_results_as_a_list_of_seats(client, user):
    client.force_login(user)
    components = client.get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    result_input = components["ResultInput"]
    assert set(result_input["properties"]) == {"seats", "ending"} and result_input["required"] == ["seats"]
    assert set(components["SeatScoreInput"]["properties"]) == {"outcome", "score", "components", "rank"}
    match = components["Match"]["properties"]
    assert match["seats"]["type"] == "array" and match["seats"]["items"] == {
        "$ref": "#/components/schemas/Seat"
    }
    seat = components["Seat"]["properties"]
    assert {"index", "registration", "name", "outcome", "rank", "score", "components"} <= set(seat)
    every_field = {name for schema in components.values() for name in schema.get("properties", {})}
    assert not {name for name in every_field if name.endswith(("_a", "_b"))}


def test_a_result_without_seats_is_refused(running_round):
    event, round_, players = running_round
    match = cross_faction_match(round_)
    organizer = event.organizers.first()
    refused = client_for(organizer).post(
        f"/api/events/{event.slug}/matches/{match.pk}/decide/",
        {"outcome_a": "win", "score_a": 40, "score_b": 20},
        format="json",
    )
    assert refused.status_code == 400 and "seats" in str(refused.json())
    match.refresh_from_db()
    assert not match.has_result


def test_audit_notifications_history_and_ratings(field, organizer, django_capture_on_commit_callbacks):
    event, players = field(4)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    finish_round(event, round_, organizer)
    audit = client_for().get(f"/api/events/{event.slug}/audit/").json()
    actions = [e["action"] for e in audit["results"]]  # newest first
    assert actions[0] == "closed" and actions[-1] == "created"
    assert actions.index("published") < actions.index("paired")
    mine = client_for(players[0]).get("/api/events/me/notifications/").json()
    assert mine["results"][-1]["message"].startswith(f"{event.name} — Round 1: table")
    assert client_for().get("/api/events/me/notifications/").status_code in (401, 403)
    history = client_for().get(f"/api/events/players/{players[0].username}/").json()
    assert history["events"][0]["event"] == event.slug and len(history["events"][0]["matches"]) == 1
    assert history["rating"]["games"] == 1 and history["rating"]["provisional"] is True
    board = client_for().get("/api/events/ratings/").json()
    assert len(board) == 4 and board[0]["ordinal"] >= board[-1]["ordinal"]


def test_withdraw_and_add_an_organizer(field, organizer, make_user):
    from accounts.services import make_organizer

    event, players = field(2)
    assert client_for(players[1]).post(f"/api/events/{event.slug}/withdraw/").status_code == 204
    assert not event.registrations.filter(player=players[1]).exists()
    helper = make_user("helper")
    make_organizer(helper)
    added = client_for(organizer).post(
        f"/api/events/{event.slug}/organizers/", {"username": "helper"}, format="json"
    )
    assert added.status_code == 200 and set(added.json()["organizers"]) == {"helper", "olga"}


def test_bye_vp_is_still_understood_as_the_bye_score(organizer):
    """The setting was called bye_vp before it followed the game's score: a client still sending it keeps
    its bye setting."""
    api = client_for(organizer)
    created = api.post(
        "/api/events/", {"name": "Old client", "starts_on": "2026-01-01", "bye_vp": 7}, format="json"
    )
    assert created.status_code == 201, created.content
    assert created.json()["bye_score"] == 7


def test_an_api_client_may_fix_the_random_seed_and_change_it_before_round_one(organizer, make_player):
    """The seed that replays the first-round draw and drawn partners is kept as sent, not redrawn."""
    api = client_for(organizer)
    created = api.post(
        "/api/events/", {"name": "Seeded", "starts_on": "2026-01-01", "random_seed": 4242}, format="json"
    )
    assert created.status_code == 201, created.content
    assert created.json()["random_seed"] == 4242
    slug = created.json()["slug"]
    changed = api.patch(f"/api/events/{slug}/", {"random_seed": 7}, format="json")
    assert changed.status_code == 200 and changed.json()["random_seed"] == 7
