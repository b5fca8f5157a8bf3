"""Hoplomachus: Remastered — the ruleset (spec: shared/rules/hoplomachus.md, HR-…).

Layers, each importing only the ones before it (no import circle):
content → arena, state, dice → queries, rivals → effects → actions → rival_actions, titan, legal → flow →
replay → this module → simulator. State is plain data (state.py); pending decisions are dicts dispatched by
their ``kind`` (actions.PENDING and the replay's table), never stored functions.
"""

from __future__ import annotations

from pathlib import Path

from engine.core.content import resolve_pack
from engine.core.errors import UnreadableLog
from engine.core.logfile import validate_header
from engine.core.randomness import SeededStream
from engine.core.registry import Ending, GameInfo, Mode, ResultSchema, SeatModel
from engine.games.hoplomachus.arena import Arena
from engine.games.hoplomachus.content import (
    CONTENT_DIR,
    DEFAULT_PACK,
    GAME_ID,
    LOG_SCHEMA,
    STATISTICS_SCHEMA,
    Content,
    content_for,
    load_pack,
)
from engine.games.hoplomachus.dice import Dice
from engine.games.hoplomachus.flow import MODES, NOT_YET
from engine.games.hoplomachus.options import resolve_options
from engine.games.hoplomachus.replay import Game

# Bump whenever a verdict could change for the same log of this game: its logs are verified again.
RULESET_VERSION = "hr-0.4.0"
RULES_VERSIONS = ("1.0",)

_ARENAS: dict[tuple[str, str], Arena] = {}


def arena_for(content: Content, arena_id: str) -> Arena:
    key = (content.sha256, arena_id)
    if key not in _ARENAS:
        if len(_ARENAS) >= 16:
            _ARENAS.pop(next(iter(_ARENAS)))
        _ARENAS[key] = Arena(content.arenas[arena_id])
    return _ARENAS[key]


class HoplomachusRuleset:
    game_id = GAME_ID

    def start(self, doc: dict, *, content_pack: dict | None = None, author=None) -> Game:
        validate_header(doc, LOG_SCHEMA, rule="LOG-2.1")  # plain type tests; validate words any error
        if doc["rules_version"] not in RULES_VERSIONS:
            raise UnreadableLog(
                "rules version {rules_version!r} is not supported (this engine knows 1.0)",
                rules_version=doc["rules_version"],
                rule="LOG-2.1",
                path="/rules_version",
            )
        mode = doc["setup"]["mode"]
        if mode in NOT_YET:
            raise UnreadableLog(
                (
                    "mode {mode} is not supported by this engine version yet; the log is stored and will be "
                    "verified once it is"
                ),
                mode=mode.capitalize(),
                rule="LOG-3.6",
                path="/setup/mode",
            )
        pack_doc, digest = resolve_pack(CONTENT_DIR, doc["content_pack"], content_pack)
        content = content_for(pack_doc, digest)
        arena_id = content.lookup("arenas", doc["setup"]["arena"], path="/setup/arena")
        if arena_id not in MODES[mode][1]:
            raise UnreadableLog(
                "/setup/arena: {mode} is played in {modes} (HR-12)",
                mode=mode.capitalize(),
                modes=" or ".join(MODES[mode][1]),
                rule="LOG-2.2",
                path="/setup/arena",
            )
        options = resolve_options(doc.get("options"))
        stream = None
        randomness = doc["randomness"]
        if randomness["mode"] == "seeded":
            stream = SeededStream(randomness["seed"], randomness["commitment"])
        return Game(doc, content, arena_for(content, arena_id), options, Dice(content, stream, author), mode)

    def simulate(self, seed: int, *, randomness: str = "seeded", **options) -> dict:
        from engine.games.hoplomachus.simulator import simulate

        return simulate(self, seed, randomness=randomness, **options)

    def table_options(self, pack=None) -> dict:
        from engine.games.hoplomachus.table import table_options

        return table_options(pack)

    def new_header(self, **choices) -> dict:
        from engine.games.hoplomachus.table import new_header

        return new_header(self, **choices)


RULESET = HoplomachusRuleset()


_HERE = Path(__file__).resolve().parent

GAME = GameInfo(
    id=GAME_ID,
    name="Hoplomachus: Remastered",
    ruleset_version=RULESET_VERSION,
    seats=SeatModel(  # HR-12
        min_seats=1,
        max_seats=4,
        modes=(
            Mode("skirmish", "Skirmish", 2),
            Mode("pandemonium", "Pandemonium, each for themselves", 4),
            Mode("alliance", "Alliance, two teams of two", 4, teams=(2, 2)),
            Mode("assault", "Assault against the immortals (solo or co-op)", 1, against_game=True),
            Mode("ascension", "Ascension against a titan (solo or co-op)", 1, against_game=True),
        ),
    ),
    result_schema=ResultSchema(
        score_label="Favour",
        components=(
            ("favour", "Crowd favour"),
            ("units_defeated", "Units defeated"),
            ("immortals_defeated", "Immortals defeated"),
        ),
        endings=(  # HR-11.1: an objective or a forfeit ends the game; crowd favour does not decide it
            Ending("objective", "Objective met", "HR-11.1.1", outcomes=("win", "all-lose")),
            Ending("forfeit", "Forfeit", "HR-11.1.2"),
        ),
    ),
    statistics_schema=STATISTICS_SCHEMA,
    rules_index_file=_HERE / "rules_index.json",
    rules_explanations_file=_HERE / "rules_explained.json",
    rule_prefix="HR",
    ruleset=RULESET,
    content_loader=load_pack,
    content_dir=CONTENT_DIR,
    default_pack=DEFAULT_PACK,
    coverage_notes_file=_HERE / "coverage_notes.json",
    spec="shared/rules/hoplomachus.md",
    aliases=("hoplomachus",),
    short_name="Hoplomachus",
    lettered_rule_kinds=("WE", "DV", "CF", "AMB"),
    bare_lettered_rule_ids=True,
)
