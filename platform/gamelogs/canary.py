"""A canary for a new engine or ruleset version: before it is promoted, shadow-verify a sample of
stored logs with it and show staff what it would change.

Run from the candidate (its image or checkout, against the production database):
``python manage.py canary --game motu-battleground --sample 500``. Nothing is written to the logs or
their history; the run and one ShadowDiff per changed log are stored for staff (admin: "Shadow runs",
with legal ↔ illegal, winner and VP changes counted), and the command prints the same report.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

import engine
from gamelogs.models import FINAL_STATES, GameLog, ShadowDiff, ShadowRun
from gamelogs.storable import storable
from gamelogs.verification import describe_changes, run_engine

CHUNK = 100  # logs read at once: bounded memory for any sample size


def sample_logs(game: str, size: int) -> list[int]:
    """A random sample of the game's decided logs (ids)."""
    logs = GameLog.objects.filter(game=game, state__in=FINAL_STATES).order_by("?")
    return list(logs.values_list("pk", flat=True)[:size])


def shadow_verify(game: str, *, sample: int = 200, log_ids=None) -> ShadowRun:
    """Verify ``sample`` random decided logs of ``game`` (or ``log_ids``) with the engine in this
    process and record how its verdicts differ from the stored ones."""
    ids = list(log_ids) if log_ids is not None else sample_logs(game, sample)
    run = ShadowRun.objects.create(
        game=game,
        engine_version=engine.ENGINE_VERSION,
        ruleset_version=engine.ruleset_version(game),
        sample_size=len(ids),
    )
    for start in range(0, len(ids), CHUNK):
        diffs = []
        for log in GameLog.objects.filter(pk__in=ids[start : start + CHUNK], state__in=FINAL_STATES):
            candidate = storable(run_engine(log.raw_bytes()))
            changes = describe_changes(log.verdict, candidate)
            run.checked += 1
            if not changes:
                continue
            run.changed += 1
            run.status_changes += any(line.startswith("status:") for line in changes)
            run.winner_changes += any(line.startswith("winner:") for line in changes)
            run.vp_changes += any(line.startswith("VP ") for line in changes)
            diffs.append(
                ShadowDiff(
                    run=run,
                    log=log,
                    status_before=log.state,
                    status_after=candidate["status"],
                    changes=changes,
                    summary_after=candidate.get("summary", ""),
                )
            )
        with transaction.atomic():
            ShadowDiff.objects.bulk_create(diffs)
            run.save()
    run.finished_at = timezone.now()
    run.save(update_fields=["finished_at"])
    return run


def report_lines(run: ShadowRun, *, limit: int = 50) -> list[str]:
    """The run as lines a person reads: totals, then each changed log."""
    version = run.ruleset_version or "no ruleset"
    lines = [
        f"canary for {run.game}: ruleset {version}, engine {run.engine_version}",
        f"{run.checked} log(s) checked, {run.changed} would change: {run.status_changes} legal ↔ illegal "
        f"(or unreadable), {run.winner_changes} winner, {run.vp_changes} VP",
    ]
    for diff in run.diffs.all()[:limit]:
        lines.append(
            f"  log {diff.log_id} ({diff.status_before} → {diff.status_after}): " + "; ".join(diff.changes)
        )
    if run.changed > limit:
        lines.append(f"  … and {run.changed - limit} more (admin: Shadow runs)")
    return lines
