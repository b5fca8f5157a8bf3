"""Verifying a stored log through the engine and recording the verdict (runs in workers only).

Idempotent by (log hash, engine version): a log already decided by this engine version is not
verified again unless forced (a content pack changed). Two workers holding the same log both may
compute the verdict (it is deterministic), but the row lock in ``record_verdict`` lets only the
first write it. Every run that writes leaves a LogVerification row saying what changed.
"""

from __future__ import annotations

import logging
import time

from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

import engine
from gamelogs.models import FINAL_STATES, GameLog, LogState, LogVerification
from gamelogs.signals import log_verified

logger = logging.getLogger(__name__)

MISSING = "missing"
ALREADY_VERIFIED = "already-verified"


def verify_stored_log(
    log_id: int, *, force: bool = False, reason: str = "upload", reraise: tuple = ()
) -> str:
    """Verify one stored log and record the verdict. Returns the new state, or MISSING /
    ALREADY_VERIFIED when there was nothing to do. Exceptions in ``reraise`` (e.g. the task
    runner's time limit) propagate from the engine run instead of becoming a defect verdict."""
    log = GameLog.objects.filter(pk=log_id).only("id", "state", "engine_version", "verdict").first()
    if log is None:
        return MISSING
    if not force and _decided_by_this_engine(log):
        # A repeated delivery (e.g. the worker died after committing, before acknowledging):
        # announce the stored verdict again rather than doing the work twice.
        _announce(log_id, log.verdict)
        return ALREADY_VERIFIED
    if not log.is_final:
        # queued → verifying; a log left "verifying" by a dead worker is taken over.
        GameLog.objects.filter(pk=log_id, state__in=[LogState.QUEUED, LogState.VERIFYING]).update(
            state=LogState.VERIFYING, started_at=timezone.now(), attempts=F("attempts") + 1
        )
    content = GameLog.objects.values_list("content", flat=True).get(pk=log_id)
    started = time.perf_counter()
    verdict = run_engine(bytes(content), reraise=reraise, progress=progress_writer(log_id))
    duration_ms = int((time.perf_counter() - started) * 1000)
    return record_verdict(log_id, verdict, reason=reason, force=force, duration_ms=duration_ms)


PROGRESS_INTERVAL_S = 0.5  # the log page polls once a second; more writes would show nothing more


def progress_writer(log_id: int, interval: float = PROGRESS_INTERVAL_S):
    """An ``engine.verify`` progress callback that records how many events are verified so far,
    at most once per ``interval`` seconds, while the log is still being verified."""
    last = time.monotonic()

    def report(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if done >= total or now - last < interval:
            return  # the verdict itself records the final count
        last = now
        GameLog.objects.filter(pk=log_id, state=LogState.VERIFYING).update(events_verified=done)

    return report


def run_engine(content: bytes, *, reraise: tuple = (), progress=None) -> dict:
    """The engine's verdict as a dict. ``engine.verify`` never raises by contract; if it does
    anyway, that is an engine defect and still ends in a verdict, not a retry loop."""
    try:
        return engine.verify(content, progress=progress).to_dict()
    except reraise:
        raise
    except Exception as exc:  # noqa: BLE001
        logger.exception("engine.verify raised; recording an engine-defect verdict")
        return platform_verdict(
            "ENGINE-DEFECT", f"the engine failed on this log ({type(exc).__name__}); please report it"
        )


def platform_verdict(rule: str, message: str) -> dict:
    """An "unreadable" verdict decided by the platform (engine defect, time limit), shaped like
    ``engine.Verdict.to_dict()`` so pages and receivers need no special case."""
    verdict = engine.Verdict(
        status="unreadable",
        engine_version=engine.ENGINE_VERSION,
        error=engine.Violation(rule=rule, message=message),
    )
    return verdict.to_dict()


def record_timeout(log_id: int, seconds: int) -> str:
    """The task ran out of time: record that as the verdict (re-verified on the next engine)."""
    verdict = platform_verdict("PLATFORM-TIMEOUT", f"verification took longer than {seconds} seconds")
    return record_verdict(log_id, verdict, reason="timeout", force=False)


def record_verdict(log_id: int, verdict: dict, *, reason: str, force: bool, duration_ms: int = 0) -> str:
    """Write ``verdict`` onto the log under a row lock, add a history row and announce it once
    the transaction commits."""
    with transaction.atomic():
        log = GameLog.objects.select_for_update().filter(pk=log_id).first()
        if log is None:
            return MISSING
        if not force and _decided_by_this_engine(log):
            return ALREADY_VERIFIED  # another worker wrote this verdict first
        previous = log.verdict if log.is_final else None
        changes = describe_changes(previous, verdict)
        _apply(log, verdict)
        log.save()
        LogVerification.objects.create(
            log=log,
            engine_version=log.engine_version,
            content_pack_sha=log.content_pack_sha,
            status=log.state,
            summary=log.summary,
            result_winner=log.result_winner,
            error_rule=log.error_rule,
            error_event_index=log.error_event_index,
            reason=reason,
            changed=bool(changes),
            changes=changes,
            duration_ms=duration_ms,
        )
        transaction.on_commit(lambda: _announce(log_id, verdict))
    return log.state


def _decided_by_this_engine(log: GameLog) -> bool:
    return log.is_final and log.engine_version == engine.ENGINE_VERSION


def _apply(log: GameLog, verdict: dict) -> None:
    error = verdict.get("error") or {}
    result = verdict.get("result") or {}
    log.state = verdict["status"]
    log.verdict = verdict
    log.summary = verdict.get("summary", "")
    log.engine_version = verdict.get("engine_version", "")
    log.content_pack_sha = (verdict.get("content_pack") or {}).get("sha256", "") or ""
    log.error_rule = error.get("rule") or ""
    log.error_event_index = error.get("event_index")
    log.result_winner = result.get("winner") or ""
    log.events_verified = verdict.get("events_verified", 0)
    if verdict.get("events_total"):
        log.events_total = verdict["events_total"]
    if verdict.get("players"):
        log.players = verdict["players"]
    log.verified_at = timezone.now()


def _announce(log_id: int, verdict: dict | None) -> None:
    log = GameLog.objects.defer("content").filter(pk=log_id).first()
    if log is None or verdict is None:
        return
    for receiver, response in log_verified.send_robust(sender=GameLog, game_log=log, verdict=verdict):
        if isinstance(response, Exception):
            logger.error("log_verified receiver %r failed for log %s", receiver, log_id, exc_info=response)


def describe_changes(previous: dict | None, current: dict) -> list[str]:
    """What a re-verification changed, as lines a person reads ("status: legal → illegal").
    Empty for a first verdict or when nothing that matters changed."""
    if previous is None:
        return []
    changes = []
    if previous.get("status") != current.get("status"):
        changes.append(f"status: {previous.get('status')} → {current.get('status')}")
    old_result, new_result = previous.get("result") or {}, current.get("result") or {}
    if old_result and new_result:
        for key in ("outcome", "winner", "ended_by", "rounds_played"):
            if old_result.get(key) != new_result.get(key):
                changes.append(f"{key}: {old_result.get(key)} → {new_result.get(key)}")
        old_vp, new_vp = old_result.get("vp") or {}, new_result.get("vp") or {}
        for player in sorted(set(old_vp) | set(new_vp)):
            before, after = (old_vp.get(player) or {}).get("total"), (new_vp.get(player) or {}).get("total")
            if before != after:
                changes.append(f"VP {player}: {before} → {after}")
    old_error, new_error = previous.get("error") or {}, current.get("error") or {}
    if old_error and new_error:
        for key in ("rule", "event_index"):
            if old_error.get(key) != new_error.get(key):
                changes.append(f"error {key}: {old_error.get(key)} → {new_error.get(key)}")
    return changes


def logs_to_reverify(
    *, game: str | None = None, limit: int | None = None, include_current: bool = False
) -> QuerySet:
    """Decided logs that an older engine version decided, newest first. With ``include_current``
    every decided log (for a changed content pack, whose hash the engine version does not carry)."""
    logs = GameLog.objects.filter(state__in=FINAL_STATES).order_by("-created_at", "-id")
    if not include_current:
        logs = logs.exclude(engine_version=engine.ENGINE_VERSION)
    if game:
        logs = logs.filter(game=game)
    return logs[:limit] if limit else logs


def reverify(log_ids, *, force: bool = False) -> list[LogVerification]:
    """Re-verify the given logs in this process, in order; returns the history rows written."""
    rows = []
    for log_id in log_ids:
        if verify_stored_log(log_id, force=force, reason="reverify") in FINAL_STATES:
            rows.append(LogVerification.objects.filter(log_id=log_id).first())
    return rows
