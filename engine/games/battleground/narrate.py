"""What the replay viewer and the table recorder show besides the state view: the battlefield's geometry,
and each event in words with the dice it rolled.

``board_geometry`` draws from the map data the engine plays on (the same Board), so the picture and the
rules never disagree about where a hex is. ``apply_described`` applies one event exactly as ``apply`` does
and reports the tests it rolled (heard through the statistics book's listener, flow.StatsBook).
Every sentence is a ``Text`` (engine.core.narrate): ``text`` is its English, ``said`` its template and params.
"""

from __future__ import annotations

from engine.core.narrate import ENDINGS, Text, joined, said_data, template
from engine.games.battleground.board import Board

BONUS_WORDS = {
    "ability": template("ability bonus"),
    "mana": template("mana bonus"),
    "mission": template("glory mission"),
    "ap": template("extra AP"),
}
#: a test's kind and the characteristic it tests (BG-1.5, BG-8), as the viewer names a roll
TEST_WORDS = {"attack": template("attack"), "defence": template("defence"), "ability": template("ability")}
STAT_WORDS = {
    "strength": template("strength"),
    "perception": template("perception"),
    "power": template("power"),
    "toughness": template("toughness"),
    "mind": template("mind"),
    "speed": template("speed"),
}


# BG-7.4: how a game ends, as the result's ``ended_by`` names it ("Ended by {how}")
ENDINGS["motu-battleground"] = {
    "knockout": template("a knockout"),
    "rounds": template("the end of the last round"),
    "concession": template("a concession"),
    "agreed-draw": template("an agreed draw"),
}


def board_geometry(board: Board) -> dict:
    """The battlefield as drawing data: every hex with its centre in inches (A1's centre at the origin, x
    east, y towards higher rows; corners follow from ``orientation`` and ``hex_width_in``), terrain kind
    (BG-2.2), height, objectives (BG-4.10) and the deployment zone of each seat (BG-4.8), in seat order."""
    grid = board.grid
    hexes = []
    for h in range(grid.size):
        x, y = grid.centre(h)
        hexes.append(
            {
                "label": grid.label(h),
                "x": round(x, 3),
                "y": round(y, 3),
                "terrain": board.kind[h],
                "piece": board.piece[h],
                "height": board.height[h],
            }
        )
    return {
        "map": board.map.id,
        "name": board.map.name,
        "orientation": board.map.orientation,
        "hex_width_in": board.map.hex_width_in,
        "hexes": hexes,
        "objectives": [grid.label(h) for h in board.objectives],
        "zones": [sorted(grid.label(h) for h in zone) for zone in board.zones],
        "edge_blockers": [list(pair) for pair in board.map.edge_blockers],
    }


def apply_described(g, index: int, event: dict) -> dict:
    """Apply ``event`` (as ``g.apply``; raises what it raises) and return ``{"text", "said", "rolls"}``: the
    event in words (English, and as template and params) and every test it rolled, ``{"who", "kind",
    "stat", "dice", "threshold", "rolled", "final", "explosions", "successes", "summary", and the summary, kind and stat as templates}``."""
    before = {u.ref: (u.name, u.wounds, u.on_board) for u in g.units.values()}
    rolls: list[dict] = []

    def heard(unit, kind, result) -> None:
        summary = Text(
            "{n} success ({dice} dice, {threshold}+)"
            if result.successes == 1
            else "{n} successes ({dice} dice, {threshold}+)",
            n=result.successes,
            dice=result.dice_count,
            threshold=result.threshold,
        )
        rolls.append(
            {
                "who": unit.name,
                "kind": kind,
                "stat": result.stat,
                "dice": result.dice_count,
                "threshold": result.threshold,
                "rolled": list(result.base),
                "final": list(result.final),
                "explosions": list(result.explosions),
                "successes": result.successes,
                # The same roll as every game shows it to a recorder: each face, whether it counts, and
                # the total (a rerolled die marked, explosions after the dice).
                "faces": [
                    {"label": str(v), "hit": v == 6 or (v != 1 and v >= result.threshold), "rerolled": v != b}
                    for v, b in zip(result.final, result.base, strict=False)
                ]
                + [{"label": f"+{v}", "hit": v >= 5} for v in result.explosions],
                "summary": str(summary),
                "summary_said": summary.data(),
                "kind_said": Text(TEST_WORDS[kind]).data() if kind in TEST_WORDS else None,
                "stat_said": Text(STAT_WORDS[result.stat]).data() if result.stat in STAT_WORDS else None,
            }
        )

    g.stats.listener = heard
    try:
        g.apply(index, event)
    finally:
        g.stats.listener = None
    said = say(g, event, before, rolls)
    return {"text": str(said), "said": said_data(said), "rolls": rolls}


def offer_words(g, event: dict) -> str:
    """An event a player may log next, in words, before it happens (for the recorder's buttons): which
    card is selected, what an attack aims at; no outcome."""
    return str(offer_said(g, event))


def offer_said(g, event: dict) -> Text:
    """``offer_words`` as a Text (template and params)."""
    before = {u.ref: (u.name, u.wounds, u.on_board) for u in g.units.values()}
    if event.get("type") == "select":
        return Text("select {card}", card=_card(g, event.get("card")))
    if event.get("type") == "play_card" and event.get("bonus"):
        return Text("play {card} ({bonus})", card=_card(g, event.get("card")), bonus=_bonus(event["bonus"]))
    return say(g, event, before, [], outcome=False)


def describe(g, event: dict, before: dict, rolls: list[dict], *, outcome: bool = True) -> str:
    """``event`` in words, e.g. "Skeletor attacks Man-At-Arms with Havoc Staff: 5 dice, 3 hits, 1 wound"."""
    return str(say(g, event, before, rolls, outcome=outcome))


def _bonus(bonus) -> Text | str:
    return Text(BONUS_WORDS[bonus]) if bonus in BONUS_WORDS else str(bonus)


def say(g, event: dict, before: dict, rolls: list[dict], *, outcome: bool = True) -> Text:
    """``describe`` as a Text (template and params)."""
    kind = event.get("type")
    name = _namer(g, before)
    player = _player_name(g, event.get("player"))
    who = name(event.get("character"))
    if kind == "deal":
        return Text("{player} is dealt a hand of fate cards", player=player)
    if kind == "organise":
        n = len(event.get("discard") or [])
        return Text(
            "{player} discards {n} card and draws up"
            if n == 1
            else "{player} discards {n} cards and draws up",
            player=player,
            n=n,
        )
    if kind == "select":
        return Text("{player} selects a fate card", player=player)
    if kind == "pass":
        return Text("{player} passes", player=player)
    if kind == "activate":
        bonus = _bonus(event["bonus"]) if event.get("bonus") else Text("no bonus")
        return Text("{player} activates {who} ({bonus})", player=player, who=who, bonus=bonus)
    if kind == "play_card":
        return Text("{player} plays {card}", player=player, card=_card(g, event.get("card")))
    if kind == "focus":
        return Text("{who} focuses", who=who)
    # a tie's choice
    facing = Text(", facing {facing}", facing=event["facing"]) if event.get("facing") is not None else ""
    if kind in ("move", "movement"):
        path = event.get("path") or []
        if not path:
            return Text("{who} turns in place{facing}", who=who, facing=facing)
        steps = len(path)
        # ways to one hex differ by their path
        via = Text(" via {hexes}", hexes=" ".join(path[:-1])) if len(path) > 1 else ""
        focus = Text(", spending focus") if event.get("focus") else ""
        return Text(
            "{who} moves {steps} hex to {to}{via}{facing}{focus}"
            if steps == 1
            else "{who} moves {steps} hexes to {to}{via}{facing}{focus}",
            who=who,
            steps=steps,
            to=path[-1],
            via=via,
            facing=facing,
            focus=focus,
        )
    if kind == "guard":
        return Text("{who} takes a guard stance", who=who)
    if kind == "attack":
        if not outcome:
            return Text(
                "{who} attacks {target} with {weapon}{facing}",
                who=who,
                target=name(event.get("target")),
                weapon=_weapon_name(g, event.get("weapon")),
                facing=facing,
            )
        return _attack_words(g, event, who, name, before, rolls)
    if kind == "ability":
        on = (
            Text(" on {target}{facing}", target=name(event["target"]), facing=facing)
            if event.get("target")
            else ""
        )
        return Text(
            "{who} uses {ability}{on}{dice}{wounds}",
            who=who,
            ability=_title(event.get("ability")),
            on=on,
            dice=_dice_words(rolls) if outcome else "",
            wounds=_wound_words(g, before) if outcome else "",
        )
    if kind == "use_item":
        return Text("{who} uses {item}", who=who, item=_item(g, event.get("item")))
    if kind == "end_activation":
        return Text("{player} ends the activation", player=player)
    if kind == "interrupt":
        return Text("{who} interrupts", who=who)
    if kind == "end_interrupt":
        return Text("{who} ends the interrupt", who=who)
    if kind == "place_marker":
        return Text("a marker from {who} is placed on {hex}", who=who, hex=event.get("hex"))
    if kind == "resolve_trigger":
        return Text("{who} resolves {ability} first", who=who, ability=_title(event.get("ability")))
    if kind == "concede":
        return Text("{player} concedes", player=player)
    if kind == "agree_draw":
        return Text("the players agree a draw")
    if kind == "ruling":
        note = str(event.get("note", "")).rstrip()
        return Text("ruling: {note}", note=note) if note else Text("ruling:")
    return Text("{kind}", kind=str(kind))


def _weapon_name(g, weapon):
    return Text("fists") if weapon in (None, "fists") else _weapon(g, weapon)


def _attack_words(g, event, who, name, before, rolls) -> Text:
    attack = [r for r in rolls if r["kind"] == "attack"]
    dice = ""
    if attack:
        a = attack[0]
        defence = [r for r in rolls if r["kind"] != "attack"]
        blocked = Text(", {n} blocked", n=defence[0]["successes"]) if defence else ""
        dice = Text(
            ": {dice} dice, {hits} hit{blocked}"
            if a["successes"] == 1
            else ": {dice} dice, {hits} hits{blocked}",
            dice=a["dice"],
            hits=a["successes"],
            blocked=blocked,
        )
    return Text(
        "{who} attacks {target} with {weapon}{dice}{wounds}",
        who=who,
        target=name(event.get("target")),
        weapon=_weapon_name(g, event.get("weapon")),
        dice=dice,
        wounds=_wound_words(g, before, with_colon=not attack),
    )


def _dice_words(rolls: list[dict]) -> Text | str:
    if not rolls:
        return ""
    r = rolls[0]
    return Text(
        ": {dice} dice, {n} success" if r["successes"] == 1 else ": {dice} dice, {n} successes",
        dice=r["dice"],
        n=r["successes"],
    )


def _wound_words(g, before: dict, *, with_colon: bool = False) -> Text:
    parts = []
    total = 0
    for u in g.units.values():
        name, wounds, on_board = before.get(u.ref, (u.name, u.wounds, u.on_board))
        total += max(u.wounds - wounds, 0)
        if on_board and not u.on_board:
            parts.append(Text("{name} is knocked out", name=u.name))
    words = [Text("{n} wound" if total == 1 else "{n} wounds", n=total), *parts]
    return Text(": {wounds}" if with_colon else ", {wounds}", wounds=joined(words))


def _namer(g, before: dict):
    def name(ref) -> str:
        if ref is None:
            return "?"
        if ref in before:
            return before[ref][0]
        return str(ref)

    return name


def _player_name(g, pid) -> Text | str:
    side = g.sides.get(pid) if pid is not None else None
    if side is not None:
        return side.name
    return str(pid) if pid else Text("a player")


def _lookup(table: dict, key) -> str:
    item = table.get(key)
    return getattr(item, "name", None) or _title(key)


def _card(g, card_id) -> str:
    return _lookup(g.content.cards, card_id)


def _weapon(g, weapon_id) -> str:
    return _lookup(g.content.weapons, weapon_id)


def _item(g, item_id) -> str:
    return _lookup(g.content.items, item_id)


def _title(ref) -> str:
    return str(ref or "?").replace("-", " ").title()


# The recorder's dice entry (engine.core.dice_grid, dice_needed.py): its notes, the reroll and explosion rows'
# labels and what a draw asks, in the rulebook's words (the Italian original's rilancio, esplosione, carta fato)
def entry_note(dice: int, threshold: int) -> Text:
    """How a test's dice are entered (BG-8.4.3)."""
    return Text(
        "Roll {n} dice: {threshold}+ succeeds, a 6 always succeeds and explodes, a 1 always fails (BG-8.4.3). "
        "Tap each die's face.",
        n=dice,
        threshold=threshold,
    )


def rerolls_label() -> Text:
    """The mana rerolls a roller may pay for (BG-8.2 step 7, BG-17.4.2)."""
    return Text("Rerolls, 1 mana each (BG-8.2 step 7)")


def explosion_label() -> Text:
    return Text("Explosion")


def explosion_note() -> Text:
    """The dice each 6 adds (BG-8.2 step 8)."""
    return Text("One more die for each 6 (and for each 6 it shows): a 5 or 6 succeeds (BG-8.2 step 8).")


def draw_note() -> Text:
    """How fate cards drawn at the table are entered (BG-4.6)."""
    return Text("Draw at the table, then tap the cards drawn (BG-4.6).")


def draw_what(player, count: int) -> Text:
    """What a draw of the recorder's entry asks: "He-Man draws 2 fate cards" (BG-4.6, BG-5.2.1); ``player``
    the side's name, or None."""
    return Text(
        "{player} draws {n} fate cards", player=Text("The player") if player is None else player, n=count
    )


# What a test of the recorder's entry is (its need's ``what``), as the handlers name the test (combat.py,
# ability_tests.py; the same words name it in a refusal): marked here so that the narration catalogs say
# them too (BG-8.2, BG-10.1.3, BG-15.1.3)
TESTS = (
    template("{label}: {name}'s attack test"),
    template("{label}: {name}'s defence test"),
    template("area attack #{number}"),
    template("{ability}: {name}'s ability test"),
    template("{ability}: {name}'s defence test"),
)
