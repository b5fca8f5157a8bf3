"""Masters of the Universe: Fields of Eternia — the ruleset (spec: shared/rules/eternia.md, FE-…).

Layers, each importing only those before it: content, board, state, chance → queries → effects,
objectives → soldiers, wild, epic → actions → flow → replay → legal, view, simulator.
"""

from __future__ import annotations

from engine.core.content import resolve_pack
from engine.core.errors import UnreadableLog
from engine.core.logfile import validate
from engine.core.randomness import SeededStream
from engine.games.eternia.board import Board
from engine.games.eternia.chance import Chance
from engine.games.eternia.content import Content, load_content
from engine.games.eternia.options import resolve_options
from engine.games.eternia.replay import Game

GAME_ID = "motu-fields-of-eternia"
CONTENT_DIR = "eternia"
DEFAULT_PACK = "fe-core-starter"
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
            raise UnreadableLog(f"content pack map is malformed: {exc}", rule="LOG-3.5") from None
        _BOARDS[content.sha256] = board
    return board


class EterniaRuleset:
    game_id = GAME_ID

    def start(self, doc: dict, *, content_pack: dict | None = None) -> Game:
        validate({k: v for k, v in doc.items() if k != "events"}, "eternia-log", rule="LOG-2.1")
        mode = doc["setup"].get("mode", "standard")
        if mode in MODES_NOT_YET:
            raise UnreadableLog(f"{MODES_NOT_YET[mode]} is not supported by this engine version yet; the log is stored "
                                "and will be verified once it is", rule="LOG-3.7", path="/setup/mode")  # fmt: skip
        pack_doc, digest = resolve_pack(CONTENT_DIR, doc["content_pack"], content_pack)
        content = load_content(pack_doc, digest)
        options = resolve_options(doc.get("options"))
        randomness = doc["randomness"]
        stream = None
        if randomness["mode"] == "seeded":
            stream = SeededStream(randomness["seed"], randomness["commitment"])
        return Game(doc, content, board_for(content), options, Chance(stream, content.dice))

    def simulate(self, seed: int, *, randomness: str = "seeded", **options) -> dict:
        from engine.games.eternia.simulator import simulate

        return simulate(self, seed, randomness=randomness, **options)


RULESET = EterniaRuleset()
