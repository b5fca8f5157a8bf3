"""Movement effects (§18: toward, charge, teleport, jump, push and pull, swap), free Moves (BG-17.1), the
push of a climb or descent (BG-9.2.10), and which movements set off guard and opportunity attacks
(BG-11.2.4, BG-14.2.4), with the proposals of BG-AMB-18, BG-AMB-19, BG-AMB-21 and BG-AMB-22.

The movements come from test content: an active ability ``power`` (1 AP) whose effect is ``{"move": …}``,
or the unique ability of the activation's fate card.
"""

from __future__ import annotations

import pytest

from engine.games.battleground.state import Pending, Trigger

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
MISS = {"attack": {"dice": [1, 1, 1, 1]}, "defence": {"dice": [1, 1, 1, 1]}}


def grant(sc, character: str, move: dict, *, target: str = "enemy", ability: str = "power"):
    """Give ``character`` an active ability (1 AP, no mana, any range) whose effect is ``move``."""

    def edit(pack):
        entry = next(c for c in pack["characters"] if c["id"] == character)
        entry.setdefault("abilities", []).append(
            {
                "id": ability,
                "name": ability.replace("-", " ").title(),
                "kind": "active",
                "ap": 1,
                "mana": 0,
                "target": target,
                "range_in": None,
                "effect": {"move": move},
            }
        )

    return sc.edit_pack(edit)


def duel(
    bg,
    move=None,
    *,
    target="enemy",
    he_man="K5",
    skeletor="K10",
    others=(),
    terrain=(),
    platforms=(),
    options=None,
    card=None,
    ap=3,
):
    """He-Man (facing south) against Skeletor (facing north), plus ``others`` as (player, character, hex,
    facing); He-Man's activation starts with ``ap`` AP and the card ability ``card``."""
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain), platforms=list(platforms), options=options)
    if move is not None:
        grant(sc, "he-man", move, target=target)
    sc.place("p1", "he-man", ["sword-of-power"], he_man, facing=3)
    for player, character, hex_label, facing in others:
        if player == "p1":
            sc.place(player, character, [], hex_label, facing=facing)
    sc.place("p2", "skeletor", ["havoc-staff"], skeletor, facing=0)
    for player, character, hex_label, facing in others:
        if player == "p2":
            sc.place(player, character, [], hex_label, facing=facing)
    bg.begin(sc, "he-man", ap=ap, ability=card)
    return sc


def use(sc, target=None, **fields):
    if target:
        fields["target"] = target
    return sc.add("ability", character="he-man", ability="power", **fields)


def moves(sc, path, character="he-man", **fields):
    return sc.add("movement", character=character, path=list(path), **fields)


def where(bg, sc, key):
    game = bg.state(sc)
    return bg.label(game, key), game.units[key].facing


def top_kind(bg, sc):
    top = bg.state(sc).top()
    return type(top).__name__ + (f":{top.kind}" if isinstance(top, Trigger) else "")


# -- free Move (BG-17.1) -----------------------------------------------------------------------------------
FREE_MOVE = {"move": {"kind": "move", "free_action": True}}


def test_bg_ex_03_after_a_free_move_the_first_move_costs_1_ap(bg):
    """BG-EX-03 / BG-17.1.1: He-Man gets a free Move at the start of his activation (his fate card's
    unique ability); the Move he then makes costs 1 AP, the first of the activation."""
    sc = duel(bg, skeletor="Y30", card=FREE_MOVE, ap=3)
    assert isinstance(bg.state(sc).top(), Pending)
    moves(sc, ["K6", "K7", "K8", "K9", "K10"], facing=0)  # speed 5: a Move's full MP
    sc.add("move", character="he-man", path=["K11"])
    game = bg.state(sc)
    assert (bg.label(game, "he-man"), game.frame().ap, game.frame().counters) == ("K11", 2, {"move": 1})
    sc.add("move", character="he-man", path=["K12"])
    assert bg.state(sc).frame().ap == 0  # the second paid Move costs 2
    bg.accepts(sc)


def test_bg_17_1_1_a_granted_move_action_that_is_not_free_advances_the_counter(bg):
    """§18 preamble / BG-6.6.2: an effect that calls its movement a Move action (not free) counts toward the
    escalation: the next Move is the second and costs 2 AP."""
    sc = duel(bg, skeletor="Y30", card={"move": {"kind": "move"}}, ap=3)
    moves(sc, ["K6"]).add("move", character="he-man", path=["K7"])
    assert bg.state(sc).frame().ap == 1


def test_bg_17_1_1_a_free_move_follows_the_move_rules(bg):
    """BG-9.2.1 / BG-9.2.11: the free Move has the character's speed and ends next to an enemy."""
    bg.rejects(moves(duel(bg, skeletor="Y30", card=FREE_MOVE), [f"K{r}" for r in range(6, 12)]), "BG-9.2.1")
    bg.rejects(moves(duel(bg, skeletor="K10", card=FREE_MOVE), ["K6", "K7", "K8", "K9", "J9"]), "BG-9.2.11")


def test_bg_9_1_3_a_free_move_may_spend_focus(bg):
    """BG-9.1.3 / BG-17.1.1: a free Move granted mid-activation may use focused speed (8) and spends the
    token; a movement whose MP the effect fixes cannot."""
    sc = duel(bg, {"kind": "move", "free_action": True}, target="self", skeletor="Y30")
    sc.add("focus", character="he-man")
    moves(use(sc), [f"K{r}" for r in range(6, 14)], focus=True)
    game = bg.state(sc)
    assert (bg.label(game, "he-man"), game.units["he-man"].focused, game.frame().ap) == ("K13", False, 1)
    sc = duel(bg, {"kind": "toward", "mp": 3}, skeletor="K20")
    sc.add("focus", character="he-man")
    bg.rejects(moves(use(sc, "skeletor"), ["K6"], focus=True), "BG-9.1.3")


def test_bg_14_1_4_a_free_move_in_a_guard_interrupt_goes_toward_the_interrupted(bg):
    """BG-14.1.4 b / BG-AMB-20: Trap Jaw, interrupting He-Man from guard, uses a free Move: like any Move
    in a guard interrupt it must head for He-Man by a shortest path."""

    def scenario():
        sc = on_guard(bg, {"kind": "jump", "mp": 3}, target="self")
        grant(sc, "trap-jaw", {"kind": "move", "free_action": True}, target="self", ability="dash")
        moves(use(sc), ["K6", "K7", "K8"])
        sc.add("interrupt", character="trap-jaw").add("ability", character="trap-jaw", ability="dash")
        return sc

    sc = moves(scenario(), ["K14", "K13", "K12"], character="trap-jaw")
    assert where(bg, sc, "trap-jaw")[0] == "K12"
    bg.rejects(moves(scenario(), ["L15"], character="trap-jaw"), "BG-14.1.4")


@pytest.mark.parametrize(
    "event",
    [
        {"type": "use_item", "character": "he-man", "item": "example-ap-token"},
        {"type": "move", "character": "he-man", "path": ["K6"]},
        {"type": "end_activation", "player": "p1"},
    ],
    ids=["free-action", "action", "end"],
)
def test_bg_17_1_2_nothing_comes_between_an_effect_and_its_movement(bg, event):
    """BG-17.1.2: the movement an effect starts happens at once: not even a free action (a single-use item)
    may come before it."""
    sc = duel(bg, {"kind": "toward", "mp": 3})
    bg.item(sc, "example-ap-token", single_use=True, use={"gain_ap": 1})
    sc.doc["players"][0]["force"][0]["equipment"].append("example-ap-token")
    use(sc, "skeletor")
    sc.doc["events"].append(event)
    bg.rejects(sc, "BG-17.1.2")


def test_bg_17_1_2_a_movement_event_needs_a_movement_waiting(bg):
    """A ``movement`` event resolves a waiting movement effect; with none waiting it is out of place."""
    bg.rejects(moves(duel(bg), ["K6"]), "BG-17.1.2")


# -- toward (BG-18.1, BG-AMB-19) ---------------------------------------------------------------------------
def test_bg_18_1_toward_takes_a_shortest_path_and_faces_the_character(bg):
    """BG-18.1 / BG-AMB-19: toward Skeletor (K12) with 3 MP: K6–K8 lies on a shortest path, and He-Man ends
    facing him (south) whatever he faced before; he may stop early."""
    sc = duel(bg, {"kind": "toward", "mp": 3}, skeletor="K12")
    sc.doc["players"][0]["force"][0]["facing"] = 0
    moves(use(sc, "skeletor"), ["K6", "K7", "K8"])
    assert where(bg, sc, "he-man") == ("K8", 3)
    game = bg.state(sc)
    assert (game.frame().ap, game.frame().counters) == (2, {})  # §18 preamble: no Move counter
    bg.accepts(sc)
    sc = duel(bg, {"kind": "toward", "mp": 3}, skeletor="K12")
    assert where(bg, moves(use(sc, "skeletor"), ["K6"]), "he-man") == ("K6", 3)


def test_bg_amb_19_every_step_of_a_toward_lies_on_a_shortest_path(bg):
    """BG-AMB-19: K5→L5 does not bring He-Man closer to the hexes beside Skeletor; and toward moves use the
    Move rules otherwise (no more than the effect's MP, BG-9.2.1)."""
    bg.rejects(
        moves(use(duel(bg, {"kind": "toward", "mp": 3}, skeletor="K12"), "skeletor"), ["L5"]), "BG-18.1"
    )
    sc = use(duel(bg, {"kind": "toward", "mp": 3}, skeletor="K12"), "skeletor")
    bg.rejects(moves(sc, ["K6", "K7", "K8", "K9"]), "BG-9.2.1")


def test_bg_amb_19_shortest_counts_movement_points_round_a_wall(bg):
    """BG-AMB-19: with a high obstacle at K7 (6 MP to cross) the shortest way to Skeletor goes round it
    (5 MP), not over it (7 MP)."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K7"]}]
    sc = use(duel(bg, {"kind": "toward", "mp": 8}, terrain=wall), "skeletor")
    assert where(bg, moves(sc, ["J5", "J6", "J7", "J8", "K9"]), "he-man") == ("K9", 3)
    sc = use(duel(bg, {"kind": "toward", "mp": 8}, terrain=wall), "skeletor")
    bg.rejects(moves(sc, ["K6", "K8"]), "BG-18.1")


def test_bg_18_1_the_final_facing_is_forced(bg):
    """BG-18.1 / BG-AMB-07: a facing away from Skeletor is refused; when two sides face him equally, the log
    chooses one of them."""
    sc = use(duel(bg, {"kind": "toward", "mp": 3}, skeletor="K12"), "skeletor")
    bg.rejects(moves(sc, ["K6"], facing=0), "BG-18.1")
    # K5 → M5 lies between two hex sides: L4 and L5 are equally close.
    sc = use(duel(bg, {"kind": "toward", "mp": 1}, skeletor="O5"), "skeletor", facing=1)
    bg.rejects(moves(sc, []), "BG-18.1")
    sc = use(duel(bg, {"kind": "toward", "mp": 1}, skeletor="O5"), "skeletor", facing=1)
    assert bg.grid.facings_toward(bg.grid.parse("K5"), bg.grid.parse("O5")) == (1, 2)
    assert where(bg, moves(sc, [], facing=2), "he-man") == ("K5", 2)


def test_bg_18_1_an_effect_may_move_the_target_toward_its_user(bg):
    """BG-18.1 / BG-9.2.12: "the target moves toward this character": the effect's controller moves the
    enemy, which turns to face He-Man (the forced rotation of the effect, not a free one)."""
    sc = duel(bg, {"kind": "toward", "mp": 2, "who": "target"}, skeletor="K10")
    moves(use(sc, "skeletor"), ["K9", "K8"], character="skeletor")
    assert where(bg, sc, "skeletor") == ("K8", 0)
    bg.accepts(sc)


def test_bg_9_2_12_nobody_turns_an_opponents_miniature_but_after_its_teleport(bg):
    """BG-9.2.12 / BG-18.3: He-Man's effect makes Skeletor jump: He-Man's player may not turn him. After a
    teleport, its controller may change its facing (BG-18.3), and the event records it."""
    sc = duel(bg, {"kind": "jump", "mp": 2, "who": "target"})
    bg.rejects(moves(use(sc, "skeletor"), ["K11", "K12"], character="skeletor", facing=3), "BG-9.2.12")
    sc = duel(bg, {"kind": "jump", "mp": 2, "who": "target"})
    assert where(bg, moves(use(sc, "skeletor"), ["K11", "K12"], character="skeletor"), "skeletor") == (
        "K12",
        0,
    )
    sc = duel(bg, {"kind": "teleport", "mp": 2, "who": "target"})
    moves(use(sc, "skeletor"), ["K11", "K12"], character="skeletor", facing=3)
    assert where(bg, sc, "skeletor") == ("K12", 3)


# -- charge (BG-18.2) --------------------------------------------------------------------------------------
def test_bg_18_2_a_charge_ends_beside_the_character_facing_it(bg):
    """BG-18.2: a shortest path that ends adjacent to Skeletor, facing him."""
    sc = use(duel(bg, {"kind": "charge", "mp": 6}), "skeletor")
    sc.doc["players"][0]["force"][0]["facing"] = 1
    moves(sc, ["K6", "K7", "K8", "K9"])
    assert where(bg, sc, "he-man") == ("K9", 3)
    bg.accepts(sc)
    sc = use(duel(bg, {"kind": "charge", "mp": 6}), "skeletor")
    bg.rejects(moves(sc, ["K6", "K7", "K8"]), "BG-18.2")


def test_bg_18_2_a_charge_that_cannot_end_beside_the_character_cannot_be_made(bg):
    """BG-18.2: with 3 MP He-Man cannot reach a hex beside Skeletor 5 hexes away, so the ability that
    would charge cannot be used; nor when another enemy in the way ends the move first (BG-9.2.11)."""
    sc = use(duel(bg, {"kind": "charge", "mp": 3}), "skeletor")
    bg.rejects(sc, "BG-18.2")
    assert not any(
        e["type"] == "ability" for e in bg.state(duel(bg, {"kind": "charge", "mp": 3})).legal_events()
    )
    walls = [{"piece": "wall", "kind": "high", "hexes": [f"{c}{r}" for c in "JL" for r in range(4, 11)]}]
    sc = use(duel(bg, {"kind": "charge", "mp": 6}, terrain=walls), "skeletor")
    assert isinstance(bg.state(sc).top(), Pending)
    sc = use(
        duel(bg, {"kind": "charge", "mp": 6}, terrain=walls, others=[("p2", "trap-jaw", "K7", 0)]), "skeletor"
    )
    bg.rejects(sc, "BG-18.2")


# -- teleport (BG-18.3, BG-DIS-08) ---------------------------------------------------------------------------
def test_bg_18_3_a_teleport_ignores_characters_obstacles_and_enemies(bg):
    """BG-18.3 / BG-DIS-08 (IT/ES: characters are ignored too): through Stratos, over a high wall, past
    Skeletor without stopping, 1 MP a hex; then He-Man may face any side."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K7"]}]
    others = [("p1", "stratos", "K6", 0)]
    sc = use(duel(bg, {"kind": "teleport", "mp": 5}, target="self", terrain=wall, others=others))
    moves(sc, ["K6", "K7", "K8", "K9", "L9"], facing=4)
    assert where(bg, sc, "he-man") == ("L9", 4)
    bg.accepts(sc)


@pytest.mark.parametrize(
    ("path", "rule"),
    [
        (["K6", "K7", "K8", "K9", "K10", "K11"], "BG-9.2.1"),  # 6 hexes with 5 MP
        (["K7"], "BG-18.3"),  # not a surrounding hex
        (["K6"], "BG-18.3"),  # ends on Stratos
        (["K6", "K7"], "BG-18.3"),  # ends on the wall
    ],
    ids=["too-far", "skip", "on-a-character", "on-an-obstacle"],
)
def test_bg_18_3_a_teleport_moves_hex_by_hex_to_an_empty_hex(bg, path, rule):
    wall = [{"piece": "wall", "kind": "high", "hexes": ["K7"]}]
    others = [("p1", "stratos", "K6", 0)]
    sc = use(
        duel(bg, {"kind": "teleport", "mp": 5}, target="self", terrain=wall, others=others, skeletor="Y30")
    )
    bg.rejects(moves(sc, path), rule)


def test_bg_18_3_a_teleport_treats_other_heights_as_adjacent(bg):
    """BG-18.3: onto a platform hex and down again at 1 MP a hex (no 3 MP climb or descent)."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": ["K6"]}]
    sc = use(duel(bg, {"kind": "teleport", "mp": 1}, target="self", terrain=deck, skeletor="Y30"))
    moves(sc, ["K6"])
    game = bg.state(sc)
    assert game.board.height[game.units["he-man"].hex] == 1


def test_bg_18_3_mp_from_speed_ignore_difficult_terrain(bg):
    """BG-18.3 / BG-9.2.4: a teleport without its own MP count uses He-Man's speed (5), and starting on
    difficult terrain does not reduce it; a Move action from the same hex would have 3."""
    bog = [{"piece": "bog", "kind": "difficult", "hexes": ["K5"]}]
    sc = use(duel(bg, {"kind": "teleport"}, target="self", terrain=bog, skeletor="Y30"))
    assert where(bg, moves(sc, [f"K{r}" for r in range(6, 11)]), "he-man")[0] == "K10"
    sc = duel(bg, skeletor="Y30", terrain=bog, card={"move": {"kind": "move", "free_action": True}})
    bg.rejects(moves(sc, ["K6", "K7", "K8", "K9"]), "BG-9.2.4")


# -- jump (BG-18.4, BG-AMB-22) -------------------------------------------------------------------------------
def test_bg_18_4_a_jump_ignores_what_is_in_the_way_and_rotates_freely(bg):
    """BG-18.4: as a teleport, through a character and over obstacles; the end rotation is a Move's."""
    wall = [{"piece": "wall", "kind": "low", "hexes": ["K7"]}]
    sc = use(
        duel(bg, {"kind": "jump", "mp": 3}, target="self", terrain=wall, others=[("p1", "stratos", "K6", 0)])
    )
    moves(sc, ["K6", "K7", "K8"], facing=1)
    assert where(bg, sc, "he-man") == ("K8", 1)
    bg.accepts(sc)


def engaged_mover(bg, move, *, target="enemy", options=None, others=()):
    """He-Man at K9, engaged with Skeletor (K10); Trap Jaw far off at K2 to aim at."""
    others = [("p2", "trap-jaw", "K2", 3), *others]
    sc = duel(bg, move, target=target, he_man="K9", skeletor="K10", others=others, options=options)
    return sc


@pytest.mark.parametrize("kind", ["toward", "charge", "jump"])
def test_bg_14_2_4_toward_charge_and_jump_cause_opportunity_attacks(bg, kind):
    """BG-14.2.4 / BG-AMB-22: leaving Skeletor's side by a toward, a charge or a jump, He-Man first takes
    Skeletor's opportunity attack; then the movement goes on (BG-14.2.5)."""
    target = "self" if kind == "jump" else "enemy"
    sc = engaged_mover(bg, {"kind": kind, "mp": 6}, target=target)
    use(sc, None if kind == "jump" else "trap-jaw")
    moves(sc, ["K8", "K7", "K6", "K5", "K4", "K3"])
    assert top_kind(bg, sc) == "Trigger:opportunity" and where(bg, sc, "he-man")[0] == "K9"
    sc.add("interrupt", character="skeletor")
    sc.add("attack", character="skeletor", weapon="havoc-staff", target="he-man", **MISS)
    sc.add("end_interrupt", character="skeletor")
    assert where(bg, sc, "he-man") == ("K3", 0 if kind != "jump" else 3)
    bg.accepts(sc)


def test_bg_amb_22_the_option_makes_a_jump_like_a_teleport(bg):
    """BG-AMB-22: with ``jump_triggers_interrupts=false`` a jump causes no opportunity attack."""
    sc = engaged_mover(
        bg, {"kind": "jump", "mp": 6}, target="self", options={"jump_triggers_interrupts": False}
    )
    moves(use(sc), ["K8", "K7"])
    assert top_kind(bg, sc) == "Frame" and where(bg, sc, "he-man")[0] == "K7"
    bg.accepts(sc)


@pytest.mark.parametrize("kind", ["teleport", "push"])
def test_bg_14_2_4_teleport_and_push_cause_no_opportunity_attack(bg, kind):
    """BG-14.2.4 / BG-18.3 / BG-18.5.6: He-Man teleports away from Skeletor, or pushes himself away (a push
    with nobody causing it may go along any hex axis, BG-18.5.1): Skeletor gets no opportunity attack."""
    move = (
        {"kind": "teleport", "mp": 2} if kind == "teleport" else {"kind": "push", "hexes": 2, "who": "self"}
    )
    sc = use(engaged_mover(bg, move, target="self"))
    moves(sc, ["K8", "K7"])
    assert top_kind(bg, sc) == "Frame" and where(bg, sc, "he-man") == ("K7", 3)
    bg.accepts(sc)


# -- push and pull (BG-18.5, BG-AMB-18) ----------------------------------------------------------------------
def pusher(bg, move, *, skeletor="K6", facing=None, **kwargs):
    fields = {} if facing is None else {"facing": facing}  # He-Man turns to face Skeletor (BG-16.4.2)
    return use(duel(bg, move, skeletor=skeletor, **kwargs), "skeletor", **fields)


def test_bg_18_5_1_a_push_goes_in_a_straight_line_without_a_choice(bg):
    """BG-18.5 / BG-18.5.1 / BG-18.5.2 / BG-18.5.5: He-Man (K5) pushes Skeletor (K6) 2 hexes straight away,
    to K8, without a movement event (the line is unique); Skeletor keeps his facing."""
    sc = pusher(bg, {"kind": "push", "hexes": 2})
    assert top_kind(bg, sc) == "Frame" and where(bg, sc, "skeletor") == ("K8", 0)
    bg.accepts(sc)
    bg.rejects(
        moves(pusher(bg, {"kind": "push", "hexes": 2}), ["K7", "K8"], character="skeletor"), "BG-17.1.2"
    )


def test_bg_18_5_2_a_pull_comes_toward_the_puller_and_stops_before_him(bg):
    """BG-18.5.2 / BG-18.5.3: pulled 2 from K10 Skeletor reaches K8; pulled 9 he stops at K6, by He-Man."""
    assert where(bg, pusher(bg, {"kind": "pull", "hexes": 2}, skeletor="K10"), "skeletor")[0] == "K8"
    assert where(bg, pusher(bg, {"kind": "pull", "hexes": 9}, skeletor="K10"), "skeletor")[0] == "K6"


@pytest.mark.parametrize(
    ("terrain", "others", "options", "end"),
    [
        ([{"piece": "wall", "kind": "low", "hexes": ["K8"]}], (), None, "K7"),
        ([], [("p2", "trap-jaw", "K8", 0)], None, "K7"),
        ([{"piece": "bog", "kind": "difficult", "hexes": ["K8"]}], (), None, "K7"),
        (
            [{"piece": "bog", "kind": "difficult", "hexes": ["K8"]}],
            (),
            {"push_stops_at_difficult": False},
            "K9",
        ),
        ([{"piece": "deck", "kind": "platform", "hexes": ["K8"]}], (), None, "K7"),
    ],
    ids=["obstacle", "miniature", "difficult", "difficult-option-false", "platform-side"],
)
def test_bg_18_5_3_a_push_stops_before_terrain_or_a_miniature(bg, terrain, others, options, end):
    """BG-18.5.3 / BG-AMB-18 problem 3: the push stops before a hex with a terrain element (difficult terrain
    too, unless ``push_stops_at_difficult`` is false) or another miniature."""
    sc = pusher(bg, {"kind": "push", "hexes": 3}, terrain=terrain, others=others, options=options)
    assert where(bg, sc, "skeletor")[0] == end


def test_bg_18_5_4_pushed_off_a_platform_a_character_descends_and_stops(bg):
    """BG-18.5.4: Skeletor, on a platform (K6–K7), is pushed 4: along the platform to K7, then a free descend
    to K8, and no further. Where BG-9.2.8 forbids the descent (K8 under a platform) he stops at K7."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": ["K6", "K7"]}]
    sc = pusher(bg, {"kind": "push", "hexes": 4}, terrain=deck)
    game = bg.state(sc)
    assert bg.label(game, "skeletor") == "K8" and game.board.height[game.units["skeletor"].hex] == 0
    under = [{"piece": "deck", "under": ["K8"]}]
    sc = pusher(bg, {"kind": "push", "hexes": 4}, terrain=deck, platforms=under)
    assert where(bg, sc, "skeletor")[0] == "K7"


def test_bg_amb_18_a_tie_in_the_push_line_is_the_pushers_choice(bg):
    """BG-AMB-18 problem 2: K12 → M12 is off every hex axis; the extended line runs along the N11/N12 side,
    through O12, then along P11/P12. He-Man's player chooses with a movement event."""
    sc = pusher(bg, {"kind": "push", "hexes": 3}, he_man="K12", skeletor="M12", facing=2)
    assert isinstance(bg.state(sc).top(), Pending)
    options = {tuple(e["path"]) for e in bg.state(sc).legal_events()}
    assert ("N12", "O12", "P12") in options and ("N11", "O12", "P11") in options
    moves(sc, ["N12", "O12", "P12"], character="skeletor")
    assert where(bg, sc, "skeletor") == ("P12", 0)
    bg.accepts(sc)
    sc = pusher(bg, {"kind": "push", "hexes": 3}, he_man="K12", skeletor="M12", facing=2)
    bg.rejects(moves(sc, ["N12", "O12", "O13"], character="skeletor"), "BG-18.5.2")


def test_bg_18_5_5_a_pushed_character_does_not_rotate(bg):
    """BG-18.5.5: a movement event turning the pushed character is refused."""
    sc = pusher(bg, {"kind": "push", "hexes": 3}, he_man="K12", skeletor="M12", facing=2)
    bg.rejects(moves(sc, ["N12", "O12", "P12"], character="skeletor", facing=3), "BG-18.5.5")


def test_bg_18_5_6_a_push_causes_no_opportunity_attack_and_no_guard(bg):
    """BG-18.5.6 / BG-11.2.4: Skeletor, engaged with Stratos, is pushed away: no opportunity attack. He-Man
    pushes his ally Stratos into the view of Trap Jaw on guard: no guard interrupt."""
    sc = pusher(bg, {"kind": "push", "hexes": 2}, others=[("p1", "stratos", "L6", 0)])
    assert top_kind(bg, sc) == "Frame" and where(bg, sc, "skeletor")[0] == "K8"
    sc = on_guard(bg, {"kind": "push", "hexes": 3}, target="ally", ally="K6")
    use(sc, "stratos")
    assert top_kind(bg, sc) == "Frame" and where(bg, sc, "stratos")[0] == "K9"


# -- swap (BG-18.6) ------------------------------------------------------------------------------------------
def test_bg_18_6_a_swap_exchanges_hexes_and_nobody_rotates(bg):
    """BG-18.6 / BG-11.2.4: He-Man swaps with his ally Stratos; each keeps his facing; Trap Jaw on guard sees
    He-Man arrive but a swap never triggers guard."""
    sc = on_guard(bg, {"kind": "swap"}, target="ally", ally="K12")
    use(sc, "stratos")
    assert top_kind(bg, sc) == "Frame"
    assert (where(bg, sc, "he-man"), where(bg, sc, "stratos")) == (("K12", 3), ("K5", 0))
    bg.accepts(sc)


def test_bg_18_6_a_swap_causes_opportunity_attacks(bg):
    """BG-18.6 / BG-14.2.4: He-Man, engaged with Skeletor, swaps with Stratos far off: Skeletor's
    opportunity attack comes first, then the swap."""
    sc = engaged_mover(bg, {"kind": "swap"}, target="ally", others=[("p1", "stratos", "C20", 0)])
    use(sc, "stratos")
    assert top_kind(bg, sc) == "Trigger:opportunity"
    sc.add("interrupt", character="skeletor")
    sc.add("attack", character="skeletor", weapon="havoc-staff", target="he-man", **MISS)
    sc.add("end_interrupt", character="skeletor")
    # He-Man turned to face Stratos when using the ability (BG-16.4.2); the swap turns nobody.
    assert (where(bg, sc, "he-man"), where(bg, sc, "stratos")) == (("C20", 4), ("K9", 0))
    bg.accepts(sc)


# -- guard (BG-11.2.4, BG-AMB-21) ----------------------------------------------------------------------------
def on_guard(bg, move, *, target="enemy", ally=None, options=None, terrain=()):
    """Trap Jaw (speed 8) guards at K15 facing north; then He-Man (K5) activates with the ability."""
    sc = bg.scenario(zones=ANYWHERE, options=options, terrain=list(terrain))
    grant(sc, "he-man", move, target=target)
    bg.stats(sc, "trap-jaw", speed=(8, 10))
    sc.place("p1", "he-man", ["sword-of-power"], "K5", facing=3)
    if ally:
        sc.place("p1", "stratos", [], ally, facing=0)
    sc.place("p2", "trap-jaw", ["hook-arm"], "K15", facing=0)
    sc.place("p2", "skeletor", ["havoc-staff"], "Y5", facing=0)
    bg.card(sc, "ew-fate-01", initiative=9, ap=1, mana=0, ability={})
    bg.card(sc, "motu-fate-02", initiative=1, ap=3, mana=0, ability={})
    sc.deal().select("motu-fate-02", "ew-fate-01")
    sc.add("activate", player="p2", character="trap-jaw", bonus="ability").add("guard", character="trap-jaw")
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    return sc


@pytest.mark.parametrize(
    ("move", "target", "path", "guard"),
    [
        ({"kind": "toward", "mp": 3}, "trap-jaw", ["K6", "K7", "K8"], True),
        ({"kind": "charge", "mp": 9}, "trap-jaw", [f"K{r}" for r in range(6, 15)], True),
        ({"kind": "jump", "mp": 3}, None, ["K6", "K7", "K8"], True),
        ({"kind": "teleport", "mp": 3}, None, ["K6", "K7", "K8"], False),
    ],
    ids=["toward", "charge", "jump", "teleport"],
)
def test_bg_amb_21c_which_movements_trigger_guard(bg, move, target, path, guard):
    """BG-11.2.4 / BG-AMB-21 c / BG-AMB-22: toward, charge and jump end a movement that triggers Trap Jaw's
    guard; a teleport does not (BG-18.3)."""
    sc = on_guard(bg, move, target="enemy" if target else "self")
    moves(use(sc, target), path)
    assert (top_kind(bg, sc) == "Trigger:guard") is guard


def test_bg_amb_22_no_guard_after_a_jump_under_the_option(bg):
    sc = on_guard(bg, {"kind": "jump", "mp": 3}, target="self", options={"jump_triggers_interrupts": False})
    moves(use(sc), ["K6", "K7", "K8"])
    assert top_kind(bg, sc) == "Frame"


def test_bg_amb_21d_guard_is_checked_once_where_the_movement_ends(bg):
    """BG-AMB-21 d: a jump across Trap Jaw's view that ends behind a high wall triggers nothing; the same
    jump with no wall triggers one guard interrupt, once the movement event is resolved."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["I9", "J9", "K9", "L9", "M9"]}]
    sc = on_guard(bg, {"kind": "jump", "mp": 4}, target="self", terrain=wall)
    use(sc)
    assert isinstance(bg.state(sc).top(), Pending)
    moves(sc, ["K6", "K7", "K8", "J8"])
    assert top_kind(bg, sc) == "Frame"
    sc = on_guard(bg, {"kind": "jump", "mp": 4}, target="self")
    moves(use(sc), ["K6", "K7", "K8", "J8"])
    game = bg.state(sc)
    assert isinstance(game.top(), Trigger) and [u.key for u in game.top().remaining] == ["trap-jaw"]


# -- the push of a climb or descent (BG-9.2.10, BG-AMB-18 problem 1) -----------------------------------------
SAME_HEIGHT = {"push_aside_same_height": True}  # the specification's reading (BG-AMB-18), not the originals'


def climber(bg, deck=("K7", "K8", "L7"), options=None):
    """He-Man (speed 5) at K6 beside a platform whose hex K7 holds his ally Stratos (facing north)."""
    terrain = [{"piece": "deck", "kind": "platform", "hexes": list(deck)}]
    return duel(
        bg, he_man="K6", skeletor="Y30", terrain=terrain, others=[("p1", "stratos", "K7", 0)], options=options
    )


def climb(sc, path=("K7",), **fields):
    return sc.add("move", character="he-man", path=list(path), **fields)


def test_bg_9_2_10_climbing_pushes_the_occupant_aside(bg):
    """BG-9.2.10 / BG-AMB-18 problem 1: He-Man climbs onto K7 where Stratos stands; Stratos goes to the hex
    his player chooses among the empty hexes sharing a side with K7, recorded in the move: another hex of
    the platform (L7) or, as the originals say nothing of height, one below it (J7)."""
    for aside in ("L7", "J7"):
        sc = climb(climber(bg), push=[aside])
        game = bg.state(sc)
        assert (bg.label(game, "he-man"), bg.label(game, "stratos")) == ("K7", aside)
        assert game.units["stratos"].facing == 0 and top_kind(bg, sc) == "Frame"
        bg.accepts(sc)
    sc = climber(bg, deck=("K7", "K8"), options=SAME_HEIGHT)
    assert where(bg, climb(sc), "stratos")[0] == "K8"  # a single hex at his height: nothing to record


def test_bg_9_2_10_the_occupant_of_a_one_hex_platform_is_pushed_down_off_it(bg):
    """BG-9.2.10 (IT l. 842, ES l. 809, PL l. 975: "a hex that shares a side with the hex it occupies", no
    word on height): He-Man climbs onto the one-hex platform K7 and Stratos is pushed down into K8, his
    player's choice among the hexes around K7 other than He-Man's own K6. Under the ruleset option
    ``push_aside_same_height`` (the specification's reading, BG-AMB-18) Stratos has nowhere to go, so He-Man
    cannot climb there."""
    sc = climb(climber(bg, deck=("K7",)), push=["K8"])
    game = bg.state(sc)
    assert (bg.label(game, "he-man"), bg.label(game, "stratos")) == ("K7", "K8")
    assert game.board.height[game.units["stratos"].hex] == 0 < game.board.height[game.units["he-man"].hex]
    bg.accepts(sc)
    offered = [e for e in bg.state(climber(bg, deck=("K7",))).legal_events() if e.get("push")]
    assert {"type": "move", "character": "he-man", "path": ["K7"], "focus": False, "push": ["J6"]} in offered
    assert all(e["path"][-1] == "K7" and e["push"][0] != (["K6"] + e["path"])[-2] for e in offered)
    bg.rejects(climb(climber(bg, deck=("K7",)), push=["K6"]), "BG-9.2.10")  # He-Man's hex as he climbs
    bg.rejects(climb(climber(bg, deck=("K7",), options=SAME_HEIGHT), push=["K8"]), "BG-9.2.10")
    assert not [
        e for e in bg.state(climber(bg, deck=("K7",), options=SAME_HEIGHT)).legal_events() if e.get("push")
    ]


@pytest.mark.parametrize(
    ("deck", "push", "options", "why"),
    [
        (("K7", "K8", "L7"), None, None, "several hexes, none chosen"),
        (("K7",), None, None, "several hexes below a one-hex platform, none chosen"),
        (("K7", "K8", "L7"), ["J7"], SAME_HEIGHT, "not beside at the same height"),
        (("K7",), None, SAME_HEIGHT, "nowhere to go at the same height"),
        (("K7", "K8"), ["K8", "L7"], None, "a second push that never happens"),
    ],
)
def test_bg_9_2_10_the_push_must_be_possible_and_recorded(bg, deck, push, options, why):
    fields = {"push": push} if push else {}
    bg.rejects(climb(climber(bg, deck=deck, options=options), **fields), "BG-9.2.10")


def test_bg_9_2_10_descending_pushes_an_enemy_whose_player_chooses(bg):
    """BG-9.2.10 / BG-9.2.11: He-Man descends from K7 into K8 where Skeletor stands; Skeletor goes where
    EW choose (K9 here), and He-Man's move ends beside him."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": ["K7"]}]
    sc = duel(bg, he_man="K7", skeletor="K8", terrain=deck)
    climb(sc, ["K8"], push=["K9"])
    game = bg.state(sc)
    assert (bg.label(game, "he-man"), bg.label(game, "skeletor")) == ("K8", "K9")
    bg.accepts(sc)
    sc = duel(bg, he_man="K7", skeletor="K8", terrain=deck)
    bg.rejects(climb(sc, ["K8", "J9"], push=["K9"]), "BG-9.2.11")


def test_bg_9_2_10_only_a_climb_or_descent_pushes(bg):
    """BG-9.2.10 / BG-9.2.3: a standard step or a ladder into an occupied hex is still refused."""
    sc = duel(bg, he_man="K6", skeletor="Y30", others=[("p1", "stratos", "K7", 0)])
    bg.rejects(climb(sc, ["K7"], push=["K8"]), "BG-9.2.3")
    terrain = [
        {"piece": "ladder", "kind": "ladder", "hexes": ["K7"]},
        {"piece": "deck", "kind": "platform", "hexes": ["K8", "K9"]},
    ]
    sc = duel(bg, he_man="K6", skeletor="Y30", terrain=terrain, others=[("p1", "stratos", "K8", 0)])
    bg.rejects(climb(sc, ["K8"], push=["K9"]), "BG-9.2.3")


def test_bg_9_2_10_the_push_causes_no_interrupt(bg):
    """BG-9.2.10 / BG-18.5.6: Stratos, pushed off K7, leaves Mer-Man's side without an opportunity attack."""
    sc = climber(bg, deck=("K7", "K8", "L7"))
    sc.doc["players"][1]["force"].append({"character": "mer-man", "equipment": [], "hex": "J7", "facing": 0})
    sc.edit_pack(lambda p: p["maps"][0]["terrain"][0]["hexes"].append("J7"))
    climb(sc, push=["K8"])
    assert top_kind(bg, sc) == "Frame" and where(bg, sc, "stratos")[0] == "K8"


def test_bg_9_2_10_legal_events_offer_the_push(bg):
    """The moves legal_events offers include the climb that pushes, with where the occupant goes."""
    sc = climber(bg, options=SAME_HEIGHT)
    offered = [e for e in bg.state(sc).legal_events() if e["type"] == "move" and e.get("push")]
    assert {"type": "move", "character": "he-man", "path": ["K7"], "focus": False, "push": ["K8"]} in offered
    sc.doc["events"].append(offered[0])
    bg.accepts(sc)


def test_bg_9_2_10_a_granted_move_offers_the_push_too(bg):
    """BG-9.2.10 / BG-17.1.1: the free Move of the fate card follows the Move rules, so the movements
    legal_events offers include the climbs onto K7 that push Stratos aside; each one offered is accepted and
    Stratos goes where it says. A toward, which must take a shortest path over hexes free of other
    miniatures (BG-AMB-19), is offered none."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": ["K7", "K8", "L7"]}]
    others = [("p1", "stratos", "K7", 0)]
    sc = duel(
        bg, he_man="K6", skeletor="Y30", terrain=deck, others=others, card=FREE_MOVE, options=SAME_HEIGHT
    )
    offered = [e for e in bg.state(sc).legal_events() if e.get("push")]
    climb = {"type": "movement", "character": "he-man", "path": ["K7"], "push": ["K8"]}
    assert climb in offered and {e["path"][-1] for e in offered} == {"K7"}
    for event in offered:
        trial = duel(
            bg, he_man="K6", skeletor="Y30", terrain=deck, others=others, card=FREE_MOVE, options=SAME_HEIGHT
        )
        trial.doc["events"].append(event)
        game = bg.state(trial)
        assert (bg.label(game, "he-man"), bg.label(game, "stratos")) == ("K7", "K8")
        bg.accepts(trial)
    sc = duel(bg, {"kind": "toward", "mp": 5}, he_man="K6", skeletor="K12", terrain=deck, others=others)
    assert not [e for e in bg.state(use(sc, "skeletor")).legal_events() if e.get("push")]


# -- content -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("move", "target"),
    [
        ({"kind": "push"}, "enemy"),
        ({"kind": "jump", "mp": 3, "hexes": 2}, "self"),
        ({"kind": "toward", "mp": 3}, "self"),
        ({"kind": "jump", "speed": 3}, "self"),
    ],
    ids=["push-without-hexes", "hexes-for-a-jump", "toward-nobody", "unknown-field"],
)
def test_log_3_5_a_malformed_movement_effect_is_refused(bg, move, target):
    """LOG-3.5: a pack whose movement effect lacks a field, has one its kind does not take, or needs a
    second character its ability cannot name is malformed, and the log is unreadable."""
    sc = bg.scenario()
    grant(sc, "he-man", move, target=target)
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    verdict = bg.verify(sc.deal())
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-3.5")


# -- simulated games with every movement kind ----------------------------------------------------------------
# Twenty games, and two of the rarer ones where a Move (84) and a granted Move (107) climb pushing
# someone aside (BG-9.2.10): the simulator picks among many paths, and a push is one of few.
SIM_SEEDS = (*range(20), 84, 107)


def movement_pack() -> dict:
    """The starter pack with test abilities producing each movement kind (a toward an objective too), and
    free Moves on fate cards."""
    import copy

    from engine.core.content import builtin_pack
    from engine.games.battleground.content import CONTENT_DIR

    doc, _ = builtin_pack(CONTENT_DIR, "bg-core-starter")
    pack = copy.deepcopy(doc)
    pack["pack"]["id"] = "bg-test-movement"

    def ability(aid, move, target, range_in=None, ap=1):
        return {
            "id": aid,
            "name": aid.replace("-", " ").title(),
            "kind": "active",
            "ap": ap,
            "mana": 0,
            "target": target,
            "range_in": range_in,
            "effect": {"move": move},
        }

    extra = {
        "he-man": [
            ability("leap", {"kind": "jump", "mp": 4}, "self"),
            ability("charge", {"kind": "charge"}, "enemy", 8),
        ],
        "stratos": [
            ability("soar", {"kind": "teleport", "mp": 6}, "self"),
            ability("seize", {"kind": "toward", "toward": "objective", "mp": 4}, "self"),
        ],
        "man-at-arms": [
            ability("advance", {"kind": "toward", "mp": 4}, "enemy", 10),
            ability("rally", {"kind": "swap"}, "ally", 6),
        ],
        "skeletor": [
            ability("grasp", {"kind": "pull", "hexes": 3}, "enemy", 6),
            ability("summon", {"kind": "toward", "mp": 3, "who": "target"}, "enemy", 6),
        ],
        "mer-man": [ability("wave", {"kind": "push", "hexes": 2}, "enemy", 3)],
        "trap-jaw": [
            ability("spring", {"kind": "push", "hexes": 2, "who": "self"}, "self"),
            ability("grab", {"kind": "swap"}, "enemy", 2),
            ability("dash", {"kind": "move", "free_action": True}, "self", ap=0),
        ],
    }
    for c in pack["characters"]:
        c.setdefault("abilities", []).extend(extra.get(c["id"], []))
    for c in pack["fate_cards"]:
        if c["id"].endswith(("-03", "-07", "-11")):
            c["ability"] = {"move": {"kind": "move", "free_action": True}}
    # Platforms in mid-field, for climbs that push (BG-9.2.10) and pushes off a platform (BG-18.5.4).
    pack["maps"][0]["terrain"] += [
        {"piece": "deck-1", "kind": "platform", "hexes": ["J17", "K17", "K18", "J18", "L17"]},
        {"piece": "deck-2", "kind": "platform", "hexes": ["N12", "N13", "O12", "O13", "M13"]},
    ]
    return pack


@pytest.mark.parametrize("randomness", ["recorded", "seeded"])
def test_bg_18_simulated_games_with_movement_effects_verify_legal(randomness):
    """BG-28.5 / §18 / BG-17.1.1 / BG-18.1: games the simulator plays from legal_events, with abilities
    producing every movement kind (a toward an objective among them) and free Moves on fate cards, verify
    legal with the same pack: legal_events and the verifier agree. Every test ability is used in some game
    and a toward heads for an objective; in the recorded games a Move climbs pushing someone aside
    (BG-9.2.10), in a granted Move too."""
    import copy

    import engine
    from engine.games.battleground import RULESET

    pack = movement_pack()
    free_move_cards = {c["id"] for c in pack["fate_cards"] if "move" in c.get("ability", {})}
    used: set[str] = set()
    for seed in SIM_SEEDS:
        log = RULESET.simulate(seed, randomness=randomness, content_pack=copy.deepcopy(pack))
        verdict = engine.verify(log, content_pack=copy.deepcopy(pack))
        assert verdict.status == "legal", (seed, verdict.summary())
        revealed = {}
        for event in log["events"]:
            if event["type"] == "select":
                revealed[event["player"]] = event["card"]
            elif event["type"] == "activate" and event["bonus"] == "ability":
                if revealed.get(event["player"]) in free_move_cards:
                    used.add("free move")
            elif event["type"] == "ability":
                used.add(event["ability"])
            elif event["type"] == "move" and event.get("push"):
                used.add("platform push")
            elif event["type"] == "movement" and event.get("push"):
                used.add("movement push")
            elif event["type"] == "movement" and event.get("hex"):
                used.add("toward an objective")
    wanted = {a["id"] for c in pack["characters"] for a in c.get("abilities", [])} | {"free move"}
    wanted.add("toward an objective")
    if randomness == "recorded":
        wanted |= {"platform push", "movement push"}  # BG-9.2.10, in a Move action and in a granted Move
    assert wanted <= used, sorted(wanted - used)
