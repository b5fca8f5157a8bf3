"""Attack dice by colour (HR-2.6) and the other random inputs (Appendix A.1), recorded or seeded.

A die in a log is ``"<colour>:hit"`` or ``"<colour>:miss"`` (Italian ``nero:colpito`` / ``nero:mancato``
also read). Recorded mode: the log lists every die of the pool and the engine checks the colours
against the pool the rules build (HR-8.8.3 step 2). Seeded mode: die *n* of the pool (in pool order:
printed dice in chip order, then Dig In, then tactics in the order played) is a hit when
``below(die_faces) < hit_faces[colour]`` (AMB-1: faces per die come from the pack).

Layer 2: imports only content and the kernel.
"""

from __future__ import annotations

from collections import Counter

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.core.randomness import SeededStream
from engine.games.hoplomachus.content import Content, fold

RESULTS = {"hit": True, "miss": False, "colpito": True, "mancato": False}
MAX_DICE = 64


def _say(what) -> str:
    return what() if callable(what) else what


class Dice:
    def __init__(self, content: Content, stream: SeededStream | None, author=None):
        self.content = content
        self.stream = stream
        self.author = author  # writes what a recorded log leaves out, when the simulator is the author
        self._known: dict[str, tuple[str, bool]] = {}  # die text → (colour, hit), filled as dice are read
        # A recorded roll the shortcut of ``roll`` took (its dice texts, in order) → (colours, hits): a game logs
        # the same few rolls again and again, and each is then read with one lookup. What ``_known`` says of a
        # die never changes, so neither does what it says of a roll.
        self._rolls: dict[tuple, tuple[list[str], list[bool]]] = {}
        # When a list, each roll is noted in it (narrate: the dice the viewer shows).
        self.seen: list[dict] | None = None
        # The (colour, result) pairs no die of the pack can show (HR-2.6.1): a colour with no hit face or no
        # miss face. Usually none, and then a recorded roll needs no die-by-die look for one.
        self._impossible = frozenset(
            [(c, True) for c, n in content.hit_faces.items() if n == 0]
            + [(c, False) for c, n in content.hit_faces.items() if n >= content.die_faces]
        )

    @property
    def seeded(self) -> bool:
        return self.stream is not None

    def roll(
        self, pool: list[str], given, what, rule: str = "HR-8.8.3"
    ) -> tuple[list[bool], list[str] | None]:
        """Results for ``pool`` (colours), and the dice as the log writes them (None when seeded, or with no
        ``author`` to write them back: spelling them out for every roll of a replay is wasted).

        ``what`` names the roll in a refusal; it may be a function giving the words, so that an accepted roll
        (nearly every roll) does not spell out a unit's name for nothing."""
        if self.seen is None and self.author is None:
            # The two usual rolls of a replay, without _roll's calls: a seeded roll the log leaves out, and a
            # recorded roll of dice already read once, listed in pool order with results their colours show.
            if self.stream is not None:
                if given is None:
                    below, faces, hit_faces = (
                        self.stream.below,
                        self.content.die_faces,
                        self.content.hit_faces,
                    )
                    return [below(faces) < hit_faces[c] for c in pool], None
            elif type(given) is list and len(given) == len(pool) <= MAX_DICE:
                try:
                    key = tuple(given)
                    read = self._rolls.get(key)
                    parsed = None if read is not None else list(map(self._known.get, given))
                except TypeError:
                    read = parsed = None
                if read is not None:
                    if read[0] == pool:
                        return list(read[1]), None
                elif (
                    parsed is not None
                    and None not in parsed
                    and [c for c, _ in parsed] == pool
                    and self._impossible.isdisjoint(parsed)
                ):
                    hits = [h for _, h in parsed]
                    self._rolls[key] = (pool[:], hits[:])
                    return hits, None
        hits, written = self._roll(pool, given, what, rule)
        if self.seen is not None:  # the words and, for a Text, its template and params (narrate: who rolled)
            said = _say(what)
            self.seen.append(
                {
                    "what": str(said),
                    **({"what_said": said.data()} if isinstance(said, Text) else {}),
                    "kind": "dice",
                    "pool": list(pool),
                    "hits": list(hits),
                }
            )
        return hits, written

    def _roll(self, pool: list[str], given, what, rule: str) -> tuple[list[bool], list[str] | None]:
        content = self.content
        if self.stream is not None:
            below, faces, hit_faces = self.stream.below, content.die_faces, content.hit_faces
            hits = [below(faces) < hit_faces[c] for c in pool]
            if given is not None and self._parse(given, what) != list(zip(pool, hits, strict=True)):
                written = [f"{c}:{'hit' if h else 'miss'}" for c, h in zip(pool, hits, strict=True)]
                raise IllegalEvent(
                    "LOG-4.3",
                    "{what}: the log records {given} but the committed seed gives {written}",
                    what=_say(what),
                    given=given,
                    written=written,
                )
            return hits, None
        if given is None and self.author is not None:
            given = self.author.dice(pool)
        if given is None:
            raise IllegalEvent(
                rule,
                "{what}: the log must record the {pool_count} dice rolled ({pool})",
                what=_say(what),
                pool_count=len(pool),
                pool=", ".join(pool),
            )
        parsed = self._parse(given, what)
        if len(parsed) != len(pool):
            raise IllegalEvent(
                rule,
                "{what}: {pool_count} dice are rolled ({pool}) but the log records {parsed_count}",
                what=_say(what),
                pool_count=len(pool),
                pool=", ".join(pool),
                parsed_count=len(parsed),
            )
        if [c for c, _ in parsed] != pool and Counter(c for c, _ in parsed) != Counter(pool):
            raise IllegalEvent(
                rule,
                "{what}: the dice rolled are {pool}, but the log records {parsed}",
                what=_say(what),
                pool=", ".join(sorted(pool)),
                parsed=", ".join(sorted(c for c, _ in parsed)),
            )
        if not self._impossible.isdisjoint(parsed):  # a die no face of its colour shows
            for colour, hit in parsed:
                if hit and content.hit_faces[colour] == 0:
                    raise IllegalEvent(
                        "HR-2.6.1", "{what}: a {colour} die has no hit face", what=_say(what), colour=colour
                    )
                if not hit and content.hit_faces[colour] >= content.die_faces:
                    raise IllegalEvent(
                        "HR-2.6.1", "{what}: a {colour} die has no miss face", what=_say(what), colour=colour
                    )
        if self.author is None:
            return [h for _, h in parsed], None
        return [h for _, h in parsed], [f"{c}:{'hit' if h else 'miss'}" for c, h in parsed]

    def _parse(self, given, what) -> list[tuple[str, bool]]:
        if type(given) is list and len(given) <= MAX_DICE:
            # Every die already read once (nearly every die of a log): only strings are known, so an unhashable
            # or unknown die takes the checks below, which word the refusal.
            try:
                out = list(map(self._known.get, given))
            except TypeError:
                out = None
            if out is not None and None not in out:
                return out
        if not isinstance(given, list) or not all(isinstance(d, str) for d in given):
            raise UnreadableLog(
                '{what}: dice are a list such as ["black:hit", "blue:miss"]', what=_say(what), rule="LOG-5.2"
            )
        if len(given) > MAX_DICE:
            raise UnreadableLog(
                "{what}: at most {max_dice} dice in one roll",
                what=_say(what),
                max_dice=MAX_DICE,
                rule="LOG-1.1",
            )
        out = []
        known = self._known
        for d in given:
            hit = known.get(d)
            if hit is not None:
                out.append(hit)
                continue
            colour, _, result = d.partition(":")
            c = self.content.colour(colour)
            r = RESULTS.get(fold(result))
            if c is None or r is None:
                raise UnreadableLog(
                    (
                        "{what}: '{d}' is not a die; write colour:hit or colour:miss (colours: yellow, blue, green, "
                        "black, red)"
                    ),
                    what=_say(what),
                    d=d,
                    rule="LOG-5.2",
                )
            known[d] = (c, r)
            out.append((c, r))
        return out

    def d6(self, given, what: str, rule: str) -> int:
        """An arena die (HR-2.11.1): a standard six-sided die, from the log or from the seed."""
        got = self._d6(given, what, rule)
        if self.seen is not None:
            self.seen.append(
                {
                    "what": str(what),
                    **({"what_said": what.data()} if isinstance(what, Text) else {}),
                    "kind": "d6",
                    "face": got,
                }
            )
        return got

    def _d6(self, given, what: str, rule: str) -> int:
        if self.stream is not None:
            got = self.stream.below(6) + 1
            if given is not None and given != got:
                raise IllegalEvent(
                    "LOG-4.3",
                    "{what}: the log records {given} but the committed seed gives {got}",
                    what=what,
                    given=given,
                    got=got,
                )
            return got
        if given is None and self.author is not None:
            given = self.author.d6()
        if given is None:
            raise IllegalEvent(rule, "{what}: the log must record the arena die rolled", what=what)
        if not isinstance(given, int) or isinstance(given, bool) or not 1 <= given <= 6:
            raise IllegalEvent(
                "HR-2.11.1", "{what}: an arena die shows 1 to 6, not {given!r}", what=what, given=given
            )
        return given

    def pick(self, items: list[str], given, what: str, rule: str) -> str:
        """One random pick among ``items`` (a bag draw, a neutral hero): from the log or from the seed."""
        if self.stream is not None:
            got = items[self.stream.below(len(items))]
            if given is not None and given != got:
                raise IllegalEvent(
                    "LOG-4.3",
                    "{what}: the log records {given} but the committed seed gives {got}",
                    what=what,
                    given=given,
                    got=got,
                )
            return got
        if given is None and self.author is not None:
            given = self.author.pick(items)
        if given is None:
            raise IllegalEvent(rule, "{what}: the log must record what was drawn", what=what)
        if given not in items:
            raise IllegalEvent(
                rule,
                "{what}: '{given}' could not have been drawn (possible: {items})",
                what=what,
                given=given,
                items=", ".join(items),
            )
        return given
