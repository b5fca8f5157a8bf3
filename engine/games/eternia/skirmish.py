"""Skirmish mode (FE-19): the setup phases (purchases, deployment zones, soldiers, heroes, mission tokens),
the new actions Train and Acquire a Mount, and where a defeated hero returns.

The scenario is content data (``mode: "skirmish"``): ``deployment_zones`` {zone: {"areas", "hero_starts"}},
``soldiers``, ``mission_tokens_per_team``, ``rounds``, ``no_vp`` and ``end_vp``; every value there is the
mission book's and marked provisional in the starter pack.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.eternia import due, effects, epic, mounted, record
from engine.games.eternia import queries as q
from engine.games.eternia.state import SOLDIER_CAP

PHASES = ("buy", "zone", "soldiers", "heroes", "tokens")
TRAIN = {"+2": 3, "flow": 5, "surge": 5, "time": 5, "tool": 5}  # FE-19.9.1


def begin(g) -> None:
    """FE-19.5.1, AMB-07, AMB-51: 5 Eternium per hero; the equipment and spell offers are revealed."""
    s = g.s
    extra = mounted.compensation(g)  # FE-19.4.1 with FE-4.1.8 item 4: spent on the purchases or discarded
    for t in s.teams.values():
        t.eternium = 5 * len(t.heroes) + extra.get(t.id, 0)
    for kind in ("shop", "guild"):
        s.offers[kind] = []
        s.pending.append({"kind": "draw", "deck": kind, "count": 4, "for": "offer"})
    s.setup = {"phase": "buy", "turn": 0, "passed": [], "zones": {}, "tokens": {t: 0 for t in s.order}}
    s.decks["scenario"] = g.chance.shuffle(
        [b for b in g.scenario["scenario_deck"] if g.content.epic_beasts[b].get("taming_cost") is not None]
    )  # FE-19.7.1: every tameable epic beast


def awaiting(g) -> dict | None:
    """The setup decision due, or None once play begins."""
    st = g.s.setup
    if not st:
        return None
    order = g.s.order
    while True:
        phase = st["phase"]
        if phase == "buy":
            heroes = [
                h for t in _rotation(g, st["turn"]) for h in g.s.teams[t].heroes if h not in st["passed"]
            ]
            if heroes:
                team = g.s.heroes[heroes[0]].team
                return {"kind": "skirmish_buy", "team": team}
            for t in g.s.teams.values():
                t.eternium = 0  # FE-19.5.3
            _next(st, "zone")
        elif phase == "zone":
            if len(st["zones"]) < len(order):
                return {"kind": "deploy_zone", "team": order[len(st["zones"])]}
            _next(st, "soldiers")
        elif phase == "soldiers":
            if st["turn"] < len(order):
                return {"kind": "deploy_soldiers", "team": order[st["turn"]]}
            _next(st, "heroes")
        elif phase == "heroes":
            left = [
                t
                for t in _rotation(g, st["turn"])
                if any(g.s.heroes[h].area == "" for h in g.s.teams[t].heroes)
            ]
            if left:
                return {"kind": "deploy_hero", "team": left[0]}
            _next(st, "tokens")
        elif phase == "tokens":
            per = g.scenario.get("mission_tokens_per_team", 5)  # FE-19.6.4.1 [overridable]
            left = [t for t in _rotation(g, st["turn"]) if st["tokens"][t] < per]
            if left and _token_sites(g):
                return {"kind": "place_token", "team": left[0]}
            g.s.setup = None
            return None


def _next(st: dict, phase: str) -> None:
    st["phase"], st["turn"] = phase, 0


def _rotation(g, turn: int) -> list[str]:
    order = g.s.order
    return [order[(turn + k) % len(order)] for k in range(len(order))]


def _advance_turn(g) -> None:
    g.s.setup["turn"] = (g.s.setup["turn"] + 1) % len(g.s.order)


def _need(g, kind: str) -> dict:
    aw = g.awaiting
    if aw is None or aw["kind"] != kind:
        raise IllegalEvent(*due.not_now(g, Text("the skirmish setup is not at this step now"), "FE-19.2"))
    return aw


def event_buy(g, event: dict) -> None:
    """FE-19.5.2, AMB-51: one hero of the team buys one equipment or spell at printed price, or passes (final)."""
    aw = _need(g, "skirmish_buy")
    hero = g.hero_arg(event)
    st = g.s.setup
    if hero.team != aw["team"] or hero.id in st["passed"]:
        raise IllegalEvent(
            "AMB-51",
            "a {team_name} hero that has not passed buys or passes now",
            team_name=g.team_name(aw["team"]),
        )
    if event["type"] == "skirmish_pass":
        st["passed"].append(hero.id)
    else:
        card = g.content.lookup("support_cards", event.get("card"), path="card", what="card")
        kind = {"equipment": "shop", "spell": "guild"}.get(g.content.support[card]["kind"])
        if kind is None or card not in (g.s.offers.get(kind) or []):
            raise IllegalEvent(
                "FE-19.5.2", "{card} is not in the equipment or spell offers", card=g.name(card)
            )
        effects.pay(
            g,
            hero.team,
            g.content.support[card]["cost"],
            "FE-19.5.2",
            Text("buying {card}", card=g.name(card)),
        )
        g.s.offers[kind].remove(card)
        effects.give_card(g, hero, card)
        record.support_card_bought(g, hero.team, card)
        g.s.pending.append({"kind": "draw", "deck": kind, "count": 1, "for": "offer"})  # replaced at once
    _advance_turn(g)


def event_zone(g, event: dict) -> None:
    """FE-19.6.1: starting with the first team, each team chooses a deployment zone of the scenario."""
    aw = _need(g, "deploy_zone")
    team = g.team_arg(event)
    zone = event.get("deployment")
    zones = g.scenario["deployment_zones"]
    if team != aw["team"]:
        raise IllegalEvent(
            "FE-19.6.1", "the {team_name} team chooses its zone now", team_name=g.team_name(aw["team"])
        )
    if zone not in zones or zone in g.s.setup["zones"].values():
        free = [z for z in zones if z not in g.s.setup["zones"].values()]
        raise IllegalEvent("FE-19.6.1", "choose a free deployment zone: {free}", free=", ".join(free))
    g.s.setup["zones"][team] = zone
    g.s.zones[team] = zone


def event_soldiers(g, event: dict) -> None:
    """FE-19.6.2: the team places all its soldiers, only in outposts of its zone, at most 3 each."""
    aw = _need(g, "deploy_soldiers")
    team = g.team_arg(event)
    where = event.get("areas")
    if team != aw["team"]:
        raise IllegalEvent(
            "FE-19.6.2", "the {team_name} team places its soldiers now", team_name=g.team_name(aw["team"])
        )
    if not isinstance(where, dict) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in where.values()
    ):
        raise UnreadableLog("'areas' maps outposts to numbers of soldiers", rule="LOG-5.1")
    zone = g.scenario["deployment_zones"][g.s.zones[team]]["areas"]
    total = 0
    for name, n in where.items():
        area = g.content.lookup("areas", name, path="areas", what="area")
        if (
            area not in zone
            or not g.board.is_outpost(area)
            or g.board.base_of(area) is not None
            or n > SOLDIER_CAP
        ):
            raise IllegalEvent("FE-19.6.2", "soldiers go only to outposts of the team's zone ({zone}), at most 3 in each", zone=', '.join(zone))  # fmt: skip
        total += n
    want = g.scenario.get("soldiers", 0)
    if total != want:
        raise IllegalEvent(
            "FE-19.6.2",
            "the scenario deploys {want} soldiers per team; the log places {total}",
            want=want,
            total=total,
        )
    for name, n in where.items():
        effects.place_soldiers(g, g.content.find("areas", name), team, n)
    g.s.setup["turn"] += 1


def event_hero(g, event: dict) -> None:
    """FE-19.6.3: teams alternate placing one hero on a starting location of the scenario."""
    aw = _need(g, "deploy_hero")
    hero = g.hero_arg(event)
    area = g.area_arg(event, "to")
    if hero.team != aw["team"] or hero.area != "":
        raise IllegalEvent(
            "FE-19.6.3",
            "the {team_name} team places one of its heroes not yet placed",
            team_name=g.team_name(aw["team"]),
        )
    starts = g.scenario["deployment_zones"][g.s.zones[hero.team]]["hero_starts"]
    if area not in starts:
        raise IllegalEvent(
            "FE-19.6.3", "{id} starts on one of {starts}", id=g.name(hero.id), starts=", ".join(starts)
        )
    hero.area = area
    effects.reveal_offers_at(g, area)  # AMB-07
    _advance_turn(g)


def _token_sites(g) -> list[str]:
    """FE-19.6.4.2: wild regions only, one token each, never next to a region that has one."""
    have = set(g.s.mission_tokens)
    return [
        a for a in g.board.order if g.board.is_wild(a) and a not in have and not (g.board.adjacent[a] & have)
    ]


def event_token(g, event: dict) -> None:
    if (g.awaiting or {}).get("kind") != "place_token" and g.mode == "skirmish" and g.s.setup is None:
        raise IllegalEvent(*_placement_over(g))
    aw = _need(g, "place_token")
    team = g.team_arg(event)
    area = g.area_arg(event, "to")
    if team != aw["team"]:
        raise IllegalEvent(
            "FE-19.6.4.1",
            "the {team_name} team places a mission token now",
            team_name=g.team_name(aw["team"]),
        )
    if area not in _token_sites(g):
        raise IllegalEvent("FE-19.6.4.2", "a mission token goes on a wild region with no token, not adjacent to a region "
                           "that has one")  # fmt: skip
    g.s.mission_tokens.append(area)
    g.s.setup["tokens"][team] += 1
    _advance_turn(g)


def _placement_over(g) -> tuple[str, str]:
    """(rule, message) for a mission token logged after the placement ended. It ends when every team has placed
    its tokens (FE-19.6.4.1) or, first, when no wild region can legally take one (FE-19.6.4.2): the pack's map
    may hold fewer than the scenario asks for (skirmish-1: 10 asked, at most 5 fit), and the placement then
    stops there rather than breaking a placement rule."""
    per = g.scenario.get("mission_tokens_per_team", 5)
    placed = len(g.s.mission_tokens)
    then = Text("the log should next record {awaits}", awaits=due._awaits(g))
    if placed >= per * len(g.s.order):
        return "FE-19.6.4.1", Text(
            "every team has placed its {per} mission tokens; {then}", per=per, then=then
        )
    return "FE-19.6.4.2", (Text(("the mission-token placement ended after {placed} tokens: no wild region is left without a " "token and not adjacent to one, so the rest of the {per} per team cannot be placed; {then}"), placed=placed, per=per, then=then))  # fmt: skip


# -- play --------------------------------------------------------------------------------------------------
def check_train(g, hero, card) -> None:
    if card not in TRAIN:
        raise IllegalEvent(
            "FE-19.9.1", 'training gains a "+2" (3 Eternium) or a flow, surge, time or tool card (5)'
        )
    if g.s.teams[hero.team].supply_cards.get(card, 0) <= 0:
        raise IllegalEvent("AMB-53", "the faction's combat-card supply has no {card} card left", card=card)
    if g.s.teams[hero.team].eternium < TRAIN[card]:
        raise IllegalEvent(
            "FE-19.9.1", "training for {card} costs {train} Eternium", card=card, train=TRAIN[card]
        )


def train(g, hero, card: str) -> None:
    """FE-19.9.1, AMB-53: a free action; the card joins the deck and another leaves the game (FE-11.3.3)."""
    check_train(g, hero, card)
    effects.pay(g, hero.team, TRAIN[card], "FE-19.9.1", Text("training"))
    effects.gain_combat_card(g, hero.team, card)


def check_mount(g, hero) -> None:
    if g.s.teams[hero.team].eternium < 2:
        raise IllegalEvent("FE-19.9.2", "acquiring a mount costs 2 Eternium")
    if not g.s.decks["scenario"] and not g.s.discards["scenario"]:
        raise IllegalEvent("FE-19.9.2", "the scenario deck holds no epic beast")


def acquire_mount(g, hero) -> None:
    """FE-19.9.2: pay 2, draw an epic beast, fight it (no VP if it is defeated)."""
    check_mount(g, hero)
    effects.pay(g, hero.team, 2, "FE-19.9.2", Text("acquiring a mount"))
    g.s.pending.append({"kind": "draw", "deck": "scenario", "count": 1, "hero": hero.id, "for": "mount"})


def start_mount_combat(g, hero_id: str, beast: str) -> None:
    epic.start_beast(g, hero_id, beast, "mount")


def return_options(g, hero) -> list[str]:
    """FE-19.8.4, AMB-52: an outpost of the team's zone not next to a wild region holding enemies; else an
    area with a friendly hero; else any area at least 3 steps from every enemy hero."""
    zone = g.scenario["deployment_zones"][g.s.zones[hero.team]]["areas"]
    hot = {a for a in g.board.order if g.board.is_wild(a) and q.enemies_present(g, a, hero.team)}
    first = [a for a in zone if g.board.is_outpost(a) and not (g.board.adjacent[a] & hot)
             and not q.enemies_present(g, a, hero.team)]  # fmt: skip
    if first:
        return first
    second = sorted({h.area for h in g.s.heroes.values() if h.team == hero.team and h.id != hero.id
                     and not q.enemies_present(g, h.area, hero.team)})  # fmt: skip
    if second:
        return second
    enemies = [h.area for h in g.s.heroes.values() if h.team != hero.team]
    return [a for a in g.board.order if q.may_enter(g, hero, a)
            and all(g.board.distances(e).get(a, 99) >= 3 for e in enemies)] or [g.base[hero.team]]  # fmt: skip


def end_scoring(g) -> None:
    """FE-19.10.1: the scenario's end-of-game VP (the starter scenario: 1 per outpost controlled)."""
    per = (g.scenario.get("end_vp") or {}).get("outpost", 0)
    for team in g.s.order:
        n = sum(1 for a in q.controlled(g, team) if g.board.base_of(a) is None)
        if per and n:
            effects.gain_vp(g, team, per * n, "outposts")
