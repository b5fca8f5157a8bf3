"""Tournament points for a finishing place in a free-for-all pod of three or four seats.

An event lists the points per place for its largest pod, first place first (default 3/2/1/0).
A smaller pod reads that list scaled to its size: the places are spread evenly from the first
value to the last and read off the straight line between the list's values, so a pod of three
under 3/2/1/0 scores 3/1.5/0. This is the pinball championships' group scoring ("Pinburgh"
3-2-1-0 for four players, 3-1.5-0 for three; IFPA's 7-5-3-1 / 7-4-1 is the same line doubled):
first and last place are worth the same at every table and a seat's expected points are equal
(1.5) in a pod of three and of four, so nobody gains or loses by the size of the pod they were
drawn into. Seats tied for a place share the points of the places they cover (two seats tied
for 2nd of four under 3/2/1/0 each take (2 + 1) / 2 = 1.5), as in the common rule of splitting
tied places' points evenly.

The place itself is the game's: in Hoplomachus' Pandemonium the last troop standing is 1st and
the others follow in the reverse order they went out (HR-16.1.2), which the engine's generic
result gives as each seat's ``rank``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.algorithms.errors import InvalidInput

#: Pinburgh-style points for a pod of four: 1st 3, 2nd 2, 3rd 1, 4th 0.
DEFAULT_PLACEMENT_POINTS: tuple[float, ...] = (3, 2, 1, 0)


def check_placement_points(table: Sequence[float]) -> None:
    """Raise InvalidInput unless ``table`` gives two or more places, none worth more than the one above."""
    if len(table) < 2:
        raise InvalidInput("placement points need a value for at least two places (first place first)")
    if any(later > earlier for earlier, later in zip(table, table[1:], strict=False)):
        shown = "/".join(f"{v:g}" for v in table)
        raise InvalidInput(f"placement points must not increase from first place down (got {shown})")


def scaled(table: Sequence[float], seats: int) -> list[float]:
    """The points of places 1..``seats`` in a pod of ``seats``, read off ``table`` (see the module)."""
    if seats < 1:
        raise InvalidInput("a pod has at least one seat")
    if seats == len(table):
        return [float(v) for v in table]
    if seats == 1:
        return [float(table[0])]
    last = len(table) - 1
    points = []
    for place in range(seats):
        x = place * last / (seats - 1)
        low = int(x)
        high = min(low + 1, last)
        points.append(float(table[low]) + (x - low) * (float(table[high]) - float(table[low])))
    return points


def placement_points(
    place: int, seats: int, tied: int = 1, table: Sequence[float] = DEFAULT_PLACEMENT_POINTS
) -> float:
    """Points for finishing ``place`` (1 = first) in a pod of ``seats`` with ``tied`` seats sharing
    that place. Raises InvalidInput for a place outside the pod."""
    if not 1 <= place <= seats or tied < 1 or place + tied - 1 > seats:
        raise InvalidInput(f"place {place} (shared by {tied}) is not a place in a pod of {seats}")
    by_place = scaled(table, seats)
    shared = by_place[place - 1 : place - 1 + tied]
    return round(sum(shared) / tied, 4)
