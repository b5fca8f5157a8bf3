"""Soldier combat (FE-15): soldiers entering an area with enemies, and a hero meeting enemy soldiers."""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.eternia import due, effects
from engine.games.eternia import queries as q


def enter(g, area: str, team: str, n: int) -> None:
    """``n`` soldiers of ``team`` have entered ``area``: fight whatever enemies are there (FE-15.1)."""
    effects.place_soldiers_raw(g, area, team, n)
    targets = _targets(g, area, team)
    heroes = {t for t in targets if t != "soldier"}
    if heroes and (len(heroes) > 1 or "soldier" in targets):
        # FE-15.4, AMB-20: the defending team distributes the hits (WE-03).
        g.s.pending.append({"kind": "hits", "area": area, "team": team, "defender": _defender(g, area, team)})
        return
    resolve(g, area, team, None)


def _defender(g, area: str, team: str) -> str:
    return next(t for t in sorted(q.teams_present(g, area)) if t != team)


def _targets(g, area: str, team: str) -> list[str]:
    out = [h.id for h in q.heroes_in(g, area) if h.team != team and q.hp(g, h) > 0]
    if any(t != team and n > 0 for t, n in g.s.soldiers.get(area, {}).items()):
        out.append("soldier")
    return out


def resolve(g, area: str, team: str, hits: list | None) -> None:
    """Remove entering soldiers one by one; each removes an enemy soldier or deals 1 HP to an enemy hero
    (FE-15.2–15.4). ``hits`` is the defending team's order of targets, or None when it has no choice.
    Leftover soldiers stay (AMB-21); the cap applies afterwards (FE-15.7)."""
    defeated = []
    i = 0
    while q.soldiers(g, area, team) > 0:
        targets = _targets(g, area, team)
        if not targets:
            break
        if hits is None:
            target = targets[0]
        else:
            if i >= len(hits):
                raise IllegalEvent("FE-15.4", ("the defending team must assign every hit while targets remain; {hits_count} hit(s) were " "assigned"), hits_count=len(hits))  # fmt: skip
            target = hits[i]
            if target not in targets:
                raise IllegalEvent("FE-15.4", "hit {number} goes to {target!r}, which is not a legal target now (targets: {targets})", number=i + 1, target=target, targets=', '.join(targets))  # fmt: skip
        i += 1
        effects.remove_soldiers(g, area, team, 1)
        if target == "soldier":
            enemy = next(t for t, n in sorted(g.s.soldiers.get(area, {}).items()) if t != team and n > 0)
            effects.remove_soldiers(g, area, enemy, 1)  # FE-15.3
        else:
            hero = g.s.heroes[target]
            effects.damage(g, hero, 1)  # FE-15.2.1
            if q.hp(g, hero) == 0:
                defeated.append(hero)
    if hits is not None and i < len(hits):
        raise IllegalEvent(
            "FE-15.4",
            "only {i} hit(s) could be dealt; the log assigns {hits_count}",
            i=i,
            hits_count=len(hits),
        )
    for hero in defeated:
        effects.defeat(g, hero)  # FE-15.2.3: no VP
    effects.cap_soldiers(g, area)


def event_hits(g, event: dict) -> None:
    aw = g.awaiting
    if aw is None or aw["kind"] != "hits":
        raise IllegalEvent(*due.not_now(g, Text("no soldier hits are to be assigned now"), "FE-15.4"))
    hits = event.get("targets")
    if not isinstance(hits, list) or len(hits) > 64:
        raise UnreadableLog("'targets' must be a list of hero names or \"soldier\"", rule="LOG-5.1")
    if g.content.find_faction(event.get("team")) != aw["defender"]:
        raise IllegalEvent(
            "FE-15.4",
            "the defending team ({team_name}) distributes the hits",
            team_name=g.team_name(aw["defender"]),
        )
    ids = [h if h == "soldier" else g.content.lookup("heroes", h, path="targets", what="hero") for h in hits]
    g.s.pending.pop(0)
    resolve(g, aw["area"], aw["team"], ids)


def hero_meets_soldiers(g, hero, area: str) -> None:
    """FE-15.5 (AMB-19): each enemy soldier is removed and deals 1 HP, stopping at 0 HP; no VP."""
    for team, n in sorted(g.s.soldiers.get(area, {}).items()):
        if team == hero.team:
            continue
        for _ in range(n):
            if q.hp(g, hero) == 0:
                break
            effects.remove_soldiers(g, area, team, 1)
            effects.damage(g, hero, 1)
    if q.hp(g, hero) == 0:
        effects.defeat(g, hero)
