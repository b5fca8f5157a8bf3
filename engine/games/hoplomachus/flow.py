"""Turn flow: setup from the header, the start and end of each turn, forfeits and the end of combat.

Layer 6 (turn flow): the top of the game's layers; uses actions, effects and queries.
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.state import State, new_unit

MODES = {  # HR-12: players and arenas
    "skirmish": ((2, 2), ("pozzuoli", "colosseum")),
    "pandemonium": ((3, 4), ("pozzuoli",)),
    "alliance": ((4, 4), ("pozzuoli",)),
    "assault": ((1, 2), ("pozzuoli",)),
    "ascension": ((1, 2), ("colosseum",)),
}
NOT_YET: tuple[str, ...] = ()
RIVALS = ("immortal", "arena", "titan")
ASCENSION_UNITS = {1: 6, 2: 3}  # HR-14.2.5: solo six non-elite units; co-op three each
ASCENSION_TACTICS = {1: (1,), 2: (0, 1)}  # solo one tactic; co-op player A none, player B one (AMB-27)
CAMP_SIZE = 4  # HR-15.6.3
ALLIANCE_UNITS = 6  # HR-17.2.8
SUPPORT_CHIPS = 4  # HR-5.1.1


def bad(msg: str, path: str, rule: str = "LOG-2.2") -> UnreadableLog:
    return UnreadableLog("{path_}: {msg}", path_=path, msg=msg, rule=rule, path=path)


def setup(g, doc: dict) -> State:
    """HR-1.3 and each mode's setup (HR-15.2, HR-16.2, HR-17.2). Random parts come from the log or seed."""
    s = State()
    g.s = s
    st = doc["setup"]
    players = [p["id"] for p in doc["players"]]
    if len(set(players)) != len(players):
        raise bad("player ids must differ", "/players")
    if set(players) & set(RIVALS):
        raise bad("'immortal' and 'arena' name the rival troops; give players other ids", "/players")
    lo, hi = MODES[g.mode][0]
    if not lo <= len(players) <= hi:
        raise bad(f"{g.mode} is played by {lo}–{hi} players, the log has {len(players)}", "/players", "HR-12")
    factions = [
        g.c.lookup("factions", p["faction"], path=f"/players/{i}/faction")
        for i, p in enumerate(doc["players"])
    ]
    if len(set(factions)) != len(factions):
        raise bad("each player plays a different faction (one set of chips each, AMB-17)", "/players")

    # Sides and teams (HR-2.1, HR-15.2.1, HR-17.2.1).
    if g.mode == "alliance":
        teams = st.get("teams")
        if not isinstance(teams, dict) or set(teams) != {"red", "blue"} or sorted(sum(teams.values(), [])) != sorted(players) \
                or any(len(v) != 2 for v in teams.values()):  # fmt: skip
            raise bad('Alliance names two teams of two: {"red": [a, b], "blue": [c, d]}', "/setup/teams")
        side = {p: k for k, v in teams.items() for p in v}
        team = dict(side)
    elif g.mode == "assault":
        side = {p: "red" for p in players}  # HR-13.2.1: co-op players both use red
        team = {p: "players" for p in players}
    elif g.mode == "ascension":
        side = dict(
            zip(players, ("red", "blue"), strict=False)
        )  # HR-14.2.1: A red, B the blue side (red chips)
        team = {p: "players" for p in players}
    elif g.mode == "skirmish":
        sides = st.get("sides")
        if (
            not isinstance(sides, dict)
            or set(sides) != set(players)
            or set(sides.values()) != {"red", "blue"}
        ):
            raise bad('Skirmish gives each player a side: {"p1": "red", "p2": "blue"}', "/setup/sides")
        side = dict(sides)
        team = {p: p for p in players}
    else:
        side = {p: "any" for p in players}
        team = {p: p for p in players}

    # Player order (HR-15.2.2, HR-16.2.2, HR-17.2.3): a random first player, then seating order.
    given = st.get("order")
    if g.mode in ("assault", "ascension"):
        order = list(
            players
        )  # HR-13.8.5, HR-14.6.5: co-op players choose their order each round (begin_turn)
    elif g.dice.seeded:
        first = g.dice.stream.below(len(players))
        order = players[first:] + players[:first]
        if given is not None and given != order:
            raise UnreadableLog(
                "/setup/order: the committed seed gives {order}",
                order=order,
                rule="LOG-4.3",
                path="/setup/order",
            )
    else:
        order = given
        if not isinstance(order, list) or sorted(order) != sorted(players):
            raise bad("the player order lists every player once", "/setup/order", "LOG-2.1")
        if g.mode != "skirmish":
            i = players.index(order[0])
            if order != players[i:] + players[:i]:
                raise bad("play goes clockwise: the order is the seating (players) from the first player",
                          "/setup/order", "HR-16.2.2")  # fmt: skip
        if g.mode == "alliance" and any(side[order[k]] == side[order[k + 1]] for k in range(3)):
            raise bad("teams alternate in the turn order", "/setup/order", "HR-17.2.1")

    s.supply = {"any": sum(g.c.supply.values())} if g.mode == "pandemonium" else dict(g.c.supply)
    for p, f in zip(players, factions, strict=True):
        fac = g.c.factions[f]
        s.troops[p] = {
            "faction": f, "side": side[p], "team": team[p], "hero": f"{p}:{fac['hero']}",
            "tactics_camp": list(fac["tactics"]), "tactics_discard": [], "bag": [], "out": False, "turns_done": 0,
            "all_outer": False, "foothold_action": False,
        }  # fmt: skip
        s.support_left[p] = SUPPORT_CHIPS if not g.a.pozzuoli else 0
        hero = new_unit(f"{p}:{fac['hero']}", fac["hero"], p, "camp", active=g.mode == "pandemonium")
        s.units[hero["uid"]] = hero
        for uid in fac["roster"]:
            s.units[f"{p}:{uid}"] = new_unit(f"{p}:{uid}", uid, p, "unused")
    if g.mode in ("assault", "ascension"):
        rivals = ("immortal", "arena") if g.mode == "assault" else ("titan", "arena")
        for r in rivals:
            s.troops[r] = {"faction": None, "side": "blue", "team": "rivals", "hero": None, "tactics_camp": [],
                           "tactics_discard": [], "bag": [], "out": False, "turns_done": 0, "all_outer": False,
                           "foothold_action": False}  # fmt: skip
        order = [rivals[0], *order, "arena"]  # HR-13.8.1, HR-14.6.1
        if g.mode == "ascension":
            for p in players:
                s.troops[p]["chips"] = "red"  # HR-14.2.1: co-op player B plays the blue side with red chips
    s.turn = {"order": order, "seats": list(players if g.mode in ("assault", "ascension") else order), "index": 0, "round": 1,
              "player": order[0], "phase": "start", "deployed": False, "tactic": False, "foothold": False,
              "deploy_checked": False, "wave": 1, "wave_turn": 0, "wave_over": False}  # fmt: skip
    if g.a.pozzuoli:
        keys = {q.favour_key(g, p) for p in players} - {None}
        s.favour = {k: {"f": 0} for k in sorted(keys)}  # HR-4.2.1, AMB-3
    else:
        keys = sorted(
            {q.favour_key(g, p) for p in players}
        )  # Ascension: one track the players share (HR-14.7.3)
        s.favour = {k: {"track": None, "pos": 0, "done": []} for k in keys}  # HR-4.4.2
    getattr(_SETUPS, g.mode)(g, st, order)
    start_turn(g)
    return s


class _SETUPS:
    @staticmethod
    def skirmish(g, st: dict, order: list[str]) -> None:
        s = g.s
        # Primary heroes (HR-15.2.4, AMB-19): in camp (Pozzuoli) or chained in the arena (Colosseum).
        for p in order:
            hero = s.units[s.troops[p]["hero"]]
            if not g.a.pozzuoli:
                (h,) = g.a.tags[f"chained_{s.troops[p]['side']}"]
                s.place(hero, h)
                hero["hp"] = fx.take_chips(g, p, q.udef(g, hero).health)
        # Neutral heroes (HR-15.2.6), then the first four units from each bag (HR-15.2.5), players in turn order.
        pool = [u.id for u in g.c.units.values() if u.kind == "hero" and u.faction is None]
        given = st.get("neutral_heroes") or {}
        for p in order:
            name = given.get(p)
            uid = None if name is None else g.c.lookup("units", name, path=f"/setup/neutral_heroes/{p}")
            pick = g.dice.pick(pool, uid, Text("{p}'s neutral hero", p=p), "HR-15.2.6")
            if g.dice.author is not None and not g.dice.seeded:
                given[p] = pick
            pool.remove(pick)
            hero = new_unit(f"{p}:{pick}", pick, p, "track")
            s.units[hero["uid"]] = hero
        st["neutral_heroes"] = given
        camps = st.get("camp") or {}
        for p in order:
            bag = [u for u in s.units.values() if u["owner"] == p and u["zone"] == "unused"]
            for u in bag:
                u["zone"] = "bag"
            s.troops[p]["bag"] = [u["def"] for u in bag]
            drawn = camps.get(p)
            if drawn is not None and (not isinstance(drawn, list) or len(drawn) != CAMP_SIZE):
                raise bad(f"each player draws {CAMP_SIZE} units", f"/setup/camp/{p}", "HR-15.2.5")
            got = draw(g, p, CAMP_SIZE, drawn, f"/setup/camp/{p}")
            if g.dice.author is not None and not g.dice.seeded:
                camps[p] = got
        st["camp"] = camps

    @staticmethod
    def assault(g, st: dict, order: list[str]) -> None:
        s = g.s
        seats = s.turn["seats"]
        chosen = st.get("neutral_heroes") or {}
        picked = set()
        for p in seats:  # HR-13.2.2: a chosen neutral hero on the 4th reward space of each player's track
            name = chosen.get(p)
            if name is None:
                raise bad(
                    "each player chooses a neutral hero for their track",
                    f"/setup/neutral_heroes/{p}",
                    "HR-13.2.2",
                )
            uid = g.c.lookup("units", name, path=f"/setup/neutral_heroes/{p}")
            if g.c.units[uid].kind != "hero" or g.c.units[uid].faction is not None or uid in picked:
                raise bad(
                    f"'{name}' is not a neutral hero left to choose",
                    f"/setup/neutral_heroes/{p}",
                    "HR-13.2.2",
                )
            picked.add(uid)
            hero = new_unit(f"{p}:{uid}", uid, p, "track")
            s.units[hero["uid"]] = hero
        for u in list(s.units.values()):  # HR-13.2.5: the faction's units into the camp, hero inactive
            if u["zone"] == "unused":
                u["zone"] = "camp"
        for d in g.c.units.values():  # HR-13.2.3, HR-13.2.4
            if d.kind == "immortal":
                s.units[f"immortal:{d.id}"] = new_unit(f"immortal:{d.id}", d.id, "immortal", "camp")
            elif d.kind == "arena":
                s.units[f"arena:{d.id}"] = new_unit(f"arena:{d.id}", d.id, "arena", "bag")
                s.troops["arena"]["bag"].append(d.id)

    @staticmethod
    def ascension(g, st: dict, order: list[str]) -> None:
        s = g.s
        seats = s.turn["seats"]
        name = st.get("titan")
        if name is None:
            raise bad("the players choose a titan", "/setup/titan", "HR-14.2.3")
        titan_id = g.c.lookup("units", name, path="/setup/titan")
        if g.c.units[titan_id].kind != "titan":
            raise bad(f"'{name}' is not a titan", "/setup/titan", "HR-14.2.3")
        titan = new_unit(f"titan:{titan_id}", titan_id, "titan", "camp")
        s.units[titan["uid"]] = titan
        card = g.c.units[titan_id].titan
        s.troops["titan"].update(
            titan=titan_id, dice=list(card["dice"]), gain=list(card.get("dice_gain", []))
        )
        shard = card.get("shards", {})
        for h in sorted(g.a.tags["pedestal"]):  # HR-14.2.4: a shard on each pedestal, as the titan card says
            s.shards[h] = {"active": bool(shard.get("active", False)), "hp": int(shard.get("hp", 0)),
                           "colour": shard.get("colour", "blue"), "count": 1, "dropped": False}  # fmt: skip
        for ally in card.get(
            "allies", []
        ):  # HR-14.5.2: arena units form their own troop, the rest the titan's
            troop = "arena" if ally.get("arena") else "titan"
            n = ally.get("count", 1)
            for k in range(1, n + 1):
                uid = f"{troop}:{ally['unit']}" + (f"-{k}" if n > 1 else "")
                s.units[uid] = new_unit(uid, ally["unit"], troop, "camp")
        s.support_left = {p: 0 for p in seats}
        s.support_left[seats[0]] = 4  # HR-14.2.2: red chips above the standard tracks, shared by the players
        units, tactics = st.get("units") or {}, st.get("tactics") or {}
        for k, p in enumerate(seats):
            faction = s.troops[p]["faction"]
            names = units.get(p)
            want = ASCENSION_UNITS[len(seats)]
            if not isinstance(names, list) or len(names) != want:
                raise bad(
                    f"{p} chooses {want} non-elite units of their faction", f"/setup/units/{p}", "HR-14.2.5"
                )
            for i, n in enumerate(names):
                uid = g.c.lookup("units", n, path=f"/setup/units/{p}/{i}", scope=faction)
                u = s.units.get(f"{p}:{uid}")
                if u is None or u["zone"] != "unused":
                    raise bad(
                        f"'{n}' is not a unit of {p}'s faction left to choose",
                        f"/setup/units/{p}/{i}",
                        "HR-14.2.5",
                    )
                u["zone"] = "camp"
            chosen = tactics.get(p, [])
            want_t = ASCENSION_TACTICS[len(seats)][k]
            if not isinstance(chosen, list) or len(chosen) != want_t:
                raise bad(f"{p} chooses {want_t} tactic(s)", f"/setup/tactics/{p}", "HR-14.2.5")
            ids = [g.c.lookup("tactics", t, path=f"/setup/tactics/{p}") for t in chosen]
            if any(t not in s.troops[p]["tactics_camp"] for t in ids):
                raise bad("a tactic of the player's faction", f"/setup/tactics/{p}", "HR-14.2.5")
            s.troops[p]["tactics_camp"] = ids
        if len(seats) == 1:  # HR-14.2.2: a random neutral hero on the gold space
            pool = [u.id for u in g.c.units.values() if u.kind == "hero" and u.faction is None]
            given = (st.get("neutral_heroes") or {}).get(seats[0])
            uid = (
                None
                if given is None
                else g.c.lookup("units", given, path=f"/setup/neutral_heroes/{seats[0]}")
            )
            pick = g.dice.pick(pool, uid, Text("the neutral hero on the gold space"), "HR-14.2.2")
            if g.dice.author is not None and not g.dice.seeded:
                st.setdefault("neutral_heroes", {})[seats[0]] = pick
            hero = new_unit(f"{seats[0]}:{pick}", pick, seats[0], "track")
            s.units[hero["uid"]] = hero
        else:  # HR-14.2.5 co-op: player B's own hero waits, active, on the gold space
            s.units[s.troops[seats[1]]["hero"]].update(zone="track", active=True)

    @staticmethod
    def pandemonium(g, st: dict, order: list[str]) -> None:
        for (
            u
        ) in g.s.units.values():  # HR-16.2.3: all units and tactics into the camp; hero active (HR-16.2.4)
            if u["zone"] == "unused":
                u["zone"] = "camp"

    @staticmethod
    def alliance(g, st: dict, order: list[str]) -> None:
        s = g.s
        on_track = st.get("track_hero")
        if not isinstance(on_track, dict) or set(on_track) != {"red", "blue"}:
            raise bad("each team names whose primary hero goes on its track: {\"red\": p, \"blue\": q}",
                      "/setup/track_hero", "HR-17.2.5")  # fmt: skip
        for side, p in on_track.items():
            if p not in s.troops or s.troops[p]["team"] != side:
                raise bad(f"{p!r} is not on the {side} team", "/setup/track_hero", "HR-17.2.5")
            hero = s.units[s.troops[p]["hero"]]
            hero["zone"], hero["active"] = "track", True
        chosen = st.get("units")
        if not isinstance(chosen, dict):
            raise bad(
                'each player chooses six non-elite units: {"p1": [...], …}', "/setup/units", "HR-17.2.8"
            )
        for p in order:
            names = chosen.get(p)
            if not isinstance(names, list) or len(names) != ALLIANCE_UNITS:
                raise bad(f"{p} chooses exactly {ALLIANCE_UNITS} units", f"/setup/units/{p}", "HR-17.2.8")
            faction = s.troops[p]["faction"]
            for i, n in enumerate(names):
                uid = g.c.lookup("units", n, path=f"/setup/units/{p}/{i}", scope=faction)
                u = s.units.get(f"{p}:{uid}")
                if u is None or u["zone"] != "unused":
                    raise bad(
                        f"'{n}' is not a unit of {p}'s faction left to choose",
                        f"/setup/units/{p}/{i}",
                        "HR-17.2.8",
                    )
                u["zone"] = "camp"
                u["face_down"] = True  # HR-17.2.8: hidden from the other players until deployed (State.place)


def draw(g, troop: str, n: int, given, path: str) -> list[str]:
    """Bag draws (HR-15.2.5, HR-15.6.3): one random pick at a time from what is left in the bag."""
    t = g.s.troops[troop]
    got = []
    for i in range(n):
        if not t["bag"]:
            break
        name = None
        if given is not None:
            if i >= len(given):
                raise IllegalEvent("HR-15.6.3", ("{troop} draws until four units are in camp or the bag is empty; the log records only " "{given_count}"), troop=troop, given_count=len(given))  # fmt: skip
            name = g.c.lookup("units", given[i], path=f"{path}/{i}", scope=t["faction"])
        pick = g.dice.pick(t["bag"], name, Text("{troop}'s bag draw", troop=troop), "HR-15.6.3")
        t["bag"].remove(pick)
        g.s.units[f"{troop}:{pick}"]["zone"] = "camp"
        got.append(pick)
    if given is not None and len(given) > len(got):
        raise IllegalEvent(
            "HR-15.6.3",
            "{troop} draws {got_count} units, not {given_count}",
            troop=troop,
            got_count=len(got),
            given_count=len(given),
        )
    return got


def start_turn(g) -> None:
    """HR-8.3 Stone Check (Pozzuoli), the central hex (HR-3.3.2, AMB-12), then the Deploy phase."""
    s = g.s
    t = s.turn
    s.serial += 1
    troop = t["player"]
    t["phase"] = "start"
    t["deployed"] = t["tactic"] = t["foothold"] = False
    # Whether deploy_phase_checks has anything to look at in this turn's Deploy phase: a troop that may forfeit
    # there (Pandemonium, Alliance) or a co-op player (Assault, Ascension). Nothing in Skirmish or a rival's
    # turn, so those turns start with the check done and the events after them need no settle for it.
    mode = g.mode
    t["deploy_checked"] = not (
        mode in ("pandemonium", "alliance") or (mode in ("assault", "ascension") and troop not in RIVALS)
    )
    t["rolled"] = False
    if troop == "titan":
        t["arena_turn"] = False
        titan = g.s.units[f"titan:{g.s.troops['titan']['titan']}"]
        t["phase"] = "deploy" if titan["zone"] == "camp" else "engagement"  # HR-14.6.2, HR-14.8.3
        return
    if troop in RIVALS:
        if troop == "immortal":
            t["wave_turn"] += 1
        # HR-13.10.2: the immortal deploys only on the first turn of a wave; HR-9.1.4: no Tactic Placement.
        t["phase"] = "deploy" if troop == "arena" or t["wave_turn"] == 1 else "movement"
        rv.movement_snapshot(g)
        return
    if g.mode == "assault":
        stones = occupied_by(g, troop, "stone")
        for imm in s.in_arena("immortal"):
            fx.lose_hp(g, imm, stones)  # HR-13.6.3 (AMB-23: the active player's units only)
    elif g.a.pozzuoli:
        stones = occupied_by(g, troop, "stone")
        if g.mode in ("skirmish", "alliance") and stones:
            fx.gain_favour(g, troop, 1 if stones == 1 else 3)  # HR-15.5.2, HR-17.6.2: one gain, summed
        elif g.mode == "pandemonium" and stones and s.troops[troop]["tactics_discard"]:
            s.pending.append({"kind": "stone_tactics", "player": troop, "max": stones})
    elif occupied_by(g, troop, "central"):  # nearly every turn: no unit on it, nothing to walk through
        for u in s.in_arena(troop):  # HR-14.3.3: never the titan, which takes no turn start here
            if g.a.is_("central", u["hex"]):
                fx.deal_damage(g, u, 1, None, attack=False)  # HR-3.3.2: from no unit, no favour
                check_end(g)
    t["phase"] = "deploy"


def occupied_by(g, troop: str, tag: str) -> int:
    """How many of the arena's ``tag`` hexes hold a unit of ``troop``: looked up hex by hex (a few hexes), not
    unit by unit, as it is asked at every turn's start."""
    by = g.s.arena_by.get(troop)  # the troop's occupied hexes (State.arena_by)
    return len(g.a.tags.get(tag, frozenset()).intersection(by)) if by else 0


def deploy_phase_checks(g) -> None:
    """HR-13.14.1 family: no units in combat and unable to deploy → forfeit (Pandemonium, Alliance)."""
    s = g.s
    t = s.turn
    if s.over or s.pending or t["phase"] != "deploy" or t["deploy_checked"]:
        return
    t["deploy_checked"] = True
    troop = t["player"]
    if g.mode in ("pandemonium", "alliance") and not s.has_in_arena(troop) and not q.can_deploy(g, troop):
        forfeit(g, troop, "HR-16.8.1" if g.mode == "pandemonium" else "HR-17.7.1")
    elif (
        g.mode in ("assault", "ascension")
        and troop not in RIVALS
        and not any(s.has_in_arena(p) for p in t["seats"])  # cheap, and nearly always false: asked first
        and not q.can_deploy(g, troop)
    ):
        rule = "HR-13.14.1" if g.mode == "assault" else "HR-14.11.1"
        finish(g, "rivals", "forfeit", rule)  # co-op: no player unit of either player


def forfeit(g, troop: str, rule: str) -> None:
    s = g.s
    if g.mode == "alliance":
        loser = s.troops[troop]["team"]
        finish(g, [k for k in ("red", "blue") if k != loser][0], "forfeit", rule)
        return
    s.troops[troop]["out"] = True
    s.troops[troop]["out_serial"] = s.serial
    s.end_due = True
    for u in s.in_arena(troop):
        fx.defeat(g, u, None)
    if not check_end(g):
        end_turn(g, forced=True)


def end_turn(g, ev: dict | None = None, forced: bool = False) -> None:
    """The turn's end: Skirmish refill (HR-15.6.3), tactics that expire, dazed ends (HR-7.2.3), next troop."""
    s = g.s
    t = s.turn
    troop = t["player"]
    if not forced:
        check_end_turn(g, ev)
        t["phase"] = "refill"
        if g.mode == "skirmish":
            short = CAMP_SIZE - camp_count(g, troop)  # AMB-18
            given = None if ev is None else ev.get("draw")
            if short > 0:
                got = draw(g, troop, short, given, "/draw")
                if ev is not None and g.dice.author is not None and not g.dice.seeded and got:
                    ev["draw"] = got
            elif given:
                raise IllegalEvent("HR-15.6.3", "{troop} has four units in camp and draws none", troop=troop)
        mine = s.troops[troop]
        done = mine["turns_done"] = mine["turns_done"] + 1
        if done == 1:  # HR-15.1.3 counts from a troop's first turn done: the only count check_end reads
            s.end_due = True
    end_marks(s, troop)
    if s.over or (s.end_due and check_end(g)):  # check_end, asked only when it has something to look at
        return
    order = t["order"]
    if troop == "titan":
        titan = s.troops["titan"]
        if titan["gain"] and s.units[f"titan:{titan['titan']}"]["zone"] == "arena":
            titan["dice"].append(titan["gain"].pop(0))  # CF-6: Mars gains titan dice over time (card data)
    if g.mode in ("assault", "ascension") and troop in ("immortal", "titan") and len(t["seats"]) > 1:
        s.pending.append({"kind": "begin_turn", "player": t["seats"][0]})  # HR-13.8.5: co-op order per round
        t["phase"] = "between"
        return
    n = len(order)
    i = t["index"]
    for _ in range(n):
        i += 1
        if i == n:
            i = 0
            fx.round_end(g)
            t["round"] += 1
            s.end_due = True  # HR-15.1.3 (option round_end) counts from the second round
        player = order[i]
        if player == "arena" and g.mode == "ascension" and not t.get("arena_turn"):
            continue  # HR-14.6.1: the arena turn only when the titan called one
        if not s.troops[player]["out"]:
            break
    t["index"] = i
    t["player"] = player
    start_turn(g)


def end_marks(s: State, troop: str) -> None:
    """At the end of ``troop``'s turn, each arena unit's per-turn marks end (HR-7.2.3, HR-8.6.4, HR-8.7.1) and its
    temporary tactic chips count down, the spent ones going to their players' discards (HR-6.5.3, HR-6.4).

    Only the units ``State.marked`` names can have any (units out of the arena are left as they are: they
    carry none, State.lift). The spent chips are discarded in the order of the units in the arena
    (``occupant``) and of the chips on each unit, as a walk over every arena unit would discard them."""
    units, occupant = s.units, s.occupant
    still: set[str] = set()  # the units that keep a chip (or, out of the arena, anything) for a later turn
    spent: list[tuple[int, dict]] = []  # (hex of the unit, chip)
    for uid in s.marked:
        u = units[uid]
        if occupant.get(u["hex"]) != uid:  # out of the arena (a hex of None holds no unit)
            if u["tactics"] or u["dazed"] or u["moved"] or u["engaged"] or u["used"]:
                still.add(uid)
            continue
        if u["tactics"]:
            keep = []
            for chip in u["tactics"]:
                if chip["left"] is not None and (chip["this_turn"] or u["owner"] == troop):
                    chip["left"] -= 1
                    if chip["left"] <= 0 or chip["this_turn"]:
                        spent.append((u["hex"], chip))
                        continue
                keep.append(chip)
            u["tactics"] = keep
            if keep:
                still.add(uid)
        u["dazed"] = u["moved"] = u["engaged"] = False
        if u["used"]:
            u["used"] = []
    s.marked = still
    if spent:
        if len({h for h, _ in spent}) > 1:
            at = {h: i for i, h in enumerate(occupant)}
            spent.sort(key=lambda x: at[x[0]])  # stable: each unit's chips stay in their order
        troops = s.troops
        for _, chip in spent:
            troops[chip["by"]]["tactics_discard"].append(chip["id"])  # HR-6.4


def camp_count(g, troop: str) -> int:
    """``len(q.units_in_camp(g, troop, heroes=False))`` without the lists, asked at every Skirmish turn's end."""
    units, defs = g.s.units, g.c.units
    n = 0
    for u in map(units.__getitem__, q.troop_uids(g, troop)):
        if u["zone"] == "camp" and defs[u["def"]].kind != "hero":
            n += 1
    return n


ENDING_THE_TURN = Text("ending the turn")  # one phrase for every turn's end: a Text holds no state


def check_end_turn(g, ev: dict | None) -> None:
    """Whether the turn may end now: the troop's own turn, no phase owed anything (HR-8.1.4, HR-9.1.4), and a
    rival has nothing left to do in its Engagement phase (HR-9.6.1, HR-13.10.3, HR-14.8.4)."""
    troop = g.s.turn["player"]
    if ev is not None and ev.get("player", troop) != troop:
        raise IllegalEvent(
            "HR-8.1.1", "it is {troop}'s turn, not {player}'s", troop=troop, player=ev.get("player")
        )
    fx.check_phase(g, "refill", ENDING_THE_TURN)
    if troop in RIVALS:
        due = rv.rival_duty(g)
        if due:
            raise IllegalEvent(*due)


def begin_turn(g, ev: dict) -> None:
    """HR-13.8.5: in co-op the players take their turns in the order they like, round by round."""
    t = g.s.turn
    who = check_begin_turn(g, ev)
    other = [p for p in t["seats"] if p != who]
    t["order"] = [t["order"][0], who, *other, "arena"]
    t["index"] = 1
    t["player"] = who
    start_turn(g)


def check_begin_turn(g, ev: dict) -> str:
    who = ev.get("player")
    if who not in g.s.turn["seats"]:
        raise IllegalEvent("HR-13.8.5", "{who!r} is not one of the players", who=who)
    return who


def end_wave(g) -> None:
    """HR-13.11: trophy, player and arena cleanup, favour reset, and a new round with a new immortal."""
    s = g.s
    t = s.turn
    t["wave_over"] = False
    fx.round_end(g)  # the wave ends its round (HR-13.11.2); favour is noted before its reset (HR-13.11.6)
    s.pending.clear()  # AMB-24: the turn in progress is abandoned
    for u in list(s.units.values()):
        if u["zone"] != "arena":
            continue
        for chip in u["tactics"]:
            s.troops[chip["by"]]["tactics_discard"].append(chip["id"])
        u["tactics"] = []
        fx.return_chips(g, u["owner"], u["hp"])
        u["hp"] = 0
        if u["owner"] == "arena":
            s.lift(u, "bag")
            s.troops["arena"]["bag"].append(u["def"])
        else:
            s.lift(u, "camp")
    for p in t["seats"]:
        hero = s.units[s.troops[p]["hero"]]
        if hero["zone"] == "camp":
            hero["active"] = False  # HR-13.11.4: reactivated through crowd favour
        s.favour[p]["f"] = 0  # HR-13.11.6
    for u in s.units.values():
        u["dazed"] = u["moved"] = u["engaged"] = False
        u["used"] = []
    if not any(u["zone"] == "camp" for u in s.units.values() if u["owner"] == "immortal"):
        finish(g, "players", "all_immortals", "AMB-25")
        return
    t["wave"] += 1
    t["wave_turn"] = 0
    t["round"] += 1
    s.end_due = True
    t["order"] = ["immortal", *t["seats"], "arena"]
    t["index"] = 0
    t["player"] = "immortal"
    start_turn(g)


def concede(g, ev: dict) -> None:
    """A player leaves the game (recorded by the platform; the rulebook has no concession rule)."""
    who = ev.get("player")
    if who not in g.s.troops or g.s.troops[who]["out"]:
        raise UnreadableLog(
            "/player: {who!r} is not a player still in the game", who=who, rule="LOG-5.2", path="/player"
        )
    if g.mode == "pandemonium":
        g.s.troops[who]["out"] = True
        g.s.troops[who]["out_serial"] = g.s.serial
        g.s.end_due = True
        for u in g.s.in_arena(who):
            fx.defeat(g, u, None)
        if not check_end(g) and g.s.turn["player"] == who:
            g.s.pending.clear()
            end_turn(g, forced=True)
        g.s.pending = [p for p in g.s.pending if p["player"] != who]
        return
    loser = g.s.troops[who]["team"]
    winner = next(g.s.troops[p]["team"] for p in g.s.turn["order"] if g.s.troops[p]["team"] != loser)
    if g.mode == "assault" and who not in g.s.turn["seats"]:
        raise UnreadableLog("/player: only a player can concede", rule="LOG-5.2", path="/player")
    finish(g, winner, "concession", None)


def finish(g, winner_team: str, ended_by: str, rule: str | None) -> None:
    g.s.over = {"winner": winner_team, "ended_by": ended_by, "rule": rule, "round": g.s.turn["round"]}
    g.s.pending.clear()


def check_end(g) -> bool:
    """HR-11.1 with each mode's objective: HR-15.1.2/15.1.3, HR-16.1.2, HR-17.1.2."""
    s = g.s
    if s.over:
        return True
    if not s.end_due:
        return False  # nothing that meets an objective happened since the last look (State.end_due)
    s.end_due = False
    order = s.turn["seats"]
    if g.mode == "ascension":
        titan = s.units[f"titan:{s.troops['titan']['titan']}"]
        if titan["zone"] == "discard":
            finish(g, "players", "titan_defeated", "HR-14.1.2")
            return True
        if s.units[s.troops[order[0]]["hero"]]["zone"] == "discard":
            finish(g, "rivals", "hero_defeated", "HR-14.1.2")  # AMB-27: player A's hero only
            return True
    elif g.mode == "assault":
        for p in order:  # HR-13.13.1: a primary hero defeated loses the game (co-op: either)
            if s.units[s.troops[p]["hero"]]["zone"] == "discard":
                finish(g, "rivals", "hero_defeated", "HR-13.13.1")
                return True
    elif g.mode == "skirmish":
        # Checked after every event: the rival is looked up only once a side has lost.
        for p in order:
            if s.units[s.troops[p]["hero"]]["zone"] == "discard":
                finish(g, next(o for o in order if o != p), "hero_defeated", "HR-15.1.2")
                return True
        if g.a.pozzuoli:
            by_round = g.opt["skirmish_no_units_from"] == "round_end"
            for p in order:
                if not (s.turn["round"] > 1 if by_round else s.troops[p]["turns_done"] >= 1):
                    continue
                if not s.arena_by.get(p):  # State.has_in_arena
                    finish(g, next(o for o in order if o != p), "no_units", "HR-15.1.3")
                    return True
    elif g.mode == "alliance":
        units, troops = (
            s.units,
            s.troops,
        )  # asked after every event: a plain loop, no list of heroes built for it
        for side in ("red", "blue"):
            for p in order:
                if troops[p]["team"] == side and units[troops[p]["hero"]]["zone"] != "discard":
                    break  # a hero of the side still stands
            else:
                finish(g, "blue" if side == "red" else "red", "heroes_defeated", "HR-17.1.2")
                return True
    elif g.mode == "pandemonium":
        troops = s.troops
        standing = None  # the one troop not out, while there is only one
        for p in order:
            if not troops[p]["out"]:
                if standing is not None:
                    return False
                standing = p
        if standing is not None:
            finish(g, standing, "last_standing", "HR-16.1.2")
            return True
    return False
