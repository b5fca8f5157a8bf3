"""Battle points: a game's points from its VP margin through the organizer's bands.

The wargame convention (Old World Rankings, Best Coast Pairings): bands of the VP difference,
each giving the side ahead and the side behind their points. Worked by hand.
"""

import pytest

from tournaments.algorithms.battle_points import (
    PRESETS,
    format_bands,
    parse_bands,
    table_from_json,
)
from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Competitor, ResultRecord
from tournaments.algorithms.rules import ScoringRules
from tournaments.algorithms.standings import rank

# The example the issue gives: 0-300 draw 10-10, 301-600 minor victory 13-7, 601+ major 17-3.
TEXT = "0-300 Draw 10-10\n301-600 Minor victory 13-7\n601+ Major victory 17-3"


def table():
    return table_from_json(parse_bands(TEXT))


def test_typed_bands_become_stored_json_and_back():
    assert parse_bands(TEXT) == [
        {"min": 0, "max": 300, "label": "Draw", "winner": 10, "loser": 10},
        {"min": 301, "max": 600, "label": "Minor victory", "winner": 13, "loser": 7},
        {"min": 601, "max": None, "label": "Major victory", "winner": 17, "loser": 3},
    ]
    assert format_bands(parse_bands(TEXT)) == TEXT


@pytest.mark.parametrize(
    ("margin", "ahead", "behind"),
    [(0, 10, 10), (300, 10, 10), (301, 13, 7), (600, 13, 7), (601, 17, 3), (5000, 17, 3)],
)
def test_each_margin_falls_in_exactly_one_band(margin, ahead, behind):
    t = table()
    assert t.points("win", 1000 + margin, 1000) == ahead
    assert t.points("loss", 1000, 1000 + margin) == behind


def test_equal_scores_follow_the_recorded_outcome():
    # A band that is not even at 0: the winner on equal VP (e.g. by scenario) takes 11, a draw 10 each.
    t = table_from_json(parse_bands("0-5 close 11-9\n6+ clear 15-5"))
    assert t.points("win", 20, 20) == 11 and t.points("loss", 20, 20) == 9
    assert t.points("draw", 20, 20) == 10
    # A double loss earns the closest band's lower number, never more than losing a close game.
    assert t.points("loss", 30, 0, double_loss=True) == 9


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("1-300 a 10-10\n301+ b 13-7", "band 1 .* must start at a margin of 0"),
        ("0-300 a 10-10\n302+ b 13-7", "leaves margins 301–301 without a band"),
        ("0-300 a 10-10\n250+ b 13-7", "overlaps the band before it, which ends at 300"),
        ("0-300 a 10-10\n301-600 b 13-7", "make it open-ended"),
        ("0-300 a 10-10\n301+ b 7-13", "gives the side behind more"),
        ("0-300 a 10-10\n301+ b 13-7\n700+ c 17-3", "open-ended, so the bands after it"),
        ("zero to three hundred, draw", "line 1 .* is not a band"),
    ],
)
def test_bands_must_be_contiguous_non_overlapping_and_cover_every_margin(text, problem):
    with pytest.raises(InvalidInput, match=problem):
        parse_bands(text)


def test_every_preset_is_a_valid_table_and_the_default_is_none():
    assert PRESETS["win-draw-loss"][1] == []
    for _name, bands in PRESETS.values():
        assert bands == [] or table_from_json(bands).as_json() == bands


FIELD = [Competitor(p) for p in "ABCD"]
# Round 1: A beats B 900-200 (margin 700: 17-3), C beats D 500-400 (margin 100: 10-10).
# Round 2: A beats C 650-300 (margin 350: 13-7), D beats B 400-0 (margin 400: 13-7).
RESULTS = [
    ResultRecord(1, ("A", "B"), "win", (900, 200)),
    ResultRecord(1, ("C", "D"), "win", (500, 400)),
    ResultRecord(2, ("A", "C"), "win", (650, 300)),
    ResultRecord(2, ("D", "B"), "win", (400, 0)),
]


def test_battle_points_become_the_events_primary_score():
    rules = ScoringRules(battle_points=table())
    rows = rank(FIELD, RESULTS, ["points", "score_diff"], rules=rules)
    # A 17 + 13 = 30, D 10 + 13 = 23, C 10 + 7 = 17, B 3 + 7 = 10. Under 3/1/0, C and D
    # would tie on 3 points; the margins separate them.
    assert [(r.player_id, r.metrics["points"]) for r in rows] == [("A", 30), ("D", 23), ("C", 17), ("B", 10)]


def test_a_bye_is_worth_the_band_of_its_margin():
    # The event's score for a bye (bye VP 350 for, 0 against) is a minor victory: 13.
    rules = ScoringRules(battle_points=table(), bye_vp_for=350)
    rows = rank([*FIELD, Competitor("E")], [*RESULTS, ResultRecord.bye(2, "E")], ["points"], rules=rules)
    assert {r.player_id: r.metrics["points"] for r in rows}["E"] == 13


def test_without_a_table_points_per_outcome_apply_exactly_as_before():
    assert table_from_json([]) is None
    plain = rank(FIELD, RESULTS, ["points", "sos"])
    same = rank(FIELD, RESULTS, ["points", "sos"], rules=ScoringRules(battle_points=table_from_json([])))
    assert plain == same
    assert [(r.player_id, r.metrics["points"]) for r in plain] == [("A", 6), ("C", 3), ("D", 3), ("B", 0)]
