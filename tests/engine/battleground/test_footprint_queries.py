"""The footprint module on its own (footprint.py): a one-hex miniature is a footprint of one hex, a massive
one the base its pack states (BG-19), and both are asked the same questions — which hexes they cover
(BG-19.1), where a step takes them and what it costs (BG-9.2.3, BG-19.2, BG-AMB-28), and whether a path is
refused (BG-9.2.1, BG-9.2.3, BG-9.2.11, BG-19.2, BG-19.3) — through one path check for every miniature.

The game is test_massive's: Ram Man with a two-hex base (facing hex K12, rear hex K13, facing side 0) and
Skeletor, one hex; K12's neighbours are K11 (side 0), L11, L12, K13 (3), J12, J11.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalEvent
from engine.games.battleground import footprint
from engine.games.battleground.platform_push import PlatformPushes
from tests.engine.battleground.test_massive import giant


def setup(bg, **kwargs):
    game = bg.state(giant(bg, **kwargs))
    return game, game.units["ram-man"], game.units["skeletor"]


def labels(game, hexes) -> list[str]:
    return [game.board.label(h) for h in hexes]


def walk(game, unit, path: list[str], mp: int = 5, event: dict | None = None) -> str:
    """Where ``unit`` ends after ``path`` under the Move rules (footprint.check_path), as a label."""
    hexes = [game.board.parse(x) for x in path]
    pushes = PlatformPushes(game, unit, event or {})
    end = footprint.check_path(game, unit, hexes, mp, "BG-9.2.1", pushes, footprint.MOVE_ACTION)
    pushes.done()
    return game.board.label(end)


def refused(game, unit, path: list[str], mp: int = 5) -> str:
    with pytest.raises(IllegalEvent) as caught:
        walk(game, unit, path, mp)
    return caught.value.rule


# -- what a footprint covers (BG-19.1) ------------------------------------------------------------------------
def test_bg_19_1_a_one_hex_footprint_covers_its_hex_and_a_massive_one_its_whole_base(bg):
    """BG-19.1: Skeletor covers his own hex; Ram Man every hex of his base, the facing hex first. The
    occupants table names the miniature on each covered hex, and a position elsewhere covers the same shape."""
    game, ram, skeletor = setup(bg, enemy="F20")
    assert not skeletor.footprint.massive and ram.footprint.massive
    assert labels(game, skeletor.cells) == ["F20"]
    assert labels(game, ram.cells) == ["K12", "K13"]
    occupants = footprint.occupants(game)
    assert {game.board.label(h): u.key for h, u in occupants.items()} == {
        "K12": "ram-man",
        "K13": "ram-man",
        "F20": "skeletor",
    }
    assert labels(game, footprint.cells_at(ram, game.board.parse("F10"))) == ["F10", "F11"]
    assert labels(game, footprint.cells_at(skeletor, game.board.parse("F10"))) == ["F10"]


def test_bg_19_1_engagement_counts_any_hex_of_either_footprint(bg):
    """BG-19.1 / BG-10.2.2: Skeletor at K14 touches only Ram Man's rear hex: both are engaged, each with
    the other; at K16 neither is."""
    game, ram, skeletor = setup(bg, enemy="K14")
    assert footprint.engaged(game, ram, skeletor) and footprint.engaged(game, skeletor, ram)
    assert footprint.engaged_with(game, ram) == [skeletor]
    game, ram, skeletor = setup(bg, enemy="K16")
    assert not footprint.engaged(game, ram, skeletor) and footprint.engaged_with(game, ram) == []


# -- one step (BG-9.2.3, BG-19.2, BG-AMB-28) -------------------------------------------------------------------
def test_bg_9_2_3_and_bg_19_2_a_step_of_either_footprint_costs_1_mp(bg):
    """BG-9.2.3: Skeletor steps from F20 into an adjacent hex for 1 MP. BG-19.2 / BG-AMB-28: Ram Man's whole
    base translates one hex, without turning, for 1 MP; it never steps two hexes on."""
    game, ram, skeletor = setup(bg, enemy="F20")
    board = game.board
    p = board.parse
    assert footprint.step_mp(board, skeletor, p("F20"), p("F19")) == 1
    assert footprint.step_mp(board, ram, p("K12"), p("K11")) == 1
    assert footprint.step_mp(board, ram, p("K12"), p("K10")) is None
    assert (p("K11"), 1) in footprint.moves_from(game, ram, p("K12"))
    assert (p("F19"), 1) in footprint.moves_from(game, skeletor, p("F20"))


def test_bg_amb_28_one_path_check_moves_either_footprint(bg):
    """BG-9.2.1 / BG-AMB-28: the same path check takes each miniature where its path ends, one hex or a
    whole base: 2 steps for 2 MP."""
    game, ram, skeletor = setup(bg, enemy="F20")
    assert walk(game, skeletor, ["F19", "F18"], mp=2) == "F18"
    assert walk(game, ram, ["K11", "K10"], mp=2) == "K10"
    assert labels(game, footprint.cells_at(ram, game.board.parse("K10"))) == ["K10", "K11"]


def test_bg_9_2_1_a_path_dearer_than_the_movement_points_is_refused_for_either_footprint(bg):
    """BG-9.2.1: three 1-MP steps with 2 MP are refused, one hex or massive."""
    game, ram, skeletor = setup(bg, enemy="F20")
    assert refused(game, skeletor, ["F19", "F18", "F17"], mp=2) == "BG-9.2.1"
    assert refused(game, ram, ["K11", "K10", "K9"], mp=2) == "BG-9.2.1"


# -- refusing a blocked path (BG-9.2.3, BG-9.2.11, BG-19.2, BG-19.3) -----------------------------------------
def test_bg_9_2_3_and_bg_19_2_a_step_into_another_miniature_is_refused(bg):
    """BG-9.2.3: Skeletor at K14 cannot step into Ram Man's rear hex K13 (no climb to push him aside, and a
    massive miniature is never pushed, BG-19.10). BG-19.2: Ram Man's step to L12 would put his rear hex on
    L13, where He-Man stands."""
    game, ram, skeletor = setup(bg, enemy="K14", others=[("p1", "he-man", "L13")])
    assert refused(game, skeletor, ["K13"]) == "BG-9.2.3"
    assert refused(game, ram, ["L12", "L11"]) == "BG-19.2"
    assert walk(game, ram, ["K11", "L11"]) == "L11"  # round him, every position clear


def test_bg_19_3_a_base_may_not_stand_on_an_obstacle_a_one_hex_miniature_crosses(bg):
    """BG-19.3: a low rock on L13 refuses Ram Man's step to L12 (his rear hex would stand on it), while a
    one-hex miniature beside the rock crosses it for 3 MP (BG-9.2.5)."""
    rock = [{"piece": "rock", "kind": "low", "hexes": ["L13"]}]
    game, ram, skeletor = setup(bg, terrain=rock, enemy="M14")
    assert refused(game, ram, ["L12"]) == "BG-19.3"
    assert footprint.step_mp(game.board, skeletor, game.board.parse("M14"), game.board.parse("K14")) == 3


def test_bg_9_2_11_entering_a_position_beside_an_enemy_ends_the_move_for_either_footprint(bg):
    """BG-9.2.11 with BG-19.1: Skeletor at K15 ends his move at K14, beside Ram Man's rear hex; Ram Man, with
    Skeletor at M12, ends his at L12 (his facing hex beside M12). A further step is refused for both."""
    game, ram, skeletor = setup(bg, enemy="K16")
    assert walk(game, skeletor, ["K15", "K14"]) == "K14"
    assert refused(game, skeletor, ["K15", "K14", "J14"]) == "BG-9.2.11"
    game, ram, skeletor = setup(bg, enemy="M12")
    assert walk(game, ram, ["L12"]) == "L12"
    assert refused(game, ram, ["L12", "L11"]) == "BG-9.2.11"


# -- turning and pushing (BG-9.2.12, BG-19.2, BG-19.7, BG-19.10) ------------------------------------------------
def test_bg_19_2_a_one_hex_miniature_ends_facing_any_side_a_base_only_where_it_fits(bg):
    """BG-9.2.12: a one-hex miniature may end its move facing any side. BG-19.2 / BG-19.7: a massive base
    turns about its pivot (the rear hex K13), so facing side 1 swings the facing hex onto L12; with a rock
    there, that facing is not offered."""
    game, ram, skeletor = setup(bg, enemy="F20")
    assert list(footprint.facings_at(game, skeletor, skeletor.hex)) == [0, 1, 2, 3, 4, 5]
    assert 1 in footprint.facings_at(game, ram, ram.hex)
    assert game.board.label(footprint.turned(game, ram, 1)) == "L12"
    game, ram, _ = setup(bg, enemy="F20", terrain=[{"piece": "rock", "kind": "low", "hexes": ["L12"]}])
    assert 1 not in footprint.facings_at(game, ram, ram.hex) and footprint.turned(game, ram, 1) is None


def test_bg_19_10_only_a_one_hex_footprint_is_pushed_or_pushes_aside(bg):
    """BG-19.10: a massive miniature is never pushed, nor pushed aside by a climb (BG-9.2.10); BG-19.2: its
    own positions are free of other miniatures, so it never pushes anyone aside either."""
    game, ram, skeletor = setup(bg, enemy="F20")
    assert skeletor.footprint.pushable and skeletor.footprint.pushes_aside
    assert not ram.footprint.pushable and not ram.footprint.pushes_aside
    assert footprint.platform_push_moves(game, ram, {ram.hex: (0, None)}, 5) == []


def test_occupants_and_enemies_is_the_pair_of_queries_at_every_event(bg):
    """footprint.occupants_and_enemies (one pass, for one-hex games) gives occupants() and enemy_cells() for
    every character at every event of simulated games, knock-outs included; and in a massive game too."""
    from engine.games.battleground import RULESET

    def same(game):
        for unit in game.units.values():
            occupied, enemies = footprint.occupants_and_enemies(game, unit)
            assert list(occupied.items()) == list(footprint.occupants(game, unit).items())
            assert enemies == footprint.enemy_cells(game, unit)

    for seed in range(6):
        log = RULESET.simulate(seed, randomness=("seeded", "recorded")[seed % 2])
        game = RULESET.start(log)
        for i, event in enumerate(log["events"]):
            game.apply(i, event)
            same(game)
    game, _, _ = setup(bg)
    assert game.has_massive
    same(game)
