"""Pandemonium pods (HR-16: three or four troops, each for themselves) on the organizer's results grid
and its API: a finishing place per seat (ties allowed, 1st, 2nd, 2nd, 4th), stored on the seats, scored
by the event's points per place (tied places share the points of the places they cover), a tie being a
draw between the tied seats for the tiebreaks. The pods read as pods on every page that lists tables."""

from __future__ import annotations

import re
from datetime import date

import pytest

from draw import services as draw_services
from participants import services as participant_services
from standings.services import standings_table
from tournaments import services

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Carla", "Dan", "Emil", "Fay", "Gus"]


def text(html: str) -> str:
    """The page's text as a reader sees it: tags out, whitespace collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&")


@pytest.fixture
def pod_round(organizer, make_player):
    """Seven players seeded in order: round 1 seats a pod of four (Anna, Ben, Carla, Dan) and one of three."""
    event = services.create_event(
        organizer, name="Pandemonium Night", starts_on=date(2026, 6, 6), game="hoplomachus-remastered",
        content_pack="hr-core-starter", game_mode="pandemonium", swiss_rounds=2, first_round="seeded",
        random_seed=5, placement_points=[3, 1.5, 1, 0],
    )  # fmt: skip
    for i, name in enumerate(NAMES):
        registration = participant_services.register(make_player(name), event)
        registration.seed = i + 1
        registration.save()
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    return event, round_


def grid_post(round_, places: dict[int, list[int | str]]) -> dict:
    data = {}
    for match in round_.matches.all():
        for letter, place in zip("abcd", places.get(match.table, []), strict=False):
            data[f"m{match.pk}-place_{letter}"] = str(place)
    return data


def test_the_grid_asks_each_pod_seat_its_place_and_says_what_ties_are_worth(pod_round, organizer, client):
    event, round_ = pod_round
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/rounds/1/results/").content.decode()
    first, second = round_.matches.order_by("table")
    assert f'name="m{first.pk}-place_d"' in page and f'name="m{second.pk}-place_c"' in page
    assert f'name="m{first.pk}-score_a"' not in page  # Pandemonium has no crowd favour (HR-16.5.1)
    assert f'name="m{first.pk}-outcome_a"' not in page
    shown = text(page)
    assert "Table 1 Anna · Ben · Carla · Dan" in shown and "Table 2 Emil · Fay · Gus" in shown
    assert " vs " not in shown
    # The event's points per place, scaled for the pod of three (3/1.5/1/0 read on its line: 3, 1.25, 0).
    assert "pod of 3: 1st 3 · 2nd 1.25 · 3rd 0; pod of 4: 1st 3 · 2nd 1.5 · 3rd 1 · 4th 0" in shown
    assert "share the points of the places they cover" in shown


def test_places_with_a_tie_saved_through_the_grid_score_the_shared_points(pod_round, organizer, client):
    event, round_ = pod_round
    client.force_login(organizer)
    # Dan 1st, Ben and Carla tied for 2nd, Anna 4th; Fay 1st, Gus 2nd, Emil 3rd.
    response = client.post(
        f"/events/{event.slug}/rounds/1/results/", grid_post(round_, {1: [4, 2, 2, 1], 2: [3, 1, 2]})
    )
    assert response.status_code == 302
    first, second = round_.matches.order_by("table")
    assert [(s.registration.display_name, s.rank, s.outcome) for s in first.seat_list()] == [
        ("Anna", 4, "loss"), ("Ben", 2, "loss"), ("Carla", 2, "loss"), ("Dan", 1, "win")
    ]  # fmt: skip
    assert [s.rank for s in second.seat_list()] == [3, 1, 2]
    draw_services.close_round(organizer, round_)
    rows = {row["name"]: row for row in standings_table(event)["rows"]}
    points = {name: row["metrics"]["points"] for name, row in rows.items()}
    # Pod of four under 3/1.5/1/0: Ben and Carla share 2nd and 3rd, (1.5 + 1) / 2 = 1.25 each.
    assert [points[n] for n in ("Dan", "Ben", "Carla", "Anna")] == [3, 1.25, 1.25, 0]
    assert [points[n] for n in ("Fay", "Gus", "Emil")] == [3, 1.25, 0]

    # The grid shows the stored places and saving them again changes nothing.
    page = client.get(f"/events/{event.slug}/rounds/1/results/").content.decode()
    assert re.search(rf'name="m{first.pk}-place_b"[^>]*>.*?<option value="2" selected>', page, re.S)


def test_a_tie_is_a_draw_between_the_tied_seats_for_the_tiebreaks(pod_round, organizer, client):
    from draw import records
    from tournaments.algorithms.history import EventHistory

    event, round_ = pod_round
    client.force_login(organizer)
    client.post(f"/events/{event.slug}/rounds/1/results/", grid_post(round_, {1: [4, 2, 2, 1], 2: [3, 1, 2]}))
    history = EventHistory(records.competitors(event), records.results(event), records.scoring_rules(event))
    ids = {r.display_name: r.pk for r in event.registrations.all()}
    (ben,) = history.games[ids["Ben"]]
    against = dict(zip(ben.opponents, ben.against, strict=True))
    assert against == {ids["Anna"]: "win", ids["Carla"]: "draw", ids["Dan"]: "loss"}


def test_places_that_do_not_fit_are_refused_row_by_row(pod_round, organizer, client):
    event, round_ = pod_round
    client.force_login(organizer)
    response = client.post(
        f"/events/{event.slug}/rounds/1/results/", grid_post(round_, {1: [1, 3, 3, 4], 2: [1, 2, ""]})
    )
    assert response.status_code == 400
    shown = text(response.content.decode())
    assert "The places 1, 3, 3, 4 do not fit" in shown
    assert "Give every player their place (1st to last)." in shown
    assert all(s.rank is None for m in round_.matches.all() for s in m.seat_list())


def test_the_round_results_api_takes_places_with_a_tie(pod_round, organizer, client):
    event, round_ = pod_round
    first, second = round_.matches.order_by("table")
    client.force_login(organizer)
    body = {
        "results": [
            {"match": first.pk, "seats": [{"rank": 1}, {"rank": 2}, {"rank": 2}, {"rank": 4}]},
            {"match": second.pk, "seats": [{"rank": 1}, {"rank": 1}, {"rank": 3}]},
        ]
    }
    response = client.post(
        f"/api/events/{event.slug}/rounds/1/results/", body, content_type="application/json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["saved"] == 2
    api = client.get(f"/api/events/{event.slug}/rounds/1/results/").json()
    assert [[s["rank"] for s in m["seats"]] for m in api] == [[1, 2, 2, 4], [1, 1, 3]]
    draw_services.close_round(organizer, round_)
    points = {row["name"]: row["metrics"]["points"] for row in standings_table(event)["rows"]}
    # Two seats tied for 1st of three share 1st and 2nd: (3 + 1.25) / 2 = 2.125.
    assert (points["Anna"], points["Ben"], points["Carla"], points["Dan"]) == (3, 1.25, 1.25, 0)
    assert (points["Emil"], points["Fay"], points["Gus"]) == (2.125, 2.125, 0)


def test_a_pod_reads_as_a_pod_on_every_page(pod_round, organizer, client, make_player):
    event, round_ = pod_round
    client.force_login(organizer)
    round_page = text(client.get(f"/events/{event.slug}/rounds/1/").content.decode())
    assert "Anna (0) · Ben (0) · Carla (0) · Dan (0)" in round_page
    assert "Emil (0) · Fay (0) · Gus (0)" in round_page and "Pod, in seating order" in round_page
    printed = text(client.get(f"/events/{event.slug}/rounds/1/print/").content.decode())
    assert "1 Anna (0) · Ben (0) · Carla (0) · Dan (0) 2 Emil (0) · Fay (0) · Gus (0)" in printed
    assert "Ben 1 Anna · Ben · Carla · Dan" in printed  # find your name: the whole pod
    projector = client.get(f"/events/{event.slug}/projector.json").json()
    assert ["".join(p["before"] + p["name"] for p in t["players"]) for t in projector["tables"]] == [
        "Anna · Ben · Carla · Dan",
        "Emil · Fay · Gus",
    ]
    first = round_.matches.order_by("table").first()
    match_page = text(client.get(f"/events/{event.slug}/matches/{first.pk}/").content.decode())
    assert "Table 1: Anna · Ben · Carla · Dan" in match_page
    ben = event.registrations.get(display_name="Ben").player
    client.force_login(ben)
    card = text(client.get(f"/events/{event.slug}/my-table/").content.decode())
    assert "Table 1: Anna · Ben (you) · Carla · Dan" in card
