"""The platform push of BG-9.2.10: a one-hex miniature's climb or descent into an occupied hex pushes the
occupant into a hex sharing a side with it. footprint.py asks this for a one-hex miniature's steps; a
massive base never pushes anyone aside (its positions are free of other miniatures, BG-19.2), and nobody
pushes a massive miniature aside (BG-19.10)."""

from __future__ import annotations

from engine.core.errors import IllegalEvent, UnreadableLog


def aside_hexes(g, unit, occupied, mover_at: int) -> list[int]:
    """BG-9.2.10: the hexes a character pushed aside may go to: a hex that shares a side with its own (IT
    l. 842 "un esagono che condivida un lato", ES l. 809, PL l. 975: the originals say nothing of height),
    empty and standable (BG-AMB-18 problem 1), other than the hex the mover pushes from. So an occupant of
    a one-hex platform may be pushed down off it. The ruleset option ``push_aside_same_height`` keeps the
    specification's reading (BG-AMB-18): only hexes at its own height with no edge blocker between
    (BG-2.1.4)."""
    board = g.board
    near = board.adjacent[unit.hex] if g.options["push_aside_same_height"] else board.sides[unit.hex]
    return sorted(x for x in near if board.standable(x) and x not in occupied and x != mover_at)


class PlatformPushes:
    """BG-9.2.10: a climb or descent into an occupied hex pushes the occupant into a hex sharing a side
    with it, its controller choosing; if it cannot be pushed (a massive miniature, BG-19.10, or no hex for
    it, BG-AMB-18), the mover cannot enter. The move or movement event names the chosen hexes in its
    ``push`` field, one per push in order (it may leave out a push with a single choice). A push never
    causes opportunity attacks or guard (BG-18.5.6).

    The ``push`` field is read when first needed: before the first step of a miniature that may push
    (footprint.check_path), else once the path has been checked (:meth:`done`)."""

    def __init__(self, g, mover, event: dict):
        self.g, self.mover, self.event = g, mover, event
        self.given: list[int] | None = None
        self.pushed: list[tuple] = []
        self.chosen = False

    def read(self) -> list[int]:
        if self.given is None:
            given = self.event.get("push", [])
            if not isinstance(given, list):
                raise UnreadableLog("'push' lists the hexes the pushed characters go to", rule="LOG-5.2")
            try:  # most moves push no one: no list built for them
                self.given = [self.g.board.parse(str(label)) for label in given] if given else []
            except ValueError as exc:
                raise UnreadableLog("push: {exc}", exc=exc, rule="LOG-5.2") from None
        return self.given

    def push(self, cur: int, h: int, occupied: dict, enemy_hexes: set) -> int:
        g, board, mover = self.g, self.g.board, self.mover
        given = self.read()
        occupant = occupied[h]
        if not board.climbs(cur, h):
            raise IllegalEvent(
                "BG-9.2.3", "{h} holds {name}; a move cannot enter it", h=board.label(h), name=occupant.name
            )
        if not occupant.footprint.pushable:
            raise IllegalEvent(
                "BG-9.2.10",
                "{name} is a massive miniature and cannot be pushed (BG-19.10), so {name_2} cannot enter {h}",
                name=occupant.name,
                name_2=mover.name,
                h=board.label(h),
            )
        options = aside_hexes(g, occupant, occupied, cur)
        if not options:
            where = "at its height " if g.options["push_aside_same_height"] else ""
            raise IllegalEvent(
                "BG-9.2.10",
                "{name} has no empty hex {where}beside {h} to be pushed into, so {name_2} cannot enter it",
                name=occupant.name,
                where=where,
                h=board.label(h),
                name_2=mover.name,
            )
        k = len(self.pushed)
        if k < len(given):
            dest = given[k]
            if dest not in options:
                raise IllegalEvent(
                    "BG-9.2.10",
                    "{name} can be pushed from {h} only into {map}, not {dest}",
                    name=occupant.name,
                    h=board.label(h),
                    map=", ".join(map(board.label, options)),
                    dest=board.label(dest),
                )
        elif len(options) == 1:
            dest = options[0]
        elif g.dice.author is not None:
            dest, self.chosen = g.dice.author.choose(options), True
        else:
            raise IllegalEvent(
                "BG-9.2.10",
                "{name} chooses where {name_2} is pushed: the log must name one of {map} ('push')",
                name=g.sides[occupant.player].name,
                name_2=occupant.name,
                map=", ".join(map(board.label, options)),
            )
        self.pushed.append((occupant, dest))
        del occupied[h]
        occupied[dest] = occupant
        if h in enemy_hexes:
            enemy_hexes.discard(h)
            enemy_hexes.add(dest)
        return 3  # BG-9.2.7 / BG-9.2.8

    def done(self) -> tuple[tuple[str, int], ...]:
        given = self.read()
        if len(given) > len(self.pushed):
            raise IllegalEvent(
                "BG-9.2.10",
                "{name} pushes {pushed_count} character(s) aside; the log names {given_count} hexes ('push')",
                name=self.mover.name,
                pushed_count=len(self.pushed),
                given_count=len(given),
            )
        if self.chosen:
            self.event["push"] = [self.g.board.label(h) for _, h in self.pushed]
        if not self.pushed:
            return ()  # most moves push no one
        return tuple((u.key, h) for u, h in self.pushed)


def push_moves(g, unit, best: dict, mp: int, occupied: dict, enemy_hexes: set) -> list[tuple[int, int, int]]:
    """(hex reached, occupied hex climbed or descended into, where its occupant goes) for each Move of the
    one-hex ``unit`` that ends pushing a character aside (BG-9.2.10); ``best`` is movement.reachable's
    table, ``occupied`` and ``enemy_hexes`` where the others stand."""
    board = g.board
    out = []
    for h in sorted(best):
        if best[h][0] + 3 > mp or (h != unit.hex and board.adjacent[h] & enemy_hexes):
            continue
        for b in board.sides[h]:
            occupant = occupied.get(b)
            if occupant is None or not occupant.footprint.pushable or not board.climbs(h, b):
                continue
            options = aside_hexes(g, occupant, occupied, h)
            if options:
                out.append((h, b, options[0]))
    return out
