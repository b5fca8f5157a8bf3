"""The seeded stream (engine/core/randomness.py, docs/log-format.md §Randomness): the documented derivation,
and copies that go on exactly like the original without touching it."""

from __future__ import annotations

import copy
import hashlib
import hmac
import pickle

import pytest

from engine.core.errors import UnreadableLog
from engine.core.randomness import SeededStream, commitment_for

SEED = "00112233445566778899aabbccddeeff"


def stream() -> SeededStream:
    return SeededStream(SEED, commitment_for(SEED))


def test_draws_follow_the_documented_derivation():
    """Draw n = the first 8 bytes of HMAC-SHA256(seed, ASCII n), big-endian; a die is below(6) + 1."""
    key = bytes.fromhex(SEED)
    expected = []
    n = 0
    while len(expected) < 50:
        x = int.from_bytes(hmac.new(key, str(n).encode(), hashlib.sha256).digest()[:8], "big")
        n += 1
        if x < (2**64 // 6) * 6:
            expected.append(x % 6 + 1)
    assert stream().dice(50) == expected


@pytest.mark.parametrize("duplicate", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))])
def test_a_copy_continues_the_same_stream_independently(duplicate):
    original = stream()
    original.dice(7)
    before = original.counter
    twin = duplicate(original)
    assert twin.counter == before
    ahead = twin.dice(20)
    assert original.counter == before  # the copy's draws left the original alone
    assert original.dice(20) == ahead
    assert original.shuffle(list(range(10))) == twin.shuffle(list(range(10)))


def test_a_seed_that_does_not_match_its_commitment_is_refused():
    with pytest.raises(UnreadableLog) as exc:
        SeededStream(SEED, commitment_for("ff" * 16))
    assert exc.value.rule == "LOG-4.2"
