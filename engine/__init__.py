"""Arbiter rules engines: replay a game log event by event and decide whether it is legal.

Public API (the platform imports only these names from ``engine``)::

    verify(log, *, content_pack=None, progress=None) -> Verdict   # never raises on bad input
    simulate(game, seed, *, randomness="seeded", **options) -> dict  # a legal simulated log
    parse_log(data) -> dict                 # the envelope checks only; raises UnreadableLog
    commitment_for(seed_hex) -> str         # the published commitment of a seed: SHA-256 of its bytes (LOG-4)
    Verdict, Violation, UnreadableLog       # what verify returns; what parse_log raises
    IllegalEvent                            # what a refused event raises (rule id + reason)

    games() -> list[GameInfo]               # every registered game, by id
    game(game_id) -> GameInfo               # raises GameNotAvailable (an UnreadableLog and LookupError)
    register(info) / unregister(game_id)    # a plugin (or a test's toy game) adds a game at run time
    GameInfo, SeatModel, Mode, ResultSchema # the registry's records

    ENGINE_VERSION, LOG_FORMAT_VERSION, GAME_IDS, RULESET_VERSIONS, ruleset_version(game)

    session.start(doc) -> Replay            # play or watch one event at a time (engine/session.py):
    session.step(replay, event), session.board(replay), session.walk(log)

A GameInfo carries, for its game: ``name``, ``ruleset_version``, ``seats`` (min/max seats, modes with
their seat counts and teams, against the game or not), ``result_schema`` (the score's label and each
score component with its label), ``statistics_schema`` (path of a versioned JSON Schema;
``validate_statistics(stats) -> [problems]``), ``rules_index`` ({rule id: title, kind, explanation, provisional}),
and the hooks ``content_loader(pack=None)``, ``check_force(pack, force, *, points_limit=None) ->
[problems]`` and ``compare_with_list(log_header, {player id: registered list}, *, pack=None) ->
[differences]``. A verification is keyed by (``Verdict.log_sha256``, ``Verdict.ruleset_version``,
``Verdict.content_pack["sha256"]``), ``Verdict.verification_key``.

The engine imports nothing from Django, Celery or the network: same log, same ruleset version,
same verdict, byte for byte.
"""

from engine import session
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.randomness import commitment_for
from engine.core.verdict import Verdict, Violation
from engine.simulate import simulate
from engine.verify import parse_log, verify
from engine.version import ENGINE_VERSION, GAME_IDS, LOG_FORMAT_VERSION, RULESET_VERSIONS, ruleset_version

# isort: split
# Last: the subpackage engine.games is loaded by now, so the name ``engine.games`` stays the function
# (import the package itself with ``from engine.games import …``).
from engine.core.registry import (
    GameInfo,
    GameNotAvailable,
    Mode,
    ResultSchema,
    SeatModel,
    game,
    games,
    register,
    unregister,
)

__all__ = [
    "ENGINE_VERSION",
    "GAME_IDS",
    "LOG_FORMAT_VERSION",
    "RULESET_VERSIONS",
    "GameInfo",
    "GameNotAvailable",
    "IllegalEvent",
    "Mode",
    "ResultSchema",
    "SeatModel",
    "UnreadableLog",
    "Verdict",
    "Violation",
    "commitment_for",
    "game",
    "games",
    "parse_log",
    "register",
    "ruleset_version",
    "session",
    "simulate",
    "unregister",
    "verify",
]
