"""Each event of a Fields of Eternia log in a few words for the replay viewer ("He-Man: move to Village
of Gaz"), built from the event and the content's names; it never refuses anything (``apply`` does).
Every sentence is a ``Text`` (engine.core.narrate): its English, and its template and params for the
platform to say it in the reader's language."""

from __future__ import annotations

from engine.core.narrate import ENDINGS, Text, joined, said_data, template

# FE-17, FE-18.7: how a game ends, as the result's ``ended_by`` names it ("Ended by {how}")
ENDINGS["motu-fields-of-eternia"] = {
    "rounds": template("the end of the final round"),
    "tie-break-outposts": template("the tie-break on outposts"),
    "tie-break-eternium": template("the tie-break on Eternium"),
    "boss": template("the boss"),
    "objective": template("the scenario's objective completed"),
    "duel": template("the duel"),
    "concession": template("a concession"),
}


# The event as a label after its actor ("He-Man: moves"): every event type of the log format.
VERBS = {
    "move": template("moves"),
    "fast_travel": template("travels fast"),
    "push": template("is pushed"),
    "flee": template("flees"),
    "end_turn": template("ends the turn"),
}
WORDS = {
    **VERBS,
    "acquire_mount": template("acquire mount"),
    "activate": template("activate"),
    "ally": template("ally"),
    "assign": template("assign"),
    "buy": template("buy"),
    "choose": template("choose"),
    "claim_victory": template("claim victory"),
    "consumable": template("consumable"),
    "defender": template("defender"),
    "deploy_hero": template("deploy hero"),
    "deploy_soldiers": template("deploy soldiers"),
    "deploy_zone": template("deploy zone"),
    "discard": template("discard"),
    "draw": template("draw"),
    "duel": template("duel"),
    "equip": template("equip"),
    "excess": template("excess"),
    "face_wilds": template("face wilds"),
    "fight_on": template("fight on"),
    "focus": template("focus"),
    "fortify": template("fortify"),
    "hits": template("hits"),
    "keep": template("keep"),
    "map_spell": template("map spell"),
    "merchant": template("merchant"),
    "mission": template("mission"),
    "mission_result": template("mission result"),
    "move_outposts": template("move outposts"),
    "move_soldiers": template("move soldiers"),
    "pass": template("pass"),  # nosec B105 - a game word, not a password
    "pay_defeat": template("pay defeat"),
    "place": template("place"),
    "place_token": template("place token"),  # nosec B105 - a game word, not a password
    "redraw_victory": template("redraw victory"),
    "reroll": template("reroll"),
    "respawn": template("respawn"),
    "rest": template("rest"),
    "retreat": template("retreat"),
    "roll": template("roll"),
    "scenario_complete": template("scenario complete"),
    "skirmish_buy": template("skirmish buy"),
    "skirmish_pass": template("skirmish pass"),  # nosec B105 - a game word, not a password
    "soldiers": template("soldiers"),
    "spell": template("spell"),
    "stop": template("stop"),
    "surge": template("surge"),
    "tame": template("tame"),
    "time": template("time"),
    "trade": template("trade"),
    "train": template("train"),
    "trim": template("trim"),
    "weapon": template("weapon"),
}
PLACES = {"to": template("to {place}"), "from": template("from {place}")}
THINGS = ("card", "weapon", "spell", "merchant", "deck", "die", "zone")
#: the decks, dice and combat zones an event names by id (FE-3, FE-6.9), said as words
DECKS = {
    "combat": template("combat"),
    "shop": template("shop"),
    "guild": template("guild"),
    "forge": template("forge"),
    "encounter": template("encounter"),
    "scenario": template("scenario"),
    "effect": template("effect"),
    "victory": template("victory"),
    "battle-surge": template("battle-surge"),
    "battle-plain": template("battle-plain"),
}
ZONES = {"attack": template("attack"), "defence": template("defence"), "initiative": template("initiative")}
DIE = {"wild": template("wild"), "epic": template("epic")}
DIE_ONE = {"wild": template("wild die"), "epic": template("epic die")}
DIE_MANY = {"wild": template("wild dice"), "epic": template("epic dice")}
WORD_OF = {"deck": DECKS, "zone": ZONES, "die": DIE}


def describe(g, event: dict) -> str:
    """``event`` in words, naming the hero or team and what the event names (areas, cards)."""
    return str(say(g, event))


def say(g, event: dict) -> Text | str:
    """``describe`` as a Text (template and params)."""
    kind = str(event.get("type", "event"))
    actor = g.describe_actor(event)
    words = [Text("{actor}:", actor=actor) if actor else "", _word(kind)]
    path = event.get("path")
    if isinstance(path, list) and path:
        words.append(Text("via {path}", path=joined([_name(g, a) for a in path], " → ")))
    return joined([*words, *_details(g, event)], " ")


def _word(kind: str) -> Text:
    return Text(WORDS[kind]) if kind in WORDS else Text("{kind}", kind=kind.replace("_", " "))


def _details(g, event: dict, skip: tuple = ()) -> list:
    """What an event names besides its actor and path: places, things, soldiers, cards."""
    words: list = []
    for key, said in PLACES.items():
        if isinstance(event.get(key), str) and key not in skip:
            words.append(Text(said, place=_name(g, event[key])))
    for key in THINGS:
        if (
            isinstance(event.get(key), (str, int))
            and not isinstance(event.get(key), bool)
            and key not in skip
        ):
            words.append(_thing(g, key, str(event[key])))
    if isinstance(event.get("soldiers"), int) and not isinstance(event.get("soldiers"), bool):
        n = event["soldiers"]
        words.append(Text("{n} soldier" if n == 1 else "{n} soldiers", n=n))
    cards = event.get("cards")
    if isinstance(cards, list) and cards:
        words.append(joined([_name(g, str(c)) for c in cards]))
    return words


def _thing(g, key: str, value: str) -> Text | str:
    """A thing's content name, or the word for a deck, die or zone the event names by id."""
    name = _name(g, value)
    words = WORD_OF.get(key, {})
    return Text(words[value]) if name == value and value in words else name


def _dice(die, n: int) -> Text:
    """ "wild die", "epic dice": a die kind and its number as a noun phrase."""
    table = DIE_ONE if n == 1 else DIE_MANY
    if die in table:
        return Text(table[die])
    return Text("{die} die" if n == 1 else "{die} dice", die=die)


# FE-3.4: the wild die's faces, and the epic die's surge (FE-6.10.1), as the recorder's dice entry and the
# replay's rolls show them (the Italian original's words: vuoto, successo, doppio successo, rilancio, impeto)
FACES = {
    "blank": template("Blank"),
    "success": template("Success"),
    "double": template("Double success"),
    "reroll": template("Reroll"),
    "surge": template("Surge"),
}


def face(face: str) -> Text | str:
    """A die's face in words: ``blank`` → "Blank", ``attack+1`` → "+1 attack" (FE-6.10.1, the stat said
    as its combat zone); a face the rules do not name stays as it is."""
    if face in FACES:
        return Text(FACES[face])
    stat, _, n = face.partition("+")
    if n and stat in ZONES:
        return Text("+{n} {stat}", n=n, stat=Text(ZONES[stat]))
    return face


def entry_what(die: str, count: int) -> Text:
    """What the recorder's dice entry asks: "Roll 2 wild dice"."""
    return Text("Roll {n} {dice}", n=count, dice=_dice(die, count))


def entry_note(provisional: bool) -> Text:
    """How the dice are entered (FE-3.4), and whether the pack's faces per die are provisional (AMB-26)."""
    if provisional:
        return Text(
            "Roll and tap the face each die shows (FE-3.4). The faces per die are provisional (AMB-26)."
        )
    return Text("Roll and tap the face each die shows (FE-3.4).")


def draw_what(count: int, deck: str) -> Text:
    """What the recorder's draw asks: "Draw 2 from the combat deck" (FE-6.13)."""
    words = Text(DECKS[deck]) if deck in DECKS else deck
    return Text("Draw {count} from the {deck} deck", count=count, deck=words)


def draw_note() -> Text:
    return Text("Draw, then tap the cards drawn.")


def apply_described(g, index: int, event: dict) -> dict:
    """``apply`` that also returns the event in words (engine.session.step)."""
    said = say(g, event)
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
        dice = _dice(die, n)
        said = (
            Text("{who}: rolls {n} {dice}", who=name, n=n, dice=dice)
            if name
            else Text("rolls {n} {dice}", n=n, dice=dice)
        )
    return {"text": str(said), "said": said_data(said), "rolls": [_roll(name, r) for r in seen]}


# FE-6.9.3: what a wild die's face counts for in a pool (a reroll left showing counts nothing).
SUCCESSES = {"blank": 0, "success": 1, "double": 2, "reroll": 0}


def _roll(who: str, noted: dict) -> dict:
    """A roll for the viewer (engine.session.step's ``rolls``, the shape shared with Hoplomachus): each
    face as the rules name it (FE-3.4), a success marked; the wild dice's successes counted (FE-6.9.3)."""
    die, faces = noted["die"], noted["faces"]
    out = []
    for f in faces:
        label = face(f)
        out.append(
            {
                "label": str(label),
                **({"label_said": label.data()} if isinstance(label, Text) else {}),
                "hit": SUCCESSES.get(f, 0) > 0 if die == "wild" else None,
            }
        )
    n = sum(SUCCESSES.get(f, 0) for f in faces)
    summary = Text("{n} success" if n == 1 else "{n} successes", n=n) if die == "wild" else ""
    kind = _dice(die, len(faces))
    return {
        "who": who,
        "kind": str(kind),
        "kind_said": kind.data(),
        "faces": out,
        "summary": str(summary),
        "summary_said": said_data(summary),
    }


def _name(g, cid: str) -> str:
    weapon = g.content.weapons.get(cid)
    return weapon.get("name", cid) if weapon else g.name(cid)


# An offer as a sentence for the table recorder ("Teela goes on a mission"): the subject (hero or team),
# then what it does; the other fields the event names follow as in ``describe``.
SENTENCES = {
    "move": template("{actor} moves"),
    "fast_travel": template("{actor} travels fast"),
    "push": template("{actor} is pushed"),
    "flee": template("{actor} flees"),
    "end_turn": template("{actor} ends the turn"),
    "activate": template("{actor} is activated"),
    "mission": template("{actor} goes on a mission"),
    "mission_result": template("{actor} reports the mission's result"),
    "face_wilds": template("{actor} faces the wilds"),
    "rest": template("{actor} rests"),
    "fortify": template("{actor} fortifies"),
    "move_soldiers": template("{actor} moves soldiers"),
    "move_outposts": template("{actor} moves between outposts"),
    "merchant": template("{actor} visits the merchant"),
    "buy": template("{actor} buys"),
    "trade": template("{actor} trades"),
    "equip": template("{actor} equips"),
    "weapon": template("{actor} attacks with"),
    "spell": template("{actor} casts"),
    "map_spell": template("{actor} casts"),
    "focus": template("{actor} focuses"),
    "reroll": template("{actor} rerolls"),
    "surge": template("{actor} surges"),
    "fight_on": template("{actor} fights on"),
    "tame": template("{actor} tames a beast"),
    "ally": template("{actor} takes an ally"),
    "choose": template("{actor} chooses"),
    "keep": template("{actor} keeps"),
    "consumable": template("{actor} uses"),
    "assign": template("{actor} assigns the dice"),
    "pay_defeat": template("{actor} pays for the defeat of"),
    "defender": template("{actor} defends"),
    "time": template("{actor} turns time"),
    "pass": template("{actor} passes"),  # nosec B105 - a game word, not a password
    "claim_victory": template("{actor} claim the victory card"),
    "redraw_victory": template("{actor} redraw victory cards"),
    "trim": template("{actor} trim the combat deck"),
    "skirmish_buy": template("{actor} buys"),
    "skirmish_pass": template("{actor} passes the purchase"),  # nosec B105 - a game word, not a password
    "deploy_hero": template("{actor} deploys"),
    "deploy_zone": template("{actor} choose a deployment zone"),
    "deploy_soldiers": template("{actor} deploy soldiers"),
    "place_token": template("{actor} place a mission token"),  # nosec B105 - a game word, not a password
    "train": template("{actor} trains"),
    "discard": template("{actor} discards"),
    "acquire_mount": template("{actor} acquires a mount"),
    "hits": template("{actor} assign the hits"),
    "soldiers": template("{actor} attacks with soldiers"),
}


def describe_offer(g, event: dict) -> str:
    """An offer of ``legal_events()`` in words, subject first."""
    return str(say_offer(g, event))


def say_offer(g, event: dict) -> Text | str:
    """``describe_offer`` as a Text (template and params)."""
    kind = str(event.get("type", "event"))
    if kind == "draw":
        deck = event.get("deck")
        return Text("Draw from the {deck} deck", deck=Text(DECKS[deck]) if deck in DECKS else str(deck))
    if kind == "roll":
        die = event.get("die")
        return Text("Roll the {die} die", die=Text(DIE[die]) if die in DIE else str(die))
    if kind not in SENTENCES and kind != "place":
        return say(g, event)
    actor = g.describe_actor(event) or ""
    skip: tuple = ("zone",) if kind == "surge" else ()
    if kind == "place":
        sentence, skip = (
            Text("{actor} goes to {zone}", actor=actor, zone=_name(g, str(event.get("zone")))),
            ("zone",),
        )
    elif kind == "pass" and not event.get("hero"):
        sentence = Text("{actor} pass", actor=actor)  # a team: the players of the team pass
    else:
        sentence = Text(SENTENCES[kind], actor=actor)
    if not actor:  # no subject: the verb alone, as the English has it (a case no offer is known to reach)
        sentence = Text("{verb}", verb=str(sentence).lstrip())
    words = [sentence]
    path = event.get("path")
    if isinstance(path, list) and path:
        words.append(Text("to {place}", place=_name(g, path[-1])))
        if len(path) > 1:
            words.append(Text("via {path}", path=joined([_name(g, a) for a in path[:-1]], " → ")))
    if kind == "surge" and event.get("zone"):
        zone = event["zone"]
        words.append(Text("in {zone}", zone=Text(ZONES[zone]) if zone in ZONES else str(zone)))
    return joined([*words, *_details(g, event, skip)], " ")


# What the game waits for, as a refusal and the API's next_events say it ("awaiting: a draw from the combat
# deck"): the awaiting decision's kind, with the hero or team it waits for.
AWAITING = {
    "activate": template("the {label} team activates a hero"),
    "turn": template("{label} is taking its turn"),
    "weapon": template("{label} chooses a weapon"),
    "step3": template("{label} focuses or plays its drawn card"),
    "place4": template("{label} plays the card its surge drew"),
    "keep": template("{label} keeps one of the two cards its tool drew"),
    "step4": template("the {label} team acts in step 4 of the combat"),
    "flee": template("{label} decides whether to flee"),
    "penalty": template("{label} pays its defeat penalty"),
    "wild_dice": template("{label} rerolls or assigns its wild dice"),
}


def awaiting(g) -> Text:
    """What the log should record next, in words ("awaiting: a roll of 3 wild die/dice")."""
    aw = g.awaiting
    if aw is None:
        return Text("the game is over")
    who = aw.get("hero") or aw.get("team")
    label = g.name(who) if who in g.s.heroes else g.team_name(who) if who else ""
    kind = aw["kind"]
    if kind == "draw":
        deck = aw.get("deck")
        what = Text("a draw from the {deck} deck", deck=Text(DECKS[deck]) if deck in DECKS else str(deck))
    elif kind == "roll":
        die = aw.get("die")
        what = Text(
            "a roll of {count} {die} die/dice",
            count=aw.get("count"),
            die=Text(DIE[die]) if die in DIE else str(die),
        )
    elif kind in AWAITING:
        what = Text(AWAITING[kind], label=label)
    else:
        what = Text("{kind} ({label})", kind=kind, label=label)
    return Text("awaiting: {what}", what=what)
