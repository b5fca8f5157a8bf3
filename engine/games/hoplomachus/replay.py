"""One Hoplomachus game being replayed: the Replay protocol of engine.core.ruleset."""

from __future__ import annotations

import copy as _copy
from functools import lru_cache

import fastjsonschema

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.event_check import fast_check
from engine.core.logfile import explain_event, schema_document
from engine.core.result import game_result, seat
from engine.core.ruleset import ReplayBase
from engine.games.hoplomachus import actions as act
from engine.games.hoplomachus import effects as fx
from engine.games.hoplomachus import flow, narrate, titan
from engine.games.hoplomachus import queries as q
from engine.games.hoplomachus import rival_actions as rival
from engine.games.hoplomachus.content import LOG_SCHEMA
from engine.games.hoplomachus.legal import legal_events
from engine.games.hoplomachus.state import State

RIVAL_NAMES = {"immortal": "The immortals", "arena": "The arena", "titan": "The titan"}  # HR-9, HR-13, HR-14


_VALIDATORS: dict = {}


def _load_validators() -> dict:
    _VALIDATORS.update(_event_validators())
    return _VALIDATORS


@lru_cache(maxsize=1)
def _event_validators() -> dict:
    """One compiled validator per event type: checking a valid event costs one small function call (a few type
    tests, engine.core.event_check; fastjsonschema's validator explains any event those do not accept)."""
    defs = schema_document(LOG_SCHEMA)["$defs"]
    out = {}
    for k, v in defs.items():
        if k != "event":
            full = fastjsonschema.compile(v)
            out[k] = fast_check(v, full, matched=("type", k)) or full  # Game.apply: event["type"] == k
    return out


def titan_unit_action(g, event: dict) -> None:
    """A player's turn action (a move, an attack…) logged in the titan's turn."""
    if event.get("unit") not in (None, f"titan:{g.s.troops['titan']['titan']}"):
        raise IllegalEvent("HR-14.9.4", "the titan's allies act in the titan turn only when a titan effect "
                           "prompts them (an 'ally_attack' event)")  # fmt: skip
    raise IllegalEvent("HR-14.8.2", "a titan does not move or attack on its own: only its dice effects act")


# The turn actions of each kind of troop (Game.handlers): a player's take actions' handlers; a rival troop's take
# rival_actions' (rv.is_rival); the titan's take its own, refuses a player's actions, and else as a rival's.
RIVAL_HANDLERS = {**act.ACTIONS, **rival.ACTIONS}
TITAN_HANDLERS = {**RIVAL_HANDLERS, **dict.fromkeys(act.ACTIONS, titan_unit_action), **titan.ACTIONS}


def handlers_of(troop: str, team: str) -> dict:
    if troop == "titan":
        return TITAN_HANDLERS
    return RIVAL_HANDLERS if team == "rivals" else act.ACTIONS


FIRST_PLAYER_RULES = {"skirmish": "HR-15.2.2", "pandemonium": "HR-16.2.2", "alliance": "HR-17.2.3"}


class Game(ReplayBase):
    def __init__(self, doc: dict, content, arena, options: dict, dice, mode: str):
        self.c = content
        self.a = arena
        self.opt = options
        self.options = dict(options)
        self.dice = dice
        self.mode = mode
        self.content_ref = {"id": content.pack_id, "version": content.version, "sha256": content.sha256}
        self.players = [{"id": p["id"], "name": p["name"], "faction": p["faction"]} for p in doc["players"]]
        # The statistics' row keys ("unit:<uid>"; "dice:<troop>" and "hits:<troop>") by uid and troop, made once
        # per game: a key made anew for every hit is a new string to hash (effects.row_key, dice_stat). Plain
        # strings, shared by copies.
        self.unit_row_keys: dict[str, str] = {}
        self.dice_row_keys: dict[str, tuple[str, str]] = {}
        # queries.troop_uids: (units counted, troop → uids), made once the units are all set up. Every attribute
        # a replay has is set here, before any is read: replays of one layout keep attribute reads specialised.
        self.troop_uids_index: tuple[int, dict[str, tuple[str, ...]]] | None = None
        # queries.deploy_candidates of each troop's units, by (troop, all_outer): plain frozensets, shared by copies.
        self.deploy_hex_cache: dict[tuple[str, bool], frozenset[int]] = {}
        # Each troop's table of turn-action handlers (event type → handler), chosen once the troops are set up: a
        # troop's team never changes, so which table its events take is not asked again at every event.
        self.handlers: dict[str, dict] = {}
        self.team_of: dict[str, str] = {}  # each troop's team (q.team), which never changes
        self.s: State = flow.setup(self, doc)
        self.handlers.update((troop, handlers_of(troop, t["team"])) for troop, t in self.s.troops.items())
        self.team_of.update((troop, t["team"]) for troop, t in self.s.troops.items())
        self.events_applied = 0  # the Replay protocol's count of accepted events (engine.core.ruleset)
        self.settle()

    # --- the protocol ---------------------------------------------------------------------------

    def apply(self, index: int, event: dict) -> None:
        if type(event) is not dict and not isinstance(event, dict):
            raise UnreadableLog(
                "/events/{index}: an event is an object", index=index, rule="LOG-5.1", event_index=index
            )
        typ = event.get("type")
        try:
            (_VALIDATORS or _load_validators())[typ](event)
        except (fastjsonschema.JsonSchemaException, KeyError, TypeError):
            explain_event(LOG_SCHEMA, event, index)
            raise UnreadableLog(
                "/events/{index}: not a Hoplomachus event", index=index, rule="LOG-5.1", event_index=index
            ) from None
        s = self.s
        if s.over:
            raise IllegalEvent("HR-11.1.1", "the game is already over ({ended_by}); nothing may be logged after it", ended_by=s.over['ended_by'].replace('_', ' '))  # fmt: skip
        if s.pending or typ == "concede":
            self.apply_decision(typ, event)
        elif typ == "end_turn":
            flow.end_turn(self, event)
        else:
            handler = self.handlers[s.turn["player"]].get(typ)
            if handler is None:
                raise IllegalEvent(*act.nothing_to_answer(typ))
            handler(self, event)
        t = s.turn
        if s.pending or (t["phase"] == "deploy" and not t["deploy_checked"]) or t["wave_over"]:
            self.settle()
        elif s.end_due and not s.over:  # settle with nothing pending and no check due: flow.check_end only
            flow.check_end(self)
        self.events_applied += 1

    def apply_decision(self, typ: str, event: dict) -> None:
        """A concession, or the event answering the decision at the head of the queue (HR-7.4.1)."""
        s = self.s
        if typ == "concede":
            flow.concede(self, event)
            return
        head = s.pending[0]
        want, handler, rule, what = act.PENDING[head["kind"]]
        if typ != want:
            raise IllegalEvent(
                rule,
                "{player} must first {what} (a '{want}' event), before any {typ}",
                player=head["player"],
                what=what,
                want=want,
                typ=typ,
            )
        s.pending.pop(0)
        if head["kind"] == "displace":
            rival.resolve_displace(self, head, event)
        elif head["kind"] == "begin_turn":
            flow.begin_turn(self, event)
        elif head["kind"] in titan.PENDING:
            titan.PENDING[head["kind"]](self, head, event)
        else:
            handler(self, head, event)
        if len(s.pending) > 1:
            # HR-7.4.1 (AMB-35): decisions this one raised belong to the same troop's effects and come
            # before another troop's waiting Retaliate.
            s.pending.sort(key=lambda p: p["kind"] in act.AFTER_ACTIVE)

    def settle(self) -> None:
        """After each event: forfeits at the start of a Deploy phase, then the end of combat."""
        s = self.s
        while True:
            if s.pending:  # most events leave nothing pending: no call to find that out
                self.settle_pending()
            if s.turn.get("wave_over") and not s.over:
                flow.end_wave(self)
            t = s.turn
            if s.over or s.pending or t["phase"] != "deploy" or t["deploy_checked"]:
                break  # nothing for flow.deploy_phase_checks to check (after most events)
            before = s.serial
            flow.deploy_phase_checks(self)
            if s.serial == before:
                break
        if s.end_due and not s.over:  # else flow.check_end has nothing to look at
            flow.check_end(self)

    def settle_pending(self) -> None:
        """Resolve the pending effects at the head of the queue that need no decision (HR-7.4.1)."""
        s = self.s
        while s.pending and not s.over:
            kind = s.pending[0]["kind"]
            if kind in act.AUTOMATIC:
                act.AUTOMATIC[kind](self, s.pending.pop(0))
            elif not (self.mode == "ascension" and titan.settle_head(self)):
                break

    def finish(self) -> None:
        if self.s.over is None:
            t = self.s.turn
            raise UnreadableLog(
                "the log ends before the game is over (round {round}, {player}'s turn)",
                round=t["round"],
                player=t["player"],
                rule="LOG-5.3",
            )

    def legal_events(self) -> list[dict]:
        return legal_events(self)

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.s = self.s.copy()
        g.dice = _copy.copy(self.dice)
        if self.dice.stream is not None:
            g.dice.stream = _copy.copy(self.dice.stream)
        return g

    def view(self) -> dict:
        """The state view (State.view), each troop named as the table knows it: the player's name, or the
        rival's (HR-9) for the game's own troops; with its faction, so a board can say whose units are whose."""
        view = self.s.view(self.a, self.c)
        names = {p["id"]: p["name"] for p in self.players}
        for troop_id, troop in view["troops"].items():
            troop["name"] = names.get(troop_id) or RIVAL_NAMES.get(troop_id, troop_id)
            troop["faction"] = self.s.troops[troop_id]["faction"]
        return view

    def view_for(self, players) -> dict:
        """HR-17.2.8: an Alliance player's six chosen units lie face down in their camp, hidden from every
        other player (their teammate too) until deployed. The view for ``players`` leaves out the other
        players' face-down units; each troop says how many it has (``face_down``)."""
        view = self.view()
        if self.mode != "alliance":
            return view
        mine = set(players)
        hidden = {uid for uid, u in self.s.units.items() if u.get("face_down") and u["owner"] not in mine}
        view["units"] = [u for u in view["units"] if u["uid"] not in hidden]
        for troop_id, troop in view["troops"].items():
            troop["face_down"] = sum(
                1 for u in self.s.units.values() if u.get("face_down") and u["owner"] == troop_id
            )
        return view

    def header_for(self, header: dict, players) -> dict:
        """HR-17.2.8: until the game ends, an Alliance header names only ``players``' own chosen units."""
        setup = header.get("setup") or {}
        if setup.get("mode") != "alliance" or not isinstance(setup.get("units"), dict):
            return header
        mine = set(players)
        units = {p: names for p, names in setup["units"].items() if p in mine}
        return {**header, "setup": {**setup, "units": units}}

    def board_geometry(self) -> dict:
        """The arena as drawing data for the replay viewer (Arena.geometry)."""
        return self.a.geometry()

    def describe_offer(self, event: dict) -> str:
        """An offer of ``legal_events()`` in words for the table recorder (narrate)."""
        return narrate.describe(self, event)

    def said_offer(self, event: dict):
        """``describe_offer`` with its template and params (narrate.say)."""
        return narrate.say(self, event)

    def apply_described(self, index: int, event: dict) -> dict:
        """``apply`` that also returns the event in words (narrate)."""
        return narrate.apply_described(self, index, event)

    def dice_needed(self, event: dict) -> dict:
        """What the table must roll and draw for ``event``, in recorded mode (dice_needed.dice_needed)."""
        from engine.games.hoplomachus.dice_needed import dice_needed

        return dice_needed(self, event)

    def is_over(self) -> bool:
        """HR-11.1: an objective met or a forfeit ends the game."""
        return bool(self.s.over)

    def to_act(self) -> list[str]:
        """The players whose troop decides or takes its turn next; every player when a rival acts (the
        immortals, the arena, the titan: in the co-op modes the players run them together, HR-13.8, HR-14.8)."""
        seats = [p["id"] for p in self.players]
        who: set[str] = set()
        for event in self.legal_events():
            player = event.get("player")
            who |= {player} if player in seats else set(seats)
            if len(who) == len(seats):
                break
        return [pid for pid in seats if pid in who]

    def teams(self) -> dict[str, str]:
        """Alliance's two teams (HR-17.2.1); in Assault and Ascension the players are one side against the
        immortals or the titan (HR-13.1, HR-14.1); otherwise each troop plays for itself."""
        if self.mode == "alliance":
            return {p["id"]: str(self.s.troops[p["id"]]["team"]) for p in self.players}
        side = "players" if self.against_game() else ""
        return {p["id"]: side for p in self.players}

    def against_game(self) -> bool:
        return self.mode in ("assault", "ascension")

    def starting_player(self) -> dict | None:
        """HR-15.2.2, HR-16.2.2, HR-17.2.3: the player order is determined at random at setup, so with the
        site's dice the seed draws it (flow.setup) and with real dice the table's roll is entered; in the
        co-op modes the players choose their order each round (HR-13.8.5, HR-14.6.5), so nobody starts."""
        rule = FIRST_PLAYER_RULES.get(self.mode)
        if rule is None:
            return None
        return {"player": self.s.turn["order"][0], "drawn": self.dice.seeded, "rule": rule}

    def offer_piece(self, event: dict) -> dict | None:
        """The unit an offer acts with, by its name and owner."""
        unit = event.get("unit")
        if not isinstance(unit, str) or unit not in self.s.units:
            return None
        return {"id": unit, "name": q.udef(self, self.s.units[unit]).name}

    def offer_place(self, event: dict) -> str | None:
        """Where an offer puts its unit: the last hex of a move's path (HR-8.6), the hex a unit is deployed
        on (HR-8.4.1; a rival's, HR-9.2.2; a titan ally, HR-14.9), so that a recorder lets a player tap it."""
        kind = event.get("type")
        if kind == "move":
            path = event.get("path")
            return path[-1] if isinstance(path, list) and path and isinstance(path[-1], str) else None
        if kind in ("deploy", "deploy_ally"):
            where = event.get("hex")
            return where if isinstance(where, str) else None
        return None

    def awaits(self) -> dict | None:
        """A pending decision blocks every other event (HR-7.4.1): its player, what to decide and the rule;
        otherwise whose turn it is and in which phase (HR-8.1.3)."""
        s = self.s
        if s.over:
            return None
        if s.pending:
            head = s.pending[0]
            want, _, rule, what = act.PENDING[head["kind"]]
            if head["kind"] == "catch_up" and self.mode == "alliance":
                rule = "HR-17.6.5"
            return {"what": f"{head['player']} must {what} (a '{want}' event) before anything else",
                    "rule": head.get("rule", rule)}  # fmt: skip
        t = s.turn
        return {"what": f"{t['player']}'s turn, {t['phase']} phase", "rule": "HR-8.1.3"}

    def round_number(self) -> int | None:
        return self.s.turn.get("round")

    def describe_actor(self, event: dict) -> str | None:
        unit = event.get("unit") if isinstance(event, dict) else None
        if isinstance(unit, str) and unit in self.s.units:
            return f"{q.udef(self, self.s.units[unit]).name} ({self.s.units[unit]['owner']})"
        return unit if isinstance(unit, str) else (event.get("player") if isinstance(event, dict) else None)

    def player_summaries(self) -> list[dict]:
        out = []
        for p in self.players:
            t = self.s.troops[p["id"]]
            out.append({**p, "faction": t["faction"], "faction_name": self.c.factions[t["faction"]]["name"]})
        return out

    # --- result and statistics -------------------------------------------------------------------

    def favour_score(self, troop: str) -> int:
        key = q.favour_key(self, troop)
        if key is None:
            return 0
        return fx.favour_value(self, key)

    def result(self) -> dict:
        s = self.s
        over = s.over or {}
        winner = over.get("winner")
        order = s.turn["seats"]
        seats = []
        for p in order:
            won = s.troops[p]["team"] == winner
            if self.mode == "pandemonium" and not won:
                later = sum(
                    1
                    for o in order
                    if s.troops[o].get("out_serial", 10**9) > s.troops[p].get("out_serial", 0)
                )
                rank = 1 + later
            else:
                rank = 1 if won else 2
            comps = {
                "favour": self.favour_score(p),
                "units_defeated": s.stats.get(p, {}).get("units_defeated", 0),
            }
            seats.append(seat(p, outcome="win" if won else "loss", rank=rank, score=comps["favour"], components=comps,
                              team=s.troops[p]["team"] if self.mode == "alliance" else None))  # fmt: skip
        teams = []
        if self.mode == "alliance":
            for side in ("red", "blue"):
                mem = [p for p in order if s.troops[p]["team"] == side]
                won = side == winner
                comps = {"favour": s.favour[side]["f"], "units_defeated": sum(
                    s.stats.get(p, {}).get("units_defeated", 0) for p in mem)}  # fmt: skip
                teams.append({"team": side, "seats": mem, "outcome": "win" if won else "loss", "rank": 1 if won else 2,
                              "score": comps["favour"], "components": comps})  # fmt: skip
        against = None
        if self.mode == "assault":  # HR-13.1.2: the score is the number of immortals defeated
            trophies = sum(1 for u in s.units.values() if u["zone"] == "trophy")
            against = {"outcome": "win" if winner == "players" else "loss", "score": trophies}
            for row in seats:
                row["score"] = trophies
                row["components"]["immortals_defeated"] = trophies
        if self.mode == "ascension":  # HR-14.1.2: the players against the titan
            against = {"outcome": "win" if winner == "players" else "loss", "score": None}
        winners = [p for p in order if s.troops[p]["team"] == winner]
        return game_result(seats, ended_by=over.get("ended_by"), rounds_played=over.get("round"), teams=teams,
                           against_game=against,
                           mode=self.mode, arena=self.a.id, winner=winners[0] if len(winners) == 1 else winner,
                           outcome="win")  # fmt: skip

    def statistics(self) -> dict:
        rows = []
        for p in self.s.turn["seats"]:
            row = {"player": p, "faction": self.s.troops[p]["faction"]}
            row.update(self.s.stats.get(p, {}))
            # HR-4: the favour the troop ended with, as the result scores it (not a gain counter)
            row["favour"] = self.favour_score(p)
            rows.append(row)
        titan = self.s.troops.get("titan", {}).get("titan") if self.mode == "ascension" else None
        return {
            "game": [{"mode": self.mode, "arena": self.a.id, "rounds": self.s.turn["round"],
                      "randomness": "seeded" if self.dice.seeded else "recorded", "titan": titan}],
            "troops": rows,
            "units": self.unit_rows(),
            "rivals": self.rival_rows(),
            "tactics": self.tactic_rows(),
            "favour": self.favour_rows(),
            "rewards": self.reward_rows(),
            "dice": self.dice_rows(),
        }  # fmt: skip

    def rival_rows(self) -> list[dict]:
        """The immortals (Assault) that entered the arena, in the order they did, and the titan (Ascension): each
        with the round it entered (null: the titan never deployed) and whether it was defeated (an immortal taken
        as a trophy, HR-13.11.3; the titan in the discard, HR-14.1.2)."""
        s = self.s
        entered = dict(s.stats.get(fx.RIVALS_KEY, {}))
        if self.mode == "ascension" and not entered:
            tid = s.troops["titan"]["titan"]
            entered[f"titan:{tid}"] = (tid, "titan", None)
        rows = []
        for uid, (unit, kind, rnd) in entered.items():
            defeated = s.units[uid]["zone"] == ("trophy" if kind == "immortal" else "discard")
            rows.append({"rival": unit, "kind": kind, "round": rnd, "defeated": defeated})
        return rows

    def tactic_rows(self) -> list[dict]:
        """Each tactic chip each troop played (HR-8.5.1), by pack id: seat order, then tactic id."""
        rows = []
        for p in self.s.turn["seats"]:
            played = self.s.stats.get(fx.TACTIC_KEY + p, {})
            rows += [{"player": p, "tactic": t, "played": n} for t, n in sorted(played.items())]
        return rows

    def favour_rows(self) -> list[dict]:
        """Each favour track (a troop's, or an Alliance or Ascension team's shared one, HR-17.6, HR-14.7.3) at the
        end of each round played; the last round's is the favour the game ended with, unless the round had ended
        already (an Assault wave's, noted before its reset). Track order, then round."""
        s = self.s
        last = (s.over or {}).get("round") or s.turn["round"]
        noted = s.stats.get(fx.FAVOUR_KEY, {})
        rows = []
        for key in s.favour:
            players = [p for p in s.turn["seats"] if q.favour_key(self, p) == key]
            for r in range(1, last + 1):
                value = noted.get((key, r))
                if value is None and r == last:
                    value = fx.favour_value(self, key)
                if value is not None:
                    rows.append({"track": key, "players": players, "round": r, "favour": value})
        return rows

    def reward_rows(self) -> list[dict]:
        """Each favour reward claimed, in the order claimed, with the round (HR-4.3, HR-4.5)."""
        taken = self.s.stats.get(fx.REWARDS_KEY, {})
        return [{"player": p, "track": key, "reward": reward, "round": r}
                for p, key, reward, r in (taken[n] for n in range(len(taken)))]  # fmt: skip

    def dice_rows(self) -> list[dict]:
        """Attack dice rolled per troop and colour (HR-8.8.3, HR-2.6): hits and the hits the pack's faces give on
        average (hit faces ÷ die faces per die, 4 places). Players' troops in seat order, then the rival troops
        that rolled (immortal, arena, titan); colours in the pack's order."""
        seats = self.s.turn["seats"]
        troops = seats + [t for t in self.s.troops if t not in seats]
        rows = []
        for t in troops:
            rolled = self.s.stats.get(fx.DICE_KEY + t, {})
            hit = self.s.stats.get(fx.HITS_KEY + t, {})
            for colour, faces in self.c.hit_faces.items():
                if colour in rolled:
                    dice = rolled[colour]  # each die of a colour has the colour's hit faces (HR-2.6.1)
                    rows.append({"player": t, "colour": colour, "dice": dice, "hits": hit.get(colour, 0),
                                 "expected_hits": round(dice * faces / self.c.die_faces, 4)})  # fmt: skip
        return rows

    def unit_rows(self) -> list[dict]:
        """One row per player-troop unit that entered combat, in seat order then uid: its attacks, the damage it
        dealt (HP lost by opponents and shards, and damage an immortal ignored, HR-13.5.1) and the units it
        defeated."""
        seats = self.s.turn["seats"]
        rows = []
        for key, counts in self.s.stats.items():
            if not key.startswith(fx.UNIT_KEY):
                continue
            u = self.s.units[key[len(fx.UNIT_KEY) :]]
            rows.append({"player": u["owner"], "unit": u["def"], "uid": u["uid"], **counts})
        return sorted(
            rows, key=lambda r: (seats.index(r["player"]) if r["player"] in seats else len(seats), r["uid"])
        )
