"""Challenges played at the table: the recorder's game is the challenge's own (its header: content pack,
seats with their factions and forces, setup, options; its committed seed), the players choose only what the
challenge leaves open (the names at the table), and the finished log is entered into the challenge through
the challenges app's ``submit_entry`` (play.finish), exactly as an upload on the challenge page
(docs/challenges.md).

The seed stays on the server while the game is played (the phones see its commitment, as in any seeded
game at the table) and is revealed in the log when the game ends. The challenges app starts the challenge
for the player who opens the table (``challenges.services.play_at_table`` calls its ``start`` first), who
enters the log; the entry belongs to every seated player (its ``players``, play.finish). The other phones of
a co-op challenge (Assault or Ascension, HR-13, HR-14; Eternia's co-op, FE-18.1.2) join their seats by code;
the challenge's page takes each seated player back to the table.

This module imports nothing of the challenges app (which calls it).
"""

from __future__ import annotations

import copy

from django.apps import apps
from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import TableError
from play.models import MAX_SEATS, DiceMode, TableGame, TableStatus
from play.tables import new_code, seat_table, start_when_seated


def available() -> bool:
    return apps.is_installed("challenges")


def open_table(challenge, user) -> TableGame | None:
    """The unfinished table of ``challenge`` where ``user`` holds a seat (the one to go back to), or None."""
    if not user.is_authenticated:
        return None
    return (
        TableGame.objects.filter(challenge_ref__challenge=challenge.slug, seats__user=user)
        .exclude(status__in=[TableStatus.CONFIRMED, TableStatus.ABANDONED])
        .first()
    )


def seat_count(challenge) -> int:
    return len(challenge.header.get("players") or [])


def start_from_challenge(user, challenge, *, names: list[str]) -> TableGame:
    """The table of ``challenge`` for ``user`` (a new one, or their unfinished one): seat 1 is theirs,
    the other seats wait for their phones. The caller has started the challenge for ``user``.

    ``names``: the name at the table of each of the challenge's seats, in order. Raises TableError for
    what the table cannot do (more seats than it has)."""
    seats = challenge.header.get("players") or []
    if not 1 <= len(seats) <= MAX_SEATS:
        raise TableError(
            _(
                "This challenge has %(count)s seats; the table seats one to %(most)s phones. Download the "
                "header and upload the log instead."
            )
            % {"count": len(seats), "most": MAX_SEATS}
        )
    names = [" ".join(str(n or "").split())[:60] for n in names]
    if len(names) != len(seats) or not all(names):
        raise TableError(
            _("Give a name for each of the challenge's %(count)s seat(s).") % {"count": len(seats)}
        )
    if len(set(names)) != len(names):
        raise TableError(_("Give each seat a different name."))
    with transaction.atomic():
        existing = open_table(challenge, user)
        if existing is not None:
            return existing
        header = copy.deepcopy(challenge.header)
        for seat, name in zip(header["players"], names, strict=True):
            seat["name"] = name  # the one thing a challenge's header leaves to the players
        header["simulated"] = False
        table = TableGame.objects.create(
            code=new_code(),
            game=challenge.game,
            header=header,
            mode=DiceMode.SEEDED,
            seed=challenge.seed,
            challenge_ref={"challenge": challenge.slug, "title": challenge.title},
        )
        # A challenge of one seat (Eternia's solo game, FE-18; a solo Assault, HR-13) waits for nobody.
        start_when_seated(table, seat_table(table, [user]))
        return table
