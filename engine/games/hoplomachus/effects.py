"""What happens to the state: damage, defeat, healing, crowd favour and its rewards, phase changes.

Layer 4 (effects): uses queries; called by actions and turn flow. Decisions that the rules leave to a
player are queued in ``state.pending`` as plain dicts and resolved by the next event (actions.PENDING).
"""

from __future__ import annotations

from collections import _count_elements
from collections.abc import Callable
from itertools import compress

from engine.core.errors import IllegalEvent
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rivals as rv
from engine.games.hoplomachus.state import PHASE_INDEX

DEPLOY = PHASE_INDEX["deploy"]
LINEAR_TOP = 20  # HR-4.2.3
LINEAR_STEP = 5  # HR-4.2.2


def stat(g, troop: str, key: str, n: int = 1) -> None:
    row = g.s.stats.setdefault(troop, {})
    row[key] = row.get(key, 0) + n


UNIT_STATS = ("attacks", "damage_dealt", "defeats")
UNIT_KEY = (
    "unit:"  # per-unit rows sit in ``stats`` beside the troops' under "unit:<uid>" (plain, copied data)
)


def row_key(keys: dict[str, str], prefix: str, name: str) -> str:
    """``prefix + name``, the key of a statistics row, kept in ``keys`` (Game.unit_row_keys, dice_row_keys)."""
    key = keys[name] = prefix + name
    return key


def unit_stat(g, u: dict | None, key: str | None = None, n: int = 1) -> None:
    """Count for one player-troop unit (statistics ``units``); rival units are not counted, like their troops.
    With no ``key`` the unit gets its row (all zero) when it enters combat."""
    if u is None or u.get("shard") or g.s.troops[u["owner"]]["team"] == "rivals":  # q.team, asked per hit
        return
    uid = u["uid"]
    key_of_row = g.unit_row_keys.get(uid) or row_key(g.unit_row_keys, UNIT_KEY, uid)
    row = g.s.stats.get(key_of_row)
    if row is None:  # the zero row is built only when the unit has none yet (asked per hit)
        row = g.s.stats[key_of_row] = dict.fromkeys(UNIT_STATS, 0)
    if key is not None:
        row[key] += n


# Facts the statistics report beside the counters (version 3), kept in ``stats`` too, under keys with a colon
# (as the unit rows), each a flat dict whose values are numbers or tuples: ``State.copy`` stays a one-level copy,
# and a handful of entries (not one per fact) keeps it cheap.
DICE_KEY = "dice:"  # dice:<troop> → {colour: dice rolled}
HITS_KEY = "hits:"  # hits:<troop> → {colour: hits rolled}
TACTIC_KEY = "tactics:"  # tactics:<troop> → {tactic id: times played}
RIVALS_KEY = "rivals:"  # → {uid: (unit id, kind, round it entered)}: the immortals and the titan that entered
FAVOUR_KEY = "favour:"  # → {(track key, round): favour at the end of that round}
REWARDS_KEY = "rewards:"  # → {n: (troop, track key, reward, round)}, n counting from 0


def dice_stat(g, troop: str, pool: list[str], hits: list[bool]) -> None:
    """HR-8.8.3, HR-2.6.1: each die rolled, by troop and colour, and its hits. Counted in both randomness modes;
    the hit faces of the dice rolled (the expected hits) follow from the counts (Game.dice_rows)."""
    stats = g.s.stats
    keys = g.dice_row_keys  # (dice row key, hits row key) by troop, made once per game
    both = keys.get(troop)
    if both is None:
        both = keys[troop] = (DICE_KEY + troop, HITS_KEY + troop)
    rolled = stats.get(both[0])
    if rolled is None:
        rolled = stats[both[0]] = {}
        stats[both[1]] = {}
    _count_elements(rolled, pool)  # Counter.update's counting loop, in C: a roll's dice by colour
    _count_elements(stats[both[1]], compress(pool, hits))


def tactic_stat(g, troop: str, tactic: str) -> None:
    """HR-8.5.1: a tactic chip played from the troop's camp, by its pack id."""
    row = g.s.stats.setdefault(TACTIC_KEY + troop, {})
    row[tactic] = row.get(tactic, 0) + 1


def rival_entered(g, u: dict) -> None:
    """HR-13.10.2, HR-14.8.3: an immortal or a titan entered the arena, in this round."""
    g.s.stats.setdefault(RIVALS_KEY, {}).setdefault(
        u["uid"], (u["def"], q.udef(g, u).kind, g.s.turn["round"])
    )


def favour_value(g, key: str) -> int:
    """A favour track's value as the result scores it: the linear track's position (HR-4.2), or 5 per completed
    Colosseum track plus the position on the current one (HR-4.4)."""
    f = g.s.favour[key]
    return (
        f["f"]
        if "f" in f
        else COLOSSEUM_LENGTH * len(f["done"]) + (0 if f["track"] in f["done"] else f["pos"])
    )


def round_end(g) -> None:
    """HR-8.1.1, HR-13.11.2: the round ends; each favour track's value is noted for it (before a wave's reset)."""
    r = g.s.turn["round"]
    noted = g.s.stats.setdefault(FAVOUR_KEY, {})
    for key in g.s.favour:
        noted.setdefault((key, r), favour_value(g, key))


def reward_taken(g, troop: str, key: str, reward: str) -> None:
    """HR-4.3, HR-4.5: a favour reward claimed, by the troop whose gain reached it, in this round."""
    taken = g.s.stats.setdefault(REWARDS_KEY, {})
    taken[len(taken)] = (troop, key, reward, g.s.turn["round"])
    stat(g, troop, "rewards")


# --- phases ------------------------------------------------------------------------------------


def advance_to(g, phase: str, what: str) -> None:
    """Enter ``phase`` for ``what`` (check_phase says whether it may)."""
    check_phase(g, phase, what)
    g.s.turn["phase"] = phase


def check_phase(g, phase: str, what: str | Callable[[], str]) -> None:
    """HR-8.1.4: phases are never revisited; leaving Deploy checks HR-8.4.3 / HR-16.6.2, and a rival leaves a
    phase only once nothing is owed in it (HR-9.1.4, HR-9.2.1, HR-9.4.6, HR-9.5.1).

    ``what`` names the action in a refusal; it may be a function giving the words, so that an accepted event
    (nearly every event) does not spell out a unit's name for nothing."""
    t = g.s.turn
    current = t["phase"]
    if phase == current and phase != "tactic":
        return  # staying in a phase owes nothing (most events: a second attack, the next move)
    now = PHASE_INDEX[current]
    want = PHASE_INDEX[phase]
    if want < now:
        raise IllegalEvent(
            "HR-8.1.4",
            "{what} belongs to the {phase} phase, but the {phase_2} phase has already begun",
            what=_say(what),
            phase=phase,
            phase_2=t["phase"],
        )
    if g.s.troops[t["player"]]["team"] == "rivals":  # rv.is_rival
        if want == PHASE_INDEX["tactic"]:
            raise IllegalEvent(
                "HR-9.1.4", "rival troops have no Tactic Placement phase and never play tactics"
            )
        for phase_name, duty in (("deploy", rv.rival_deploy_due), ("movement", rv.movement_duty),
                                 ("abilities", rv.abilities_duty)):  # fmt: skip
            if now <= PHASE_INDEX[phase_name] < want:
                due = duty(g)
                if due:
                    raise IllegalEvent(due[0], "{due}, before {what}", due=due[1], what=_say(what))
    elif now <= DEPLOY < want and not t["deployed"] and q.must_deploy(g, t["player"]):
        rule = "HR-16.6.2" if g.mode == "pandemonium" else "HR-8.4.3"
        need = "fewer than three units" if g.mode == "pandemonium" else "no units"
        raise IllegalEvent(
            rule,
            "{player} has {need} in combat and can deploy, so must deploy before {what}",
            player=t["player"],
            need=need,
            what=_say(what),
        )


def _say(what: str | Callable[[], str]) -> str:
    return what() if callable(what) else what


# --- health chips ------------------------------------------------------------------------------


def chip_colour(g, troop: str) -> str:
    return "any" if g.mode == "pandemonium" else q.colour_of(g, troop)


def take_chips(g, troop: str, n: int) -> int:
    """Take up to ``n`` chips of the troop's colour from the supply (AMB-29: gains are capped)."""
    colour = chip_colour(g, troop)
    n = max(0, min(n, g.s.supply[colour]))
    g.s.supply[colour] -= n
    return n


def return_chips(g, troop: str, n: int) -> None:
    # chip_colour spelt out: chips go back at every hit
    if g.mode == "pandemonium":
        g.s.supply["any"] += n
    else:
        t = g.s.troops[troop]
        g.s.supply[t.get("chips") or t["side"]] += n


def heal(g, u: dict, n: int) -> int:
    """HR-7.6: recover HP, never above Health."""
    room = q.udef(g, u).health - u["hp"]
    got = take_chips(g, u["owner"], min(n, max(room, 0)))
    u["hp"] += got
    return got


def gain_hp(g, u: dict, n: int) -> int:
    """HR-7.6: gaining HP is not healing and may exceed Health."""
    got = take_chips(g, u["owner"], n)
    u["hp"] += got
    return got


# --- damage and defeat -------------------------------------------------------------------------


def deal_damage(g, target: dict, amount: int, source: dict | None, *, attack: bool) -> int:
    """Deal ``amount`` damage (HR-7.5, HR-2.5.4); returns the HP lost. ``source`` None = no unit (HR-3.3.2)."""
    if amount <= 0 or target["zone"] != "arena":
        return 0  # HR-7.5.4: no hit, no damage
    d = g.c.units[target["def"]]
    if d.kind == "immortal":
        # HR-13.6.1: immortals ignore damage; HR-13.5.1: the damage dealt still earns its dealer favour.
        if source is not None and not q.allied(g, source, target):
            stat(g, source["owner"], "damage_dealt", amount)
            unit_stat(g, source, "damage_dealt", amount)
            gain_favour(g, source["owner"], amount)
        return 0
    hp = target["hp"]
    lost = amount if amount < hp else hp
    target["hp"] = hp - lost
    s = g.s
    troops = s.troops
    owner = target["owner"]
    if g.mode == "pandemonium":  # return_chips, spelt out: chips go back at every hit
        s.supply["any"] += lost
    else:
        t = troops[owner]
        s.supply[t.get("chips") or t["side"]] += lost
    by = None
    if source is not None:
        by = source["owner"]
        stats = s.stats
        row = stats.setdefault(by, {})  # stat, spelt out
        row["damage_dealt"] = row.get("damage_dealt", 0) + lost
        if troops[by]["team"] != "rivals" and not source.get(
            "shard"
        ):  # unit_stat, spelt out: every hit counts
            uid = source["uid"]
            key = g.unit_row_keys.get(uid) or row_key(g.unit_row_keys, UNIT_KEY, uid)
            row = stats.get(key)
            if row is None:
                row = stats[key] = dict.fromkeys(UNIT_STATS, 0)
            row["damage_dealt"] += lost
        if (
            lost
            and g.mode in ("skirmish", "ascension")
            and not g.a.pozzuoli
            and troops[by]["team"] != troops[owner]["team"]  # q.allied
        ):
            gain_favour(g, by, lost)  # HR-15.5.4: favour = HP the opponent lost
    if target["hp"] <= 0:
        defeat(g, target, by, source)
    elif not target["active"] and d.kind == "hero" and not g.a.pozzuoli and g.mode == "skirmish":
        activate_hero(g, target)  # HR-15.7.3 (b): resolve the damage first, then activate
    return lost


def defeat(g, u: dict, by: str | None, source: dict | None = None) -> None:
    """HR-7.3, HR-10: out of the arena into its troop's discard; chips to the supply, tactics to their players.
    ``source``: the unit whose damage defeated it, if any (its statistics' ``defeats``)."""
    s = g.s
    d = q.udef(g, u)
    return_chips(g, u["owner"], u["hp"])
    u["hp"] = 0
    for t in u["tactics"]:
        s.troops[t["by"]]["tactics_discard"].append(t["id"])  # HR-10.3, HR-6.4
    u["tactics"] = []
    u["dazed"] = False
    if u["shards"]:
        drop_shards(g, u)
    if d.kind == "arena" and g.mode == "assault":
        s.lift(u, "bag")  # HR-13.13.3: back into the draw bag, and the immortal loses 1 HP (HR-13.6.2)
        s.troops[u["owner"]]["bag"].append(u["def"])
        for imm in s.in_arena("immortal"):
            lose_hp(g, imm, 1)
    elif d.kind == "immortal":
        s.lift(u, "trophy")  # HR-13.11.3
        s.turn["wave_over"] = True
    else:
        s.lift(u, "discard")
    stat(g, u["owner"], "units_lost")
    if by is not None:
        stat(g, by, "units_defeated")
        unit_stat(g, source, "defeats")
    opposing = by is not None and q.team(g, by) != q.team(g, u["owner"])
    if opposing and g.a.pozzuoli and g.mode in ("skirmish", "alliance"):
        gain_favour(g, by, 2)  # HR-15.5.1, HR-17.6.1
    if g.mode == "pandemonium" and d.kind == "hero" and opposing:
        # HR-16.7.1 (AMB-21): the troop whose hero fell, or the defeating troop with the option.
        who = by if g.opt["pandemonium_hero_return"] == "defeating" else u["owner"]
        if any(not q.udef(g, v).elite for v in discard_units(g, who)):
            s.pending.append(
                {"kind": "return_units", "player": who, "max": 2, "elite": False, "rule": "HR-16.7.1"}
            )


def drop_shards(g, u: dict) -> None:
    """HR-14.10.5 (and HR-10, equipped chips): a defeated shardholder's shards stay on its hex, active side up."""
    h = u["hex"]
    here = g.s.shards.get(h)
    n = len(u["shards"]) + (here["count"] if here else 0)
    g.s.shards[h] = {"active": True, "hp": 0, "colour": None, "count": n, "dropped": True}
    u["shards"] = []


def pick_up_shards(g, u: dict, path: list[int]) -> None:
    """HR-14.10.6: a player-controlled unit moving onto or through a hex holding a previously equipped shard
    equips it; rival units pass over such shards and leave them."""
    if q.team(g, u["owner"]) == "rivals":
        return
    for h in path:
        shard = g.s.shards.get(h)
        if shard is not None and shard["dropped"]:
            del g.s.shards[h]
            u["shards"] += [{"hp": 0} for _ in range(shard["count"])]


def damage_shard(g, h: int, amount: int, source: dict) -> int:
    """HR-14.10.3: a shard with HP loses them like a unit; the HP lost earn favour like an opponent's
    (HR-14.7.1, AMB-28). At no HP left it turns to its inactive side and stops blocking (titan card data)."""
    shard = g.s.shards[h]
    lost = min(amount, shard["hp"])
    if lost <= 0:
        return 0
    shard["hp"] -= lost  # its HP came with the card at setup, not from the supply
    stat(g, source["owner"], "damage_dealt", lost)
    unit_stat(g, source, "damage_dealt", lost)
    if shard["hp"] == 0:
        shard["active"] = False
    gain_favour(g, source["owner"], lost)
    return lost


def lose_hp(g, u: dict, n: int) -> None:
    """HP removed without damage (HR-13.6.1: arena defeats and stones wear an immortal down)."""
    n = min(n, u["hp"])
    u["hp"] -= n
    return_chips(g, u["owner"], n)
    if u["hp"] <= 0:
        defeat(g, u, None)


def discard_units(g, troop: str) -> list[dict]:
    return [u for u in q.troop_units(g, troop) if u["zone"] == "discard"]


def activate_hero(g, u: dict) -> None:
    """HR-2.8.7, HR-15.7.4: flip active; dazed this turn if it is in the arena."""
    if u["active"]:
        return
    u["active"] = True
    if u["zone"] == "arena":
        u["dazed"] = True
        g.s.marked.add(u["uid"])


def to_camp(g, u: dict) -> None:
    g.s.lift(u, "camp")
    if q.udef(g, u).kind == "hero":
        u["active"] = True  # HR-4.3.3: a returned hero is flipped active


# --- crowd favour ------------------------------------------------------------------------------


def gain_favour(g, troop: str, n: int) -> None:
    """One gain event of ``n`` favour for ``troop`` (HR-4.1.3; Colosseum: AMB-36)."""
    # q.favour_key, spelt out: a gain follows nearly every hit
    mode = g.mode
    team = g.s.troops[troop]["team"]
    if mode == "pandemonium" or team == "rivals" or n <= 0:
        return
    key = team if mode in ("alliance", "ascension") else troop
    # Counted apart from ``favour``: the statistics' ``favour`` is the favour a troop ends with (the
    # schema's and the result's), which a gain count must not overwrite.
    stat(g, troop, "favour_gained", n)
    if g.a.pozzuoli:
        linear_gain(g, troop, key, n)
    else:
        colosseum_gain(g, troop, key, n)


def linear_gain(g, troop: str, key: str, n: int) -> None:
    """HR-4.2.3: F ← min(F + n, 20); each reward space passed or landed on, in ascending order."""
    f = g.s.favour[key]
    old = f["f"]
    new = min(old + n, LINEAR_TOP)
    f["f"] = new
    rewards = g.a.favour["rewards"]
    for space in range(LINEAR_STEP, LINEAR_TOP + 1, LINEAR_STEP):
        if old < space <= new:
            linear_reward(g, troop, key, rewards[str(space)])
            index = space // LINEAR_STEP
            catch_up_limit = 4 if g.mode == "alliance" else 3  # AMB-20
            if g.mode in ("skirmish", "alliance") and index <= catch_up_limit:  # none in Assault (HR-13.5.2)
                catch_up(g)


def members(g, key: str) -> list[str]:
    return [t for t in g.s.turn["seats"] if q.favour_key(g, t) == key]


def linear_reward(g, troop: str, key: str, reward: str) -> None:
    """HR-4.3 (Pozzuoli rewards); Alliance claims per HR-17.6.4."""
    s = g.s
    team = members(g, key)
    if reward == "activate_hero":
        for t in team:
            hero = s.units[s.troops[t]["hero"]]
            if hero["zone"] in ("camp", "arena") and not hero["active"]:
                activate_hero(g, hero)  # HR-4.3.1 / HR-17.6.4: the member whose hero is in camp
    elif reward == "return_tactics":
        if len(team) > 1:
            s.pending.append(
                {"kind": "choose_member", "player": troop, "reward": "return_tactics", "team": key}
            )
        else:
            return_tactics(g, troop)
    elif reward == "return_units":
        elite = g.mode != "alliance"  # HR-17.6.4: non-elite only in Alliance
        if len(team) > 1:
            s.pending.append({"kind": "return_units", "player": troop, "max": 2, "elite": elite,
                              "rule": "HR-17.6.4", "team": key})  # fmt: skip
        else:
            offer_return_units(g, troop, 2, elite, "HR-4.3.3")
    elif reward == "neutral_hero":
        for u in s.units.values():
            if u["zone"] == "track" and q.favour_key(g, u["owner"]) == key:
                to_camp(g, u)  # HR-4.3.4, HR-17.6.4
    reward_taken(g, troop, key, reward)


def return_tactics(g, troop: str) -> None:
    t = g.s.troops[troop]
    t["tactics_camp"] += t["tactics_discard"]  # HR-4.3.2
    t["tactics_discard"] = []


def offer_return_units(g, troop: str, most: int, elite: bool, rule: str) -> None:
    """Return up to ``most`` discarded units; automatic when there is no choice to make."""
    cands = [u for u in discard_units(g, troop) if elite or not q.udef(g, u).elite]
    if not cands:
        return
    if len(cands) <= most:
        for u in cands:
            to_camp(g, u)
        return
    g.s.pending.append({"kind": "return_units", "player": troop, "max": most, "elite": elite, "rule": rule,
                        "exact": True})  # fmt: skip


def catch_up(g) -> None:
    """HR-15.5.3, HR-17.6.5: the side with less favour (tie: the side whose turn it is) may add HP."""
    keys = sorted({q.favour_key(g, t) for t in g.s.turn["seats"]})
    active_key = q.favour_key(g, g.s.turn["player"])
    low = min(g.s.favour[k]["f"] for k in keys)
    lows = [k for k in keys if g.s.favour[k]["f"] == low]
    key = active_key if active_key in lows else lows[0]
    for t in members(g, key):
        if g.s.in_arena(t):
            g.s.pending.append({"kind": "catch_up", "player": t})


COLOSSEUM_LENGTH = 5  # HR-4.4.1


def track_options(g, key: str) -> list[str]:
    """HR-4.4.3–4.4.6: continue the current track or start an incomplete one; gold only after the four."""
    f = g.s.favour[key]
    tracks = g.a.favour["tracks"]
    standard = [t for t in tracks if t != "gold"]
    done = f["done"]
    opts = [t for t in standard if t not in done]
    if not opts and "gold" not in done:
        opts = ["gold"]
    return opts


def colosseum_gain(g, troop: str, key: str, n: int) -> None:
    f = g.s.favour[key]
    if "gold" in f["done"]:
        return  # HR-4.4.7
    opts = track_options(g, key)
    if len(opts) == 1:
        advance_track(g, troop, key, opts[0], n)
    else:
        g.s.pending.append({"kind": "track", "player": troop, "amount": n, "team": key})


def advance_track(g, troop: str, key: str, track: str, n: int) -> None:
    """HR-4.4.3/4.4.4: a new track restarts from zero; the 5th space gives the reward, excess is lost."""
    f = g.s.favour[key]
    if f["track"] != track:
        f["track"] = track
        f["pos"] = 0
    f["pos"] = min(f["pos"] + n, COLOSSEUM_LENGTH)
    if f["pos"] == COLOSSEUM_LENGTH:
        f["done"].append(track)
        colosseum_reward(g, troop, track)


def colosseum_reward(g, troop: str, track: str) -> None:
    """HR-4.5 rewards and, in Skirmish, the chip above the track (HR-15.2.6, HR-15.5.4)."""
    s = g.s
    reward = g.a.favour["tracks"][track]
    reward_taken(g, troop, q.favour_key(g, troop), reward)
    if g.mode == "ascension":
        ascension_reward(g, troop, track, reward)
        return
    if reward == "gain_support_chip":
        offer_support(g, troop)
    elif reward == "add_3_hp":
        if s.in_arena(troop):
            s.pending.append({"kind": "add_hp", "player": troop, "amount": 3})
    elif reward == "activate_hero":
        activate_hero(g, s.units[s.troops[troop]["hero"]])
        s.troops[troop]["all_outer"] = True
    elif reward == "foothold_action":
        s.troops[troop]["foothold_action"] = True
    elif reward == "gold_hero":
        for u in s.units.values():
            if u["zone"] == "track" and u["owner"] == troop:
                to_camp(g, u)
    if g.mode == "skirmish" and reward not in ("gain_support_chip", "gold_hero"):
        rival = next(t for t in s.turn["seats"] if t != troop)
        offer_support(g, rival)  # HR-15.5.4: the opponent's chip above this track goes to the opponent


def ascension_reward(g, troop: str, track: str, reward: str) -> None:
    """HR-14.7.2, HR-14.7.4, HR-14.7.7: the printed reward and the chip above the track, allocated in co-op."""
    s = g.s
    seats = s.turn["seats"]
    a, b = seats[0], seats[-1]  # solo: the same player
    if reward == "add_3_hp":
        if s.in_arena(b):
            s.pending.append({"kind": "add_hp", "player": b, "amount": 3})
    elif reward == "activate_hero":
        activate_hero(g, s.units[s.troops[a]["hero"]])
        for p in seats:
            s.troops[p]["all_outer"] = True
    elif reward == "foothold_action":
        s.troops[b if g.opt["coop_foothold_holder"] == "B" else a]["foothold_action"] = True  # AMB-15
    elif reward == "gold_hero":
        for u in s.units.values():
            if u["zone"] == "track":
                to_camp(g, u)  # the neutral hero (solo) or player B's primary hero (co-op) into B's camp
    if track != "gold" and s.support_left.get(a, 0) > 0:
        # The chip above every standard track ("gain this chip" adds nothing, HR-4.5.2); the red chips are the
        # players' together (held under player A), placed by the player whose damage completed the track.
        s.support_left[a] -= 1
        s.pending.append({"kind": "support", "player": troop})


def offer_support(g, troop: str) -> None:
    """HR-5.1.2: a gained support chip is placed at once, foothold or sentinel."""
    if g.s.support_left.get(troop, 0) > 0:
        g.s.support_left[troop] -= 1
        g.s.pending.append({"kind": "support", "player": troop})
