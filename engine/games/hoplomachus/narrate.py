"""Each Hoplomachus event in a few words for the table recorder and the replay viewer ("Crixus moves to
C4", "Crixus attacks Spartacus"), built from the event and the content's names. It never refuses
anything (``apply`` does) and never reads hidden state: only what the event and the board name."""

from __future__ import annotations

from engine.core.narrate import ENDINGS, Text, joined, said_data, template

RIVALS = {
    "immortal": template("The immortals"),
    "arena": template("The arena"),
    "titan": template("The titan"),
}  # HR-9, HR-13, HR-14
#: what a support chip is placed as (HR-15.5)
SUPPORT_AS = {"sentinel": template("sentinel"), "foothold": template("foothold")}


# HR-11.1: how a game ends, as the result's ``ended_by`` names it ("Ended by {how}")
ENDINGS["hoplomachus-remastered"] = {
    "all_immortals": template("the defeat of every immortal"),
    "titan_defeated": template("the titan's defeat"),
    "hero_defeated": template("a primary hero's defeat"),
    "no_units": template("a troop left with no units to fight"),
    "heroes_defeated": template("the defeat of both heroes of a team"),
    "last_standing": template("one troop left standing"),
    "forfeit": template("a forfeit"),
    "concession": template("a concession"),
}


#: what a pending decision asks of its player (HR-7.4.1), as the refusals and the next-event answers say it
DECISIONS = {
    "track": template("choose the favour track to follow"),
    "return_units": template("choose the units returned to camp"),
    "choose_member": template("say which team member claims the reward"),
    "catch_up": template("add the catch-up HP (or decline)"),
    "add_hp": template("choose the unit that gains 3 HP"),
    "support": template("place the support chip gained"),
    "stone_tactics": template("choose the tactics returned"),
    "trigger_order": template("choose the order of the effects one unit's attack damage triggered at once"),
    "displace": template("choose where the attacked unit is displaced"),
    "begin_turn": template("say which player takes the next turn"),
    "advance": template("move the titan for its Advance (an 'advance' event)"),
    "smite": template("resolve the titan's Smite (a 'smite' event)"),
    "toss": template("resolve the titan's Toss (a 'toss' event)"),
    "deploy_ally": template("deploy the titan's ally (a 'deploy_ally' event)"),
    "ally_attack": template("resolve the titan's allies' attacks ('ally_attack' events)"),
}


def decision(kind: str) -> Text:
    """What the pending decision ``kind`` asks, as a phrase (its English is ``str()``)."""
    return Text(DECISIONS[kind])


def describe(g, event: dict) -> str:
    """``event`` in words, subject first: the unit acting, else the troop."""
    return str(say(g, event))


def say(g, event: dict) -> Text:
    """``describe`` as a Text (template and params, engine.core.narrate). A troop's verb follows its
    number: a player or one rival (the arena, the titan) is one; the immortals are many."""
    kind = str(event.get("type", "event"))
    who = _troop(g, event.get("player"))
    unit = _unit(g, event.get("unit"))
    target = _unit(g, event.get("target"))
    path = event.get("path") if isinstance(event.get("path"), list) else []
    hex_ = event.get("hex")
    many = event.get("player") == "immortal"

    def said(one: str, several: str, **params) -> Text:
        return Text(several if many else one, who=who, **params)

    if kind == "move":
        if len(path) > 1:
            return Text("{unit} moves to {to} (via {via})", unit=unit, to=path[-1], via=" ".join(path[:-1]))
        return Text("{unit} moves to {to}", unit=unit, to=path[-1])
    if kind == "deploy":
        if event.get("unit"):
            return Text("{who} deploys {unit} at {hex}", who=who, unit=unit, hex=hex_)
        return said(template("{who} deploys at {hex}"), template("{who} deploy at {hex}"), hex=hex_)
    if kind in ("attack", "ally_attack"):
        return Text("{unit} attacks {target}", unit=unit, target=target)
    if kind == "special":
        skill = _skill(g, event.get("unit"), event.get("special"))
        if event.get("target"):
            return Text("{unit} uses {skill} on {target}", unit=unit, skill=skill, target=target)
        return Text("{unit} uses {skill}", unit=unit, skill=skill)  # none named: every adjacent opponent
    if kind == "ability":
        skill = _skill(g, event.get("unit"), event.get("ability"))
        if event.get("target"):
            return Text("{unit} uses {skill} on {target}", unit=unit, skill=skill, target=target)
        if hex_:
            return Text("{unit} uses {skill} at {hex}", unit=unit, skill=skill, hex=hex_)
        return Text("{unit} uses {skill}", unit=unit, skill=skill)
    if kind == "tactic":
        tactic = g.c.tactics.get(event.get("tactic"))
        name = tactic.name if tactic else str(event.get("tactic"))
        return Text("{who} plays {tactic} on {target}", who=who, tactic=name, target=target)
    if kind == "foothold":
        if event.get("flip"):
            return Text("{who} flips a foothold from {hex} to {to}", who=who, hex=hex_, to=event.get("to"))
        return Text("{who} moves a foothold from {hex} to {to}", who=who, hex=hex_, to=event.get("to"))
    if kind == "catch_up":
        if event.get("unit"):
            return said(
                template("{who} catches up with {unit}"), template("{who} catch up with {unit}"), unit=unit
            )
        return said(template("{who} catches up"), template("{who} catch up"))
    # HR-14.8: the titan's effects, entered by a co-op player on its behalf.
    if kind == "advance":
        return Text("The titan advances to {to}", to=path[-1]) if path else Text("The titan advances")
    if kind in ("smite", "toss"):
        smite = kind == "smite"
        if not event.get("target"):
            return Text("The titan smites no one") if smite else Text("The titan tosses no one")
        if hex_:
            return Text(
                "The titan smites {target} to {hex}" if smite else "The titan tosses {target} to {hex}",
                target=target,
                hex=hex_,
            )
        return Text("The titan smites {target}" if smite else "The titan tosses {target}", target=target)
    if kind == "deploy_ally":
        return (
            Text("The titan deploys an ally at {hex}", hex=hex_)
            if hex_
            else Text("The titan deploys no ally")
        )
    if kind == "displace":
        return said(template("{who} displaces to {hex}"), template("{who} displace to {hex}"), hex=hex_)
    if kind == "support":
        side = event.get("as")
        as_ = Text(SUPPORT_AS[side]) if side in SUPPORT_AS else str(side)
        return said(
            template("{who} places a support chip as a {side} at {hex}"),
            template("{who} place a support chip as a {side} at {hex}"),
            side=as_,
            hex=hex_,
        )
    if kind == "track":
        track = str(event.get("track")).replace("_", " ")
        return said(
            template("{who} takes the {track} track"), template("{who} take the {track} track"), track=track
        )
    if kind == "add_hp":
        return said(template("{who} adds HP to {unit}"), template("{who} add HP to {unit}"), unit=unit)
    if kind == "return_units":
        units = joined([_unit(g, u) for u in event.get("units") or []]) or Text("no unit")
        return said(template("{who} returns {units}"), template("{who} return {units}"), units=units)
    if kind == "stone_tactics":
        return said(
            template("{who} takes tactics from the stone"), template("{who} take tactics from the stone")
        )
    if kind == "trigger_order":  # HR-7.4.2
        order = event.get("order") if isinstance(event.get("order"), list) else []
        steps = joined([_skill(g, event.get("unit"), s) for s in order], ", then ")
        return said(
            template("{who} resolves {unit}'s triggered effects: {steps}"),
            template("{who} resolve {unit}'s triggered effects: {steps}"),
            unit=unit,
            steps=steps,
        )
    if kind == "titan_roll":
        return Text("The titan rolls its dice")
    if kind == "end_turn":
        return said(template("{who} ends the turn"), template("{who} end the turn"))
    if kind == "begin_turn":
        return said(template("{who} takes the next turn"), template("{who} take the next turn"))
    if kind == "roll":
        return said(template("{who} rolls"), template("{who} roll"))
    if kind == "reward":
        return said(template("{who} takes the reward"), template("{who} take the reward"))
    if kind == "concede":
        return said(template("{who} concedes"), template("{who} concede"))
    return Text("{who} {what}", who=who, what=_s(event, kind.replace("_", " ")))


# HR-2.6.1: the attack dice's colours (the Italian original's giallo, blu, verde, nero, rosso)
COLOURS = {
    "yellow": template("yellow"),
    "blue": template("blue"),
    "green": template("green"),
    "black": template("black"),
    "red": template("red"),
}


def colour(name: str) -> Text | str:
    return Text(COLOURS[name]) if name in COLOURS else name


def entry_face(hit: bool) -> Text:
    """A face of an attack die on the recorder's dice entry (HR-2.6.2: colpito or mancato)."""
    return Text("⚔ Hit") if hit else Text("Miss")


def rolled_face(hit: bool) -> Text:
    """A face of an attack die in the replay's rolls (HR-2.6.2)."""
    return Text("hit") if hit else Text("miss")


def entry_die(name: str, hit_faces: int) -> Text:
    """A die of the recorder's dice entry: its colour and its hit faces (HR-2.6.1)."""
    if hit_faces == 1:
        return Text("{colour} ({n} hit face)", colour=colour(name), n=hit_faces)
    return Text("{colour} ({n} hit faces)", colour=colour(name), n=hit_faces)


def arena_die() -> Text:
    return Text("Arena die")


def entry_note(kind: str) -> Text:
    """How the recorder's dice entry is filled in: attack dice (HR-2.6.2), arena dice (HR-2.11.1), a draw."""
    if kind == "cards":
        return Text("Draw, then tap what you drew.")
    if kind == "d6":
        return Text("Roll the six-sided dice and tap each face (HR-2.11.1).")
    return Text("Roll these dice and tap what each shows: hit or miss (HR-2.6.2).")


def entry_what(g, event: dict, k: int, rolls: int) -> Text:
    """What a roll of the recorder's dice entry is: whose dice (the unit, the titan, the immortal) and,
    for several, which of the rolls ("Crixus attacks Spartacus: roll 1 of 2")."""
    if event.get("type") == "titan_roll":
        return Text("The titan dice")
    said = say(g, event)
    return Text("{said}: roll {k} of {rolls}", said=said, k=k + 1, rolls=rolls) if rolls > 1 else said


def arena_dice_what() -> Text:
    return Text("The arena dice (HR-2.11.1)")


def draw_what(one: bool, troop=None) -> Text:
    """What a draw of the recorder's entry is: from the arena bag (HR-13.10.2), or a troop's unit."""
    if not one:
        return Text("Draw from the bag")
    if troop == "arena":
        return Text("Draw the arena's unit")
    if troop == "immortal":
        return Text("Draw the immortal unit")
    return Text("Draw the drawn unit")


def apply_described(g, index: int, event: dict) -> dict:
    """``apply`` that also returns the event in words (engine.session.step). Words first: the event
    names units as they stand before it (a defeated target is gone afterwards)."""
    said = say(g, event)
    seen: list[dict] = []
    g.dice.seen = seen
    try:
        g.apply(index, event)
    finally:
        g.dice.seen = None
    return {"text": str(said), "said": said_data(said), "rolls": [_roll(r) for r in seen]}


# Who rolls (the rolls' ``who``), as the handlers name a roll (actions.py, rival_actions.py, titan.py; the same
# words name it in a refusal): marked here so that the narration catalogs say them too (HR-8.8.3, HR-8.8.4,
# HR-14.8.4)
ROLLERS = (
    template("{u}'s attack"),
    template("{u}'s {name}"),
    template("{u}'s {name} on {v}"),
    template("{imm}'s roll"),
    template("the titan dice"),
    template("the titan's attack"),
    # the titan's arena dice (titan.py's ARENA_DIE_FOR, HR-14.8.4, HR-2.11.1): each effect's word a template
    template("the arena die for {kind}"),
    template("advance"),
    template("smite"),
    template("compass_move"),
)


def _roll(noted: dict) -> dict:
    """A roll for the viewer (engine.session.step's ``rolls``, the shape shared with Eternia): each die
    as the table saw it, a coloured die's hit symbol or blank face (HR-2.6.2), an arena die's number."""
    if noted["kind"] == "d6":
        return {
            "who": noted["what"],
            **({"who_said": noted["what_said"]} if noted.get("what_said") else {}),
            "kind": "arena die",
            "kind_said": Text("arena die").data(),
            "faces": [{"label": str(noted["face"])}],
            "summary": "",
        }
    n = sum(noted["hits"])
    summary = Text("{n} hit" if n == 1 else "{n} hits", n=n)
    faces = [
        {"label": str(rolled_face(hit)), "label_said": rolled_face(hit).data(), "colour": name, "hit": hit}
        for name, hit in zip(noted["pool"], noted["hits"], strict=True)
    ]
    return {
        "who": noted["what"],
        **({"who_said": noted["what_said"]} if noted.get("what_said") else {}),
        "kind": "dice",
        "kind_said": Text("dice").data(),
        "faces": faces,
        "summary": str(summary),
        "summary_said": summary.data(),
    }


def _s(event: dict, verb: str) -> str:
    """The verb for the event's troop: a player or one rival (the arena, the titan) is one; the immortals
    are many."""
    if event.get("player") == "immortal":
        return verb
    return verb + ("es" if verb.endswith(("sh", "ch", "ss", "x")) else "s")


def _troop(g, troop) -> str:
    for p in g.players:
        if p["id"] == troop:
            return p["name"]
    return Text(RIVALS[troop]) if troop in RIVALS else str(troop)


def _unit(g, uid) -> str:
    if isinstance(uid, str) and uid.startswith("shard:"):
        return Text("the shard on {hex}", hex=uid[6:])  # HR-14.10.3: a shard with HP, attacked like a unit
    unit = g.s.units.get(uid) if isinstance(uid, str) else None
    if unit is None:
        return str(uid)
    return g.c.units[unit["def"]].name


def _skill(g, uid, skill_id) -> str:
    unit = g.s.units.get(uid) if isinstance(uid, str) else None
    if unit is not None:
        for skill in g.c.units[unit["def"]].skills:
            if skill.id == skill_id:
                return skill.name
    return str(skill_id).replace("-", " ")
