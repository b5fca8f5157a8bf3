"""A result typed by hand is held to how the game can end (ResultSchema.endings, ResultSchema.check)."""

import pytest

import engine

BG = "motu-battleground"


def check(seats, ending=None, game=BG):
    return engine.game(game).result_schema.check(seats, ending, names=["Chiara", "Bob"][: len(seats)])


def test_bg_7_4_3_a_vp_victory_needs_a_lead_of_twenty():
    problems = check([("win", 20), ("loss", 30)], "vp")
    assert problems[0].startswith("Chiara won with 20 VP against Bob's 30")
    assert "BG-7.4.3" in problems[0] and "at least 20 more VP" in problems[0]
    assert "Knockout, Concession" in problems[-1]  # says which endings would allow it
    assert check([("win", 39), ("loss", 20)], "vp")
    assert check([("win", 40), ("loss", 20)], "vp") == []


def test_bg_7_4_3_a_draw_on_vp_is_a_lead_under_twenty():
    assert check([("draw", 20), ("draw", 39)], "vp") == []
    assert "not a draw" in check([("draw", 0), ("draw", 20)], "vp")[0]


@pytest.mark.parametrize("ending", ["knockout", "concession"])
def test_bg_7_4_2_and_7_4_5_knockout_or_concession_win_whatever_the_vp(ending):
    assert check([("win", 20), ("loss", 30)], ending) == []


def test_bg_7_4_5_a_concession_is_no_draw_and_an_agreed_draw_no_win():
    assert "ends in a win, not a draw" in check([("draw", 10), ("draw", 10)], "concession")[0]
    assert "ends in a draw, not a win" in check([("win", 40), ("loss", 0)], "agreed-draw")[0]


def test_without_an_ending_any_ending_that_fits_will_do_but_both_losing_never_does():
    assert check([("win", 20), ("loss", 30)]) == []  # a knockout could explain it
    assert "everyone losing" in check([("loss", 0), ("loss", 0)])[0]


def test_fe_17_1_the_team_with_more_vp_wins_and_a_boss_left_makes_everyone_lose():
    game = "motu-fields-of-eternia"
    assert "at least as many VP" in check([("win", 3), ("loss", 5)], game=game)[0]
    assert check([("win", 5), ("loss", 5)], "vp", game=game) == []  # FE-17.2 breaks the tie
    assert check([("loss", 5), ("loss", 9)], "boss", game=game) == []


def test_an_unknown_ending_is_named():
    assert check([("win", 40), ("loss", 0)], "timeout") == [
        "'timeout' is not a way this game ends (known: vp, knockout, concession, agreed-draw)"
    ]


def test_a_game_without_endings_checks_nothing_more():
    schema = engine.ResultSchema("Points", ())
    assert schema.check([("win", 0), ("loss", 50)]) == []
