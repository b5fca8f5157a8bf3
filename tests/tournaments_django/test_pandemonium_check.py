"""check_event on Pandemonium events of 13 and 14 players (HR-16: pods of 3–4): the pod rounds are
re-derived as pods (tournaments.algorithms.checks), so the command ends and passes a clean event,
and a round that seats earlier opponents together when a split without them existed is reported.
It used to pair the pods' players as two-seat games and, with 13 of them, never finish."""

from datetime import date

import pytest

from draw import services as draw_services
from draw.seats import SeatScore
from participants import services as participant_services
from results import services as result_services
from tests.tournaments_django.test_check_and_simulate import check
from tournaments import services

pytestmark = pytest.mark.django_db


def pandemonium(organizer, make_player, players: int):
    event = services.create_event(
        organizer, name=f"Pandemonium {players}", starts_on=date(2026, 6, 6), game="hoplomachus-remastered",
        content_pack="hr-core-starter", game_mode="pandemonium", swiss_rounds=3, first_round="seeded",
        random_seed=5,
    )  # fmt: skip
    for i in range(players):
        registration = participant_services.register(make_player(f"Player {players}-{i}"), event)
        registration.seed = i + 1
        registration.save()
    return event


def play(organizer, event, number):
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    for match in round_.matches.order_by("table"):
        seats = len(match.seat_list())
        # Places by table and round, with a tie for 2nd now and then (tied places share points).
        places = [(i + match.table + number) % seats + 1 for i in range(seats)]
        if (match.table + number) % 3 == 0:
            places = [2 if p == 3 else p for p in places]
        result_services.decide_result(organizer, match, [SeatScore("", rank=p) for p in places])
    draw_services.close_round(organizer, round_)
    return round_


@pytest.mark.parametrize("players", [13, 14])
def test_check_event_passes_a_pandemonium_event_paired_by_arbiter(organizer, make_player, players):
    event = pandemonium(organizer, make_player, players)
    rounds = [play(organizer, event, number) for number in (1, 2, 3)]
    assert sorted(len(m.seat_list()) for m in rounds[0].matches.all()) == (
        [3, 3, 3, 4] if players == 13 else [3, 3, 4, 4]
    )
    assert check(event.slug) == (0, f"{event.slug}: 3 round(s) checked, no discrepancies\n")


@pytest.mark.parametrize("players", [13, 14])
def test_check_event_reports_pods_that_repeat_avoidable_opponents(organizer, make_player, players):
    """The organizer swaps round 2's draft back into round 1's pods (swap_pairing), then plays it."""
    event = pandemonium(organizer, make_player, players)
    first = play(organizer, event, 1)
    draft = draw_services.pair_next_round(organizer, event)
    for old in first.matches.order_by("table"):
        wanted = {s.registration for s in old.seat_list()}
        for registration in wanted:
            here = draft.matches.get(table=old.table)
            seated = {s.registration for s in here.seat_list()}
            if registration in seated:
                continue
            other = next(r for r in seated if r not in wanted)
            draw_services.swap_pairing(organizer, draft, registration, other)
    assert [{s.registration_id for s in m.seat_list()} for m in draft.matches.order_by("table")] == [
        {s.registration_id for s in m.seat_list()} for m in first.matches.order_by("table")
    ]
    round_ = draw_services.publish_round(organizer, draft)
    for match in round_.matches.all():
        places = list(range(1, len(match.seat_list()) + 1))
        result_services.decide_result(organizer, match, [SeatScore("", rank=p) for p in places])
    draw_services.close_round(organizer, round_)
    code, out = check(event.slug)
    assert code != 0
    assert (
        "round 2: the pods hold" in out
        and "but a split of the round's players into pods of the same sizes has only 0" in out
    )
