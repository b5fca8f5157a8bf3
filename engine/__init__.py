"""Arbiter rules engines: replay a game log event by event and decide whether it is legal.

Public API (everything else is internal)::

    verify(log, *, content_pack=None) -> Verdict
    simulate(game, seed, *, randomness="seeded", forces=None) -> dict   # a legal simulated log
    parse_log(data) -> dict                                  # envelope checks only
    ENGINE_VERSION, GAME_IDS, RULESET_VERSIONS, ruleset_version(game), Verdict, Violation

The engine imports nothing from Django, Celery or the network: same log, same engine version,
same verdict, byte for byte.
"""

from engine.core.verdict import Verdict, Violation
from engine.simulate import simulate
from engine.verify import parse_log, verify
from engine.version import ENGINE_VERSION, GAME_IDS, LOG_FORMAT_VERSION, RULESET_VERSIONS, ruleset_version

__all__ = [
    "ENGINE_VERSION",
    "GAME_IDS",
    "LOG_FORMAT_VERSION",
    "RULESET_VERSIONS",
    "Verdict",
    "Violation",
    "parse_log",
    "ruleset_version",
    "simulate",
    "verify",
]
