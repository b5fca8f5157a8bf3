"""``arbiter verify | next | simulate | rules-coverage``: the engine's own commands (engine/cli.py)."""

from __future__ import annotations

import engine


def register(subparsers) -> None:
    engine.add_cli_commands(subparsers)
