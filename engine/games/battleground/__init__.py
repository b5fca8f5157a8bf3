"""Masters of the Universe: Battleground — the ruleset (spec: shared/rules/battleground.md, BG-…)."""

from __future__ import annotations

from pathlib import Path

from engine.core.content import resolve_pack
from engine.core.errors import UnreadableLog
from engine.core.logfile import validate_header
from engine.core.randomness import SeededStream
from engine.core.registry import Ending, GameInfo, Mode, ResultSchema, SeatModel
from engine.games.battleground.board import board_for
from engine.games.battleground.content import (
    CONTENT_DIR,
    DEFAULT_PACK,
    LOG_SCHEMA,
    STATISTICS_SCHEMA,
    load_content,
    load_pack,
)
from engine.games.battleground.dice import Dice
from engine.games.battleground.forces import check_force, check_list
from engine.games.battleground.list_compare import compare_with_list
from engine.games.battleground.options import resolve_options
from engine.games.battleground.replay import Game

GAME_ID = "motu-battleground"
# Bump whenever a verdict could change for the same log of this game: its logs are verified again.
RULESET_VERSION = "bg-1.2.0"


class BattlegroundRuleset:
    game_id = GAME_ID

    def start(self, doc: dict, *, content_pack: dict | None = None, author=None) -> Game:
        # The header is checked here; each event is checked as it is applied (replay.Game.apply), which
        # keeps one pass over the events instead of two.
        validate_header(doc, LOG_SCHEMA, rule="LOG-2.1")
        pack_doc, digest = resolve_pack(CONTENT_DIR, doc["content_pack"], content_pack)
        content = load_content(pack_doc, digest)
        options = resolve_options(doc.get("options"))
        map_id = content.lookup("maps", doc["setup"]["map"], path="/setup/map")
        board = board_for(content, map_id)
        randomness = doc["randomness"]
        stream = None
        if randomness["mode"] == "seeded":
            stream = SeededStream(randomness["seed"], randomness["commitment"])
        if doc["rules_version"] != "1.0":
            raise UnreadableLog(
                "rules version {rules_version!r} is not supported (this engine knows 1.0)",
                rules_version=doc["rules_version"],
                rule="LOG-2.1",
                path="/rules_version",
            )
        return Game(
            doc,
            content,
            board,
            options,
            Dice(stream, author, explosions_automatic=options["explosions_automatic"]),
        )

    def simulate(self, seed: int, *, randomness: str = "seeded", **options) -> dict:
        from engine.games.battleground.simulator import simulate

        return simulate(self, seed, randomness=randomness, **options)

    def table_options(self, pack=None) -> dict:
        from engine.games.battleground.table import table_options

        return table_options(pack)

    def new_header(self, **choices) -> dict:
        from engine.games.battleground.table import new_header

        return new_header(self, **choices)


RULESET = BattlegroundRuleset()


_HERE = Path(__file__).resolve().parent

GAME = GameInfo(
    id=GAME_ID,
    name="Masters of the Universe: Battleground",
    ruleset_version=RULESET_VERSION,
    seats=SeatModel(min_seats=2, max_seats=2, modes=(Mode("standard", "Two-player skirmish", 2),)),  # BG-1.1
    result_schema=ResultSchema(  # BG-7.5
        score_label="VP",
        components=(("objectives", "Objectives"), ("missions", "Missions"), ("knockouts", "Knock-outs")),
        endings=(  # BG-7.4: on VP only a lead of 20 wins; a knockout or a concession wins whatever the VP
            Ending("vp", "On VP after round 4", "BG-7.4.3", outcomes=("win", "draw"), margin=20),
            Ending("knockout", "Knockout", "BG-7.4.2", outcomes=("win", "draw")),
            Ending("concession", "Concession", "BG-7.4.5"),
            Ending("agreed-draw", "Agreed draw", "BG-7.4.5", outcomes=("draw",)),
        ),
    ),
    statistics_schema=STATISTICS_SCHEMA,
    rules_index_file=_HERE / "rules_index.json",
    rules_explanations_file=_HERE / "rules_explained.json",
    rule_prefix="BG",
    ruleset=RULESET,
    content_loader=load_pack,
    check_force=check_force,
    check_list=check_list,
    compare_with_list=compare_with_list,
    content_dir=CONTENT_DIR,
    default_pack=DEFAULT_PACK,
    coverage_notes_file=_HERE / "coverage_notes.json",
    spec="shared/rules/battleground.md",
    aliases=("battleground",),
    short_name="Battleground",
    lettered_rule_kinds=("EX", "AMB", "DIS"),
    section_rules=("7.1", "8.2"),  # subsections whose numbered steps carry no ids of their own
)
