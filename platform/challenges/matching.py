"""Does a log's header match a challenge's setup? Plain functions over header dicts (no ORM), so the
reasons a player reads are tested without a database.

Compared: the game, the content pack (id, version, hash), each seat's faction and force (not the names
people type), the setup, the ruleset options and the seed commitment. The seed itself is checked by the
engine (LOG-4.2: it must hash to the commitment), so a log with the commitment but another seed is illegal.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext_noop

from tournaments.said import render, said

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
    """Every way ``log_header`` differs from the challenge's header, one sentence each ([] if it matches), in
    English; :func:`differences_said` keeps them to be said in each reader's language."""
    return [render(problem, translate=False) for problem in differences_said(challenge_header, log_header)]


def differences_said(challenge_header: dict, log_header: dict) -> list[dict]:
    """As :func:`differences`, each a sentence (tournaments.said: a template and its params)."""
    want, got = challenge_header, log_header
    problems = []
    if got.get("game") != want.get("game"):
        problems.append(
            said(
                gettext_noop("The log is a game of %(log)s; the challenge is %(challenge)s."),
                log=repr(got.get("game")),
                challenge=repr(want.get("game")),
            )
        )
        return problems
    want_pack, got_pack = want.get("content_pack") or {}, got.get("content_pack") or {}
    for key in ("id", "version", "sha256"):
        if got_pack.get(key) != want_pack.get(key):
            problems.append(
                said(
                    gettext_noop(
                        "Content pack %(key)s: the log has %(log)s; the challenge uses %(challenge)s."
                    ),
                    key=key,
                    log=repr(got_pack.get(key)),
                    challenge=repr(want_pack.get(key)),
                )
            )
    problems += _seat_differences(want.get("players", []), got.get("players", []))
    problems += _dict_differences("setup", want.get("setup") or {}, got.get("setup") or {})
    problems += _dict_differences("options", want.get("options") or {}, got.get("options") or {})
    want_rand, got_rand = want.get("randomness") or {}, got.get("randomness") or {}
    if got_rand.get("mode") != "seeded":
        problems.append(
            said(
                gettext_noop(
                    "The log's randomness is %(mode)s; challenge games are played seeded, with the "
                    "challenge's seed (start the challenge to get it)."
                ),
                mode=repr(got_rand.get("mode")),
            )
        )
    elif got_rand.get("commitment") != want_rand.get("commitment"):
        problems.append(
            said(
                gettext_noop(
                    "The log's seed commitment %(log)s… is not the challenge's %(challenge)s…: it was played "
                    "with another seed."
                ),
                log=str(got_rand.get("commitment"))[:12],
                challenge=want_rand.get("commitment", "")[:12],
            )
        )
    return problems


def _seat_differences(want: list[dict], got: list[dict]) -> list[dict]:
    if len(got) != len(want):
        return [
            said(
                gettext_noop("The log has %(log)s player(s); the challenge has %(challenge)s."),
                log=len(got),
                challenge=len(want),
            )
        ]
    problems = []
    for i, (w, g) in enumerate(zip(want, got, strict=True), start=1):
        for key in SEAT_KEYS:
            if g.get(key) != w.get(key):
                problems.append(
                    said(
                        gettext_noop(
                            "Seat %(seat)s %(key)s: the log has %(log)s; the challenge has %(challenge)s."
                        ),
                        seat=i,
                        key=key,
                        log=_show(g.get(key)),
                        challenge=_show(w.get(key)),
                    )
                )
    return problems


def _dict_differences(name: str, want: dict, got: dict) -> list[dict]:
    return [
        said(
            gettext_noop("%(name)s.%(key)s: the log has %(log)s; the challenge has %(challenge)s."),
            name=name,
            key=key,
            log=_show(got.get(key)),
            challenge=_show(want.get(key)),
        )
        for key in sorted(set(want) | set(got))
        if got.get(key) != want.get(key)
    ]
