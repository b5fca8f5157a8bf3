"""Issue #9: a simulated event is made from the engine registry and the game's plugin, not for
Battleground alone. A Hoplomachus event plays Skirmish (HR-12: two troops, one against the other):
troop lists from the plugin, logs from ``engine.simulate`` with the registered factions, verdicts from
the workers' task function, results and standings from the logs."""

import io

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Event, Match, MatchState, ResultSource
from tournaments.simulation import run_simulated_event

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


def test_a_game_without_simulated_lists_is_refused_in_words():
    with pytest.raises(
        ValueError, match="simulated events cannot be made for Masters of the Universe: Fields of Eternia yet"
    ):
        run_simulated_event(game="motu-fields-of-eternia", players=4, rounds=1, seed=1, eager=True)
    with pytest.raises(CommandError, match="unknown game 'chess'"):
        call_command("simulate_event", game="chess", players=4, rounds=1, eager=True, stdout=io.StringIO())
