"""Epic combat: a hero against an enemy hero, an epic beast or a boss, in ten steps (FE-11.5).

The combat is a state machine over ``Combat.step``: ``advance`` runs what the rules do by themselves
(totals, strikes, defeats, cleanup) and returns the decision or the draw it waits for; the handlers below
apply the events that answer it. Options FE-12 (faster combat, initiative matters, stronger together)
change steps 3, 5 and 9 where they apply.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.eternia import due, effects, powerdice, record
from engine.games.eternia import queries as q
from engine.games.eternia.content import ZONES
from engine.games.eternia.state import PLACEMENTS, ZONE_LIMIT, Combat, Side

STEP4_OPTIONS = ("surge", "time", "spell", "consumable", "soldiers", "pass")
BOARDLESS = ("beast", "solo")  # the enemy uses no combat board (FE-11.5.3.B, FE-18.5.1)


# -- starting -----------------------------------------------------------------------------------------
def start_hero(g, active_id: str, defender_id: str, area: str, *, kind: str = "hero") -> None:
    a, d = g.s.heroes[active_id], g.s.heroes[defender_id]
    c = Combat(
        kind=kind, area=area, active=Side(hero=a.id, team=a.team), defender=Side(hero=d.id, team=d.team)
    )
    if kind == "duel" or g.options["faster_combat"]:
        c.one_round = True  # FE-17.2.4 (AMB-54), FE-12.1
    if g.options["stronger_together"] and area is not None:
        for side in (c.active, c.defender):  # FE-12.3.2, WE-06
            h = g.s.heroes[side.hero]
            side.limit = PLACEMENTS + len([x for x in q.heroes_in(g, area, h.team) if x.id != h.id])
    g.s.combat = c
    g.s.stats["epic_combats"] = g.s.stats.get("epic_combats", 0) + 1


def start_beast(g, hero_id: str, beast_id: str, source: str) -> None:
    h = g.s.heroes[hero_id]
    card = g.content.epic_beasts[beast_id]
    beast = {
        "id": beast_id,
        "hp": card["hp"],
        "damage": g.s.boss_state.get(beast_id, {}).get("damage", 0),  # FE-11.5.9.5: a boss keeps its damage
        "attack": card["attack"],
        "defence": card["defence"],
        "initiative": card["initiative"],
        "source": source,
        "boss": card.get("boss", False),
    }
    g.s.combat = Combat(kind="beast", area=h.area, active=Side(hero=h.id, team=h.team), defender=Side(hero=None, team=None),
                        beast=beast)  # fmt: skip
    g.s.stats["epic_combats"] = g.s.stats.get("epic_combats", 0) + 1


# -- helpers --------------------------------------------------------------------------------------------
def start_solo(g, hero_id: str, enemy_id: str, area: str, *, enemy_active: bool) -> None:
    """FE-18.5: the player's hero against an enemy hero: the Beast/Boss version of every step, the
    enemy's values from a battle card. The player's hero is always the side with the board."""
    h, e = g.s.heroes[hero_id], g.s.heroes[enemy_id]
    c = Combat(
        kind="solo", area=area, active=Side(hero=h.id, team=h.team), defender=Side(hero=e.id, team=e.team)
    )
    c.enemy_active = enemy_active
    c.beast = {
        "id": e.id,
        "attack": 0,
        "defence": 0,
        "initiative": 0,
        "hp": 0,
        "damage": 0,
        "source": "solo",
        "boss": False,
    }
    g.s.combat = c
    g.s.stats["epic_combats"] = g.s.stats.get("epic_combats", 0) + 1


def sides(c: Combat) -> list[Side]:
    return [c.active] if c.kind in BOARDLESS else [c.active, c.defender]


def side_of(c: Combat, hero_id: str) -> Side | None:
    for s in sides(c):
        if s.hero == hero_id:
            return s
    return None


def opponent(c: Combat, side: Side) -> Side:
    return c.defender if side is c.active else c.active


def card_kind(g, card: str) -> str:
    return g.content.combat_cards[card]["kind"]


def zone_count(side: Side, zone: str) -> int:
    """FE-11.1.2: flow cards do not count towards the 4-card limit."""
    return sum(1 for card, _up, _act, kind in side.board[zone] if kind != "flow")


def legal_zones(g, c: Combat, side: Side, card: str) -> list[str]:
    kind = card_kind(g, card)
    if kind == "time" and c.step == "place":
        return ["beside"]  # FE-11.4.4
    out = []
    placing, power_dice = c.step == "place", g.options["power_dice"]
    for zone in ZONES:
        if placing and zone == side.last_zone:
            continue  # FE-11.5.3.6 (step 3 only, FE-11.5.4.5)
        if kind != "flow":
            count = zone_count(side, zone)
            if count >= ZONE_LIMIT:
                continue  # FE-11.5.3.7
            if power_dice and count >= 2:
                continue  # FE-13.1.1
        out.append(zone)
    return out


def totals(g, c: Combat, side: Side) -> dict[str, int]:
    """FE-11.5.5.1, FE-11.5.5.B: zone bonuses, flat bonuses, base initiative; a beast's printed values
    plus the epic die."""
    if side is c.defender and c.kind in BOARDLESS:
        b = c.beast
        return {z: b[z] + c.epic.get(z, 0) + side.bonus[z] for z in ZONES}
    out = {z: side.bonus[z] for z in ZONES}
    for zone in ZONES:
        for card, up, _act, _kind in side.board[zone]:
            if up is not None:  # a card flipped face down by an effect gives nothing (FE-11.5.5.2)
                out[zone] += g.content.combat_cards[card]["value"]
    hero = g.s.heroes[side.hero]
    for k, v in q.combat_bonus(g, hero).items():
        out[k] += v
    out["initiative"] += q.printed(g, hero, "initiative")
    return out


def side_hp(g, c: Combat, side: Side) -> int:
    if side.hero is None:
        return max(0, c.beast["hp"] - c.beast["damage"])
    return q.hp(g, g.s.heroes[side.hero])


def hurt(g, c: Combat, side: Side, n: int, *, by: Side | None) -> None:
    if side.hero is None:
        lost = min(max(n, 0), side_hp(g, c, side))
        c.beast["damage"] += lost
    else:
        lost = effects.damage(g, g.s.heroes[side.hero], n)
    if by is not None:
        by.dealt += lost  # AMB-17: damage inflicted, for step 9


def someone_down(g, c: Combat) -> bool:
    return any(
        side_hp(g, c, s) == 0 for s in (c.active, c.defender) if s.hero is not None or c.kind == "beast"
    )


def current_placer(c: Combat) -> Side:
    return c.active if c.turn == "active" or c.kind in BOARDLESS else c.defender


def done_placing(side: Side) -> bool:
    return side.out or (side.placed >= side.limit and not side.hand and not side.tool and not side.tool_draw)


# -- the machine ----------------------------------------------------------------------------------------
def advance(g) -> dict | None:
    """Run automatic steps; return what the combat waits for, or None once it is over."""
    while g.s.combat is not None:
        c = g.s.combat
        if c.step == "weapon":
            for side in sides(c):
                if side.weapon is None:
                    return {"kind": "weapon", "hero": side.hero}  # FE-11.5.1
            c.step = "start"
        elif c.step == "start":
            # FE-11.5.2: start-of-combat abilities. The starter pack prints none; a pack's ability with
            # "when": "start_of_combat" would be offered here (hook).
            if c.kind == "beast":
                c.step = "epic_die"
            elif c.kind == "solo":
                c.step = "battle_roll"  # FE-18.5.2 replaces step 1's enemy choice; no epic die (FE-18.5.3)
            else:
                c.step = "shuffle"
        elif c.step == "battle_roll":
            if g.difficulty == "relentless":
                c.battle_deck = "battle-surge"
                c.step = "battle_draw"
                continue
            return {"kind": "roll", "die": "wild", "count": 1, "hero": c.active.hero, "for": "battle"}
        elif c.step == "battle_draw":
            return {"kind": "draw", "deck": c.battle_deck, "count": 1, "hero": c.active.hero, "for": "battle"}
        elif c.step == "effects":
            n = g.content.battle[c.battle]["effects"] + g.extra_effect_cards()  # FE-18.5.4.1
            n = min(n, len(g.s.decks["effect"]) + len(g.s.discards["effect"]))
            return {"kind": "draw", "deck": "effect", "count": n, "hero": c.active.hero, "for": "effects"}
        elif c.step == "epic_die":
            return {
                "kind": "roll",
                "die": "epic",
                "count": 1,
                "hero": c.active.hero,
                "for": "epic",
            }  # FE-11.5.3.B
        elif c.step == "shuffle":
            if c.round == 1 and g.chance.seeded:
                for side in sides(c):  # docs: each team's deck is shuffled as step 3 of round 1 begins
                    t = g.s.teams[side.team]
                    t.deck = g.chance.shuffle(t.deck)
            c.step = "place"
            c.turn = "active"
        elif c.step == "place":
            need = _step3(g, c)
            if need is not None:
                return need
            for side in sides(c):
                for zone in ZONES:
                    for card in side.board[zone]:
                        card[1] = True  # FE-11.5.4.1: reveal every face-down card
            if g.options["power_dice"] and "auto" not in c.pd:
                c.step = "excess"
                continue
            c.step = "step4"
            c.step4_order = [c.active.team] + ([c.defender.team] if c.kind not in BOARDLESS else [])
            if c.kind == "beast":
                c.step4_order += [t for t in g.s.order if t != c.active.team]  # FE-11.5.4.B
        elif c.step == "step4":
            if someone_down(g, c):
                c.step = "defeats"  # AMB-16
                continue
            for side in sides(c):
                if side.tool or side.hand:
                    return {"kind": "place4", "hero": side.hero, "card": (side.hand or [None])[0]}
            if c.step4_order:
                return {"kind": "step4", "team": c.step4_order[0]}
            if c.kind == "beast" and c.epic_surge:
                _surge_effect(
                    g, c, c.defender, g.content.epic_beasts[c.beast["id"]].get("surge") or {}
                )  # FE-11.5.4.B
            c.step = "effects" if c.kind == "solo" else "totals"
        elif c.step == "excess":
            c.pd.setdefault("auto", {})
            for side in sides(c):  # FE-13.2, AMB-39.3: at the end of step 3
                key = "active" if side is c.active else "defender"
                if key not in c.pd["auto"]:
                    if powerdice.excess(_zone_dice(g, c, side)):
                        return {
                            "kind": "excess",
                            "hero": side.hero,
                            "count": powerdice.excess(_zone_dice(g, c, side)),
                        }
                    c.pd["auto"][key] = {z: 0 for z in ZONES}
            c.step = "place"  # back to the end of step 3, now with the excess assigned
        elif c.step == "pd":
            need = _power_dice(g, c)
            if need is not None:
                return need
        elif c.step == "totals" and g.options["power_dice"]:
            c.pd["stage"] = "ini"
            c.pd["pools"] = _pools(g, c, "ini")
            c.step = "pd"
        elif c.step == "totals":
            _strikes(g, c)
            c.step = "defeats"
        elif c.step == "defeats":
            if _defeats(g, c):
                continue
            if c.round == 1 and not c.one_round and c.kind != "duel" and g.may_flee(c):
                c.step = "flee"
            else:
                c.step = "outcome"
        elif c.step == "flee":
            return {"kind": "flee", "hero": c.active.hero}  # FE-11.5.8
        elif c.step == "outcome":
            need = _outcome(g, c)
            if need is not None:
                return need
        elif c.step == "cleanup":
            cleanup(g)
        else:  # pragma: no cover - every step above moves on
            raise AssertionError(c.step)
    return None


def _step3(g, c: Combat) -> dict | None:
    while True:
        placer = current_placer(c)
        if done_placing(placer):
            other = opponent(c, placer)
            if c.kind in BOARDLESS or done_placing(other):
                return None
            c.turn = "defender" if placer is c.active else "active"
            continue
        team = g.s.teams[placer.team]
        if placer.tool:
            return {"kind": "keep", "hero": placer.hero, "cards": list(placer.tool)}
        if placer.tool_draw:
            n = min(2, len(team.deck))
            if n == 0:
                placer.tool_draw, placer.out = False, True
                continue
            return {
                "kind": "draw",
                "deck": "combat",
                "team": placer.team,
                "hero": placer.hero,
                "count": n,
                "for": "tool",
            }
        if not placer.hand:
            if not team.deck:
                placer.out = True  # FE-11.5.3.9: no reshuffle; it stops taking part
                continue
            return {
                "kind": "draw",
                "deck": "combat",
                "team": placer.team,
                "hero": placer.hero,
                "count": 1,
                "for": "place",
            }
        card = placer.hand[0]
        if card_kind(g, card) == "tool":
            team.discard.append(placer.hand.pop())  # FE-11.4.5: revealed and discarded at once
            placer.tool_draw = True
            continue
        if not legal_zones(g, c, placer, card):
            team.discard.append(placer.hand.pop())  # FE-11.5.3.8: discarded, still a placement
            placer.hand_focusable = True
            _placed(c, placer)
            continue
        return {"kind": "step3", "hero": placer.hero, "card": card}


def _placed(c: Combat, side: Side) -> None:
    side.placed += 1
    other = opponent(c, side)
    if c.kind not in BOARDLESS and not done_placing(other):
        c.turn = "defender" if side is c.active else "active"


def _surge_effect(g, c: Combat, side: Side, effect: dict) -> None:
    """A surge ability in the pack's vocabulary: bonus {stat: n}, damage n, heal n, draw_play n."""
    for stat_name, n in (effect.get("bonus") or {}).items():
        side.bonus[stat_name] += int(n)
    if effect.get("damage"):
        hurt(g, c, opponent(c, side), int(effect["damage"]), by=side)
    if effect.get("heal") and side.hero is not None:
        effects.heal(g, g.s.heroes[side.hero], int(effect["heal"]))
    if effect.get("draw_play") and side.hero is not None:
        side.hand_focusable = False
        g.s.pending.append({"kind": "draw", "deck": "combat", "team": side.team, "hero": side.hero, "count": 1,
                            "for": "surge"})  # fmt: skip


def _strikes(g, c: Combat) -> None:
    """FE-11.5.5.3 and FE-11.5.6: the initiative loss, then one strike each in initiative order."""
    a, d = c.active, c.defender
    ta, td = totals(g, c, a), totals(g, c, d)
    if c.enemy_active:  # solo: the enemy hero attacked; on a tie it strikes first
        first, second = (a, d) if ta["initiative"] > td["initiative"] else (d, a)
    else:
        first, second = (a, d) if ta["initiative"] >= td["initiative"] else (d, a)  # ties: the active side
    if ta["initiative"] != td["initiative"]:
        hi, lo = (ta, td) if first is a else (td, ta)
        loss = 1
        heroes_only = g.options["initiative_matters_heroes_only"] and c.kind == "beast"
        if g.options["initiative_matters"] and hi["initiative"] >= 2 * lo["initiative"] and not heroes_only:
            loss = 2  # FE-12.2, AMB-30: at least double
        hurt(g, c, second, loss, by=first)
        if side_hp(g, c, second) == 0:
            return  # straight to step 7
    tf, ts = (ta, td) if first is a else (td, ta)
    if tf["attack"] > ts["defence"]:
        hurt(g, c, second, tf["attack"] - ts["defence"], by=first)  # FE-11.5.6.2
    if side_hp(g, c, second) == 0:
        return
    if ts["attack"] > tf["defence"]:
        hurt(g, c, first, ts["attack"] - tf["defence"], by=second)  # FE-11.5.6.3


def _defeats(g, c: Combat) -> bool:
    """Step 7 (FE-11.5.7). True when the combat ended here."""
    if c.kind == "beast":
        hero = g.s.heroes[c.active.hero]
        beast_down = side_hp(g, c, c.defender) == 0
        hero_down = q.hp(g, hero) == 0
        if not beast_down and not hero_down:
            return False
        winner = None if beast_down and hero_down else "active" if beast_down else "defender"
        record.combat_ending(c, "defeat" if winner else "both-defeated", "FE-11.5.7.B", winner)
        if beast_down:
            card = g.content.epic_beasts[c.beast["id"]]
            source = "bosses" if c.beast["boss"] else "epic_beasts"
            if c.beast["source"] == "mount":
                pass  # FE-19.9.2: normal rewards but no VP
            else:
                effects.gain_vp(g, hero.team, 1, source)  # FE-11.5.7.B, AMB-29
            effects.reward(g, hero, card.get("reward"), source)
            effects.count(g, hero.team, "beasts_defeated")
            if c.beast["boss"]:
                g.boss_defeated(c.beast["id"])  # AMB-29
        else:
            g.return_beast(c.beast)  # FE-11.5.7.B.1
        if hero_down:
            effects.defeat(g, hero)
        elif beast_down and card.get("taming_cost") is not None:
            g.s.pending.append({"kind": "tame", "hero": hero.id, "card": c.beast["id"]})  # FE-16.1.1
        elif beast_down and not c.beast["boss"]:
            g.discard_scenario(c.beast["id"])
        c.step = "cleanup"
        return True
    down = [s for s in (c.active, c.defender) if side_hp(g, c, s) == 0]
    if not down:
        return False
    if len(down) == 1:  # FE-11.5.7.H.1
        winner = opponent(c, down[0])
        c.winner = "active" if winner is c.active else "defender"
        record.combat_ending(c, "defeat", "FE-11.5.7.H.1", c.winner)
        wteam = winner.team
        if c.kind == "duel":
            effects.gain_vp(g, wteam, 1, "duel")  # FE-17.2.4
        elif not g.first_game:
            effects.gain_vp(g, wteam, 1, "enemy_heroes")  # FE-7.3 withholds it in the first game
        effects.count(g, wteam, "enemy_heroes_defeated")
    else:
        record.combat_ending(c, "both-defeated", "FE-11.5.7.H.2", None)
    for side in down:  # FE-11.5.7.H.2: both down, no winner, no VP
        if c.kind != "duel":
            hero = g.s.heroes[side.hero]
            friends = [h for h in q.heroes_in(g, c.area, hero.team) if h.id != hero.id] if c.area else []
            effects.defeat(g, hero)
            if g.options["stronger_together"]:
                for h in friends:  # FE-12.3.4: the others still move to the nearest friendly outpost
                    g.s.pending.append({"kind": "retreat", "hero": h.id, "team": h.team})
        else:
            g.s.heroes[side.hero].damage = 0
    c.step = "cleanup"
    return True


def _outcome(g, c: Combat) -> dict | None:
    """Step 9 (FE-11.5.9), or the faster-combat ending (FE-12.1)."""
    if c.round == 1 and not c.one_round:
        for side in sides(c):  # FE-11.5.9.1: discard this round's cards; a second round from step 2
            _discard_round(g, side)
        c.round = 2
        c.epic, c.epic_surge, c.pd = {}, False, {}
        c.step = "start"
        return None
    if c.kind == "beast":
        if c.beast["boss"]:
            record.combat_ending(c, "boss-remains", "FE-11.5.9.5", None)
            g.keep_boss(c.beast, c.area)  # FE-11.5.9.5
            if not g.s.pending or g.s.pending[-1].get("kind") != "retreat":
                g.s.pending.append(
                    {"kind": "push", "hero": c.active.hero, "team": c.active.team, "combat_area": c.area}
                )
        else:
            record.combat_ending(c, "beast-escapes", "FE-11.5.9.4", None)
            g.return_beast(c.beast)  # FE-11.5.9.4: the beast flees
        c.step = "cleanup"
        return None
    a_hero, d_hero = g.s.heroes[c.active.hero], g.s.heroes[c.defender.hero]
    if c.kind == "duel":
        c.winner = "active" if c.active.dealt > c.defender.dealt else "defender"  # defender wins ties
        winner = c.active if c.winner == "active" else c.defender
        record.combat_ending(c, "damage", "FE-17.2.4", c.winner)
        effects.gain_vp(g, winner.team, 1, "duel")
        for h in (a_hero, d_hero):
            h.damage = 0
        c.step = "cleanup"
        return None
    if g.options["faster_combat"]:
        # FE-12.1: fewer HP moves to the nearest friendly outpost; equal HP, the active hero (AMB-30).
        loser = a_hero if q.hp(g, a_hero) <= q.hp(g, d_hero) else d_hero
        c.winner = "defender" if loser is a_hero else "active"
        record.combat_ending(c, "fewer-hp", "FE-12.1", c.winner)
        _retreat(g, c, loser)
        c.step = "cleanup"
        return None
    if c.enemy_active:  # solo: the player's hero defends, so it wins ties
        c.winner = "active" if c.active.dealt >= c.defender.dealt else "defender"
    else:
        c.winner = (
            "active" if c.active.dealt > c.defender.dealt else "defender"
        )  # FE-11.5.9.2: defender wins ties
    record.combat_ending(c, "damage", "FE-11.5.9.2", c.winner)
    loser = d_hero if c.winner == "active" else a_hero
    if g.first_game:
        _retreat(g, c, loser)  # FE-7.4
    elif g.options["stronger_together"]:
        _retreat(g, c, loser)  # FE-12.3.3
    else:
        winner_team = a_hero.team if c.winner == "active" else d_hero.team
        g.s.pending.append(
            {"kind": "push", "hero": loser.id, "team": winner_team, "combat_area": c.area}
        )  # AMB-18
    c.step = "cleanup"
    return None


def time_due(g, c: Combat, team: str) -> bool:
    """FE-13.3: with Power Dice a team's unused time card must be activated before the totals (when it can
    be: two cards on the board to swap)."""
    mine = next((s for s in sides(c) if s.team == team), None)
    return (
        g.options["power_dice"]
        and mine is not None
        and "time" in mine.beside
        and sum(len(cards) for cards in mine.board.values()) >= 2
    )


def _zone_dice(g, c: Combat, side: Side) -> dict[str, int]:
    """AMB-39.1: a zone's dice are its card values plus flat bonuses; base initiative is not rolled."""
    t = totals(g, c, side)
    t["initiative"] -= q.printed(g, g.s.heroes[side.hero], "initiative")
    return powerdice.dice_in(t)


def _key(c: Combat, side: Side) -> str:
    return "active" if side is c.active else "defender"


def _side(c: Combat, key: str) -> Side:
    return c.active if key == "active" else c.defender


def _rolls(c: Combat, side: Side) -> bool:
    return not (side is c.defender and c.kind in BOARDLESS)  # a beast or boss does not roll (FE-13.6)


def _pools(g, c: Combat, stage: str) -> list[dict]:
    auto = c.pd.get("auto", {})
    if stage == "ini":
        wanted = [(c.active, "initiative"), (c.defender, "initiative")]
    else:
        first = _side(c, c.pd["first"])
        attacker, defender = (
            (first, opponent(c, first)) if stage == "strike1" else (opponent(c, first), first)
        )
        wanted = [(attacker, "attack"), (defender, "defence")]
    out = []
    for side, zone in wanted:
        if _rolls(c, side):
            key = _key(c, side)
            out.append(
                powerdice.pool(key, zone, _zone_dice(g, c, side)[zone], auto.get(key, {}).get(zone, 0))
            )
    return out


def _value(g, c: Combat, side: Side, zone: str) -> int:
    if not _rolls(c, side):
        return totals(g, c, side)[zone]  # AMB-42: the enemy's fixed value
    p = next(p for p in c.pd["pools"] if p["side"] == _key(c, side) and p["zone"] == zone)
    hero = g.s.heroes[side.hero]
    bonus = q.printed(g, hero, "initiative") if zone == "initiative" else 0  # AMB-39.2, WE-08
    return powerdice.result(p) + bonus


def _power_dice(g, c: Combat) -> dict | None:
    """FE-13.4–13.6: roll the pools of the stage; then compare."""
    for p in c.pd["pools"]:
        if p["dice"] is None:
            if p["n"] == 0:
                p["dice"], p["done"] = [], True
                continue
            return {
                "kind": "roll",
                "die": "wild",
                "count": p["n"],
                "hero": _side(c, p["side"]).hero,
                "for": "pd",
            }
        if not p["done"]:
            if "reroll" in p["dice"]:
                return {"kind": "pd_dice", "hero": _side(c, p["side"]).hero}
            p["done"] = True
    stage = c.pd["stage"]
    if stage == "ini":
        a, d = _value(g, c, c.active, "initiative"), _value(g, c, c.defender, "initiative")
        c.pd["ini"] = {"active": a, "defender": d}
        c.pd["first"] = "active" if a >= d else "defender"  # AMB-40: a tie, the active side first, no loss
        if a != d:
            first = _side(c, c.pd["first"])
            hurt(g, c, opponent(c, first), 1, by=first)
        if someone_down(g, c):
            c.step = "defeats"
            return None
        c.pd["stage"] = "strike1"
    else:
        first = _side(c, c.pd["first"])
        attacker = first if stage == "strike1" else opponent(c, first)
        defender = opponent(c, attacker)
        damage = _value(g, c, attacker, "attack") - _value(g, c, defender, "defence")
        if damage > 0:
            hurt(g, c, defender, damage, by=attacker)  # FE-13.5.1
        if stage == "strike2" or someone_down(g, c):
            c.step = "defeats"
            return None
        c.pd["stage"] = "strike2"
    c.pd["pools"] = _pools(g, c, c.pd["stage"])
    return None


def pd_rolled(g, faces: list[str]) -> None:
    c = g.s.combat
    p = next(p for p in c.pd["pools"] if not p["done"])
    if p["dice"] is None:
        p["dice"] = faces
    else:
        for i, face in zip(p["reroll"], faces, strict=True):
            p["dice"][i] = face


def event_excess(g, event: dict) -> None:
    aw = need(g, "excess", event)
    c = g.s.combat
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-13.2", "{hero} assigns its automatic successes now", hero=g.name(aw["hero"]))
    side = side_of(c, hero.id)
    c.pd["auto"][_key(c, side)] = powerdice.check_excess(event, aw["count"], _zone_dice(g, c, side))


def event_pd_dice(g, event: dict) -> None:
    """FE-6.9.4 inside Power Dice: reroll (every reroll face plus chosen extras) or stop."""
    aw = need(g, "pd_dice", event)
    c = g.s.combat
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-13.4", "{hero} handles its dice now", hero=g.name(aw["hero"]))
    p = next(p for p in c.pd["pools"] if not p["done"])
    if event["type"] == "stop":
        p["done"] = True  # AMB-44: a reroll face left showing counts 0
        return
    p["reroll"] = powerdice.check_reroll(p["dice"], event.get("extra", []))
    g.s.pending.append(
        {"kind": "roll", "die": "wild", "count": len(p["reroll"]), "hero": hero.id, "for": "pd"}
    )


def _retreat(g, c: Combat, loser) -> None:
    movers = [loser]
    if g.options["stronger_together"]:
        movers += [h for h in q.heroes_in(g, c.area, loser.team) if h.id != loser.id]  # FE-12.3.3
    for h in movers:
        g.s.pending.append({"kind": "retreat", "hero": h.id, "team": h.team})


def _discard_round(g, side: Side) -> None:
    if side.hero is None:
        return
    t = g.s.teams[side.team]
    for zone in ZONES:
        t.discard.extend(card for card, *_ in side.board[zone])
        side.board[zone] = []
    t.discard.extend(side.beside + side.focus_pile + side.hand + side.tool)
    side.beside, side.focus_pile, side.hand, side.tool = [], [], [], []
    side.tool_draw = False
    side.placed, side.last_zone, side.out, side.passed, side.hand_focusable = 0, None, False, False, True
    side.bonus = {"attack": 0, "defence": 0, "initiative": 0}


def cleanup(g) -> None:
    """Step 10 (FE-11.5.10.1): every combat card back into its deck (21 again); weapons removed."""
    c = g.s.combat
    for side in sides(c):
        _discard_round(g, side)
        t = g.s.teams[side.team]
        t.deck.extend(t.discard)
        t.discard = []
    record.combat_over(g, c)
    g.s.combat = None


# -- events ---------------------------------------------------------------------------------------------
def need(g, kind: str, event: dict) -> dict:
    aw = g.awaiting
    if aw is None or aw["kind"] != kind:
        raise IllegalEvent(*due.not_now(g, Text("no {kind} decision is awaited now", kind=kind), "FE-11.5"))
    return aw


def event_weapon(g, event: dict) -> None:
    aw = need(g, "weapon", event)
    c = g.s.combat
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent(
            "FE-11.5.1.H", "{hero} chooses a weapon first (the active player starts)", hero=g.name(aw["hero"])
        )
    weapons = {w["id"]: w for w in g.content.heroes[hero.id]["weapons"]}
    wid = event.get("weapon")
    found = (
        wid
        if wid in weapons
        else next(
            (
                k
                for k, w in weapons.items()
                if isinstance(wid, str) and wid.casefold() in (w["name"].casefold(), w["type"])
            ),
            None,
        )
    )  # noqa: E501
    if found is None:
        raise IllegalEvent(
            "FE-11.2.1",
            "{id} has no weapon {wid!r} (its weapons: {weapons})",
            id=g.name(hero.id),
            wid=wid,
            weapons=", ".join(weapons),
        )
    side_of(c, hero.id).weapon = found


def apply_draw(g, aw: dict, cards: list[str]) -> None:
    c = g.s.combat
    side = side_of(c, aw["hero"])
    if aw["for"] == "tool":
        side.tool_draw = False
        side.tool = cards
        side.hand_focusable = False  # AMB-35: the two cards a tool draws cannot be focused
    else:
        side.hand = cards
        if aw["for"] == "place":
            side.hand_focusable = side.hand_focusable


def event_focus(g, event: dict) -> None:
    """FE-11.5.3.5: discard the drawn card to the temporary pile and draw again, up to mind times."""
    aw = need(g, "step3", event)
    c = g.s.combat
    side = _acting(g, aw, event)
    mind = q.printed(g, g.s.heroes[side.hero], "mind")
    if not side.hand_focusable:
        raise IllegalEvent(
            "FE-11.5.3.5", "a card drawn through a tool or an ability cannot be focused away (AMB-35)"
        )
    if side.focus_used >= mind:
        raise IllegalEvent("FE-11.5.3.5", ("{hero} has focused {focus_used} time(s) in this combat, as many as its mind ({mind}) allows " "(AMB-14)"), hero=g.name(side.hero), focus_used=side.focus_used, mind=mind)  # fmt: skip
    side.focus_used += 1
    side.focus_pile.append(side.hand.pop())
    del c  # the next draw is awaited by step 3


def event_place(g, event: dict) -> None:
    """FE-11.5.3.1–8: play the drawn card into a zone (or a time card beside the board)."""
    c = g.s.combat
    aw = g.awaiting
    if aw is None or aw["kind"] not in ("step3", "place4"):
        raise IllegalEvent(*due.not_now(g, Text("no combat card waits to be played now"), "FE-11.5.3"))
    side = _acting(g, aw, event)
    card = side.hand[0]
    zone = event.get("zone")
    if zone not in (*ZONES, "beside"):
        raise UnreadableLog("'zone' must be attack, defence, initiative or beside", rule="LOG-5.1")
    zones = legal_zones(g, c, side, card)
    if zone not in zones:
        raise IllegalEvent(_zone_rule(g, c, side, card, zone), _zone_reason(g, c, side, card, zone, zones))
    side.hand.pop()
    kind = card_kind(g, card)
    side.hand_focusable = True
    record.combat_card_played(g, side.team, card)
    if kind == "time":
        side.beside.append(card)  # FE-11.4.4: not a placement; draw again
        return
    face_up = kind != "base" or c.kind in BOARDLESS  # FE-11.5.3.2 (face up either way once revealed)
    side.board[zone].append([card, face_up, False, kind])
    if c.step != "place":
        return  # FE-11.5.4.5: a card placed by an effect in step 4
    side.last_zone = zone
    if kind == "flow":
        return  # FE-11.4.2: not a placement; draw again at once
    if kind == "surge":
        weapon = g.content.weapons[side.weapon]
        if weapon["surge"].get("immediate"):
            side.board[zone][-1][2] = True  # FE-11.5.3.3
            _surge_effect(g, c, side, weapon["surge"]["effect"])
    _placed(c, side)


def _zone_rule(g, c, side, card, zone) -> str:
    if zone == "beside" or card_kind(g, card) == "time":
        return "FE-11.4.4"
    if zone == side.last_zone and c.step == "place":
        return "FE-11.5.3.6"
    if g.options["power_dice"]:
        return "FE-13.1.1"
    return "FE-11.5.3.7"


def _zone_reason(g, c, side, card, zone, zones) -> str:
    name = g.content.combat_cards[card]["name"]
    if card_kind(g, card) == "time":
        return Text("a time card is played beside the combat board, not into a zone")
    if zone == "beside":
        return Text(
            "only a time card goes beside the board; {name} is played into a zone ({zones})",
            name=name,
            zones=", ".join(zones),
        )
    if zone == side.last_zone and c.step == "place":
        return Text(
            "{name} cannot go into {zone} again: the previous card went there (legal now: {value})",
            name=name,
            zone=zone,
            value=", ".join(zones) or "none",
        )
    return Text(
        "the {zone} zone already holds its limit of cards (legal now: {value})",
        zone=zone,
        value=", ".join(zones) or "none",
    )


def _acting(g, aw: dict, event: dict) -> Side:
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent(
            "FE-11.5.3.1",
            "it is {hero}'s card to play, not {id}'s",
            hero=g.name(aw["hero"]),
            id=g.name(hero.id),
        )
    return side_of(g.s.combat, hero.id)


def event_keep(g, event: dict) -> None:
    """FE-11.4.5: of the two cards a tool drew, keep one to play and discard the other."""
    aw = need(g, "keep", event)
    side = _acting(g, aw, event)
    card = g.content.find("combat_cards", event.get("card"))
    if card not in side.tool:
        raise IllegalEvent("FE-11.4.5", "the tool drew {tool}; keep one of them", tool=", ".join(side.tool))
    rest = list(side.tool)
    rest.remove(card)
    g.s.teams[side.team].discard.extend(rest)
    side.tool = []
    side.hand = [card]
    side.hand_focusable = False


def step4_side(g, event: dict, aw: dict) -> Side:
    c = g.s.combat
    hero = g.hero_arg(event)
    side = side_of(c, hero.id)
    if side is None or side.team != aw["team"]:
        raise IllegalEvent(
            "FE-11.5.4.2",
            "{id} is not the {team_name} hero in this combat",
            id=g.name(hero.id),
            team_name=g.team_name(aw["team"]),
        )
    return side


def event_step4(g, event: dict) -> None:
    aw = need(g, "step4", event)
    c = g.s.combat
    kind = event["type"]
    team = aw["team"]
    if kind == "pass":
        if event.get("team", team) != team and g.content.find("heroes", event.get("team")) is None:
            raise IllegalEvent(
                "FE-11.5.4.2", "it is the {team_name} team's opportunity", team_name=g.team_name(team)
            )
        if time_due(g, c, team):
            raise IllegalEvent(
                "FE-13.3", "with Power Dice every time card is activated before the totals: use it first"
            )
        c.step4_order.pop(0)  # FE-11.5.4.2: a team that passes takes no further part
        return
    if kind == "surge":
        side = step4_side(g, event, aw)
        zone = event.get("zone")
        cards = side.board.get(zone) if zone in ZONES else None
        slot = next((x for x in (cards or []) if x[3] == "surge" and not x[2] and x[1] is not None), None)
        if slot is None:
            raise IllegalEvent(
                "FE-11.5.4.3",
                "there is no unused face-up surge card in {hero}'s {zone} zone (AMB-32)",
                hero=g.name(side.hero),
                zone=zone,
            )
        slot[2] = True
        _surge_effect(g, c, side, g.content.weapons[side.weapon]["surge"]["effect"])
    elif kind == "time":
        side = step4_side(g, event, aw)
        if "time" not in side.beside:
            raise IllegalEvent(
                "FE-11.4.4", "{hero} has no time card beside its board", hero=g.name(side.hero)
            )
        swap = event.get("swap")
        try:
            (za, ia), (zb, ib) = swap
            ca, cb = side.board[za][ia], side.board[zb][ib]
        except (TypeError, ValueError, KeyError, IndexError):
            raise IllegalEvent("AMB-33", ("the time card swaps two cards on {hero}'s own board; 'swap' must name two of them as [zone, " "position]"), hero=g.name(side.hero)) from None  # fmt: skip
        if ca is cb:
            raise IllegalEvent("AMB-33", "the time card swaps two different cards")
        side.board[za][ia], side.board[zb][ib] = cb, ca
        side.beside.remove("time")
        g.s.teams[side.team].discard.append("time")
    elif kind == "spell":
        _spell(g, c, event, team)
    elif kind == "consumable":
        side = step4_side(g, event, aw)
        hero = g.s.heroes[side.hero]
        card = g.content.lookup("support_cards", event.get("card"), path="card", what="card")
        info = g.content.support[card]
        if card not in hero.baggage or info.get("subtype") != "consumable":
            raise IllegalEvent(
                "FE-16.3.6",
                "{id} owns no consumable {name} (only the heroes in the combat may use theirs)",
                id=g.name(hero.id),
                name=info["name"],
            )  # noqa: E501
        hero.baggage.remove(card)
        g.discard_support(card)
        record.support_card_used(g, hero.team, card)
        use = info.get("use") or {}
        for k, v in (use.get("bonus") or {}).items():
            side.bonus[k] += int(v)
        if use.get("heal"):
            effects.heal(g, hero, int(use["heal"]))
    elif kind == "soldiers":
        side = step4_side(g, event, aw)
        hero = g.s.heroes[side.hero]
        spend = {z: event.get(z, 0) for z in ZONES}
        if not all(isinstance(v, int) and v >= 0 for v in spend.values()):
            raise UnreadableLog(
                "'attack', 'defence' and 'initiative' must be whole numbers of soldiers", rule="LOG-5.1"
            )
        n = sum(spend.values())
        if side.soldiers_used:
            raise IllegalEvent(
                "FE-11.5.4.3", "soldiers may be removed for a bonus only once per combat (AMB-28)"
            )
        have = q.soldiers(g, c.area, hero.team) if c.area else 0
        if n < 1 or n > have:
            raise IllegalEvent("FE-11.5.4.3", "{id} has {have} friendly soldier(s) in its area; it cannot remove {n}", id=g.name(hero.id), have=have, n=n)  # fmt: skip
        effects.remove_soldiers(g, c.area, hero.team, n)
        side.soldiers_used = True
        for z, v in spend.items():
            side.bonus[z] += v
    else:
        raise IllegalEvent("FE-11.5.4.3", "'{kind}' is not an option of step 4", kind=kind)
    c.step4_order.append(c.step4_order.pop(0))  # the teams alternate


def _spell(g, c: Combat, event: dict, team: str) -> None:
    """FE-11.5.4.3 b, FE-16.4.4: a combat spell held by any hero of the team (AMB-11: its own team)."""
    owner = g.hero_arg(event)
    if owner.team != team:
        raise IllegalEvent(
            "AMB-11",
            "{id} is not on the {team_name} team; a team plays only its own spells",
            id=g.name(owner.id),
            team_name=g.team_name(team),
        )
    card = g.content.lookup("support_cards", event.get("spell"), path="spell", what="spell")
    info = g.content.support[card]
    if card not in owner.spells:
        raise IllegalEvent(
            "FE-16.4.1", "{id} does not hold the spell {name}", id=g.name(owner.id), name=info["name"]
        )
    if "combat" not in info.get("kinds", []):
        raise IllegalEvent("FE-16.4.2", "{name} is not a combat spell", name=info["name"])
    friendly = next((s for s in sides(c) if s.team == team), None)
    enemy = opponent(c, friendly) if friendly is not None else c.active
    effect = info.get("effect") or {}
    owner.spells.remove(card)
    g.discard_support(card)
    record.support_card_used(g, team, card)
    if info.get("target") == "enemy":
        if effect.get("damage"):
            hurt(g, c, enemy, int(effect["damage"]), by=friendly)
        for k, v in (effect.get("bonus") or {}).items():
            enemy.bonus[k] -= int(v)
    elif friendly is not None:  # FE-16.4.4.2: otherwise the friendly hero in the combat
        for k, v in (effect.get("bonus") or {}).items():
            friendly.bonus[k] += int(v)
        if effect.get("heal"):
            effects.heal(g, g.s.heroes[friendly.hero], int(effect["heal"]))
        if effect.get("damage"):
            hurt(g, c, enemy, int(effect["damage"]), by=friendly)


def event_flee(g, event: dict) -> None:
    """FE-11.5.8: only the active player, only after round 1 with nobody defeated; 2 Eternium; an adjacent
    area with no enemy miniatures. The enemy wins; nobody scores."""
    aw = need(g, "flee", event)
    c = g.s.combat
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-11.5.8.1", "only the active player may flee; the defender may not")
    if event["type"] == "fight_on":
        c.step = "outcome"
        return
    to = g.area_arg(event, "to")
    options = q.safe_adjacent(g, hero, c.area)
    if to not in options:
        raise IllegalEvent("FE-11.5.8.2", "{id} can flee only to an adjacent area without enemy miniatures ({value})", id=g.name(hero.id), value=', '.join(options) or 'there is none: it cannot flee')  # fmt: skip
    effects.pay(g, hero.team, g.flee_cost(c), "FE-11.5.8.2", Text("fleeing"))
    hero.area = to
    c.winner = "defender"
    record.combat_ending(c, "fled", "FE-11.5.8.2", "defender")
    if c.kind == "beast":
        g.return_beast(c.beast)  # AMB-36
    c.step = "cleanup"
    g.s.stats["flees"] = g.s.stats.get("flees", 0) + 1
