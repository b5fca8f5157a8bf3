"""A hand-counted meta: five legal games (plus an illegal and a simulated one) whose every
statistic is worked out by hand in test_meta_db.py. Needs Django (imports GameLog)."""

from __future__ import annotations

import hashlib
import json

from games.battleground.synthetic import Side, build_statistics, build_verdict

GAME = "motu-battleground"
MOTU, EVIL = "masters-of-the-universe", "evil-warriors"
EVIL_NAME = '<img src=x onerror="alert(1)"><b>Bob</b>'
EVIL_CHARACTER = "<script>alert('x')</script>"
NAMES = {"he-man": "He-Man", "stratos": "Stratos", "teela": "Teela", "skeletor": "Skeletor",
         "beast-man": EVIL_CHARACTER, "trap-jaw": "Trap Jaw"}  # fmt: skip
SWORD = ("sword-of-power", "Sword of Power", "melee", 2, 3, 1, 0)


def side(player: str, faction: str, force: list[str], **kwargs) -> Side:
    weapons = kwargs.pop("weapons", {"he-man": [SWORD]} if "he-man" in force else {})
    return Side(player, faction, force, faction_name=faction.replace("-", " ").title(), names=NAMES,
                weapons=weapons, **kwargs)  # fmt: skip


def hand_counted_games() -> list[dict]:
    """(statistics, header, log options) for the hand-counted meta, in order G1…G5."""
    alice_tests = [("he-man", "attack", "strength", 3, 14, 8, 7.33)]
    return [
        {  # G1: Alice (MOTU) beats Bob (EVIL); two swords on one side count once.
            "statistics": build_statistics(
                side(
                    "Alice",
                    MOTU,
                    ["he-man", "stratos"],
                    weapons={"he-man": [SWORD], "stratos": [SWORD]},
                    tests=alice_tests,
                    objectives_claimed=2,
                    vp=(20, 0, 10),
                ),
                side(EVIL_NAME, EVIL, ["skeletor", "beast-man"], knocked_out={"beast-man": 2}),
                winner="p1",
                first_player="p1",
            ),  # fmt: skip
            "created": "2026-03-01T18:00:00Z",
            "event": "Grayskull Cup",
        },
        {  # G2: Carol (EVIL) beats Alice (MOTU); Carol went first.
            "statistics": build_statistics(
                side("Alice", MOTU, ["he-man", "teela"]),
                side("Carol", EVIL, ["skeletor", "trap-jaw"]),
                winner="p2",
                first_player="p2",
            ),
            "created": "2026-03-02",
            "event": "Grayskull Cup",
        },
        {  # G3: Bob (EVIL) beats Dan (MOTU).
            "statistics": build_statistics(
                side(EVIL_NAME, EVIL, ["skeletor", "beast-man"]),
                side("Dan", MOTU, ["he-man", "stratos"], knocked_out={"he-man": 3}),
                winner="p1",
                first_player="p1",
            ),
            "created": "2026-03-10",
        },
        {  # G4: EVIL mirror on the new pack, Carol beats Bob who went first.
            "statistics": build_statistics(
                side("Carol", EVIL, ["trap-jaw", "beast-man"]),
                side(EVIL_NAME, EVIL, ["skeletor", "beast-man"]),
                winner="p1",
                first_player="p2",
                content_pack="bg-core-starter@0.2.0",
            ),
            "created": "2026-04-01",
        },
        {  # G5: MOTU mirror, a draw; seeded dice (Alice's tests here must not count as luck).
            "statistics": build_statistics(
                side("Dan", MOTU, ["he-man", "teela"]),
                side(
                    "Alice",
                    MOTU,
                    ["stratos", "teela"],
                    tests=[("stratos", "attack", "strength", 9, 90, 90, 45.0)],
                ),
                winner=None,
                first_player="p1",
                randomness="seeded",
                ended_by="agreed-draw",
                rounds_played=3,
            ),
            "created": "2026-04-02",
        },
    ]


def make_log(statistics: dict, *, created: str, event: str | None = None, status: str = "legal",
             simulated: bool = False, salt: str = "", public: bool = True):  # fmt: skip
    """A GameLog as the worker leaves it after verification, with its verdict dict. ``public``:
    published (visibility.PublishedLog), so that pages naming its players and event may show it."""
    from django.utils import timezone

    from gamelogs.models import GameLog

    header = {"format": "arbiter-log", "format_version": 1, "game": GAME, "created": created,
              "players": [], "events": [], "simulated": simulated}  # fmt: skip
    if event:
        header["reference"] = {"event": event}
    content = json.dumps({**header, "salt": salt, "stats": statistics}, sort_keys=True).encode()
    verdict = build_verdict(statistics, status=status)
    verdict["simulated"] = simulated
    log = GameLog.objects.create(
        sha256=hashlib.sha256(content).hexdigest(),
        game=GAME,
        size=len(content),
        content=content,
        simulated=simulated,
        state=status,
        verdict=verdict,
        engine_version=verdict["engine_version"],
        verified_at=timezone.now(),
    )
    if public:
        from visibility.models import PublishedLog

        PublishedLog.objects.create(log=log)
    return log, verdict


def announce(log, verdict):
    """Send the signal the worker sends with a verdict, then commit (what is sent on commit is sent);
    fail on a receiver error."""
    from django.test import TestCase

    from gamelogs.models import GameLog
    from gamelogs.signals import log_verified

    with TestCase.captureOnCommitCallbacks(execute=True):
        for _receiver, response in log_verified.send_robust(sender=GameLog, game_log=log, verdict=verdict):
            if isinstance(response, Exception):
                raise response
