"""What a user can do with game logs: submit one, and see the ones that are theirs.

Other apps call these functions, never the models directly, to create logs:

    submit_log(uploader, data, *, source="api", filename="") -> SubmitResult
        Runs the engine's quick envelope check (size cap, UTF-8, JSON, envelope schema, known
        game), stores the raw bytes keyed by their SHA-256 and queues verification after the
        transaction commits. Returns ``SubmitResult(log, duplicate)``: an upload whose hash is
        already stored returns the existing log with ``duplicate=True`` (and records that this
        user submitted it too). Raises ``UploadRejected(message, code)`` for bad input; ``code``
        is one of REJECTION_CODES. Never verifies inline: a worker does that.

    logs_visible_to(user) -> QuerySet[GameLog]
        Logs are private to the people who submitted them; staff see every log.

Once a worker has decided, ``gamelogs.signals.log_verified`` is sent (see that module).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import engine
from gamelogs import queue
from gamelogs.models import GameLog, LogSource, LogSubmission
from refusals.catalog import localised_message

REJECTION_CODES = {
    "empty": "the upload is empty",
    "too_large": "the upload is over the size limit",
    "not_utf8": "the upload is not UTF-8 text",
    "not_json": "the upload is not JSON",
    "not_a_log": "the JSON is not a game log",
    "unknown_game": "the game is not one Arbiter knows",
    "invalid_log": "the log does not match the log format",
}

# The engine's envelope rule ids (docs/log-format.md) → our rejection codes.
_CODE_BY_RULE = {"LOG-1.1": "too_large", "LOG-1.2": "not_utf8", "LOG-1.3": "not_json", "LOG-1.4": "not_a_log"}


class UploadRejected(Exception):
    """Bad input, refused before anything is stored. ``code`` is a key of REJECTION_CODES;
    ``rule`` is the engine's rule id when the engine refused it."""

    def __init__(self, message: str, code: str, *, rule: str | None = None, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.rule = rule
        self.path = path

    @property
    def status_code(self) -> int:
        return 413 if self.code == "too_large" else 400


@dataclass(frozen=True)
class SubmitResult:
    log: GameLog
    duplicate: bool


def max_upload_bytes() -> int:
    return min(settings.ARBITER_MAX_UPLOAD_BYTES, engine.MAX_LOG_BYTES)


FILE_TOO_LARGE = gettext_noop("The file is %(size)s bytes; the limit is %(limit)s bytes (%(mib)d MiB).")
UPLOAD_TOO_LARGE = gettext_noop("The upload is %(size)s bytes; the limit is %(limit)s bytes (%(mib)d MiB).")


def too_large_message(template: str, size: int) -> str:
    """``template`` (a message marked with gettext_noop) with the size and the limit in the reader's
    number format."""
    limit = max_upload_bytes()
    return _(template) % {
        "size": number_format(size, force_grouping=True),
        "limit": number_format(limit, force_grouping=True),
        "mib": limit // (1024 * 1024),
    }


def check_upload(data: bytes) -> dict:
    """The quick checks the web process may run: returns the parsed log or raises UploadRejected."""
    if not data:
        raise UploadRejected(_("The file is empty."), "empty")
    limit = max_upload_bytes()
    if len(data) > limit:
        raise UploadRejected(
            too_large_message(FILE_TOO_LARGE, len(data)),
            "too_large",
        )
    try:
        return engine.parse_log(data)
    except engine.UnreadableLog as exc:
        code = _CODE_BY_RULE.get(exc.rule, "invalid_log")
        if exc.path == "/game" and exc.rule != "LOG-1.3":
            code = "unknown_game"
            message = _("Unknown game: Arbiter verifies %(games)s.") % {
                "games": ", ".join(g.id for g in engine.games())
            }
        else:
            said = localised_message(
                {"message": exc.message, "message_id": exc.template, "params": exc.message_params}
            )
            message = said[:1].upper() + said[1:]
        raise UploadRejected(message, code, rule=exc.rule, path=exc.path) from None


def submit_log(uploader, data: bytes, *, source: str = LogSource.API, filename: str = "") -> SubmitResult:
    """Check, store and queue an uploaded log (see the module docstring)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    doc = check_upload(bytes(data))
    digest = hashlib.sha256(data).hexdigest()
    filename = (filename or "")[:255]

    existing = GameLog.objects.filter(sha256=digest).first()
    if existing is not None:
        _record_submission(existing, uploader, source, filename)
        return SubmitResult(log=existing, duplicate=True)

    try:
        with transaction.atomic():
            log = GameLog.objects.create(
                uploader=uploader,
                sha256=digest,
                game=doc["game"],
                size=len(data),
                content=bytes(data),
                filename=filename,
                source=source,
                simulated=bool(doc.get("simulated", False)),
                players=[{"id": p["id"], "name": p["name"], "faction": p["faction"]} for p in doc["players"]],
                events_total=len(doc["events"]),
            )
            LogSubmission.objects.create(log=log, user=uploader, source=source, filename=filename)
    except IntegrityError:
        # The same bytes arrived twice at once: the other request stored them first.
        existing = GameLog.objects.get(sha256=digest)
        _record_submission(existing, uploader, source, filename)
        return SubmitResult(log=existing, duplicate=True)

    # Queue only once the row is committed, so a worker can never look for a log that is not there.
    log_id = log.pk
    transaction.on_commit(lambda: queue.enqueue_verification(log_id), robust=True)
    return SubmitResult(log=log, duplicate=False)


def _record_submission(log: GameLog, user, source: str, filename: str) -> None:
    LogSubmission.objects.get_or_create(log=log, user=user, defaults={"source": source, "filename": filename})


def logs_visible_to(user) -> QuerySet[GameLog]:
    """Logs this user may see: the ones they submitted, or every log for staff."""
    if not user.is_authenticated:
        return GameLog.objects.none()
    if user.is_staff:
        return GameLog.objects.all()
    return GameLog.objects.filter(submissions__user=user)


def submissions_of(user) -> QuerySet[LogSubmission]:
    """The user's own uploads, newest first (duplicates included), for "my uploads" pages."""
    return LogSubmission.objects.filter(user=user).select_related("log").defer("log__content", "log__verdict")
