"""verify(): replay a log through its game's ruleset and return a Verdict. Never raises on bad input."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import IllegalEvent, Text, UnreadableLog, plain_params
from engine.core.logfile import parse_envelope
from engine.core.registry import ruleset_for, ruleset_version
from engine.core.verdict import Verdict, Violation
from engine.version import ENGINE_VERSION


def parse_log(data: bytes | str | dict) -> dict:
    """Decode ``data`` and check the shared envelope (size caps, JSON, schema, known game).

    This is the quick check the web process runs before queueing a log. Returns the parsed
    document; raises ``engine.core.errors.UnreadableLog`` with a message a person understands.
    """
    doc, _ = parse_envelope(data)
    return doc


PROGRESS_EVERY = 250  # events between progress reports: frequent enough for a progress bar, cheap


def verify(
    log: bytes | str | dict,
    *,
    content_pack: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Verdict:
    """Replay ``log`` event by event and decide whether every event was legal.

    ``log`` is the upload as bytes or text, or an already parsed dict. ``content_pack`` is an
    organizer-supplied pack (a parsed pack document) to use instead of the built-in pack that the
    log's header names; its id and hash are recorded in the verdict either way.

    ``progress``, if given, is called as ``progress(events_done, events_total)`` every
    ``PROGRESS_EVERY`` events and once at the end of a complete replay; it must not raise.

    Returns a ``Verdict`` whose status is "legal", "illegal" (with the first illegal event, the rule
    it broke and why) or "unreadable" (with what could not be read). It does not raise.
    """
    base = {"engine_version": ENGINE_VERSION}
    try:
        doc, digest = parse_envelope(log)
    except UnreadableLog as exc:
        return Verdict(status="unreadable", error=_unreadable(exc), **base)
    base.update(
        game=doc["game"],
        ruleset_version=ruleset_version(doc["game"]),
        log_sha256=digest,
        simulated=bool(doc.get("simulated", False)),
        events_total=len(doc["events"]),
        players=[{"id": p["id"], "name": p["name"], "faction": p["faction"]} for p in doc["players"]],
    )
    try:
        ruleset = ruleset_for(doc["game"])
        replay = ruleset.start(doc, content_pack=content_pack)
    except UnreadableLog as exc:
        return Verdict(status="unreadable", error=_unreadable(exc), **base)
    except IllegalEvent as exc:
        return Verdict(status="illegal", error=_illegal(exc), **base)
    except Exception as exc:  # noqa: BLE001 — a defect while reading the header is still a verdict
        return _defect(exc, None, base)
    base.update(content_pack=replay.content_ref, ruleset_options=replay.options)
    base["players"] = replay.player_summaries()
    index = -1
    try:
        events = doc["events"]
        total = len(events)
        apply = replay.apply
        if progress is None:  # the usual case: nothing to ask at each event
            for index, event in enumerate(events):
                apply(index, event)
        else:
            for index, event in enumerate(events):
                apply(index, event)
                if (index + 1) % PROGRESS_EVERY == 0:
                    progress(index + 1, total)
        replay.finish()
        if progress is not None:
            progress(total, total)
    except UnreadableLog as exc:
        if exc.event_index is None:
            exc.event_index = index if index >= 0 else None
        return Verdict(status="unreadable", error=_unreadable(exc), events_verified=max(index, 0), **base)
    except IllegalEvent as exc:
        event = doc["events"][index] if 0 <= index < len(doc["events"]) else None
        return Verdict(
            status="illegal",
            events_verified=max(index, 0),
            error=_illegal(
                exc,
                event_index=index if event is not None else None,
                round=replay.round_number(),
                actor=replay.describe_actor(event) if event is not None else None,
                event=event,
            ),
            **base,
        )
    except Exception as exc:  # noqa: BLE001 — an engine defect must still yield a verdict, never a traceback
        return _defect(exc, index, base)
    return Verdict(
        status="legal",
        events_verified=len(doc["events"]),
        result=replay.result(),
        statistics=replay.statistics(),
        **base,
    )


def _defect(exc: Exception, index: int | None, base: dict) -> Verdict:
    if index is None:
        text = Text(
            "the engine failed while reading the header ({error}); please report this log",
            error=type(exc).__name__,
        )
    else:
        text = Text(
            "the engine failed on this event ({error}); please report this log", error=type(exc).__name__
        )
    return Verdict(
        status="unreadable",
        events_verified=max(index or 0, 0),
        error=Violation(
            rule="ENGINE-DEFECT",
            message=str(text),
            event_index=index if index is not None and index >= 0 else None,
            message_id=text.template,
            params=plain_params(text.params),
        ),
        **base,
    )


def _illegal(exc: IllegalEvent, **where) -> Violation:
    return Violation(
        rule=exc.rule, message=exc.message, message_id=exc.template, params=exc.message_params, **where
    )


def _unreadable(exc: UnreadableLog) -> Violation:
    return Violation(
        rule=exc.rule,
        message=exc.message,
        event_index=exc.event_index,
        path=exc.path,
        message_id=exc.template,
        params=exc.message_params,
    )
