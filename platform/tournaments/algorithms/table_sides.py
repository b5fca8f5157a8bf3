"""Which of a game's two factions each side of a table plays, balanced over the rounds like
colours in chess.

For games whose sides are chosen at the table rather than registered (Fields of Eternia: each
game is one Masters team against one Evil Warriors team, FE-2.1, FE-4.1.2), pairing decides who
meets and this module decides who plays which faction. Pure: no database.

At each table, in this order (the FIDE colour rules, with the first faction as White):

1. the side that has played the first faction fewer times than the second (its *balance* is
   lower) gets the first faction, unless both are equally due;
2. otherwise the side whose last game was the second faction gets the first one (alternation);
3. otherwise (both new, or the same history) the first-listed side gets the first faction at
   odd tables and the second at even ones, so a round deals each faction evenly.
"""

from __future__ import annotations

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
) -> dict[Hashable, str]:
    """{side: faction} for the two sides of one table."""
    a, b = list(history.get(first, ())), list(history.get(second, ()))
    if balance(a, factions) != balance(b, factions):
        first_gets_first = balance(a, factions) < balance(b, factions)
    elif a and b and a[-1] != b[-1]:
        first_gets_first = a[-1] == factions[1]
    else:
        first_gets_first = table % 2 == 1
    one, other = factions if first_gets_first else factions[::-1]
    return {first: one, second: other}


def spread(history: Mapping[Hashable, Sequence[str]], factions: tuple[str, str]) -> int:
    """The largest |balance| over every side: 0 or 1 when the event has dealt evenly."""
    return max((abs(balance(h, factions)) for h in history.values()), default=0)
