"""Made-up Battleground statistics for tests, demos and benchmarks (dashboards.synthetic).

A hand builder of one game's statistics in the engine's per-side contract (``build_statistics``) and
its verdict (``build_verdict``), for tests; and :func:`synthetic_verdict`, the plugin's seeded random
game for the synthetic meta: a made-up roster whose entries carry hidden strengths, so the balance
pages have something to find (a few entries over- or under-perform, the first player has a small
edge, dice are fair). Everything made here is simulated: the loader stores it as such.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

GAME_ID = "motu-battleground"

# --- Hand builder -----------------------------------------------------------------------------


@dataclass
class Side:
    """One side for ``build_statistics``; everything but name, faction and force has a default.

    ``weapons`` maps character → [(weapon id, name, type, attacks, successes, wounds, knockouts)];
    ``items`` maps character → [(item id, name, type, uses)];
    ``tests`` is [(character, kind, stat, tests, dice, successes, expected_successes)];
    ``knocked_out`` maps character → round it was knocked out in.
    """

    name: str
    faction: str
    force: list[str]
    faction_name: str | None = None
    names: dict[str, str] = field(default_factory=dict)
    vp: tuple[int, int, int] = (0, 0, 0)  # objectives, missions, knock-outs
    weapons: dict[str, list[tuple]] = field(default_factory=dict)
    items: dict[str, list[tuple]] = field(default_factory=dict)
    tests: list[tuple] = field(default_factory=list)
    knocked_out: dict[str, int] = field(default_factory=dict)
    objectives_claimed: int = 0
    vp_by_round: list[int] | None = None


def build_statistics(
    p1: Side,
    p2: Side,
    *,
    winner: str | None,
    first_player: str = "p1",
    game: str = GAME_ID,
    rounds_played: int = 4,
    ended_by: str = "rounds",
    map: str = "castle-grayskull-first-game",
    randomness: str = "recorded",
    content_pack: str = "bg-core-starter@0.1.0",
    objectives_available: int = 5,
) -> dict:
    """A ``verdict["statistics"]`` dict for one two-player game, exactly in the contract's shape."""
    sides = {"p1": p1, "p2": p2}
    stats: dict = {"game": [], "sides": [], "characters": [], "weapons": [], "items": [], "tests": []}
    vp_by_round = {}
    for pid, side in sides.items():
        other = sides["p2" if pid == "p1" else "p1"]
        total = sum(side.vp)
        vp_by_round[pid] = side.vp_by_round or [
            total * (r + 1) // rounds_played for r in range(rounds_played)
        ]
        result = "draw" if winner is None else ("win" if winner == pid else "loss")
        stats["sides"].append(
            {
                "player": pid,
                "player_name": side.name,
                "faction": side.faction,
                "faction_name": side.faction_name or side.faction,
                "force": list(side.force),
                "force_points": 100,
                "first_player": pid == first_player,
                "result": result,
                "vp_total": total,
                "vp_objectives": side.vp[0],
                "vp_missions": side.vp[1],
                "vp_knockouts": side.vp[2],
                "knockouts_dealt": len(other.knocked_out),
                "characters_lost": len(side.knocked_out),
                "objectives_claimed": side.objectives_claimed,
            }
        )
        for character in side.force:
            weapons = side.weapons.get(character, [])
            ko_round = side.knocked_out.get(character)
            stats["characters"].append(
                {
                    "player": pid,
                    "character": character,
                    "name": side.names.get(character, character),
                    "faction": side.faction,
                    "survived": ko_round is None,
                    "knocked_out_round": ko_round,
                    "wounds_dealt": sum(w[5] for w in weapons),
                    "wounds_taken": 0,
                    "activations": rounds_played,
                    "objectives_claimed": 0,
                    "equipment": [w[0] for w in weapons] + [i[0] for i in side.items.get(character, [])],
                }
            )
            for weapon, name, kind, attacks, successes, wounds, kos in weapons:
                stats["weapons"].append(
                    {
                        "player": pid,
                        "character": character,
                        "weapon": weapon,
                        "name": name,
                        "weapon_type": kind,
                        "attacks": attacks,
                        "successes": successes,
                        "wounds": wounds,
                        "knockouts": kos,
                    }
                )
            for item, name, kind, uses in side.items.get(character, []):
                stats["items"].append(
                    {
                        "player": pid,
                        "character": character,
                        "item": item,
                        "name": name,
                        "item_type": kind,
                        "uses": uses,
                    }
                )
        for character, kind, stat, tests, dice, successes, expected in side.tests:
            stats["tests"].append(
                {
                    "player": pid,
                    "character": character,
                    "kind": kind,
                    "stat": stat,
                    "tests": tests,
                    "dice": dice,
                    "successes": successes,
                    "expected_successes": expected,
                }
            )
    stats["game"].append(
        {
            "game": game,
            "rounds_played": rounds_played,
            "events": 100,
            "first_player": first_player,
            "winner": winner,
            "outcome": "draw" if winner is None else "win",
            "ended_by": ended_by,
            "map": map,
            "randomness": randomness,
            "content_pack": content_pack,
            "objectives_available": objectives_available,
            "vp_by_round": vp_by_round,
        }
    )
    return stats


def build_verdict(statistics: dict, *, status: str = "legal", players: list[dict] | None = None) -> dict:
    """A verdict dict (engine ``Verdict.to_dict()`` shape) around ``statistics``."""
    game = statistics["game"][0]
    pack_id, _, version = game["content_pack"].partition("@")
    legal = status == "legal"
    return {
        "status": status,
        "legal": legal,
        "engine_version": "0.1.0",
        "game": game["game"],
        "log_sha256": None,
        "content_pack": {"id": pack_id, "version": version, "sha256": "0" * 64},
        "simulated": False,
        "players": players
        or [
            {"id": s["player"], "name": s["player_name"], "faction": s["faction"]}
            for s in statistics["sides"]
        ],
        "result": {
            "outcome": game["outcome"],
            "winner": game["winner"],
            "ended_by": game["ended_by"],
            "rounds_played": game["rounds_played"],
            "vp": {
                s["player"]: {
                    "total": s["vp_total"],
                    "objectives": s["vp_objectives"],
                    "missions": s["vp_missions"],
                    "knockouts": s["vp_knockouts"],
                }
                for s in statistics["sides"]
            }
            if legal
            else {},
            # The generic result every verdict carries (engine.core.result): a seat per side.
            "seats": [
                {
                    "seat": s["player"],
                    "team": None,
                    "outcome": s["result"],
                    "rank": 2 if s["result"] == "loss" else 1,
                    "score": s["vp_total"],
                    "components": {
                        "objectives": s["vp_objectives"],
                        "missions": s["vp_missions"],
                        "knockouts": s["vp_knockouts"],
                    },
                }
                for s in statistics["sides"]
            ]
            if legal
            else [],
        }
        if legal
        else None,
        "statistics": statistics if legal else None,
    }


# --- Seeded random games (GamePlugin.synthetic_verdict) ------------------------------------------

# (faction id, faction name, [(character id, name, weapon type, strength)]); "strength" nudges win
# chances so the balance page has real signal to find.
_ROSTER: list[tuple[str, str, list[tuple[str, str, str, float]]]] = [
    (
        "masters-of-the-universe",
        "Masters of the Universe",
        [
            ("he-man", "He-Man", "melee", 0.06),
            ("man-at-arms", "Man-At-Arms", "melee", 0.0),
            ("teela", "Teela", "melee", 0.01),
            ("stratos", "Stratos", "ranged", -0.02),
            ("ram-man", "Ram-Man", "melee", -0.04),
            ("orko", "Orko", "spell", -0.05),
            ("sorceress", "The Sorceress", "spell", 0.03),
            ("fisto", "Fisto", "melee", 0.0),
        ],
    ),
    (
        "evil-warriors",
        "Evil Warriors",
        [
            ("skeletor", "Skeletor", "spell", 0.05),
            ("beast-man", "Beast Man", "melee", -0.01),
            ("evil-lyn", "Evil-Lyn", "spell", 0.02),
            ("trap-jaw", "Trap Jaw", "ranged", 0.0),
            ("mer-man", "Mer-Man", "melee", -0.03),
            ("tri-klops", "Tri-Klops", "ranged", 0.01),
            ("faker", "Faker", "melee", -0.06),
            ("jitsu", "Jitsu", "melee", 0.0),
        ],
    ),
]
_ITEMS = [("power-sword-shard", "Power Shard", "trinket"), ("round-shield", "Round Shield", "shield"),
          ("scale-armour", "Scale Armour", "armour"), ("cosmic-key", "Cosmic Key", "trinket")]  # fmt: skip
_MAPS = ["castle-grayskull-first-game", "snake-mountain", "vine-jungle", "eternian-palace"]


def _pick_force(rng: random.Random, faction: tuple) -> list[tuple[str, str, str, float]]:
    return rng.sample(faction[2], k=rng.choice((3, 3, 4)))


def synthetic_verdict(rng: random.Random, *, names: tuple[str, str], edge: float, late: bool) -> dict:
    """One seeded random game's verdict: see ``GamePlugin.synthetic_verdict``."""
    n1, n2 = names
    pack = f"bg-core-starter@{'0.2.0' if late else '0.1.0'}"
    roster = _ROSTER
    f1 = rng.choice(roster)
    f2 = rng.choice([f for f in roster if f is not f1] or roster)
    force1, force2 = _pick_force(rng, f1), _pick_force(rng, f2)
    first = rng.choice(("p1", "p2"))
    edge += sum(c[3] for c in force1) - sum(c[3] for c in force2)
    edge += 0.04 if first == "p1" else -0.04
    winner = "p1" if rng.random() < 0.5 + edge else "p2"
    if rng.random() < 0.06:
        winner = None  # a draw
    rounds = rng.choice((2, 3, 4, 4, 4))  # BG-5.1: at most four; fewer when a game ends early
    ended_by = "rounds"
    if winner and rng.random() < 0.25:
        ended_by = rng.choice(("knockout", "knockout", "concession"))
    elif winner is None and rng.random() < 0.3:
        ended_by = "agreed-draw"
    if ended_by == "rounds":
        rounds = 4  # BG-5.1: a game played out lasts four rounds
    randomness = "recorded" if rng.random() < 0.7 else "seeded"
    map_id = rng.choice(_MAPS)
    objectives_available = 5
    sides = {}
    for pid, name, faction, force in (("p1", n1, f1, force1), ("p2", n2, f2, force2)):
        won = winner == pid
        claimed = min(objectives_available, rng.randint(0, 2) + (2 if won else 0))
        vp_obj = 10 * claimed
        vp_mis = rng.choice((0, 0, 10, 20)) + (10 if won else 0)
        kos = {}
        for character in force:
            if rng.random() < (0.15 if won else 0.35):
                kos[character[0]] = rng.randint(1, rounds)
        weapons = {
            c[0]: [
                (
                    f"{c[0]}-weapon",
                    f"{c[1]}'s weapon",
                    c[2],
                    (a := rng.randint(1, rounds + 1)),
                    (s := rng.randint(0, 2 * a)),
                    (w := rng.randint(0, s)),
                    1 if w >= 3 and rng.random() < 0.4 else 0,
                )
            ]
            for c in force
        }
        items = {c[0]: [rng.choice(_ITEMS) + (rng.randint(0, 2),)] for c in force if rng.random() < 0.5}
        tests = []
        if randomness == "recorded":
            for c in force:
                for kind, stat, p in (("attack", "strength", 0.5), ("defence", "toughness", 1 / 3)):
                    n = rng.randint(1, 4)
                    dice = n * rng.randint(2, 5)
                    successes = sum(rng.random() < p for _ in range(dice))
                    tests.append((c[0], kind, stat, n, dice, successes, round(dice * p, 2)))
        sides[pid] = Side(
            name=name,
            faction=faction[0],
            faction_name=faction[1],
            force=[c[0] for c in force],
            names={c[0]: c[1] for c in force},
            vp=(vp_obj, vp_mis, 0),
            weapons=weapons,
            items=items,
            tests=tests,
            knocked_out=kos,
            objectives_claimed=claimed,
        )
    # Knock-out VP: 10 per enemy character knocked out.
    for pid, other in (("p1", "p2"), ("p2", "p1")):
        o, m, _ = sides[pid].vp
        sides[pid].vp = (o, m, 10 * len(sides[other].knocked_out))
    stats = build_statistics(
        sides["p1"],
        sides["p2"],
        winner=winner,
        first_player=first,
        game=GAME_ID,
        rounds_played=rounds,
        ended_by=ended_by,
        map=map_id,
        randomness=randomness,
        content_pack=pack,
        objectives_available=objectives_available,
    )
    return build_verdict(stats)
