"""Replaying one game of Fields of Eternia: setup (FE-4), the machine that decides what is awaited next,
and the verdict's result (FE-17). Implements engine.core.ruleset.Replay.
"""

from __future__ import annotations

from engine.core import result
from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.core.logfile import explain_event, schema_fields
from engine.core.ruleset import ReplayBase
from engine.games.eternia import (
    actions,
    due,
    effects,
    epic,
    flow,
    geometry,
    mounted,
    narrate,
    record,
    skirmish,
    soldiers,
    solo,
    statistics,
    wild,
)
from engine.games.eternia import legal as legal_mod
from engine.games.eternia import queries as q
from engine.games.eternia import view as view_mod
from engine.games.eternia.board import Board
from engine.games.eternia.chance import Chance
from engine.games.eternia.content import LOG_SCHEMA, Content
from engine.games.eternia.state import Hero, State, Team, Turn

MERCHANT_KINDS = {"forge": "vehicle", "shop": "equipment", "guild": "spell"}


class Game(ReplayBase):
    def __init__(self, doc: dict, content: Content, board: Board, options: dict, chance: Chance):
        self.content = content
        self.board = board
        self.options = options
        self.chance = chance
        self.content_ref = {"id": content.pack_id, "version": content.version, "sha256": content.sha256}
        setup = doc["setup"]
        self.mode = setup.get("mode", "standard")
        self.first_game = bool(setup.get("first_game", False))
        sid = setup.get("scenario") if setup.get("scenario") in content.scenarios else None
        if sid is None:
            raise UnreadableLog("/setup/scenario: {scenario!r} is not a scenario of content pack '{pack_id}' ({scenarios})", scenario=setup.get('scenario'), pack_id=content.pack_id, scenarios=', '.join(content.scenarios), rule="LOG-3.4",
                                path="/setup/scenario")  # fmt: skip
        self.scenario = content.scenarios[sid]
        if self.scenario.get("mode", "standard") != self.mode:
            raise UnreadableLog("/setup/scenario: {sid!r} is a {mode} scenario, not a {mode_2} one", sid=sid, mode=self.scenario.get('mode'), mode_2=self.mode,
                                rule="LOG-3.4", path="/setup/scenario")  # fmt: skip
        self.free_heroes = bool(setup.get("free_heroes", False)) and self.mode == "skirmish"  # FE-19.3
        self.difficulty = setup.get("difficulty", "novice") if self.mode == "solo" else None  # FE-18.4.1
        if self.mode == "solo" and "difficulty" not in setup:
            raise UnreadableLog("a solo / co-op log names its difficulty (/setup/difficulty)", rule="LOG-2.1",
                                path="/setup/difficulty")  # fmt: skip
        self.player_team: str | None = None
        self.enemy_team: str | None = None
        self.enemy_start: list[str] = []
        self.players = {p["id"]: p for p in doc["players"]}
        self.base: dict[str, str] = {}
        self.duel_teams: list[str] = []
        self.awaiting: dict | None = None
        self.events_applied = 0
        self.s = State()
        self._setup(doc)
        self.advance()

    # -- setup (FE-4) ------------------------------------------------------------------------------------
    def _setup(self, doc: dict) -> None:
        c, s = self.content, self.s
        teams: dict[str, list] = {}
        for i, p in enumerate(doc["players"]):
            faction = c.find_faction(p["faction"])
            if faction is None:
                raise UnreadableLog("/players/{i}/faction: {faction!r} is not a faction of the pack ({factions})", i=i, faction=p['faction'], factions=', '.join(c.factions), rule="LOG-3.4", path=f"/players/{i}/faction")  # fmt: skip
            teams.setdefault(faction, []).append((p, i))
            if not p["force"]:  # "ognuno seleziona un personaggio": every player plays at least one hero
                raise IllegalEvent(
                    "FE-18.1.2" if self.mode == "solo" else "FE-2.1",
                    (
                        "{name} controls no hero: every player controls one or more of the team's 3 heroes, so a team "
                        "has one to three players"
                    ),
                    name=p["name"],
                )
        if self.mode == "solo":  # FE-18.1.2: one team of players; the other is the game's (the scenario's)
            if len(teams) != 1:
                raise IllegalEvent(
                    "FE-18.1.2", "in solo / co-op every player is on the one team against the game"
                )
            self.player_team = next(iter(teams))
            enemy = sorted({c.heroes[h]["faction"] for h in self.scenario.get("enemy_heroes", {})})
            if len(enemy) != 1 or enemy[0] == self.player_team:
                raise UnreadableLog("the solo scenario's enemy heroes must be of one faction, not the players'",
                                    rule="LOG-3.5")  # fmt: skip
            self.enemy_team = enemy[0]
            teams[self.enemy_team] = []
        if len(teams) != 2:
            raise IllegalEvent(
                "FE-4.1.1",
                "the standard game has exactly two teams; this log has {teams_count}",
                teams_count=len(teams),
            )
        start = c.find_faction(doc["setup"].get("starting_team"))
        if start not in teams:
            raise IllegalEvent("FE-4.2.5", "the setup must name the starting team (one of the two factions)")
        s.order = [start] + [t for t in teams if t != start]  # AMB-09: clockwise order, starting team first
        for faction in s.order:
            heroes: list[str] = []
            riders: list[str] = []
            for p, i in teams[faction]:
                for j, name in enumerate(p["force"]):
                    hid, rider = mounted.resolve(c, name, path=f"/players/{i}/force/{j}")
                    if c.heroes[hid]["faction"] != faction and not self.free_heroes:
                        raise IllegalEvent(
                            "FE-4.1.2",
                            "{hid} is not a hero of {name}",
                            hid=c.name(hid),
                            name=c.factions[faction]["name"],
                        )
                    if hid in s.heroes:
                        raise IllegalEvent("FE-4.1.2", "{hid} is fielded twice", hid=c.name(hid))
                    heroes.append(hid)
                    s.heroes[hid] = Hero(id=hid, team=faction, player=p["id"], area="", mounted=rider)
                    riders += [rider] if rider else []
            mounted.check_team(self, c.factions[faction]["name"], riders)
            if faction == self.enemy_team:
                for hid, area in self.scenario["enemy_heroes"].items():
                    heroes.append(hid)
                    s.heroes[hid] = Hero(id=hid, team=faction, player="", area=area)
            if len(heroes) != 3:
                raise IllegalEvent(
                    "FE-4.1.2",
                    "each team selects 3 heroes; {name} has {heroes_count}",
                    name=c.factions[faction]["name"],
                    heroes_count=len(heroes),
                )
            base = c.factions[faction]["base"]
            if faction != "motu" and self.scenario.get("ew_base"):
                base = self.scenario["ew_base"]  # FE-4.1.3 [overridable]
            self.base[faction] = base
            deck = [card for card, n in c.starting_deck.items() for _ in range(n)]  # FE-4.1.5
            s.teams[faction] = Team(
                id=faction, players=[p["id"] for p, _ in teams[faction]], heroes=heroes,
                eternium=3 * len(heroes) + 1,  # FE-4.1.6
                supply=c.factions[faction]["soldiers"], deck=deck, supply_cards=dict(c.combat_supply),
            )  # fmt: skip
            for hid in heroes:
                if faction != self.enemy_team:
                    s.heroes[hid].area = "" if self.mode == "skirmish" else base  # FE-4.1.3; FE-19.6.3
        for team, extra in mounted.compensation(self).items():  # (a skirmish sets its own amount, FE-19.5.1)
            s.teams[team].eternium += extra  # FE-4.1.8 item 4, AMB-58
        # FE-4.2: decks (the documented shuffle order), mission tokens, offers not yet revealed.
        s.decks = {
            "encounter": list(c.encounters),
            "scenario": list(self.scenario["scenario_deck"]),
            "victory": list(c.victory),
        }
        for kind, card_kind in MERCHANT_KINDS.items():
            s.decks[kind] = [cid for cid, card in c.support.items() if card["kind"] == card_kind]
        for name in ("encounter", "scenario", "victory", "shop", "guild", "forge"):
            s.decks[name] = self.chance.shuffle(s.decks[name])
        s.discards = {name: [] for name in s.decks}
        s.offers = {kind: None for kind in MERCHANT_KINDS}
        s.mission_tokens = list(self.scenario.get("mission_tokens", []))
        for boss, area in (self.scenario.get("bosses") or {}).items():
            self.keep_boss({"id": boss, "damage": 0}, area)  # the scenario puts the boss card in play
        if self.mode == "skirmish":
            skirmish.begin(self)  # FE-19.5–19.7; play begins once its setup phases are done
            mounted.give_mounts(self)  # FE-4.1.8 item 1 (after the skirmish's scenario deck is built)
            return
        mounted.give_mounts(self)
        if self.mode == "solo":
            solo.setup(self, doc)  # FE-18.4; no victory cards (FE-18.4.6)
            for hero in s.heroes.values():
                effects.reveal_offers_at(self, hero.area)
            flow.organisation(self)
            return
        if self.first_game:
            self._first_game(doc)
        for team in s.order:  # FE-4.1.7: one victory card per hero
            s.pending.append({"kind": "draw", "deck": "victory", "count": len(s.teams[team].heroes), "team": team,
                              "for": "victory"})  # fmt: skip
        for hero in s.heroes.values():
            effects.reveal_offers_at(self, hero.area)  # AMB-07
        flow.organisation(self)

    def _first_game(self, doc: dict) -> None:
        """FE-7.1: the marker starts on Skull Event 1 (resolved now); each team deploys one hero and one
        soldier on each merchant outpost of its side, as the log records (AMB-37)."""
        s, c = self.s, self.content
        s.round = next(i for i, sp in enumerate(c.track) if sp.get("skull") == 1)
        flow.skull_event(self, 1)
        deploy = doc["setup"].get("deployment")
        if not isinstance(deploy, dict):
            raise IllegalEvent(
                "FE-7.1", "a first game records where each hero deploys ('deployment': {{hero: outpost}})"
            )
        for team in s.order:
            sites = list(c.factions[team].get("first_game", []))
            placed = []
            for hid in s.teams[team].heroes:
                name = next((v for k, v in deploy.items() if c.find("heroes", k) == hid), None)
                area = c.find("areas", name)
                if area not in sites or area in placed:
                    raise IllegalEvent("FE-7.1", "{hid} must deploy on one of its side's merchant outposts ({sites}), one hero on each", hid=c.name(hid), sites=', '.join(sites))  # fmt: skip
                placed.append(area)
                s.heroes[hid].area = area
                effects.place_soldiers(self, area, team, 1)

    # -- names and arguments ---------------------------------------------------------------------------
    def name(self, cid: str) -> str:
        return self.content.name(cid)

    def team_name(self, team: str) -> str:
        return self.content.factions.get(team, {}).get("name", team)

    def hero_arg(self, event: dict, key: str = "hero") -> Hero:
        hid = self.content.lookup("heroes", event.get(key), path=key, what="hero")
        hero = self.s.heroes.get(hid)
        if hero is None:
            raise IllegalEvent("FE-4.1.2", "{hid} is not in this game", hid=self.name(hid))
        return hero

    def area_arg(self, event: dict, key: str) -> str:
        return self.content.lookup("areas", event.get(key), path=key, what="area")

    def team_arg(self, event: dict) -> str:
        team = self.content.find_faction(event.get("team"))
        if team not in self.s.teams:
            raise UnreadableLog(
                "'team' must be one of {teams}", teams=", ".join(self.s.teams), rule="LOG-5.1"
            )
        return team

    # -- rules that depend on mode and options -----------------------------------------------------------
    def is_night(self) -> bool:
        return bool(self.s.extra) or self.content.track[self.s.round]["time"] == "night"

    def final_index(self) -> int:
        if self.mode in ("skirmish", "solo"):
            return min(int(self.scenario.get("rounds", len(self.content.track))), len(self.content.track)) - 1
        return next(i for i, sp in enumerate(self.content.track) if sp.get("skull") == 4)

    def no_vp_for(self, source: str) -> bool:
        return source in self.scenario.get("no_vp", [])  # FE-19.10.2 (scenario data)

    def defeat_area(self, hero: Hero) -> str:
        if self.mode == "skirmish":  # FE-19.8.4: the player chooses among the places the rule allows
            options = skirmish.return_options(self, hero)
            if len(options) > 1:
                self.s.pending.append(
                    {"kind": "respawn", "hero": hero.id, "team": hero.team, "options": options}
                )
            return options[0]
        return self.base[hero.team]  # FE-6.12.2 step 1

    def defeat_penalty(self, team: str) -> int:
        if self.mode == "solo" and (self.difficulty == "beginner" or team == self.enemy_team):
            return 0  # FE-18.3.1.3; the game's heroes pay nothing (AMB-47: their behaviour is the scenario's)
        return 5  # FE-6.12.2

    def flee_cost(self, combat) -> int:
        if self.mode == "solo":
            if self.difficulty == "beginner":
                return 0  # FE-18.3.1.4, AMB-48
            if self.difficulty == "novice" and combat.kind == "solo":
                return 1  # FE-18.3.2.1
        return 2  # FE-11.5.8.2

    def may_flee(self, combat) -> bool:
        """FE-11.5.8.1: only the active player; solo Beginner heroes always may (AMB-48)."""
        if combat.kind == "solo":
            return not combat.enemy_active or self.difficulty == "beginner"
        return True

    def extra_effect_cards(self) -> int:
        return solo.EXTRA_EFFECTS[self.difficulty]

    def card_value(self, cid: str) -> int:
        """AMB-12: a support card's printed Eternium cost (a tamed beast's taming cost)."""
        c = self.content
        if cid in c.support:
            return c.support[cid]["cost"]
        if cid in c.epic_beasts:
            return c.epic_beasts[cid].get("taming_cost") or 0
        return c.encounters[cid].get("cost") or 0

    # -- decks ---------------------------------------------------------------------------------------------
    def discard_support(self, cid: str) -> None:
        c = self.content
        if cid in c.support:
            kind = {v: k for k, v in MERCHANT_KINDS.items()}[c.support[cid]["kind"]]
            self.s.discards[kind].append(cid)
        elif cid in c.epic_beasts:
            self.s.discards["scenario"].append(cid)
        else:
            self.s.discards["encounter"].append(cid)

    def discard_scenario(self, cid: str) -> None:
        if self.mode == "skirmish":
            return  # FE-19.9.2: a defeated beast leaves the scenario deck
        self.s.discards["scenario"].append(cid)

    def shuffle_into(self, deck: str, cid: str) -> None:
        """FE-6.13.3: at a random position (seeded: the card is added and the deck shuffled)."""
        self.s.decks[deck].append(cid)
        self.s.decks[deck] = self.chance.shuffle(self.s.decks[deck])

    def return_beast(self, beast: dict) -> None:
        """AMB-36: an undefeated epic beast goes back into the deck it came from, its damage cleared."""
        if beast["boss"]:
            self.keep_boss(beast, self.s.combat.area)
            return
        self.shuffle_into("scenario", beast["id"])

    def keep_boss(self, beast: dict, area: str | None) -> None:
        """FE-11.5.9.5: an undefeated boss card stays in play, where it was met, with the damage dealt to it;
        a hero that enters its area meets it again (FE-11.0.1)."""
        if beast["id"] not in self.s.bosses:
            self.s.bosses.append(beast["id"])
        self.s.boss_state[beast["id"]] = {"area": area, "damage": beast["damage"]}

    def boss_defeated(self, boss: str) -> None:
        """AMB-29: a boss reduced to 0 HP leaves play (it is not discarded: it never returns)."""
        if boss in self.s.bosses:
            self.s.bosses.remove(boss)
        self.s.boss_state[boss] = {"area": None, "damage": 0, "defeated": True}

    def start_epic(self, active: str, defender: str, area: str | None, kind: str = "hero") -> None:
        epic.start_hero(self, active, defender, area, kind=kind)

    # -- the machine -------------------------------------------------------------------------------------
    def advance(self) -> None:
        """Do what the rules do by themselves until a player's decision, a draw or a roll is needed."""
        s = self.s
        while True:
            if s.phase == "over":
                self.awaiting = None
                return
            if s.pending:
                top = s.pending[0]
                if top["kind"] in ("push", "retreat"):
                    options = actions.move_options(self, top)
                    if len(options) == 1:  # no choice to make: it happens
                        s.pending.pop(0)
                        s.heroes[top["hero"]].area = options[0]
                        effects.reveal_offers_at(self, options[0])
                        continue
                self.awaiting = top
                return
            if s.setup is not None:
                need = skirmish.awaiting(self)
                if need is not None:
                    self.awaiting = need
                    return
                flow.organisation(self)  # the setup is over: the first round begins
                continue
            if s.combat is not None:
                need = epic.advance(self)
                if need is not None:
                    self.awaiting = need
                    return
                continue
            if s.wild is not None:
                self.awaiting = {"kind": "wild_dice", "hero": s.wild.hero}
                return
            if s.queue:
                self._resolve_queue()
                continue
            if s.phase == "duel":
                missing = [t for t in self.duel_teams if t not in s.duel]
                if missing:
                    self.awaiting = {"kind": "duel", "team": missing[0]}
                    return
                if s.stats.get("duel_fought"):
                    self._after_duel()
                    continue
                s.stats["duel_fought"] = 1
                a, d = (s.duel[t] for t in self.duel_teams[:2])  # AMB-54: the earlier team is active
                self.start_epic(a, d, None, kind="duel")
                continue
            if s.turn is not None:
                if s.turn.merchant is not None:
                    self.awaiting = {"kind": "buy", "hero": s.turn.hero, "merchant": s.turn.merchant}
                    return
                if s.turn.over:
                    flow.end_turn(self)
                    continue
                self.awaiting = {"kind": "turn", "hero": s.turn.hero}
                return
            team = flow.next_team(self)
            if team is None:
                flow.end_round(self)
                continue
            self.awaiting = {"kind": "activate", "team": team}
            return

    def _resolve_queue(self) -> None:
        """FE-10.3: epic combats one enemy hero at a time, then soldier combat (FE-15.5)."""
        s = self.s
        entry = s.queue[0]
        hero = s.heroes[entry["hero"]]
        area = entry["area"]
        if hero.area != area or q.hp(self, hero) == 0:
            s.queue.pop(0)
            return
        foes = [h.id for h in q.heroes_in(self, area) if h.team != hero.team]
        if len(foes) > 1 and not self.options["stronger_together"]:
            s.pending.append({"kind": "defender", "team": s.heroes[foes[0]].team, "heroes": foes})
            return
        if len(foes) > 1:
            s.pending.append(
                {"kind": "defender", "team": s.heroes[foes[0]].team, "heroes": foes}
            )  # FE-12.3.1
            return
        if foes and self.mode == "solo":  # FE-18.5
            if hero.team == self.player_team:
                epic.start_solo(self, hero.id, foes[0], area, enemy_active=False)
            else:
                epic.start_solo(self, foes[0], hero.id, area, enemy_active=True)
            return
        if foes:
            self.start_epic(hero.id, foes[0], area)
            return
        s.queue.pop(0)
        if entry.get("boss"):  # FE-11.0.1: after any enemy heroes there, the hero meets the boss
            if q.boss_in(self, area) == entry["boss"]:
                epic.start_beast(self, hero.id, entry["boss"], "boss")
            return
        soldiers.hero_meets_soldiers(self, hero, area)

    def _after_duel(self) -> None:
        s = self.s
        teams = self.duel_teams
        best = max(s.teams[t].vp for t in teams)
        winners = [t for t in teams if s.teams[t].vp == best]
        # Both duellists down at once (FE-11.5.7.H.2) leaves no winner: the defender wins ties (AMB-54).
        self.finish_game("duel", winner=winners[0] if len(winners) == 1 else teams[1])

    def end_turn(self) -> None:
        flow.end_turn(self)

    def describe_awaiting(self) -> str:
        """What the log should record next, in English ("awaiting: a draw from the combat deck")."""
        return str(narrate.awaiting(self))

    def describe_awaiting_said(self):
        """``describe_awaiting`` as a phrase with its template and params (narrate.awaiting), so that a
        refusal naming it is said in the reader's language."""
        return narrate.awaiting(self)

    def awaits(self) -> dict | None:
        """What is awaited (``describe_awaiting``) and the rule that makes it due (due.py)."""
        if self.awaiting is None:
            return None
        found = due.due(self, self.awaiting)
        what = self.describe_awaiting().removeprefix("awaiting: ")
        return {"what": f"{what}: {found[1]}" if found else what, "rule": found[0] if found else None}

    # -- protocol ------------------------------------------------------------------------------------------
    def apply(self, index: int, event: dict) -> None:
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise UnreadableLog("an event must be an object with a 'type'", rule="LOG-5.1", event_index=index)
        if self.s.phase == "over":
            raise IllegalEvent("FE-17.1", "the game is already over; no event may follow")
        kind = event["type"]
        handler = HANDLERS.get(kind)
        if handler is None:
            raise UnreadableLog("unknown event type '{kind}' (known: {handlers})", kind=kind, handlers=', '.join(sorted(HANDLERS)),
                                rule="LOG-5.1", event_index=index)  # fmt: skip
        if not EVENT_FIELDS.issuperset(event):
            explain_event(LOG_SCHEMA, event, index)
        try:
            handler(self, event)
        except (TypeError, AttributeError, ValueError, KeyError, IndexError):
            explain_event(LOG_SCHEMA, event, index)
            raise
        self.advance()
        self.events_applied += 1

    def finish(self) -> None:
        if self.s.phase != "over":
            raise UnreadableLog(("the log ends in round {number} ({describe_awaiting}): the game is not over (it ends after the " "final round on the fourth skull space, FE-17.1)"), number=self.s.round + 1, describe_awaiting=self.describe_awaiting_said(), rule="LOG-5.3")  # fmt: skip

    def round_number(self) -> int | None:
        return self.s.round + 1 + self.s.extra

    def describe_actor(self, event: dict) -> str | None:
        for key in ("hero", "team"):
            value = event.get(key)
            if isinstance(value, str):
                cid = self.content.find("heroes", value)
                if cid:
                    return self.name(cid)
                team = self.content.find_faction(value)
                if team:
                    return self.team_name(team)
        return None

    def player_summaries(self) -> list[dict]:
        out = []
        for p in self.players.values():
            team = self.content.find_faction(p["faction"])
            out.append(
                {"id": p["id"], "name": p["name"], "faction": team, "faction_name": self.team_name(team)}
            )
        return out

    def legal_events(self) -> list[dict]:
        return legal_mod.legal_events(self)

    def copy(self) -> Game:
        """An exact, independent copy (content, board and options are shared: never mutated)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.s = self.s.copy()
        other.chance = self.chance.copy()
        other.duel_teams = list(self.duel_teams)
        other.awaiting = None
        other.advance()
        return other

    def view(self) -> dict:
        return view_mod.view(self)

    def board_geometry(self) -> dict:
        """The map as drawing data for the replay viewer (geometry.board_geometry; positions provisional)."""
        return geometry.board_geometry(self.board, self.content)

    def describe_offer(self, event: dict) -> str:
        """An offer of ``legal_events()`` in words for the table recorder (narrate)."""
        return narrate.describe_offer(self, event)

    def said_offer(self, event: dict):
        """``describe_offer`` with its template and params (narrate.say_offer)."""
        return narrate.say_offer(self, event)

    def dice_needed(self, event: dict) -> dict:
        """What the table must roll or draw for ``event``, in recorded mode (dice_needed.dice_needed)."""
        from engine.games.eternia.dice_needed import dice_needed

        return dice_needed(self, event)

    def outcome_free(self, event: dict) -> dict:
        """An offer without what the table rolled or drew (recorded mode: the players enter it)."""
        from engine.games.eternia.dice_needed import outcome_free

        return outcome_free(event)

    def apply_described(self, index: int, event: dict) -> dict:
        """``apply`` that also returns the event in words for the replay viewer (narrate)."""
        return narrate.apply_described(self, index, event)

    def is_over(self) -> bool:
        """FE-17.1 (after the final round), FE-18.7 (a solo game's objective met or failed)."""
        return self.s.phase == "over"

    def to_act(self) -> list[str]:
        """The players of the team each next event belongs to (FE-4.1: a team's players play its heroes; in
        co-op they share them, FE-18.1.2): the team of the hero or team it names, else the team awaited. A
        team no player leads (the game's own, FE-18) and a draw or roll with no team awaited: every player."""
        if self.is_over():
            return []
        seats = list(self.players)
        by_team = self._players_by_team()
        awaited = (self.awaiting or {}).get("team")
        who: set[str] = set()
        for event in self.legal_events():
            hero = self.s.heroes.get(event.get("hero")) if isinstance(event.get("hero"), str) else None
            team = hero.team if hero is not None else event.get("team", awaited)
            who |= by_team.get(team, set(seats))
            if len(who) == len(seats):
                break
        return [pid for pid in seats if pid in who]

    def _players_by_team(self) -> dict[str, set[str]]:
        """The header players of each team (the faction of their heroes, FE-2.1)."""
        by_team: dict[str, set[str]] = {}
        for p in self.players.values():
            by_team.setdefault(self.content.find_faction(p["faction"]), set()).add(p["id"])
        return by_team

    def teams(self) -> dict[str, str]:
        """The team each player plays for: the faction of their heroes (FE-2.1; in solo and co-op the players'
        one team against the game, FE-18.1.2)."""
        return {
            pid: str(self.content.find_faction(p["faction"]) or p["faction"])
            for pid, p in self.players.items()
        }

    def against_game(self) -> bool:
        return self.mode == "solo"

    def offer_piece(self, event: dict) -> dict | None:
        """The hero an offer acts with."""
        hero = event.get("hero")
        if not isinstance(hero, str) or hero not in self.s.heroes:
            return None
        return {"id": hero, "name": self.name(hero)}

    def offer_place(self, event: dict) -> str | None:
        """Where a move takes its hero: the last area of its path."""
        path = event.get("path") if event.get("type") == "move" else None
        return path[-1] if isinstance(path, list) and path else None

    def actors(self, event: dict) -> list[str]:
        """Who enters ``event``: a hero's event belongs to the player whose force lists it (a co-op player
        controls the heroes given to them, FE-18.1.2), else to its team's players (FE-4.1); a team's event to
        that team's players; an event naming neither (a card drawn, a die rolled) to the team awaited, or
        to every player when none is."""
        seats = list(self.players)
        by_team = self._players_by_team()

        def team_of(team) -> list[str]:
            return [pid for pid in seats if pid in by_team.get(team, set(seats))]

        who = event.get("player")
        if isinstance(who, str):
            return [who] if who in self.players else seats
        hero = self.s.heroes.get(event.get("hero")) if isinstance(event.get("hero"), str) else None
        if hero is not None:
            named = {hero.id, hero.mounted}  # a mounted hero is listed by its miniature (FE-4.1.8)
            controllers = [pid for pid, p in self.players.items() if named & _pieces(p)]
            return controllers or team_of(hero.team)
        if isinstance(event.get("team"), str):
            return team_of(event["team"])
        return team_of((self.awaiting or {}).get("team"))

    def finish_game(self, ended_by: str, *, winner: str | None) -> None:
        s = self.s
        if s.combat is not None:  # FE-18.7.1: the objective met inside a combat ends both
            record.combat_ending(s.combat, "game-over", "FE-18.7.1", None)
            record.combat_over(self, s.combat)
        record.round_ended(self)
        s.phase, s.ended_by, s.winner = "over", ended_by, winner
        s.turn, s.combat, s.wild = None, None, None
        s.pending.clear()
        s.queue.clear()

    def result(self) -> dict:
        s = self.s
        if self.mode == "solo":
            return self._solo_result()
        teams, seats = [], []
        scores = {t: s.teams[t].vp for t in s.order}
        for rank_pos, team in enumerate(sorted(s.order, key=lambda t: (t != s.winner, -scores[t]))):
            outcome = "win" if team == s.winner else "loss"
            rank = 1 if team == s.winner else (2 if s.winner else 1)
            t = s.teams[team]
            teams.append({"team": team, "seats": list(t.players), "outcome": outcome, "rank": rank,
                          "score": t.vp, "components": dict(sorted(t.vp_sources.items()))})  # fmt: skip
            for pid in t.players:
                seats.append(result.seat(pid, outcome=outcome, rank=rank, score=t.vp,
                                         components=dict(sorted(t.vp_sources.items())), team=team))  # fmt: skip
            del rank_pos
        return result.game_result(
            seats,
            ended_by=s.ended_by,
            rounds_played=s.round + 1 + s.extra,
            teams=teams,
            outcome="win" if s.winner else "loss",
            winner=s.winner,
            vp={t: {"total": s.teams[t].vp, **dict(sorted(s.teams[t].vp_sources.items()))} for t in s.order},
        )

    def _solo_result(self) -> dict:
        """FE-18.7: one team against the game; the score is FE-18.7.2's."""
        s = self.s
        t = s.teams[self.player_team]
        points = solo.score(self)
        outcome = "win" if s.completed else "loss"
        parts = dict(sorted(t.vp_sources.items()))
        seats = [
            result.seat(pid, outcome=outcome, rank=1, score=points, components=parts, team=t.id)
            for pid in t.players
        ]
        team = {
            "team": t.id,
            "seats": list(t.players),
            "outcome": outcome,
            "rank": 1,
            "score": points,
            "components": parts,
        }
        return result.game_result(
            seats, ended_by=s.ended_by, rounds_played=s.round + 1, teams=[team],
            against_game={"outcome": outcome, "score": points}, outcome=outcome,
            winner=t.id if s.completed else None, difficulty=self.difficulty,
            vp={t.id: {"total": t.vp, **parts}},
        )  # fmt: skip

    def statistics(self) -> dict:
        return statistics.build(self)


# -- chance events and the tie-break duel ---------------------------------------------------------------
def event_draw(g: Game, event: dict) -> None:
    aw = g.awaiting
    if aw is None or aw["kind"] != "draw":
        raise IllegalEvent(*due.refuse_draw(g, event))
    deck_name = aw["deck"]
    if event.get("deck", deck_name) != deck_name:
        raise IllegalEvent(*due.wrong_deck(g, event))
    due.check_named_hero(g, event)
    if aw["for"] == "battle":
        solo.take_battle_card(g, event.get("cards"))
        return
    c = g.content
    if deck_name == "combat":
        team = g.s.teams[aw["team"]]
        deck, table = team.deck, "combat_cards"
    else:
        deck = g.s.decks[deck_name]
        table = {"encounter": "encounters", "victory": "victory_cards", "effect": "effect_cards"}.get(
            deck_name, "support_cards"
        )
        if len(deck) < aw["count"] and g.s.discards[deck_name]:
            deck.extend(g.chance.shuffle(g.s.discards[deck_name]))  # FE-6.13.2
            g.s.discards[deck_name] = []
    if deck_name == "scenario":

        def resolve(name):
            return c.find("mission_cards", name) or c.lookup(
                "epic_beasts", name, path="cards", what="scenario card"
            )
    else:

        def resolve(name):
            return (
                c.lookup(table, name, path="cards", what="card")
                if table != "combat_cards"
                else _combat_card(c, name)
            )

    count = min(aw["count"], len(deck))
    cards = g.chance.take(
        deck,
        count,
        event.get("cards"),
        what=lambda: Text("drawing from the {deck} deck", deck=deck_name),
        rule=lambda: due.due_rule(g, aw, "FE-6.13.1"),  # the rule that makes this draw, of these cards, due
        resolve=resolve,
    )
    if g.s.pending and g.s.pending[0] is aw:
        g.s.pending.pop(0)
    why = aw["for"]
    if why == "victory":
        g.s.teams[aw["team"]].victory_hand.extend(cards)
    elif why == "offer":
        g.s.offers[deck_name].extend(cards)
    elif why == "wilds":
        hero = g.s.heroes[aw["hero"]]
        if len(cards) == 2:
            g.s.pending.insert(0, {"kind": "choose", "hero": hero.id, "cards": cards})
        elif cards:
            wild.resolve_encounter(g, hero, cards[0])
    elif why == "effects":
        solo.apply_effects(g, g.s.combat, cards)
        g.s.combat.step = "totals"
    elif why == "mount":
        if cards:
            skirmish.start_mount_combat(g, aw["hero"], cards[0])
    elif why == "mission":
        hero = g.s.heroes[aw["hero"]]
        if not cards:
            return
        if cards[0] in c.missions:
            g.s.pending.insert(0, {"kind": "mission_result", "hero": hero.id, "card": cards[0]})
        else:
            epic.start_beast(g, hero.id, cards[0], "scenario")  # FE-9.7.4
    else:
        epic.apply_draw(g, aw, cards)


def _combat_card(c: Content, name) -> str:
    cid = c.find("combat_cards", name)
    if cid is None:
        raise UnreadableLog(
            "cards: {name!r} is not a combat card ({combat_cards})",
            name=name,
            combat_cards=", ".join(c.combat_cards),
            rule="LOG-5.1",
        )
    return cid


def event_roll(g: Game, event: dict) -> None:
    aw = g.awaiting
    if aw is None or aw["kind"] != "roll" or event.get("die", aw["die"]) != aw["die"]:
        raise IllegalEvent(*due.refuse_roll(g, event))
    due.check_named_hero(g, event)
    faces = g.chance.roll(
        aw["die"],
        aw["count"],
        event.get("faces"),
        what=Text("rolling {count} {die} die/dice", count=aw["count"], die=aw["die"]),
        rule=due.due_rule(g, aw, "FE-6.9.1"),
    )
    if g.s.pending and g.s.pending[0] is aw:
        g.s.pending.pop(0)
    if aw["for"] == "pd":
        epic.pd_rolled(g, faces)
        return
    if aw["for"] == "battle":
        g.s.combat.battle_deck = solo.battle_deck(g, faces[0])  # FE-18.5.2.1
        g.s.combat.step = "battle_draw"
        return
    if aw["for"] == "epic":
        c = g.s.combat
        face = faces[0]  # FE-6.10.1: the bonus goes to the enemy, for this round (AMB-27)
        if face == "surge":
            c.epic_surge = True
        else:
            stat_name, n = face.split("+")
            c.epic = {stat_name: int(n)}
        c.step = "shuffle"
        return
    wild.after_roll(g, aw, faces)


def event_duel(g: Game, event: dict) -> None:
    """FE-17.2.4: each tied team secretly selects one of its heroes."""
    aw = g.awaiting
    if aw is None or aw["kind"] != "duel":
        raise IllegalEvent(*due.not_now(g, Text("no tie-break hero is to be selected now"), "FE-17.2.4"))
    team = g.team_arg(event)
    hero = g.hero_arg(event)
    if team != aw["team"] or hero.team != team:
        raise IllegalEvent(
            "FE-17.2.4",
            "the {team_name} team selects one of its own heroes",
            team_name=g.team_name(aw["team"]),
        )
    g.s.duel[team] = hero.id


def event_reroll(g: Game, event: dict) -> None:
    """A reroll in a wild-region combat (FE-14.1) or of a Power Dice pool (FE-13.4): whichever is awaited."""
    if g.awaiting and g.awaiting["kind"] == "pd_dice":
        epic.event_pd_dice(g, event)
    else:
        wild.event_reroll(g, event)


def event_activate(g: Game, event: dict) -> None:
    aw = g.awaiting
    if aw is None or aw["kind"] != "activate":
        raise IllegalEvent(*due.not_now(g, Text("no hero can be activated now"), "FE-8.3"))
    hero = g.hero_arg(event)
    if hero.team != aw["team"]:
        raise IllegalEvent(
            "FE-8.3.2",
            "it is the {team_name} team's turn to activate a hero",
            team_name=g.team_name(aw["team"]),
        )
    if hero.activated:
        raise IllegalEvent("FE-8.3.3", "{id} has already been activated this round", id=g.name(hero.id))
    g.s.turn = Turn(hero=hero.id)


EVENT_FIELDS = schema_fields(LOG_SCHEMA, "event")

HANDLERS = {
    "draw": event_draw,
    "roll": event_roll,
    "activate": event_activate,
    "end_turn": actions.event_end_turn,
    "move": actions.event_move,
    "move_outposts": actions.event_move_outposts,
    "fast_travel": actions.event_fast_travel,
    "fortify": actions.event_fortify,
    "move_soldiers": actions.event_move_soldiers,
    "face_wilds": actions.event_face_wilds,
    "choose": actions.event_choose,
    "mission": actions.event_mission,
    "mission_result": actions.event_mission_result,
    "rest": actions.event_rest,
    "trade": actions.event_trade,
    "merchant": actions.event_merchant,
    "buy": actions.event_buy,
    "map_spell": actions.event_map_spell,
    "equip": actions.event_equip,
    "claim_victory": actions.event_claim_victory,
    "redraw_victory": actions.event_redraw_victory,
    "pay_defeat": actions.event_pay_defeat,
    "discard": actions.event_discard,
    "trim": actions.event_trim,
    "push": actions.event_move_loser,
    "retreat": actions.event_move_loser,
    "defender": actions.event_defender,
    "hits": soldiers.event_hits,
    "ally": wild.event_ally,
    "tame": wild.event_tame,
    "reroll": event_reroll,
    "stop": epic.event_pd_dice,
    "excess": epic.event_excess,
    "assign": wild.event_assign,
    "weapon": epic.event_weapon,
    "focus": epic.event_focus,
    "place": epic.event_place,
    "keep": epic.event_keep,
    "surge": epic.event_step4,
    "time": epic.event_step4,
    "spell": epic.event_step4,
    "consumable": epic.event_step4,
    "soldiers": epic.event_step4,
    "pass": epic.event_step4,
    "flee": epic.event_flee,
    "fight_on": epic.event_flee,
    "duel": event_duel,
    "skirmish_buy": skirmish.event_buy,
    "skirmish_pass": skirmish.event_buy,
    "deploy_zone": skirmish.event_zone,
    "deploy_soldiers": skirmish.event_soldiers,
    "deploy_hero": skirmish.event_hero,
    "place_token": skirmish.event_token,
    "train": actions.event_train,
    "acquire_mount": actions.event_acquire_mount,
    "respawn": actions.event_respawn,
    "scenario_complete": actions.event_scenario_complete,
}


def _pieces(player: dict) -> set[str]:
    """The heroes a header player's force lists (the pieces they control)."""
    force = player.get("force")
    return {h for h in force if isinstance(h, str)} if isinstance(force, list) else set()
