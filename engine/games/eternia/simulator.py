"""Random legal games: pick among legal_events() with weights toward purposeful play.

Same seed, same log (Python's Mersenne Twister with an integer seed is stable across platforms). In
recorded mode the simulator plays the table too: it draws cards at random from the deck and rolls faces.
"""

from __future__ import annotations

import copy
import hashlib
import random

from engine.core.content import builtin_pack, pack_hash
from engine.core.randomness import commitment_for
from engine.games.eternia import queries as q
from engine.games.eternia.content import CONTENT_DIR, DEFAULT_PACK
from engine.games.eternia.legal import legal_battle_cards
from engine.version import LOG_FORMAT_VERSION

MAX_EVENTS = 20_000

WEIGHTS = {
    "end_turn": 1.0, "move": 3.0, "move_outposts": 1.0, "fast_travel": 1.0, "fortify": 2.0, "move_soldiers": 1.0,
    "face_wilds": 3.0, "mission": 6.0, "rest": 2.0, "trade": 0.3, "merchant": 2.0, "map_spell": 1.0, "equip": 0.5,
    "claim_victory": 50.0, "scenario_complete": 0.01, "redraw_victory": 0.2, "flee": 0.5, "fight_on": 1.0, "pass": 1.0, "surge": 3.0,  # nosec B105 - a game action's weight, not a password
    "spell": 1.0, "soldiers": 1.0, "time": 1.0, "consumable": 1.0, "focus": 0.5, "reroll": 2.0,
}  # fmt: skip


def header(ruleset, seed: int, randomness: str, rng: random.Random, *, content_pack: dict | None = None,
           first_game: bool = False, options: dict | None = None, mode: str = "standard",
           free_heroes: bool = False, scenario: str | None = None, mounted: bool = False,
           teams: tuple | None = None) -> dict:  # fmt: skip
    """``teams``: ((faction, players), ...) in the header's order, each team's three heroes dealt among its
    players in turn (FE-2.1); by default one player per faction, Masters first."""
    if content_pack is None:
        doc, digest = builtin_pack(CONTENT_DIR, DEFAULT_PACK)
    else:
        doc, digest = content_pack, pack_hash(content_pack)
    heroes = {f: [h["id"] for h in doc["heroes"] if h["faction"] == f] for f in ("motu", "ew")}
    if free_heroes:  # FE-19.3.1: chosen regardless of faction
        pool = [h["id"] for h in doc["heroes"]]
        rng.shuffle(pool)
        heroes = {"motu": pool[:6], "ew": pool[6:]}
    players = []
    if mode == "solo":  # FE-18.1.2: one team (MOTU in the placeholder scenario) against the game
        heroes["ew"] = []
    if scenario is None:
        scenario = next(k for k, v in doc["scenarios"].items() if v.get("mode", "standard") == mode)
    elif doc["scenarios"][scenario].get("mode", "standard") != mode:
        raise ValueError(f"scenario {scenario!r} is not a {mode} scenario")
    setup = {"scenario": scenario, "starting_team": rng.choice(["motu", "ew"])}
    if mode != "standard":
        setup["mode"] = mode
    if free_heroes:
        setup["free_heroes"] = True
    if mode == "solo":
        setup["difficulty"] = rng.choice(["beginner", "novice", "advanced", "relentless"])
        setup["starting_team"] = "motu"
    deployment = {}
    for i, (faction, count) in enumerate(teams if teams is not None else (("motu", 1), ("ew", 1))):
        if faction not in heroes or not 1 <= count <= 3:
            raise ValueError(
                f"a team is a faction ({', '.join(heroes)}) and 1 to 3 players (FE-2.1), not {faction!r}, {count!r}"
            )
        if not heroes[faction]:
            continue
        force = rng.sample(heroes[faction], 3)
        rider = next((m for m in doc.get("mounted_heroes", []) if m["hero"] in heroes[faction]), None)
        if mounted and i == 0 and rider is not None:  # FE-4.1.8: the first team fields one mounted hero
            force = [rider["id"], *rng.sample([h for h in heroes[faction] if h != rider["hero"]], 2)]
        for k in range(count):
            n = len(players) + 1
            players.append(
                {"id": f"p{n}", "name": f"Player {n}", "faction": faction, "force": force[k::count]}
            )
        if first_game:
            sites = list(doc["factions"][faction]["first_game"])
            rng.shuffle(sites)
            deployment.update(dict(zip(force, sites, strict=True)))
    if first_game:
        setup["first_game"] = True
        setup["deployment"] = deployment
    head = {
        "format": "arbiter-log",
        "format_version": LOG_FORMAT_VERSION,
        "game": ruleset.game_id,
        "rules_version": "1.0",
        "content_pack": {"id": doc["pack"]["id"], "version": doc["pack"]["version"], "sha256": digest},
        "simulated": True,
        "players": players,
        "setup": setup,
    }
    if options:
        head["options"] = dict(options)
    if randomness == "seeded":
        seed_hex = hashlib.sha256(f"fe-sim-{seed}".encode()).hexdigest()
        head["randomness"] = {"mode": "seeded", "commitment": commitment_for(seed_hex), "seed": seed_hex}
    else:
        head["randomness"] = {"mode": "recorded"}
    return head


def _weight(g, event: dict) -> float:
    kind = event["type"]
    w = WEIGHTS.get(kind, 1.0)
    if kind == "move":
        dest = event["path"][-1]
        hero = g.s.heroes[event["hero"]]
        if dest in g.s.mission_tokens or g.board.is_wild(dest):
            w *= 2
        if q.enemies_present(g, dest, hero.team):
            w *= 0.7 if q.hp(g, hero) > 4 else 0.1
        if q.boss_in(g, dest):  # a scenario's boss: worth meeting when the hero is fit
            w *= 2 if q.hp(g, hero) > 4 else 0.1
    if kind == "scenario_complete" and g.scenario.get("objective"):
        w = WEIGHTS["claim_victory"]  # offered only once the stated objective is met (FE-18.7.1)
    if kind == "end_turn" and g.s.turn is not None and len(g.s.turn.actions) < 2:
        w *= 0.3
    return w


def play(game, rng: random.Random, recorded: bool) -> list[dict]:
    events = []
    while game.awaiting is not None:
        options = game.legal_events()
        if not options:
            raise RuntimeError(f"no legal event while {game.describe_awaiting()}")
        event = rng.choices(options, weights=[_weight(game, e) for e in options])[0]
        if recorded and event["type"] == "draw":
            event = _table_draw(game, rng, event)
        elif recorded and event["type"] == "roll":
            aw = game.awaiting
            event = {**event, "faces": [rng.choice(game.chance.faces[aw["die"]]) for _ in range(aw["count"])]}
        game.apply(len(events), event)
        events.append(event)
        if len(events) > MAX_EVENTS:
            raise RuntimeError("the simulated game did not end")
    return events


def _table_draw(game, rng, event):
    aw = game.awaiting
    if aw["for"] == "battle":  # the card kept after the search (AMB-49)
        return {**event, "cards": [rng.choice(legal_battle_cards(game))]}
    if aw["deck"] == "combat":
        pool = list(game.s.teams[aw["team"]].deck)
    else:
        pool = list(game.s.decks[aw["deck"]])
        if len(pool) < aw["count"]:
            pool += game.s.discards[aw["deck"]]
    n = min(aw["count"], len(pool))
    return {**event, "cards": rng.sample(pool, n)}


def simulate(ruleset, seed: int, *, randomness: str = "seeded", first_game: bool = False, options: dict | None = None,
             content_pack: dict | None = None, mode: str = "standard", free_heroes: bool = False,
             teams: tuple | None = None, from_header: dict | None = None, scenario: str | None = None,
             mounted: bool = False) -> dict:  # fmt: skip
    """A random legal game. ``from_header`` plays a given header instead (a published challenge's, with its
    forces, setup and randomness): ``seed`` then only picks the decisions, so many games share one setup."""
    rng = random.Random(seed)  # nosec B311 - seeded simulation for tests and demos, not security
    if from_header is not None:
        doc = {**copy.deepcopy(from_header), "simulated": True}
        randomness = doc["randomness"]["mode"]
    else:
        doc = header(ruleset, seed, randomness, rng, content_pack=content_pack, first_game=first_game,
                     options=options, mode=mode, free_heroes=free_heroes, scenario=scenario,
                     mounted=mounted, teams=teams)  # fmt: skip
    doc["events"] = []
    game = ruleset.start(doc, content_pack=content_pack)
    doc["events"] = play(game, rng, randomness == "recorded")
    game.finish()
    return doc
