"""Which logs are public, and publishing or withdrawing one.

public_q(field)        a Q that holds for rows whose ``field`` points at a public log
public_log_ids()       the same as sets of log ids (for filters over many rows)
publicity_changes()    the logs whose publicity may have changed since the meta counted them (PostgreSQL)
public_logs()          QuerySet of public GameLogs
is_public(log)         bool
publish(user, log)     an uploader publishes one of their logs
withdraw(user, log)    and takes it back
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Exists, OuterRef, Q, QuerySet

from draw.models import Match, RoundState
from gamelogs.models import GameLog, LogSubmission
from visibility.models import PublicityChange, PublishedLog

# Rounds whose pairings (and so the logs of their matches) everyone can see.
PUBLIC_ROUND_STATES = (RoundState.PUBLISHED, RoundState.CLOSED)


class NotYourLog(Exception):
    """Only an uploader of a log may publish or withdraw it."""


def public_q(field: str = "pk") -> Q:
    """Rows whose ``field`` (a GameLog id, e.g. "game_log" on a stat row) is a public log."""
    published = PublishedLog.objects.filter(log=OuterRef(field))
    return Q(Exists(published)) | Q(Exists(_matches_in_public_rounds(field)))


def public_log_ids() -> list[QuerySet]:
    """The public logs' ids as querysets whose union they are (``public_q``'s two sources, no NULL among them):
    for a filter over many rows, ``IN`` each set, which is built once."""
    rounds = Match.objects.filter(round__state__in=PUBLIC_ROUND_STATES, game_log__isnull=False)
    return [PublishedLog.objects.values("log"), rounds.values("game_log")]


def publicity_changes() -> QuerySet[PublicityChange] | None:
    """The logs whose publicity may have changed (rows ``id``, ``log_id``), queued by the database's triggers
    whatever made the change; None where no triggers keep the queue (SQLite): any log may have changed."""
    return PublicityChange.objects.all() if connection.vendor == "postgresql" else None


def public_logs() -> QuerySet[GameLog]:
    return GameLog.objects.filter(public_q("pk"))


def is_public(log: GameLog) -> bool:
    return public_logs().filter(pk=log.pk).exists()


def publish(user, log: GameLog) -> None:
    _require_uploader(user, log)
    PublishedLog.objects.get_or_create(log=log, user=user)
    _changed(log)


def withdraw(user, log: GameLog) -> None:
    _require_uploader(user, log)
    PublishedLog.objects.filter(log=log, user=user).delete()
    _changed(log)


def published_by(user, log: GameLog) -> bool:
    return user.is_authenticated and PublishedLog.objects.filter(log=log, user=user).exists()


def _require_uploader(user, log: GameLog) -> None:
    if not (user.is_authenticated and LogSubmission.objects.filter(log=log, user=user).exists()):
        raise NotYourLog("only an uploader of this log may publish it or take it back")


def _matches_in_public_rounds(field: str):
    return Match.objects.filter(game_log=OuterRef(field), round__state__in=PUBLIC_ROUND_STATES)


def _changed(log: GameLog) -> None:
    # Cached meta statistics name players and events: a new version makes every cached answer
    # of this game stale at once. (Imported here: dashboards reads this module.)
    from dashboards.summaries import bump_version, publicity_changed

    publicity_changed([log.pk])  # its dice leave (or join) the public-only sums now, not at the next refresh
    bump_version(log.game)
