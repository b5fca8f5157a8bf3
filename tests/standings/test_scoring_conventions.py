"""Standings after a top cut, battle points and soft scores, through services, pages, API and CSV.

Players of the ``field`` fixture are seeded in entry order (Player A is seed 1); round 1 by
seeding pairs the top half against the bottom half.
"""

import csv
import io

import pytest
from rest_framework.test import APIClient

from draw import services as draw_services
from draw.event_audit import event_discrepancies
from draw.seats import two_seats
from participants import services as participant_services
from participants.models import SoftScore
from results import services as result_services
from standings.services import standings_table
from tests.draw.test_bracket import play
from tournaments import services
from tournaments.errors import EventError

pytestmark = pytest.mark.django_db


def api_for(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


def csv_rows(client, event):
    return list(csv.reader(io.StringIO(client.get(f"/events/{event.slug}/standings.csv").content.decode())))


def test_after_a_top_cut_the_standings_stay_swiss_and_the_bracket_is_the_final_ranking(
    field, organizer, client
):
    event, _ = field(8, format="swiss_top_cut", swiss_rounds=2, top_cut=4)
    play(event, organizer)
    play(event, organizer)
    swiss = {r["registration"]: r["metrics"]["points"] for r in event.rounds.get(number=2).standings.rows}
    play(event, organizer, upsets=(2,))  # semi-finals: seeds 1 and 3 go through
    play(event, organizer, upsets=(1,))  # the final: seed 3 beats seed 1
    event.refresh_from_db()
    seeds = event.fixed_seeds

    body = APIClient().get(f"/api/events/{event.slug}/standings/").json()
    # "after round 4" and elimination wins added to Swiss points were the bug: the standings
    # stay those after round 2, the last Swiss round, with Swiss points only.
    assert body["after_round"] == 2 and body["top_cut"] is True and body["placements_after_round"] == 4
    assert {r["registration"]: r["metrics"]["points"] for r in body["rows"]} == swiss
    assert [(p["label"], p["registration"]) for p in body["placements"]] == [
        ("1st", seeds[2]),
        ("2nd", seeds[0]),
        ("3rd–4th", seeds[1]),
        ("3rd–4th", seeds[3]),
    ]
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Swiss standings after round 2" in page and "after round 4" not in page
    assert 'id="final-ranking"' in page and page.index("1st") < page.index("3rd–4th")
    # The snapshots stored after the elimination rounds are the Swiss standings, and check_event agrees.
    assert event.rounds.get(number=4).standings.rows == event.rounds.get(number=2).standings.rows
    assert event_discrepancies(event) == []


def test_battle_points_set_through_the_api_rank_by_margin(field, organizer, client):
    event, _ = field(4, swiss_rounds=1, tiebreaks=["points", "score_diff"])
    bands = [
        {"min": 0, "max": 4, "label": "Draw", "winner": 10, "loser": 10},
        {"min": 5, "max": 14, "label": "Minor victory", "winner": 13, "loser": 7},
        {"min": 15, "max": None, "label": "Major victory", "winner": 17, "loser": 3},
    ]
    gap = [bands[0], {**bands[1], "min": 6}, bands[2]]
    refused = api_for(organizer).patch(f"/api/events/{event.slug}/", {"battle_points": gap}, format="json")
    assert refused.status_code == 400 and "leaves margins 5–5 without a band" in str(refused.json())
    saved = api_for(organizer).patch(f"/api/events/{event.slug}/", {"battle_points": bands}, format="json")
    assert saved.status_code == 200 and saved.json()["battle_points"] == bands

    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    one, two = round_.matches.order_by("table")
    result_services.decide_result(organizer, one, scores=two_seats("win", (30, 10)))  # margin 20: 17-3
    result_services.decide_result(organizer, two, scores=two_seats("win", (12, 10)))  # margin 2: 10-10
    draw_services.close_round(organizer, round_)
    rows = {r["registration"]: r["metrics"]["points"] for r in round_.standings.rows}
    assert rows == {
        one.entrants()[0].pk: 17,
        one.entrants()[1].pk: 3,
        two.entrants()[0].pk: 10,
        two.entrants()[1].pk: 10,
    }
    assert b"Battle points" in client.get(f"/events/{event.slug}/standings/").content
    assert APIClient().get(f"/api/events/{event.slug}/standings/").json()["scoring"] == "battle_points"
    with pytest.raises(EventError, match="Battle points cannot change once the event has started"):
        services.update_event(organizer, event, battle_points=[])


def test_the_event_form_takes_typed_bands_and_presets(organizer, client):
    client.force_login(organizer)
    form = {
        "name": "Margin Cup",
        "game": "motu-battleground",
        "starts_on": "2026-06-01",
        "format": "swiss",
        "swiss_rounds": 3,
        "top_cut": 8,
        "first_round": "seeded",
        "draw_rule": "higher_seed",
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "bye_score": 0,
        "max_byes": 1,
        "tiebreaks": "points, sos",
        "content_pack": "bg-core-starter",
        "points_limit": 110,
        "round_minutes": 90,
        "late_join_points": 0,
        "soft_scores_use": "ignored",
        "odd_field": "bye",
        "battle_points": "0-4 Draw 10-10\n6+ Win 15-5",
        "soft_score_categories": "Painting: 20",
    }
    page = client.post("/events/new/", form)
    # The typed text stays in the form with the reason it was refused.
    assert page.status_code == 200 and "leaves margins 5–5 without a band" in page.content.decode()
    assert "6+ Win 15-5" in page.content.decode()
    created = client.post("/events/new/", {**form, "battle_points": "", "scoring_preset": "victory-bands"})
    assert created.status_code == 302
    event = organizer.events_created.get(name="Margin Cup")
    assert [b["label"] for b in event.battle_points] == ["Draw", "Minor victory", "Major victory", "Massacre"]
    assert event.soft_score_categories == [{"key": "painting", "name": "Painting", "max": 20}]


def test_soft_scores_are_entered_shown_exported_and_ranked_as_the_event_chooses(
    field, organizer, client, make_player
):
    event, players = field(
        4,
        swiss_rounds=1,
        tiebreaks=["points", "score_diff"],
        soft_score_categories=[{"name": "Sportsmanship", "max": 10}, {"name": "Painting", "max": 20}],
        soft_scores_use="tiebreak",
    )
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    one, two = round_.matches.order_by("table")
    # Both winners win 15-5: level on points and score difference.
    for match in (one, two):
        result_services.decide_result(organizer, match, scores=two_seats("win", (15, 5)))
    draw_services.close_round(organizer, round_)
    first, second = one.entrants()[0].pk, two.entrants()[0].pk
    second_name = two.entrants()[0].display_name  # table 2's first seat (first seats alternate by table)
    assert [r["rank"] for r in round_.standings.rows][:2] == [1, 1]

    client.force_login(organizer)
    url = f"/events/{event.slug}/manage/soft-scores/"
    refused = client.post(url, {f"soft-{second}-painting": "25", f"soft-{first}-painting": "4"})
    text = refused.content.decode()
    assert f"Painting for {second_name} must be between 0 and 20" in text and 'value="25"' in text
    assert not SoftScore.objects.exists()  # nothing stored when one entry is refused
    saved = client.post(url, {f"soft-{second}-painting": "18", f"soft-{second}-sportsmanship": "9.5"})
    assert saved.status_code == 302

    # Soft scores break the tie right after the points: the second table's winner is now first.
    round_.standings.refresh_from_db()
    rows = round_.standings.rows
    assert round_.standings.order == ["points", "soft_score", "score_diff"]
    assert (rows[0]["registration"], rows[0]["rank"], rows[0]["metrics"]["soft_score"]) == (second, 1, 27.5)
    assert (rows[1]["registration"], rows[1]["rank"]) == (first, 2)
    assert rows[0]["metrics"]["points"] == 3  # game points are untouched
    assert event_discrepancies(event) == []

    header, *lines = csv_rows(client, event)
    assert header[-2:] == ["soft:sportsmanship", "soft:painting"] and "soft_score" in header
    assert lines[0][-2:] == ["9.5", "18"] and lines[1][-2:] == ["", ""]
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Sportsmanship" in page and "27.5" in page

    # The API: anyone reads, organizers write, players may not.
    api = f"/api/events/{event.slug}/soft-scores/"
    body = APIClient().get(api).json()
    assert (
        body["use"] == "tiebreak"
        and {"registration": second, "name": second_name}.items()
        <= next(p for p in body["players"] if p["registration"] == second).items()
    )
    put = {"scores": [{"registration": first, "category": "painting", "points": 20}]}
    assert api_for(players[0]).put(api, put, format="json").status_code == 403
    done = api_for(organizer).put(api, put, format="json")
    assert done.status_code == 200
    unknown = api_for(organizer).put(
        api, {"scores": [{"registration": first, "category": "speed", "points": 1}]}, format="json"
    )
    assert (
        unknown.status_code == 400 and "no soft score category 'speed'" in unknown.json()["error"]["message"]
    )


def test_soft_scores_added_to_the_total_replace_points_as_first_key(field, organizer):
    event, _ = field(
        2,
        swiss_rounds=1,
        tiebreaks=["points", "sos"],
        soft_score_categories=[{"name": "Painting", "max": 20}],
        soft_scores_use="total",
    )
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    match = round_.matches.get()
    result_services.decide_result(organizer, match, scores=two_seats("win", (15, 5)))
    draw_services.close_round(organizer, round_)
    participant_services.enter_soft_scores(organizer, event, {match.entrants()[1].pk: {"painting": 4}})
    rows = event.rounds.get(number=1).standings.rows
    # The loser's 0 + 4 painting beats the winner's 3 + 0: the total ranks, points stay game points.
    assert [(r["registration"], r["metrics"]["total"], r["metrics"]["points"]) for r in rows] == [
        (match.entrants()[1].pk, 4, 0),
        (match.entrants()[0].pk, 3, 3),
    ]
    table = standings_table(event)
    assert table["order"] == ["total", "sos"] and table["columns"][0]["name"] == "Total with soft scores"


@pytest.mark.parametrize(
    ("use", "soft_winner_seeded_first"), [("ignored", False), ("tiebreak", True), ("total", True)]
)
def test_the_top_cut_is_seeded_in_the_order_of_the_swiss_standings_soft_scores_included(
    field, organizer, use, soft_winner_seeded_first
):
    """The bracket's seeds are the Swiss standings the organizer sees: two winners level on points
    and score difference are seeded by their soft scores when the event ranks by them (as a tiebreak
    or added to the total), and by the event's own order when it ignores them."""
    event, _ = field(
        4,
        format="swiss_top_cut",
        swiss_rounds=1,
        top_cut=2,
        tiebreaks=["points", "score_diff"],
        soft_score_categories=[{"name": "Painting", "max": 20}],
        soft_scores_use=use,
    )
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    one, two = round_.matches.order_by("table")
    for match in (one, two):  # both winners win 15-5: level on points and score difference
        result_services.decide_result(organizer, match, scores=two_seats("win", (15, 5)))
    draw_services.close_round(organizer, round_)
    first, second = one.entrants()[0].pk, two.entrants()[0].pk
    participant_services.enter_soft_scores(organizer, event, {second: {"painting": 12}})
    standing = [row["registration"] for row in standings_table(event)["rows"]][:2]
    assert standing == ([second, first] if soft_winner_seeded_first else [first, second])

    final = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    event.refresh_from_db()
    assert event.fixed_seeds == standing  # seed 1 is the standings' first
    (match,) = final.matches.all()
    assert {match.entrants()[0].pk, match.entrants()[1].pk} == {first, second}
