"""Content packs: card, unit and map data, versioned, loaded by id and hashed.

A pack is one JSON document ``<pack-id>.json`` in the game's content folder (``GameInfo.content_dir``,
``engine/games/<game>/content/`` for a built-in game) with a ``pack`` block (id, version, game) and the
game's tables. Its hash is SHA-256 over the canonical JSON of the
whole document (sorted keys, no whitespace, UTF-8), so reformatting a file never changes it.
An organizer may supply a corrected pack; the verdict records the id, version and hash used.

A built-in pack that changes keeps its earlier documents in the folder's ``superseded/``, named
``<pack-id>-<first 16 hex digits of the hash>.json``: a log names the hash of the data it was played
with, so a log recorded before the change is still replayed with exactly that data.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from engine.core.errors import UnreadableLog


def pack_hash(doc: dict) -> str:
    canonical = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def builtin_pack_ids(folder: Path) -> list[str]:
    """The ids of the packs in a game's content folder."""
    return sorted(p.name[:-5] for p in Path(folder).iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=16)
def _load_builtin(folder: Path, pack_id: str) -> tuple[dict, str]:
    path = Path(folder) / f"{pack_id}.json"
    if not path.is_file():
        raise UnreadableLog(
            "content pack '{pack_id}' is not known; available: {builtin_pack_ids}",
            pack_id=pack_id,
            builtin_pack_ids=", ".join(builtin_pack_ids(folder)),
            rule="LOG-3.2",
            path="/content_pack/id",
        )
    doc = json.loads(path.read_text("utf-8"))
    return doc, pack_hash(doc)


@lru_cache(maxsize=16)
def _load_superseded(folder: Path, pack_id: str, sha256: str) -> tuple[dict, str] | None:
    """The earlier built-in ``pack_id`` whose hash is ``sha256``, if this engine still ships it."""
    if not isinstance(sha256, str) or not re.fullmatch(r"[0-9a-f]{64}", sha256):
        return None
    path = Path(folder) / "superseded" / f"{pack_id}-{sha256[:16]}.json"
    if not path.is_file():
        return None
    doc = json.loads(path.read_text("utf-8"))
    digest = pack_hash(doc)
    return (doc, digest) if digest == sha256 else None


def resolve_pack(folder: Path, ref: dict, supplied: dict | None = None) -> tuple[dict, str]:
    """The pack a log names (``ref`` = header["content_pack"]), checked against its hash.

    ``supplied`` overrides the built-in pack (an organizer's corrected pack); its hash must then
    equal the one the log names, so a verdict always says exactly which data it used.
    """
    if supplied is not None:
        if not isinstance(supplied, dict) or not isinstance(supplied.get("pack"), dict):
            # An organizer's upload that is not a pack document at all: a verdict, not a traceback.
            raise UnreadableLog(
                "the supplied content pack is not a pack document (a JSON object with a 'pack' block)",
                rule="LOG-3.5",
                path="/content_pack",
            )
        try:
            doc, digest = supplied, pack_hash(supplied)
        except (RecursionError, ValueError, TypeError):
            raise UnreadableLog(
                "the supplied content pack cannot be read as JSON (too deeply nested, or not JSON values)",
                rule="LOG-3.5",
                path="/content_pack",
            ) from None
        if doc.get("pack", {}).get("id") != ref["id"]:
            raise UnreadableLog(
                "the supplied content pack is '{id}', but the log names '{id_2}'",
                id=doc.get("pack", {}).get("id"),
                id_2=ref["id"],
                rule="LOG-3.2",
                path="/content_pack/id",
            )
    else:
        doc, digest = _load_builtin(folder, ref["id"])
        if digest != ref["sha256"]:
            doc, digest = _load_superseded(folder, ref["id"], ref["sha256"]) or (doc, digest)
    if digest != ref["sha256"]:
        raise UnreadableLog(
            (
                "the log was recorded with content pack '{id}' whose hash is {sha256}…, but the pack available "
                "here hashes to {digest}…; supply the pack the log was made with"
            ),
            id=ref["id"],
            sha256=ref["sha256"][:12],
            digest=digest[:12],
            rule="LOG-3.3",
            path="/content_pack/sha256",
        )
    return doc, digest


def builtin_pack(folder: Path, pack_id: str) -> tuple[dict, str]:
    """(document, sha256) of the pack ``pack_id`` of a game's content folder; UnreadableLog if there is none."""
    return _load_builtin(folder, pack_id)
