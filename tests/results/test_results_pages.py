# ruff: noqa: F811  (the tests take the imported fixture by its name)
"""The results grid page and API, the match page's status and dispute ruling, judges on the
manage page (issue 13)."""

import re

import pytest

from draw import services as draw_services
from draw.models import MatchState
from draw.seats import two_seats
from results import services as result_services
from tests.results.test_results_at_speed import live  # noqa: F401  (the fixture)
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def grid_post(match, outcome, a, b, ending="vp"):
    p = f"m{match.pk}"
    return {f"{p}-outcome_a": outcome, f"{p}-score_a": a, f"{p}-score_b": b, f"{p}-ending": ending}


def test_the_grid_saves_the_valid_rows_and_keeps_the_wrong_one_as_typed(client, live, organizer):
    event, round_, (first, second) = live
    url = f"/events/{event.slug}/rounds/1/results/"
    client.force_login(organizer)
    page = client.get(url)
    assert page.status_code == 200 and "2 tables without a result" in re.sub(
        "<[^>]+>", "", page.content.decode()
    )
    data = {**grid_post(first, "win", 40, 10), **grid_post(second, "win", 20, 30)}
    response = client.post(url, data)
    html = response.content.decode()
    assert response.status_code == 400
    assert "1 result saved. Table 2 was not saved" in html
    a, b = (r.display_name.split()[0] for r in second.entrants())  # table 2's seats, first seat first
    assert f"{a} won with 20 VP against {b}&#x27;s 30" in html or f"{a} won with 20 VP" in html
    assert re.search(rf'name="m{second.pk}-score_b"[^>]*value="30"', html)  # what was typed stays
    first.refresh_from_db()
    assert first.state == MatchState.CONFIRMED
    # Fixed, the second row saves; the first is unchanged.
    data.update(grid_post(second, "win", 20, 30, ending="knockout"))
    response = client.post(url, data)
    assert response.status_code == 302
    second.refresh_from_db()
    assert second.state == MatchState.CONFIRMED and second.ending == "knockout"
    assert "Every table has a result" in client.get(url).content.decode()


def test_a_half_filled_row_says_what_is_missing(client, live, organizer):
    event, round_, (first, _) = live
    client.force_login(organizer)
    p = f"m{first.pk}"
    response = client.post(f"/events/{event.slug}/rounds/1/results/", {f"{p}-score_a": 10})
    assert "Choose who won, or a draw." in response.content.decode()


def test_the_missing_filter_lists_tables_without_a_result_with_links(client, live, organizer):
    event, round_, (first, second) = live
    result_services.decide_result(organizer, first, two_seats("win", (40, 10)), ending="vp")
    client.force_login(organizer)
    html = client.get(f"/events/{event.slug}/rounds/1/results/?missing=1").content.decode()
    a, b = (r.display_name for r in second.entrants())  # table 2's seats, first seat first
    assert f'href="{second.get_absolute_url()}"' in html and f"Table {second.table}: {a} vs {b}" in html
    assert f"m{first.pk}-outcome_a" not in html
    round_page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "1 table without a result" in round_page and "?missing=1" in round_page


def test_players_cannot_open_the_grid_but_judges_can(client, live, organizer, make_player):
    event, round_, (first, _) = live
    client.force_login(first.entrants()[0].player)
    assert client.get(f"/events/{event.slug}/rounds/1/results/").status_code == 403
    judge = make_player("Giulia")
    client.force_login(organizer)
    response = client.post(f"/events/{event.slug}/manage/judges/", {"username": judge.get_username()})
    assert response.status_code == 302 and event.judges.filter(pk=judge.pk).exists()
    client.force_login(judge)
    assert client.get(f"/events/{event.slug}/rounds/1/results/").status_code == 200
    assert client.get(f"/events/{event.slug}/edit/").status_code == 403
    assert client.get(f"/events/{event.slug}/manage/").status_code == 403


def test_the_match_header_tells_reported_from_confirmed_and_names_people(client, live, organizer):
    event, round_, (match, _) = live
    a, b = match.entrants()
    result_services.report_result(a.player, match, two_seats("win", (40, 10)), ending="vp")
    client.force_login(b.player)
    html = client.get(match.get_absolute_url()).content.decode()
    assert f"Reported by {a.display_name}: awaiting the opponent" in html
    assert "Reported and confirmed" not in html and a.player.get_username() + ";" not in html
    result_services.dispute_result(b.player, match, reason="we drew")
    client.force_login(organizer)
    html = client.get(match.get_absolute_url()).content.decode()
    assert f"Disputed by {b.display_name}" in html and f"{b.display_name}: “we drew”" in html
    # No ruling is pre-selected, and without a log the form does not speak of one.
    assert re.search(r'name="decision"[^>]*checked', html) is None
    assert "The log and its verdict are above" not in html


def test_resolving_with_a_typed_replacement_applies_it_and_uphold_with_changes_is_refused(
    client, live, organizer
):
    event, round_, (match, _) = live
    result_services.report_result(match.entrants()[0].player, match, two_seats("win", (40, 10)), ending="vp")
    dispute = result_services.dispute_result(match.entrants()[1].player, match, reason="we drew")
    client.force_login(organizer)
    url = f"/events/{event.slug}/disputes/{dispute.pk}/resolve/"
    typed = {
        "outcome_a": "draw",
        "score_a": 30,
        "score_b": 30,
        "knockouts_dealt_a": 0,
        "knockouts_dealt_b": 0,
    }
    typed["ending"] = "vp"
    client.post(url, {**typed, "decision": "uphold"}, HTTP_REFERER=match.get_absolute_url())
    match.refresh_from_db()
    assert match.state == MatchState.DISPUTED  # refused, not silently upheld
    client.post(url, {**typed}, HTTP_REFERER=match.get_absolute_url())  # no decision: refused
    match.refresh_from_db()
    assert match.state == MatchState.DISPUTED
    client.post(url, {**typed, "decision": "overturn"})
    match.refresh_from_db()
    assert match.state == MatchState.CONFIRMED
    assert [(s.outcome, s.score) for s in match.seat_list()] == [("draw", 30), ("draw", 30)]


def test_the_round_page_flags_rounds_paired_before_a_correction(client, live, organizer):
    event, round_, (first, second) = live
    for match in (first, second):
        result_services.decide_result(organizer, match, two_seats("win", (40, 10)), ending="vp")
    draw_services.close_round(organizer, round_)
    draw_services.pair_next_round(organizer, event)
    client.force_login(organizer)
    response = client.post(
        first.get_absolute_url() + "decide/",
        {
            "outcome_a": "loss",
            "score_a": 10,
            "score_b": 40,
            "ending": "vp",
            "knockouts_dealt_a": 0,
            "knockouts_dealt_b": 0,
        },
    )
    assert response.status_code == 302
    assert AuditEntry.objects.filter(action="corrected", match=first).exists()
    html = client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert "Paired before a correction to round 1" in html


def test_the_bulk_results_api_saves_valid_rows_and_answers_207_for_the_rest(client, live, organizer):
    event, round_, (first, second) = live
    client.force_login(organizer)
    url = f"/api/events/{event.slug}/rounds/1/results/"
    body = {
        "results": [
            {"match": first.pk, "seats": [{"outcome": "win", "score": 40}, {"outcome": "loss", "score": 10}]},
            {
                "match": second.pk,
                "seats": [{"outcome": "win", "score": 20}, {"outcome": "loss", "score": 30}],
            },  # on VP by default
        ]
    }
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 207
    rows = response.json()["rows"]
    assert response.json()["saved"] == 1 and [r["status"] for r in rows] == ["saved", "error"]
    assert "BG-7.4.3" in rows[1]["message"]
    missing = client.get(url + "?missing=1").json()
    assert [m["id"] for m in missing] == [second.pk]
    body["results"][1]["ending"] = "knockout"
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 200 and [r["status"] for r in response.json()["rows"]] == [
        "unchanged",
        "saved",
    ]
    client.force_login(first.entrants()[0].player)
    assert client.post(url, body, content_type="application/json").status_code == 403


def test_the_api_adds_judges_and_corrects_closed_rounds(client, live, organizer, make_player):
    event, round_, (first, second) = live
    judge = make_player("Giulia")
    client.force_login(organizer)
    added = client.post(
        f"/api/events/{event.slug}/judges/",
        {"username": judge.get_username()},
        content_type="application/json",
    )
    assert added.status_code == 201 and added.json()["judges"] == [judge.get_username()]
    for match in (first, second):
        result_services.decide_result(organizer, match, two_seats("win", (40, 10)), ending="vp")
    draw_services.close_round(organizer, round_)
    client.force_login(judge)
    url = f"/api/events/{event.slug}/matches/{first.pk}/correct/"
    refused = client.post(
        url,
        {"seats": [{"outcome": "loss", "score": 30}, {"outcome": "win", "score": 40}]},
        content_type="application/json",
    )
    assert refused.status_code == 400 and "BG-7.4.3" in refused.json()["error"]["message"]
    corrected = client.post(
        url,
        {"seats": [{"outcome": "loss", "score": 10}, {"outcome": "win", "score": 40}], "note": "sheet"},
        content_type="application/json",
    )
    assert corrected.status_code == 200 and corrected.json()["result"]["ending"] == "vp"
    assert (
        client.patch(f"/api/events/{event.slug}/", {"name": "x"}, content_type="application/json").status_code
        == 403
    )
