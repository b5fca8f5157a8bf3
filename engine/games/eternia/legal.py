"""legal_events(): what a player could log next, built from the predicates the handlers use.

Moves are offered as one cheapest path per reachable destination; draws and rolls in recorded mode as
each card or face that could come up (a simulator supplies multi-card draws itself).
"""

from __future__ import annotations

from itertools import combinations

from engine.core.errors import IllegalEvent
from engine.games.eternia import actions, epic, skirmish, solo
from engine.games.eternia import queries as q
from engine.games.eternia.content import ZONES
from engine.games.eternia.objectives import met
from engine.games.eternia.wild import VALUE


def _ok(fn, *args) -> bool:
    try:
        fn(*args)
    except IllegalEvent:
        return False
    return True


def legal_events(g) -> list[dict]:
    aw = g.awaiting
    if aw is None:
        return []
    fn = GENERATORS.get(aw["kind"])
    return fn(g, aw) if fn else []


def _activate(g, aw):
    return [
        {"type": "activate", "hero": h} for h in g.s.teams[aw["team"]].heroes if not g.s.heroes[h].activated
    ]


def paths(g, hero) -> dict[str, list[str]]:
    """The cheapest legal path to each area a Move could end in (FE-9.2)."""
    mp = q.stat(g, hero, "movement")
    flying = q.can_fly(g, hero)
    best = {hero.area: (0, [])}
    frontier = [hero.area]
    while frontier:
        nxt = []
        for here in frontier:
            cost, path = best[here]
            if here != hero.area and q.enemies_present(g, here, hero.team) and not flying:
                continue  # FE-9.2.4: entering enemies ends the move
            for area in g.board.neighbours(here, flying=flying):
                step = g.board.cost[(here, area)]
                if cost + step > mp or not q.may_enter(g, hero, area):
                    continue
                if area not in best or best[area][0] > cost + step:
                    best[area] = (cost + step, path + [area])
                    nxt.append(area)
        frontier = nxt
    out = {}
    for area, (_cost, path) in best.items():
        if path and _ok(actions.check_move, g, hero, path):
            out[area] = path
    return out


def _turn(g, aw):
    s = g.s
    hero = s.heroes[aw["hero"]]
    turn = s.turn
    out = [{"type": "end_turn", "hero": hero.id}]

    def can(action):
        return not turn.rested and action not in turn.actions and len(turn.actions) < 2

    if can("move"):
        out += [{"type": "move", "hero": hero.id, "path": p} for p in paths(g, hero).values()]
    if can("move_outposts"):
        out += [{"type": "move_outposts", "hero": hero.id, "to": a} for a in sorted(g.board.paths.get(hero.area, ()))
                if _ok(actions.check_move_outposts, g, hero, a)]  # fmt: skip
    if can("fast_travel"):
        out += [
            {"type": "fast_travel", "hero": hero.id, "to": a}
            for a in g.board.towers
            if _ok(actions.check_fast_travel, g, hero, a)
        ]
    if can("mobilise"):
        out += [
            {"type": "fortify", "hero": hero.id, "soldiers": k}
            for k in (1, 2, 3)
            if _ok(actions.check_fortify, g, hero, k)
        ]
        sources = [hero.area, *sorted(g.board.adjacent[hero.area])]
        for src in sources:
            have = q.soldiers(g, src, hero.team)
            for dst in sorted(g.board.paths.get(src, ())):
                for k in range(1, have + 1):
                    if _ok(actions.check_move_soldiers, g, hero, src, dst, k):
                        out.append(
                            {"type": "move_soldiers", "hero": hero.id, "from": src, "to": dst, "soldiers": k}
                        )
    if can("face_wilds"):
        out += [
            {"type": "face_wilds", "hero": hero.id, "pay": p}
            for p in (False, True)
            if _ok(actions.check_face_wilds, g, hero, p)
        ]
    if can("mission") and _ok(actions.check_mission, g, hero):
        out.append({"type": "mission", "hero": hero.id})
    if can("rest") and _ok(actions.check_rest, g, hero):
        out.append({"type": "rest", "hero": hero.id})
    if "trade" not in turn.free:
        for other in q.heroes_in(g, hero.area, hero.team):
            if other.id != hero.id:
                out += [
                    {"type": "trade", "hero": hero.id, "with": other.id, "give": [c]}
                    for c in q.owned_cards(hero)
                ]
    if "merchant" not in turn.free:
        for kind in actions.MERCHANT_DECK:
            if q.merchant_count(g, hero.team, kind):
                out.append({"type": "merchant", "hero": hero.id, "merchant": kind, "refresh": False})
                if s.teams[hero.team].eternium >= 1:
                    out.append({"type": "merchant", "hero": hero.id, "merchant": kind, "refresh": True})
    if g.mode == "skirmish":
        if "train" not in turn.free:
            for card in skirmish.TRAIN:
                if _ok(skirmish.check_train, g, hero, card):
                    out.append({"type": "train", "hero": hero.id, "card": card})
        if can("mount") and _ok(skirmish.check_mount, g, hero):
            out.append({"type": "acquire_mount", "hero": hero.id})
    for spell in hero.spells:
        if "map" in g.content.support[spell].get("kinds", []):
            out.append({"type": "map_spell", "hero": hero.id, "spell": spell})
    for card in hero.baggage:
        if g.content.support.get(card, {}).get("subtype", "consumable") != "consumable":
            out.append({"type": "equip", "hero": hero.id, "card": card})
    if g.mode == "solo" and hero.team == g.player_team and solo.objective_unmet(g) is None:
        out.append({"type": "scenario_complete", "team": hero.team})
    team = s.teams[hero.team]
    if team.victory_hand and team.eternium >= 1:
        out.append({"type": "redraw_victory", "team": hero.team, "cards": [team.victory_hand[0]]})
    out += _claims(g)
    return out


def _claims(g):
    out = []
    if g.mode != "standard":
        return out
    for team, t in g.s.teams.items():
        room = len(t.victory_revealed) + len(t.victory_done) < len(t.heroes)
        for card in t.victory_hand if room else []:
            if met(g, team, card, "primary") is None:
                out.append({"type": "claim_victory", "team": team, "card": card, "objective": "primary"})
        for card in t.victory_revealed:
            if met(g, team, card, "secondary") is None:
                out.append({"type": "claim_victory", "team": team, "card": card, "objective": "secondary"})
    return out


def _buy(g, aw):
    hero = g.s.heroes[aw["hero"]]
    offer = g.s.offers[aw["merchant"]] or []
    n = q.merchant_count(g, hero.team, aw["merchant"])
    pool = g.s.teams[hero.team].eternium
    out = []
    for k in range(0, min(2, len(offer)) + 1):
        for combo in combinations(offer, k):
            if sum(q.price(g.content.support[c]["cost"], n) for c in combo) <= pool:
                out.append({"type": "buy", "hero": hero.id, "cards": list(combo)})
    return out


def legal_battle_cards(g) -> list[str]:
    """FE-18.5.2, AMB-49: the cards of the chosen battle deck that match an enemy weapon, not round 1's."""
    c = g.s.combat
    exclude = c.battle_used[-1] if c.battle_used else None
    return [
        card
        for card in g.s.decks[c.battle_deck]
        if _ok(solo.check_battle_card, g, c.battle_deck, card, c.defender.hero, exclude)
    ]


def _draw(g, aw):
    base = {"type": "draw", "deck": aw["deck"]}
    if g.chance.seeded:
        return [base]
    if aw["for"] == "battle":
        return [{**base, "cards": [card]} for card in legal_battle_cards(g)]
    if aw["deck"] == "combat":
        deck = g.s.teams[aw["team"]].deck
    else:
        deck = g.s.decks[aw["deck"]]
        if len(deck) < aw["count"]:  # FE-6.13.2: the discards are shuffled in first, as the handler does
            deck = deck + g.s.discards[aw["deck"]]
    n = min(aw["count"], len(deck))
    if n == 1:
        return [{**base, "cards": [c]} for c in sorted(set(deck))]
    return [{**base, "cards": list(deck[:n])}]


def _roll(g, aw):
    base = {"type": "roll", "die": aw["die"]}
    if g.chance.seeded:
        return [base]
    return [{**base, "faces": [f] * aw["count"]} for f in sorted(set(g.chance.results[aw["die"]]))]


def _weapon(g, aw):
    return [
        {"type": "weapon", "hero": aw["hero"], "weapon": w["id"]}
        for w in g.content.heroes[aw["hero"]]["weapons"]
    ]


def _step3(g, aw):
    c = g.s.combat
    side = epic.side_of(c, aw["hero"])
    card = side.hand[0]
    out = [{"type": "place", "hero": side.hero, "zone": z} for z in epic.legal_zones(g, c, side, card)]
    if (
        side.hand_focusable
        and side.focus_used < q.printed(g, g.s.heroes[side.hero], "mind")
        and aw["kind"] == "step3"
    ):
        out.append({"type": "focus", "hero": side.hero})
    return out


def _keep(g, aw):
    return [{"type": "keep", "hero": aw["hero"], "card": c} for c in sorted(set(aw["cards"]))]


def _step4(g, aw):
    c = g.s.combat
    team = aw["team"]
    out = [] if epic.time_due(g, c, team) else [{"type": "pass", "team": team}]
    side = next((s for s in epic.sides(c) if s.team == team), None)
    if side is not None:
        for zone in ZONES:
            if any(x[3] == "surge" and not x[2] for x in side.board[zone]):
                out.append({"type": "surge", "hero": side.hero, "zone": zone})
        cards = [(z, i) for z in ZONES for i in range(len(side.board[z]))]
        if "time" in side.beside and len(cards) >= 2:
            out.append({"type": "time", "hero": side.hero, "swap": [list(cards[0]), list(cards[-1])]})
        hero = g.s.heroes[side.hero]
        for card in hero.baggage:
            if g.content.support[card].get("subtype") == "consumable":
                out.append({"type": "consumable", "hero": hero.id, "card": card})
        have = q.soldiers(g, c.area, team) if c.area else 0
        if have and not side.soldiers_used:
            out += [{"type": "soldiers", "hero": hero.id, z: have} for z in ZONES]
    for hid in g.s.teams[team].heroes:
        for spell in g.s.heroes[hid].spells:
            if "combat" in g.content.support[spell].get("kinds", []):
                out.append({"type": "spell", "hero": hid, "spell": spell})
    return out


def _flee(g, aw):
    c = g.s.combat
    hero = g.s.heroes[aw["hero"]]
    out = [{"type": "fight_on", "hero": hero.id}]
    if g.s.teams[hero.team].eternium >= g.flee_cost(c):
        out += [{"type": "flee", "hero": hero.id, "to": a} for a in q.safe_adjacent(g, hero, c.area)]
    return out


def _penalty(g, aw):
    hero = g.s.heroes[aw["hero"]]
    need = g.defeat_penalty(hero.team)
    pool = g.s.teams[hero.team].eternium
    valued = [c for c in q.owned_cards(hero) if g.card_value(c) > 0]
    out = []
    if pool >= need:
        out.append({"type": "pay_defeat", "hero": hero.id, "eternium": need, "cards": []})
    for card in valued:
        rest = max(0, need - g.card_value(card))
        if rest <= pool:
            out.append({"type": "pay_defeat", "hero": hero.id, "eternium": rest, "cards": [card]})
    if pool + sum(g.card_value(c) for c in valued) < need:
        out.append({"type": "pay_defeat", "hero": hero.id, "eternium": pool, "cards": valued})  # AMB-12
    elif not out:
        cards, value = [], 0
        for card in sorted(valued, key=g.card_value, reverse=True):
            if value + pool >= need:
                break
            cards.append(card)
            value += g.card_value(card)
        out.append({"type": "pay_defeat", "hero": hero.id, "eternium": max(0, need - value), "cards": cards})
    return out


def _discard(g, aw):
    hero = g.s.heroes[aw["hero"]]
    held = hero.baggage if aw["what"] == "baggage" else hero.spells
    return [{"type": "discard", "hero": hero.id, "cards": list(held[: aw["count"]])},
            {"type": "discard", "hero": hero.id, "cards": list(held[-aw["count"]:])}]  # fmt: skip


def _trim(g, aw):
    return [{"type": "trim", "team": aw["team"], "card": c} for c in sorted(set(g.s.teams[aw["team"]].deck))]


def _move_loser(g, aw):
    return [{"type": aw["kind"], "hero": aw["hero"], "to": a} for a in actions.move_options(g, aw)]


def _defender(g, aw):
    return [{"type": "defender", "hero": h} for h in aw["heroes"]]


def _hits(g, aw):
    out = []
    for prefer in ("soldier", "hero"):
        area, team = aw["area"], aw["team"]
        hp = {h.id: q.hp(g, h) for h in q.heroes_in(g, area) if h.team != team}
        enemy = sum(n for t, n in g.s.soldiers.get(area, {}).items() if t != team)
        mine = q.soldiers(g, area, team)
        hits = []
        for _ in range(mine):
            alive = [h for h, v in hp.items() if v > 0]
            if prefer == "soldier" and enemy:
                hits.append("soldier")
                enemy -= 1
            elif alive:
                hits.append(alive[0])
                hp[alive[0]] -= 1
            elif enemy:
                hits.append("soldier")
                enemy -= 1
            else:
                break
        out.append({"type": "hits", "team": aw["defender"], "targets": hits})
    return out


def _ally(g, aw):
    hero = g.s.heroes[aw["hero"]]
    out = [{"type": "ally", "hero": hero.id, "acquire": False}]
    if g.free_heroes:
        out.append({"type": "ally", "hero": hero.id, "fight": True})
    if g.s.teams[hero.team].eternium >= g.content.encounters[aw["card"]]["cost"]:
        out.append({"type": "ally", "hero": hero.id, "acquire": True})
    return out


def _tame(g, aw):
    hero = g.s.heroes[aw["hero"]]
    out = [{"type": "tame", "hero": hero.id, "tame": False}]
    card = aw["card"]
    cost = (
        g.content.epic_beasts[card]["taming_cost"]
        if card in g.content.epic_beasts
        else g.content.encounters[card]["cost"]
    )
    if g.s.teams[hero.team].eternium >= cost:
        out.append({"type": "tame", "hero": hero.id, "tame": True})
    return out


def _choose(g, aw):
    return [{"type": "choose", "hero": aw["hero"], "card": c} for c in aw["cards"]]


def _mission_result(g, aw):
    return [{"type": "mission_result", "hero": aw["hero"], "completed": v} for v in (True, False)]


def _wild_dice(g, aw):
    w = g.s.wild
    out = []
    rerolls = [i for i, f in enumerate(w.dice) if f == "reroll"]
    if rerolls:
        out.append({"type": "reroll", "hero": w.hero, "extra": []})
        blanks = [i for i, f in enumerate(w.dice) if f == "blank"][: len(rerolls)]
        if blanks:
            out.append({"type": "reroll", "hero": w.hero, "extra": blanks})
    order = sorted(range(len(w.dice)), key=lambda i: -VALUE[w.dice[i]])
    parts = {"defence": [], "hp": [], "attack": []}
    got = {"defence": 0, "hp": 0, "attack": 0}
    for i in order:
        if VALUE[w.dice[i]] == 0:
            continue
        key = (
            "defence"
            if got["defence"] < w.stats["defence"]
            else "hp"
            if got["hp"] < w.stats["hp"]
            else "attack"
        )
        parts[key].append(i)
        got[key] += VALUE[w.dice[i]]
    if got["defence"] < w.stats["defence"]:
        parts["attack"] += parts["hp"]
        parts["hp"] = []
    out.append({"type": "assign", "hero": w.hero, **parts})
    return out


def _duel(g, aw):
    return [{"type": "duel", "team": aw["team"], "hero": h} for h in g.s.teams[aw["team"]].heroes]


def _skirmish_buy(g, aw):
    st = g.s.setup
    heroes = [h for h in g.s.teams[aw["team"]].heroes if h not in st["passed"]]
    out = [{"type": "skirmish_pass", "hero": h} for h in heroes[:1]]
    pool = g.s.teams[aw["team"]].eternium
    for kind in ("shop", "guild"):
        for card in g.s.offers.get(kind) or []:
            if g.content.support[card]["cost"] <= pool:
                out += [{"type": "skirmish_buy", "hero": h, "card": card} for h in heroes[:1]]
    return out


def _deploy_zone(g, aw):
    taken = set(g.s.setup["zones"].values())
    return [
        {"type": "deploy_zone", "team": aw["team"], "deployment": z}
        for z in g.scenario["deployment_zones"]
        if z not in taken
    ]


def _deploy_soldiers(g, aw):
    team = aw["team"]
    zone = g.scenario["deployment_zones"][g.s.zones[team]]["areas"]
    sites = [a for a in zone if g.board.is_outpost(a) and g.board.base_of(a) is None]
    want = g.scenario.get("soldiers", 0)
    areas, left = {}, want
    for a in sites:
        n = min(3, left)
        if n:
            areas[a] = n
            left -= n
    return [{"type": "deploy_soldiers", "team": team, "areas": areas}] if not left else []


def _deploy_hero(g, aw):
    team = aw["team"]
    starts = g.scenario["deployment_zones"][g.s.zones[team]]["hero_starts"]
    heroes = [h for h in g.s.teams[team].heroes if g.s.heroes[h].area == ""]
    return [{"type": "deploy_hero", "hero": heroes[0], "to": a} for a in starts]


def _place_token(g, aw):
    return [{"type": "place_token", "team": aw["team"], "to": a} for a in skirmish._token_sites(g)]


def _respawn(g, aw):
    return [{"type": "respawn", "hero": aw["hero"], "to": a} for a in aw["options"]]


def _excess(g, aw):
    c = g.s.combat
    side = epic.side_of(c, aw["hero"])
    dice = epic._zone_dice(g, c, side)
    left, parts = aw["count"], {}
    for zone in sorted(dice, key=lambda z: -dice[z]):
        take = min(left, dice[zone])
        if take:
            parts[zone] = take
            left -= take
    return [{"type": "excess", "hero": aw["hero"], **parts}]


def _pd_dice(g, aw):
    return [{"type": "reroll", "hero": aw["hero"], "extra": []}, {"type": "stop", "hero": aw["hero"]}]


GENERATORS = {
    "excess": _excess,
    "pd_dice": _pd_dice,
    "skirmish_buy": _skirmish_buy,
    "deploy_zone": _deploy_zone,
    "deploy_soldiers": _deploy_soldiers,
    "deploy_hero": _deploy_hero,
    "place_token": _place_token,
    "respawn": _respawn,
    "activate": lambda g, aw: _activate(g, aw) + _claims(g),
    "turn": _turn,
    "buy": _buy,
    "draw": _draw,
    "roll": _roll,
    "weapon": _weapon,
    "step3": _step3,
    "place4": _step3,
    "keep": _keep,
    "step4": _step4,
    "flee": _flee,
    "penalty": _penalty,
    "discard": _discard,
    "trim": _trim,
    "push": _move_loser,
    "retreat": _move_loser,
    "defender": _defender,
    "hits": _hits,
    "ally": _ally,
    "tame": _tame,
    "choose": _choose,
    "mission_result": _mission_result,
    "wild_dice": _wild_dice,
    "duel": _duel,
}
