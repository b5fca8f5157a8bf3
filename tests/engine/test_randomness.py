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


class _Reference:
    """The documented derivation written plainly (hmac.new per draw, below() and the shuffle as
    docs/log-format.md §Randomness words them): the stream's inlined draws must give the same numbers."""

    def __init__(self, seed_hex: str):
        self.key, self.counter = bytes.fromhex(seed_hex), 0

    def draw(self) -> int:
        digest = hmac.new(self.key, str(self.counter).encode("ascii"), hashlib.sha256).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, k: int) -> int:
        while True:
            x = self.draw()
            if x < (2**64 // k) * k:
                return x % k

    def dice(self, n: int) -> list[int]:
        return [self.below(6) + 1 for _ in range(n)]

    def shuffle(self, items: list) -> list:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def _seeds():
    # Every seed length the log format allows (16 to 64 bytes) and a key longer than SHA-256's block.
    for i in range(240):
        size = (16, 32, 48, 64, 65, 100)[i % 6]
        yield (
            hashlib.sha256(b"seed %d" % i).digest().hex() * (size // 32)
            + hashlib.sha256(b"tail %d" % i).digest()[: size % 32].hex()
        )


def test_the_inlined_draws_match_the_documented_derivation_over_many_seeds():
    """below(), dice() and shuffle(), mixed as a game mixes them, give what the plain derivation gives, and
    leave the counter where it leaves it: the stream of every seeded log stays the same."""
    for n, seed in enumerate(_seeds()):
        ours, ref = SeededStream(seed, commitment_for(seed)), _Reference(seed)
        for step in range(12):
            k = (1, 2, 3, 5, 6, 7, 52, 255, 256, 257, 1000, 2**31 + 11, 2**62 + 1, 2**63 + 5, 2**64 - 1)[
                (n + step) % 15
            ]
            assert ours.below(k) == ref.below(k)
            assert ours.dice((n + step) % 9) == ref.dice((n + step) % 9)
            deck = list(range((n * 7 + step) % 40 if step else 250 + n % 20))  # past the cached limits too
            assert ours.shuffle(deck) == ref.shuffle(deck)
            assert ours._draw() == ref.draw()
            assert ours.counter == ref.counter
