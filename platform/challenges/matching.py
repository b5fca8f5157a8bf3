"""Does a log's header match a challenge's setup? Plain functions over header dicts (no ORM), so the
reasons a player reads are tested without a database.

Compared: the game, the content pack (id, version, hash), each seat's faction and force (not the names
people type), the setup, the ruleset options and the seed commitment. The seed itself is checked by the
engine (LOG-4.2: it must hash to the commitment), so a log with the commitment but another seed is illegal.
"""

from __future__ import annotations

import json

# The header keys a challenge fixes; anything else (names, rules_version, notes) is the player's.
FIXED_KEYS = ("game", "content_pack", "players", "setup", "options", "randomness")
SEAT_KEYS = ("id", "faction", "force")


def published_header(header: dict) -> dict:
    """The header a challenge publishes and players download: ``header`` without events, the simulated
    label or the seed (only the commitment is public until the challenge closes)."""
    published = {key: value for key, value in header.items() if key not in ("events", "simulated")}
    randomness = header.get("randomness") or {}
    published["randomness"] = {k: v for k, v in randomness.items() if k != "seed"}
    return published


def commitment_of(header: dict) -> str:
    randomness = header.get("randomness") or {}
    return randomness.get("commitment", "") if isinstance(randomness, dict) else ""


def _show(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def differences(challenge_header: dict, log_header: dict) -> list[str]:
    """Every way ``log_header`` differs from the challenge's header, one sentence each ([] if it matches)."""
    want, got = challenge_header, log_header
    problems = []
    if got.get("game") != want.get("game"):
        problems.append(f"The log is a game of {got.get('game')!r}; the challenge is {want.get('game')!r}.")
        return problems
    want_pack, got_pack = want.get("content_pack") or {}, got.get("content_pack") or {}
    for key in ("id", "version", "sha256"):
        if got_pack.get(key) != want_pack.get(key):
            problems.append(
                f"Content pack {key}: the log has {got_pack.get(key)!r}; the challenge uses {want_pack.get(key)!r}."
            )
    problems += _seat_differences(want.get("players", []), got.get("players", []))
    problems += _dict_differences("setup", want.get("setup") or {}, got.get("setup") or {})
    problems += _dict_differences("options", want.get("options") or {}, got.get("options") or {})
    want_rand, got_rand = want.get("randomness") or {}, got.get("randomness") or {}
    if got_rand.get("mode") != "seeded":
        problems.append(
            f"The log's randomness is {got_rand.get('mode')!r}; challenge games are played seeded, with the "
            "challenge's seed (start the challenge to get it)."
        )
    elif got_rand.get("commitment") != want_rand.get("commitment"):
        problems.append(
            f"The log's seed commitment {str(got_rand.get('commitment'))[:12]}… is not the challenge's "
            f"{want_rand.get('commitment', '')[:12]}…: it was played with another seed."
        )
    return problems


def _seat_differences(want: list[dict], got: list[dict]) -> list[str]:
    if len(got) != len(want):
        return [f"The log has {len(got)} player(s); the challenge has {len(want)}."]
    problems = []
    for i, (w, g) in enumerate(zip(want, got, strict=True), start=1):
        for key in SEAT_KEYS:
            if g.get(key) != w.get(key):
                problems.append(
                    f"Seat {i} {key}: the log has {_show(g.get(key))}; the challenge has {_show(w.get(key))}."
                )
    return problems


def _dict_differences(name: str, want: dict, got: dict) -> list[str]:
    return [
        f"{name}.{key}: the log has {_show(got.get(key))}; the challenge has {_show(want.get(key))}."
        for key in sorted(set(want) | set(got))
        if got.get(key) != want.get(key)
    ]
