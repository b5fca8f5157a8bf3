"""Where dice and shuffles come from: recorded at the table, or derived from a committed seed.

Seeded derivation (language-independent, docs/log-format.md §Randomness):

* The header carries ``commitment`` = SHA-256(seed bytes), published before the game, and the
  revealed ``seed`` (hex). The engine checks the commitment first.
* Draw number ``n`` (0, 1, 2, … across the whole game, in the order the rules consume randomness)
  is the unsigned big-endian integer of the first 8 bytes of HMAC-SHA256(key=seed bytes,
  message=ASCII decimal ``n``).
* ``below(k)`` (a uniform integer in [0, k)) takes draws until one is < floor(2^64 / k) · k and
  returns it modulo k (rejection sampling: no modulo bias). A die is ``below(6) + 1``.
* A shuffle is Fisher–Yates from the last position down: for i = len−1 … 1, swap i with below(i+1).
"""

from __future__ import annotations

import hashlib
import struct

from engine.core.errors import UnreadableLog

try:  # CPython's own SHA-256 (Python 3.11: _sha256; 3.12 on: _sha2). For the one-block messages of a draw
    # its copy, update and digest cost a fraction of OpenSSL's; the digests are SHA-256's either way.
    from _sha256 import sha256 as _sha256
except ImportError:  # pragma: no cover — another Python
    try:
        from _sha2 import sha256 as _sha256
    except ImportError:
        _sha256 = hashlib.sha256

_TWO64 = 1 << 64
_DIE_LIMIT = (_TWO64 // 6) * 6  # below(6)'s rejection limit
# below(k)'s rejection limit for the k of dice and decks, looked up instead of computed at every draw.
_LIMITS = tuple((_TWO64 // k) * k if k else 0 for k in range(257))
_U64 = struct.Struct(">Q").unpack_from  # the first 8 bytes of a digest, big-endian, in one call


def commitment_for(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def _keyed(key: bytes) -> tuple:
    """The ``copy`` methods of SHA-256 already fed the inner and the outer padded key of HMAC-SHA256
    (RFC 2104): the keyed hashes are never updated themselves, only their copies are."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    return _sha256(bytes(b ^ 0x36 for b in key)).copy, _sha256(bytes(b ^ 0x5C for b in key)).copy


_BLOCK = 64  # SHA-256's block size in bytes


class SeededStream:
    """The deterministic stream of draws for one game.

    Every draw is HMAC-SHA256 from the two keyed hashes (:func:`_keyed`): copying them costs a fraction of
    keying again, and far less than hmac.HMAC.copy() or hmac.digest(), whose set-up per call is most of a
    draw's cost. The draws are inlined in :meth:`below`, :meth:`dice` and :meth:`shuffle`: a shuffle or a
    roll takes one per card or die. tests/engine/test_randomness.py holds them to hmac.new over many seeds."""

    def __init__(self, seed_hex: str, commitment: str):
        try:
            self._key = bytes.fromhex(seed_hex)
        except ValueError:
            raise UnreadableLog(
                "the revealed seed is not hexadecimal", rule="LOG-4.2", path="/randomness/seed"
            ) from None
        if hashlib.sha256(self._key).hexdigest() != commitment:
            raise UnreadableLog(
                "the revealed seed does not match the published commitment (SHA-256 of the seed)",
                rule="LOG-4.2",
                path="/randomness/commitment",
            )
        self.counter = 0
        self._keyed = _keyed(self._key)

    # A replay's copy() copies its stream: the keyed hashes cannot be pickled, so only the key and the
    # counter are state, and the hashes are keyed again from them.
    def __getstate__(self) -> dict:
        return {"key": self._key, "counter": self.counter}

    def __setstate__(self, state: dict) -> None:
        self._key, self.counter = state["key"], state["counter"]
        self._keyed = _keyed(self._key)

    def __copy__(self) -> SeededStream:
        # The keyed hashes are never updated themselves, so a copy shares them instead of keying again.
        new = object.__new__(SeededStream)
        new._key, new.counter, new._keyed = self._key, self.counter, self._keyed
        return new

    def _draw(self) -> int:
        inner_copy, outer_copy = self._keyed
        inner = inner_copy()
        inner.update(b"%d" % self.counter)  # ASCII decimal
        outer = outer_copy()
        outer.update(inner.digest())
        self.counter += 1
        return _U64(outer.digest())[0]

    def below(self, k: int) -> int:
        limit = _LIMITS[k] if type(k) is int and 0 < k <= 256 else (_TWO64 // k) * k
        inner_copy, outer_copy = self._keyed
        counter = self.counter
        while True:
            inner = inner_copy()
            inner.update(b"%d" % counter)
            outer = outer_copy()
            outer.update(inner.digest())
            counter += 1
            x = _U64(outer.digest())[0]
            if x < limit:
                self.counter = counter
                return x % k

    def dice(self, n: int) -> list[int]:
        """``n`` times ``below(6) + 1``: dice are most of the draws a game makes."""
        inner_copy, outer_copy = self._keyed
        counter, out = self.counter, []
        append = out.append
        while n > 0:
            inner = inner_copy()
            inner.update(b"%d" % counter)
            outer = outer_copy()
            outer.update(inner.digest())
            counter += 1
            x = _U64(outer.digest())[0]
            if x < _DIE_LIMIT:  # else rejected, as below(6) rejects it, and drawn again
                append(x % 6 + 1)
                n -= 1
        self.counter = counter
        return out

    def shuffle(self, items: list) -> list:
        """Fisher–Yates from the last position down: position ``i`` swaps with ``below(i + 1)``."""
        out = list(items)
        inner_copy, outer_copy = self._keyed
        counter = self.counter
        for i in range(len(out) - 1, 0, -1):
            k = i + 1
            limit = _LIMITS[k] if k <= 256 else (_TWO64 // k) * k
            while True:
                inner = inner_copy()
                inner.update(b"%d" % counter)
                outer = outer_copy()
                outer.update(inner.digest())
                counter += 1
                x = _U64(outer.digest())[0]
                if x < limit:
                    break
            j = x % k
            out[i], out[j] = out[j], out[i]
        self.counter = counter
        return out
