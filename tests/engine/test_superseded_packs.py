"""LOG-3.3: a built-in content pack that changed keeps its earlier documents, so a log played with
the earlier data still replays with exactly that data instead of being refused as unreadable.

The logs in ``superseded_packs/`` were simulated by the engine of the commit that shipped each earlier
pack (Battleground d8d9e68, Eternia 73b1616 / 11a9b82 / 5855842 / 823a9bb, Hoplomachus 88134d9 / 823a9bb) and were legal
there; each names its pack's hash.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import engine
from engine.core.content import builtin_pack, pack_hash
from engine.verify import verify

FIXTURES = Path(__file__).parent / "superseded_packs"


def _log(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text("utf-8"))


def _superseded_files():
    for info in engine.games():
        folder = info.content_dir / "superseded" if info.content_dir else None
        if folder is not None and folder.is_dir():
            yield from ((info.content_dir, p) for p in folder.iterdir() if p.name.endswith(".json"))


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.json")))
def test_a_log_made_with_an_earlier_pack_is_verified_with_that_pack(name):
    log = _log(name)
    current = builtin_pack(engine.game(log["game"]).content_dir, log["content_pack"]["id"])[1]
    assert log["content_pack"]["sha256"] != current, "the fixture must name an earlier pack"
    verdict = verify(log).to_dict()
    assert verdict["status"] == "legal", verdict.get("error")
    assert verdict["content_pack"]["sha256"] == log["content_pack"]["sha256"]


def test_a_hash_no_pack_ever_had_is_still_unreadable():
    log = _log(next(p.name for p in FIXTURES.glob("motu-battleground-*.json")))
    log["content_pack"]["sha256"] = "0" * 64
    verdict = verify(log).to_dict()
    assert verdict["status"] == "unreadable"
    assert verdict["error"]["rule"] == "LOG-3.3"
    assert "supply the pack the log was made with" in verdict["error"]["message"]


def test_a_hash_that_shares_only_its_prefix_with_a_superseded_pack_is_unreadable():
    """The file is found by the first 16 hex digits, but only its full hash lets a log use it."""
    log = _log(next(p.name for p in FIXTURES.glob("hoplomachus-remastered-*.json")))
    tampered = copy.deepcopy(log)
    tampered["content_pack"]["sha256"] = log["content_pack"]["sha256"][:16] + "f" * 48
    verdict = verify(tampered).to_dict()
    assert verdict["status"] == "unreadable" and verdict["error"]["rule"] == "LOG-3.3"


@pytest.mark.parametrize("folder,path", list(_superseded_files()), ids=lambda v: getattr(v, "name", v))
def test_every_superseded_pack_is_named_by_its_hash_and_is_not_the_current_one(folder, path):
    doc = json.loads(path.read_text("utf-8"))
    pack_id = doc["pack"]["id"]
    assert path.name == f"{pack_id}-{pack_hash(doc)[:16]}.json"
    assert pack_hash(doc) != builtin_pack(folder, pack_id)[1]
