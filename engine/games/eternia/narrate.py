"""Each event of a Fields of Eternia log in a few words for the replay viewer ("He-Man: move to Village
of Gaz"), built from the event and the content's names; it never refuses anything (``apply`` does)."""

from __future__ import annotations

VERBS = {
    "move": "moves",
    "fast_travel": "travels fast",
    "push": "is pushed",
    "flee": "flees",
    "end_turn": "ends the turn",
}
PLACES = ("to", "from")
THINGS = ("card", "weapon", "spell", "merchant", "deck", "die", "zone")


def describe(g, event: dict) -> str:
    """``event`` in words, naming the hero or team and what the event names (areas, cards)."""
    kind = str(event.get("type", "event"))
    actor = g.describe_actor(event)
    words = [f"{actor}:" if actor else "", VERBS.get(kind, kind.replace("_", " "))]
    path = event.get("path")
    if isinstance(path, list) and path:
        words.append("via " + " → ".join(_name(g, a) for a in path))
    return " ".join(w for w in [*words, *_details(g, event)] if w)


def _details(g, event: dict, skip: tuple = ()) -> list[str]:
    """What an event names besides its actor and path: places, things, soldiers, cards."""
    words = []
    for key in PLACES:
        if isinstance(event.get(key), str) and key not in skip:
            words.append(f"{key} {_name(g, event[key])}")
    for key in THINGS:
        if (
            isinstance(event.get(key), (str, int))
            and not isinstance(event.get(key), bool)
            and key not in skip
        ):
            words.append(_name(g, str(event[key])))
    if isinstance(event.get("soldiers"), int) and not isinstance(event.get("soldiers"), bool):
        words.append(f"{event['soldiers']} soldier{'' if event['soldiers'] == 1 else 's'}")
    cards = event.get("cards")
    if isinstance(cards, list) and cards:
        words.append(", ".join(_name(g, str(c)) for c in cards))
    return words


def apply_described(g, index: int, event: dict) -> dict:
    """``apply`` that also returns the event in words (engine.session.step)."""
    text = describe(g, event)
    aw = g.awaiting
    who = (aw or {}).get("hero") or (aw or {}).get("team")
    seen: list[dict] = []
    g.chance.seen = seen
    try:
        g.apply(index, event)
    finally:
        g.chance.seen = None
    name = g.name(who) if who in g.s.heroes else g.team_name(who) if who else ""
    if event.get("type") == "roll" and len(seen) == 1:  # "roll wild" says less than who rolled what
        n, die = len(seen[0]["faces"]), seen[0]["die"]
        text = f"{name + ': ' if name else ''}rolls {n} {die} {'die' if n == 1 else 'dice'}"
    return {"text": text, "rolls": [_roll(name, r) for r in seen]}


# FE-6.9.3: what a wild die's face counts for in a pool (a reroll left showing counts nothing).
SUCCESSES = {"blank": 0, "success": 1, "double": 2, "reroll": 0}


def _roll(who: str, noted: dict) -> dict:
    """A roll for the viewer (engine.session.step's ``rolls``, the shape shared with Hoplomachus): each
    face as the rules name it (FE-3.4), a success marked; the wild dice's successes counted (FE-6.9.3)."""
    from engine.games.eternia.dice_needed import face_name

    die, faces = noted["die"], noted["faces"]
    out = [
        {"label": face_name(f).split(" (")[0], "hit": SUCCESSES.get(f, 0) > 0 if die == "wild" else None}
        for f in faces
    ]
    n = sum(SUCCESSES.get(f, 0) for f in faces)
    summary = f"{n} success{'' if n == 1 else 'es'}" if die == "wild" else ""
    return {
        "who": who,
        "kind": f"{die} {'die' if len(faces) == 1 else 'dice'}",
        "faces": out,
        "summary": summary,
    }


def _name(g, cid: str) -> str:
    weapon = g.content.weapons.get(cid)
    return weapon.get("name", cid) if weapon else g.name(cid)


# An offer as a sentence for the table recorder ("Teela goes on a mission"): the subject (hero or team),
# then what it does; the other fields the event names follow as in ``describe``.
SENTENCES = {
    "activate": "is activated",
    "mission": "goes on a mission",
    "mission_result": "reports the mission's result",
    "face_wilds": "faces the wilds",
    "rest": "rests",
    "fortify": "fortifies",
    "move_soldiers": "moves soldiers",
    "move_outposts": "moves between outposts",
    "merchant": "visits the merchant",
    "buy": "buys",
    "trade": "trades",
    "equip": "equips",
    "weapon": "attacks with",
    "spell": "casts",
    "map_spell": "casts",
    "focus": "focuses",
    "reroll": "rerolls",
    "surge": "surges",
    "fight_on": "fights on",
    "tame": "tames a beast",
    "ally": "takes an ally",
    "choose": "chooses",
    "keep": "keeps",
    "consumable": "uses",
    "assign": "assigns the dice",
    "pay_defeat": "pays for the defeat of",
    "place": "goes to",
    "defender": "defends",
    "time": "turns time",
    "pass": "passes",  # nosec B105 - a game word, not a password
    "claim_victory": "claim the victory card",
    "redraw_victory": "redraw victory cards",
    "trim": "trim the combat deck",
    "skirmish_buy": "buys",
    "skirmish_pass": "passes the purchase",  # nosec B105 - a game word, not a password
    "deploy_hero": "deploys",
    "deploy_zone": "choose a deployment zone",
    "deploy_soldiers": "deploy soldiers",
    "place_token": "place a mission token",  # nosec B105 - a game word, not a password
    "train": "trains",
    "discard": "discards",
    "acquire_mount": "acquires a mount",
    "hits": "assign the hits",
    "soldiers": "attacks with soldiers",
}


def describe_offer(g, event: dict) -> str:
    """An offer of ``legal_events()`` in words, subject first."""
    kind = str(event.get("type", "event"))
    if kind == "draw":
        return f"Draw from the {event.get('deck')} deck"
    if kind == "roll":
        return f"Roll the {event.get('die')} die"
    if kind not in SENTENCES and kind not in VERBS:
        return describe(g, event)
    actor = g.describe_actor(event) or ""
    verb = VERBS.get(kind) or SENTENCES[kind]
    if kind == "pass" and not event.get("hero"):
        verb = "pass"  # a team: the players of the team pass
    skip: tuple = ("zone",) if kind == "surge" else ()
    if kind == "place":
        verb, skip = f"goes to {_name(g, str(event.get('zone')))}", ("zone",)
    words = [actor, verb]
    path = event.get("path")
    if isinstance(path, list) and path:
        words.append(f"to {_name(g, path[-1])}")
        if len(path) > 1:
            words.append("via " + " → ".join(_name(g, a) for a in path[:-1]))
    if kind == "surge" and event.get("zone"):
        words.append(f"in {event['zone']}")
    return " ".join(w for w in [*words, *_details(g, event, skip)] if w)
