"""What the Board keeps per map gives the answers it would compute: line of sight (BG-10.4) memoised and bounded,
the one-MP steps (BG-9.2.3) and a token's claim hexes (BG-7.2.1)."""

from __future__ import annotations

from engine.games.battleground import board as board_module

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
TERRAIN = [
    {"piece": "wall", "kind": "high", "hexes": ["J10", "K10", "L10", "K11"]},
    {"piece": "rocks", "kind": "low", "hexes": ["D5", "E5"]},
    {"piece": "mud", "kind": "difficult", "hexes": ["F8", "G8"]},
    {"piece": "tower", "kind": "platform", "hexes": ["P15", "Q15", "P16"]},
]
PLATFORMS = [{"piece": "tower", "under": ["R20"]}]


def board_of(bg):
    sc = bg.scenario(zones=ANYWHERE, terrain=TERRAIN, platforms=PLATFORMS)
    sc.place("p1", "stratos", [], "A1").place("p2", "skeletor", [], "Y30")
    return bg.state(sc).board


def _sample(board):
    return [h for h in range(board.grid.size) if h % 7 == 0]


def test_bg_10_4_memoised_sight_is_the_computed_sight_both_ways_and_again(bg):
    board = board_of(bg)
    hexes = _sample(board)
    for same in (False, True):
        for a in hexes[:40]:
            for b in hexes:
                first = board.line_of_sight(a, b, same_origin_corner=same)
                assert first == board._line_of_sight(a, b, same)
                assert board.line_of_sight(a, b, same_origin_corner=same) == first  # from the memo
    assert any(not board._line_of_sight(a, b, False) for a in hexes[:40] for b in hexes)  # the wall blocks


def test_bg_10_4_sight_memo_is_bounded(bg, monkeypatch):
    board = board_of(bg)
    monkeypatch.setattr(board_module, "LOS_MEMO_SIZE", 50)
    board._los.clear()
    hexes = _sample(board)
    for a in hexes[:20]:
        for b in hexes[:20]:
            assert board.line_of_sight(a, b) == board._line_of_sight(a, b, False)
            assert len(board._los) <= 50


def test_bg_9_2_3_one_mp_steps_are_the_steps_that_cost_one(bg):
    board = board_of(bg)
    for a in range(board.grid.size):
        for b in board.grid.neighbours(a):
            if b is not None:
                assert (b in board.step_one[a]) == (board.step_cost(a, b) == 1), (a, b)
        assert a not in board.step_one[a]


def test_bg_7_2_1_a_token_is_claimed_from_its_hex_or_beside_it(bg):
    board = board_of(bg)
    for h in range(board.grid.size):
        assert board.on_or_beside[h] == board.adjacent[h] | {h}
