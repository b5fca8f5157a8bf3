"""``arbiter table [--event SLUG] --server URL --token T`` — your table on event day.

Prints, for each running event you play in (or the one named), the round, the table, who you
play, the time left on the round's clock (and when it ends, in this computer's time zone) and the
match page where you report the result or upload the log. Exit status: 0 a table is shown,
1 you have none right now, 2 refused by the server or unreachable.
"""

from __future__ import annotations

import sys
import urllib.error
from datetime import datetime
from urllib.parse import quote

from arbiter_cli.upload import ServerError, add_server_options, request_json


def register(subparsers) -> None:
    parser = subparsers.add_parser("table", help="your table in the current round of the events you play in")
    parser.add_argument("--event", help="an event's slug (default: every running event you play in)")
    add_server_options(parser)
    parser.set_defaults(handler=run)


def describe(table: dict) -> list[str]:
    """The lines printed for one table (the API's my-table shape)."""
    head = f"{table['event_name']}, round {table['round']}"
    if table["bye"]:
        lines = [f"{head}: you have a bye."]
    else:
        against = " and ".join(
            o["name"] + (f" ({o['faction']})" if o["faction"] else "") for o in table["opponents"]
        )
        lines = [f"{head}: table {table['table']} against {against} ({table['state']})."]
    if table["ends_at"]:
        ends = datetime.fromisoformat(table["ends_at"]).astimezone()
        minutes, seconds = divmod(table["seconds_left"], 60)
        left = f"{minutes}:{seconds:02d} left" if table["seconds_left"] else "time is up"
        lines.append(f"  clock: {left} (until {ends:%H:%M} local time)")
    lines.append(f"  match: {table['links']['match']}")
    return lines


def run(args) -> int:
    if not args.token:
        print("arbiter table: no token; pass --token or set ARBITER_TOKEN", file=sys.stderr)
        return 2
    base = args.server.rstrip("/") + "/api/events/"
    try:
        if args.event:
            _, body = request_json(f"{base}{quote(args.event)}/my-table/", args.token)
            tables = [body["table"]] if body.get("table") else []
        else:
            _, tables = request_json(base + "me/tables/", args.token)
    except ServerError as exc:
        print(f"arbiter table: refused ({exc.status}): {exc}", file=sys.stderr)
        return 2
    except (urllib.error.URLError, OSError) as exc:
        print(f"arbiter table: cannot reach {args.server}: {exc}", file=sys.stderr)
        return 2
    if not tables:
        print("You have no table right now: it appears when the organizer publishes the next round.")
        return 1
    for table in tables:
        print("\n".join(describe(table)))
    return 0
