"""The statistics block of a legal Fields of Eternia verdict (``eternia-statistics`` version 2,
``schemas/eternia-statistics.schema.json`` of this game's folder; the fields are described in docs/statistics.md).

Version 1's ``game``, ``teams`` and ``heroes`` rows are kept as they were; version 2 adds ``rounds`` (VP
scored and outposts held per team and round, with the round's day or night), ``cards`` (combat and support
cards each team played or bought; a combat card is bought when it leaves the faction's supply for the
deck, FE-11.3.3) and ``combats`` (one row per epic combat and how it ended). Every number
is counted while the log is replayed (record.py): none is estimated.
"""

from __future__ import annotations

from engine.games.eternia import queries as q

VERSION = 2


def build(g) -> dict:
    s = g.s
    rec = s.record
    order = {t: i for i, t in enumerate(s.order)}
    return {
        "game": [
            {
                "rounds": s.round + 1 + s.extra,
                "epic_combats": s.stats.get("epic_combats", 0),
                "encounters": s.stats.get("encounters", 0),
                "defeats": s.stats.get("defeats", 0),
                "flees": s.stats.get("flees", 0),
            }
        ],
        "teams": [
            {
                "team": t,
                "vp": s.teams[t].vp,
                "eternium": s.teams[t].eternium,
                "outposts": len(q.controlled(g, t)),
                "victory_cards": len(s.teams[t].victory_done) + len(s.teams[t].victory_revealed),
            }
            for t in s.order
        ],
        "heroes": [
            {"hero": h.id, "team": h.team, "defeats": h.defeats, "area": h.area} for h in s.heroes.values()
        ],
        "rounds": sorted(
            (dict(r) for r in rec.get("rounds", [])), key=lambda r: (r["round"], order.get(r["team"], 9))
        ),
        "cards": [
            {**row, "kind": _card_kind(g.content, row["deck"], row["card"])}
            for row in sorted(
                rec.get("cards", {}).values(), key=lambda r: (order.get(r["team"], 9), r["deck"], r["card"])
            )
        ],
        "combats": [dict(c) for c in rec.get("combats", [])],
    }


def _card_kind(content, deck: str, card: str) -> str:
    """The card's kind in the pack: base, surge, flow, time… for a combat card; ally, spell… for support."""
    table = content.combat_cards if deck == "combat" else content.support
    return str(table.get(card, {}).get("kind", ""))
