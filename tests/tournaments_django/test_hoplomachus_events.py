"""Hoplomachus events beyond Skirmish: Pandemonium pods of 3–4 (HR-16, each for themselves, placed
1st to last) scored by place (3-2-1-0, 3-1.5-0 in a pod of three), and Alliance as a team event
(HR-17: two teams of two, Event.team_size 2), each with a game decided by a verified simulated log."""

from __future__ import annotations

import json
from datetime import date

import pytest

import engine
from draw import records, seats
from draw import services as draw_services
from draw.models import MatchState, ResultSource
from draw.seats import SeatScore, two_seats
from participants import services as participant_services
from results import services as result_services
from standings.services import standings_table
from tests.tournaments_django.conftest import verify
from tournaments import services
from tournaments.errors import EventError

pytestmark = pytest.mark.django_db

GAME = "hoplomachus-remastered"
NAMES = ["Adam", "Teela", "Duncan", "Adora", "Keldor", "Evelyn", "Kronis", "Tung", "Randor", "Marlena"]


def hr_event(organizer, **settings):
    defaults = dict(name="Arena Night", starts_on=date(2026, 6, 6), game=GAME, content_pack="hr-core-starter",
                    swiss_rounds=2, first_round="seeded", random_seed=5)  # fmt: skip
    return services.create_event(organizer, **{**defaults, **settings})


def hr_log(match, seed: int, mode: str, order) -> bytes:
    """A legal simulated game of ``mode`` whose troops are the match's players: ``order`` gives the
    match seat index that plays the log's p1, p2, …"""
    log = engine.simulate(GAME, seed, randomness="seeded", mode=mode)
    table = match.seat_list()
    for player, index in zip(log["players"], order, strict=True):
        player["name"] = table[index].registration.display_name
    return json.dumps(log).encode()


def pandemonium_event(organizer, make_player, players=10, **settings):
    event = hr_event(organizer, name="Pandemonium Night", game_mode="pandemonium", **settings)
    for i in range(players):
        registration = participant_services.register(make_player(NAMES[i]), event)
        registration.seed = i + 1
        registration.save()
    return event


def test_the_mode_must_fit_the_team_size_and_format(organizer):
    with pytest.raises(EventError, match="teams of 2: set the team size to 2"):
        hr_event(organizer, game_mode="alliance")
    with pytest.raises(EventError, match="no teams"):
        hr_event(organizer, game_mode="pandemonium", team_size=2)
    with pytest.raises(EventError, match="choose the Swiss format"):
        hr_event(organizer, game_mode="pandemonium", format="round_robin")
    with pytest.raises(EventError, match="against the game"):
        hr_event(organizer, game_mode="assault")
    with pytest.raises(EventError, match="must not increase"):
        hr_event(organizer, game_mode="pandemonium", placement_points=[0, 1, 2, 3])
    with pytest.raises(EventError, match="not a mode"):
        hr_event(organizer, game_mode="melee")


def test_five_players_cannot_fill_pods_and_the_organizer_is_told_why(organizer, make_player):
    event = pandemonium_event(organizer, make_player, players=5)
    with pytest.raises(EventError, match="5 active players cannot sit in pods of 3–4"):
        draw_services.pair_next_round(organizer, event)


def test_a_pandemonium_event_pairs_pods_and_ranks_by_place(
    organizer, make_player, django_capture_on_commit_callbacks
):
    event = pandemonium_event(organizer, make_player)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    tables = list(round1.matches.order_by("table"))
    assert [[s.registration.display_name for s in m.seat_list()] for m in tables] == [
        NAMES[0:4],
        NAMES[4:7],
        NAMES[7:10],
    ]  # fmt: skip  — 10 players: 4 + 3 + 3, by seeding
    assert tables[0].reason == "pod of 4, round 1 by seeding"

    # Table 2 (a pod of three) by a verified simulated Pandemonium game: its places are the log's.
    pod3 = tables[1]
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(pod3.entrants()[0].player, pod3, hr_log(pod3, 1, "pandemonium", (0, 1, 2)),
                                     filename="pod.json")  # fmt: skip
    pod3.refresh_from_db()
    verify(pod3.game_log_id, django_capture_on_commit_callbacks)
    pod3.refresh_from_db()
    assert (pod3.state, pod3.result_source, pod3.log_flag) == (MatchState.VERIFIED, ResultSource.LOG, "")
    assert sorted(s.rank for s in pod3.seat_list()) == [1, 2, 3]

    # Table 1 typed by hand, places only (1st is the win): Adora 1st, Adam 2nd, Duncan 3rd, Teela 4th.
    result_services.decide_result(organizer, tables[0], [SeatScore("", rank=r) for r in (2, 4, 3, 1)])
    # Table 3: a tie for 2nd shares the points of 2nd and 3rd.
    result_services.decide_result(organizer, tables[2], [SeatScore("win", rank=1), SeatScore("loss", rank=2),
                                                  SeatScore("loss", rank=2)])  # fmt: skip
    with pytest.raises(EventError, match="do not fit"):
        result_services.decide_result(organizer, tables[2], [SeatScore("", rank=r) for r in (1, 3, 3)])
    draw_services.close_round(organizer, round1)

    points = {r["name"]: r["metrics"]["points"] for r in standings_table(event)["rows"]}
    assert [points[n] for n in NAMES[0:4]] == [2, 0, 1, 3]
    assert sorted(points[n] for n in NAMES[4:7]) == [0, 1.5, 3]
    assert [points[n] for n in NAMES[7:10]] == [3, 0.75, 0.75]

    round2 = draw_services.pair_next_round(organizer, event)
    pods = [{s.registration_id for s in m.seat_list()} for m in round2.matches.order_by("table")]
    assert sorted(len(p) for p in pods) == [3, 3, 4]
    before = [{s.registration_id for s in m.seat_list()} for m in tables]
    # Each new pod holds at most one pair who met, and only where three old pods fill a pod of four.
    for pod in pods:
        repeats = sum(len(pod & old) * (len(pod & old) - 1) // 2 for old in before)
        assert repeats <= (1 if len(pod) == 4 else 0), pod
    assert records.pairings_by_round(event)[2][0].others  # pods beyond two seats read back whole


def test_an_alliance_event_pairs_teams_of_two_and_shares_results(
    organizer, make_player, django_capture_on_commit_callbacks
):
    event = hr_event(organizer, name="Alliance Cup", game_mode="alliance", team_size=2)
    registrations = [participant_services.register(make_player(name), event) for name in NAMES[:8]]
    teams = [
        participant_services.create_team(organizer, event, name, registrations[2 * i : 2 * i + 2], seed=i + 1)
        for i, name in enumerate(["Red Lions", "Blue Eagles", "Gold Bulls", "Iron Wolves"])
    ]
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    first, second = round1.matches.order_by("table")
    assert all(len(m.seat_list()) == 4 for m in (first, second))
    # HR-17: the log's red team (p1, p3) is the match's first team, blue (p2, p4) the second.
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(first.entrants()[0].player, first, hr_log(first, 1, "alliance", (0, 2, 1, 3)),
                                     filename="alliance.json")  # fmt: skip
    first.refresh_from_db()
    verify(first.game_log_id, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    assert (first.state, first.log_flag) == (MatchState.VERIFIED, ""), first.flag_details
    for side in seats.sides(first):
        assert len({(s.outcome, s.score) for s in side}) == 1  # partners share the result
    result_services.decide_result(organizer, second, scores=two_seats("win", (12, 7)))
    draw_services.close_round(organizer, round1)
    table = standings_table(event)
    assert table["teams"] is True and sorted(r["metrics"]["points"] for r in table["rows"]) == [0, 0, 3, 3]
    round2 = draw_services.pair_next_round(organizer, event)
    met = {frozenset(s.team for s in m.seat_list()) for m in round1.matches.all()}
    assert not met & {frozenset(s.team for s in m.seat_list()) for m in round2.matches.all()}
    assert {t.pk for t in teams} == {r["team"] for r in table["rows"]}


def test_a_pod_slip_asks_each_player_for_a_place_and_every_signature(organizer, make_player, client):
    """HR-16.1.2: a Pandemonium pod ranks its troops by place; its printed slip asks for a place per player
    (not a win, draw or loss) and for every player's signature, a duel's slip keeps its tick boxes."""
    event = pandemonium_event(organizer, make_player, players=7)
    draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/rounds/1/print/").content.decode()
    assert page.count('class="slip-outcome slip-place"') == 7 and " Win " not in page
    assert page.count("Every player signs") == 2 and "Both players sign" not in page


def test_a_pod_event_ranks_by_no_tiebreak_that_reads_scores(organizer):
    """HR-16.5.1: Pandemonium has no crowd favour, so a pod records places and no score: a score
    tiebreak would be 0 for everyone. The default order and an organizer's list lose such keys."""
    from tournaments.algorithms.tiebreaks import metrics_for

    assert "score_diff" in metrics_for(GAME) and "score_diff" not in metrics_for(GAME, scored=False)
    assert "sos" in metrics_for(GAME, scored=False)
    assert hr_event(organizer, game_mode="pandemonium").tiebreaks == ["points", "sos"]
    chosen = hr_event(organizer, game_mode="pandemonium", tiebreaks=["points", "score", "sonneborn_berger"])
    assert chosen.tiebreaks == ["points", "sonneborn_berger"]
    assert hr_event(organizer).tiebreaks == ["points", "sos", "score_diff"]  # a skirmish scores favour
    with pytest.raises(EventError, match="at least one tiebreak"):
        hr_event(organizer, game_mode="pandemonium", tiebreaks=["score_diff"])


def test_correcting_a_pods_places_in_the_grid_keeps_what_the_log_counted(
    organizer, make_player, django_capture_on_commit_callbacks
):
    """A pod's results-grid row gives places only (HR-16.1.2): a corrected place keeps each seat's score
    components from the verified log (they describe the game, not the standing)."""
    from results.services.round_results import RowEntry, enter_results

    event = pandemonium_event(organizer, make_player, players=6)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    pod = round1.matches.order_by("table").first()
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(pod.entrants()[0].player, pod, hr_log(pod, 1, "pandemonium", (0, 1, 2)),
                                     filename="pod.json")  # fmt: skip
    pod.refresh_from_db()
    verify(pod.game_log_id, django_capture_on_commit_callbacks)
    pod.refresh_from_db()
    logged = {s.registration_id: dict(s.components) for s in pod.seat_list()}
    assert any(logged.values()), logged  # the log gave components to keep
    places = [s.rank for s in pod.seat_list()]
    swapped = [{1: 2, 2: 1}.get(rank, rank) for rank in places]  # 1st and 2nd trade places
    [outcome] = enter_results(organizer, round1, [RowEntry(pod.pk, [SeatScore("", rank=r) for r in swapped])])
    assert outcome.status == "saved", outcome.message
    pod.refresh_from_db()
    assert [s.rank for s in pod.seat_list()] == swapped
    assert {s.registration_id: dict(s.components) for s in pod.seat_list()} == logged
