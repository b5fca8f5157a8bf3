"""``arbiter upload FILE --server URL --token T [--wait]`` — send a log to an Arbiter server.

Uses only the standard library (urllib). Prints the log's id, state and page; with ``--wait``
follows it until the worker's verdict is in and prints that. Exit status: 0 accepted (with
--wait: legal), 1 illegal or unreadable, 2 refused by the server or unreachable.
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

USER_AGENT = "arbiter-cli/0.1.0"


def register(subparsers) -> None:
    parser = subparsers.add_parser("upload", help="upload a game log to an Arbiter server for verification")
    parser.add_argument("file", type=Path, help="the log file (JSON)")
    add_server_options(parser, "API token (default $ARBITER_TOKEN); get one with POST /api/auth/token/")
    parser.add_argument("--wait", action="store_true", help="wait for the verdict and print it")
    parser.add_argument(
        "--timeout", type=float, default=120, help="seconds to wait with --wait (default 120)"
    )
    parser.set_defaults(handler=run)


def add_server_options(  # nosec B107 - help text, not a password
    parser, token_help: str = "API token (default $ARBITER_TOKEN); get one with POST /api/auth/token/"
) -> None:
    """--server and --token, from $ARBITER_SERVER and $ARBITER_TOKEN by default (every command)."""
    parser.add_argument(
        "--server",
        default=os.environ.get("ARBITER_SERVER", "http://127.0.0.1:8000"),
        help="server base URL (default $ARBITER_SERVER or http://127.0.0.1:8000)",
    )
    parser.add_argument("--token", default=os.environ.get("ARBITER_TOKEN"), help=token_help)


class ServerError(Exception):
    def __init__(self, status: int, body: dict | None, text: str):
        error = (body or {}).get("error") or {}
        super().__init__(error.get("message") or text or f"HTTP {status}")
        self.status = status
        self.code = error.get("code")


def request_json(url: str, token: str, *, data: bytes | None = None, timeout: float = 30) -> tuple[int, dict]:
    headers = {"Authorization": f"Token {token}", "Accept": "application/json", "User-Agent": USER_AGENT}
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(
        url, data=data, headers=headers, method="POST" if data is not None else "GET"
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:  # nosec B310 - the URL is the user's own --server on their machine
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        text = exc.read().decode("utf-8", "replace")
        try:
            body = json.loads(text)
        except ValueError:
            body = None
        raise ServerError(exc.code, body, text[:200]) from None


def upload(path: Path, server: str, token: str) -> tuple[int, dict]:
    """POST the file's bytes, unchanged, to /api/logs/. Returns (HTTP status, body)."""
    return request_json(server.rstrip("/") + "/api/logs/", token, data=path.read_bytes())


def wait_for_verdict(url: str, token: str, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        _, body = request_json(url, token)
        if body.get("final") or time.monotonic() > deadline:
            return body
        time.sleep(1)


def run(args) -> int:
    if not args.token:
        print("arbiter upload: no token; pass --token or set ARBITER_TOKEN", file=sys.stderr)
        return 2
    if not args.file.is_file():
        print(f"arbiter upload: {args.file}: no such file", file=sys.stderr)
        return 2
    try:
        status, body = upload(args.file, args.server, args.token)
        note = " (already uploaded)" if body.get("duplicate") else ""
        print(f"log {body['id']}: {body['state']}{note}")
        print(f"page: {body['page_url']}")
        if not args.wait:
            return 0
        body = wait_for_verdict(body["url"], args.token, args.timeout)
    except ServerError as exc:
        print(
            f"arbiter upload: refused ({exc.status}{', ' + exc.code if exc.code else ''}): {exc}",
            file=sys.stderr,
        )
        return 2
    except (urllib.error.URLError, OSError) as exc:
        print(f"arbiter upload: cannot reach {args.server}: {exc}", file=sys.stderr)
        return 2
    if not body.get("final"):
        print(f"still {body['state']} after {args.timeout:.0f}s")
        return 1
    print(body["summary"])
    return 0 if body["state"] == "legal" else 1
