"""Brackets as drawn, and their final placements, on hand-computed events.

Players are letters, best seed first (A is seed 1). A side shown as "W3" is the winner of
table 3 of the round before, still undecided.
"""

import pytest

from tournaments.algorithms.bracket_layout import BracketLayout, lay_out_bracket, round_name
from tournaments.algorithms.elimination import EliminationBracket, seeds_from_standings
from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.placements import ordinal, placements
from tournaments.algorithms.players import Competitor, Pairing, ResultRecord
from tournaments.algorithms.standings import rank


def drawn(layout: BracketLayout) -> list[list[tuple]]:
    """Each round as (table, side A, side B, winner): a player, "W<table>" or None for a bye."""

    def side(s):
        if s is None:
            return None
        return s.player if s.player is not None else f"W{s.from_table}"

    return [[(g.table, side(g.a), side(g.b), g.winner) for g in column.games] for column in layout.rounds]


def placed(layout: BracketLayout) -> list[tuple[str, str]]:
    return [(p.label, p.player) for p in placements(layout)]


def tables(*pairs) -> list[Pairing]:
    return [Pairing(t, a, b, "") for t, (a, b) in enumerate(pairs, start=1)]


# Eight players. Round 1: A beats H, E upsets D, B and G draw (the better seed, B, goes
# through), F beats C. Round 2: A beats E, F beats B. Final: F beats A.
EIGHT = list("ABCDEFGH")
EIGHT_ROUND_1 = tables(("A", "H"), ("D", "E"), ("B", "G"), ("C", "F"))
EIGHT_ROUND_2 = tables(("A", "E"), ("B", "F"))
EIGHT_FINAL = tables(("A", "F"))
EIGHT_RESULTS = [
    ResultRecord(1, ("A", "H"), "win", (20, 5)),
    ResultRecord(1, ("D", "E"), "loss", (12, 15)),
    ResultRecord(1, ("B", "G"), "draw", (10, 10)),
    ResultRecord(1, ("C", "F"), "loss", (8, 14)),
    ResultRecord(2, ("A", "E"), "win", (18, 11)),
    ResultRecord(2, ("B", "F"), "loss", (9, 16)),
    ResultRecord(3, ("A", "F"), "loss", (13, 17), ({"knockouts_dealt": 2}, {"knockouts_dealt": 4})),
]


def test_the_hand_written_rounds_are_the_ones_the_bracket_pairs():
    bracket = EliminationBracket(EIGHT)
    assert bracket.first_round() == [
        Pairing(p.table, p.a, p.b, bracket.first_round()[p.table - 1].reason) for p in EIGHT_ROUND_1
    ]
    second = bracket.next_round(EIGHT_ROUND_1, EIGHT_RESULTS, 1)
    assert [(p.a, p.b) for p in second] == [(p.a, p.b) for p in EIGHT_ROUND_2]
    assert [(p.a, p.b) for p in bracket.next_round(second, EIGHT_RESULTS, 2)] == [("A", "F")]


def test_a_finished_bracket_of_eight():
    layout = lay_out_bracket(EIGHT, {1: EIGHT_ROUND_1, 2: EIGHT_ROUND_2, 3: EIGHT_FINAL}, EIGHT_RESULTS)
    assert layout.size == 8 and layout.finished and layout.champion == "F"
    assert [(c.bracket_round, c.round, c.name) for c in layout.rounds] == [
        (1, 1, "Quarter-finals"),
        (2, 2, "Semi-finals"),
        (3, 3, "Final"),
    ]
    assert drawn(layout) == [
        [(1, "A", "H", "A"), (2, "D", "E", "E"), (3, "B", "G", "B"), (4, "C", "F", "F")],
        [(1, "A", "E", "A"), (2, "B", "F", "F")],
        [(1, "A", "F", "F")],
    ]
    assert all(g.paired for c in layout.rounds for g in c.games)
    # The drawn game went to the draw rule; the others were won outright.
    assert [g.resolution for g in layout.rounds[0].games] == ["win", "win", "draw_rule", "win"]
    final = layout.rounds[2].games[0]
    assert (final.a.seed, final.a.score, final.a.components) == (1, 13, {"knockouts_dealt": 2})
    assert (final.b.seed, final.b.score, final.b.components) == (6, 17, {"knockouts_dealt": 4})
    assert final.loser == "A"
    assert placed(layout) == [
        ("1st", "F"),
        ("2nd", "A"),
        ("3rd–4th", "B"),  # shared, listed by seed
        ("3rd–4th", "E"),
        ("5th–8th", "C"),
        ("5th–8th", "D"),
        ("5th–8th", "G"),
        ("5th–8th", "H"),
    ]
    champion, runner_up, semi = placements(layout)[:3]
    assert (champion.bracket_round, champion.round, champion.seed) == (None, None, 6)
    assert (runner_up.bracket_round, runner_up.first, runner_up.last) == (3, 2, 2)
    assert (semi.bracket_round, semi.first, semi.last, semi.seed) == (2, 3, 4, 2)


def test_eight_players_in_the_first_round_with_one_game_still_playing():
    pending = [r for r in EIGHT_RESULTS if r.round == 1 and r.players[0] != "C"]
    layout = lay_out_bracket(EIGHT, {1: EIGHT_ROUND_1}, pending)
    assert not layout.finished and layout.champion is None
    assert drawn(layout) == [
        [(1, "A", "H", "A"), (2, "D", "E", "E"), (3, "B", "G", "B"), (4, "C", "F", None)],
        # Both winners known: the better seed is side A, as the next round will pair them.
        [(1, "A", "E", None), (2, "B", "W4", None)],
        [(1, "W1", "W2", None)],
    ]
    assert [g.paired for c in layout.rounds for g in c.games] == [True] * 4 + [False] * 3
    waiting = layout.rounds[0].games[3]
    assert (waiting.a.score, waiting.b.score, waiting.resolution, waiting.loser) == (None, None, None, None)
    # Knocked-out players already have their place; those still in have none yet.
    assert placed(layout) == [("5th–8th", "D"), ("5th–8th", "G"), ("5th–8th", "H")]


SIX = list("ABCDEF")
SIX_ROUND_1 = tables(("A", None), ("D", "E"), ("B", None), ("C", "F"))


def test_six_players_give_the_top_two_byes_in_a_bracket_in_progress():
    layout = lay_out_bracket(SIX, {1: SIX_ROUND_1}, [ResultRecord(1, ("E", "D"), "win", (16, 9))])
    assert layout.size == 8
    assert drawn(layout) == [
        [(1, "A", None, "A"), (2, "D", "E", "E"), (3, "B", None, "B"), (4, "C", "F", None)],
        [(1, "A", "E", None), (2, "B", "W4", None)],
        [(1, "W1", "W2", None)],
    ]
    bye, upset = layout.rounds[0].games[:2]
    assert bye.is_bye and bye.resolution == "bye" and bye.loser is None
    # The record lists E first; the sides keep the pairing's order with their own VP.
    assert (upset.a.player, upset.a.score, upset.b.player, upset.b.score) == ("D", 9, "E", 16)
    # Two games were played in round 1, so its losers share 5th–6th, not 5th–8th.
    assert placed(layout) == [("5th–6th", "D")]


def test_six_players_finished():
    results = [
        ResultRecord(1, ("D", "E"), "win"),
        ResultRecord(1, ("C", "F"), "win"),
        ResultRecord(2, ("A", "D"), "win"),
        ResultRecord(2, ("B", "C"), "loss"),
        ResultRecord(3, ("A", "C"), "draw", (10, 12)),
    ]
    played = {1: SIX_ROUND_1, 2: tables(("A", "D"), ("B", "C")), 3: tables(("A", "C"))}
    by_seed = lay_out_bracket(SIX, played, results)
    assert drawn(by_seed)[2] == [(1, "A", "C", "A")]
    assert placed(by_seed) == [
        ("1st", "A"),
        ("2nd", "C"),
        ("3rd–4th", "B"),
        ("3rd–4th", "D"),
        ("5th–6th", "E"),
        ("5th–6th", "F"),
    ]
    # The same drawn final under "more VP in the game advances".
    by_vp = lay_out_bracket(SIX, played, results, draw_break=("score",))
    assert by_vp.champion == "C" and placed(by_vp)[:2] == [("1st", "C"), ("2nd", "A")]


def test_a_top_cut_of_four_after_three_swiss_rounds():
    field = [Competitor(p) for p in "PQRSTUVW"]
    swiss = [
        ResultRecord(1, ("P", "T"), "win"),
        ResultRecord(1, ("Q", "U"), "win"),
        ResultRecord(1, ("R", "V"), "win"),
        ResultRecord(1, ("S", "W"), "win"),
        ResultRecord(2, ("P", "Q"), "win"),
        ResultRecord(2, ("R", "S"), "win"),
        ResultRecord(2, ("T", "U"), "win"),
        ResultRecord(2, ("V", "W"), "win"),
        ResultRecord(3, ("P", "R"), "win"),
        ResultRecord(3, ("Q", "S"), "win"),
        ResultRecord(3, ("T", "V"), "win"),
        ResultRecord(3, ("U", "W"), "win"),
    ]
    rows = rank(field, swiss, ["points"])
    # P 9 points; Q, R and T 6 (shared, listed in entry order); S, U, V 3; W 0.
    seeds = seeds_from_standings(rows, cut=4)
    assert seeds == ["P", "Q", "R", "T"]
    # Semi-finals in round 4: P-T (a rematch of Swiss round 1, which P won; T wins this one)
    # and Q-R. The final is round 5.
    results = [
        *swiss,
        ResultRecord(4, ("P", "T"), "loss"),
        ResultRecord(4, ("Q", "R"), "win"),
        ResultRecord(5, ("Q", "T"), "win", (20, 3)),
    ]
    semis = tables(("P", "T"), ("Q", "R"))
    in_progress = lay_out_bracket(seeds, {4: semis}, results[:-1])
    assert [(c.round, c.name) for c in in_progress.rounds] == [(4, "Semi-finals"), (5, "Final")]
    assert drawn(in_progress) == [[(1, "P", "T", "T"), (2, "Q", "R", "Q")], [(1, "Q", "T", None)]]
    assert placed(in_progress) == [("3rd–4th", "P"), ("3rd–4th", "R")]
    finished = lay_out_bracket(seeds, {4: semis, 5: tables(("Q", "T"))}, results)
    assert finished.champion == "Q"
    assert placed(finished) == [("1st", "Q"), ("2nd", "T"), ("3rd–4th", "P"), ("3rd–4th", "R")]
    # Only the cut is placed: the Swiss players below it keep their Swiss rank.
    assert {p.player for p in placements(finished)} == set(seeds)
    out = placements(finished)[2]
    assert (out.bracket_round, out.round) == (1, 4)


def test_before_any_round_is_paired_the_seeds_show_the_first_round():
    layout = lay_out_bracket(SIX, {}, [], first_round=6)
    assert [c.round for c in layout.rounds] == [6, 7, 8]
    assert drawn(layout)[0] == [
        (1, "A", None, "A"),
        (2, "D", "E", None),
        (3, "B", None, "B"),
        (4, "C", "F", None),
    ]
    assert drawn(layout)[1] == [(1, "A", "W2", None), (2, "B", "W4", None)]
    assert not any(g.paired for c in layout.rounds for g in c.games)
    assert (layout.rounds[0].games[1].a.seed, layout.rounds[0].games[1].b.seed) == (4, 5)
    assert placements(layout) == []


def test_a_swapped_pairing_is_drawn_as_stored():
    # An organizer swapped G and H before publishing; the bracket shows what was played.
    swapped = tables(("A", "G"), ("D", "E"), ("B", "H"), ("C", "F"))
    layout = lay_out_bracket(EIGHT, {1: swapped}, [ResultRecord(1, ("A", "G"), "win")])
    assert drawn(layout)[0][0] == (1, "A", "G", "A")
    assert drawn(layout)[0][2] == (3, "B", "H", None)


def test_a_two_player_bracket_is_only_a_final():
    layout = lay_out_bracket(["A", "B"], {1: tables(("A", "B"))}, [ResultRecord(1, ("B", "A"), "win")])
    assert [c.name for c in layout.rounds] == ["Final"]
    assert placed(layout) == [("1st", "B"), ("2nd", "A")]


def test_inconsistent_rounds_are_rejected():
    with pytest.raises(InvalidInput, match="not consecutive"):
        lay_out_bracket(EIGHT, {1: EIGHT_ROUND_1, 3: EIGHT_FINAL}, EIGHT_RESULTS)
    with pytest.raises(InvalidInput, match="not consecutive"):
        lay_out_bracket(EIGHT, {2: EIGHT_ROUND_1}, [], first_round=1)
    with pytest.raises(InvalidInput, match="tables 1 to 4"):
        lay_out_bracket(EIGHT, {1: EIGHT_ROUND_2}, [])
    with pytest.raises(InvalidInput, match="has 3 rounds"):
        lay_out_bracket(EIGHT, {1: EIGHT_ROUND_1, 2: EIGHT_ROUND_2, 3: EIGHT_FINAL, 4: EIGHT_FINAL}, [])
    twice = [ResultRecord(1, ("A", "H"), "win"), ResultRecord(1, ("H", "A"), "loss")]
    with pytest.raises(InvalidInput, match="2 results for one game"):
        lay_out_bracket(EIGHT, {1: EIGHT_ROUND_1}, twice)


def test_round_names_and_ordinals():
    assert [round_name(n) for n in (1, 2, 4, 8, 16)] == [
        "Final",
        "Semi-finals",
        "Quarter-finals",
        "Round of 16",
        "Round of 32",
    ]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
        "112th",
    ]
