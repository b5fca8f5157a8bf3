"""Random legal games: the simulator plays by picking among ``legal_events()`` of each position.

Same seed, same log. Choices lean toward purposeful play (deploy, close in, attack) so that simulated
games reach the end of combat; a game still running after ``MAX_ROUNDS`` ends by a concession.
"""

from __future__ import annotations

import copy
import hashlib
import random

from engine.core.content import builtin_pack
from engine.core.randomness import commitment_for
from engine.games.hoplomachus.content import CONTENT_DIR, DEFAULT_PACK, content_for
from engine.version import LOG_FORMAT_VERSION

MAX_EVENTS = 6000
MAX_ROUNDS = 30
SETUPS = (("skirmish", "pozzuoli", 2), ("skirmish", "colosseum", 2), ("pandemonium", "pozzuoli", 3),
          ("pandemonium", "pozzuoli", 4), ("alliance", "pozzuoli", 4), ("assault", "pozzuoli", 1),
          ("assault", "pozzuoli", 2), ("ascension", "colosseum", 1), ("ascension", "colosseum", 2))  # fmt: skip


class Author:
    """What a recorded log gets from the table: dice seen and bag draws."""

    def __init__(self, rng: random.Random, content):
        self.rng = rng
        self.content = content

    def dice(self, pool: list[str]) -> list[str]:
        c = self.content
        return [
            f"{col}:{'hit' if self.rng.randrange(c.die_faces) < c.hit_faces[col] else 'miss'}" for col in pool
        ]

    def pick(self, items: list[str]) -> str:
        return self.rng.choice(items)

    def d6(self) -> int:
        return self.rng.randint(1, 6)


def header(seed: int, randomness: str, rng: random.Random, mode: str, arena: str, n: int,
           chosen: tuple[str, ...] | None = None) -> dict:  # fmt: skip
    doc, digest = builtin_pack(CONTENT_DIR, DEFAULT_PACK)
    content = content_for(doc, digest)
    factions = rng.sample(sorted(content.factions), n)
    if chosen is not None:  # drawn all the same, so the rest of the header is what the seed gives
        unknown = sorted(set(chosen) - set(content.factions))
        if unknown or len(chosen) != n:
            raise ValueError(f"factions {list(chosen)}: want {n} of {sorted(content.factions)}")
        factions = list(chosen)
    players = [{"id": f"p{i + 1}", "name": f"Simulated player {i + 1}", "faction": f, "force": []}
               for i, f in enumerate(factions)]  # fmt: skip
    ids = [p["id"] for p in players]
    setup: dict = {"mode": mode, "arena": arena}
    if mode == "skirmish":
        sides = ["red", "blue"]
        rng.shuffle(sides)
        setup["sides"] = dict(zip(ids, sides, strict=True))
    if mode == "alliance":
        setup["teams"] = {"red": [ids[0], ids[2]], "blue": [ids[1], ids[3]]}
        setup["track_hero"] = {"red": rng.choice([ids[0], ids[2]]), "blue": rng.choice([ids[1], ids[3]])}
        setup["units"] = {p["id"]: rng.sample(content.factions[p["faction"]]["roster"], 6) for p in players}
    if mode == "ascension":
        titans = sorted(u.id for u in content.units.values() if u.kind == "titan")
        setup["titan"] = rng.choice(titans)
        want = 6 if n == 1 else 3
        setup["units"] = {
            p["id"]: rng.sample(content.factions[p["faction"]]["roster"], want) for p in players
        }
        counts = (1,) if n == 1 else (0, 1)
        setup["tactics"] = {p["id"]: rng.sample(content.factions[p["faction"]]["tactics"], k)
                            for p, k in zip(players, counts, strict=True)}  # fmt: skip
    if mode == "assault":
        neutral = sorted(u.id for u in content.units.values() if u.kind == "hero" and u.faction is None)
        setup["neutral_heroes"] = dict(zip(ids, rng.sample(neutral, n), strict=True))
    if randomness == "seeded":
        seed_hex = hashlib.sha256(f"arbiter-simulation-hr-{seed}".encode()).hexdigest()
        rand = {"mode": "seeded", "commitment": commitment_for(seed_hex), "seed": seed_hex}
    else:
        rand = {"mode": "recorded"}
        first = rng.randrange(n)
        if mode not in ("assault", "ascension"):
            setup["order"] = ids[first:] + ids[:first]
    return {
        "format": "arbiter-log",
        "format_version": LOG_FORMAT_VERSION,
        "game": "hoplomachus-remastered",
        "rules_version": "1.0",
        "content_pack": {"id": content.pack_id, "version": content.version, "sha256": digest},
        "simulated": True,
        "randomness": rand,
        "players": players,
        "setup": setup,
        "events": [],
    }


WEIGHTS = {"attack": 10.0, "special": 6.0, "deploy": 6.0, "tactic": 1.0, "foothold": 0.5, "ability": 1.5,
           "end_turn": 1.0}  # fmt: skip


def weight(g, ev: dict) -> float:
    """Aim at heroes: defeating the primary heroes is what ends most modes (HR-15.1.2, HR-17.1.2)."""
    w = WEIGHTS.get(ev["type"], 1.0)
    target = ev.get("target")
    if (
        ev["type"] in ("attack", "special")
        and target in g.s.units
        and g.c.units[g.s.units[target]["def"]].kind == "hero"
    ):
        w *= 4
    return w


def choose(g, options: list[dict], rng: random.Random) -> dict:
    if g.s.pending:
        return rng.choice(options)
    moves = [e for e in options if e["type"] == "move"]
    weighted = [(e, weight(g, e)) for e in options if e["type"] != "move"]
    move_weight = 5.0 if moves else 0.0
    total = sum(w for _, w in weighted) + move_weight
    x = rng.random() * total
    if x < move_weight:
        return pick_move(g, moves, rng)
    x -= move_weight
    for e, w in weighted:
        x -= w
        if x < 0:
            return e
    return weighted[-1][0]


def pick_move(g, moves: list[dict], rng: random.Random) -> dict:
    """Close on the nearest opponent (or a stone hex in Pozzuoli)."""
    unit = g.s.units[rng.choice(sorted({m["unit"] for m in moves}))]
    mine = [m for m in moves if m["unit"] == unit["uid"]]
    goals = [
        v["hex"]
        for v in g.s.in_arena()
        if g.s.troops[v["owner"]]["team"] != g.s.troops[unit["owner"]]["team"]
    ]
    if g.a.pozzuoli and rng.random() < (
        0.7 if g.mode == "assault" else 0.3
    ):  # Assault: stones wear the immortal
        goals = sorted(g.a.tags["stone"])
    if not goals:
        return rng.choice(mine)

    def score(ev):
        end = g.a.parse(ev["path"][-1], path="/path")
        return (min(g.a.distance(end, h) for h in goals), rng.random())

    return min(mine, key=score)


def simulate(ruleset, seed: int, *, randomness: str = "seeded", mode: str | None = None, arena: str | None = None,
             players: int | None = None, factions: tuple[str, ...] | None = None,
             from_header: dict | None = None) -> dict:  # fmt: skip
    """A random legal game; ``factions`` (one faction id per player, in seat order) gives the troops a
    platform's simulated event registered instead of drawing them (HR-12: a troop is one faction).
    ``from_header`` plays a given header instead (a published challenge's, with its troops, setup and
    randomness): ``seed`` then only picks the decisions, so many games share one setup and one deal."""
    rng = random.Random(seed)  # nosec B311 - seeded simulation for tests and demos, not security
    if from_header is not None:
        doc = {**copy.deepcopy(from_header), "simulated": True, "events": []}
    else:
        if mode is None:
            mode, arena, players = SETUPS[seed % len(SETUPS)]
        else:
            default = next(s for s in SETUPS if s[0] == mode)
            arena = arena or default[1]
            players = players or (len(factions) if factions else default[2])
        doc = header(seed, randomness, rng, mode, arena, players, factions)
    author = Author(rng, content_for(*builtin_pack(CONTENT_DIR, DEFAULT_PACK)))
    game = ruleset.start(doc, author=author)
    events = doc["events"]
    while game.s.over is None:
        if len(events) >= MAX_EVENTS:
            raise RuntimeError(f"simulated game {seed} did not finish within {MAX_EVENTS} events")
        legal = game.legal_events()
        # Past the round limit a player concedes, but only where someone has a choice: a step the rules
        # force (a rival's, an end of turn) is played first, as a table's recorder logs it unasked.
        if game.s.turn["round"] > MAX_ROUNDS and not game.s.pending and len(legal) != 1:
            who = game.s.turn["player"]
            if who not in game.s.turn["seats"]:
                who = next(p for p in game.s.turn["seats"] if not game.s.troops[p]["out"])
            ev = {"type": "concede", "player": who}
        else:
            ev = choose(game, legal, rng)
        game.apply(len(events), ev)
        events.append(ev)
    game.dice.author = None
    return doc
