"""Face the Wilds and its encounters (FE-9.6), combat in the wild regions (FE-14), taming (FE-16.1)."""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.eternia import due, effects
from engine.games.eternia import queries as q
from engine.games.eternia.state import Wild

VALUE = {"blank": 0, "success": 1, "double": 2, "reroll": 0}  # FE-6.9.3


def success(face: str) -> bool:
    return face in ("success", "double")  # FE-6.9.2: a check


def resolve_encounter(g, hero, card_id: str) -> None:
    card = g.content.encounters[card_id]
    g.s.stats["encounters"] = g.s.stats.get("encounters", 0) + 1
    if card["kind"] == "event":
        _event_effect(g, hero, card_id, card.get("effect") or {})
        return
    if card["kind"] == "ally" and (card.get("faction") == hero.team or g.free_heroes):  # FE-19.3.2
        g.s.pending.append({"kind": "ally", "hero": hero.id, "card": card_id})  # FE-9.6.5.2
        return
    # FE-9.6.4, FE-9.6.5.1, AMB-43: beasts are always fought; an ally of another faction too
    g.s.wild = Wild(hero=hero.id, card=card_id, stats={k: card[k] for k in ("attack", "defence", "hp")})
    ability = card.get("ability") or {}
    if ability.get("check"):
        g.s.pending.append(
            {"kind": "roll", "die": "wild", "count": 1, "hero": hero.id, "for": "ability"}
        )  # FE-14.1
    g.s.pending.append(
        {"kind": "roll", "die": "wild", "count": q.stat(g, hero, "body"), "hero": hero.id, "for": "wild"}
    )


def _event_effect(g, hero, card_id: str, effect: dict) -> None:
    if effect.get("check"):
        g.s.pending.append(
            {"kind": "roll", "die": "wild", "count": 1, "hero": hero.id, "for": "event", "card": card_id}
        )
        return
    _apply(g, hero, effect)
    g.s.discards["encounter"].append(card_id)  # FE-9.6.3


def _apply(g, hero, effect: dict) -> None:
    if effect.get("eternium"):
        effects.gain_eternium(g, hero.team, int(effect["eternium"]))
    if effect.get("heal"):
        effects.heal(g, hero, int(effect["heal"]))
    if effect.get("damage"):
        effects.damage(g, hero, int(effect["damage"]))
        if q.hp(g, hero) == 0:
            effects.defeat(g, hero)


def after_roll(g, aw: dict, faces: list[str]) -> None:
    hero = g.s.heroes[aw["hero"]]
    what = aw["for"]
    if what == "event":
        card = g.content.encounters[aw["card"]]
        branch = (card["effect"]["check"] or {}).get("success" if success(faces[0]) else "failure") or {}
        _apply(g, hero, branch)
        g.s.discards["encounter"].append(aw["card"])
    elif what == "ability":
        w = g.s.wild
        ability = g.content.encounters[w.card]["ability"]["check"]
        branch = ability.get("success" if success(faces[0]) else "failure") or {}
        for k, v in (branch.get("enemy_bonus") or {}).items():
            w.stats[k] += int(v)
    elif what == "wild":
        g.s.wild.dice = faces
    elif what == "reroll":
        w = g.s.wild
        for i, face in zip(aw["dice"], faces, strict=True):
            w.dice[i] = face


def event_reroll(g, event: dict) -> None:
    """FE-6.9.4, AMB-44: reroll every die showing reroll, plus up to one other die per reroll face."""
    w = _wild(g, event)
    extra = event.get("extra", [])
    if not isinstance(extra, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in extra):
        raise UnreadableLog("'extra' must be a list of dice positions (0-based)", rule="LOG-5.1")
    rerolls = [i for i, f in enumerate(w.dice) if f == "reroll"]
    if not rerolls:
        raise IllegalEvent("FE-6.9.4", "no die shows a reroll face: there is nothing to reroll")
    if len(set(extra)) != len(extra) or any(i in rerolls or not 0 <= i < len(w.dice) for i in extra):
        raise IllegalEvent(
            "FE-6.9.4", "the extra dice must be different dice of this roll that do not show reroll"
        )
    if len(extra) > len(rerolls):
        raise IllegalEvent("FE-6.9.4", ("{rerolls_count} die/dice show reroll, so at most {rerolls_count} other die/dice may join the " "reroll, not {extra_count}"), rerolls_count=len(rerolls), extra_count=len(extra))  # fmt: skip
    dice = sorted(rerolls + extra)
    g.s.pending.append(
        {"kind": "roll", "die": "wild", "count": len(dice), "hero": w.hero, "for": "reroll", "dice": dice}
    )


def _wild(g, event: dict) -> Wild:
    aw = g.awaiting
    if aw is None or aw["kind"] != "wild_dice":
        raise IllegalEvent(*due.not_now(g, Text("no wild-region combat waits for its dice now"), "FE-14"))
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-14.1", "the dice are {hero}'s to handle", hero=g.name(aw["hero"]))
    return g.s.wild


def event_assign(g, event: dict) -> None:
    """FE-14.2–14.4: each die to defence, attack or HP; HP only once defence is down to 0."""
    w = _wild(g, event)
    hero = g.s.heroes[w.hero]
    parts = {k: event.get(k, []) for k in ("defence", "attack", "hp")}
    for k, v in parts.items():
        if not isinstance(v, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in v):
            raise UnreadableLog("'{k}' must be a list of dice positions (0-based)", k=k, rule="LOG-5.1")
    used = [i for v in parts.values() for i in v]
    if len(set(used)) != len(used) or any(not 0 <= i < len(w.dice) for i in used):
        raise IllegalEvent(
            "FE-6.9.5", "each die is assigned once, whole, to one stat (a double success cannot be split)"
        )
    value = {k: sum(VALUE[w.dice[i]] for i in v) for k, v in parts.items()}
    if parts["hp"] and value["defence"] < w.stats["defence"]:
        raise IllegalEvent("FE-14.2", ("the enemy's defence ({defence}) must be reduced to 0 before any die goes to its HP; the dice " "on defence make {defence_2}"), defence=w.stats['defence'], defence_2=value['defence'])  # fmt: skip
    card = g.content.encounters[w.card]
    enemy_down = value["hp"] >= w.stats["hp"]
    effects.damage(g, hero, max(0, w.stats["attack"] - value["attack"]))  # FE-14.3
    g.s.wild = None
    hero_down = q.hp(g, hero) == 0
    if enemy_down:  # FE-14.4.1: the reward even if the hero falls too
        effects.reward(g, hero, card.get("reward"), "wild")
        effects.count(g, hero.team, "beasts_defeated" if card["kind"] == "beast" else "allies_defeated")
        if card["kind"] == "beast" and card.get("cost") is not None and not hero_down:
            g.s.pending.append({"kind": "tame", "hero": hero.id, "card": w.card})  # FE-14.4.2
        else:
            g.s.discards["encounter"].append(w.card)  # AMB-43
    else:
        g.shuffle_into("encounter", w.card)  # FE-14.4.3
    if hero_down:
        effects.defeat(g, hero)  # FE-14.4.4


def event_tame(g, event: dict) -> None:
    """FE-16.1.1: pay the card's Eternium cost (an epic beast's taming cost) to keep the beast."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "tame":
        raise IllegalEvent(*due.not_now(g, Text("no beast can be tamed now"), "FE-16.1"))
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-16.1.1", "only {hero}, who defeated it, may tame it", hero=g.name(aw["hero"]))
    card = aw["card"]
    epic = card in g.content.epic_beasts
    want = event.get("tame")
    if not isinstance(want, bool):
        raise UnreadableLog("'tame' must be true or false", rule="LOG-5.1")
    if want:
        info = g.content.epic_beasts[card] if epic else g.content.encounters[card]
        cost = info["taming_cost"] if epic else info["cost"]
        effects.pay(g, hero.team, cost, "FE-16.1.1", Text("taming {name}", name=info["name"]))
        g.s.pending.pop(0)
        effects.give_card(g, hero, card)  # FE-16.1.3: replaces a beast or vehicle it had
        return
    g.s.pending.pop(0)
    if epic:
        g.discard_scenario(card)
    else:
        g.s.discards["encounter"].append(card)


def event_ally(g, event: dict) -> None:
    """FE-9.6.5.2: a friendly ally is acquired for its cost, or shuffled back for 1 Eternium."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "ally":
        raise IllegalEvent(*due.not_now(g, Text("no ally waits for a decision now"), "FE-9.6.5"))
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-9.6.5", "the ally was drawn by {hero}", hero=g.name(aw["hero"]))
    card = g.content.encounters[aw["card"]]
    if event.get("fight") is True:
        if not g.free_heroes:
            raise IllegalEvent(
                "FE-9.6.5",
                "a friendly ally is acquired or sent back, not fought (FE-19.3.2: free heroes only)",
            )
        g.s.pending.pop(0)
        g.s.wild = Wild(
            hero=hero.id, card=aw["card"], stats={k: card[k] for k in ("attack", "defence", "hp")}
        )
        g.s.pending.append(
            {"kind": "roll", "die": "wild", "count": q.stat(g, hero, "body"), "hero": hero.id, "for": "wild"}
        )
        return
    acquire = event.get("acquire")
    if not isinstance(acquire, bool):
        raise UnreadableLog("'acquire' must be true or false", rule="LOG-5.1")
    card = g.content.encounters[aw["card"]]
    if acquire:
        effects.pay(g, hero.team, card["cost"], "FE-9.6.5", Text("acquiring {name}", name=card["name"]))
        g.s.pending.pop(0)
        effects.give_card(g, hero, aw["card"])  # FE-16.2.2: replaces its previous ally
        effects.reward(g, hero, card.get("reward"), "wild")  # FE-9.6.5.3
        return
    g.s.pending.pop(0)
    g.shuffle_into("encounter", aw["card"])
    effects.gain_eternium(g, hero.team, 1)
