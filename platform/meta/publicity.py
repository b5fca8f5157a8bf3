"""A round's state decides whether its matches' logs are public (``visibility``: a published or closed round's
logs are): when it changes, the meta counts them so at once. Their groups join or leave the public-only bucket rows
(``dashboards.summaries.publicity_changed``) and the games' cached answers, which may name their players, are
made stale (``bump_version``). Connected in ``MetaConfig.ready``."""

from __future__ import annotations

from django.db import transaction

from dashboards import summaries


def on_round_saved(sender, instance, raw: bool = False, update_fields=None, **kwargs) -> None:
    """``post_save`` of a draw Round: once the transaction commits, recount its matches' logs."""
    if raw or (update_fields is not None and "state" not in update_fields):
        return
    round_id = instance.pk
    transaction.on_commit(lambda: round_publicity_changed(round_id), robust=True)


def round_publicity_changed(round_id: int) -> int:
    """Recount the logs of round ``round_id``'s matches as public or private; returns the games changed."""
    from draw.models import Match

    logs = list(
        Match.objects.filter(round_id=round_id, game_log__isnull=False).values_list(
            "game_log_id", "game_log__game"
        )
    )
    if not logs:
        return 0
    changed = summaries.publicity_changed([log for log, _ in logs])
    for game in sorted({game for _, game in logs}):
        summaries.bump_version(game)
    return changed
