"""Changes to the state that several rules share: HP, defeat, Eternium, VP, soldiers, cards (FE-6, FE-16)."""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.eternia import queries as q
from engine.games.eternia import record
from engine.games.eternia.state import BAGGAGE, SOLDIER_CAP, SPELLS, Hero


def damage(g, hero: Hero, n: int) -> int:
    """Place up to ``n`` damage tokens; HP never goes below 0 (FE-1.7). Returns the HP actually lost."""
    lost = min(max(n, 0), q.hp(g, hero))
    hero.damage += lost
    return lost


def heal(g, hero: Hero, n: int) -> None:
    hero.damage = max(0, hero.damage - max(n, 0))  # FE-1.7: never above the printed maximum


def gain_eternium(g, team: str, n: int) -> None:
    g.s.teams[team].eternium += n


def pay(g, team: str, n: int, rule: str, what: str) -> None:
    t = g.s.teams[team]
    if t.eternium < n:
        raise IllegalEvent(
            rule,
            "{what} costs {n} Eternium but the {team_name} pool holds {eternium}",
            what=what,
            n=n,
            team_name=g.team_name(team),
            eternium=t.eternium,
        )
    t.eternium -= n  # FE-1.7: a pool never goes negative


def gain_vp(g, team: str, n: int, source: str) -> None:
    t = g.s.teams[team]
    if g.no_vp_for(source):
        gain_eternium(g, team, 2 * n)  # FE-19.10.2, WE-07: 2 Eternium per VP a scenario withholds
        return
    t.vp += n
    t.vp_sources[source] = t.vp_sources.get(source, 0) + n
    record.vp_scored(g, team, n)


def count(g, team: str, key: str, n: int = 1) -> None:
    c = g.s.teams[team].counters
    c[key] = c.get(key, 0) + n


def place_soldiers_raw(g, area: str, team: str, n: int) -> None:
    """Soldiers arrive (from the supply or another outpost: the caller has taken them from there)."""
    here = g.s.soldiers.setdefault(area, {})
    here[team] = here.get(team, 0) + n


def place_soldiers(g, area: str, team: str, n: int) -> None:
    """Soldiers from the team's supply (FE-9.5.2), then the cap (FE-6.2.2)."""
    g.s.teams[team].supply -= n
    place_soldiers_raw(g, area, team, n)
    cap_soldiers(g, area)


def remove_soldiers(g, area: str, team: str, n: int) -> None:
    here = g.s.soldiers.get(area, {})
    here[team] = here.get(team, 0) - n
    g.s.teams[team].supply += n
    if here.get(team, 0) <= 0:
        here.pop(team, None)
    if not here:
        g.s.soldiers.pop(area, None)


def cap_soldiers(g, area: str) -> None:
    """FE-6.2.2: any soldiers of a team beyond 3 in one outpost return to its supply at once."""
    for team, n in list(g.s.soldiers.get(area, {}).items()):
        if n > SOLDIER_CAP:
            remove_soldiers(g, area, team, n - SOLDIER_CAP)


def defeat(g, hero: Hero) -> None:
    """FE-6.12.2 steps 1–2 now; step 3 (pay 5) is the owner's choice, queued as a decision."""
    hero.area = g.defeat_area(hero)
    hero.damage = 0
    hero.defeats += 1
    g.s.stats["defeats"] = g.s.stats.get("defeats", 0) + 1
    if g.defeat_penalty(hero.team) > 0:
        g.s.pending.append({"kind": "penalty", "hero": hero.id, "team": hero.team})
    if g.s.turn is not None and g.s.turn.hero == hero.id:
        g.s.turn.over = True  # FE-6.12.3
    reveal_offers_at(g, hero.area)


def give_card(g, hero: Hero, card_id: str) -> None:
    """Add a support card to a hero under the limits of FE-16 (AMB-25): a new ally or mount replaces the
    old one; an armour or artifact is equipped if its slot is free, else it goes to the baggage; more than
    5 baggage cards or 2 spells leave a discard to the owner's choice."""
    c = g.content
    card = c.support.get(card_id) or c.encounters.get(card_id) or c.epic_beasts.get(card_id)
    kind = card["kind"]
    if kind == "ally":
        if hero.ally:
            g.discard_support(hero.ally)
        hero.ally = card_id
    elif kind in ("beast", "epic_beast", "vehicle"):
        if hero.mount:
            g.discard_support(hero.mount)
        hero.mount, hero.mount_kind = card_id, kind
    elif kind == "spell":
        hero.spells.append(card_id)
        if len(hero.spells) > SPELLS:
            g.s.pending.append(
                {"kind": "discard", "hero": hero.id, "what": "spells", "count": len(hero.spells) - SPELLS}
            )
    else:
        slot = card.get("subtype", "consumable")
        if slot != "consumable" and slot not in hero.equipped:
            hero.equipped[slot] = card_id
        else:
            hero.baggage.append(card_id)
            if len(hero.baggage) > BAGGAGE:
                g.s.pending.append(
                    {
                        "kind": "discard",
                        "hero": hero.id,
                        "what": "baggage",
                        "count": len(hero.baggage) - BAGGAGE,
                    }
                )


def take_card(hero: Hero, card_id: str) -> bool:
    """Remove a support card from a hero wherever it is held; False if the hero does not own it."""
    if hero.ally == card_id:
        hero.ally = None
    elif hero.mount == card_id:
        hero.mount = hero.mount_kind = None
    elif card_id in hero.spells:
        hero.spells.remove(card_id)
    elif card_id in hero.baggage:
        hero.baggage.remove(card_id)
    else:
        for slot, c in list(hero.equipped.items()):
            if c == card_id:
                del hero.equipped[slot]
                return True
        return False
    return True


def gain_combat_card(g, team: str, card: str) -> None:
    """FE-11.3.3: take the card from the faction's supply into the deck, then remove one (owner's choice)
    from the game so the deck is 21 again. AMB-34: nothing is gained if the supply lacks it."""
    t = g.s.teams[team]
    if t.supply_cards.get(card, 0) <= 0:
        return
    t.supply_cards[card] -= 1
    t.deck.append(card)
    record.combat_card_gained(g, team, card)
    g.s.pending.append({"kind": "trim", "team": team})


def reward(g, hero: Hero, rew: dict | None, source: str) -> None:
    """A card's reward in the pack's vocabulary: eternium, vp, combat_card, heal."""
    if not rew:
        return
    if rew.get("eternium"):
        gain_eternium(g, hero.team, int(rew["eternium"]))
    if rew.get("vp"):
        gain_vp(g, hero.team, int(rew["vp"]), source)
    if rew.get("heal"):
        heal(g, hero, int(rew["heal"]))
    if rew.get("combat_card"):
        gain_combat_card(g, hero.team, rew["combat_card"])


def reveal_offers_at(g, area: str) -> None:
    """FE-9.10.1, AMB-07: the first time a hero occupies a merchant outpost its offer is revealed."""
    kind = g.board.areas[area].get("merchant")
    if kind and g.s.offers.get(kind) is None:
        g.s.offers[kind] = []
        g.s.pending.append({"kind": "draw", "deck": kind, "count": 4, "for": "offer"})
