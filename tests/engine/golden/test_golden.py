"""The golden corpus: every pinned Battleground verdict is reproduced byte for byte (BG-28.5 determinism),
and every legal one's statistics and result follow their versioned schemas (docs/statistics.md).

A change that alters a verdict must rebuild the corpus (``python -m tests.engine.golden.build``) in the
same commit and explain, in that commit, which verdicts changed and why.
"""

from __future__ import annotations

import pytest

import engine
from tests.engine.golden import build


@pytest.fixture(scope="module")
def corpus():
    return build.load()


def test_the_corpus_is_large_and_mixed(corpus):
    _packs, records = corpus
    kinds = {r["id"].split("-")[0] for r in records}
    statuses = {r["essence"]["status"] for r in records}
    assert len(records) >= 2000
    assert {"sim", "integration", "mutant", "dropped", "swapped"} <= kinds
    assert {"legal", "illegal"} <= statuses


@pytest.mark.parametrize("part", range(4))
def test_every_pinned_verdict_is_reproduced_byte_for_byte(corpus, part):
    packs, records = corpus
    decided, laid_out, off_contract = [], [], []
    for record in records[part::4]:
        pack = packs.get(record["pack"]) if record["pack"] else None
        verdict = build.verify(record["log"], pack)
        if verdict.legal:
            info = engine.game(verdict.game)
            problems = info.validate_statistics(verdict.statistics) + info.validate_result(verdict.result)
            if problems:
                off_contract.append((record["id"], problems[:3]))
        if build.essence(verdict) != record["essence"]:
            decided.append((record["id"], record["essence"], build.essence(verdict)))
        elif build.digest(verdict) != record["verdict_sha256"]:
            laid_out.append(record["id"])
    assert not decided, f"{len(decided)} verdicts decide differently, e.g. {decided[:3]}"
    assert not laid_out, f"{len(laid_out)} verdicts changed in bytes only, e.g. {laid_out[:5]}"
    assert not off_contract, f"{len(off_contract)} legal verdicts break the schemas, e.g. {off_contract[:2]}"
