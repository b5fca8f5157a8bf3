"""Setup, cards and the round: deal, organisation, selection and initiative, activations,
interrupt frames, cleanup and the end of the game (spec §4–§7, §14.1, §17.2)."""

from __future__ import annotations

from operator import attrgetter

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.battleground import effects, footprint, markers, timing
from engine.games.battleground.actions import end_activation, refuse_if_interrupts_wait
from engine.games.battleground.cards import apply_bonus
from engine.games.battleground.dice import success_chance
from engine.games.battleground.state import HAND_LIMIT, ROUNDS, Frame, Side, Trigger, Unit

OBJECTIVE_VP = 20  # BG-7.2.2
BY_ORDER = attrgetter("order")  # a unit's position in its force: deterministic iteration
BEGIN_INTERRUPT = "begin_interrupt"  # the continuation that starts an interrupt (tables.CONTINUATIONS)


# -- setup (BG-4) -----------------------------------------------------------------------------------
def setup(g, doc: dict) -> None:
    content, board = g.content, g.board
    players = doc["players"]
    if len(players) != 2:
        raise IllegalEvent(
            "BG-1.1",
            "Battleground is for exactly two players; the log names {players_count}",
            players_count=len(players),
        )
    if players[0]["id"] == players[1]["id"]:
        raise UnreadableLog("the two players need different ids", rule="LOG-2.2", path="/players/1/id")
    setup_block = doc["setup"]
    first = setup_block.get("first_player")
    if first not in (p["id"] for p in players):
        raise IllegalEvent("BG-4.7", "the log must record who the first player is (setup.first_player)")
    g.first_player = first
    occupied: dict[int, str] = {}
    for pi, p in enumerate(players):
        faction = content.lookup("factions", p["faction"], path=f"/players/{pi}/faction")
        deck_spec = content.decks.get(faction)
        if deck_spec is None:
            raise UnreadableLog("content pack has no decks for {faction}", faction=faction, rule="LOG-3.5")
        side = Side(id=p["id"], name=p["name"], faction=faction, deck=list(deck_spec["fate"]))
        side.hand = list(deck_spec["glory"])  # BG-4.6: both glory cards start in hand
        if g.dice.seeded:
            side.deck = g.dice.stream.shuffle(side.deck)  # BG-4.5, derived from the seed
        g.sides[side.id] = side
        if not p["force"]:
            raise IllegalEvent("BG-1.1", "{name}'s army has no characters", name=p["name"])
        for ui, entry in enumerate(p["force"]):
            path = f"/players/{pi}/force/{ui}"
            if not isinstance(entry, dict):
                raise UnreadableLog(
                    "{path_}: a force entry is an object", path_=path, rule="LOG-2.2", path=path
                )
            cid = content.lookup("characters", entry.get("character"), path=f"{path}/character")
            d = content.characters[cid]
            key = f"{side.id}:{cid}"
            if key in g.units:
                raise UnreadableLog(
                    "{path_}: {name} appears twice in {name_2}'s army",
                    path_=path,
                    name=d.name,
                    name_2=p["name"],
                    rule="LOG-2.2",
                    path=path,
                )
            if d.faction != faction:
                raise IllegalEvent(
                    "BG-1.1",
                    "{name} is not of {name_2}: an army is one faction",
                    name=d.name,
                    name_2=content.factions[faction]["name"],
                )
            weapons, items = [], []
            for ei, name in enumerate(entry.get("equipment", [])):
                wid = content.find("weapons", name)  # a weapon, else an item (worded by lookup)
                if wid is not None:
                    weapons.append(content.weapons[wid])
                else:
                    items.append(content.items[content.lookup("items", name, path=f"{path}/equipment/{ei}")])
            try:
                h = board.parse(str(entry.get("hex")))
            except ValueError as exc:
                raise UnreadableLog(
                    "{path_}/hex: {exc}", path_=path, exc=exc, rule="LOG-2.2", path=f"{path}/hex"
                ) from None
            facing = entry.get("facing", 0)
            if facing not in range(6):
                raise IllegalEvent(
                    "BG-1.4",
                    "{name} must face one of the six sides (0–5), not {facing!r}",
                    name=d.name,
                    facing=facing,
                )
            facing = int(facing)  # JSON Schema counts 2.0 as an integer; geometry indexes with it (BG-1.4)
            its_footprint = footprint.of(d.base, board.grid)
            cells = footprint.setup_cells(
                g, d, its_footprint, h, facing
            )  # BG-19: every hex of a massive base
            for c in cells:
                if c not in board.zones[pi]:
                    raise IllegalEvent(
                        "BG-2.1.5",
                        "{name} sets up at {c}, outside {name_2}'s deployment zone",
                        name=d.name,
                        c=board.label(c),
                        name_2=p["name"],
                    )
                if not board.standable(c) or c in occupied:
                    raise IllegalEvent(
                        "BG-2.1.4",
                        "{name} cannot set up at {c}: the hex is not free",
                        name=d.name,
                        c=board.label(c),
                    )
                occupied[c] = cid
            g.units[key] = Unit(
                key=key,
                player=side.id,
                d=d,
                weapons=tuple(weapons),
                items=tuple(items),
                hex=h,
                facing=facing,
                order=len(g.units),
                footprint=its_footprint,
            )
    # Mirror matches field the same character twice: events then name it "p1:he-man".
    counts: dict[str, int] = {}
    for unit in g.units.values():
        counts[unit.d.id] = counts.get(unit.d.id, 0) + 1
    for unit in g.units.values():
        unit.ref = unit.key = unit.d.id if counts[unit.d.id] == 1 else unit.key
    g.units = {unit.key: unit for unit in g.units.values()}
    g.has_massive = footprint.any_massive(u.footprint for u in g.units.values())


def _draw(g, side: Side, event: dict, count: int, what: str, rule: str = "BG-5.2.1") -> None:
    """Draw ``count`` fate cards; ``rule`` is the rule fixing the count (BG-4.6 opening hand, BG-5.2.1)."""
    given = event.get("draw")
    if given is not None and not isinstance(given, list):
        raise UnreadableLog("{what}: 'draw' lists the cards drawn", what=what, rule="LOG-5.2")
    if g.dice.seeded:
        drawn = side.deck[:count]
        if given is not None and list(given) != drawn:
            raise IllegalEvent(
                "LOG-4.3",
                "{what}: the log records {given}, the seeded deck gives {drawn}",
                what=what,
                given=given,
                drawn=drawn,
            )
        del side.deck[:count]
    else:
        author = g.dice.author
        if given is None and author is not None:
            given = author.pick_cards(side.deck, count)
            event["draw"] = given
        if not isinstance(given, list):
            raise IllegalEvent(
                rule, "{what}: the log must list the {count} cards drawn", what=what, count=count
            )
        if len(given) != count:
            raise IllegalEvent(
                rule,
                "{what}: {name} draws {count} cards, the log lists {given_count}",
                what=what,
                name=side.name,
                count=count,
                given_count=len(given),
            )
        drawn = []
        for name in given:
            cid = g.content.lookup("cards", name, path="draw")
            if cid not in side.deck:
                raise IllegalEvent(
                    "BG-5.2.4",
                    "{what}: {cid} is not left in {name}'s fate deck",
                    what=what,
                    cid=cid,
                    name=side.name,
                )
            side.deck.remove(cid)
            drawn.append(cid)
    side.hand.extend(drawn)


def _fate_in_hand(g, side: Side) -> int:
    return sum(1 for c in side.hand if g.content.cards[c].kind == "fate")


def check_deal(g, side: Side) -> None:
    """BG-4.6: each player draws the opening hand once, at setup."""
    if g.phase != "deal":
        raise IllegalEvent("BG-4.6", "cards are dealt only at setup")
    if side.dealt:
        raise IllegalEvent("BG-4.6", "{name} has already drawn the opening hand", name=side.name)


def event_deal(g, event: dict) -> None:
    side = g.side(event)
    check_deal(g, side)
    _draw(g, side, event, HAND_LIMIT, "opening hand", rule="BG-4.6")  # BG-4.6: cited, not BG-5.2.1
    side.dealt = True
    if all(s.dealt for s in g.sides.values()):
        start_step(g)  # BG-4.8: round 1 skips organisation


def check_organise(g, side: Side) -> None:
    """BG-5.2: each player organises once, in the organisation phase."""
    if g.phase != "organise":
        raise IllegalEvent("BG-5.2.3" if g.round == 1 else "BG-5.2", "this is not the organisation phase")
    if side.dealt:
        raise IllegalEvent("BG-5.2.1", "{name} has already drawn this round", name=side.name)


def event_organise(g, event: dict) -> None:
    side = g.side(event)
    check_organise(g, side)
    for name in event.get("discard", []) or []:
        cid = g.content.lookup("cards", name, path="discard")
        if cid not in side.hand:
            raise IllegalEvent(
                "BG-5.2.1", "{name} cannot discard {cid}: it is not in hand", name=side.name, cid=cid
            )
        side.hand.remove(cid)
        side.discard.append(cid)
    need = max(0, HAND_LIMIT - _fate_in_hand(g, side))
    _draw(g, side, event, min(need, len(side.deck)), f"round {g.round} draw")  # BG-5.2.1, BG-AMB-30
    side.dealt = True
    if all(s.dealt for s in g.sides.values()):
        start_step(g)


# -- step 1: select a card (BG-6.2, 6.3) ------------------------------------------------------------
def ready_units(g, side: Side) -> list[Unit]:
    return [u for u in g.units.values() if u.player == side.id and u.on_board and not u.activated]


def has_ready_unit(g, side: Side) -> bool:
    """``bool(ready_units(g, side))``, stopping at the first: asked for each side at every card selection."""
    pid = side.id
    for u in g.units.values():  # noqa: SIM110 — a plain loop: any() over a generator costs more here
        if u.player == pid and u.on_board and not u.activated:
            return True
    return False


def start_step(g) -> None:
    """Begin a card selection (step 1), or move to cleanup once everyone has passed."""
    g.queue = []
    for side in g.sides.values():
        side.chosen = False
        side.revealed = None
        if not side.passed and (not has_ready_unit(g, side) or not side.hand):
            side.passed = True  # BG-6.3.5: no ready character or no card → must pass
            side.passed_by_rules = "no ready character" if side.hand else "no card in hand"
    if all(s.passed for s in g.sides.values()):
        cleanup(g)
    else:
        g.phase = "select"


def _selection_done(g) -> None:
    sides = g.sides.values()
    for s in sides:  # noqa: SIM110 — all() over a generator costs more, at every selection
        if not (s.chosen or s.passed):
            return
    revealed = [s for s in sides if s.revealed]
    if len(revealed) > 1:
        # BG-6.3.1/6.3.2: higher initiative first; ties go to the first player.
        revealed.sort(key=lambda s: (-g.content.cards[s.revealed].initiative, s.id != g.first_player))
    g.queue = [s.id for s in revealed]
    next_activation(g)


def event_select(g, event: dict) -> None:
    side = g.side(event)
    check_choice(g, side)
    cid = g.content.lookup("cards", event.get("card"), path="card")
    if cid not in side.hand:
        raise IllegalEvent(
            "BG-6.2.1", "{name} has no {name_2} in hand", name=side.name, name_2=g.content.cards[cid].name
        )
    side.hand.remove(cid)
    side.revealed = cid
    side.chosen = True
    _selection_done(g)


def event_pass(g, event: dict) -> None:
    side = g.side(event)
    check_choice(g, side)  # BG-AMB-24: a pass is declared at step 1
    side.passed = True
    side.chosen = True
    _selection_done(g)


def check_choice(g, side: Side) -> None:
    """BG-6.2.1 / BG-6.3.5 / BG-AMB-24: at step 1, a player who has not passed selects a card or passes, once."""
    if g.phase != "select":
        raise IllegalEvent(
            "BG-6.2.1",
            "cards are selected (or a pass declared) only at step 1 of the activation phase (see BG-AMB-24)",
        )
    if side.passed and side.passed_by_rules:
        raise IllegalEvent(
            "BG-6.3.5",
            (
                "{name} has already passed this round: with {passed_by_rules} a player must pass, and the rules "
                "pass for them, so the log does not write this pass; leave the event out"
            ),
            name=side.name,
            passed_by_rules=side.passed_by_rules,
        )
    if side.passed:
        raise IllegalEvent(
            "BG-6.3.5", "{name} has passed and cannot activate again this round", name=side.name
        )
    if side.chosen:
        raise IllegalEvent("BG-6.2.1", "{name} has already selected a card for this step", name=side.name)


def next_activation(g) -> None:
    while g.queue:
        side = g.sides[g.queue[0]]
        if has_ready_unit(g, side):
            g.phase = "activate"
            return
        side.hand.append(side.revealed)  # BG-AMB-23: the card goes back; the player has passed
        side.revealed = None
        side.passed = True
        side.passed_by_rules = "no ready character left to activate with the revealed card"
        g.queue.pop(0)
    start_step(g)


# -- steps 2–5: an activation (BG-6.4–6.7) ----------------------------------------------------------
def check_activation(g, side: Side, unit: Unit) -> None:
    """Raise IllegalEvent unless ``side`` may activate ``unit`` now that its activation has come (the
    handler and legal_events both ask this)."""
    if unit.player != side.id:
        raise IllegalEvent("BG-6.4.1", "{name} is not {name_2}'s character", name=unit.name, name_2=side.name)
    if not unit.on_board:
        raise IllegalEvent("BG-13.1.2", "{name} is knocked out", name=unit.name)
    if unit.activated:
        raise IllegalEvent("BG-6.7.3", "{name} has already been activated this round", name=unit.name)
    if (
        side.activated_this_round == 0
        and side.last_activated_previous == unit.key
        and sum(1 for u in g.units.values() if u.player == side.id and u.on_board) > 1
    ):
        raise IllegalEvent(
            "BG-6.4.2",
            "{name} was the last character activated last round and cannot be the first this round",
            name=unit.name,
        )


def event_activate(g, event: dict) -> None:
    side = g.side(event)
    refuse_if_interrupts_wait(g)  # e.g. set off by a move at the end of the previous activation (BG-6.7.4)
    if g.phase != "activate" or g.queue[0] != side.id:
        who = g.sides[g.queue[0]].name if g.phase == "activate" else None
        raise IllegalEvent(
            "BG-6.3.1",
            (Text("it is {who}'s activation", who=who) if who else Text("no activation can start now")),
        )
    unit = g.unit(event)
    check_activation(g, side, unit)
    card = g.content.cards[side.revealed]
    frame = Frame(kind="activation", unit=unit, ap=card.ap, cards=[card.id])
    unit.guard = False  # BG-6.4.3
    unit.gain_mana(card.mana)  # BG-6.5.1
    g.stack.append(frame)
    apply_bonus(g, frame, card, event.get("bonus"))  # BG-6.5.2
    side.revealed = None
    side.activated_this_round += 1
    side.last_activated = unit.key
    unit.activations += 1
    unit.was_activated = True  # BG-AMB-42: even if an effect readies it again
    g.phase = "act"
    timing.fire(g, unit, "on_activation", frame)  # BG-20.1: between steps 3 and 4


def event_end_activation(g, event: dict) -> None:
    frame = g.frame()
    if frame is None or frame.kind != "activation":
        raise IllegalEvent("BG-6.7.1", "there is no activation to end here")
    if "character" in event and g.unit(event) is not frame.unit:
        raise IllegalEvent("BG-6.7.1", "the activation in progress is {name}'s", name=frame.unit.name)
    if "player" in event and g.side(event).id != frame.player:
        # BG-6.7.1: the active player ends their own activation; the opponent cannot end it for them.
        raise IllegalEvent(
            "BG-6.7.1", "the activation in progress is {name}'s", name=g.sides[frame.player].name
        )
    end_activation(g, frame)


def after_activation(g, cont: tuple) -> None:
    """The continuation once an activation and its end-of-activation effects are over."""
    g.queue.pop(0)
    next_activation(g)


# -- interrupts (BG-14) -------------------------------------------------------------------------------
def event_interrupt(g, event: dict) -> None:
    top = g.top()
    unit = g.unit(event)
    if not isinstance(top, Trigger):
        raise IllegalEvent(
            "BG-14.1.1",
            "nothing lets {name} interrupt now (only guard and opportunity attacks do)",
            name=unit.name,
        )
    if unit not in top.remaining:
        names = ", ".join(u.name for u in top.remaining)
        raise IllegalEvent(
            "BG-11.2.3" if top.kind == "guard" else "BG-14.2.1",
            "{name} cannot interrupt here; the pending {kind} interrupt(s) belong to {names}",
            name=unit.name,
            kind=top.kind,
            names=names,
        )
    top.remaining.remove(unit)
    if top.kind == "guard":
        unit.guard = False  # BG-11.2.5
    frame = Frame(kind=top.kind, unit=unit, ap=0, target=top.target)
    # BG-20.1 / BG-AMB-32 / BG-DIS-05 (IT/ES): "on interrupt" effects resolve before the interrupting
    # character receives its AP or acts.
    timing.fire(g, unit, "on_interrupt", frame, (BEGIN_INTERRUPT, frame))


def begin_interrupt(g, cont: tuple) -> None:
    """The continuation once "on interrupt" effects are over: the interrupt begins."""
    frame = cont[1]
    frame.ap += 1  # BG-14.1.2: 1 AP
    g.stack.append(frame)


def event_end_interrupt(g, event: dict) -> None:
    frame = g.frame()
    if frame is None or not frame.interrupt:
        raise IllegalEvent("BG-14.1.5", "there is no interrupt to end here")
    if "character" in event and g.unit(event) is not frame.unit:
        raise IllegalEvent("BG-14.1.5", "the interrupt in progress is {name}'s", name=frame.unit.name)
    side = g.sides[frame.player]
    side.discard.extend(c for c in frame.cards if c not in side.play_area)  # BG-14.1.4 e
    g.stack.pop()
    timing.fire(g, frame.unit, "end_of_interrupt", frame)  # BG-20.1: immediately after it ends


# -- cleanup (BG-7) -------------------------------------------------------------------------------------
def cleanup(g) -> None:
    board = g.board
    # Step 1, BG-7.2 (BG-AMB-29: automatic and mandatory).
    standing_units = sorted(g.on_board(), key=BY_ORDER)
    zones = {pid: board.zones[i] for i, pid in enumerate(g.sides)}
    # Nobody moves while tokens are claimed: where each player's enemies stand is found once, not per
    # token and character.
    if g.has_massive:
        enemies = {pid: {c for u in standing_units if u.player != pid for c in u.cells} for pid in g.sides}
    else:  # one hex each (footprint.occupants' shortcut)
        enemies = {pid: {u.hex for u in standing_units if u.player != pid} for pid in g.sides}
    one_hex = not g.has_massive
    for token in list(g.objectives):
        near_token = board.on_or_beside[token]
        for unit in standing_units:
            if one_hex and unit.hex not in near_token:
                continue  # neither on the token nor next to it (what footprint.claims asks first)
            # BG-7.2.1 with BG-19.1: any hex of a massive base.
            if token not in zones[unit.player] and footprint.claims(
                g, unit, near_token, enemies[unit.player]
            ):
                side = g.sides[unit.player]
                side.objectives += 1
                side.vp["objectives"] += OBJECTIVE_VP
                unit.objectives += 1
                g.objectives.remove(token)
                break
    # Step 2, BG-7.3: remove buffs, debuffs and markers; Regeneration and Curse trigger on removal.
    for unit in sorted(g.on_board(), key=BY_ORDER):
        if unit.buff is None and unit.debuff is None:
            continue  # nothing to remove, nothing triggers
        effects.remove_buff(g, unit)  # BG-16.1.3
        effects.remove_debuff(g, unit, frame=None)  # BG-16.1.4, BG-EX-30
    markers.remove_all(g)  # BG-7.3.1
    # Step 3, BG-7.4.
    standing = {s.id: any(u.on_board for u in g.units.values() if u.player == s.id) for s in g.sides.values()}
    for side in g.sides.values():
        side.vp_by_round.append(side.vp_total)
    if not all(standing.values()):
        alive = [pid for pid, ok in standing.items() if ok]
        g.end_game("win" if alive else "draw", alive[0] if alive else None, "knockout")  # BG-7.4.2
        return
    if g.round == ROUNDS:
        a, b = g.side_order()
        diff = a.vp_total - b.vp_total
        if abs(diff) >= 20:  # BG-7.4.3
            g.end_game("win", a.id if diff > 0 else b.id, "rounds")
        else:
            g.end_game("draw", None, "rounds")
        return
    # Step 4, BG-7.6.
    for unit in g.units.values():
        if unit.on_board and not unit.was_activated:
            unit.gain_mana(1)  # BG-7.6.1; BG-AMB-42: not for a character readied after its activation
        unit.activated = unit.was_activated = False
        g.sides[unit.player].discard.extend(unit.cards_on)  # BG-7.6.2
        unit.cards_on = []
    for side in g.sides.values():
        side.last_activated_previous = side.last_activated if side.activated_this_round else None
        side.last_activated = None
        side.activated_this_round = 0
        side.passed = side.chosen = side.dealt = False
        side.passed_by_rules = ""
    g.round += 1
    g.phase = "organise"


# -- statistics -----------------------------------------------------------------------------------------
class StatsBook:
    """Counters for the per-game statistics the meta dashboards read (docs/statistics.md)."""

    # Called as listener(unit, kind, result) for every test, when set: the replay viewer's narration
    # (narrate.py) hears the dice of one event this way. Never copied; None while verifying.
    listener = None

    def __init__(self):
        self.weapons: dict[tuple[str, str], dict] = {}
        self.tests: dict[tuple[str, str, str], dict] = {}
        self.items: dict[tuple[str, str], int] = {}
        self.wounds_taken: dict[str, int] = {}
        self.missions_completed: dict[str, int] = {}

    def weapon(self, unit: Unit, weapon) -> dict:
        key = (unit.key, weapon.id)
        row = self.weapons.get(key)
        if row is None:
            row = self.weapons[key] = {
                "weapon": weapon,
                "unit": unit.key,
                "attacks": 0,
                "successes": 0,
                "wounds": 0,
                "knockouts": 0,
            }
        return row

    def test(self, unit: Unit, kind: str, result) -> None:
        if self.listener is not None:
            self.listener(unit, kind, result)
        key = (unit.key, kind, result.stat)
        row = self.tests.get(key)
        if row is None:  # the row is built once, not at every test
            row = self.tests[key] = {
                "unit": unit.key,
                "kind": kind,
                "stat": result.stat,
                "tests": 0,
                "dice": 0,
                "successes": 0,
                "expected": 0.0,
            }
        row["tests"] += 1
        row["dice"] += result.dice_count
        row["successes"] += result.base_successes
        row["expected"] += result.dice_count * success_chance(result.threshold)

    def mission(self, player: str) -> None:
        self.missions_completed[player] = self.missions_completed.get(player, 0) + 1

    def copy(self) -> StatsBook:
        new = object.__new__(StatsBook)
        new.weapons = {k: dict(row) for k, row in self.weapons.items()}
        new.tests = {k: dict(row) for k, row in self.tests.items()}
        new.items = dict(self.items)
        new.wounds_taken = dict(self.wounds_taken)
        new.missions_completed = dict(self.missions_completed)
        return new


def statistics(g) -> dict:
    out = g.outcome
    first = g.first_player
    sides = []
    for s in g.sides.values():
        result = "draw" if out["outcome"] == "draw" else ("win" if out["winner"] == s.id else "loss")
        units = [u for u in g.units.values() if u.player == s.id]
        sides.append(
            {
                "player": s.id,
                "player_name": s.name,
                "faction": s.faction,
                "faction_name": g.content.factions[s.faction]["name"],
                "force": [u.d.id for u in units],
                "force_points": sum(
                    u.d.cost + sum(w.cost for w in u.weapons) + sum(i.cost for i in u.items) for u in units
                ),
                "first_player": s.id == first,
                "result": result,
                "vp_total": s.vp_total,
                "vp_objectives": s.vp["objectives"],
                "vp_missions": s.vp["missions"],
                "vp_knockouts": s.vp["knockouts"],
                "knockouts_dealt": s.knockouts_dealt,
                "characters_lost": sum(1 for u in units if not u.on_board),
                "objectives_claimed": s.objectives,
            }
        )
    characters = [
        {
            "player": u.player,
            "character": u.d.id,
            "name": u.d.name,
            "faction": u.d.faction,
            "survived": u.on_board,
            "knocked_out_round": u.ko_round,
            "wounds_dealt": u.wounds_dealt,
            "wounds_taken": g.stats.wounds_taken.get(u.key, 0),
            "activations": u.activations,
            "objectives_claimed": u.objectives,
            "equipment": [w.id for w in u.weapons] + [i.id for i in u.items],
        }
        for u in g.units.values()
    ]
    weapons = [
        {
            "player": g.units[r["unit"]].player,
            "character": g.units[r["unit"]].d.id,
            "weapon": r["weapon"].id,
            "name": r["weapon"].name,
            "weapon_type": r["weapon"].type,
            "attacks": r["attacks"],
            "successes": r["successes"],
            "wounds": r["wounds"],
            "knockouts": r["knockouts"],
        }
        for r in g.stats.weapons.values()
    ]
    items = [
        {
            "player": u.player,
            "character": u.d.id,
            "item": i.id,
            "name": i.name,
            "item_type": i.type,
            "uses": g.stats.items.get((u.key, i.id), 0),
        }
        for u in g.units.values()
        for i in u.items
    ]
    tests = [
        {
            "player": g.units[r["unit"]].player,
            "character": g.units[r["unit"]].d.id,
            "kind": r["kind"],
            "stat": r["stat"],
            "tests": r["tests"],
            "dice": r["dice"],
            "successes": r["successes"],
            "expected_successes": round(r["expected"], 4),
        }
        for r in g.stats.tests.values()
    ]
    game = {
        "game": "motu-battleground",
        "rounds_played": out["rounds_played"],
        "events": g.events_applied,
        "first_player": first,
        "winner": out["winner"],
        "outcome": out["outcome"],
        "ended_by": out["ended_by"],
        "map": g.board.map.id,
        "randomness": g.randomness,
        "content_pack": f"{g.content.pack_id}@{g.content.version}",
        "objectives_available": len(g.board.objectives),
        "vp_by_round": {s.id: list(s.vp_by_round) for s in g.sides.values()},
    }
    return {
        "game": [game],
        "sides": sides,
        "characters": characters,
        "weapons": weapons,
        "items": items,
        "tests": tests,
    }


def event_concede(g, event: dict) -> None:
    side = g.side(event)
    g.end_game("win", g.opponent(side.id).id, "concession")  # BG-7.4.5


def event_agree_draw(g, event: dict) -> None:
    g.end_game("draw", None, "agreed-draw")  # BG-7.4.5


def event_ruling(g, event: dict) -> None:
    """BG-AMB-36: a golden-rule roll-off is recorded, binding only for that occurrence; nothing to replay."""
    if not isinstance(event.get("note"), str):
        raise UnreadableLog("a 'ruling' event needs a 'note' saying what was decided", rule="LOG-5.1")
