"""The standings page shows the event's own tiebreaks, in its order (every other one on request),
and prints numbers in the page's language."""

import re

import pytest

from draw import services as draw_services
from draw.seats import two_seats
from results import services as result_services

pytestmark = pytest.mark.django_db


def header(page: str) -> list[str]:
    thead = re.search(r'<table id="standings".*?<thead>(.*?)</thead>', page, re.S).group(1)
    heads = re.findall(r"<th[^>]*>(.*?)</th>", thead, re.S)
    # A tiebreak's head holds its full name and a short one for phones: read the full name.
    return [re.sub(r'<span class="col-short".*?</span>|<[^>]+>', "", th, flags=re.S).strip() for th in heads]


def first_row(page: str) -> list[str]:
    body = re.search(r'<table id="standings".*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    return [re.sub(r"<[^>]+>", "", td).strip() for td in re.findall(r"<td[^>]*>(.*?)</td>", rows[0], re.S)]


@pytest.fixture
def half_points_event(field, organizer):
    """Round 1 closed: table 1 won, table 2 drawn, with 1 / ½ / 0 points a game."""
    event, players = field(
        4, tiebreaks=["points", "sonneborn_berger", "sos"], points_win=1, points_draw=0.5, points_loss=0
    )
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    first, second = round_.matches.games().order_by("table")
    result_services.decide_result(organizer, first, scores=two_seats("win", (20, 10)))
    result_services.decide_result(organizer, second, scores=two_seats("draw", (15, 15)))
    draw_services.close_round(organizer, round_)
    return event


def test_the_standings_show_the_events_tiebreaks_in_its_order(half_points_event, client):
    url = f"/events/{half_points_event.slug}/standings/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert header(page) == ["#", "Player", "Tournament points", "Sonneborn-Berger", "Strength of schedule"]
    assert 'id="every-column"' in page
    assert re.findall(r'<span class="col-short" aria-hidden="true">([^<]*)</span>', page) == [
        "Pts",
        "SB",
        "SoS",
    ]
    every = client.get(url + "?columns=all", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    columns = header(every)
    assert columns[2:5] == ["Tournament points", "Sonneborn-Berger", "Strength of schedule"]
    assert {"Median Buchholz", "Buchholz", "Score difference"} <= set(columns[5:])
    assert 'id="own-columns"' in every


def test_numbers_follow_the_pages_language(half_points_event, client):
    url = f"/events/{half_points_event.slug}/standings/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    italian = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    # The winner of table 1 first on 1 point; the drawn players on ½ each.
    assert first_row(english)[2] == "1"
    cells = re.findall(r'<td class="num">([^<]*)</td>', english)
    assert "0.5" in cells and "0,5" not in cells
    cells = re.findall(r'<td class="num">([^<]*)</td>', italian)
    assert "0,5" in cells and "0.5" not in cells
