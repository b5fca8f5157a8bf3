"""Command line for the engine: ``python -m engine verify|next|simulate|rules-coverage`` (also ``arbiter …``).

Exit codes of ``verify``: 0 legal, 1 illegal, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.core import registry
from engine.core.logfile import MAX_LOG_BYTES
from engine.simulate import simulate
from engine.verify import verify
from engine.version import ENGINE_VERSION

EXIT = {"legal": 0, "illegal": 1, "unreadable": 2}


def game_aliases() -> dict[str, str]:
    """Names a person may type for each registered game: its id, its aliases, its short name."""
    out = {}
    for info in registry.games():
        for name in (info.id, *info.aliases, info.short_name.lower().replace(" ", "-")):
            if name:
                out.setdefault(name, info.id)
    return out


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register the engine's subcommands on an argparse subparsers object (shared with ``arbiter``)."""
    v = sub.add_parser("verify", help="verify a game log and print the verdict")
    v.add_argument("file", help="path to the log (JSON), or - for standard input")
    v.add_argument("--json", action="store_true", help="print the verdict as JSON")
    v.add_argument("--pack", help="a content pack file to use instead of the built-in one the log names")
    v.set_defaults(handler=cmd_verify)

    n = sub.add_parser("next", help="what the game awaits after a log's last event, with an example of each")
    n.add_argument("file", help="path to the log (JSON), or - for standard input")
    n.add_argument("--json", action="store_true", help="print the answer as JSON")
    n.add_argument("--pack", help="a content pack file to use instead of the built-in one the log names")
    n.set_defaults(handler=cmd_next)

    s = sub.add_parser("simulate", help="write a complete, legal, random game log (labelled simulated)")
    # No default: which game is "first" depends on what is installed; argparse lists the choices.
    s.add_argument(
        "--game", required=True, choices=sorted(game_aliases()), help="a registered game (id or short name)"
    )
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--randomness", choices=("seeded", "recorded"), default="seeded")
    s.add_argument("--out", help="file to write (default: standard output)")
    s.set_defaults(handler=cmd_simulate)

    c = sub.add_parser(
        "rules-coverage", help="list every rule id with the tests that cite it, or why none do"
    )
    c.add_argument("game", choices=sorted(game_aliases()), help="a registered game (id or short name)")
    c.add_argument("--tests", default="tests", help="the tests folder to scan (default: tests)")
    c.add_argument("--spec", help="read the rule ids from this specification file instead of the rules index")
    c.add_argument("--json", action="store_true")
    c.set_defaults(handler=cmd_coverage)


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
    p = Path(path)
    with p.open("rb") as fh:  # read one byte past the cap so the engine can name the limit
        return fh.read(MAX_LOG_BYTES + 1)


def cmd_verify(args) -> int:
    try:
        data = _read(args.file)
    except OSError as exc:
        print(f"UNREADABLE — cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    pack = None
    if args.pack:
        try:
            pack = json.loads(Path(args.pack).read_text("utf-8"))
        except (OSError, ValueError) as exc:
            print(f"UNREADABLE — cannot read content pack {args.pack}: {exc}", file=sys.stderr)
            return 2
    verdict = verify(data, content_pack=pack)
    print(verdict.to_json() if args.json else verdict.summary())
    return EXIT[verdict.status]


def cmd_next(args) -> int:
    from engine.core.errors import UnreadableLog
    from engine.session import next_events

    try:
        data = _read(args.file)
        pack = json.loads(Path(args.pack).read_text("utf-8")) if args.pack else None
    except (OSError, ValueError) as exc:
        print(f"UNREADABLE — cannot read {args.pack if args.pack else args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        answer = next_events(data, content_pack=pack)
    except UnreadableLog as exc:
        print(f"UNREADABLE — {exc.message} ({exc.rule})", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(answer, indent=1, ensure_ascii=False))
        return 0
    print(format_next(answer))
    return 0


def format_next(answer: dict) -> str:
    """``next_events``'s answer for a person writing the log by hand."""
    lines = []
    err = answer["error"]
    if err is not None:
        where = "the header" if err["event_index"] is None else f"event {err['event_index']}"
        lines.append(f"{where} is refused ({err['rule']}): {err['message']}")
    n = answer["events_applied"]
    lines.append(f"after {n} event{'s' if n != 1 else ''}:")
    if answer["over"]:
        lines.append("  the game is over: nothing more may be logged")
        return "\n".join(lines)
    aw = answer["awaits"]
    if aw is not None:
        lines.append(f"  awaiting {aw['what']}" + (f" ({aw['rule']})" if aw["rule"] else ""))
    if answer["to_act"]:
        lines.append(f"  to act: {', '.join(answer['to_act'])}")
    lines.append("  may be logged next:")
    for alt in answer["alternatives"]:
        ways = f" ({alt['count']} ways)" if alt["count"] > 1 else ""
        lines.append(f"    {alt['type']}{ways}: {alt['text']}")
        lines.append(f"      e.g. {json.dumps(alt['example'], ensure_ascii=False)}")
    return "\n".join(lines)


def cmd_simulate(args) -> int:
    try:
        log = simulate(game_aliases()[args.game], args.seed, randomness=args.randomness)
    except Exception as exc:  # e.g. a game without a ruleset yet
        message = getattr(exc, "message", None) or str(exc)
        print(f"cannot simulate {args.game}: {message}", file=sys.stderr)
        return 2
    text = json.dumps(log, indent=1, ensure_ascii=False) + "\n"
    if args.out:
        Path(args.out).write_text(text, "utf-8")
        print(
            f"wrote {args.out}: {len(log['events'])} events, seed {args.seed}, {args.randomness} randomness"
        )
    else:
        sys.stdout.write(text)
    return 0


def cmd_coverage(args) -> int:
    from engine.core.coverage import format_report, game_report

    info = registry.game(game_aliases()[args.game])
    try:
        rows = game_report(info, Path(args.tests), spec=args.spec)
    except (OSError, ValueError) as exc:
        print(f"cannot read the rules of {info.label}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(rows, indent=1) if args.json else format_report(rows, info.label))
    return 1 if any(r["status"] == "MISSING" for r in rows) else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description=f"Arbiter rules engine {ENGINE_VERSION}"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    add_commands(sub)
    args = parser.parse_args(argv)
    return args.handler(args)
