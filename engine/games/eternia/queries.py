"""Read-only questions about a state: who is where, who controls what, what a hero can do (FE-6)."""

from __future__ import annotations

from engine.games.eternia.state import Hero


def heroes_in(g, area: str, team: str | None = None) -> list[Hero]:
    return [h for h in g.s.heroes.values() if h.area == area and (team is None or h.team == team)]


def soldiers(g, area: str, team: str) -> int:
    return g.s.soldiers.get(area, {}).get(team, 0)


def teams_present(g, area: str) -> set[str]:
    present = {h.team for h in g.s.heroes.values() if h.area == area}
    present |= {t for t, n in g.s.soldiers.get(area, {}).items() if n > 0}
    return present


def enemies_present(g, area: str, team: str) -> bool:
    """FE-9.2.4: enemy miniatures (heroes or soldiers) in ``area``."""
    return any(t != team for t in teams_present(g, area))


def boss_in(g, area: str) -> str | None:
    """The boss card in play in ``area`` (FE-11.5.9.5), if any. It is no miniature: soldiers ignore it
    (FE-15.6) and it controls nothing."""
    for boss in g.s.bosses:
        if g.s.boss_state.get(boss, {}).get("area") == area:
            return boss
    return None


def controller(g, area: str) -> str | None:
    """FE-6.2.1, FE-6.3.2: a base is always its team's; an outpost is held by the team with miniatures
    there (outside combat only one team can be present, FE-20.5)."""
    if not g.board.is_outpost(area):
        return None  # FE-6.2.4: wild regions are never controlled
    base = g.board.base_of(area)
    if base is not None:
        return base if base in g.s.teams else None
    present = teams_present(g, area)
    return next(iter(present)) if len(present) == 1 else None


def controlled(g, team: str) -> list[str]:
    """The outposts ``team`` controls, in map order: ``controller`` of every outpost, with the teams present
    gathered in one pass over the miniatures instead of one pass per outpost."""
    present: dict[str, set[str]] = {}
    for h in g.s.heroes.values():
        present.setdefault(h.area, set()).add(h.team)
    for area, counts in g.s.soldiers.items():
        for t, n in counts.items():
            if n > 0:
                present.setdefault(area, set()).add(t)
    teams = g.s.teams
    out = []
    for area, base in g.board.outposts:
        if base is not None:
            holder = base if base in teams else None
        else:
            here = present.get(area, ())
            holder = next(iter(here)) if len(here) == 1 else None
        if holder == team:
            out.append(area)
    return out


def merchant_count(g, team: str, kind: str) -> int:
    """AMB-08: every controlled outpost with that merchant symbol. ``controlled`` asked of those outposts
    only (asked at every purchase; a map has a few of each symbol)."""
    teams = g.s.teams
    n = 0
    for area, base in g.board.merchant_outposts.get(kind, ()):
        if base is not None:
            holder = base if base in teams else None
        else:
            here = teams_present(g, area)
            holder = next(iter(here)) if len(here) == 1 else None
        if holder == team:
            n += 1
    return n


def price(printed: int, n: int) -> int:
    """FE-9.10.4: each extra merchant of the type lowers the price by 1, never below 1 (WE-04)."""
    return max(1, printed - (n - 1))


def printed(g, hero: Hero, name: str):
    """A value printed on the hero's card: a mounted hero's own card where it prints one (FE-4.1.8 item 2),
    else the hero card's."""
    if hero.mounted is not None:
        card = g.content.mounted[hero.mounted].get("card") or {}
        if name in card:
            return card[name]
    return g.content.heroes[hero.id].get(name)


def can_fly(g, hero: Hero) -> bool:
    """FE-6.6.2, FE-16.1.4, FE-16.5.3: a flying epic beast or vehicle (or a mounted hero's flying mount)."""
    if printed(g, hero, "flying"):
        return True
    if hero.mount is None:
        return False
    card = g.content.support.get(hero.mount) or g.content.epic_beasts.get(hero.mount) or {}
    return bool(card.get("flying"))


def card_bonus(g, card_id: str) -> dict:
    card = (
        g.content.support.get(card_id)
        or g.content.encounters.get(card_id)
        or g.content.epic_beasts.get(card_id)
        or {}
    )
    if card.get("kind") == "epic_beast":
        return card.get("taming_bonus") or {}
    return card.get("bonus") or {}


def owned_cards(hero: Hero) -> list[str]:
    out = [c for c in (hero.mount, hero.ally) if c]
    return out + list(hero.spells) + list(hero.equipped.values()) + list(hero.baggage)


def stat(g, hero: Hero, name: str) -> int:
    """A hero's printed value plus the 'Hero bonus' of its ally, beast and equipped cards (FE-16)."""
    value = printed(g, hero, name)
    sources = [hero.ally, *hero.equipped.values()]
    if hero.mount_kind in ("beast", "epic_beast"):
        sources.append(hero.mount)
    for card in sources:
        if card:
            value += int(card_bonus(g, card).get(name, 0))
    if name == "movement" and hero.mount_kind == "vehicle":
        value += int(g.content.support[hero.mount].get("movement", 0))  # FE-16.5.1
    if name == "movement" and g.mode == "skirmish":
        value = min(value, 2)  # FE-19.8.3
    return value


def combat_bonus(g, hero: Hero) -> dict[str, int]:
    """Flat epic-combat bonuses from equipped armour and artifacts, ally and beast (FE-11.5.5.1)."""
    out = {"attack": 0, "defence": 0, "initiative": 0}
    sources = [hero.ally, *hero.equipped.values()]
    if hero.mount_kind in ("beast", "epic_beast"):
        sources.append(hero.mount)
    for card in sources:
        if card:
            for k, v in card_bonus(g, card).items():
                if k in out:
                    out[k] += int(v)
    return out


def max_hp(g, hero: Hero) -> int:
    return printed(g, hero, "hp")


def hp(g, hero: Hero) -> int:
    return max(0, max_hp(g, hero) - hero.damage)  # FE-1.7


def may_enter(g, hero: Hero, area: str) -> bool:
    """FE-6.3.3, FE-6.5.1: never an enemy base, never water (water is not an area of the graph)."""
    base = g.board.base_of(area)
    return base is None or base == hero.team


def nearest_controlled(g, hero: Hero) -> list[str]:
    """AMB-13: the nearest outposts (not bases) holding a friendly miniature, by adjacency steps; the
    base when there is none."""
    dist = g.board.distances(hero.area, flying=can_fly(g, hero))
    cands = [
        a
        for a in g.board.order
        if g.board.is_outpost(a)
        and g.board.base_of(a) is None
        and a != hero.area
        and a in dist
        and (
            soldiers(g, a, hero.team) > 0
            or any(h.team == hero.team and h.id != hero.id for h in heroes_in(g, a))
        )
        and not enemies_present(g, a, hero.team)
    ]
    if not cands:
        return [g.base[hero.team]]
    best = min(dist[a] for a in cands)
    return [a for a in cands if dist[a] == best]


def safe_adjacent(g, hero: Hero, area: str) -> list[str]:
    """AMB-18, AMB-31: adjacent areas (not flight routes) that the hero may occupy with no enemies."""
    return [
        a
        for a in sorted(g.board.adjacent[area])
        if may_enter(g, hero, a) and not enemies_present(g, a, hero.team) and boss_in(g, a) is None
    ]
