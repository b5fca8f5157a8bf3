"""``arbiter player USERNAME [--server URL] [--token T]`` — a player's profile from a server:
account, rating, events with placings, win rates by faction, uploads; with your own token on
your own username, your dice too. Exit status: 0 shown, 1 no such player, 2 unreachable or refused.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.parse
import urllib.request

from arbiter_cli.upload import USER_AGENT, add_server_options


def register(subparsers) -> None:
    parser = subparsers.add_parser("player", help="show a player's profile (events, rating, statistics)")
    parser.add_argument("username", help="the player's username")
    add_server_options(parser, "API token (default $ARBITER_TOKEN; optional: your own shows your dice)")
    parser.add_argument("--simulated", choices=("exclude", "include", "only"), default="exclude")
    parser.add_argument("--json", action="store_true", help="print the API's JSON as it is")
    parser.set_defaults(handler=run)


def fetch_profile(server: str, username: str, token: str | None, simulated: str) -> dict:
    url = f"{server.rstrip('/')}/api/players/{urllib.parse.quote(username, safe='')}/"
    if simulated != "exclude":
        url += f"?simulated={simulated}"
    headers = {"Accept": "application/json", "User-Agent": USER_AGENT}
    if token:
        headers["Authorization"] = f"Token {token}"
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:  # nosec B310 - the URL is the user's own --server on their machine
        return json.loads(response.read())


def _pct(value) -> str:
    return "—" if value is None else f"{value:.0%}"


def format_profile(p: dict) -> str:
    lines = [f"{p['display_name']} ({p['username']})" + (f", {p['club']}" if p.get("club") else "")]
    r = p.get("rating")
    if r:
        lines.append(
            f"rating {r['ordinal']:.1f} (μ {r['mu']:.1f}, σ {r['sigma']:.2f}, {r['games']} games), "
            f"place {r['rank']} of {r['rated_players']}" + (" — provisional" if r["provisional"] else "")
        )
    else:
        lines.append("no rating yet")
    for e in p.get("events", []):
        place = f"placed {e['rank']}" if e.get("rank") else "no placing yet"
        lines.append(f"  {e['starts_on']}  {e['event']}: {place}, {e['wins']}–{e['draws']}–{e['losses']}")
    lines.append(
        f"{p['games']} verified games"
        + (f" ({p['simulated_hidden']} simulated hidden)" if p.get("simulated_hidden") else "")
    )
    for f in p.get("factions", []):
        lines.append(
            f"  {f['name']}: {f['games']} games, win rate {_pct(f['win_rate'])} (meta {_pct(f['meta_win_rate'])})"
        )
    lines.append(f"{p['upload_count']} uploads shown to you")
    for u in p.get("uploads", [])[:10]:
        lines.append(f"  {u['uploaded_at'][:10]}  {u['game']}  {u['filename'] or u['id']}: {u['state']}")
    if "dice" in p:
        d = p["dice"]
        lines.append(
            f"your dice: {d['successes']} successes from {d['dice']} dice, {d['expected']:.1f} expected — {d['luck']}"
        )
        for g in d.get("by_game", []):
            word = g.get("success_word", "successes")
            lines.append(
                f"  {g['name']}: {g['successes']} {word} from {g['dice']} dice in {g['games']} games, "
                f"{g['expected']:.1f} expected — {g['luck']}"
            )
            for c in g.get("colours", []):
                lines.append(
                    f"    {c['name']}: {c['successes']} {word} from {c['dice']} dice, "
                    f"{c['expected']:.1f} expected — {c['luck']}"
                )
    return "\n".join(lines)


def run(args) -> int:
    try:
        profile = fetch_profile(args.server, args.username, args.token, args.simulated)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            print(f"arbiter player: no player called {args.username!r} on {args.server}", file=sys.stderr)
            return 1
        print(f"arbiter player: refused ({exc.code})", file=sys.stderr)
        return 2
    except (urllib.error.URLError, OSError) as exc:
        print(f"arbiter player: cannot reach {args.server}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(profile, indent=2, ensure_ascii=False) if args.json else format_profile(profile))
    return 0
