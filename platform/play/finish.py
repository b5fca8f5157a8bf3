"""A game at the table that ended: its log goes to its match (play.matches), its challenge (the challenges
app), or, for a free game, to every seated player through the normal upload pipeline.

This module sits above the recorder: the views (and scripts) post events through ``post_event`` here, so
that play.services, which records, imports neither the challenges app nor the tournaments app."""

from __future__ import annotations

import json

from django.apps import apps
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from gamelogs.models import LogSource
from gamelogs.services import UploadRejected, submit_log
from play import live, matches, services
from play.models import TableGame


def post_event(
    code: str,
    user,
    event,
    expected_version: int | None,
    cid: str | None = None,
    expected_events: int | None = None,
) -> TableGame:
    """play.services.post_event, then, when that event ended the game, its log sent (``send_log``)."""
    table = services.post_event(code, user, event, expected_version, cid=cid, expected_events=expected_events)
    if getattr(table, "just_ended", False):
        send_log(table)
    return table


def settle(code: str) -> TableGame | None:
    """play.services.settle (the steps the rules leave no choice in, logged by the site), then the log
    sent if that ended the game."""
    table = services.settle(code)
    if table is not None and getattr(table, "just_ended", False):
        send_log(table)
    return table


def send_log(table: TableGame) -> None:
    """Send the finished game through the normal pipeline (stored, queued, verified by a worker), for
    every seated player, and attach the log to the table."""
    data = json.dumps(services.log_document(table), indent=1).encode("utf-8")
    filename = f"table-{table.code}.json"
    first, others = _first_and_others(table)
    attached = None
    if table.match_ref:
        attached = matches.attach(table, data)
    if attached is None and table.challenge_ref:
        try:
            attached = _enter_challenge(table, data)
        except UploadRejected:
            return  # as below: the game stays stored as played, its log file offered for download
    if attached is None:
        try:
            attached = submit_log(first, data, source=LogSource.WEB, filename=filename).log
        except UploadRejected:
            return  # the game stays stored as played; the page offers its log file for download
    for user in others:
        submit_log(user, data, source=LogSource.WEB, filename=filename)
    with transaction.atomic():
        # A new version, so the other phones' next poll shows the log.
        TableGame.objects.filter(pk=table.pk).update(
            game_log=attached, version=F("version") + 1, updated_at=timezone.now()
        )
    table.refresh_from_db()
    live.changed(table.code, table.version, kept=len(table.entries))


def _first_and_others(table: TableGame) -> tuple:
    holders = table.holders()
    return holders[0], holders[1:]


def _enter_challenge(table: TableGame, data: bytes):
    """Enter the log into the table's challenge (the challenges app's ``submit_entry``): the player who
    opened the table (seat 1, who started the challenge) enters it, and the entry belongs to every seated
    player (its ``players``: each has it among their entries and on the leaderboard); every seat also gets
    the log as a free game's players do. Returns the GameLog, or None when the challenge refuses it (it closed during the
    game: the reason is kept on the table and the log is then stored as a free game's)."""
    if not apps.is_installed("challenges"):
        return None
    from challenges import services as challenges
    from challenges.models import Challenge

    ref = dict(table.challenge_ref or {})
    challenge = Challenge.objects.filter(slug=ref.get("challenge")).first()
    entry = None
    if challenge is None:
        ref["problem"] = gettext("The challenge no longer exists: the game was stored as a free game.")
    else:
        try:
            entry = challenges.submit_entry(
                table.holder(1),
                challenge,
                data,
                filename=f"table-{table.code}.json",
                source=LogSource.WEB,
                players=table.holders(),
            )
        except challenges.ChallengeError as exc:
            ref["problem"] = gettext("Not entered: %(reason)s") % {"reason": exc.message}
        else:
            ref["entry"] = entry.pk
    table.challenge_ref = ref
    table.save(update_fields=["challenge_ref"])
    return entry.log if entry is not None else None
