"""Which of a game's two factions each side of a table plays, balanced over the rounds like
colours in chess.

For games whose sides are chosen at the table rather than registered (Fields of Eternia: each
game is one Masters team against one Evil Warriors team, FE-2.1, FE-4.1.2), pairing decides who
meets and this module decides who plays which faction. Pure: no database.

At each table, in this order (the FIDE colour rules, with the first faction as White, and
alternation put first so that a side does not play one faction in consecutive rounds):

1. no side plays the faction it played in its last game, when a dealing allows it: two sides whose
   last games were different factions each get the other one, a new side facing a side with a
   history takes the faction the other just played;
2. otherwise (both last played the same faction, so one of them plays it again; or both are new)
   the side that has played the first faction fewer times than the second (its *balance* is
   lower) gets the first faction, unless both are equally due;
3. otherwise, both new: the first-listed side gets the first faction at odd tables and the second
   at even ones, so a round deals each faction evenly;
4. otherwise (the same last faction and the same balance) which side plays its last faction again
   is drawn from the event's seed, the round and the table: the same event deals the same way
   every time it is paired again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Mapping, Sequence


def balance(history: Sequence[str], factions: tuple[str, str]) -> int:
    """Games with the first faction minus games with the second."""
    return sum(1 if f == factions[0] else -1 if f == factions[1] else 0 for f in history)


def deal(
    first: Hashable,
    second: Hashable,
    *,
    table: int,
    factions: tuple[str, str],
    history: Mapping[Hashable, Sequence[str]],
    seed: int = 0,
    round_number: int = 0,
) -> dict[Hashable, str]:
    """{side: faction} for the two sides of one table; ``seed`` and ``round_number`` (the event's
    random seed and the round being dealt) decide the last rule only."""
    a, b = list(history.get(first, ())), list(history.get(second, ()))
    # How many sides would play their last game's faction again, per dealing.
    again = {
        True: (bool(a) and a[-1] == factions[0]) + (bool(b) and b[-1] == factions[1]),
        False: (bool(a) and a[-1] == factions[1]) + (bool(b) and b[-1] == factions[0]),
    }
    if again[True] != again[False]:
        first_gets_first = again[True] < again[False]
    elif balance(a, factions) != balance(b, factions):
        first_gets_first = balance(a, factions) < balance(b, factions)
    elif not a and not b:
        first_gets_first = table % 2 == 1
    else:
        first_gets_first = _draw(seed, round_number, table)
    one, other = factions if first_gets_first else factions[::-1]
    return {first: one, second: other}


def _draw(seed: int, round_number: int, table: int) -> bool:
    """A coin from the event's seed, the round and the table (stable across runs and machines)."""
    digest = hashlib.sha256(f"table-sides:{seed}:{round_number}:{table}".encode()).digest()
    return digest[0] % 2 == 0


def repeats(history: Mapping[Hashable, Sequence[str]]) -> int:
    """Games in which a side played the faction of its previous game, over every side."""
    return sum(1 for h in history.values() for i in range(1, len(h)) if h[i] == h[i - 1])


def spread(history: Mapping[Hashable, Sequence[str]], factions: tuple[str, str]) -> int:
    """The largest |balance| over every side: 0 or 1 when the event has dealt evenly."""
    return max((abs(balance(h, factions)) for h in history.values()), default=0)
