"""Victory-card objectives in the pack's vocabulary (FE-6.11, AMB-10), checked when a team claims one.

A card's ``primary`` and ``secondary`` are objects with one condition key (and ``when`` for income):

    income_at_least n (when "day": any day organisation phase; "last-day": the last day space, AMB-01)
    controls_outposts n, controls_merchants n, controls_towers n, pool_at_least n, soldiers_on_map n,
    support_cards n, enemy_heroes_defeated n, missions_completed n, beasts_defeated n

Counters count from the start of the game for a primary objective and from the card's reveal for its
secondary one (AMB-10.2); an objective with a ``hook`` instead is a rule the vocabulary lacks, and the
engine refuses the log as unreadable (LOG-3.6) rather than guess.
"""

from __future__ import annotations

from engine.core.errors import UnreadableLog
from engine.games.eternia import queries as q

COUNTERS = ("enemy_heroes_defeated", "missions_completed", "beasts_defeated")


def last_day(g) -> int:
    final = g.final_index()
    return max(i for i, s in enumerate(g.content.track[: final + 1]) if s["time"] == "day")


def met(g, team: str, card: str, objective: str) -> str | None:
    """None when the objective is met now; otherwise why not, in a player's words."""
    cond = g.content.victory[card][objective]
    t = g.s.teams[team]
    since = t.marks.get(card, {}) if objective == "secondary" else {}
    if "hook" in cond:
        raise UnreadableLog("victory card {card!r} needs the rule hook {hook!r}, which this engine does not implement", card=card, hook=cond['hook'], rule="LOG-3.6")  # fmt: skip
    if "income_at_least" in cond:
        n = cond["income_at_least"]
        start = since.get("_round", 0)
        if cond.get("when") == "last-day":
            day = last_day(g)
            got = [amount for r, amount in t.income if r == day]
            where = "in the organisation phase of the last day"
        else:
            got = [amount for r, amount in t.income if r >= start]
            where = "in a day organisation phase" + (" since the card was revealed" if since else "")
        if not got or max(got) < n:
            return f"the team must receive {n} or more Eternium {where} (best so far: {max(got, default=0)})"
        return None
    checks = {
        "controls_outposts": (lambda: len(q.controlled(g, team)), "outposts controlled"),
        "controls_merchants": (
            lambda: sum(1 for a in q.controlled(g, team) if g.board.areas[a].get("merchant")),
            "merchant outposts controlled",
        ),  # noqa: E501
        "controls_towers": (
            lambda: sum(1 for a in q.controlled(g, team) if a in g.board.towers),
            "towers controlled",
        ),
        "pool_at_least": (lambda: t.eternium, "Eternium in the pool"),
        "soldiers_on_map": (lambda: 15 - t.supply, "soldiers on the map"),
        "support_cards": (
            lambda: sum(len(q.owned_cards(g.s.heroes[h])) for h in t.heroes),
            "support cards owned",
        ),
    }
    for key, n in cond.items():
        if key in checks:
            value, label = checks[key]
            if value() < n:
                return f"it needs {n} {label}; the team has {value()}"
        elif key in COUNTERS:
            value = t.counters.get(key, 0) - since.get(key, 0)
            if value < n:
                what = key.replace("_", " ")
                return f"it needs {n} {what}{' since the card was revealed' if since else ''}; the team has {value}"
        elif key != "when":
            raise UnreadableLog(
                "victory card {card!r} has an objective {key!r} this engine does not know",
                card=card,
                key=key,
                rule="LOG-3.6",
            )
    return None
