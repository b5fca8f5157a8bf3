"""``arbiter verify | simulate | rules-coverage``: the engine's own commands (engine/cli.py)."""

from __future__ import annotations

from engine.cli import add_commands


def register(subparsers) -> None:
    add_commands(subparsers)
