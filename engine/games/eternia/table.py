"""A new Fields of Eternia game at the table: the choices a recorder offers (the team game, the
competitive skirmish or the solo game against the game, each with its scenarios, the heroes of each team,
mounted heroes, the solo difficulties, the optional modules) and the log header they make. The team game:
two teams of three heroes, each of one to three players sharing its heroes out (FE-2.1, FE-4.1); the
skirmish: two players, one a team (FE-19); solo, one phone leads the scenario's team against
the game (FE-18.1): one player controlling the three heroes, or in co-op two or three players sharing
them, each controlling one or more (FE-18.1.2)."""

from __future__ import annotations

from engine.core.content import builtin_pack
from engine.core.randomness import commitment_for
from engine.games.eternia.content import CONTENT_DIR, DEFAULT_PACK
from engine.games.eternia.options import DEFAULTS
from engine.games.eternia.solo import LEVELS
from engine.version import LOG_FORMAT_VERSION

MODES = ("standard", "skirmish", "solo")  # FE-2, FE-19 and FE-18 (one team of players against the game)
TEAM_SIZE = 3  # FE-4.1.1
COOP_PLAYERS = 3  # FE-18.1.2: in co-op up to 3 players share the team's heroes
OPTION_NAMES = {
    "faster_combat": "Faster combat (FE-12.1)",
    "initiative_matters": "Initiative matters (FE-12.2)",
    "initiative_matters_heroes_only": "Initiative matters, heroes only (AMB-30)",
    "stronger_together": "Stronger together (FE-12.3)",
    "power_dice": "Power dice (FE-13)",
}


def _pack(pack):
    return builtin_pack(CONTENT_DIR, pack or DEFAULT_PACK)


def table_options(pack=None) -> dict:
    """``{"modes", "scenarios", "factions", "heroes", "mounted", "options"}`` of a content pack; ``mounted``:
    the pack's mounted heroes (FE-4.1.8, FE-19.4.1), each fielded instead of its ``hero``."""
    doc, _ = _pack(pack)
    faction_of = {h["id"]: h["faction"] for h in doc["heroes"]}
    names = {
        "standard": "Team game: two teams of three heroes",
        "skirmish": "Competitive skirmish",
        "solo": "Solo against the game (FE-18)",
    }
    return {
        "modes": [{"id": m, "name": names[m]} for m in MODES],
        "scenarios": [
            {
                "id": k,
                "name": v.get("name", k),
                "mode": v.get("mode", "standard"),
                "player_faction": v.get("player_faction", ""),
            }
            for k, v in doc["scenarios"].items()
            if v.get("mode", "standard") in MODES
        ],
        "factions": [{"id": f, "name": v.get("name", f)} for f, v in doc["factions"].items()],
        "heroes": [{"id": h["id"], "name": h["name"], "faction": h["faction"]} for h in doc["heroes"]],
        "mounted": [
            {
                "id": m["id"],
                "name": m.get("name", m["id"]),
                "hero": m["hero"],
                "faction": faction_of[m["hero"]],
            }
            for m in doc.get("mounted_heroes", [])
            if m.get("hero") in faction_of
        ],
        "options": [{"id": k, "name": OPTION_NAMES.get(k, k)} for k in DEFAULTS],
        "difficulties": list(LEVELS),  # FE-18: solo's levels, easiest first
    }


def new_header(
    *,
    players: list[dict],
    first_player: str = "p1",
    seed_hex: str | None = None,
    placement: int = 0,
    pack: str | None = None,
    mode: str = "standard",
    scenario: str | None = None,
    options: dict | None = None,
    free_heroes: bool = False,
    difficulty: str | None = None,
) -> dict:
    """The header of a new game. ``players``: ``{"name", "faction", "force": [hero ids]}`` in seat order:
    in the team game two teams (factions) of one to three players each, see ``_split_teams`` (FE-2.1);
    in the skirmish two, each with the three heroes of their team; ``first_player``'s team starts (FE-4.2.5); ``seed_hex`` makes it seeded (commitment
    only), None recorded. ``free_heroes`` (skirmish only, FE-19.3.1) lets a team field any heroes. Solo
    (FE-18): one player with the three heroes, or a co-op team of two or three players of the one
    faction, each with the heroes they control (one or more; three in all, FE-18.1.2), at
    ``difficulty`` (default the easiest)."""
    doc, digest = _pack(pack)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    scenarios = [k for k, v in doc["scenarios"].items() if v.get("mode", "standard") == mode]
    scenario = scenario or scenarios[0]
    if scenario not in scenarios:
        raise ValueError(f"{scenario!r} is not a {mode} scenario")
    if mode == "standard":
        players = _split_teams(players)
    seats = [
        {"id": f"p{i + 1}", "name": p["name"], "faction": p["faction"], "force": list(p["force"])}
        for i, p in enumerate(players)
    ]
    if mode == "solo":
        _check_coop(seats)
    elif mode == "skirmish":
        for p in seats:
            if len(p["force"]) != TEAM_SIZE or len(set(p["force"])) != TEAM_SIZE:
                raise ValueError(f"each team fields {TEAM_SIZE} different heroes (FE-4.1.1)")
        if len({p["faction"] for p in seats}) != len(seats):
            raise ValueError("each player leads a different team")
        if len(seats) != 2:
            raise ValueError("the skirmish has two players, one a team")
    if mode == "solo":
        own = doc["scenarios"][scenario].get("player_faction")
        if own and seats[0]["faction"] != own:
            raise ValueError(
                f"this solo scenario is played by {doc['factions'][own].get('name', own)} (FE-18.1.2)"
            )
        if (difficulty or LEVELS[0]) not in LEVELS:
            raise ValueError(f"the difficulty is one of {', '.join(LEVELS)} (FE-18)")
    starting = next((p["faction"] for p in seats if p["id"] == first_player), None)
    if starting is None:
        raise ValueError("the first player is one of the players")
    setup: dict = {"scenario": scenario, "starting_team": starting}
    if mode != "standard":
        setup["mode"] = mode
    if free_heroes and mode == "skirmish":
        setup["free_heroes"] = True
    if mode == "solo":
        setup["difficulty"] = difficulty or "beginner"
    head = {
        "format": "arbiter-log",
        "format_version": LOG_FORMAT_VERSION,
        "game": "motu-fields-of-eternia",
        "rules_version": "1.0",
        "content_pack": {"id": doc["pack"]["id"], "version": doc["pack"]["version"], "sha256": digest},
        "simulated": False,
        "players": seats,
        "setup": setup,
        "randomness": {"mode": "seeded", "commitment": commitment_for(seed_hex)}
        if seed_hex is not None
        else {"mode": "recorded"},
    }
    chosen = {k: True for k, v in (options or {}).items() if v}
    if chosen:
        head["options"] = chosen
    return head


def _check_coop(seats: list[dict]) -> None:
    """Solo or co-op (FE-18.1.2): one team of one to three players, each controlling one or more of
    its three different heroes; ValueError says what is wrong."""
    if not 1 <= len(seats) <= COOP_PLAYERS:
        raise ValueError(f"a solo or co-op game has one to {COOP_PLAYERS} players (FE-18.1.2)")
    if len({p["faction"] for p in seats}) != 1:
        raise ValueError("in solo and co-op every player is on the one team against the game (FE-18.1.2)")
    if any(not p["force"] for p in seats):
        raise ValueError("each co-op player controls one or more of the team's heroes (FE-18.1.2)")
    heroes = [h for p in seats for h in p["force"]]
    if len(heroes) != TEAM_SIZE or len(set(heroes)) != TEAM_SIZE:
        raise ValueError(
            f"the team fields {TEAM_SIZE} different heroes, each controlled by one player (FE-18.1.2, FE-4.1.1)"
        )


def _split_teams(players: list[dict]) -> list[dict]:
    """The team game's players, each with the heroes they control (FE-2.1): two teams (factions) of one
    to three players; each team fields three different heroes (FE-4.1.1) and each of its players controls
    one or more of them. A team's players either all list their heroes, or only its first player lists
    the team's three and the others list none (no ``force``, or None): the heroes are then dealt in turn
    in seat order, the first hero to the team's first player, the next to the second, and so on (two
    players: the first controls the 1st and 3rd heroes, the second the 2nd). ValueError says what is
    wrong, with the rule."""
    teams: dict[str, list[dict]] = {}
    for p in players:
        teams.setdefault(p["faction"], []).append(p)
    if len(teams) != 2:
        raise ValueError(f"the team game has two teams, each of one to {TEAM_SIZE} players (FE-2.1)")
    dealt: dict[int, list[str]] = {}
    for members in teams.values():
        if len(members) > TEAM_SIZE:
            raise ValueError(
                f"a team has one to {TEAM_SIZE} players, each controlling one or more of its "
                f"{TEAM_SIZE} heroes (FE-2.1); this one has {len(members)}"
            )
        forces = [p.get("force") for p in members]
        if len(members) > 1 and forces[0] is not None and all(f is None for f in forces[1:]):
            team = list(forces[0])
            if len(team) != TEAM_SIZE or len(set(team)) != TEAM_SIZE:
                raise ValueError(f"each team fields {TEAM_SIZE} different heroes (FE-4.1.1)")
            for k, p in enumerate(members):
                dealt[id(p)] = team[k :: len(members)]
            continue
        for p, force in zip(members, forces, strict=True):
            if not force:
                raise ValueError(
                    f"{p['name']} controls no hero: every player controls one or more of the team's "
                    f"{TEAM_SIZE} heroes (FE-2.1)"
                )
        heroes = [h for f in forces for h in f]
        if len(heroes) != TEAM_SIZE or len(set(heroes)) != TEAM_SIZE:
            raise ValueError(
                f"each team fields {TEAM_SIZE} different heroes, each controlled by one of its players "
                "(FE-4.1.1, FE-2.1)"
            )
    return [{**p, "force": dealt.get(id(p), p.get("force"))} for p in players]
