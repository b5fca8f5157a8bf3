"""Random legal games: the simulator plays by picking among the legal events of each state.

Same seed, same log (Python's Mersenne Twister with an integer seed is stable across platforms).
Choices are weighted toward purposeful play (attacks, moves toward enemies and objectives) so that
simulated games exercise combat, knock-outs, objectives and interrupts.
"""

from __future__ import annotations

import hashlib
import random

from engine.core.content import builtin_pack, pack_hash
from engine.core.randomness import commitment_for
from engine.games.battleground import footprint
from engine.games.battleground.board import board_for
from engine.games.battleground.content import CONTENT_DIR, DEFAULT_PACK, load_content
from engine.games.battleground.dice import initial_success
from engine.games.battleground.footprint import facings_at, fits
from engine.version import LOG_FORMAT_VERSION

MAX_EVENTS = 5000  # a game that has not ended by then means a defect in the choices or the flow


class Author:
    """Supplies what the log leaves to the players and the table: dice seen, cards drawn, choices."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def dice(self, n: int) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(n)]

    def pick_cards(self, deck: list[str], count: int) -> list[str]:
        return self.rng.sample(deck, count)

    def choose(self, options: list):
        return self.rng.choice(options)

    def mana_rerolls(self, dice: list[int], threshold: int, limit: int) -> list[int]:
        failing = [i for i, v in enumerate(dice) if not initial_success(v, threshold)]
        if not failing or self.rng.random() < 0.5:
            return []
        return sorted(self.rng.sample(failing, min(len(failing), self.rng.randint(1, limit))))


def header(
    ruleset, seed: int, randomness: str, rng: random.Random, forces=None, content_pack: dict | None = None
) -> dict:
    if content_pack is None:
        doc, digest = builtin_pack(CONTENT_DIR, DEFAULT_PACK)
    else:
        doc, digest = content_pack, pack_hash(content_pack)
    content = load_content(doc, digest)
    if forces is None:
        forces = [content.forces["first-game-motu"], content.forces["first-game-ew"]]
        rng.shuffle(forces)
    else:
        # A pack's force id (e.g. a mirror match of one faction's force), or a force given whole
        # ({"faction", "characters": [{"character", "equipment"}]}, e.g. a registered list).
        forces = [content.forces[f] if isinstance(f, str) else f for f in forces]
    game_map = content.maps.get("castle-grayskull-first-game") or next(iter(content.maps.values()))
    board = board_for(content, game_map.id)
    players = []
    for i, force in enumerate(forces):
        zone = sorted(h for h in board.zones[i] if board.standable(h))
        spots = rng.sample(zone, len(force["characters"]))
        facing = 3 if i == 0 else 0  # face the other side of the table
        covers = [
            footprint.of(content.characters[c["character"]].base, board.grid) for c in force["characters"]
        ]
        if footprint.any_massive(covers):
            spots = _massive_spots(board, force, covers, zone, spots, facing, rng)
        players.append(
            {
                "id": f"p{i + 1}",
                "name": f"Simulated player {i + 1}",
                "faction": force["faction"],
                "force": [
                    {
                        "character": c["character"],
                        "equipment": list(c["equipment"]),
                        "hex": board.label(h),
                        "facing": facing,
                    }
                    for c, h in zip(force["characters"], spots, strict=True)
                ],
            }
        )
    if randomness == "seeded":
        seed_hex = hashlib.sha256(f"arbiter-simulation-{seed}".encode()).hexdigest()
        rand = {"mode": "seeded", "commitment": commitment_for(seed_hex), "seed": seed_hex}
    else:
        rand = {"mode": "recorded"}
    return {
        "format": "arbiter-log",
        "format_version": LOG_FORMAT_VERSION,
        "game": "motu-battleground",
        "rules_version": "1.0",
        "content_pack": {"id": content.pack_id, "version": content.version, "sha256": digest},
        "simulated": True,
        "randomness": rand,
        "players": players,
        "setup": {"map": game_map.id, "first_player": rng.choice(["p1", "p2"])},
        "events": [],
    }


def _massive_spots(board, force, covers, zone, spots, facing, rng) -> list[int]:
    """Set-up hexes when a force holds a massive miniature (BG-19): every base lies whole in the zone at
    one height, clear of the others."""
    inside = set(zone)
    taken: set[int] = set()
    out = []
    for c, covering, spot in zip(force["characters"], covers, spots, strict=True):
        for h in [spot] + rng.sample(zone, len(zone)):
            cells = covering.cells(h, facing)
            if cells is not None and set(cells) <= inside and fits(board, cells, taken):
                break
        else:
            raise ValueError(f"no room for {c['character']} in its deployment zone")
        taken.update(cells)
        out.append(h)
    return out


def _weight(g, ev: dict, rng: random.Random) -> float:
    t = ev["type"]
    if t == "attack":
        return 8.0
    if t == "move":
        return 0.0  # moves are chosen as a group below
    if t in ("end_activation", "end_interrupt"):
        frame = g.frame()
        return 4.0 if frame is not None and frame.ap <= 1 else 0.3
    if t == "pass":
        return 0.15
    if t == "play_card":
        return 0.08
    if t == "guard":
        return 0.4
    if t == "focus":
        return 0.8
    if t in ("ability", "use_item"):
        return 0.6
    if t == "movement" and ev.get("push"):
        return 8.0  # a climb that pushes someone aside (BG-9.2.10) is a rare option: play it when offered
    return 1.0


def _pick_move(g, moves: list[dict], rng: random.Random) -> dict:
    """Prefer moves that close on an enemy or an objective the mover's side can claim."""
    board = g.board
    frame = g.frame()
    unit = frame.unit
    enemies = [e.hex for e in g.enemies_of(unit)]
    zone = board.zones[list(g.sides).index(unit.player)]
    claimable = [o for o in g.objectives if o not in zone]
    if enemies and (not claimable or rng.random() < 0.6):
        goal = min(enemies, key=lambda h: board.grid.hex_distance(unit.hex, h))
    elif claimable:
        goal = rng.choice(claimable)
    else:
        return rng.choice(moves)

    def score(ev):
        end = board.parse(ev["path"][-1])
        return (board.grid.hex_distance(end, goal), rng.random())

    return min(rng.sample(moves, min(len(moves), 12)), key=score)


def choose(g, options: list[dict], rng: random.Random) -> dict:
    moves = [e for e in options if e["type"] == "move"]
    weighted = [(e, _weight(g, e, rng)) for e in options if e["type"] != "move"]
    move_weight = 4.0 if moves else 0.0
    total = sum(w for _, w in weighted) + move_weight
    x = rng.random() * total
    if x < move_weight:
        ev = _pick_move(g, moves, rng)
        if rng.random() < 0.7:
            unit = g.frame().unit
            # Any side for one hex; BG-19.2: a massive base turns only where it fits.
            ev["facing"] = rng.choice(facings_at(g, unit, g.board.parse(ev["path"][-1])))
        return ev
    x -= move_weight
    for e, w in weighted:
        x -= w
        if x < 0:
            return e
    return weighted[-1][0]


def simulate(
    ruleset,
    seed: int,
    *,
    randomness: str = "seeded",
    concede_rate: float = 0.0,
    forces=None,
    content_pack: dict | None = None,
) -> dict:
    """``forces``: two force ids of the content pack (default: the first-game forces, sides at random).
    ``content_pack``: play with this pack instead of the starter pack (verify the log with it too)."""
    rng = random.Random(seed)  # nosec B311 - seeded simulation for tests and demos, not security
    doc = header(ruleset, seed, randomness, rng, forces, content_pack)
    game = ruleset.start(doc, content_pack=content_pack, author=Author(rng))
    events = doc["events"]
    while game.phase != "over":
        if len(events) >= MAX_EVENTS:
            raise RuntimeError(f"simulated game {seed} did not finish within {MAX_EVENTS} events")
        if concede_rate and game.phase == "select" and rng.random() < concede_rate:
            ev = {"type": "concede", "player": rng.choice(list(game.sides))}
        else:
            ev = choose(game, game.legal_events(), rng)
        game.apply(len(events), ev)
        events.append(ev)
    return doc
