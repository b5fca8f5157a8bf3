"""What the statistics keep of a game as it is replayed: the facts no end state holds any more (which
round VP were scored in, how many outposts each team held at the end of each round, the cards played and
bought, how each epic combat ended). Plain data in ``State.record``, so a copy of the state keeps it.

A row, once in the record, is never changed in place: a new count replaces the row. So a copy
of the state copies only the record's lists and dict (State.copy), not every row: most of the record's bulk.

Only what the log itself shows is kept: nothing here is estimated or inferred.
"""

from __future__ import annotations

from engine.games.eternia import queries as q


def _round_row(g, team: str) -> tuple[list, int]:
    """The rows of the record and the index of ``team``'s row for the round being played (an extra night
    round, FE-17.2.3, is a round), added if there is none yet."""
    s = g.s
    number = s.round + 1 + s.extra
    rows = s.record.setdefault("rounds", [])
    for i in range(len(rows) - 1, -1, -1):
        if rows[i]["round"] == number and rows[i]["team"] == team:
            return rows, i
    time = "night" if g.is_night() else "day"
    rows.append({"team": team, "round": number, "time": time, "vp": 0, "outposts": None})
    return rows, len(rows) - 1


def vp_scored(g, team: str, n: int) -> None:
    """VP a team scored now, credited to the round (and its day or night time, FE-8.1) being played."""
    rows, i = _round_row(g, team)
    rows[i] = {**rows[i], "vp": rows[i]["vp"] + n}  # a new row: copies of the state share the old one


def round_ended(g) -> None:
    """FE-8.4: outposts each team holds as the round ends (FE-6.2: a team's soldiers control it)."""
    for team in g.s.order:
        rows, i = _round_row(g, team)
        rows[i] = {**rows[i], "outposts": len(q.controlled(g, team))}


def _count_card(g, team: str, deck: str, card: str, what: str) -> None:
    """One more ``what`` ("played" or "bought") in the row of ``card``; a new row replaces the old one."""
    cards = g.s.record.setdefault("cards", {})
    key = f"{team}|{deck}|{card}"
    row = cards.get(key) or {"team": team, "deck": deck, "card": card, "played": 0, "bought": 0}
    cards[key] = {**row, what: row[what] + 1}


def combat_card_played(g, team: str, card: str) -> None:
    """A combat card placed in a zone or beside the board (FE-11.5.3, FE-11.4.4, FE-11.5.4.5)."""
    _count_card(g, team, "combat", card, "played")


def combat_card_gained(g, team: str, card: str) -> None:
    """A combat card taken from the faction's supply into the deck (FE-11.3.3): a reward's card or one
    bought by training (FE-19.9.1, AMB-53). Counted as bought whether Eternium or a reward paid for it."""
    _count_card(g, team, "combat", card, "bought")


def support_card_bought(g, team: str, card: str) -> None:
    """A support card bought from a merchant (FE-9.10.3) or at a skirmish's setup (FE-19.5.2)."""
    _count_card(g, team, "support", card, "bought")


def support_card_used(g, team: str, card: str) -> None:
    """A support card spent: a spell cast (FE-16.4.3, FE-11.5.4.3 b) or a consumable used (FE-16.3.6)."""
    _count_card(g, team, "support", card, "played")


def combat_ending(c, outcome: str, rule: str, winner: str | None) -> None:
    """How an epic combat ended (FE-11.5.7–11.5.9, FE-12.1, FE-17.2.4): kept on the combat until cleanup."""
    c.ending = {"outcome": outcome, "rule": rule, "winner": winner}


def combat_over(g, c) -> None:
    """FE-11.5.10: the combat is cleaned up; keep one row of who fought whom and how it ended."""
    s = g.s
    ending = c.ending or {"outcome": "unfinished", "rule": None, "winner": None}
    if c.beast is not None and c.kind == "beast":
        kind = "boss" if c.beast.get("boss") else "beast"
        opponent, opponent_team = c.beast["id"], None
    else:
        kind, opponent, opponent_team = c.kind, c.defender.hero, c.defender.team
    winner = ending["winner"]
    s.record.setdefault("combats", []).append(
        {
            "round": s.round + 1 + s.extra,
            "time": "night" if g.is_night() else "day",
            "kind": kind,
            "active_hero": c.active.hero,
            "active_team": c.active.team,
            "opponent": opponent,
            "opponent_team": opponent_team,
            "outcome": ending["outcome"],
            "rule": ending["rule"],
            "winner": winner,
            "winning_team": {"active": c.active.team, "defender": opponent_team}.get(winner),
            "combat_rounds": c.round,
        }
    )
