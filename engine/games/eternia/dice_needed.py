"""What the table must roll or draw for a Fields of Eternia event (recorded dice, LOG-4).

Every roll and draw is an event of its own (chance.py): a ``roll`` names the faces of the wild dice or
the epic die that were rolled (FE-3.4, FE-6.9, FE-6.10), a ``draw`` the cards drawn (FE-6.13). The game
says which one it is waiting for (``Game.awaiting``): the die and how many, or the deck and how many
cards. The answer lists the faces a die can show and the cards the deck holds now (a multiset: its order
at the table is unknown), the same ones ``apply`` accepts. Shuffles need nothing from the table: in
recorded mode the order of a deck is never read, only the cards drawn from it.
"""

from __future__ import annotations

from engine.core import dice_grid
from engine.games.eternia import narrate

# The faces as FE-3.4 names them (Italian in brackets), for the buttons a player taps.
FACE_NAMES = {
    "blank": "Blank (vuoto)",
    "success": "Success (successo)",
    "double": "Double success (doppio successo)",
    "reroll": "Reroll (rilancio)",
    "surge": "Surge (impeto)",
}
STATS = {"attack": "attack", "defence": "defence", "initiative": "initiative"}


def face_name(face: str) -> str:
    """``attack+1`` → ``+1 attack`` (FE-6.10.1); the wild die's faces by their names."""
    if face in FACE_NAMES:
        return FACE_NAMES[face]
    stat, _, n = face.partition("+")
    return f"+{n} {STATS.get(stat, stat)}" if n else face


def _copies(ids: list[str], name, *, ordered: bool = True) -> list[dict]:
    """Each id once with its count; sorted, or (a die's faces) in the order the pack lists them."""
    counts: dict[str, int] = {}
    for cid in ids:
        counts[cid] = counts.get(cid, 0) + 1
    items = sorted(counts.items()) if ordered else list(counts.items())
    return [{"id": cid, "name": name(cid), "copies": n} for cid, n in items]


def outcome_free(event: dict) -> dict:
    """``event`` as a player chooses it: a roll or draw without what the table showed."""
    if event.get("type") in ("roll", "draw"):
        return {k: v for k, v in event.items() if k not in ("faces", "cards")}
    return event


def dice_needed(game, event: dict) -> dict:
    """What the table supplies for ``event``::

        {"event", "needs": [
            {"path": ["faces"], "kind": "faces", "what", "die", "count",
             "faces": [{"id", "name", "copies"}], "provisional"},
            {"path": ["cards"], "kind": "cards", "what", "count", "deck": [{"id", "name", "copies"}]}]}

    ``needs`` is empty for a seeded game, an event that is no roll or draw, or one that already names
    what was rolled or drawn. A roll or draw that is not due now is refused as ``apply`` refuses it."""
    from engine.core.errors import IllegalEvent
    from engine.games.eternia.legal import legal_battle_cards

    kind = event.get("type")
    if game.chance.seeded or kind not in ("roll", "draw") or ("faces" in event or "cards" in event):
        return {"event": event, "needs": []}
    aw = game.awaiting
    if aw is None or aw["kind"] != kind:
        from engine.games.eternia import due

        raise IllegalEvent(
            *(due.refuse_roll(game, event) if kind == "roll" else due.refuse_draw(game, event))
        )
    if kind == "roll":
        die = aw["die"]
        faces = _copies(game.chance.results[die], face_name, ordered=False)
        provisional = die in game.chance.dice.get("provisional", ())  # AMB-26
        named = [dice_grid.face(f["id"], narrate.face(f["id"])) for f in faces]
        what = narrate.entry_what(die, aw["count"])
        return {
            "event": {**event, "die": die},
            "needs": [
                {
                    "path": ["faces"],
                    "kind": "faces",
                    "what": str(what),
                    "what_said": what.data(),
                    "die": die,
                    "count": aw["count"],
                    "faces": faces,
                    "provisional": provisional,
                    "grid": dice_grid.grid(
                        dice_grid.rows(aw["count"], None, named), note=narrate.entry_note(provisional)
                    ),
                }
            ],
        }
    deck_name = aw["deck"]
    if aw["for"] == "battle":  # FE-18.5.2: the one card of the battle deck kept for this round
        deck, count = legal_battle_cards(game), 1
    else:
        if deck_name == "combat":
            deck = list(game.s.teams[aw["team"]].deck)
        else:
            deck = list(game.s.decks[deck_name])
            if len(deck) < aw["count"]:  # FE-6.13.2: the discards are shuffled in first
                deck += game.s.discards[deck_name]
        count = min(aw["count"], len(deck))
    if count == 0:
        return {"event": {**event, "cards": []}, "needs": []}
    what = narrate.draw_what(count, deck_name)
    return {
        "event": {**event, "deck": deck_name},
        "needs": [
            {
                "path": ["cards"],
                "kind": "cards",
                "what": str(what),
                "what_said": what.data(),
                "count": count,
                "deck": _copies(deck, game.name),
                "grid": dice_grid.pick(_copies(deck, game.name), count, note=narrate.draw_note()),
            }
        ],
    }
