"""Verifying a stored log through the engine and recording the verdict (runs in workers only).

A verdict is keyed by (log hash, engine version, the log's game's ruleset version): a log already
decided by the running engine and its game's current ruleset is not verified again unless forced
(a content pack changed), and a release of one game's ruleset re-verifies only that game's logs.

One log, one transaction: ``record_verdict`` locks the row, writes the verdict (never the raw upload
again), adds a LogVerification history row and runs the ``log_verified`` receivers (statistics, match
results) in the same transaction (gamelogs.outbox). Two workers holding the same log may both compute
the verdict (it is deterministic); the row lock lets only the first write it.

Every accepted log ends in a verdict or a terminal verdict with a reason: an engine defect, a time
limit, a verdict PostgreSQL refused, or too many attempts (``ARBITER_MAX_ATTEMPTS``) are recorded as
``unreadable`` with a PLATFORM-… or ENGINE-DEFECT rule, and staff are alerted where a person must look.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from datetime import timedelta
from functools import lru_cache

import orjson
from django.conf import settings
from django.db import DataError, connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from psycopg.types.json import Jsonb

import engine
from arbiter_site.prepared import begun_with_first_statement, model_from_row, prepared_cursor
from gamelogs import outbox
from gamelogs.alerts import alert_staff
from gamelogs.models import FINAL_STATES, GameLog, LogState, LogVerification
from gamelogs.storable import storable, storable_with_text
from games import game_ids

logger = logging.getLogger(__name__)

MISSING = "missing"
ALREADY_VERIFIED = "already-verified"
LEASED = "leased"  # another worker holds the log and its lease has not run out

# The columns a verdict writes (``_apply``); the raw upload is never among them.
VERDICT_FIELDS = [
    "state", "verdict", "summary", "engine_version", "ruleset_version", "content_pack_sha", "error_rule",
    "error_event_index", "result_winner", "events_verified", "events_total", "players", "verified_at",
    "lease_until", "lease_owner",
]  # fmt: skip
_VERDICT_INDEX = VERDICT_FIELDS.index("verdict")
# Keys of a verdict that name who decided it, not what it decided (see ``same_decision``).
_VERSION_KEYS = frozenset({"engine_version", "ruleset_version"})


def is_current(log: GameLog) -> bool:
    """Decided by the running engine and the current ruleset of the log's game."""
    return (
        log.state in FINAL_STATES
        and log.engine_version == engine.ENGINE_VERSION
        and log.ruleset_version == engine.ruleset_version(log.game)
    )


def verify_stored_log(
    log_id: int, *, force: bool = False, reason: str = "upload", reraise: tuple = (), owner: str = ""
) -> str:
    """Verify one stored log and record the verdict. Returns the new state, or MISSING /
    ALREADY_VERIFIED / LEASED when there was nothing to do. ``owner`` (the task id) takes over its
    own lease on a retry. Exceptions in ``reraise`` (e.g. the task runner's time limit) propagate
    from the engine run instead of becoming a defect verdict."""
    log = claim(log_id, owner)  # an upload: leased and read in one statement
    if log is None:
        log = GameLog.objects.filter(pk=log_id).first()
        if log is None:
            return MISSING
        if not force and is_current(log):
            return ALREADY_VERIFIED  # a repeated delivery: the verdict and its effects are committed
        if not log.is_final:
            if log.attempts >= settings.ARBITER_MAX_ATTEMPTS:
                return give_up(log_id)
            return LEASED
        # A decided log verified again (a release, or forced): it keeps its verdict until the new one.
    started = time.perf_counter()
    verdict = run_engine(log.raw_bytes(), reraise=reraise, progress=progress_writer(log_id))
    duration_ms = int((time.perf_counter() - started) * 1000)
    try:
        return record_verdict(log_id, verdict, reason=reason, force=force, duration_ms=duration_ms, log=log)
    except DataError as exc:
        return record_unstorable(log_id, exc)


def claim(log_id: int, owner: str = "") -> GameLog | None:
    """queued → verifying, holding the log for ``ARBITER_LEASE_SECONDS``, and return it (upload
    included); None if it is decided, used up its attempts, or held by a live worker. A log left
    verifying by a dead worker (lease run out) is taken over; a retry of the same task takes its own
    lease back."""
    now = timezone.now()
    sql = _claim_statement(bool(owner), connection.alias)
    params = [LogState.VERIFYING, now, now + lease_length(), owner, log_id, settings.ARBITER_MAX_ATTEMPTS]
    params += [LogState.QUEUED, LogState.VERIFYING, now] + ([owner] if owner else [])
    with prepared_cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else model_from_row(GameLog, row)


@lru_cache(maxsize=4)
def _claim_statement(by_owner: bool, alias: str) -> str:
    mine = " OR lease_owner = %s" if by_owner else ""
    # Every column named, in the model's order (``model_from_row``), the upload among them.
    columns = ", ".join(connection.ops.quote_name(f.column) for f in GameLog._meta.concrete_fields)
    return (
        f"UPDATE {GameLog._meta.db_table} SET state = %s, started_at = %s, attempts = attempts + 1, "  # nosec B608 - table name from the model's Meta, values bound as parameters
        f"lease_until = %s, lease_owner = %s WHERE id = %s AND attempts < %s AND (state = %s OR "
        f"(state = %s AND (lease_until IS NULL OR lease_until < %s{mine}))) RETURNING {columns}"
    )


def take_lease(log_id: int, owner: str = "") -> bool:
    """``claim`` without reading the log (tests and tools)."""
    return claim(log_id, owner) is not None


def lease_length() -> timedelta:
    return timedelta(seconds=settings.ARBITER_LEASE_SECONDS)


PROGRESS_INTERVAL_S = 0.5  # the log page polls once a second; more writes would show nothing more


def progress_writer(log_id: int, interval: float = PROGRESS_INTERVAL_S):
    """An ``engine.verify`` progress callback that records how many events are verified so far, at
    most once per ``interval`` seconds, while the log is still being verified; each write renews
    the worker's lease (a heartbeat)."""
    last = time.monotonic()

    def report(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if done >= total or now - last < interval:
            return  # the verdict itself records the final count
        last = now
        GameLog.objects.filter(pk=log_id, state=LogState.VERIFYING).update(
            events_verified=done, lease_until=timezone.now() + lease_length()
        )

    return report


def run_engine(content: bytes, *, reraise: tuple = (), progress=None) -> dict:
    """The engine's verdict as a dict. ``engine.verify`` never raises by contract; if it does
    anyway, that is an engine defect and still ends in a verdict, not a retry loop."""
    try:
        return verdict_dict(engine.verify(content, progress=progress))
    except reraise:
        raise
    except Exception as exc:  # noqa: BLE001
        logger.exception("engine.verify raised; recording an engine-defect verdict")
        return platform_verdict(
            "ENGINE-DEFECT", f"the engine failed on this log ({type(exc).__name__}); please report it"
        )


def verdict_dict(verdict: engine.Verdict) -> dict:
    """``verdict.to_dict()`` without its deep copy: the result, statistics and players are plain JSON
    data the verdict owns (dataclasses.asdict copies them value by value, a fifth of the engine's time)."""
    data = {field.name: getattr(verdict, field.name) for field in dataclasses.fields(verdict)}
    if verdict.error is not None:
        data["error"] = dataclasses.asdict(verdict.error)
    data["legal"] = verdict.legal
    data["summary"] = verdict.summary()
    return data


def platform_verdict(rule: str, message: str, game: str | None = None) -> dict:
    """An "unreadable" verdict decided by the platform (engine defect, time limit, gave up), shaped
    like ``engine.Verdict.to_dict()`` so pages and receivers need no special case."""
    verdict = engine.Verdict(
        status="unreadable",
        engine_version=engine.ENGINE_VERSION,
        game=game,
        ruleset_version=engine.ruleset_version(game) if game else "",
        error=engine.Violation(rule=rule, message=message),
    )
    return verdict.to_dict()


def record_timeout(log_id: int, seconds: int) -> str:
    """The task ran out of time: record that as the verdict (re-verified on the next release)."""
    verdict = platform_verdict("PLATFORM-TIMEOUT", f"verification took longer than {seconds} seconds")
    return record_verdict(log_id, verdict, reason="timeout", force=False)


def give_up(log_id: int) -> str:
    """The log was handed to workers ``ARBITER_MAX_ATTEMPTS`` times without a verdict (workers
    killed while holding it, errors on every try): record a terminal verdict and tell staff."""
    log = GameLog.objects.only("attempts", "game").filter(pk=log_id).first()
    if log is None:
        return MISSING
    verdict = platform_verdict(
        "PLATFORM-GAVE-UP",
        f"verification did not finish after {log.attempts} attempts; staff have been told",
        log.game,
    )
    state = record_verdict(log_id, verdict, reason="gave-up", force=False)
    if state in FINAL_STATES:
        alert_staff(
            f"log {log_id} given up after {log.attempts} attempts",
            f"log {log_id} ({log.game}) never reached a verdict; it is marked unreadable (PLATFORM-GAVE-UP). "
            "The worker logs say why; `manage.py reverify_logs --all --game …` tries it again.",
        )
    return state


def record_unstorable(log_id: int, exc: DataError) -> str:
    """PostgreSQL refused the verdict (a value no column can hold): record that as the verdict,
    so the log does not go back to the queue forever, and tell staff."""
    reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    logger.error("log %s: the verdict could not be stored: %s", log_id, reason)
    game = GameLog.objects.filter(pk=log_id).values_list("game", flat=True).first()
    verdict = platform_verdict(
        "PLATFORM-UNSTORABLE", "the verdict could not be stored; staff have been told", game
    )
    state = record_verdict(log_id, verdict, reason="unstorable", force=True)
    alert_staff(f"the verdict of log {log_id} could not be stored", reason)
    return state


def record_verdict(
    log_id: int, verdict: dict, *, reason: str, force: bool, duration_ms: int = 0, log: GameLog | None = None
) -> str:
    """In one transaction: write ``verdict`` onto the log, add a history row and run the
    ``log_verified`` receivers; if a receiver fails, write the verdict with an outbox row instead.
    ``log`` is the instance already read (its upload is handed to the receivers, and its verdict is
    the one the new verdict is compared with)."""
    verdict, text = storable_with_text(verdict)
    if log is None:
        log = GameLog.objects.filter(pk=log_id).first()
        if log is None:
            return MISSING
    previous = log.verdict if log.is_final else None
    try:
        return _write_verdict(log, verdict, previous, reason, force, duration_ms, effects=True, text=text)
    except outbox.EffectsFailed as failed:
        return _write_verdict(log, verdict, previous, reason, force, duration_ms, effects=failed, text=text)


def _write_verdict(log, verdict, previous, reason, force, duration_ms, *, effects, text=None) -> str:
    changes = describe_changes(previous, verdict)
    _apply(log, verdict)
    history = _history(log, reason, changes, duration_ms)
    with transaction.atomic():
        written, found = _update_with_history(log, history, force=force, verdict_text=text)
        if not written:
            return ALREADY_VERIFIED if GameLog.objects.filter(pk=log.pk).exists() else MISSING
        if effects is True:
            outbox.run_effects(log, verdict, interested=found)
        else:
            outbox.postpone_effects(log, effects)
    return log.state


def _update_with_history(
    log: GameLog, history: dict, *, force: bool, verdict_text: bytes | None = None
) -> tuple[bool, dict | None]:
    """Write the verdict columns of ``log`` and add its history row. Returns (written, interests):
    written is False (nothing written) if the log is gone or, unless ``force``, already holds a
    current verdict: under the row lock the UPDATE takes, a worker that wrote this verdict first wins.
    On PostgreSQL one statement (#14: each is a round trip inside the verdict's transaction): the
    history row inserted from the UPDATE's result, and the ``log_verified`` receivers' interest checks
    (``outbox.interests``) read in the same statement; elsewhere interests is None (run_effects reads
    them itself). ``verdict_text``: ``log.verdict`` as JSON already (``storable_with_text``), sent as
    it is."""
    if connection.vendor != "postgresql":
        rows = GameLog.objects.filter(pk=log.pk)
        if not force:
            rows = rows.exclude(current_verdicts())
        if not rows.update(**{field: getattr(log, field) for field in VERDICT_FIELDS}):
            return False, None
        LogVerification.objects.create(**history)
        return True, None
    checks = outbox.interest_checks()
    sql, fields, columns, interest_params = _verdict_statement(force, checks, connection.alias)
    params = [f.get_db_prep_save(getattr(log, f.attname), connection) for f in fields] + [log.pk]
    if verdict_text is not None:
        params[_VERDICT_INDEX] = Jsonb(log.verdict, dumps=lambda _verdict: verdict_text)
    if not force:
        games = sorted(game_ids())
        params += [
            sorted(FINAL_STATES),
            engine.ENGINE_VERSION,
            games,
            [engine.ruleset_version(g) for g in games],
        ]
    row = LogVerification(**history)
    params += [f.get_db_prep_save(f.pre_save(row, True), connection) for f in columns]
    if checks:
        params += [*interest_params, log.pk]
    with prepared_cursor() as cursor:
        with begun_with_first_statement():  # the first statement of the verdict's transaction
            cursor.execute(sql, params)
        written, *found = cursor.fetchone()
    if not written:
        return False, None
    return True, (dict(zip((name for name, _ in checks), map(bool, found), strict=True)) if checks else None)


@lru_cache(maxsize=8)
def _verdict_statement(force: bool, checks: tuple, alias: str) -> tuple[str, list, list, tuple]:
    """The statement of ``_update_with_history`` (built once per process), the log's fields it
    writes, the history row's columns and the parameters of the interest checks (the log's id
    follows them). The checks read the snapshot the statement started with, as the query of their
    own did inside the same transaction: they look at other tables, which the verdict leaves alone."""
    quote = connection.ops.quote_name
    fields = [GameLog._meta.get_field(name) for name in VERDICT_FIELDS]
    where = "id = %s"
    if not force:  # ~current_verdicts(), spelled for this statement
        where += (
            " AND NOT (state = ANY(%s::text[]) AND engine_version = %s"
            " AND (game, ruleset_version) IN (SELECT * FROM unnest(%s::text[], %s::text[])))"
        )
    columns = [f for f in LogVerification._meta.concrete_fields if not f.primary_key]
    interests_sql, interest_params = outbox.interests_query(checks) if checks else ("", ())
    sql = (
        f"WITH written AS (UPDATE {quote(GameLog._meta.db_table)}"  # nosec B608 - table name from the model's Meta, values bound as parameters
        f" SET {', '.join(f'{quote(f.column)} = %s' for f in fields)} WHERE {where} RETURNING id),"
        f" history AS (INSERT INTO {quote(LogVerification._meta.db_table)}"
        f" ({', '.join(quote(f.column) for f in columns)})"
        f" SELECT {', '.join(f'%s::{_cast(f)}' for f in columns)} FROM written RETURNING 1)"
        " SELECT (SELECT COUNT(*) FROM history)"
        + (
            f", interests.* FROM (SELECT 1) AS one LEFT JOIN ({interests_sql}) AS interests ON TRUE"
            if checks
            else ""
        )
    )
    return sql, fields, columns, interest_params


def _cast(field) -> str:
    # Every value is typed (a NULL too); text columns refuse what is too long rather than cut it.
    if field.get_internal_type() in ("CharField", "TextField"):
        return "text"
    return field.db_type(connection)


def _apply(log: GameLog, verdict: dict) -> None:
    error = verdict.get("error") or {}
    result = verdict.get("result") or {}
    log.state = verdict["status"]
    log.verdict = verdict
    log.summary = verdict.get("summary", "")
    log.engine_version, log.ruleset_version = _versions(verdict, log.game)
    log.content_pack_sha = ((verdict.get("content_pack") or {}).get("sha256") or "")[:64]
    log.error_rule = (error.get("rule") or "")[:64]
    log.error_event_index = error.get("event_index")
    log.result_winner = str(result.get("winner") or "")[:32]
    log.events_verified = verdict.get("events_verified", 0)
    if verdict.get("events_total"):
        log.events_total = verdict["events_total"]
    if verdict.get("players"):
        log.players = verdict["players"]
    log.verified_at = timezone.now()
    log.lease_until, log.lease_owner = None, ""


def _versions(verdict: dict, game: str) -> tuple[str, str]:
    """The (engine, ruleset) versions a verdict is stored under."""
    engine_version = verdict.get("engine_version") or ""
    ruleset_version = verdict.get("ruleset_version") or engine.ruleset_version(game)
    return engine_version[:32], ruleset_version[:32]


def _history(log: GameLog, reason: str, changes: list[str], duration_ms: int) -> dict:
    return {
        "log": log,
        "engine_version": log.engine_version,
        "ruleset_version": log.ruleset_version,
        "content_pack_sha": log.content_pack_sha,
        "status": log.state,
        "summary": log.summary,
        "result_winner": log.result_winner,
        "error_rule": log.error_rule,
        "error_event_index": log.error_event_index,
        "reason": reason,
        "changed": bool(changes),
        "changes": changes,
        "duration_ms": duration_ms,
    }


def same_decision(previous: dict | None, current: dict) -> bool:
    """The two verdicts decide the same (only the versions that decided differ): their effects,
    statistics rows and match results, would be the same too."""
    if previous is None:
        return False
    keys = (set(previous) | set(current)) - _VERSION_KEYS
    return all(previous.get(key) == current.get(key) for key in keys)


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


def current_verdicts() -> Q:
    """Logs decided by the running engine and the current ruleset of their game (``is_current``)."""
    current = Q(pk__in=[])
    for game in game_ids():
        current |= Q(game=game, ruleset_version=engine.ruleset_version(game))
    return Q(state__in=FINAL_STATES, engine_version=engine.ENGINE_VERSION) & current


def stale_verdicts() -> Q:
    """Logs whose verdict another engine version, or an older ruleset of their game, decided."""
    stale = ~Q(engine_version=engine.ENGINE_VERSION)
    for game in game_ids():
        stale |= Q(game=game) & ~Q(ruleset_version=engine.ruleset_version(game))
    return stale


def logs_to_reverify(
    *, game: str | None = None, limit: int | None = None, include_current: bool = False
) -> QuerySet:
    """Decided logs with a stale verdict (``stale_verdicts``), newest first. With
    ``include_current`` every decided log (for a changed content pack, whose hash no version carries)."""
    logs = GameLog.objects.filter(state__in=FINAL_STATES).order_by("-created_at", "-id")
    if not include_current:
        logs = logs.filter(stale_verdicts())
    if game:
        logs = logs.filter(game=game)
    return logs[:limit] if limit else logs


def reverify_batch(log_ids, *, force: bool = False) -> dict[int, str]:
    """Re-verify many decided logs in one transaction with bulk writes; returns {log id: new state}
    for the logs it re-verified (current ones are skipped unless ``force``).

    The effects (``log_verified`` receivers) run only for verdicts that decide something new, or for
    every log with ``force`` (which also repairs effects lost before the outbox existed).

    After a release most new verdicts decide what the stored ones decided (#25): each is compared
    with its stored verdict as soon as the engine returns it and then dropped, and all of them get
    the new versions stamped on, and their history rows, in one statement (``_restamp_unchanged``),
    without a model instance or a second read of the rows. Only verdicts that decide something new
    are kept, checked (``storable``) and written whole with their effects (``_record_batch``)."""
    if force or connection.vendor != "postgresql":
        return _reverify_whole(log_ids, force=force)
    unchanged, decided, contents = [], {}, {}
    for log_id, game, content, stored, verified_at in _stale_rows(log_ids):
        started = time.perf_counter()
        verdict = run_engine(bytes(content))
        duration_ms = int((time.perf_counter() - started) * 1000)
        if stored is not None and same_decision(_parsed(stored), verdict):
            unchanged.append((log_id, verified_at, *_versions(verdict, game), duration_ms))
        else:
            decided[log_id], contents[log_id] = (storable(verdict), duration_ms), content
    if not unchanged and not decided:
        return {}
    try:
        if decided:
            with transaction.atomic():
                states = _restamp_unchanged(unchanged, others=list(decided))
                states.update(_record_batch(decided, contents, force=False))
        else:  # one statement, a transaction by itself: no BEGIN and COMMIT to wait for (#25)
            states = _restamp_unchanged(unchanged, others=[])
    except DataError:
        # One verdict PostgreSQL refused spoils the batch: record them one by one instead.
        ids = sorted([*decided, *(row[0] for row in unchanged)])
        logger.warning("a batch verdict could not be stored; recording logs %s one by one", ids)
        return {log_id: verify_stored_log(log_id, force=True, reason="reverify") for log_id in ids}
    # A log written meanwhile (an upload's forced re-verification, another batch) is not the one
    # compared: verified again from what is stored now (skipped if that is current).
    lost = [row[0] for row in unchanged if row[0] not in states]
    if lost:
        states.update(_reverify_whole(lost, force=False))
    return states


def _parsed(stored: str) -> dict:
    """A stored verdict's JSON text (``jsonb`` as text: standard JSON) as a dict, by orjson (under half
    json.loads' time, #25). orjson reads an integer beyond 64 bits as a float: such a verdict then
    compares as changed and is written whole, as a changed one is."""
    return orjson.loads(stored)


def _stale_rows(log_ids) -> list[tuple]:
    """(id, game, upload, stored verdict as JSON text, verified_at) of the decided logs among
    ``log_ids`` whose verdict is not current (``is_current``), in id order. The verdicts stay text
    until each is compared (one at a time, so a batch's worth of decoded verdicts never piles up).
    The current ones are left out by the statement, so their uploads are never sent; the rows come
    in binary (an upload as its bytes, not as hex text twice its size: half the bytes to wait for,
    and no hex to encode or decode) through a prepared statement."""
    games = sorted(game_ids())
    params = [sorted(set(log_ids)), sorted(FINAL_STATES), engine.ENGINE_VERSION, games]
    params.append([engine.ruleset_version(game) for game in games])
    with prepared_cursor(binary=True) as cursor:
        cursor.execute(_stale_statement(connection.alias), params)
        return cursor.fetchall()


@lru_cache(maxsize=4)
def _stale_statement(alias: str) -> str:
    # ~is_current(): a game the engine does not know has the ruleset version "" (engine.ruleset_version).
    return (
        "SELECT logs.id, logs.game, logs.content, logs.verdict::text, logs.verified_at"
        f" FROM {GameLog._meta.db_table} AS logs"  # nosec B608 - table name from the model's Meta, values bound as parameters
        " WHERE logs.id = ANY(%s::bigint[]) AND logs.state = ANY(%s::text[]) AND NOT (logs.engine_version = %s::text"
        " AND logs.ruleset_version = COALESCE((SELECT known.ruleset_version FROM unnest(%s::text[], %s::text[])"
        " AS known(game, ruleset_version) WHERE known.game = logs.game), ''))"
        " ORDER BY logs.id"
    )


def _restamp_unchanged(unchanged: list[tuple], *, others: list[int]) -> dict[int, str]:
    """Stamp the new versions on the logs of ``unchanged`` ((id, verified_at when compared, engine
    version, ruleset version, duration in ms) each), whose new verdicts decide what the stored ones
    decide, and add their history rows (unchanged: the row's columns, which those verdicts share), in
    one statement; returns {log id: state} of those written. A log is written only if it is still
    decided and verified when it was read (the verdict compared is the one stored). The statement
    locks ``others`` too (the logs written whole next), all in id order as ``_record_batch`` would."""
    if not unchanged:
        return {}
    ids, verified, engine_versions, ruleset_versions, durations = map(list, zip(*unchanged, strict=True))
    now = timezone.now()
    params = [sorted([*ids, *others]), ids, verified, engine_versions, ruleset_versions, durations]
    params += [now, sorted(FINAL_STATES), now]
    with prepared_cursor() as cursor:  # the arrays sent as they are, not spelled into the statement
        cursor.execute(_restamp_statement(connection.alias), params)
        return dict(cursor.fetchall())


@lru_cache(maxsize=4)
def _restamp_statement(alias: str) -> str:
    quote = connection.ops.quote_name
    logs, runs = quote(GameLog._meta.db_table), quote(LogVerification._meta.db_table)
    # The history row of a verdict that decides the same: the log's columns as ``_history`` reads them.
    copied = ["engine_version", "ruleset_version", "content_pack_sha", "summary", "result_winner", "error_rule",
              "error_event_index"]  # fmt: skip
    return (
        f"WITH locked AS (SELECT id, state, verified_at FROM {logs} WHERE id = ANY(%s::bigint[])"  # nosec B608 - table and column names from the models' Meta, values bound as parameters
        " ORDER BY id FOR UPDATE),"
        " new AS (SELECT * FROM unnest(%s::bigint[], %s::timestamptz[], %s::text[], %s::text[], %s::integer[])"
        " AS new(id, verified_at, engine_version, ruleset_version, duration_ms)),"
        f" written AS (UPDATE {logs} AS logs SET engine_version = new.engine_version,"
        " ruleset_version = new.ruleset_version, verified_at = %s, lease_until = NULL, lease_owner = '',"
        " verdict = logs.verdict || jsonb_build_object('engine_version', new.engine_version,"
        " 'ruleset_version', new.ruleset_version)"
        " FROM new JOIN locked ON locked.id = new.id WHERE logs.id = new.id AND locked.state = ANY(%s::text[])"
        " AND locked.verified_at IS NOT DISTINCT FROM new.verified_at"
        f" RETURNING logs.id, logs.state, {', '.join(f'logs.{quote(c)}' for c in copied)}, new.duration_ms),"
        f" history AS (INSERT INTO {runs} (log_id, status, {', '.join(quote(c) for c in copied)},"
        " reason, changed, changes, duration_ms, created_at)"
        f" SELECT id, state, {', '.join(quote(c) for c in copied)}, 'reverify', FALSE, '[]'::jsonb, duration_ms, %s"
        " FROM written RETURNING log_id, status)"
        " SELECT log_id, status FROM history"
    )


def _reverify_whole(log_ids, *, force: bool = False) -> dict[int, str]:
    """``reverify_batch`` keeping every new verdict until the batch is written (forced batches, whose
    effects run for every log, and databases other than PostgreSQL)."""
    # The upload and what ``is_current`` reads; the verdicts are read once, under the lock.
    found = GameLog.objects.filter(pk__in=list(log_ids), state__in=FINAL_STATES)
    found = found.only("id", "game", "state", "engine_version", "ruleset_version", "content")
    logs = {log.pk: log for log in found}
    decided = {}
    for log_id, log in sorted(logs.items()):
        if force or not is_current(log):
            started = time.perf_counter()
            verdict = storable(run_engine(log.raw_bytes()))
            decided[log_id] = (verdict, int((time.perf_counter() - started) * 1000))
    if not decided:
        return {}
    try:
        with transaction.atomic():
            return _record_batch(decided, {log_id: log.content for log_id, log in logs.items()}, force=force)
    except DataError:
        # One verdict PostgreSQL refused spoils the batch: record them one by one instead.
        logger.warning("a batch verdict could not be stored; recording logs %s one by one", sorted(decided))
        return {log_id: verify_stored_log(log_id, force=True, reason="reverify") for log_id in decided}


def _record_batch(decided: dict, contents: dict, *, force: bool) -> dict[int, str]:
    """Write the verdicts of ``decided`` ({log id: (verdict, duration in ms)}) inside the caller's
    transaction, under the rows' lock, with their history rows and, for those that decide something
    new (every one with ``force``), their effects; ``contents``: the logs' uploads, for the effects."""
    if not decided:
        return {}
    locked = GameLog.objects.select_for_update().defer("content").filter(pk__in=list(decided)).order_by("pk")
    written, restamped, history, effects = [], [], [], []
    for log in locked:
        if not log.is_final or (not force and is_current(log)):
            continue  # an upload's own task has it, or another worker re-verified it first
        verdict, duration_ms = decided[log.pk]
        previous = log.verdict
        changes = describe_changes(previous, verdict)
        same = same_decision(previous, verdict)
        _apply(log, verdict)
        (restamped if same and connection.vendor == "postgresql" else written).append(log)
        history.append(LogVerification(**_history(log, "reverify", changes, duration_ms)))
        if force or not same:
            log.content = contents[log.pk]
            effects.append((log, verdict))
    _update_many(written)
    _restamp(restamped)
    LogVerification.objects.bulk_create(history)
    for log, verdict in effects:
        failed = outbox.run_effects_in_savepoint(log, verdict)
        if failed is not None:
            outbox.postpone_effects(log, failed)
    return {log.pk: log.state for log in written + restamped}


def _update_many(logs: list[GameLog]) -> None:
    """Write the verdict columns of many logs: one UPDATE per log, sent together (psycopg pipelines
    executemany), instead of bulk_update's CASE expressions, which cost more to build than to run."""
    fields = [GameLog._meta.get_field(name) for name in VERDICT_FIELDS]
    table, quote = GameLog._meta.db_table, connection.ops.quote_name
    sql = f"UPDATE {quote(table)} SET {', '.join(f'{quote(f.column)} = %s' for f in fields)} WHERE id = %s"  # nosec B608 - table and column names from the model's Meta, values bound as parameters
    rows = [
        [f.get_db_prep_save(getattr(log, f.attname), connection) for f in fields] + [log.pk] for log in logs
    ]
    if rows:
        with connection.cursor() as cursor:
            cursor.executemany(sql, rows)


def _restamp(logs: list[GameLog]) -> None:
    """Write the versions of verdicts that decide what the stored ones decided (the common case after
    a release): one UPDATE per pair of versions, the verdict's JSON edited in place, instead of
    sending every verdict back whole (its encoding cost more than the rest of the write, #14)."""
    groups: dict[tuple[str, str], list[int]] = {}
    for log in logs:
        groups.setdefault((log.engine_version, log.ruleset_version), []).append(log.pk)
    table = connection.ops.quote_name(GameLog._meta.db_table)
    sql = (
        f"UPDATE {table} SET engine_version = %s, ruleset_version = %s, verified_at = %s, lease_until = NULL,"  # nosec B608 - table name from the model's Meta, values bound as parameters
        " lease_owner = '', verdict = verdict || jsonb_build_object('engine_version', %s::text,"
        " 'ruleset_version', %s::text) WHERE id = ANY(%s)"
    )
    with connection.cursor() as cursor:
        for (engine_version, ruleset_version), ids in groups.items():
            cursor.execute(
                sql, [engine_version, ruleset_version, timezone.now(), engine_version, ruleset_version, ids]
            )


def reverify(log_ids, *, force: bool = False, batch_size: int = 100) -> list[LogVerification]:
    """Re-verify the given logs in this process, in batches; returns the history rows written."""
    log_ids = list(log_ids)
    states = {}
    for start in range(0, len(log_ids), batch_size):
        states.update(reverify_batch(log_ids[start : start + batch_size], force=force))
    runs = {}
    for run in LogVerification.objects.filter(log_id__in=list(states)).order_by(
        "log_id", "-created_at", "-id"
    ):
        runs.setdefault(run.log_id, run)
    return [runs[log_id] for log_id in log_ids if log_id in runs]
