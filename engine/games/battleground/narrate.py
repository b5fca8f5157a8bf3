"""What the replay viewer and the table recorder show besides the state view: the battlefield's geometry,
and each event in words with the dice it rolled.

``board_geometry`` draws from the map data the engine plays on (the same Board), so the picture and the
rules never disagree about where a hex is. ``apply_described`` applies one event exactly as ``apply`` does
and reports the tests it rolled (heard through the statistics book's listener, flow.StatsBook).
"""

from __future__ import annotations

from engine.games.battleground.board import Board

BONUS_WORDS = {"ability": "ability bonus", "mana": "mana bonus", "mission": "glory mission", "ap": "extra AP"}


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
    """Apply ``event`` (as ``g.apply``; raises what it raises) and return ``{"text", "rolls"}``: the event
    in words and every test it rolled, ``{"who", "kind", "stat", "dice", "threshold", "rolled", "final",
    "explosions", "successes"}``."""
    before = {u.ref: (u.name, u.wounds, u.on_board) for u in g.units.values()}
    rolls: list[dict] = []

    def heard(unit, kind, result) -> None:
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
                "summary": f"{result.successes} success{'es' if result.successes != 1 else ''}"
                f" ({result.dice_count} dice, {result.threshold}+)",
            }
        )

    g.stats.listener = heard
    try:
        g.apply(index, event)
    finally:
        g.stats.listener = None
    return {"text": describe(g, event, before, rolls), "rolls": rolls}


def offer_words(g, event: dict) -> str:
    """An event a player may log next, in words, before it happens (for the recorder's buttons): which
    card is selected, what an attack aims at; no outcome."""
    before = {u.ref: (u.name, u.wounds, u.on_board) for u in g.units.values()}
    if event.get("type") == "select":
        return f"select {_card(g, event.get('card'))}"
    if event.get("type") == "play_card" and event.get("bonus"):
        return f"play {_card(g, event.get('card'))} ({BONUS_WORDS.get(event['bonus'], event['bonus'])})"
    return describe(g, event, before, [], outcome=False)


def describe(g, event: dict, before: dict, rolls: list[dict], *, outcome: bool = True) -> str:
    """``event`` in words, e.g. "Skeletor attacks Man-At-Arms with Havoc Staff: 5 dice, 3 hits, 1 wound"."""
    kind = event.get("type")
    name = _namer(g, before)
    player = _player_name(g, event.get("player"))
    who = name(event.get("character"))
    if kind == "deal":
        return f"{player} is dealt a hand of fate cards"
    if kind == "organise":
        n = len(event.get("discard") or [])
        return f"{player} discards {n} card{'s' if n != 1 else ''} and draws up"
    if kind == "select":
        return f"{player} selects a fate card"
    if kind == "pass":
        return f"{player} passes"
    if kind == "activate":
        bonus = BONUS_WORDS.get(event.get("bonus"), event.get("bonus") or "no bonus")
        return f"{player} activates {who} ({bonus})"
    if kind == "play_card":
        return f"{player} plays {_card(g, event.get('card'))}"
    if kind == "focus":
        return f"{who} focuses"
    facing = f", facing {event['facing']}" if event.get("facing") is not None else ""  # a tie's choice
    if kind in ("move", "movement"):
        path = event.get("path") or []
        if not path:
            return f"{who} turns in place{facing}"
        steps = len(path)
        via = f" via {' '.join(path[:-1])}" if len(path) > 1 else ""  # ways to one hex differ by their path
        focus = ", spending focus" if event.get("focus") else ""
        return f"{who} moves {steps} hex{'es' if steps != 1 else ''} to {path[-1]}{via}{facing}{focus}"
    if kind == "guard":
        return f"{who} takes a guard stance"
    if kind == "attack":
        if not outcome:
            weapon = event.get("weapon")
            weapon_name = "fists" if weapon in (None, "fists") else _weapon(g, weapon)
            return f"{who} attacks {name(event.get('target'))} with {weapon_name}{facing}"
        return _attack_words(g, event, who, name, before, rolls)
    if kind == "ability":
        text = f"{who} uses {_title(event.get('ability'))}"
        if event.get("target"):
            text += f" on {name(event['target'])}{facing}"
        return text + (_dice_words(rolls) + _wound_words(g, before) if outcome else "")
    if kind == "use_item":
        return f"{who} uses {_item(g, event.get('item'))}"
    if kind == "end_activation":
        return f"{player} ends the activation"
    if kind == "interrupt":
        return f"{who} interrupts"
    if kind == "end_interrupt":
        return f"{who} ends the interrupt"
    if kind == "place_marker":
        return f"a marker from {who} is placed on {event.get('hex')}"
    if kind == "resolve_trigger":
        return f"{who} resolves {_title(event.get('ability'))} first"
    if kind == "concede":
        return f"{player} concedes"
    if kind == "agree_draw":
        return "the players agree a draw"
    if kind == "ruling":
        return f"ruling: {event.get('note', '')}".strip()
    return str(kind)


def _attack_words(g, event, who, name, before, rolls) -> str:
    weapon = event.get("weapon")
    weapon_name = "fists" if weapon in (None, "fists") else _weapon(g, weapon)
    text = f"{who} attacks {name(event.get('target'))} with {weapon_name}"
    attack = [r for r in rolls if r["kind"] == "attack"]
    if attack:
        a = attack[0]
        text += f": {a['dice']} dice, {a['successes']} hit{'s' if a['successes'] != 1 else ''}"
        defence = [r for r in rolls if r["kind"] != "attack"]
        if defence:
            d = defence[0]
            text += f", {d['successes']} blocked"
    return text + _wound_words(g, before, with_colon=not attack)


def _dice_words(rolls: list[dict]) -> str:
    if not rolls:
        return ""
    r = rolls[0]
    return f": {r['dice']} dice, {r['successes']} success{'es' if r['successes'] != 1 else ''}"


def _wound_words(g, before: dict, *, with_colon: bool = False) -> str:
    parts = []
    total = 0
    for u in g.units.values():
        name, wounds, on_board = before.get(u.ref, (u.name, u.wounds, u.on_board))
        total += max(u.wounds - wounds, 0)
        if on_board and not u.on_board:
            parts.append(f"{u.name} is knocked out")
    words = [f"{total} wound{'s' if total != 1 else ''}"] + parts
    return (": " if with_colon else ", ") + ", ".join(words)


def _namer(g, before: dict):
    def name(ref) -> str:
        if ref is None:
            return "?"
        if ref in before:
            return before[ref][0]
        return str(ref)

    return name


def _player_name(g, pid) -> str:
    side = g.sides.get(pid) if pid is not None else None
    return side.name if side is not None else str(pid or "a player")


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
