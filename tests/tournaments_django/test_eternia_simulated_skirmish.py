"""A simulated Fields of Eternia event of the competitive skirmish (FE-19): ``run_simulated_event(...,
game_mode="skirmish")`` makes an event of that mode (``Event.game_mode``, one player a side, no teams),
deals the two factions at each table as in the team game (FE-2.1), and simulates each game as a skirmish
(the pack's skirmish scenario with its setup purchases and deployment, FE-19.5–19.6) whose log verifies
and gives the match its result."""

from __future__ import annotations

import json

import pytest

from draw import seats
from draw.models import Match, MatchState, ResultSource
from tournaments.simulation import run_simulated_event

GAME = "motu-fields-of-eternia"


@pytest.mark.django_db(transaction=True)
def test_a_simulated_skirmish_event_plays_every_game_as_a_verified_skirmish():
    report = run_simulated_event(game=GAME, game_mode="skirmish", players=6, rounds=2, seed=31, eager=True)
    event = report.event
    assert report.flagged == [] and report.rounds == 2 and report.logs == 6
    assert event.game_mode == "skirmish" and event.team_size == 0 and not event.teams.exists()
    assert "(skirmish)" in event.name and event.slug.endswith("-skirmish")
    games = list(Match.objects.filter(round__event=event).games().order_by("round__number", "table"))
    assert len(games) == 6
    for match in games:
        assert match.state == MatchState.VERIFIED and match.result_source == ResultSource.LOG
        sides = seats.sides(match)
        assert [len(side) for side in sides] == [1, 1]
        assert sorted(side[0].faction for side in sides) == ["ew", "motu"]
        header = json.loads(bytes(match.game_log.content))
        assert header["setup"]["mode"] == "skirmish"  # FE-19
        assert header["setup"]["scenario"] == "skirmish-1"
        assert any(e["type"] == "deploy_zone" for e in header["events"])  # FE-19.6.1
        dealt = {s.registration.display_name: s.faction for s in match.seat_list()}
        assert {p["name"]: p["faction"] for p in header["players"]} == dealt
        assert all(len(p["force"]) == 3 for p in header["players"])  # one player, three heroes (FE-4.1.1)
        assert match.game_log.state == "legal"


def test_a_mode_the_plugin_does_not_simulate_is_refused():
    with pytest.raises(ValueError, match="play no mode 'solo'"):
        run_simulated_event(game=GAME, game_mode="solo", players=4, rounds=1, seed=1, eager=True)
