"""Reading a log: bytes → JSON → envelope schema, with caps that keep absurd input cheap to refuse."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path

import fastjsonschema
from jsonschema import Draft7Validator

from engine.core.errors import UnreadableLog
from engine.core.event_check import fast_check, inline_refs
from engine.core.registry import find, games

# Caps (docs/log-format.md §Limits). A four-round Battleground game is a few hundred events and
# well under 200 KiB; these leave a wide margin while bounding the work one upload can cause.
MAX_LOG_BYTES = 4 * 1024 * 1024
MAX_EVENTS = 20_000
MAX_DEPTH = 32


def canonical_bytes(data: bytes | str | dict) -> bytes:
    """The bytes a log's hash is taken over: the upload as given, or canonical JSON for a dict."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return data.encode("utf-8")
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_json(data: bytes | str | dict) -> dict:
    """Decode ``data`` into a dict, refusing oversized, non-UTF-8, non-JSON or non-object input."""
    if isinstance(data, dict):
        doc = data
    else:
        raw = canonical_bytes(data)
        if len(raw) > MAX_LOG_BYTES:
            raise UnreadableLog(
                "the log is {raw_count:,} bytes; the limit is {max_log_bytes:,} bytes",
                raw_count=len(raw),
                max_log_bytes=MAX_LOG_BYTES,
                rule="LOG-1.1",
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnreadableLog(
                "the log is not UTF-8 text (byte {start})", start=exc.start, rule="LOG-1.2"
            ) from None
        try:
            # json.loads(text, parse_constant=_refuse_constant) builds a decoder per call; one is kept (json.loads
            # itself still words a byte-order mark at the start).
            doc = (
                json.loads(text, parse_constant=_refuse_constant)
                if text[:1] == "\ufeff"
                else _DECODER.decode(text)
            )
        except json.JSONDecodeError as exc:
            raise UnreadableLog(
                "the log is not valid JSON: {msg} at line {lineno}, column {colno}",
                msg=exc.msg,
                lineno=exc.lineno,
                colno=exc.colno,
                rule="LOG-1.3",
            ) from None
        except RecursionError:
            raise UnreadableLog("the log nests too deeply", rule="LOG-1.3") from None
        except ValueError as exc:  # e.g. an integer literal over Python's 4,300-digit conversion limit
            raise UnreadableLog("the log is not valid JSON: {exc}", exc=exc, rule="LOG-1.3") from None
        # Only an escape can put a NUL or a lone surrogate into a string. Most logs hold no backslash at all,
        # and looking for one character costs a fraction of looking for the two.
        if "\\" in text and "\\u" in text:
            _refuse_unstorable_text(doc)
    if not isinstance(doc, dict):
        raise UnreadableLog("a log must be a JSON object with a header and an 'events' list", rule="LOG-1.4")
    # The events are checked by closed schemas (no free-form nesting); measure the rest of the document.
    if _header_depth(doc) > MAX_DEPTH:
        raise UnreadableLog(
            "the log nests deeper than {max_depth} levels", max_depth=MAX_DEPTH, rule="LOG-1.3"
        )
    return doc


def _refuse_constant(name: str):
    # Python's json reads NaN, Infinity and -Infinity; JSON (RFC 8259) has no such numbers (LOG-1.3).
    raise UnreadableLog(
        "the log is not valid JSON: {name} is not a JSON number (numbers must be finite)",
        name=name,
        rule="LOG-1.3",
    )


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def _refuse_unstorable_text(value, path: str = "") -> None:
    """LOG-1.3: strict JSON text. A NUL (\\u0000) or a lone surrogate (\\ud800) decodes to a string no
    UTF-8 text and no database column can hold; refuse it, naming where it is."""
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                _check_text(key, f"{where}/{key}")
                stack.append((inner, f"{where}/{key}"))
        elif isinstance(item, list):
            stack.extend((inner, f"{where}/{i}") for i, inner in enumerate(item))
        elif isinstance(item, str):
            _check_text(item, where)


def _check_text(text: str, where: str) -> None:
    if "\x00" in text:
        problem = "a NUL character (\\u0000)"
    else:
        try:
            text.encode("utf-8")
            return
        except UnicodeEncodeError:
            problem = "a lone surrogate (\\ud800–\\udfff without its pair)"
    raise UnreadableLog(
        "{value}: the text contains {problem}, which a log may not hold",
        value=where or "/",
        problem=problem,
        rule="LOG-1.3",
        path=where or "/",
    )


def _header_depth(doc: dict) -> int:
    """``_depth`` of ``doc`` without its events, without building that dict: a level at a time, no tuple
    per container (every log's header is measured)."""
    level = [v for k, v in doc.items() if k != "events" and isinstance(v, (dict, list))]
    depth = 1
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            break
        below = []
        for container in level:
            for v in container.values() if isinstance(container, dict) else container:
                if isinstance(v, (dict, list)):
                    below.append(v)
        level = below
    return depth


def _depth(value) -> int:
    """How many objects and arrays nest in ``value`` (counting stops past MAX_DEPTH). Without recursion,
    and with no call per number or string: every log's header is measured."""
    deepest = 0
    todo = [(value, 1)] if isinstance(value, (dict, list)) else []
    while todo:
        container, level = todo.pop()
        if level > deepest:
            deepest = level
            if deepest > MAX_DEPTH:
                break
        for v in container.values() if isinstance(container, dict) else container:
            if isinstance(v, (dict, list)):
                todo.append((v, level + 1))
    return deepest


#: A schema: the name of a generic one (``engine/schemas/<name>.schema.json``: "log", "result"), or the path
#: of a game's own (kept in the game's folder: ``engine/games/<game>/schemas/``).
Schema = str | Path


@lru_cache(maxsize=16)
def _schema(schema: Schema) -> dict:
    if isinstance(schema, Path):
        return json.loads(schema.read_text("utf-8"))
    text = resources.files("engine.schemas").joinpath(f"{schema}.schema.json").read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=16)
def schema_validator(schema: Schema) -> Draft7Validator:
    """A cached validator for ``schema`` that explains errors well."""
    return Draft7Validator(_schema(schema))


@lru_cache(maxsize=16)
def _fast_validator(schema: Schema):
    # Compiled to Python code once: checking a valid log costs a fraction of a generic validator.
    return fastjsonschema.compile(_schema(schema))


def schema_document(schema: Schema) -> dict:
    """The parsed JSON Schema ``schema`` (cached: do not change it)."""
    return _schema(schema)


def validate(doc: dict, schema: Schema, *, rule: str) -> None:
    """Raise UnreadableLog naming the first schema error (deterministically the shallowest one)."""
    try:
        _fast_validator(schema)(doc)
        return
    except fastjsonschema.JsonSchemaException:
        pass  # explain it with the validator that reports every error, and pick one deterministically
    errors = sorted(
        schema_validator(schema).iter_errors(doc), key=lambda e: (len(e.path), list(map(str, e.path)))
    )
    if not errors:
        raise UnreadableLog("the log does not match its schema", rule=rule)
    err = errors[0]
    pointer = "/" + "/".join(str(p) for p in err.path)
    event_index = err.path[1] if len(err.path) > 1 and err.path[0] == "events" else None
    raise UnreadableLog(
        "{pointer}: {plain}",
        pointer=pointer,
        plain=_plain(err),
        rule=rule,
        path=pointer,
        event_index=event_index,
    )


def validate_header(doc: dict, schema: Schema, *, rule: str) -> None:
    """:func:`validate` of a log's header (``doc`` without its events) against a game's ``schema``.

    Every log's header is checked: a valid one by a few plain type tests (engine.core.event_check), anything
    those do not prove valid by :func:`validate` itself, which words the error; the verdict is the same."""
    header = {k: v for k, v in doc.items() if k != "events"}
    _header_check(schema, rule)(header)


@lru_cache(maxsize=16)
def _header_check(schema: Schema, rule: str):
    def full(header: dict) -> None:
        validate(header, schema, rule=rule)

    document = _schema(schema)
    # The header check reads neither the events (left out of the header) nor the schema's bookkeeping.
    body = {k: v for k, v in document.items() if k not in ("$schema", "$id", "$defs", "properties")}
    body["properties"] = {k: v for k, v in document.get("properties", {}).items() if k != "events"}
    inlined = inline_refs(body, document.get("$defs", {}))
    return (fast_check(inlined, full) if inlined is not None else None) or full


@lru_cache(maxsize=1)
def _envelope_check():
    """:func:`validate` of a whole log against the shared envelope schema (LOG-2): a valid log by a few plain
    type tests (engine.core.event_check; the randomness ``oneOf`` by its ``mode``), anything those do not
    prove valid by :func:`validate` itself, which words the error; the verdict is the same."""

    def full(doc: dict) -> None:
        validate(doc, "log", rule="LOG-2")

    document = _schema("log")
    body = {k: v for k, v in document.items() if k not in ("$schema", "$id", "$defs")}
    inlined = inline_refs(body, document.get("$defs", {}))
    return (fast_check(inlined, full) if inlined is not None else None) or full


def schema_fields(schema: Schema, definition: str) -> frozenset[str]:
    """The property names a ``$defs`` object of a schema allows (for cheap per-event checks)."""
    return frozenset(_schema(schema)["$defs"][definition]["properties"])


def explain_event(schema: Schema, event: dict, index: int) -> None:
    """Raise UnreadableLog for an event that breaks the schema, in the schema's own words.

    The error path only: events are applied one by one, and the full validator runs when an event
    has an unknown field or a value of the wrong shape. Returns quietly if the event is valid.
    """
    errors = sorted(
        schema_validator(schema).iter_errors({"events": [event]}),
        key=lambda e: (len(e.path), list(map(str, e.path))),
    )
    if not errors:
        return
    err = errors[0]
    pointer = f"/events/{index}" + "".join(f"/{p}" for p in list(err.path)[2:])
    raise UnreadableLog(
        "{pointer}: {plain}",
        pointer=pointer,
        plain=_plain(err),
        rule="LOG-5.1",
        path=pointer,
        event_index=index,
    )


def _plain(err) -> str:
    if err.validator == "required":
        return err.message.replace("is a required property", "is missing")
    if err.validator in ("enum", "const"):
        return f"{err.instance!r} is not one of the accepted values"
    if err.validator == "maxItems":
        return f"too many entries (at most {err.validator_value})"
    return err.message


def parse_envelope(data: bytes | str | dict) -> tuple[dict, str]:
    """Decode and check the shared envelope. Returns (document, sha256 of the raw upload)."""
    try:
        digest = sha256_hex(canonical_bytes(data))
    except (RecursionError, ValueError, TypeError):
        # A parsed document nested too deeply to re-encode, text that is not encodable (lone surrogates),
        # or values JSON does not have: a verdict, not a traceback (LOG-1).
        raise UnreadableLog(
            "the log cannot be read as a JSON document (too deeply nested, or not JSON values)",
            rule="LOG-1.3",
        ) from None
    doc = load_json(data)
    if isinstance(doc.get("events"), list) and len(doc["events"]) > MAX_EVENTS:
        raise UnreadableLog(
            "the log has {events_count:,} events; the limit is {max_events:,}",
            events_count=len(doc["events"]),
            max_events=MAX_EVENTS,
            rule="LOG-1.1",
        )
    _envelope_check()(doc)
    _known_game(doc["game"])
    return doc, digest


def _known_game(game: str) -> None:
    """LOG-2: the header names a registered game (built in, or installed as a package of its own)."""
    if find(game) is None:
        known = sorted(g.id for g in games())
        raise UnreadableLog(
            "/game: unknown game '{game}' (known: {known})",
            game=game,
            known=", ".join(known),
            rule="LOG-2",
            path="/game",
        )
