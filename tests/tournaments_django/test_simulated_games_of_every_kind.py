"""Issue #9: a simulated event is made from the engine registry and the game's plugin, not for
Battleground alone. A Hoplomachus event plays Skirmish (HR-12: two troops, one against the other):
troop lists from the plugin, logs from ``engine.simulate`` with the registered factions, verdicts from
the workers' task function, results and standings from the logs. A Fields of Eternia event is a team
event of its team game (FE-2.1), its sides dealt at each table."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

import games
from draw import seats
from draw.models import Match, MatchState, ResultSource
from participants.models import ForceList
from standings.services import standings_table
from tournaments.models import Event
from tournaments.simulation import run_simulated_event

ETERNIA = "motu-fields-of-eternia"

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_simulated_hoplomachus_skirmish_event_runs_end_to_end():
    out = io.StringIO()
    call_command(
        "simulate_event",
        game="hoplomachus-remastered",
        players=4,
        rounds=2,
        seed=3,
        eager=True,
        jobs=1,
        stdout=out,
    )
    event = Event.objects.get()
    assert event.game == "hoplomachus-remastered" and event.content_pack == "hr-core-starter"
    assert event.rounds.count() == 2 and event.status == "finished"
    lists = {r.force_list.faction for r in event.registrations.all()}
    assert len(lists) > 1 and all(r.force_list.valid for r in event.registrations.all())
    games = Match.objects.filter(round__event=event).games()
    assert games.count() == 4
    for match in games:
        # Every game is verified from its log, whose troops are the players' registered factions.
        assert match.result_source == ResultSource.LOG and match.state == MatchState.VERIFIED, (
            match.flag_details
        )
        assert match.game_log.game == "hoplomachus-remastered" and match.game_log.state == "legal"
        assert not match.log_flag
    assert "flagged" not in out.getvalue()
    assert f"Standings of {event.slug} after round 2" in out.getvalue()
    call_command("check_event", event.slug, stdout=io.StringIO())  # raises on a discrepancy


def test_a_simulated_eternia_team_event_runs_end_to_end():
    """Fields of Eternia's team game (FE-2.1): three teams of two, so each round one team has the bye;
    each game deals the two sides to its two teams, whose players share their side's heroes."""
    out = io.StringIO()
    call_command("simulate_event", game=ETERNIA, players=6, rounds=2, seed=3, eager=True, jobs=1, stdout=out)
    event = Event.objects.get()
    assert (event.game, event.team_size, event.status) == (ETERNIA, 2, "finished")
    assert [sorted(r.display_name for r in t.members.all()) for t in event.teams.order_by("seed")] == [
        ["Sim player 001", "Sim player 002"], ["Sim player 003", "Sim player 004"], ["Sim player 005", "Sim player 006"]
    ]  # fmt: skip
    assert not ForceList.objects.filter(registration__event=event).exists()  # sides are chosen at the table
    matches = Match.objects.filter(round__event=event)
    played = list(matches.games())
    assert len(played) == 2 and matches.byes().count() == 2  # a game a round, the third team's bye beside it
    for match in played:
        assert match.result_source == ResultSource.LOG and match.state == MatchState.VERIFIED, (
            match.flag_details
        )
        assert not match.log_flag and match.game_log.state == "legal"
        header = json.loads(bytes(match.game_log.content))
        sides = seats.sides(match)
        assert [len(side) for side in sides] == [2, 2]
        by_name = {p["name"]: p for p in header["players"]}
        for side in sides:  # a team plays one faction; its players split its three heroes (FE-2.1)
            played = [by_name[seat.registration.display_name] for seat in side]
            assert len({p["faction"] for p in played}) == 1
            assert sum(len(p["force"]) for p in played) == 3
            assert len({(seat.outcome, seat.score) for seat in side}) == 1  # FE-2.4: shared
        assert {by_name[s.registration.display_name]["faction"] for side in sides for s in side} == {
            "motu",
            "ew",
        }
    table = standings_table(event)
    assert table["teams"] is True
    assert {r["name"] for r in table["rows"]} == {"Sim team 001", "Sim team 002", "Sim team 003"}
    assert "flagged" not in out.getvalue() and "3 teams" in out.getvalue()
    checked = io.StringIO()
    call_command("check_event", event.slug, stdout=checked)  # raises on a discrepancy
    assert "no discrepancies" in checked.getvalue()


def test_a_game_without_simulated_lists_is_refused_in_words():
    real = games.plugin(ETERNIA)
    games.register(games.GamePlugin(ETERNIA, "Eternia without lists"))
    try:
        with pytest.raises(ValueError, match="simulated events cannot be made for Eternia without lists yet"):
            run_simulated_event(game=ETERNIA, players=4, rounds=1, seed=1, eager=True)
    finally:
        games.register(real)
    with pytest.raises(ValueError, match="at least two teams: more than 2 players"):
        run_simulated_event(game=ETERNIA, players=2, rounds=1, seed=1, eager=True)
    with pytest.raises(CommandError, match="unknown game 'chess'"):
        call_command("simulate_event", game="chess", players=4, rounds=1, eager=True, stdout=io.StringIO())
