"""A Fields of Eternia team event end to end: teams of two formed by the organizer, a two-round
team Swiss, one game decided by a verified log (its players mapped to the teams' members), the
others reported by hand, team standings, and ratings still per player (FE-2, FE-17)."""

from __future__ import annotations

import json
from datetime import date

import pytest

import engine
from draw import records, seats
from draw import services as draw_services
from draw.models import MatchState, Outcome, ResultSource
from draw.seats import two_seats
from participants import services as participant_services
from results import services as result_services
from standings.services import ratings, standings_table
from tests.tournaments_django.conftest import verify
from tournaments import services
from tournaments.errors import EventError

pytestmark = pytest.mark.django_db

GAME = "motu-fields-of-eternia"


def team_log(match, seed: int) -> bytes:
    """A legal simulated Eternia game for ``match``: the first team plays the Masters' heroes, the
    second the Evil Warriors', each member controlling a share of their team's three heroes."""
    base = engine.simulate(GAME, seed)
    header = {key: value for key, value in base.items() if key != "events"}
    players = []
    for side, template in zip(seats.sides(match), base["players"], strict=True):
        for i, seat in enumerate(side):
            players.append(
                {
                    "id": f"p{len(players) + 1}",
                    "name": seat.registration.display_name,
                    "faction": template["faction"],
                    "force": template["force"][i :: len(side)],
                }
            )
    header["players"] = players
    return json.dumps(engine.simulate(GAME, seed, from_header=header)).encode()


def side_teams(match) -> list[str]:
    return [group[0].team for group in seats.sides(match)]


def test_an_eternia_team_cannot_have_more_players_than_a_side_allows(organizer):
    with pytest.raises(EventError, match="at most 3 players"):
        services.create_event(
            organizer, name="Too big", starts_on=date(2026, 6, 6), game=GAME, content_pack="fe-core-starter",
            team_size=4,
        )  # fmt: skip


def test_a_team_takes_at_most_the_event_team_size_and_each_player_once(team_event, organizer, make_player):
    event, teams = team_event
    extra = participant_services.register(make_player("Zodac"), event)
    grayskull = teams[0].members.all()
    with pytest.raises(EventError, match="at most 2 players"):
        participant_services.create_team(organizer, event, "Cosmic", [extra, *grayskull])
    with pytest.raises(EventError, match="already plays for Grayskull"):
        participant_services.create_team(organizer, event, "Cosmic", [extra, grayskull[0]])
    with pytest.raises(EventError, match="already has a team called Horde"):
        participant_services.create_team(organizer, event, "Horde", [extra])


def test_round_one_waits_for_every_player_to_be_in_a_team(team_event, organizer, make_player):
    event, _ = team_event
    participant_services.register(make_player("Zodac"), event)
    with pytest.raises(EventError, match="1 player\\(s\\) in no team: Zodac"):
        draw_services.pair_next_round(organizer, event)


def test_two_round_team_swiss_with_a_verified_log(team_event, organizer, django_capture_on_commit_callbacks):
    event, teams = team_event
    grayskull, guard, snake, horde = (str(t.pk) for t in teams)

    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    matches = list(round1.matches.all())
    # Seeded round 1: the top half meets the bottom half, each team's two players at its table; the
    # first seat alternates by table (the higher seed first at table 1, the lower at table 2).
    assert [side_teams(m) for m in matches] == [[grayskull, snake], [horde, guard]]
    assert all(len(m.seat_list()) == 4 for m in matches)

    # Table 1 by its log: the verdict's teams are the match's teams, every member gets the outcome.
    first = matches[0]
    player = first.entrants()[0].player
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(player, first, team_log(first, seed=1), filename="game.json")
    first.refresh_from_db()
    verify(first.game_log_id, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    assert (first.state, first.result_source, first.log_flag) == (MatchState.VERIFIED, ResultSource.LOG, "")
    by_team = {}
    for seat in first.seat_list():
        by_team.setdefault(seat.team, set()).add((seat.outcome, seat.score))
    assert all(len(found) == 1 for found in by_team.values())  # FE-17: partners share it
    log_winner = next(team for team, found in by_team.items() if next(iter(found))[0] == Outcome.WIN)

    # Table 2 by hand, in the two-side shorthand (the first side's outcome; the Horde sits first):
    # the Royal Guard's player reports the Guard's win 9–6, a Horde player confirms.
    second = matches[1]
    reporter = next(s.registration.player for s in second.seat_list() if s.team == guard)
    result_services.report_result(reporter, second, scores=two_seats("loss", (6, 9)))
    opponent = next(s.registration.player for s in second.seat_list() if s.team == horde)
    result_services.confirm_result(opponent, second)
    second.refresh_from_db()
    assert [(s.team, s.outcome, s.score) for s in second.seat_list()] == [
        (horde, "loss", 6), (horde, "loss", 6), (guard, "win", 9), (guard, "win", 9)
    ]  # fmt: skip
    draw_services.close_round(organizer, round1)

    round2 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    met = [frozenset(side_teams(m)) for m in round2.matches.all()]
    assert frozenset({grayskull, snake}) not in met and frozenset({guard, horde}) not in met
    winners_table = next(m for m in round2.matches.all() if log_winner in side_teams(m))
    assert guard in side_teams(winners_table)  # the two round-1 winners meet
    for match in round2.matches.all():  # FE-17.1: the most VP wins; the first-listed team here
        result_services.decide_result(organizer, match, scores=two_seats("win", (10, 7)))
    draw_services.close_round(organizer, round2)

    table = standings_table(event)
    assert table["teams"] is True
    rows = table["rows"]
    assert len(rows) == 4 and {r["team"] for r in rows} == {t.pk for t in teams}
    assert [r["metrics"]["points"] for r in rows] == [6, 3, 3, 0]
    assert rows[0]["team"] == int(side_teams(winners_table)[0])
    guard_row = next(r for r in rows if r["team"] == int(guard))
    assert guard_row["name"] == "Royal Guard" and guard_row["members"] == ["Duncan", "Adora"]

    # Ratings stay per player: all eight people are rated, partners alike.
    rated = ratings()
    assert all(reg.player_id in rated for reg in event.registrations.all())
    partners = [rated[reg.player_id].mu for reg in teams[1].members.all()]
    assert partners[0] == partners[1]


def test_a_log_whose_teams_differ_from_the_match_is_flagged(
    team_event, organizer, django_capture_on_commit_callbacks
):
    event, _ = team_event
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    match = round1.matches.first()
    data = json.loads(team_log(match, seed=2))
    # Swap one player of each side: the log's teams are no longer the match's.
    first_team = [p for p in data["players"] if p["faction"] == data["players"][0]["faction"]]
    other_team = [p for p in data["players"] if p["faction"] != data["players"][0]["faction"]]
    first_team[1]["name"], other_team[1]["name"] = other_team[1]["name"], first_team[1]["name"]
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(match.entrants()[0].player, match, json.dumps(data).encode())
    match.refresh_from_db()
    verify(match.game_log_id, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.log_flag == "mismatch"
    # Each swapped player now plays the other side's faction from the one dealt to their team at this
    # table (draw.table_factions), which the check reports first, one line each.
    moved = {first_team[1]["name"], other_team[1]["name"]}
    assert len(match.flag_details) == 2 and all(
        "the pairings dealt their side" in d for d in match.flag_details
    )
    assert {d.split(" plays ")[0] for d in match.flag_details} == moved


def test_partners_cannot_report_different_outcomes(team_event, organizer):
    event, _ = team_event
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    match = round1.matches.first()
    split = [seats.SeatScore(o) for o in ("win", "loss", "loss", "loss")]
    with pytest.raises(EventError, match="share its outcome"):
        result_services.decide_result(organizer, match, split)


def test_records_read_a_team_event_as_teams(team_event, organizer):
    event, teams = team_event
    draw_services.pair_next_round(organizer, event)
    assert [c.id for c in records.competitors(event)] == [t.pk for t in teams]
    assert {frozenset(p.players) for p in records.pairings_by_round(event)[1]} == {
        frozenset({teams[0].pk, teams[2].pk}),
        frozenset({teams[1].pk, teams[3].pk}),
    }


def test_a_team_bye_counts_as_one_bye_of_the_team(organizer, make_player):
    """Three teams of two: round 1 has one game of four seats and one team's bye of two seats. The
    match queries count sides as ``Match.is_bye`` does, so the bye is one bye (the team's), the bye
    team's players have no game waiting for a log, and the team's bye scores once in the standings."""
    from play.matches import open_matches
    from tests.tournaments_django.conftest import TEAM_PLAYERS

    event = services.create_event(
        organizer, name="Eternia Trios", starts_on=date(2026, 6, 6), game=GAME, content_pack="fe-core-starter",
        team_size=2, swiss_rounds=2, first_round="seeded", random_seed=3,
    )  # fmt: skip
    registrations = [participant_services.register(make_player(name), event) for name in TEAM_PLAYERS[:6]]
    for i, name in enumerate(["Grayskull", "Royal Guard", "Snake Mountain"]):
        participant_services.create_team(organizer, event, name, registrations[2 * i : 2 * i + 2], seed=i + 1)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))

    matches = round1.matches.all()
    (bye,) = matches.byes()
    (game,) = matches.games()
    assert (bye.is_bye, len(bye.seat_list()), game.is_bye, len(game.seat_list())) == (True, 2, False, 4)
    assert [m.side_count for m in matches.with_side_count().order_by("table")] == [2, 1]
    for seat in bye.seat_list():
        assert open_matches(seat.registration.player) == []
    for seat in game.seat_list():
        assert [m.pk for m in open_matches(seat.registration.player)] == [game.pk]

    result_services.decide_result(organizer, game, scores=two_seats("win", (10, 7)))
    draw_services.close_round(organizer, round1)
    points = {row["team"]: row["metrics"]["points"] for row in standings_table(event)["rows"]}
    winner, loser = (int(group[0].team) for group in seats.sides(game))
    bye_team = int(bye.seat_list()[0].team)
    assert points == {winner: 3, bye_team: 3, loser: 0}  # the bye is one win of the team, not one per seat
