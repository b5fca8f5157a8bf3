"""A hero's turn: standard actions (FE-9.2–9.8), free actions (FE-9.9–9.10) and what a team may do
during its turn outside actions (FE-9.1.5: victory-card redraw, map spells, swapping equipment).

Each action has one predicate, ``check_<action>``, that raises IllegalEvent naming the rule broken; the
handler calls it before changing anything, and legal_events offers only what it accepts.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.eternia import due, effects, record, skirmish, soldiers, solo, wild
from engine.games.eternia import queries as q
from engine.games.eternia.objectives import met
from engine.games.eternia.state import SOLDIER_CAP

STANDARD = ("move", "move_outposts", "fast_travel", "mobilise", "face_wilds", "mission", "rest", "mount")
MERCHANT_DECK = {"forge": "vehicle", "shop": "equipment", "guild": "spell"}  # FE-6.7.1


# -- the acting hero ------------------------------------------------------------------------------------
def acting(g, event: dict, *, standard: str | None = None, free: str | None = None):
    aw = g.awaiting
    if aw is None or aw["kind"] != "turn":
        raise IllegalEvent(*due.not_now(g, Text("no hero is taking its turn now"), "FE-8.3"))
    hero = g.hero_arg(event)
    turn = g.s.turn
    if hero.id != turn.hero:
        raise IllegalEvent(
            "FE-8.3.1", "it is {hero}'s turn, not {id}'s", hero=g.name(turn.hero), id=g.name(hero.id)
        )
    if turn.over:
        raise IllegalEvent("FE-9.1.4", "{id}'s turn is over: only 'end_turn' may follow", id=g.name(hero.id))
    if standard is not None:
        if turn.rested:
            raise IllegalEvent("FE-9.8.2", "after resting, only free actions remain this turn")
        if standard in turn.actions:
            raise IllegalEvent(
                "FE-9.1.1",
                "each standard action may be performed once per turn; {standard} was already used",
                standard=standard,
            )
        if len(turn.actions) >= 2:
            raise IllegalEvent("FE-9.1.1", "a hero performs at most two standard actions per turn")
    if free is not None and free in turn.free:
        raise IllegalEvent(
            "FE-9.1.3", "each free action may be performed once per turn; {free} was already used", free=free
        )
    return hero


def _protected(g, area: str, team: str) -> bool:
    """FE-7.2, AMB-55: in the first game no enemy hero may be attacked before Skull Event 2."""
    return g.first_game and 2 not in g.s.skulls_done and any(h.team != team for h in q.heroes_in(g, area))


def arrive(g, hero, area: str) -> None:
    """A hero ends a move in ``area``: reveal a merchant's offer; fight whatever enemies are there."""
    hero.area = area
    effects.reveal_offers_at(g, area)
    if q.enemies_present(g, area, hero.team):
        g.s.queue.append({"area": area, "hero": hero.id})  # FE-10.2, FE-10.3
    boss = q.boss_in(g, area)
    if boss is not None:
        g.s.queue.append({"area": area, "hero": hero.id, "boss": boss})  # FE-11.0.1, FE-11.5.9.5


# -- standard actions ---------------------------------------------------------------------------------
def check_move(g, hero, path) -> None:
    if not isinstance(path, list) or not path or len(path) > 32 or not all(isinstance(a, str) for a in path):
        raise UnreadableLog("'path' must list the areas entered, in order", rule="LOG-5.1")
    mp = q.stat(g, hero, "movement")  # FE-9.2.1
    flying = q.can_fly(g, hero)
    here, spent, last = hero.area, 0, len(path) - 1
    for i, name in enumerate(path):
        area = g.content.lookup("areas", name, path="path", what="area")
        if area in g.board.adjacent[here]:
            spent += g.board.cost[(here, area)]
        elif area in g.board.flights[here]:
            if not flying:
                raise IllegalEvent(
                    "FE-6.6.1",
                    "only a flying hero may take the flight route from {here} to {area}",
                    here=g.name(here),
                    area=g.name(area),
                )
            spent += g.board.cost[(here, area)]  # FE-9.2.7: 2 MP
        else:
            raise IllegalEvent(
                "FE-6.1.3", "{area} is not adjacent to {here}", area=g.name(area), here=g.name(here)
            )
        if not q.may_enter(g, hero, area):
            raise IllegalEvent(
                "FE-6.3.3", "{area} is an enemy base: no enemy hero may enter it", area=g.name(area)
            )
        if i < last and not flying and q.enemies_present(g, area, hero.team):  # the cheap tests first
            raise IllegalEvent(
                "FE-9.2.4",
                "entering {area}, which holds enemy miniatures, ends the movement",
                area=g.name(area),
            )
        if i < last and not flying and q.boss_in(g, area):
            raise IllegalEvent("FE-11.0.1", "entering {area} meets the boss card in play there: the movement ends and an epic combat begins", area=g.name(area))  # fmt: skip
        here = area
    if spent > mp:
        raise IllegalEvent(
            "FE-9.2.1",
            "the path costs {spent} movement points; {id} has {mp}",
            spent=spent,
            id=g.name(hero.id),
            mp=mp,
        )
    if _protected(g, here, hero.team):
        raise IllegalEvent(
            "FE-7.2", "in the first game no one may attack enemy heroes before Skull Event 2 (AMB-55)"
        )


def event_move(g, event: dict) -> None:
    hero = acting(g, event, standard="move")
    check_move(g, hero, event.get("path"))
    g.s.turn.actions.append("move")
    arrive(g, hero, g.content.lookup("areas", event["path"][-1], path="path"))


def check_move_outposts(g, hero, to: str) -> None:
    """FE-9.3, AMB-03: one path from an outpost the team controls to another it controls."""
    if not g.board.is_outpost(hero.area):
        raise IllegalEvent("FE-9.3.1", "{id} is not in an outpost", id=g.name(hero.id))
    if to not in g.board.paths[hero.area]:
        raise IllegalEvent("FE-9.3.1", "no path links {area} to {to}", area=g.name(hero.area), to=g.name(to))
    if q.controller(g, to) != hero.team:
        raise IllegalEvent(
            "FE-9.3.1",
            "the {team_name} team does not control {to}",
            team_name=g.team_name(hero.team),
            to=g.name(to),
        )
    if q.stat(g, hero, "movement") < 1:
        raise IllegalEvent("FE-9.3.2", "moving between outposts costs 1 movement point")


def event_move_outposts(g, event: dict) -> None:
    hero = acting(g, event, standard="move_outposts")
    to = g.area_arg(event, "to")
    check_move_outposts(g, hero, to)
    g.s.turn.actions.append("move_outposts")
    arrive(g, hero, to)


def check_fast_travel(g, hero, to: str) -> None:
    if hero.area not in g.board.towers:
        raise IllegalEvent("FE-9.4.1", "{id} is not in a tower", id=g.name(hero.id))
    if to not in g.board.towers or to == hero.area:
        raise IllegalEvent(
            "FE-9.4.2",
            "fast travel goes to one of the other towers ({towers})",
            towers=", ".join(t for t in g.board.towers if t != hero.area),
        )
    if not q.may_enter(g, hero, to):
        raise IllegalEvent("FE-6.3.3", "{to} is an enemy base", to=g.name(to))
    if _protected(g, to, hero.team):
        raise IllegalEvent(
            "FE-7.2", "in the first game no one may attack enemy heroes before Skull Event 2 (AMB-55)"
        )


def event_fast_travel(g, event: dict) -> None:
    hero = acting(g, event, standard="fast_travel")
    to = g.area_arg(event, "to")
    check_fast_travel(g, hero, to)
    g.s.turn.actions.append("fast_travel")
    arrive(g, hero, to)  # AMB-59: combat as for any entry


def check_fortify(g, hero, k) -> None:
    """FE-9.5.2, AMB-23."""
    if not isinstance(k, int) or isinstance(k, bool):
        raise UnreadableLog("'soldiers' must be a whole number", rule="LOG-5.1")
    area = hero.area
    if not g.board.is_outpost(area):
        raise IllegalEvent("FE-9.5.2", "{id} is not in an outpost", id=g.name(hero.id))
    if g.board.base_of(area) is not None:
        raise IllegalEvent("FE-6.3.4", "no soldier may be placed in a base")
    if q.enemies_present(g, area, hero.team):
        raise IllegalEvent("FE-9.5.2", "{area} holds enemy miniatures", area=g.name(area))
    room = SOLDIER_CAP - q.soldiers(g, area, hero.team)
    supply = g.s.teams[hero.team].supply
    if k < 1 or k > room or k > supply:
        raise IllegalEvent("FE-9.5.2", ("{k} soldier(s) cannot be placed: room for {room} in {area} (at most 3 per team), {supply} in " "the supply"), k=k, room=room, area=g.name(area), supply=supply)  # fmt: skip


def event_fortify(g, event: dict) -> None:
    hero = acting(g, event, standard="mobilise")
    check_fortify(g, hero, event.get("soldiers"))
    g.s.turn.actions.append("mobilise")
    effects.place_soldiers(g, hero.area, hero.team, event["soldiers"])


def check_move_soldiers(g, hero, src: str, dst: str, k) -> None:
    """FE-9.5.3, AMB-22: soldiers of one outpost along one path; the hero there or adjacent."""
    if not isinstance(k, int) or isinstance(k, bool):
        raise UnreadableLog("'soldiers' must be a whole number", rule="LOG-5.1")
    if hero.area != src and src not in g.board.adjacent[hero.area]:
        raise IllegalEvent(
            "FE-9.5.3", "{id} must be in {src} or an area adjacent to it", id=g.name(hero.id), src=g.name(src)
        )
    have = q.soldiers(g, src, hero.team)
    if k < 1 or k > have:
        raise IllegalEvent(
            "FE-9.5.3",
            "the {team_name} team has {have} soldier(s) in {src}",
            team_name=g.team_name(hero.team),
            have=have,
            src=g.name(src),
        )
    if dst not in g.board.paths[src]:
        raise IllegalEvent(
            "AMB-22",
            "soldiers move along a path; none links {src} to {dst}",
            src=g.name(src),
            dst=g.name(dst),
        )
    if g.board.base_of(dst) is not None:
        raise IllegalEvent("FE-6.3.4", "no soldier may enter a base")
    if _protected(g, dst, hero.team):
        raise IllegalEvent(
            "FE-7.2", "in the first game no one may attack enemy heroes before Skull Event 2 (AMB-55)"
        )


def event_move_soldiers(g, event: dict) -> None:
    hero = acting(g, event, standard="mobilise")
    src, dst = g.area_arg(event, "from"), g.area_arg(event, "to")
    k = event.get("soldiers")
    check_move_soldiers(g, hero, src, dst, k)
    g.s.turn.actions.append("mobilise")
    here = g.s.soldiers[src]
    here[hero.team] -= k
    if not here[hero.team]:
        del here[hero.team]
    if not here:
        del g.s.soldiers[src]
    soldiers.enter(g, dst, hero.team, k)


def check_face_wilds(g, hero, pay) -> None:
    if not g.board.is_wild(hero.area):
        raise IllegalEvent("FE-9.6.1", "{id} is not in a wild region", id=g.name(hero.id))
    if not isinstance(pay, bool):
        raise UnreadableLog("'pay' must be true (2 cards for 1 Eternium) or false", rule="LOG-5.1")
    if pay and g.s.teams[hero.team].eternium < 1:
        raise IllegalEvent("FE-9.6.2", "drawing 2 encounter cards costs 1 Eternium")


def event_face_wilds(g, event: dict) -> None:
    hero = acting(g, event, standard="face_wilds")
    pay = event.get("pay", False)
    check_face_wilds(g, hero, pay)
    g.s.turn.actions.append("face_wilds")
    if pay:
        effects.pay(g, hero.team, 1, "FE-9.6.2", Text("drawing 2 encounter cards"))
    g.s.pending.append(
        {"kind": "draw", "deck": "encounter", "count": 2 if pay else 1, "hero": hero.id, "for": "wilds"}
    )


def event_choose(g, event: dict) -> None:
    """FE-9.6.2 b: resolve one of the two cards; the other goes under the encounter deck."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "choose":
        raise IllegalEvent(*due.not_now(g, Text("no encounter card is to be chosen now"), "FE-9.6.2"))
    hero = g.hero_arg(event)
    card = g.content.find("encounters", event.get("card"))
    if hero.id != aw["hero"] or card not in aw["cards"]:
        raise IllegalEvent(
            "FE-9.6.2", "{hero} chooses one of {cards}", hero=g.name(aw["hero"]), cards=", ".join(aw["cards"])
        )
    g.s.pending.pop(0)
    other = list(aw["cards"])
    other.remove(card)
    g.s.decks["encounter"].extend(other)  # FE-6.13.3: under the deck
    wild.resolve_encounter(g, hero, card)


def check_mission(g, hero) -> None:
    if hero.area not in g.s.mission_tokens:
        raise IllegalEvent("FE-9.7.1", "there is no mission token in {area}", area=g.name(hero.area))


def event_mission(g, event: dict) -> None:
    hero = acting(g, event, standard="mission")
    check_mission(g, hero)
    g.s.turn.actions.append("mission")
    g.s.mission_tokens.remove(hero.area)  # FE-9.7.2
    if g.mode == "skirmish":
        effects.gain_eternium(g, hero.team, 2)  # FE-19.6.4.3
        return
    g.s.pending.append({"kind": "draw", "deck": "scenario", "count": 1, "hero": hero.id, "for": "mission"})


def event_mission_result(g, event: dict) -> None:
    """FE-9.7.3: the task is the mission book's text; the log says whether it was completed."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "mission_result":
        raise IllegalEvent(*due.not_now(g, Text("no mission is being resolved now"), "FE-9.7.3"))
    hero = g.hero_arg(event)
    done = event.get("completed")
    if hero.id != aw["hero"] or not isinstance(done, bool):
        raise IllegalEvent(
            "FE-9.7.3", "{hero}'s mission: 'completed' must be true or false", hero=g.name(aw["hero"])
        )
    g.s.pending.pop(0)
    if done:
        effects.gain_vp(g, hero.team, g.content.missions[aw["card"]]["vp"], "missions")
        effects.count(g, hero.team, "missions_completed")
    g.s.discards["scenario"].append(aw["card"])  # AMB-45


def check_rest(g, hero) -> None:
    if not g.is_night():
        raise IllegalEvent("FE-9.8.1", "a hero may rest only in a night round")
    if g.s.turn.actions:
        raise IllegalEvent(
            "FE-9.8.1", "resting takes both standard actions: none may have been used this turn"
        )


def event_rest(g, event: dict) -> None:
    hero = acting(g, event, standard="rest")
    check_rest(g, hero)
    g.s.turn.actions += ["rest", "rest"]
    g.s.turn.rested = True
    effects.heal(g, hero, 4)  # FE-9.8.2


# -- free actions --------------------------------------------------------------------------------------
def event_trade(g, event: dict) -> None:
    """FE-9.9, AMB-24: support cards change hands between heroes of one team in one area."""
    hero = acting(g, event, free="trade")
    other = g.hero_arg(event, "with")
    if other.team != hero.team or other.area != hero.area or other.id == hero.id:
        raise IllegalEvent(
            "FE-9.9.1", "{id} trades only with another hero of its team in its area", id=g.name(hero.id)
        )
    give, take = event.get("give", []), event.get("take", [])
    if not isinstance(give, list) or not isinstance(take, list) or not give + take:
        raise UnreadableLog("'give' and 'take' list the support cards that change hands", rule="LOG-5.1")
    moves = [(hero, other, _traded_card(g, c)) for c in give]
    moves += [(other, hero, _traded_card(g, c)) for c in take]
    for src, _dst, card in moves:
        if not effects.take_card(src, card):
            raise IllegalEvent("FE-9.9.2", "{id} does not own {card}", id=g.name(src.id), card=g.name(card))
    for _src, dst, card in moves:
        effects.give_card(g, dst, card)
    g.s.turn.free.append("trade")


def _traded_card(g, name) -> str:
    """FE-9.9.2: a support card, an encounter's ally or beast, or a tamed epic beast (FE-16.1)."""
    for table in ("support_cards", "encounters", "epic_beasts"):
        card = g.content.find(table, name)
        if card is not None:
            return card
    return g.content.lookup("support_cards", name, path="give", what="support card")


def event_merchant(g, event: dict) -> None:
    """FE-9.10.2–3: choose a merchant type the team controls; optionally refresh its offer for 1."""
    hero = acting(g, event, free="merchant")
    kind = event.get("merchant")
    if kind not in MERCHANT_DECK:
        raise UnreadableLog("'merchant' must be forge, shop or guild", rule="LOG-5.1")
    if q.merchant_count(g, hero.team, kind) < 1:
        raise IllegalEvent(
            "FE-9.10.2",
            "the {team_name} team controls no {kind}",
            team_name=g.team_name(hero.team),
            kind=kind,
        )
    refresh = event.get("refresh", False)
    if not isinstance(refresh, bool):
        raise UnreadableLog("'refresh' must be true or false", rule="LOG-5.1")
    g.s.turn.free.append("merchant")
    g.s.turn.merchant = kind
    if g.s.offers.get(kind) is None:  # AMB-07: reveal first
        g.s.offers[kind] = []
        g.s.pending.append({"kind": "draw", "deck": kind, "count": 4, "for": "offer"})
    if refresh:
        effects.pay(g, hero.team, 1, "FE-9.10.3", Text("refreshing the offer"))
        g.s.discards[kind].extend(g.s.offers[kind])
        g.s.offers[kind] = []
        g.s.pending.append({"kind": "draw", "deck": kind, "count": 4, "for": "offer"})


def event_buy(g, event: dict) -> None:
    """FE-9.10.3–5: buy any of the offer at max(1, cost − (n − 1)); refill to 4; the turn ends."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "buy":
        raise IllegalEvent(*due.not_now(g, Text("no merchant is open now"), "FE-9.10"))
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-9.10.5", "purchases go to the hero using the merchant")
    kind = aw["merchant"]
    cards = event.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 4:
        raise UnreadableLog("'cards' lists the cards bought (at most the 4 of the offer)", rule="LOG-5.1")
    ids = [g.content.lookup("support_cards", c, path="cards", what="card") for c in cards]
    offer = list(g.s.offers[kind])
    n = q.merchant_count(g, hero.team, kind)
    total = 0
    for card in ids:
        if card not in offer:
            raise IllegalEvent(
                "FE-9.10.3",
                "{card} is not in the {kind}'s offer ({offer})",
                card=g.name(card),
                kind=kind,
                offer=", ".join(offer),
            )
        offer.remove(card)
        total += q.price(g.content.support[card]["cost"], n)
    effects.pay(
        g,
        hero.team,
        total,
        "FE-9.10.4",
        Text("buying {cards}", cards=", ".join(g.name(c) for c in ids)) if ids else Text("buying nothing"),
    )
    g.s.offers[kind] = offer
    for card in ids:
        effects.give_card(g, hero, card)
        record.support_card_bought(g, hero.team, card)
    g.s.turn.merchant = None
    g.s.turn.over = True  # FE-9.1.4: the last thing the hero does
    if len(offer) < 4:
        g.s.pending.append({"kind": "draw", "deck": kind, "count": 4 - len(offer), "for": "offer"})


def event_map_spell(g, event: dict) -> None:
    """FE-16.4.3, AMB-57: during the team's turn, outside combat; no target means the caster."""
    hero = acting(g, event)
    card = g.content.lookup("support_cards", event.get("spell"), path="spell", what="spell")
    info = g.content.support[card]
    if card not in hero.spells:
        raise IllegalEvent("FE-16.4.1", "{id} does not hold {name}", id=g.name(hero.id), name=info["name"])
    if "map" not in info.get("kinds", []):
        raise IllegalEvent("FE-16.4.2", "{name} is not a map spell", name=info["name"])
    target = g.hero_arg(event, "target") if event.get("target") is not None else hero
    if target.team != hero.team and info.get("target") != "enemy":
        raise IllegalEvent("FE-16.4.3", "{name} targets a friendly hero", name=info["name"])
    if target.team != hero.team and g.first_game and 2 not in g.s.skulls_done:
        raise IllegalEvent("FE-7.2", "no map spell may target an enemy hero before Skull Event 2 (AMB-55)")
    if target.team != hero.team and g.board.base_of(target.area) == target.team:
        raise IllegalEvent("AMB-56", "nothing may target a miniature inside its own base")
    hero.spells.remove(card)
    g.discard_support(card)
    record.support_card_used(g, hero.team, card)
    eff = info.get("effect") or {}
    if eff.get("heal"):
        effects.heal(g, target, int(eff["heal"]))
    if eff.get("gain_eternium"):
        effects.gain_eternium(g, hero.team, int(eff["gain_eternium"]))
    if eff.get("damage"):
        effects.damage(g, target, int(eff["damage"]))
        if q.hp(g, target) == 0:
            effects.defeat(g, target)


def event_equip(g, event: dict) -> None:
    """FE-16.3.5: swap an armour or artifact between the baggage and its slot during the hero's turn."""
    hero = acting(g, event)
    card = g.content.lookup("support_cards", event.get("card"), path="card", what="card")
    slot = g.content.support[card].get("subtype", "consumable")
    if card not in hero.baggage or slot == "consumable":
        raise IllegalEvent(
            "FE-16.3.5",
            "{card} is not an armour or artifact in {id}'s baggage",
            card=g.name(card),
            id=g.name(hero.id),
        )
    hero.baggage.remove(card)
    old = hero.equipped.get(slot)
    hero.equipped[slot] = card
    if old:
        hero.baggage.append(old)


def event_train(g, event: dict) -> None:
    """FE-19.9.1: skirmish only, a free action."""
    if g.mode != "skirmish":
        raise IllegalEvent("FE-19.9.1", "Train is an action of skirmish mode only")
    hero = acting(g, event, free="train")
    card = g.content.find("combat_cards", event.get("card"))
    skirmish.check_train(g, hero, card)
    g.s.turn.free.append("train")
    skirmish.train(g, hero, card)


def event_acquire_mount(g, event: dict) -> None:
    """FE-19.9.2: skirmish only, a standard action."""
    if g.mode != "skirmish":
        raise IllegalEvent("FE-19.9.2", "Acquire a Mount is an action of skirmish mode only")
    hero = acting(g, event, standard="mount")
    skirmish.check_mount(g, hero)
    g.s.turn.actions.append("mount")
    skirmish.acquire_mount(g, hero)


def event_respawn(g, event: dict) -> None:
    """FE-19.8.4: where a defeated hero returns, among the places the rule allows."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "respawn":
        raise IllegalEvent(*due.not_now(g, Text("no defeated hero is to be placed now"), "FE-19.8.4"))
    hero = g.hero_arg(event)
    to = g.area_arg(event, "to")
    if hero.id != aw["hero"] or to not in aw["options"]:
        raise IllegalEvent(
            "FE-19.8.4",
            "{hero} returns to one of: {options}",
            hero=g.name(aw["hero"]),
            options=", ".join(aw["options"]),
        )
    g.s.pending.pop(0)
    hero.area = to
    effects.reveal_offers_at(g, to)


def event_scenario_complete(g, event: dict) -> None:
    """FE-18.7.1: the solo scenario ends when its objective is completed. The objective is the mission
    book's (AMB-47); the log states when it is met, between turns or during the team's turn."""
    if g.mode != "solo":
        raise IllegalEvent("FE-18.7.1", "only a solo / co-op scenario ends by completing its objective")
    aw = g.awaiting
    if aw is None or aw["kind"] not in ("activate", "turn"):
        raise IllegalEvent(
            "FE-18.7.1",
            "the objective is declared between decisions, not now ({describe_awaiting})",
            describe_awaiting=g.describe_awaiting_said(),
        )
    unmet = solo.objective_unmet(g)
    if unmet is not None:
        raise IllegalEvent("FE-18.7.1", unmet)
    g.s.completed = True
    g.finish_game("objective", winner=g.player_team)


def event_end_turn(g, event: dict) -> None:
    aw = g.awaiting
    if aw is None or aw["kind"] != "turn":
        raise IllegalEvent(*due.not_now(g, Text("no hero is taking its turn now"), "FE-8.3"))
    hero = g.hero_arg(event)
    if hero.id != g.s.turn.hero:
        raise IllegalEvent("FE-8.3.1", "it is {hero}'s turn", hero=g.name(g.s.turn.hero))
    g.end_turn()


# -- decisions any time they are due ---------------------------------------------------------------
def event_pay_defeat(g, event: dict) -> None:
    """FE-6.12.2 step 3, WE-10, AMB-12: a value of 5 from the pool and the hero's own valued cards; any mix
    reaching 5 is legal (WE-10 row 3), overpaying gives no change."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "penalty":
        raise IllegalEvent(*due.not_now(g, Text("no defeat penalty is due now"), "FE-6.12.2"))
    hero = g.hero_arg(event)
    if hero.id != aw["hero"]:
        raise IllegalEvent("FE-6.12.2", "{hero} pays its defeat penalty first", hero=g.name(aw["hero"]))
    eternium, cards = event.get("eternium", 0), event.get("cards", [])
    if (
        not isinstance(eternium, int)
        or isinstance(eternium, bool)
        or eternium < 0
        or not isinstance(cards, list)
    ):
        raise UnreadableLog(
            "'eternium' is a whole number and 'cards' a list of the hero's cards", rule="LOG-5.1"
        )
    owned = q.owned_cards(hero)
    ids = []
    for name in cards:
        cid = (
            g.content.find("support_cards", name)
            or g.content.find("encounters", name)
            or g.content.find("epic_beasts", name)
        )
        if cid not in owned or cid in ids:
            raise IllegalEvent(
                "AMB-12",
                "{id} does not own {name!r}: only its own support cards may be discarded",
                id=g.name(hero.id),
                name=name,
            )
        ids.append(cid)
    value = sum(g.card_value(c) for c in ids)
    pool = g.s.teams[hero.team].eternium
    need = g.defeat_penalty(hero.team)
    if eternium > pool:
        raise IllegalEvent(
            "FE-1.7",
            "the pool holds {pool} Eternium; {eternium} cannot be paid",
            pool=pool,
            eternium=eternium,
        )
    if value + eternium < need:
        every = sum(g.card_value(c) for c in owned if g.card_value(c) > 0)
        if (
            pool + every >= need
            or eternium < pool
            or len([c for c in owned if g.card_value(c) > 0]) != len(ids)
        ):
            raise IllegalEvent(
                "FE-6.12.2",
                (
                    "the defeat costs a value of {need}: {eternium} Eternium and cards worth {value} make {number} "
                    "(AMB-12: if {need} cannot be reached, the whole pool and every valued card)"
                ),
                need=need,
                eternium=eternium,
                value=value,
                number=eternium + value,
            )  # noqa: E501
    g.s.pending.pop(0)
    g.s.teams[hero.team].eternium -= eternium
    for cid in ids:
        effects.take_card(hero, cid)
        g.discard_support(cid)


def event_discard(g, event: dict) -> None:
    """AMB-25: more than 5 baggage cards or 2 spells; the owner chooses what goes."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "discard":
        raise IllegalEvent(*due.not_now(g, Text("no discard is due now"), "FE-16.3.4"))
    hero = g.hero_arg(event)
    cards = event.get("cards")
    if hero.id != aw["hero"] or not isinstance(cards, list) or len(cards) != aw["count"]:
        raise IllegalEvent("FE-16.3.4" if aw["what"] == "baggage" else "FE-16.4.1",
                           "{hero} must discard exactly {count} {what} card(s)", hero=g.name(aw['hero']), count=aw['count'], what=aw['what'])  # fmt: skip
    held = hero.baggage if aw["what"] == "baggage" else hero.spells
    for name in cards:
        cid = g.content.find("support_cards", name)
        if cid not in held:
            raise IllegalEvent(
                "AMB-25",
                "{name!r} is not among {id}'s {what}",
                name=name,
                id=g.name(hero.id),
                what=aw["what"],
            )
        held.remove(cid)
        g.discard_support(cid)
    g.s.pending.pop(0)


def event_trim(g, event: dict) -> None:
    """FE-11.3.3: after gaining a combat card, one card of the deck leaves the game (21 again)."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "trim":
        raise IllegalEvent(*due.not_now(g, Text("no combat card is to be removed now"), "FE-11.3.3"))
    team = g.team_arg(event)
    card = g.content.find("combat_cards", event.get("card"))
    t = g.s.teams[aw["team"]]
    if team != aw["team"] or card not in t.deck:
        raise IllegalEvent(
            "FE-11.3.3",
            "the {team_name} team removes one card of its combat deck",
            team_name=g.team_name(aw["team"]),
        )
    t.deck.remove(card)
    t.out_of_game.append(card)
    g.s.pending.pop(0)


def event_move_loser(g, event: dict) -> None:
    """AMB-18 (push: the winner chooses an adjacent area) and FE-7.4/FE-12.1/AMB-13 (retreat)."""
    aw = g.awaiting
    kind = "push" if event["type"] == "push" else "retreat"
    if aw is None or aw["kind"] != kind:
        raise IllegalEvent(*due.not_now(g, Text("no hero is to be moved now"), "FE-11.5.9.2"))
    hero = g.hero_arg(event)
    to = g.area_arg(event, "to")
    options = move_options(g, aw)
    if hero.id != aw["hero"] or to not in options:
        raise IllegalEvent("AMB-18" if kind == "push" else "AMB-13",
                           "{hero} moves to one of: {options}", hero=g.name(aw['hero']), options=', '.join(options))  # fmt: skip
    g.s.pending.pop(0)
    hero.area = to
    effects.reveal_offers_at(g, to)


def move_options(g, aw: dict) -> list[str]:
    hero = g.s.heroes[aw["hero"]]
    if aw["kind"] == "push":
        return q.safe_adjacent(g, hero, aw["combat_area"]) or [g.base[hero.team]]
    return q.nearest_controlled(g, hero)


def event_defender(g, event: dict) -> None:
    """FE-10.3.1: the defending team chooses which of its heroes fights."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "defender":
        raise IllegalEvent(*due.not_now(g, Text("no defender is to be chosen now"), "FE-10.3"))
    hero = g.hero_arg(event)
    if hero.id not in aw["heroes"]:
        raise IllegalEvent("FE-10.3.1", "the defender is one of {heroes}", heroes=", ".join(aw["heroes"]))
    g.s.pending.pop(0)
    from_queue = g.s.queue[0]
    g.start_epic(from_queue["hero"], hero.id, from_queue["area"])


def event_claim_victory(g, event: dict) -> None:
    """FE-6.11.2–4, AMB-10: reveal a card whose primary objective is met, or score its secondary."""
    team = g.team_arg(event)
    t = g.s.teams[team]
    if g.mode != "standard":
        raise IllegalEvent("FE-6.11.6", "victory cards are not used in this mode")
    card = g.content.lookup("victory_cards", event.get("card"), path="card", what="victory card")
    info = g.content.victory[card]
    objective = event.get("objective")
    if objective == "primary":
        if card not in t.victory_hand:
            raise IllegalEvent(
                "FE-6.11.2",
                "{name} is not in the {team_name} team's hand",
                name=info["name"],
                team_name=g.team_name(team),
            )
        if len(t.victory_revealed) + len(t.victory_done) >= len(t.heroes):
            raise IllegalEvent("FE-6.11.4", "a team reveals at most as many victory cards as it has heroes")
    elif objective == "secondary":
        if card not in t.victory_revealed:
            raise IllegalEvent(
                "FE-6.11.3", "{name} is not revealed with its secondary objective open", name=info["name"]
            )
    else:
        raise UnreadableLog("'objective' must be primary or secondary", rule="LOG-5.1")
    reason = met(g, team, card, objective)
    if reason is not None:
        raise IllegalEvent(
            "FE-6.11.2" if objective == "primary" else "FE-6.11.3",
            "{name}: {reason}",
            name=info["name"],
            reason=reason,
        )
    effects.gain_vp(g, team, int(info["vp"][objective]), "victory_cards")
    if objective == "primary":
        t.victory_hand.remove(card)
        t.victory_revealed.append(card)
        t.marks[card] = dict(t.counters)
        t.marks[card]["_round"] = g.s.round
        if len(t.victory_revealed) + len(t.victory_done) >= len(t.heroes):
            g.s.discards["victory"].extend(t.victory_hand)  # FE-6.11.4
            t.victory_hand = []
    else:
        t.victory_revealed.remove(card)
        t.victory_done.append(card)


def event_redraw_victory(g, event: dict) -> None:
    """FE-6.11.5, AMB-10: during its own turn, 1 Eternium to swap any cards of the hand."""
    team = g.team_arg(event)
    t = g.s.teams[team]
    aw = g.awaiting
    if aw is None or aw["kind"] != "turn" or g.s.heroes[g.s.turn.hero].team != team or g.s.turn.over:
        raise IllegalEvent(
            "FE-6.11.5",
            "the {team_name} team may redraw only during its own turn, outside combat",
            team_name=g.team_name(team),
        )
    cards = event.get("cards")
    if not isinstance(cards, list) or not cards:
        raise UnreadableLog("'cards' lists the victory cards discarded", rule="LOG-5.1")
    ids = [g.content.lookup("victory_cards", c, path="cards", what="victory card") for c in cards]
    for cid in ids:
        if cid not in t.victory_hand:
            raise IllegalEvent(
                "FE-6.11.5", "{cid} is not in the hand (cards in play cannot be discarded)", cid=g.name(cid)
            )
    effects.pay(g, team, 1, "FE-6.11.5", Text("redrawing victory cards"))
    for cid in ids:
        t.victory_hand.remove(cid)
    g.s.discards["victory"].extend(ids)
    g.s.pending.append({"kind": "draw", "deck": "victory", "count": len(ids), "team": team, "for": "victory"})
