"""The mode a log was played in, as each game reads it (``GamePlugin.log_mode``), the modes an event takes
(``tournaments.game_modes.log_modes``) and the sentence the log check reports when they differ
(``tournaments.log_check.check_mode``). Hoplomachus modes by HR-12 (Skirmish HR-15, Pandemonium HR-16,
Alliance HR-17, Assault HR-13, Ascension HR-14); Fields of Eternia's by FE-2.5 (the team game FE-2, solo
FE-18, skirmish FE-19)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
import games
from tournaments.game_modes import log_modes
from tournaments.log_check import check_mode

HR, FE, BG = "hoplomachus-remastered", "motu-fields-of-eternia", "motu-battleground"


def event(game: str, game_mode: str = "", team_size: int = 0):
    return SimpleNamespace(game=game, game_mode=game_mode, team_size=team_size)


@pytest.mark.parametrize(
    ("settings", "modes"),
    [
        ((HR, "", 0), ("skirmish",)),  # HR-15: the standard game of two troops
        ((HR, "pandemonium", 0), ("pandemonium",)),
        ((HR, "alliance", 2), ("alliance",)),
        ((HR, "", 2), ("alliance",)),  # teams of two at one table: only Alliance seats them (HR-17)
        ((FE, "", 0), ("standard",)),  # FE-2.1: the team game, one player a side
        ((FE, "", 2), ("standard",)),
        ((FE, "skirmish", 0), ("skirmish",)),  # FE-19
        ((BG, "", 0), ("standard",)),
        ((HR, "melee", 0), ()),  # not a mode of the game (the event form refuses it): nothing compared
    ],
)
def test_the_modes_an_event_takes(settings, modes):
    assert log_modes(event(*settings)) == modes


def test_each_game_reads_the_mode_its_logs_name():
    hr, fe, bg = games.plugin(HR), games.plugin(FE), games.plugin(BG)
    for mode, players in (("skirmish", 2), ("pandemonium", 3), ("alliance", 4), ("assault", 1)):
        assert hr.log_mode(engine.simulate(HR, 1, mode=mode, players=players)) == mode
    assert fe.log_mode(engine.simulate(FE, 1)) == "standard"  # a log naming no mode is the team game
    assert fe.log_mode(engine.simulate(FE, 1, mode="skirmish")) == "skirmish"
    assert bg.log_mode(engine.simulate(BG, 1)) == ""  # one mode: not compared


def test_a_log_of_another_mode_is_reported_in_words_a_player_reads():
    hr, fe = games.plugin(HR), games.plugin(FE)
    assert check_mode("skirmish", ("skirmish",), hr.mode_words) == []
    assert check_mode("pandemonium", ("skirmish",), hr.mode_words) == [
        "this event plays a Skirmish (HR-15); this log is a Pandemonium game (HR-16)"
    ]
    assert check_mode("standard", ("skirmish",), fe.mode_words) == [
        "this event plays a skirmish (FE-19); this log is a team game (FE-2)"
    ]
    assert check_mode("solo", ("standard",), fe.mode_words) == [
        "this event plays a team game (FE-2); this log is a solo or co-op game against the game (FE-18)"
    ]
    # Nothing to compare: a log naming no mode, an event taking none.
    assert check_mode("", ("skirmish",), hr.mode_words) == []
    assert check_mode("skirmish", (), hr.mode_words) == []


def test_a_game_without_words_of_its_own_names_its_modes_as_the_engine_does():
    plugin = games.GamePlugin(BG)
    assert plugin.log_mode({"setup": {"mode": "standard"}}) == ""
    assert plugin.mode_words("standard") == "Two-player skirmish"
    assert games.GamePlugin("no-such-game").mode_words("x") == "x"
