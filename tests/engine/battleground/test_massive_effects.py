"""Massive miniatures (§19) with movement effects (§18), the push of a climb (BG-9.2.10) and markers (BG-16.3):
BG-19.10, BG-19.11, and the Move rules of BG-19.2–19.5 / BG-AMB-28 for the movement effects that use them.

Test content: Ram Man (and, where a test says so, Skeletor) is given a two-hex base, his facing hex in front
of the hex he turns about. Facing side 0 with the facing hex on K12 he covers K12 and K13; K12's neighbours
are K11 (0), L11, L12, K13 (3), J12, J11, and K13's are K12, L12, L13, K14, J13, J12. The movements come
from active abilities (1 AP, any range) whose effect is ``{"move": …}``.
"""

from __future__ import annotations

import pytest

from engine.games.battleground.ongoing import ongoing_modifiers
from engine.games.battleground.state import Pending

ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]
TWO = {"hexes": [[0, 0], [-1, 0]], "pivot": [-1, 0]}
SIGIL = {
    "id": "havoc-sigil",
    "name": "Havoc Sigil",
    "range_in": 8,
    "radius_in": 3,
    "affects": "enemies",
    "modifiers": [{"test": "defence", "dice": -1}],
}


def _entry(pack: dict, character: str) -> dict:
    return next(c for c in pack["characters"] if c["id"] == character)


def ability(aid: str, effect: dict, target: str = "enemy", **fields) -> dict:
    return {
        "id": aid,
        "name": aid.replace("-", " ").title(),
        "kind": "active",
        "ap": 1,
        "mana": 0,
        "target": target,
        "range_in": None,
        "effect": effect,
        **fields,
    }


def scene(
    bg,
    *,
    p1=(("ram-man", "K12", 0),),
    p2=(("skeletor", "K20", 0),),
    massive=("ram-man",),
    abilities=(),
    terrain=(),
):
    """Characters placed as (character, hex, facing); ``massive`` ones get the two-hex base; ``abilities``
    are (character, ability) pairs of test content."""
    sc = bg.scenario(zones=ANYWHERE, terrain=list(terrain))

    def edit(pack):
        for character in massive:
            _entry(pack, character).update(massive=True, base=TWO)
        for character, a in abilities:
            _entry(pack, character).setdefault("abilities", []).append(a)

    sc.edit_pack(edit)
    for player, force in (("p1", p1), ("p2", p2)):
        for character, hex_label, facing in force:
            sc.place(player, character, [], hex_label, facing=facing)
    return sc


def offered(bg, sc, **match) -> list[dict]:
    return [e for e in bg.state(sc).legal_events() if all(e.get(k) == v for k, v in match.items())]


def where(bg, sc, key="ram-man") -> tuple[list[str], int]:
    game = bg.state(sc)
    unit = game.units[key]
    return [game.board.label(c) for c in unit.cells], unit.facing


# -- BG-19.10: no push, no pull ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["push", "pull"])
def test_bg_19_10_a_massive_miniature_cannot_be_pushed_or_pulled(bg, kind):
    """BG-19.10 / BG-18.5: Skeletor's push or pull cannot target Ram Man (refused at the ability event, and
    not offered), while He-Man, a one-hex miniature, can be moved by it."""
    shove = ability("shove", {"move": {"kind": kind, "hexes": 2}})
    sc = scene(bg, p1=(("ram-man", "K12", 0), ("he-man", "P12", 0)), abilities=[("skeletor", shove)])
    bg.begin(sc, "skeletor", player="p2")
    targets = {e["target"] for e in offered(bg, sc, type="ability", ability="shove")}
    assert targets == {"he-man"}
    bg.rejects(sc.add("ability", character="skeletor", ability="shove", target="ram-man"), "BG-19.10")


def test_bg_19_10_a_massive_miniature_cannot_push_itself(bg):
    """BG-19.10: an effect by which a character pushes itself (along any line, BG-18.5.1) cannot move Ram Man."""
    spring = ability("spring", {"move": {"kind": "push", "hexes": 2, "who": "self"}}, target="self")
    sc = scene(bg, abilities=[("ram-man", spring)])
    bg.begin(sc, "ram-man")
    assert not offered(bg, sc, type="ability", ability="spring")
    bg.rejects(sc.add("ability", character="ram-man", ability="spring"), "BG-19.10")


DECK = [{"piece": "deck", "kind": "platform", "hexes": ["L12", "L13"]}]  # Ram Man stands on it


@pytest.mark.parametrize("into", ["L12", "L13"])
@pytest.mark.parametrize("how", ["move", "movement"])
def test_bg_19_10_a_climb_cannot_push_a_massive_miniature_aside(bg, into, how):
    """BG-19.10 / BG-9.2.10: He-Man climbing from M13 onto the platform, into a hex of Ram Man's base (the
    facing hex L12 or the rear hex L13), cannot push him aside, so he cannot enter; by a Move action or a
    free Move (a movement effect). Neither is offered; climbing onto the free deck hex is."""
    sc = scene(bg, p1=(("ram-man", "L12", 0), ("he-man", "M13", 0)), terrain=DECK)
    bg.begin(
        sc, "he-man", ability={"move": {"kind": "move", "free_action": True}} if how == "movement" else None
    )
    kind = "movement" if how == "movement" else "move"
    pushes = [e for e in bg.state(sc).legal_events() if e["type"] == kind and e.get("push")]
    assert pushes == []
    assert not [e for e in bg.state(sc).legal_events() if e["type"] == kind and into in e["path"]]
    sc.add(kind, character="he-man", path=[into], push=["M12"])
    bg.rejects(sc, "BG-9.2.10")


def test_bg_19_10_a_pushed_character_goes_aside_only_into_a_free_hex(bg):
    """BG-9.2.10 / BG-AMB-18 with BG-19.1: Stratos on the deck at K7 may be pushed aside into K8 or L7, but
    not into J7, where Ram Man's rear hex stands (his base covers J6 and J7)."""
    deck = [{"piece": "deck", "kind": "platform", "hexes": ["K7", "K8", "L7", "J6", "J7"]}]
    sc = scene(bg, p1=(("ram-man", "J6", 0), ("he-man", "K6", 0), ("stratos", "K7", 0)), terrain=deck)
    bg.begin(sc, "he-man")
    pushes = {tuple(e["push"]) for e in offered(bg, sc, type="move") if e.get("push") and e["path"] == ["K7"]}
    assert pushes and all(p[0] in ("K8", "L7") for p in pushes)
    bg.rejects(sc.add("move", character="he-man", path=["K7"], push=["J7"]), "BG-9.2.10")
    sc.doc["events"][-1]["push"] = ["L7"]
    bg.accepts(sc)


def test_bg_18_5_3_a_push_stops_before_any_hex_of_a_massive_base(bg):
    """BG-18.5.3 with BG-19.1: Skeletor pushes He-Man from K15 toward Ram Man; He-Man stops at K14, before
    the rear hex K13, not before the facing hex K12."""
    shove = ability("shove", {"move": {"kind": "push", "hexes": 3}})
    sc = scene(
        bg,
        p1=(("ram-man", "K12", 0), ("he-man", "K15", 0)),
        p2=(("skeletor", "K17", 0),),
        abilities=[("skeletor", shove)],
    )
    bg.begin(sc, "skeletor", player="p2")
    sc.add("ability", character="skeletor", ability="shove", target="he-man")
    game = bg.state(sc)
    assert game.board.label(game.units["he-man"].hex) == "K14"
    bg.accepts(sc)


def test_bg_18_5_2_a_massive_pusher_pushes_from_the_nearest_hex_of_its_base(bg):
    """BG-18.5.2 with BG-19.1 / BG-2.3.2 (docs/content-packs.md): Skeletor at L12 touches both hexes of Ram
    Man's base; the line may run from either (K12: on across side 2 to M13; K13: across side 1 to M12), the
    controller choosing; any other hex is refused."""
    shove = ability("shove", {"move": {"kind": "push", "hexes": 1}})
    sc = scene(bg, p2=(("skeletor", "L12", 0),), abilities=[("ram-man", shove)])
    bg.begin(sc, "ram-man")
    sc.add("ability", character="ram-man", ability="shove", target="skeletor", facing=0)  # BG-19.7: a tie
    assert isinstance(bg.state(sc).top(), Pending)
    assert {tuple(e["path"]) for e in bg.state(sc).legal_events()} == {("M12",), ("M13",)}
    for hex_label in ("M12", "M13"):
        sc.doc["events"].append({"type": "movement", "character": "skeletor", "path": [hex_label]})
        bg.accepts(sc)
        sc.doc["events"].pop()
    bg.rejects(sc.add("movement", character="skeletor", path=["L11"]), "BG-18.5.2")


# -- BG-19.11: swap --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("user", ["he-man", "ram-man"])
def test_bg_19_11_a_massive_miniature_cannot_swap_with_a_one_hex_miniature(bg, user):
    """BG-19.11 / BG-18.6: neither He-Man nor Ram Man can use a swap on the other (not offered, refused)."""
    other = "ram-man" if user == "he-man" else "he-man"
    swap = ability("rally", {"move": {"kind": "swap"}}, target="ally")
    sc = scene(bg, p1=(("ram-man", "K12", 0), ("he-man", "K9", 0)), abilities=[(user, swap)])
    bg.begin(sc, user)
    assert not offered(bg, sc, type="ability", ability="rally")
    bg.rejects(sc.add("ability", character=user, ability="rally", target=other), "BG-19.11")


def test_bg_19_11_two_massive_miniatures_swap_keeping_their_facings(bg):
    """BG-19.11 / BG-18.6 (docs/content-packs.md): Ram Man (K12 facing 3: K12/K11) and a massive Skeletor
    (K20 facing 0: K20/K21) swap: each facing hex goes where the other's was and neither rotates, so Ram Man
    covers K20/K19 and Skeletor K12/K13."""
    grab = ability("grab", {"move": {"kind": "swap"}})
    sc = scene(
        bg,
        p1=(("ram-man", "K12", 3),),
        massive=("ram-man", "skeletor"),
        abilities=[("ram-man", grab)],
    )
    bg.begin(sc, "ram-man")
    assert offered(bg, sc, type="ability", ability="grab")
    sc.add("ability", character="ram-man", ability="grab", target="skeletor")
    assert where(bg, sc) == (["K20", "K19"], 3)
    assert where(bg, sc, "skeletor") == (["K12", "K13"], 0)
    bg.accepts(sc)


def test_bg_19_2_two_massive_miniatures_swap_only_where_both_bases_fit(bg):
    """BG-19.2 / BG-18.6: with a rock on K19, Ram Man's base could not fit at K20 without turning: the swap is
    refused and not offered."""
    grab = ability("grab", {"move": {"kind": "swap"}})
    rock = [{"piece": "rock", "kind": "low", "hexes": ["K19"]}]
    sc = scene(
        bg,
        p1=(("ram-man", "K12", 3),),
        massive=("ram-man", "skeletor"),
        abilities=[("ram-man", grab)],
        terrain=rock,
    )
    bg.begin(sc, "ram-man")
    assert not offered(bg, sc, type="ability", ability="grab")
    bg.rejects(sc.add("ability", character="ram-man", ability="grab", target="skeletor"), "BG-19.2")


# -- move, toward and charge by a massive miniature (BG-19.2–19.5, BG-AMB-28) -----------------------------------------
def advance(bg, move: dict, *, skeletor="K20", terrain=()):
    """Skeletor's ability moves Ram Man (``"who": "target"``) toward or at Skeletor; Skeletor's player
    decides the path (BG-18.1: the effect's controller)."""
    a = ability("advance", {"move": {**move, "who": "target"}})
    sc = scene(bg, p2=(("skeletor", skeletor, 0),), abilities=[("skeletor", a)], terrain=terrain)
    bg.begin(sc, "skeletor", player="p2")
    sc.add("ability", character="skeletor", ability="advance", target="ram-man")
    return sc


def test_bg_18_1_a_massive_miniature_goes_toward_step_by_step_and_turns_about_its_pivot(bg):
    """BG-18.1 / BG-19.2 / BG-AMB-28 / BG-19.7: Ram Man is sent 4 MP toward Skeletor (K20): each step moves the
    whole base one hex south (the path lists the facing hex); at the end he turns about his pivot (the rear
    hex K17) to face Skeletor: facing 3, the facing hex swinging round to K18."""
    sc = advance(bg, {"kind": "toward", "mp": 4})
    sc.add("movement", character="ram-man", path=["K13", "K14", "K15", "K16"])
    assert where(bg, sc) == (["K18", "K17"], 3)
    game = bg.state(sc)
    assert game.board.label(game.units["ram-man"].hex) == "K18"
    bg.accepts(sc)


def test_bg_18_1_a_massive_toward_takes_a_shortest_path_of_whole_base_steps(bg):
    """BG-18.1 / BG-AMB-19: a step aside is not on a shortest path; BG-19.2: a jump of two hexes is no
    step; BG-19.3: a step that puts the rear hex on a rock is refused, though the facing hex is clear."""
    bg.rejects(
        advance(bg, {"kind": "toward", "mp": 4}).add("movement", character="ram-man", path=["L12"]), "BG-18.1"
    )
    bg.rejects(
        advance(bg, {"kind": "toward", "mp": 4}).add("movement", character="ram-man", path=["K14"]), "BG-19.2"
    )
    rock = [{"piece": "rock", "kind": "low", "hexes": ["K16"]}]
    sc = advance(bg, {"kind": "toward", "mp": 4}, terrain=rock)
    bg.rejects(sc.add("movement", character="ram-man", path=["K13", "K14", "K15"]), "BG-19.3")


@pytest.mark.parametrize(("facing", "rule"), [(2, None), (4, None), (0, "BG-18.2")])
def test_bg_18_2_a_massive_charge_ends_with_its_base_beside_the_target(bg, facing, rule):
    """BG-18.2 / BG-19.1 / BG-19.7: Ram Man is sent charging Skeletor (K18) with his speed 4: four steps put his rear
    hex K17 beside him; he then turns about K17 until his facing hex is beside Skeletor: side 2 (L17) or 4
    (J17), the log choosing (side 3 would put it on Skeletor)."""
    sc = advance(bg, {"kind": "charge"}, skeletor="K18")
    assert {e.get("facing") for e in bg.state(sc).legal_events() if len(e["path"]) == 4} == {2, 4}
    sc.add("movement", character="ram-man", path=["K13", "K14", "K15", "K16"], facing=facing)
    if rule is None:
        cells, turned = where(bg, sc)
        assert turned == facing and cells[1] == "K17"
        bg.accepts(sc)
    else:
        bg.rejects(sc, rule)


def test_bg_18_2_a_massive_charge_must_reach_its_target(bg):
    """BG-18.2: stopping short is refused; out of reach the charge cannot be used at all."""
    sc = advance(bg, {"kind": "charge"}, skeletor="K18")
    bg.rejects(sc.add("movement", character="ram-man", path=["K13", "K14", "K15"], facing=3), "BG-18.2")
    a = ability("advance", {"move": {"kind": "charge", "who": "target"}})
    sc = scene(bg, p2=(("skeletor", "K25", 0),), abilities=[("skeletor", a)])
    bg.begin(sc, "skeletor", player="p2")
    assert not offered(bg, sc, type="ability", ability="advance")
    bg.rejects(sc.add("ability", character="skeletor", ability="advance", target="ram-man"), "BG-18.2")


def test_bg_19_1_a_toward_aimed_at_a_massive_miniature_heads_for_any_hex_beside_its_base(bg):
    """BG-19.1 / BG-18.1 / BG-19.6: Skeletor goes toward Ram Man (K12/K13): K14, beside the rear hex only,
    ends his shortest path; he faces the base (side 0). A charge also ends there, beside the base."""
    for kind in ("toward", "charge"):
        summon = ability("summon", {"move": {"kind": kind, "mp": 6}})
        sc = scene(bg, abilities=[("skeletor", summon)])
        bg.begin(sc, "skeletor", player="p2")
        sc.add("ability", character="skeletor", ability="summon", target="ram-man")
        if kind == "charge":
            assert {e["path"][-1] for e in bg.state(sc).legal_events()} == {"K14"}
        sc.add("movement", character="skeletor", path=["K19", "K18", "K17", "K16", "K15", "K14"])
        game = bg.state(sc)
        assert (game.board.label(game.units["skeletor"].hex), game.units["skeletor"].facing) == ("K14", 0)
        bg.accepts(sc)


def test_bg_amb_28_a_free_move_of_a_massive_miniature_steps_its_whole_base(bg):
    """BG-17.1.1 / BG-AMB-28: a free Move granted by the fate card moves Ram Man's base one hex per step."""
    free = {"move": {"kind": "move", "free_action": True}}
    sc = scene(bg)
    bg.begin(sc, "ram-man", ability=free)
    sc.add("movement", character="ram-man", path=["K11", "K10"], facing=3)
    assert where(bg, sc) == (["K12", "K11"], 3)  # turned about the rear hex K11
    bg.accepts(sc)
    sc = scene(bg)
    bg.begin(sc, "ram-man", ability=free)
    bg.rejects(sc.add("movement", character="ram-man", path=["K10"]), "BG-19.2")


# -- teleport and jump of a massive miniature (BG-18.3, BG-18.4, BG-19.2) -----------------------------------------
def flight(bg, kind: str, terrain=()):
    blink = ability("blink", {"move": {"kind": kind, "mp": 5}}, target="self")
    sc = scene(
        bg, p1=(("ram-man", "K12", 0), ("he-man", "K10", 0)), abilities=[("ram-man", blink)], terrain=terrain
    )
    bg.begin(sc, "ram-man")
    return sc.add("ability", character="ram-man", ability="blink")


@pytest.mark.parametrize("kind", ["teleport", "jump"])
def test_bg_19_2_a_teleport_or_jump_ends_where_the_whole_base_fits(bg, kind):
    """BG-18.3 / BG-18.4 / BG-19.2: Ram Man's facing hex flies five hexes north over He-Man (K10) to K7; his
    base then covers K7 and K8. With a rock on K8 it would not fit there; ending with He-Man under the rear
    hex (facing hex K9) is refused too."""
    sc = flight(bg, kind).add("movement", character="ram-man", path=["K11", "K10", "K9", "K8", "K7"])
    assert where(bg, sc) == (["K7", "K8"], 0)
    bg.accepts(sc)
    rock = [{"piece": "rock", "kind": "low", "hexes": ["K8"]}]
    sc = flight(bg, kind, rock)
    assert "K7" not in {e["path"][-1] for e in bg.state(sc).legal_events() if e["path"]}
    bg.rejects(sc.add("movement", character="ram-man", path=["K11", "K10", "K9", "K8", "K7"]), "BG-19.2")
    bg.rejects(flight(bg, kind).add("movement", character="ram-man", path=["K11", "K10", "K9"]), "BG-19.2")


@pytest.mark.parametrize("kind", ["teleport", "jump"])
def test_bg_19_7_after_a_teleport_or_jump_a_massive_miniature_turns_about_its_pivot(bg, kind):
    """BG-18.3 / BG-18.4 / BG-19.7 / BG-19.2: ending at K7 facing 3, Ram Man turns about his rear hex K8, so
    his facing hex swings to K9; with a rock on K9 that turn is refused."""
    sc = flight(bg, kind).add(
        "movement", character="ram-man", path=["K11", "K10", "K9", "K8", "K7"], facing=3
    )
    assert where(bg, sc) == (["K9", "K8"], 3)
    bg.accepts(sc)
    rock = [{"piece": "rock", "kind": "low", "hexes": ["K9"]}]
    sc = flight(bg, kind, rock)
    bg.rejects(
        sc.add("movement", character="ram-man", path=["K11", "K10", "K9", "K8", "K7"], facing=3), "BG-19.2"
    )


# -- passive and card effects that cannot be resolved ---------------------------------------------------------------
SELF_PUSH = {"move": {"kind": "push", "hexes": 1, "who": "self"}}


def test_bg_19_10_a_fate_card_push_is_no_bonus_for_a_massive_miniature(bg):
    """BG-19.10 / BG-6.5.2: a fate card whose unique ability pushes the character itself cannot be chosen as
    Ram Man's bonus (not offered, refused); He-Man may take it."""
    sc = scene(bg, p1=(("ram-man", "K12", 0), ("he-man", "P12", 0)))
    bg.begin(sc, "ram-man", ability=SELF_PUSH)
    activate = sc.doc["events"].pop()
    options = {(e["character"], e["bonus"]) for e in bg.state(sc).legal_events()}
    assert ("ram-man", "mana") in options and ("ram-man", "ability") not in options
    assert ("he-man", "ability") in options
    sc.doc["events"].append(activate)
    bg.rejects(sc, "BG-19.10")


def test_bg_19_10_a_passive_push_does_nothing_to_a_massive_miniature(bg):
    """BG-19.10 / BG-16.2.2 / BG-20.1: Ram Man's passive ability pushes himself at the start of his activation;
    he cannot be pushed, so it does nothing and the activation goes on."""
    passive = {
        "id": "stomp",
        "name": "Stomp",
        "kind": "passive",
        "when": "on_activation",
        "target": "self",
        "effect": SELF_PUSH,
    }
    sc = scene(bg, abilities=[("ram-man", passive)])
    bg.begin(sc, "ram-man")
    game = bg.state(sc)
    assert not isinstance(game.top(), Pending) and where(bg, sc) == (["K12", "K13"], 0)
    bg.accepts(sc.add("move", character="ram-man", path=["K11"]))


# -- markers (BG-16.3 with BG-19) --------------------------------------------------------------------------------------
def sigil(bg, *, marker=None, placer="skeletor", placer_hex="K20", terrain=()):
    """Ram Man (K12/K13) and Skeletor (``placer_hex``); ``placer`` (Skeletor, or the massive Ram Man) uses
    Havoc Sigil (SIGIL, with ``marker`` changes)."""
    a = ability("havoc-sigil", {"marker": {**SIGIL, **(marker or {})}}, target="self")
    sc = scene(bg, p2=(("skeletor", placer_hex, 0),), abilities=[(placer, a)], terrain=terrain)
    bg.begin(sc, placer, player="p1" if placer == "ram-man" else "p2")
    return sc.add("ability", character=placer, ability="havoc-sigil")


@pytest.mark.parametrize("hex_label", ["K12", "K13"])
def test_bg_16_3_2_no_marker_in_any_hex_of_a_massive_base(bg, hex_label):
    """BG-16.3.2 with BG-19.1: Ram Man fills both hexes of his base; neither is empty."""
    sc = sigil(bg)
    hexes = {e["hex"] for e in bg.state(sc).legal_events()}
    assert "K14" in hexes and not hexes & {"K12", "K13"}
    bg.rejects(sc.add("place_marker", character="skeletor", hex=hex_label), "BG-16.3.2")


@pytest.mark.parametrize(("hex_label", "rule"), [("K16", None), ("K17", "BG-16.3.3")])
def test_bg_16_3_3_a_massive_character_places_a_marker_within_range_of_any_hex_of_its_base(
    bg, hex_label, rule
):
    """BG-16.3.3 / BG-2.3.2 / BG-19.8: Ram Man places a marker within 2": K16 is 2" from his rear hex K13 (3"
    from the facing hex K12); K17 is 3" from the nearest hex."""
    sc = sigil(bg, placer="ram-man", marker={"range_in": 2}, placer_hex="Y30")
    sc.add("place_marker", character="ram-man", hex=hex_label)
    if rule is None:
        bg.accepts(sc)
    else:
        bg.rejects(sc, rule)


@pytest.mark.parametrize(("hex_label", "affected"), [("K17", True), ("K18", False)])
def test_bg_16_3_5_a_marker_affects_a_massive_character_through_any_hex_of_its_base(bg, hex_label, affected):
    """BG-16.3.5 / BG-19.8 / BG-2.3.2: the sigil (radius 3") in K17 is 3" from Ram Man's rear hex K13 and 4"
    from his facing hex K12: he is affected; in K18 he is not."""
    sc = sigil(bg, placer_hex="K25").add("place_marker", character="skeletor", hex=hex_label)
    game = bg.state(sc)
    assert ongoing_modifiers(game, game.units["ram-man"], "defence", "mind").dice == (-1 if affected else 0)


def test_bg_16_3_5_a_marker_sees_a_massive_character_through_any_hex_of_its_base(bg):
    """BG-16.3.5 / BG-19.8: the high wall J11–K11–L11 hides Ram Man's facing hex K12 from the sigil in M11,
    but not his rear hex K13: in sight through one hex of his base, he is affected."""
    wall = [{"piece": "wall", "kind": "high", "hexes": ["J11", "K11", "L11"]}]
    sc = sigil(bg, placer_hex="P16", terrain=wall).add("place_marker", character="skeletor", hex="M11")
    game = bg.state(sc)
    board, p = game.board, game.board.parse
    assert board.line_of_sight(p("M11"), p("K13")) and not board.line_of_sight(p("M11"), p("K12"))
    assert ongoing_modifiers(game, game.units["ram-man"], "defence", "mind").dice == -1


def test_bg_14_1_4_d_in_an_interrupt_a_marker_goes_beside_any_hex_of_a_massive_enemy(bg):
    """BG-14.1.4 d with BG-19.1: He-Man, interrupting a massive Skeletor (K20/K21) from guard, places his
    marker beside any hex of Skeletor's base."""
    banner = ability(
        "battle-banner", {"marker": {**SIGIL, "id": "battle-banner", "range_in": 12}}, target="self"
    )
    sc = scene(
        bg,
        p1=(("he-man", "K12", 3),),
        p2=(("skeletor", "K25", 0),),
        massive=("skeletor",),
        abilities=[("he-man", banner)],
    )
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=12)
    sc.doc["players"][0]["force"][0]["equipment"] = ["arm-cannon"]
    bg.begin(sc, "he-man", ap=2)
    sc.add("guard", character="he-man")
    sc.add("activate", player="p2", character="skeletor", bonus="ability")
    sc.add("move", character="skeletor", path=["K24", "K23", "K22", "K21", "K20"])
    sc.add("interrupt", character="he-man")
    sc.add("ability", character="he-man", ability="battle-banner")
    hexes = {e["hex"] for e in bg.state(sc).legal_events()}
    assert hexes == {"K19", "L19", "L20", "L21", "K22", "J21", "J20", "J19"}
    bg.accepts(sc.add("place_marker", character="he-man", hex="K22"))


def test_bg_9_2_10_a_massive_movement_pushes_nobody_aside(bg):
    """BG-9.2.10 / BG-19.2: a massive base never enters an occupied hex, so a movement of Ram Man that names
    a push is refused."""
    sc = scene(bg)
    bg.begin(sc, "ram-man", ability={"move": {"kind": "move", "free_action": True}})
    bg.rejects(sc.add("movement", character="ram-man", path=["K11"], push=["K9"]), "BG-9.2.10")
