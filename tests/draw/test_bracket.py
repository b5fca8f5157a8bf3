"""The bracket page, the bracket API and the placements in the standings exports.

Players of the ``field`` fixture are seeded in entry order (Player A is seed 1). Six players
make a bracket of 8: A and B have byes, D-E and C-F play round 1.
"""

import csv
import io

import pytest
from rest_framework.test import APIClient

from draw import services as draw_services
from draw.models import Match
from draw.seats import two_seats
from results import services as result_services

pytestmark = pytest.mark.django_db


def decide(round_, organizer, *, upsets=()):
    """Decide every game of a published round: side A wins except at the tables in ``upsets``."""
    for match in round_.matches.games().order_by("table"):
        upset = match.table in upsets
        result_services.decide_result(
            organizer,
            match,
            scores=two_seats("loss" if upset else "win", (10 + match.table, 20 if upset else 5)),
        )


def play(event, organizer, *, upsets=(), close=True):
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    decide(round_, organizer, upsets=upsets)
    if close:
        draw_services.close_round(organizer, round_)
    return round_


@pytest.fixture
def six(field, organizer):
    """A single-elimination event of six, round 1 published: E has beaten D, C-F is still open."""
    event, players = field(6, format="single_elimination")
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    d_e = round_.matches.get(table=2)
    result_services.decide_result(organizer, d_e, scores=two_seats("loss", (9, 16)))
    return event, round_


def finish_six(event, round_, organizer):
    """C beats F; A beats E and B beats C; B wins the final against A."""
    result_services.decide_result(organizer, round_.matches.get(table=4), scores=two_seats("win", (14, 8)))
    draw_services.close_round(organizer, round_)
    play(event, organizer)  # A beats E, B beats C
    play(event, organizer, upsets=(1,))  # the final: A (seed 1) loses to B


def test_the_page_draws_a_bracket_in_progress(client, six):
    event, _ = six
    page = client.get(f"/events/{event.slug}/bracket/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="bracket-link"' in html and f'href="/events/{event.slug}/bracket/"' in html
    # Three columns: the paired round and the two projected ones.
    assert [c["name"] for c in page.context["bracket"]["rounds"]] == [
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    assert html.count('class="bracket-slot"') == 4 + 2 + 1
    assert html.count("bracket-game projected") == 3
    assert html.count('<span class="name">bye</span>') == 2
    # E beat D (shown with the score); C-F waits for its result, so the semi-final names it.
    assert 'title="winner"' in html and "Player E" in html and ">16<" in html
    assert "Winner of table 4" in html and "Winner of table 1" in html and "Winner of table 2" in html
    assert "Awaiting log" in html
    placements = page.context["bracket"]["placements"]
    assert [(p["label"], p["name"], p["out_in"]) for p in placements] == [
        ("5th–6th", "Player D", "Quarter-finals (round 1)")
    ]
    assert 'id="bracket-decided"' not in html


def test_the_page_draws_a_finished_bracket_with_every_placement(client, six, organizer):
    event, round_ = six
    finish_six(event, round_, organizer)
    page = client.get(f"/events/{event.slug}/bracket/")
    html = page.content.decode()
    assert 'id="bracket-decided"' in html and "projected" not in html
    table = page.context["bracket"]
    assert table["finished"] and table["champion"]["name"] == "Player B"
    assert [(p["label"], p["name"]) for p in table["placements"]] == [
        ("1st", "Player B"),
        ("2nd", "Player A"),
        ("3rd–4th", "Player C"),
        ("3rd–4th", "Player E"),
        ("5th–6th", "Player D"),
        ("5th–6th", "Player F"),
    ]
    assert '<tr class="winner"><td>1st</td><td>Player B</td>' in html
    final = table["rounds"][2]["games"][0]
    assert (final["a"]["name"], final["b"]["name"], final["a"]["winner"], final["b"]["winner"]) == (
        "Player A",
        "Player B",
        False,
        True,
    )
    # Each decided game links to its match page.
    match = Match.objects.get(round__event=event, round__number=3)
    assert f'href="/events/{event.slug}/matches/{match.pk}/"' in html


def test_player_names_are_escaped(client, field, organizer):
    evil = '<script>alert("x")</script>'
    event, _ = field(4, names=[evil, "<b>Bold</b>", "Plain", "Other"], format="single_elimination")
    play(event, organizer, upsets=(2,), close=True)
    html = client.get(f"/events/{event.slug}/bracket/").content.decode()
    assert evil not in html and "<b>Bold</b>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert "&lt;b&gt;Bold&lt;/b&gt;" in html


def test_no_bracket_before_its_first_round_is_published(client, field, organizer):
    event, _ = field(8, format="swiss_top_cut", swiss_rounds=1, top_cut=4)
    page = client.get(f"/events/{event.slug}/bracket/")
    assert page.status_code == 200 and 'id="bracket-not-drawn"' in page.content.decode()
    assert "The top 4 of the Swiss standings" in page.content.decode()
    play(event, organizer)
    draw_services.pair_next_round(organizer, event)  # the cut, still a draft
    assert client.get(f"/events/{event.slug}/bracket/").context["bracket"]["drawn"] is False
    assert APIClient().get(f"/api/events/{event.slug}/bracket/").json()["drawn"] is False


def test_events_without_an_elimination_stage_have_no_bracket(client, field):
    event, _ = field(4)
    assert client.get(f"/events/{event.slug}/bracket/").status_code == 404
    assert 'id="bracket-link"' not in client.get(f"/events/{event.slug}/standings/").content.decode()
    answer = APIClient().get(f"/api/events/{event.slug}/bracket/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    # A Swiss export has no placement column.
    header = next(csv.reader(io.StringIO(client.get(f"/events/{event.slug}/standings.csv").content.decode())))
    assert "placement" not in header


def test_the_api_bracket_of_a_top_cut(field, organizer):
    event, _ = field(8, format="swiss_top_cut", swiss_rounds=2, top_cut=4)
    play(event, organizer)
    play(event, organizer)
    semis = play(event, organizer, upsets=(2,), close=False)
    body = APIClient().get(f"/api/events/{event.slug}/bracket/").json()
    event.refresh_from_db()
    seeds = event.fixed_seeds
    assert (body["drawn"], body["size"], body["finished"], body["champion"]) == (True, 4, False, None)
    assert [(r["bracket_round"], r["round"], r["name"], r["state"]) for r in body["rounds"]] == [
        (1, 3, "Semi-finals", "published"),
        (2, 4, "Final", None),
    ]
    first, second = body["rounds"][0]["games"]
    assert first["match"] == semis.matches.get(table=1).pk and first["state"] == "confirmed"
    assert (first["a"]["registration"], first["a"]["seed"], first["b"]["seed"]) == (seeds[0], 1, 4)
    assert (first["winner"], first["resolution"], first["a"]["score"], first["b"]["score"]) == (
        seeds[0],
        "win",
        11,
        5,
    )
    assert second["winner"] == seeds[2] and second["b"]["winner"] is True  # seed 3 beat seed 2
    final = body["rounds"][1]["games"][0]
    assert final["paired"] is False and final["match"] is None
    assert (final["a"]["registration"], final["b"]["registration"]) == (seeds[0], seeds[2])
    assert [(p["label"], p["registration"], p["eliminated_in_round"]) for p in body["placements"]] == [
        ("3rd–4th", seeds[1], 3),
        ("3rd–4th", seeds[3], 3),
    ]


def test_placements_in_the_standings_exports_and_api(client, field, organizer):
    event, _ = field(8, format="swiss_top_cut", swiss_rounds=2, top_cut=4)
    play(event, organizer)
    play(event, organizer)
    play(event, organizer, upsets=(2,))  # semi-finals: seeds 1 and 3 go through
    play(event, organizer, upsets=(1,))  # the final: seed 3 beats seed 1
    event.refresh_from_db()
    seeds = event.fixed_seeds
    expected = {seeds[2]: "1st", seeds[0]: "2nd", seeds[1]: "3rd–4th", seeds[3]: "3rd–4th"}

    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.slug}/standings.csv").content.decode())))
    assert rows[0][:3] == ["rank", "player", "dropped"] and rows[0][-1] == "placement"
    names = dict(event.registrations.values_list("display_name", "pk"))
    by_player = {names[row[1]]: row[-1] for row in rows[1:]}
    assert by_player == {pk: expected.get(pk, "") for pk in names.values()}

    for url in (f"/events/{event.slug}/standings.json", f"/api/events/{event.slug}/standings/"):
        body = client.get(url).json()
        assert {r["registration"]: r["placement"] for r in body["rows"]} == {
            pk: expected.get(pk) for pk in names.values()
        }
        assert [(p["label"], p["registration"]) for p in body["placements"]] == [
            ("1st", seeds[2]),
            ("2nd", seeds[0]),
            ("3rd–4th", seeds[1]),
            ("3rd–4th", seeds[3]),
        ]
    api_csv = client.get(f"/api/events/{event.slug}/standings/?format=csv").content.decode()
    assert api_csv.splitlines()[0].endswith(",placement")


def test_the_exports_place_players_as_of_the_stored_standings(client, six, organizer):
    event, round_ = six
    # D is out on the bracket page at once, but round 1 is not closed: no standings yet.
    assert client.get(f"/events/{event.slug}/standings.json").json()["placements"] == []
    result_services.decide_result(organizer, round_.matches.get(table=4), scores=two_seats("win"))
    draw_services.close_round(organizer, round_)
    body = client.get(f"/events/{event.slug}/standings.json").json()
    assert [(p["label"], p["name"]) for p in body["placements"]] == [
        ("5th–6th", "Player D"),
        ("5th–6th", "Player F"),
    ]


def test_links_from_the_event_pages(client, six):
    event, _ = six
    for page in ("results/", "standings/", "rounds/1/"):
        html = client.get(f"/events/{event.slug}/{page}").content.decode()
        assert html.count(f'href="/events/{event.slug}/bracket/"') >= 2, page


def test_the_schema_documents_the_bracket(client, user):
    client.force_login(user)
    schema = client.get("/api/schema/").content
    assert b"/api/events/{slug}/bracket/" in schema and b"BracketGame" in schema and b"Placement" in schema


def test_stored_rounds_that_are_not_a_bracket_are_reported_not_drawn(client, six):
    event, _ = six
    # Seeds that name one player twice cannot be a bracket (as if the row had been edited by hand).
    event.refresh_from_db()
    event.fixed_seeds = [event.fixed_seeds[0], *event.fixed_seeds[:-1]]
    event.save(update_fields=["fixed_seeds"])
    page = client.get(f"/events/{event.slug}/bracket/")
    assert page.status_code == 200 and 'id="bracket-problem"' in page.content.decode()
    assert "appears twice" in page.context["problem"]
    answer = APIClient().get(f"/api/events/{event.slug}/bracket/")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "state"
    # The standings still export, without placements.
    assert client.get(f"/events/{event.slug}/standings.json").status_code == 200
