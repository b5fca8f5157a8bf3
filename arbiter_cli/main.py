"""``arbiter`` — one dispatcher, a registry of subcommand modules.

Each module named in COMMANDS defines ``register(subparsers)``, which adds its subparser(s) and
sets ``handler=function(args) -> int`` as the parser default. A module that does not exist (yet)
is skipped, so the list can name commands that are still being written.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = [
    "arbiter_cli.upload",  # arbiter upload FILE --server URL --token T
    "arbiter_cli.table",  # arbiter table [--event SLUG]: my table on event day
    "arbiter_cli.engine_commands",  # verify, next, simulate, rules-coverage (the engine's own commands)
    "arbiter_cli.player",  # arbiter player USERNAME --server URL
]


def load_commands(names=COMMANDS) -> list:
    modules = []
    for name in names:
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise  # the module exists but something it imports is missing: say so
    return modules


def build_parser(names=COMMANDS) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbiter", description="Arbiter: verify tabletop game logs.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in load_commands(names):
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
