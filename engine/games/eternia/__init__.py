"""Masters of the Universe: Fields of Eternia — the ruleset (spec: shared/rules/eternia.md, FE-…).

Layers, each importing only those before it: content, board, state, chance → queries → effects,
objectives, mounted → soldiers, wild, epic → actions → flow → geometry, narrate → replay → legal, view, simulator.
"""

from __future__ import annotations

from pathlib import Path

from engine.core.content import builtin_pack, pack_hash, resolve_pack
from engine.core.errors import UnreadableLog
from engine.core.logfile import validate_header
from engine.core.randomness import SeededStream
from engine.core.registry import Ending, GameInfo, Mode, ResultSchema, SeatModel
from engine.games.eternia.board import Board
from engine.games.eternia.chance import Chance
from engine.games.eternia.content import (
    CONTENT_DIR,
    DEFAULT_PACK,
    LOG_SCHEMA,
    STATISTICS_SCHEMA,
    Content,
    content_for,
    load_content,
)
from engine.games.eternia.options import resolve_options
from engine.games.eternia.replay import Game

GAME_ID = "motu-fields-of-eternia"
# Bump whenever a verdict could change for the same log of this game: its logs are verified again.
RULESET_VERSION = "fe-0.3.1"
MODES_NOT_YET: dict[str, str] = {}  # every mode of the rulebook is replayed

_BOARDS: dict[str, Board] = {}


def board_for(content: Content) -> Board:
    board = _BOARDS.get(content.sha256)
    if board is None:
        if len(_BOARDS) >= 16:
            _BOARDS.pop(next(iter(_BOARDS)))
        try:
            board = Board(content.map)
        except (ValueError, KeyError, TypeError) as exc:
            raise UnreadableLog("content pack map is malformed: {exc}", exc=exc, rule="LOG-3.5") from None
        _BOARDS[content.sha256] = board
    return board


class EterniaRuleset:
    game_id = GAME_ID

    def start(self, doc: dict, *, content_pack: dict | None = None) -> Game:
        validate_header(doc, LOG_SCHEMA, rule="LOG-2.1")
        mode = doc["setup"].get("mode", "standard")
        if mode in MODES_NOT_YET:
            raise UnreadableLog(("{modes_not_yet} is not supported by this engine version yet; the log is stored and will be " "verified once it is"), modes_not_yet=MODES_NOT_YET[mode], rule="LOG-3.7", path="/setup/mode")  # fmt: skip
        pack_doc, digest = resolve_pack(CONTENT_DIR, doc["content_pack"], content_pack)
        content = content_for(pack_doc, digest)
        options = resolve_options(doc.get("options"))
        randomness = doc["randomness"]
        stream = None
        if randomness["mode"] == "seeded":
            stream = SeededStream(randomness["seed"], randomness["commitment"])
        return Game(doc, content, board_for(content), options, Chance(stream, content.dice))

    def simulate(self, seed: int, *, randomness: str = "seeded", **options) -> dict:
        from engine.games.eternia.simulator import simulate

        return simulate(self, seed, randomness=randomness, **options)

    def table_options(self, pack=None) -> dict:
        from engine.games.eternia.table import table_options

        return table_options(pack)

    def new_header(self, **choices) -> dict:
        from engine.games.eternia.table import new_header

        return new_header(**choices)


RULESET = EterniaRuleset()


def _pack(pack) -> tuple[dict, str]:
    """(document, sha256) of a built-in pack id, a pack document, or the default pack (None)."""
    if isinstance(pack, dict):
        return pack, pack_hash(pack)
    return builtin_pack(CONTENT_DIR, pack or DEFAULT_PACK)


_HERE = Path(__file__).resolve().parent

GAME = GameInfo(
    id=GAME_ID,
    name="Masters of the Universe: Fields of Eternia",
    ruleset_version=RULESET_VERSION,
    seats=SeatModel(
        min_seats=1,
        max_seats=6,
        modes=(
            Mode("standard", "Team game: two teams of three heroes, 1–6 players", 6, teams=(3, 3)),  # FE-2
            Mode("solo", "Solo or co-op against the game", 1, against_game=True),  # FE-18
            Mode("skirmish", "Competitive skirmish", 2),  # FE-19
        ),
    ),
    result_schema=ResultSchema(  # FE-17: VP by source, per team
        score_label="VP",
        components=(
            ("victory_cards", "Victory cards"),
            ("missions", "Missions"),
            ("outposts", "Outposts"),
            ("enemy_heroes", "Enemy heroes defeated"),
            ("epic_beasts", "Epic beasts defeated"),
            ("bosses", "Bosses defeated"),
            ("duel", "Hero duel"),
        ),
        endings=(  # FE-17.1: the most VP wins (ties broken by FE-17.2); a boss left in play: all lose
            Ending("vp", "Most VP after the final round", "FE-17.1", margin=0),
            Ending("boss", "A boss still in play", "FE-17.1", outcomes=("all-lose",)),
        ),
    ),
    statistics_schema=STATISTICS_SCHEMA,
    rules_index_file=_HERE / "rules_index.json",  # generated from the specification: ids, titles, provisional
    rules_explanations_file=_HERE / "rules_explained.json",  # what each id means, written by hand
    rule_prefix="FE",
    ruleset=RULESET,
    content_loader=lambda pack=None: load_content(*_pack(pack)),
    content_dir=CONTENT_DIR,
    default_pack=DEFAULT_PACK,
    coverage_notes_file=_HERE / "coverage_notes.json",
    spec="shared/rules/eternia.md",
    aliases=("eternia",),
    short_name="Fields of Eternia",
    lettered_rule_kinds=("WE", "AMB"),
    bare_lettered_rule_ids=True,
)
