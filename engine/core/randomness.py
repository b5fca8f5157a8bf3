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

from engine.core.errors import UnreadableLog

_TWO64 = 1 << 64
_DIE_LIMIT = (_TWO64 // 6) * 6  # below(6)'s rejection limit


def commitment_for(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def _keyed(key: bytes) -> tuple:
    """SHA-256 already fed the inner and the outer padded key of HMAC-SHA256 (RFC 2104): never updated
    themselves, only their copies are."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(bytes(b ^ 0x36 for b in key)), hashlib.sha256(bytes(b ^ 0x5C for b in key))


_BLOCK = 64  # SHA-256's block size in bytes


class SeededStream:
    """The deterministic stream of draws for one game."""

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
        # HMAC-SHA256 (RFC 2104) from the two keyed hashes: copying them costs a fraction of keying again,
        # and less than hmac.HMAC.copy(), whose Python wrapper is most of a draw's cost.
        inner_keyed, outer_keyed = self._keyed
        inner = inner_keyed.copy()
        inner.update(str(self.counter).encode("ascii"))
        outer = outer_keyed.copy()
        outer.update(inner.digest())
        self.counter += 1
        return int.from_bytes(outer.digest()[:8], "big")

    def below(self, k: int) -> int:
        limit = (_TWO64 // k) * k
        inner_keyed, outer_keyed = self._keyed
        while True:  # _draw(), inlined: a shuffle or a roll takes one per card or die
            inner = inner_keyed.copy()
            inner.update(str(self.counter).encode("ascii"))
            outer = outer_keyed.copy()
            outer.update(inner.digest())
            self.counter += 1
            x = int.from_bytes(outer.digest()[:8], "big")
            if x < limit:
                return x % k

    def dice(self, n: int) -> list[int]:
        """``n`` times ``below(6) + 1``, with :meth:`_draw` and :meth:`below` inlined: dice are most of the
        draws a game makes, and two calls per die were a third of a die's cost."""
        inner_keyed, outer_keyed = self._keyed
        counter, out = self.counter, []
        while len(out) < n:
            inner = inner_keyed.copy()
            inner.update(str(counter).encode("ascii"))
            outer = outer_keyed.copy()
            outer.update(inner.digest())
            counter += 1
            x = int.from_bytes(outer.digest()[:8], "big")
            if x < _DIE_LIMIT:  # else rejected, as below(6) rejects it, and drawn again
                out.append(x % 6 + 1)
        self.counter = counter
        return out

    def shuffle(self, items: list) -> list:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
