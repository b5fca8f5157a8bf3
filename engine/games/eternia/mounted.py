"""Mounted heroes (FE-4.1.8, FE-19.4.1): limited-edition miniatures of a hero on its mount.

A player fields one by naming it in its force instead of the hero; the miniature is that hero (events name
the hero) with, as the pack's ``mounted_heroes`` entry says, either a tamed beast card it starts with
(FE-4.1.8 item 1) or its own card's printed values (item 2, ``card``). At most one per team (item 3; in a
skirmish FE-19.4.1); a team without one facing a team with one gets 4 Eternium (item 4, AMB-58). The
rulebook names no mounted hero: the starter pack's entries are placeholders (FE-23.3).
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.eternia import effects

COMPENSATION = 4  # FE-4.1.8 item 4, FE-22.7


def resolve(content, name, *, path: str) -> tuple[str, str | None]:
    """(hero id, mounted-hero id or None) of a name in a player's force."""
    mid = content.find("mounted_heroes", name)
    if mid is not None:
        return content.mounted[mid]["hero"], mid
    return content.lookup("heroes", name, path=path, what="hero"), None


def check_team(g, team_name: str, mounted: list[str]) -> None:
    if len(mounted) > 1:
        rule = "FE-19.4.1" if g.mode == "skirmish" else "FE-4.1.8"
        raise IllegalEvent(rule, "each team may field at most one mounted hero; {team_name} fields {mounted}", team_name=team_name, mounted=', '.join(g.name(m) for m in mounted))  # fmt: skip


def compensation(g) -> dict[str, int]:
    """FE-4.1.8 item 4, AMB-58: every team of players without a mounted hero, when another team fields one.
    In solo the game's team has no players and gets nothing (FE-18.1.1: its set-up is the scenario's)."""
    s = g.s
    fielding = {h.team for h in s.heroes.values() if h.mounted}
    if not fielding:
        return {}
    return {t: COMPENSATION for t, team in s.teams.items() if t not in fielding and team.players}


def give_mounts(g) -> None:
    """FE-4.1.8 item 1: a mounted hero that starts with a tamed beast takes that card now; the card leaves
    the decks it would otherwise be drawn from."""
    s = g.s
    for hero in s.heroes.values():
        beast = g.content.mounted[hero.mounted].get("beast") if hero.mounted else None
        if beast is None:
            continue
        for deck in s.decks.values():
            if beast in deck:
                deck.remove(beast)
        effects.give_card(g, hero, beast)
