"""Pairing a round, reviewing and adjusting it, publishing, timing and closing, in every format."""

from datetime import timedelta

import pytest
from django.utils import timezone

from draw import services as draw_services
from draw.models import MatchState, RoundState
from draw.seats import two_seats
from results import services as result_services
from tournaments.errors import EventError
from tournaments.models import AuditEntry, EventStatus, Notification

pytestmark = pytest.mark.django_db


def finish(round_, organizer, outcome="win"):
    """Decide every game of a published round (table orientation) and close it."""
    for match in round_.matches.games():
        result_services.decide_result(organizer, match, scores=two_seats(outcome, (30, 10)))
    return draw_services.close_round(organizer, round_)


def test_round_one_is_a_draft_with_tables_and_reasons(field, organizer):
    event, players = field(5)
    round_ = draw_services.pair_next_round(organizer, event)
    assert round_.number == 1 and round_.state == RoundState.DRAFT and round_.stage == "swiss"
    matches = list(round_.matches.order_by("table"))
    assert [m.table for m in matches] == [1, 2, 3]
    assert matches[0].reason == "round 1 by seeding: top half meets bottom half"
    bye = matches[-1]
    assert len(bye.entrants()) == 1 and bye.reason == "bye: lowest-ranked player without an earlier bye"
    assert bye.state == MatchState.CONFIRMED and bye.result_source == "bye"
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    assert AuditEntry.objects.filter(event=event, action="paired", round=round_).exists()


def test_a_random_first_round_is_replayable_from_the_event_seed(field, organizer):
    event, _ = field(8, first_round="random", random_seed=42)
    first = [
        (m.entrants()[0].pk, m.entrants()[1].pk)
        for m in draw_services.pair_next_round(organizer, event).matches.all()
    ]
    draw_services.repair_round(organizer, event.rounds.get(number=1))
    again = [(m.entrants()[0].pk, m.entrants()[1].pk) for m in event.rounds.get(number=1).matches.all()]
    assert first == again
    assert "random draw (seed 42)" in event.rounds.get(number=1).matches.first().reason


def test_later_rounds_pair_score_groups_and_explain_it(field, organizer):
    event, _ = field(4)
    finish(draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event)), organizer)
    round_2 = draw_services.pair_next_round(organizer, event)
    reasons = sorted(m.reason for m in round_2.matches.all())
    assert reasons == [
        "same score group (0 pts), no earlier game",
        "same score group (3 pts), no earlier game",
    ]


def test_only_one_open_round_at_a_time(field, organizer):
    event, _ = field(4)
    draw_services.pair_next_round(organizer, event)
    with pytest.raises(EventError, match="close it first"):
        draw_services.pair_next_round(organizer, event)


def test_swap_is_audited_and_warns_about_rematches(field, organizer):
    event, players = field(4)
    finish(draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event)), organizer)
    round_2 = draw_services.pair_next_round(organizer, event)
    first_table = round_2.matches.get(table=1)
    second_table = round_2.matches.get(table=2)
    # Put round 1's opponents back together: a rematch the audit trail and check_event will show.
    # Round 1 was A-C and B-D; round 2 pairs the winners A-B and the losers C-D.
    a, b = first_table.entrants()[1], second_table.entrants()[0]
    warnings = draw_services.swap_pairing(organizer, round_2, a, b, note="players asked")
    first_table.refresh_from_db()
    assert first_table.entrants()[1] == b and first_table.reason.startswith("swapped by the organizer")
    entry = AuditEntry.objects.get(event=event, action="swapped")
    assert "players asked" in entry.data["note"] and entry.actor == organizer
    assert all("already met in round 1" in w for w in warnings) and len(warnings) == 2


def test_swap_and_re_pair_only_in_a_draft(field, organizer):
    event, players = field(4)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    a, b = [m.entrants()[0] for m in round_.matches.all()]
    with pytest.raises(EventError, match="only a draft"):
        draw_services.swap_pairing(organizer, round_, a, b)
    with pytest.raises(EventError, match="only a draft"):
        draw_services.repair_round(organizer, round_)


def test_publish_tells_each_player_their_table(field, organizer, django_capture_on_commit_callbacks):
    event, players = field(4)
    round_ = draw_services.pair_next_round(organizer, event)
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.publish_round(organizer, round_)
    table_one = round_.matches.get(table=1)
    message = Notification.objects.get(user=table_one.entrants()[0].player).message
    assert message == f"Spring Open — Round 1: table 1 against {table_one.entrants()[1].display_name}."


def test_timer_needs_a_published_round(field, organizer):
    event, _ = field(4, round_minutes=75)
    round_ = draw_services.pair_next_round(organizer, event)
    with pytest.raises(EventError, match="Publish the round"):
        draw_services.start_timer(organizer, round_)
    draw_services.publish_round(organizer, round_)
    before = timezone.now()
    round_ = draw_services.start_timer(organizer, round_)
    assert round_.timer_ends_at - round_.timer_started_at == timedelta(minutes=75)
    assert round_.timer_started_at >= before


def test_close_needs_every_result_and_stores_the_standings(running_round, organizer):
    event, round_, players = running_round
    table_one = round_.matches.get(table=1)
    result_services.decide_result(
        organizer, table_one, scores=two_seats("win", (40, 0), ({"knockouts_dealt": 2}, {}))
    )
    with pytest.raises(EventError, match=r"table\(s\) 2 \(awaiting log\)"):
        draw_services.close_round(organizer, round_)
    result_services.decide_result(organizer, round_.matches.get(table=2), scores=two_seats("draw", (10, 10)))
    draw_services.close_round(organizer, round_)
    round_.refresh_from_db()
    assert round_.state == RoundState.CLOSED
    rows = round_.standings.rows
    assert rows[0]["registration"] == table_one.entrants()[0].pk
    assert (
        rows[0]["metrics"]["points"] == 3
        and rows[0]["metrics"]["score_diff"] == 40
        and rows[0]["metrics"]["knockouts"] == 2
    )
    assert set(rows[0]["metrics"]) >= {
        "points",
        "sos",
        "score_diff",
        "median_buchholz",
        "sonneborn_berger",
        "head_to_head",
    }


def test_the_event_finishes_after_its_last_round(field, organizer):
    event, _ = field(4, swiss_rounds=2)
    for _ in range(2):
        finish(
            draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event)), organizer
        )
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    with pytest.raises(EventError, match="over"):
        draw_services.pair_next_round(organizer, event)


def test_round_robin_follows_berger_tables_and_gives_byes_for_dropped_players(field, organizer):
    event, players = field(5, format="round_robin")
    met = set()
    for number in range(1, 6):
        round_ = draw_services.pair_next_round(organizer, event)
        assert (round_.number, round_.stage) == (number, "round_robin")
        for match in round_.matches.games():
            met.add(frozenset((match.entrants()[0].pk, match.entrants()[1].pk)))
        finish(draw_services.publish_round(organizer, round_), organizer)
    assert len(met) == 10  # every pair of five players, once
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_single_elimination_bracket(field, organizer):
    event, players = field(6, format="single_elimination")
    round_1 = draw_services.pair_next_round(organizer, event)
    assert round_1.stage == "elimination"
    assert [m.reason for m in round_1.matches.order_by("table")] == [
        "bye: seed 1 of 6 in a bracket of 8",
        "bracket: seed 4 vs seed 5",
        "bye: seed 2 of 6 in a bracket of 8",
        "bracket: seed 3 vs seed 6",
    ]
    finish(draw_services.publish_round(organizer, round_1), organizer)
    round_2 = draw_services.pair_next_round(organizer, event)
    assert round_2.matches.count() == 2
    finish(draw_services.publish_round(organizer, round_2), organizer)
    final = draw_services.pair_next_round(organizer, event)
    assert final.matches.count() == 1
    finish(draw_services.publish_round(organizer, final), organizer)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_swiss_then_top_cut_seeds_the_bracket_from_the_standings(field, organizer):
    event, _ = field(8, format="swiss_top_cut", swiss_rounds=2, top_cut=4)
    for _ in range(2):
        finish(
            draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event)), organizer
        )
    standings = event.rounds.get(number=2).standings.rows
    cut = draw_services.pair_next_round(organizer, event)
    assert cut.stage == "elimination" and cut.number == 3
    top = [row["registration"] for row in standings[:4]]
    table_one = cut.matches.get(table=1)
    assert (table_one.entrants()[0].pk, table_one.entrants()[1].pk) == (top[0], top[3])
    event.refresh_from_db()
    assert event.fixed_seeds == top
