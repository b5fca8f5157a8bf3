"""Power Dice (FE-13): excess dice, time cards before the totals, rolled strikes, beasts' fixed values."""

from __future__ import annotations

from fe_support import draw, illegal, play, roll, table

from engine.games.eternia import epic


def _combat(**kw):
    g = table(options={"power_dice": True}, **kw)
    s = g.s
    s.heroes["he-man"].area = "castello-dei-nemici"
    s.heroes["skeletor"].area = "mountains-of-perpetua"
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "move", "hero": "he-man", "path": ["mountains-of-perpetua"]},
         {"type": "weapon", "hero": "he-man", "weapon": "melee"}, {"type": "weapon", "hero": "skeletor", "weapon": "melee"})  # fmt: skip
    return g, s.combat


def test_excess_dice_become_automatic_successes():
    """FE-13.2, AMB-39.3: 12 dice → exactly 2 automatic successes, taken from zones that have the dice."""
    g, c = _combat()
    zones = ["attack", "defence", "attack", "defence"]
    for card, zone in zip(["+3", "+3", "+3", "+3"][:3] + ["+2"], zones, strict=True):
        play(g, draw(card), {"type": "place", "hero": "he-man", "zone": zone})
        play(
            g,
            draw("+1"),
            {"type": "place", "hero": "skeletor", "zone": {"attack": "defence", "defence": "attack"}[zone]},
        )
    # He-Man: attack 6, defence 5 (+ nothing else) = 11 dice: 1 beyond 10.
    assert g.awaiting == {"kind": "excess", "hero": "he-man", "count": 1}
    illegal(g, {"type": "excess", "hero": "he-man", "initiative": 1}, "FE-13.2")
    illegal(g, {"type": "excess", "hero": "he-man", "attack": 2}, "FE-13.2")
    play(g, {"type": "excess", "hero": "he-man", "attack": 1})
    assert c.pd["auto"]["active"] == {"attack": 1, "defence": 0, "initiative": 0}
    assert g.awaiting == {"kind": "step4", "team": "motu"}


def test_time_card_before_the_totals():
    """FE-13.3: every time card is activated before the totals are computed."""
    g, c = _combat()
    play(g, draw("tempo"), {"type": "place", "hero": "he-man", "zone": "beside"}, draw("+1"),
         {"type": "place", "hero": "he-man", "zone": "attack"})  # fmt: skip
    for card, zone in [("+1", "defence"), ("+1", "attack"), ("+2", "defence"), ("+2", "initiative")]:
        if c.turn == "defender":
            play(
                g,
                draw("+1"),
                {
                    "type": "place",
                    "hero": "skeletor",
                    "zone": "attack" if c.defender.last_zone != "attack" else "defence",
                },
            )
        if c.step == "place" and c.turn == "active":
            play(
                g,
                draw(card),
                {
                    "type": "place",
                    "hero": "he-man",
                    "zone": zone if zone != c.active.last_zone else "initiative",
                },
            )
    while g.awaiting["kind"] != "step4":
        side = epic.current_placer(c)
        z = next(z for z in ("attack", "defence", "initiative") if z in epic.legal_zones(g, c, side, "+1"))
        play(g, draw("+1"), {"type": "place", "hero": side.hero, "zone": z})
    illegal(g, {"type": "pass", "team": "motu"}, "FE-13.3")
    play(g, {"type": "time", "hero": "he-man", "swap": [["attack", 0], ["defence", 0]]}, {"type": "pass", "team": "ew"},
         {"type": "pass", "team": "motu"})  # fmt: skip
    assert c.step == "pd" and g.awaiting["kind"] in ("roll", "pd_dice")


def test_strikes_are_rolled_and_compared():
    """FE-13.4.2, FE-13.5.1: attack successes against defence successes; the difference is lost."""
    g, c = _combat()
    for i in range(4):
        play(g, draw("+1"), {"type": "place", "hero": "he-man", "zone": ["attack", "defence"][i % 2]})
        play(g, draw("+1"), {"type": "place", "hero": "skeletor", "zone": ["defence", "attack"][i % 2]})
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    # No initiative dice: 3 (He-Man's base) against 2: He-Man first, Skeletor loses 1 HP.
    assert c.pd["ini"] == {"active": 3, "defender": 2} and g.s.heroes["skeletor"].damage == 1
    play(
        g, roll("double", "double"), roll("blank", "success")
    )  # He-Man's attack 2 dice, Skeletor's defence 2
    assert g.s.heroes["skeletor"].damage == 1 + 3
    play(g, roll("reroll", "blank"))
    assert g.awaiting == {"kind": "pd_dice", "hero": "skeletor"}
    illegal(g, {"type": "reroll", "hero": "skeletor", "extra": [0]}, "FE-6.9.4")
    play(g, {"type": "reroll", "hero": "skeletor", "extra": [1]}, roll("success", "double"))
    play(g, roll("blank", "blank"))
    assert g.s.heroes["he-man"].damage == 3


def test_a_beast_does_not_roll():
    """FE-13.6, AMB-42: the hero's dice against the beast's fixed values."""
    g = table(options={"power_dice": True})
    s = g.s
    s.heroes["he-man"].area = "wilds-2"
    s.decks["scenario"].remove("great-dragosaur")
    s.decks["scenario"].insert(0, "great-dragosaur")
    play(g, {"type": "activate", "hero": "he-man"}, {"type": "mission", "hero": "he-man"},
         draw("great-dragosaur", deck="scenario"), {"type": "weapon", "hero": "he-man", "weapon": "melee"},
         roll("attack+1", die="epic"))  # fmt: skip
    c = s.combat
    for card, zone in zip(
        ["+1", "+1", "+1", "+1"], ["initiative", "attack", "defence", "attack"], strict=True
    ):
        play(g, draw(card), {"type": "place", "hero": "he-man", "zone": zone})
    play(g, {"type": "pass", "team": "motu"}, {"type": "pass", "team": "ew"})
    assert [p["side"] for p in c.pd["pools"]] == ["active"]
    play(g, roll("success"))
    beast = g.content.epic_beasts["great-dragosaur"]
    assert c.pd["ini"] == {"active": 1 + 3, "defender": beast["initiative"]}
