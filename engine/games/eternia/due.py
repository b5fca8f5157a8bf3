"""Why the engine awaits what it awaits: the rule that makes each draw, roll and decision due.

One table serves three readers: a refusal that reports "awaiting X" cites the rule that makes X due (not the
generic deck or dice rule), ``arbiter next`` prints it beside each alternative, and docs/log-format.md lists the
same moments. Keys are the awaited ``kind`` and, for draws and rolls, what they are ``for``.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text

# (kind, for) → (rule id, when it becomes due, in a player's words)
DRAWS = {
    "offer": ("FE-9.10.1", "a merchant's offer is revealed (first occupation of its outpost, or a merchant use) or "
                           "refreshed (FE-9.10.3); solo and skirmish also reveal offers at setup (AMB-07, AMB-51)"),
    "victory": ("FE-4.1.7", "each team is dealt one victory card per hero at setup; a redraw (FE-6.11.5) replaces "
                            "the cards discarded"),
    "wilds": ("FE-9.6.2", "a hero Faces the Wilds: one encounter card, or two after paying 1 Eternium"),
    "mission": ("FE-9.7.2", "a hero Goes on a Mission: the top card of the scenario deck"),
    "mount": ("FE-19.9.2", "a hero Acquires a Mount (skirmish): the top card of the scenario deck"),
    "place": ("FE-11.5.3.1", "epic combat step 3: the placing hero draws one card from its team's combat deck"),
    "tool": ("FE-11.4.5", "a tool card was revealed: its hero draws 2 combat cards and keeps 1"),
    "surge": ("FE-11.5.3.3", "a surge ability makes its hero draw and play a combat card"),
    "battle": ("FE-18.5.2", "solo combat against an enemy hero: draw from the battle deck the die chose (Relentless: "
                            "always the surge deck, no roll) until a card matches the enemy's weapon"),
    "effects": ("FE-18.5.4", "solo combat step 4: the effect cards the battle card names"),
}  # fmt: skip
ROLLS = {
    "epic": ("FE-11.5.3.B", "against an epic beast or a boss, one epic die before any combat card each round "
                            "(FE-6.10.1: only against a beast or boss)"),
    "battle": ("FE-18.5.2", "solo combat against an enemy hero: one wild die picks the battle deck (not at "
                            "Relentless)"),
    "wild": ("FE-14.1", "wild-region combat: as many wild dice as the hero's body"),
    "ability": ("FE-14.1", "wild-region combat: the enemy's combat ability asks for a check (FE-6.9.2)"),
    "event": ("FE-9.6.3", "an encounter event card asks for a check (FE-6.9.2)"),
    "reroll": ("FE-6.9.4", "the dice chosen for a reroll"),
    "pd": ("FE-13.4", "Power Dice: each pool of the stage is rolled"),
}  # fmt: skip
DECISIONS = {
    "activate": ("FE-8.3.1", "a team activates one of its heroes not yet activated this round"),
    "turn": ("FE-9.1.1", "the active hero acts (up to two different standard actions, free actions) or ends its turn"),
    "buy": ("FE-9.10.3", "the hero using a merchant buys (or stops)"),
    "weapon": ("FE-11.5.1.H", "epic combat step 1: each hero chooses a weapon (FE-11.5.1.B: against a beast, the active one)"),
    "step3": ("FE-11.5.3.5", "the placing hero focuses or plays the card it drew"),
    "place4": ("FE-11.5.3.3", "the hero plays the card its surge drew"),
    "keep": ("FE-11.4.5", "the hero keeps one of the two cards its tool drew"),
    "step4": ("FE-11.5.4.2", "epic combat step 4: the teams alternate activating cards and spells, or pass"),
    "flee": ("FE-11.5.8.1", "after round 1 with no hero defeated, the active hero may flee"),
    "penalty": ("FE-6.12.2", "a defeated hero's team pays the defeat penalty"),
    "wild_dice": ("FE-14.2", "wild-region combat: reroll (FE-6.9.4) or assign the dice"),
    "pd_dice": ("FE-6.9.4", "Power Dice: reroll or stop"),
    "choose": ("FE-9.6.2", "of the two encounter cards drawn, the one resolved"),
    "mission_result": ("FE-9.7.3", "whether the hero completed the mission card's task"),
    "duel": ("FE-17.2", "each tied team secretly selects a hero for the duel"),
    "push": ("FE-11.5.9.2", "the combat's winner moves the losing hero to an adjacent area (asked only with a choice)"),
    "retreat": ("FE-11.5.9.5", "a hero that did not defeat a boss retreats to an adjacent area (with a choice)"),
    "defender": ("FE-10.3", "several enemy heroes are in the area: the one defending is chosen"),
    "hits": ("FE-15.4", "soldier combat: the defenders choose where the hits go"),
    "ally": ("FE-9.6.5", "a friendly ally: acquire it or shuffle it back"),
    "tame": ("FE-16.1.1", "a defeated tameable beast: tame it or not"),
    "trim": ("FE-11.3.3", "a combat card was gained: one card leaves the game"),
    "discard": ("AMB-25", "over 5 baggage cards or 2 spells: the excess is discarded"),
    "excess": ("FE-13.2", "Power Dice: the dice beyond 10 become automatic successes, per zone"),
    "respawn": ("FE-19.8.4", "skirmish: where a defeated hero returns, when there is a choice"),
    "skirmish_buy": ("FE-19.5.1", "skirmish setup: each hero buys from the revealed offers, or passes"),
    "deploy_zone": ("FE-19.6.1", "skirmish setup: each team chooses a deployment zone"),
    "deploy_soldiers": ("FE-19.6.2", "skirmish setup: each team places its soldiers"),
    "deploy_hero": ("FE-19.6.3", "skirmish setup: the teams alternate placing one hero"),
    "place_token": ("FE-19.6.4", "skirmish setup: the teams alternate placing mission tokens"),
}  # fmt: skip


def due(g, aw: dict | None) -> tuple[str, str] | None:
    """(rule id, when) of what ``aw`` awaits, or None for the end of the game or a kind with no entry."""
    if aw is None:
        return None
    kind = aw.get("kind")
    if kind == "draw":
        found = DRAWS.get(aw.get("for"))
        if found and aw.get("for") == "victory" and g.s.turn is not None:
            return "FE-6.11.5", found[1]
        return found
    if kind == "roll":
        return ROLLS.get(aw.get("for"))
    return DECISIONS.get(kind)


def due_rule(g, aw: dict | None, default: str) -> str:
    """The rule making ``aw`` due, or ``default`` when none is known."""
    found = due(g, aw)
    return found[0] if found else default


# -- refusals of a draw or roll that is not the one due --------------------------------------------------
def _awaits(g) -> str:
    """What is due now and why, in a player's words: "a draw from the combat deck (FE-11.5.3.1: ...)"."""
    aw = g.awaiting
    if aw is None:
        return Text("nothing: the game is over")
    words = g.describe_awaiting().removeprefix("awaiting: ")
    found = due(g, aw)
    return f"{words} ({found[0]}: {found[1]})" if found else words


def _combat_kind(g) -> str | None:
    c = g.s.combat
    return None if c is None else c.kind


def refuse_draw(g, event: dict) -> tuple[str, str]:
    """(rule, message) for a draw logged when no draw is due."""
    aw = g.awaiting
    deck = event.get("deck")
    if deck == "victory" and g.mode in ("solo", "skirmish"):
        rule = "FE-18.4.6" if g.mode == "solo" else "FE-19.8.1"
        return rule, Text(("victory cards are not used in {mode} games (they go back to the box); the log should next " "record {awaits}"), mode=g.mode, awaits=_awaits(g))  # fmt: skip
    if aw is not None and aw.get("kind") == "roll" and aw.get("for") == "epic":
        return "FE-11.5.3.B", Text("against an epic beast or a boss the epic die is rolled before any combat card is played this " "round; the log should next record the epic die ({{\"type\": \"roll\", \"die\": \"epic\"}})")  # fmt: skip
    if aw is not None and aw.get("kind") == "roll" and aw.get("for") == "battle":
        return "FE-18.5.2", Text("in a solo combat against an enemy hero a wild die picks the battle deck before any battle card " "is drawn; the log should next record that roll ({{\"type\": \"roll\", \"die\": \"wild\"}})")  # fmt: skip
    return due_rule(g, aw, "FE-17.1"), Text(
        "no card is to be drawn now; the log should next record {awaits}", awaits=_awaits(g)
    )


def wrong_deck(g, event: dict) -> tuple[str, str]:
    """(rule, message) for a draw logged from another deck than the one due."""
    aw = g.awaiting
    deck, want = event.get("deck"), aw["deck"]
    if deck == "victory" and g.mode in ("solo", "skirmish"):
        return refuse_draw(g, event)
    if aw.get("for") == "battle":
        why = (
            Text("at Relentless there is no roll: always the surge deck")
            if g.difficulty == "relentless"
            else Text("at {difficulty} the die rolled picked it", difficulty=g.difficulty.capitalize())
        )
        return "FE-18.5.2", Text(
            "the battle card is drawn from the {want} deck ({why}), not the {deck} deck",
            want=want,
            why=why,
            deck=deck,
        )
    rule = due_rule(g, aw, "FE-17.1")
    return rule, Text(
        "the draw due is from the {want} deck, not the {deck} deck ({awaits})",
        want=want,
        deck=deck,
        awaits=_awaits(g),
    )


def refuse_roll(g, event: dict) -> tuple[str, str]:
    """(rule, message) for a roll logged when no roll, or another die's roll, is due."""
    aw = g.awaiting
    die = event.get("die")
    epic_due = aw is not None and aw.get("kind") == "roll" and aw.get("for") == "epic"
    if die == "epic" and not epic_due:
        if _combat_kind(g) != "beast":
            return "FE-6.10.1", Text(("the epic die is rolled only when a hero fights an epic beast or a boss; the log should next " "record {awaits}"), awaits=_awaits(g))  # fmt: skip
        return "FE-11.5.3.B", Text(("the epic die is rolled once per combat round, before any combat card (AMB-27); the log should " "next record {awaits}"), awaits=_awaits(g))  # fmt: skip
    if epic_due:
        return "FE-11.5.3.B", Text("against an epic beast or a boss the roll due is the epic die ({{\"type\": \"roll\", \"die\": " "\"epic\"}}), before any combat card this round")  # fmt: skip
    if (
        aw is not None
        and aw.get("kind") == "draw"
        and aw.get("for") == "battle"
        and g.difficulty == "relentless"
    ):
        return "FE-18.5.2", Text("at Relentless no die is rolled for the battle deck: the battle card is drawn from the surge " "deck ({{\"type\": \"draw\", \"deck\": \"battle-surge\"}})")  # fmt: skip
    return due_rule(g, aw, "FE-17.1"), Text(
        "no roll is due now; the log should next record {awaits}", awaits=_awaits(g)
    )


def check_named_hero(g, event: dict) -> None:
    """A draw or roll may name the hero it is for ("hero"); when it does, that must be the hero it is due for
    (a team's draw: one of the team's heroes)."""
    named = event.get("hero")
    if named is None:
        return
    aw = g.awaiting
    hid = g.content.find("heroes", named)
    rule = due_rule(g, aw, "FE-17.1")
    if aw.get("hero") is not None:
        if hid != aw["hero"]:
            raise IllegalEvent(rule, "this {kind} is {hero}'s, not {named}'s ({awaits})", kind=aw['kind'], hero=g.name(aw['hero']), named=named, awaits=_awaits(g))  # fmt: skip
    elif aw.get("team") is not None:
        if hid is None or g.s.heroes.get(hid) is None or g.s.heroes[hid].team != aw["team"]:
            raise IllegalEvent(rule, "this {kind} is the {team_name} team's; {named} is not one of its heroes", kind=aw['kind'], team_name=g.team_name(aw['team']), named=named)  # fmt: skip
    else:
        raise IllegalEvent(
            rule,
            "this {kind} is for no hero ({awaits}); leave 'hero' out",
            kind=aw["kind"],
            awaits=_awaits(g),
        )


def not_now(g, what: str, default: str) -> tuple[str, str]:
    """(rule, message) for an event that answers nothing awaited now: the rule that makes what is awaited
    instead due (``default`` when none is known), and what the log should record next."""
    return due_rule(g, g.awaiting, default), Text(
        "{what}; the log should next record {awaits}", what=what, awaits=_awaits(g)
    )
