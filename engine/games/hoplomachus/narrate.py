"""Each Hoplomachus event in a few words for the table recorder and the replay viewer ("Crixus moves to
C4", "Crixus attacks Spartacus"), built from the event and the content's names. It never refuses
anything (``apply`` does) and never reads hidden state: only what the event and the board name."""

from __future__ import annotations

RIVALS = {"immortal": "The immortals", "arena": "The arena", "titan": "The titan"}  # HR-9, HR-13, HR-14


def describe(g, event: dict) -> str:
    """``event`` in words, subject first: the unit acting, else the troop."""
    kind = str(event.get("type", "event"))
    who = _troop(g, event.get("player"))
    unit = _unit(g, event.get("unit"))
    target = _unit(g, event.get("target"))
    path = event.get("path") if isinstance(event.get("path"), list) else []
    hex_ = event.get("hex")
    if kind == "move":
        return f"{unit} moves to {path[-1]}" + (f" (via {' '.join(path[:-1])})" if len(path) > 1 else "")
    if kind == "deploy":
        return (
            f"{who} deploys {unit} at {hex_}"
            if event.get("unit")
            else f"{who} {_s(event, 'deploy')} at {hex_}"
        )
    if kind in ("attack", "ally_attack"):
        return f"{unit} attacks {target}"
    if kind == "special":
        skill = _skill(g, event.get("unit"), event.get("special"))
        on = f" on {target}" if event.get("target") else ""  # none named: every adjacent opponent
        return f"{unit} uses {skill}{on}"
    if kind == "ability":
        on = f" on {target}" if event.get("target") else f" at {hex_}" if hex_ else ""
        return f"{unit} uses {_skill(g, event.get('unit'), event.get('ability'))}{on}"
    if kind == "tactic":
        tactic = g.c.tactics.get(event.get("tactic"))
        return f"{who} plays {tactic.name if tactic else event.get('tactic')} on {target}"
    if kind == "foothold":
        return (
            f"{who} {'flips' if event.get('flip') else 'moves'} a foothold from {hex_} to {event.get('to')}"
        )
    if kind == "catch_up":
        return f"{who} {_s(event, 'catch')} up" + (f" with {unit}" if event.get("unit") else "")
    # HR-14.8: the titan's effects, entered by a co-op player on its behalf.
    if kind == "advance":
        return f"The titan advances to {path[-1]}" if path else "The titan advances"
    if kind in ("smite", "toss"):
        verb = "smites" if kind == "smite" else "tosses"
        if not event.get("target"):
            return f"The titan {verb} no one"
        return f"The titan {verb} {target}" + (f" to {hex_}" if hex_ else "")
    if kind == "deploy_ally":
        return f"The titan deploys an ally at {hex_}" if hex_ else "The titan deploys no ally"
    if kind == "displace":
        return f"{who} {_s(event, 'displace')} to {hex_}"
    if kind == "support":
        return f"{who} {_s(event, 'place')} a support chip as a {event.get('as')} at {hex_}"
    if kind == "track":
        return f"{who} {_s(event, 'take')} the {str(event.get('track')).replace('_', ' ')} track"
    if kind == "add_hp":
        return f"{who} {_s(event, 'add')} HP to {unit}"
    if kind == "return_units":
        return f"{who} {_s(event, 'return')} {', '.join(_unit(g, u) for u in event.get('units') or []) or 'no unit'}"
    if kind == "stone_tactics":
        return f"{who} {_s(event, 'take')} tactics from the stone"
    if kind == "trigger_order":  # HR-7.4.2
        order = event.get("order") if isinstance(event.get("order"), list) else []
        steps = ", then ".join(_skill(g, event.get("unit"), s) for s in order)
        return f"{who} {_s(event, 'resolve')} {unit}'s triggered effects: {steps}"
    if kind == "titan_roll":
        return "The titan rolls its dice"
    words = {"end_turn": ("end", " the turn"), "begin_turn": ("take", " the next turn"), "roll": ("roll", ""),
             "reward": ("take", " the reward"), "concede": ("concede", "")}  # fmt: skip
    verb, rest = words.get(kind, (kind.replace("_", " "), ""))
    return f"{who} {_s(event, verb)}{rest}"


def apply_described(g, index: int, event: dict) -> dict:
    """``apply`` that also returns the event in words (engine.session.step). Words first: the event
    names units as they stand before it (a defeated target is gone afterwards)."""
    text = describe(g, event)
    seen: list[dict] = []
    g.dice.seen = seen
    try:
        g.apply(index, event)
    finally:
        g.dice.seen = None
    return {"text": text, "rolls": [_roll(r) for r in seen]}


def _roll(noted: dict) -> dict:
    """A roll for the viewer (engine.session.step's ``rolls``, the shape shared with Eternia): each die
    as the table saw it, a coloured die's hit symbol or blank face (HR-2.6.2), an arena die's number."""
    if noted["kind"] == "d6":
        return {
            "who": noted["what"],
            "kind": "arena die",
            "faces": [{"label": str(noted["face"])}],
            "summary": "",
        }
    n = sum(noted["hits"])
    faces = [
        {"label": "hit" if hit else "miss", "colour": colour, "hit": hit}
        for colour, hit in zip(noted["pool"], noted["hits"], strict=True)
    ]
    return {
        "who": noted["what"],
        "kind": "dice",
        "faces": faces,
        "summary": f"{n} hit{'' if n == 1 else 's'}",
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
    return RIVALS.get(troop, str(troop))


def _unit(g, uid) -> str:
    if isinstance(uid, str) and uid.startswith("shard:"):
        return f"the shard on {uid[6:]}"  # HR-14.10.3: a shard with HP, attacked like a unit
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
