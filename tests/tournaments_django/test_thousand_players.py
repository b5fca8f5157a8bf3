"""A 1,000-player Swiss event end to end: pair, publish, decide and close round 1, pair round 2.

On SQLite (``make run``) publishing used to fail with "Expression tree is too large (maximum
depth 1000)": a query over every match of the round built one expression per row. Run this file
with ``DATABASE_URL=sqlite:///...`` to check that backend; the suite runs it on PostgreSQL."""

import pytest

from results import services as result_services
from draw import services
from draw.models import RoundState
from draw.seats import two_seats

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

PLAYERS = 1000


def test_a_thousand_player_round_is_paired_published_and_closed(field, organizer):
    event, _ = field(PLAYERS, names=[f"Player {i}" for i in range(PLAYERS)], swiss_rounds=2)
    round_ = services.pair_next_round(organizer, event)
    assert round_.matches.count() == PLAYERS // 2
    round_ = services.publish_round(organizer, round_)
    assert round_.state == RoundState.PUBLISHED
    for match in round_.matches.games():
        result_services.decide_result(organizer, match, scores=two_seats("win", (30, 10)))
    services.close_round(organizer, round_)
    second = services.pair_next_round(organizer, event)
    assert second.number == 2 and second.matches.count() == PLAYERS // 2
    services.publish_round(organizer, second)
