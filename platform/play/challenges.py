"""Challenges played at the table: the recorder's game is the challenge's own (its header: content pack,
seats with their factions and forces, setup, options; its committed seed), the players choose only what the
challenge leaves open (the names at the table), and the finished log is entered into the challenge through
the challenges app's ``submit_entry``, exactly as an upload on the challenge page (docs/challenges.md).

The seed stays on the server while the game is played (the phones see its commitment, as in any seeded
game at the table) and is revealed in the log when the game ends. Starting a table starts the challenge
for the player who opens it (``challenges.services.start``), so the entry is theirs; the second phone of a
two-seat challenge (co-op Assault or Ascension, HR-13, HR-14) joins by code and gets the log as a free
game's second player does.
"""

from __future__ import annotations

import copy

from django.apps import apps
from django.db import transaction

from play.models import DiceMode, TableGame, TableStatus
from play.services import TableError, new_code

SEATS = 2  # the recorder seats two phones


def available() -> bool:
    return apps.is_installed("challenges")


def open_table(challenge, user) -> TableGame | None:
    """``user``'s unfinished table of ``challenge`` (the one to go back to), or None."""
    if not user.is_authenticated:
        return None
    return (
        TableGame.objects.filter(challenge_ref__challenge=challenge.slug, seat1=user)
        .exclude(status=TableStatus.CONFIRMED)
        .first()
    )


def seat_count(challenge) -> int:
    return len(challenge.header.get("players") or [])


def start_from_challenge(user, challenge, *, names: list[str]) -> TableGame:
    """The table of ``challenge`` for ``user`` (a new one, or their unfinished one): seat 1 is theirs.

    ``names``: the name at the table of each of the challenge's seats, in order. Raises the challenges
    app's ChallengeError when the challenge cannot be played now (not open yet, closed, not signed in),
    with its code, and TableError for what the table cannot do (more seats than two phones)."""
    from challenges import services as challenges

    seats = challenge.header.get("players") or []
    if not 1 <= len(seats) <= SEATS:
        raise TableError(
            f"This challenge has {len(seats)} seats; the table seats one or two phones. Download the header "
            "and upload the log instead."
        )
    names = [" ".join(str(n or "").split())[:60] for n in names]
    if len(names) != len(seats) or not all(names):
        raise TableError(f"Give a name for each of the challenge's {len(seats)} seat(s).")
    if len(set(names)) != len(names):
        raise TableError("Give each seat a different name.")
    # The challenge's own checks (open, not closed, signed in), answered with its codes; starting
    # records when this player could first know the seed (it is revealed in the log at the end).
    challenges.start(user, challenge)
    with transaction.atomic():
        existing = open_table(challenge, user)
        if existing is not None:
            return existing
        header = copy.deepcopy(challenge.header)
        for seat, name in zip(header["players"], names, strict=True):
            seat["name"] = name  # the one thing a challenge's header leaves to the players
        header["simulated"] = False
        one_seat = len(seats) == 1
        return TableGame.objects.create(
            code=new_code(),
            game=challenge.game,
            header=header,
            mode=DiceMode.SEEDED,
            seed=challenge.seed,
            seat1=user,
            challenge_ref={"challenge": challenge.slug, "title": challenge.title},
            # A challenge of one seat (Eternia's solo game, FE-18; a solo Assault, HR-13) waits for nobody.
            status=TableStatus.PLAYING if one_seat else TableStatus.WAITING,
        )


def enter(table: TableGame, data: bytes):
    """Enter the finished game's log into its challenge for the player who started the table; returns
    the GameLog, or None when the challenge refuses it now (it closed during the game: the reason is kept
    on the table and the log is then stored as a free game's)."""
    from challenges import services as challenges
    from challenges.models import Challenge
    from gamelogs.models import LogSource

    ref = dict(table.challenge_ref or {})
    challenge = Challenge.objects.filter(slug=ref.get("challenge")).first()
    if challenge is None:
        ref["problem"] = "The challenge no longer exists: the game was stored as a free game."
        table.challenge_ref = ref
        return None
    try:
        entry = challenges.submit_entry(
            table.seat1, challenge, data, filename=f"table-{table.code}.json", source=LogSource.WEB
        )
    except challenges.ChallengeError as exc:
        ref["problem"] = f"Not entered: {exc.message}"
        table.challenge_ref = ref
        return None
    ref["entry"] = entry.pk
    table.challenge_ref = ref
    return entry.log
