"""Draws, shuffles and dice: recorded at the table, or derived from the committed seed.

Every draw or roll the rules need is a ``draw`` or ``roll`` event in the log, in both modes, so a log
reads the same way whichever mode made it. In recorded mode the event names what was seen (``cards``,
``faces``) and the engine checks it could have been: the cards must be in that deck (the deck is a
multiset; its order at the table is unknown), the faces must be faces of that die and as many as rolled.
In seeded mode the engine derives the outcome from the seed (engine/core/randomness.py) and the event
may omit it; if it states one, it must match.

Draw order in seeded mode (docs/log-format.md, Fields of Eternia, Randomness): at setup the encounter,
scenario, victory, equipment, spell and vehicle decks are shuffled in that order; each epic combat
shuffles each participating team's combat deck (active team first) when step 3 of round 1 begins; a
deck's discard pile is shuffled into a new deck when a draw finds it empty (FE-6.13.2); a card shuffled
back into a deck is added and the whole deck shuffled; a wild die is ``below(number of faces)`` indexing
the pack's face list, the epic die likewise.
"""

from __future__ import annotations

import copy

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.randomness import SeededStream

MAX_ITEMS = 64

# FE-3.4 names every result each die shows; how many faces show each is not printed (AMB-26). While a
# pack's face list is a placeholder (listed in its dice' "provisional"), a die rolled at the table may
# show any printed result; the seed still rolls the pack's list.
PRINTED_RESULTS = {
    "wild": ("blank", "success", "double", "reroll"),
    "epic": ("attack+1", "attack+2", "defence+1", "defence+2", "initiative+1", "initiative+2", "surge"),
}


class Chance:
    def __init__(self, stream: SeededStream | None, dice: dict):
        self.stream = stream
        self.dice = dice
        self.faces = {"wild": list(dice["wild"]), "epic": list(dice["epic"])}
        provisional = dice.get("provisional", ())
        # What a recorded roll may show, in the order a player is offered it.
        self.results = {
            die: list(PRINTED_RESULTS[die]) if die in provisional else list(dict.fromkeys(faces))
            for die, faces in self.faces.items()
        }
        # When a list, each roll is noted in it (narrate: the dice the viewer shows).
        self.seen: list[dict] | None = None

    def copy(self) -> Chance:
        # faces and results are never changed once built: the copy shares them (a fresh Chance would
        # rebuild them, a third of its cost); ``seen`` is the original's own.
        other = object.__new__(Chance)
        other.dice, other.faces, other.results, other.seen = self.dice, self.faces, self.results, None
        # The key and the counter: the rest of the stream follows.
        other.stream = copy.copy(self.stream) if self.stream is not None else None
        return other

    @property
    def seeded(self) -> bool:
        return self.stream is not None

    def shuffle(self, cards: list[str]) -> list[str]:
        return self.stream.shuffle(cards) if self.stream is not None else list(cards)

    def take(self, deck: list[str], n: int, given, *, what, rule, resolve) -> list[str]:
        """Remove and return ``n`` cards from ``deck`` (top first); ``given`` is the log's list or None.
        ``what`` and ``rule`` word a refusal, and are called for it (a draw is refused rarely, and made often)."""
        if given is not None:
            if not isinstance(given, list) or len(given) > MAX_ITEMS:
                raise UnreadableLog(
                    "{what}: 'cards' must be a list of card names", what=what(), rule="LOG-5.2"
                )
            given = [resolve(c) for c in given]
        if self.stream is not None:
            out = deck[:n]
            del deck[:n]
            if given is not None and given != out:
                raise IllegalEvent(
                    "LOG-4.3",
                    "{what}: the log records {given} but the committed seed gives {out}",
                    what=what(),
                    given=given,
                    out=out,
                )
            return out
        if given is None:
            raise IllegalEvent(
                rule(), "{what}: in a recorded log the draw must name the {n} card(s) drawn", what=what(), n=n
            )
        if len(given) != n:
            raise IllegalEvent(
                rule(),
                "{what}: {n} card(s) are drawn here but the log names {given_count}",
                what=what(),
                n=n,
                given_count=len(given),
            )
        pool = list(deck)
        for card in given:
            if card not in pool:
                raise IllegalEvent(
                    rule(),
                    "{what}: {card} cannot be drawn: it is not in that deck now",
                    what=what(),
                    card=card,
                )
            pool.remove(card)
        for card in given:
            deck.remove(card)
        return given

    def roll(self, die: str, n: int, given, *, what: str, rule: str) -> list[str]:
        got = self._roll(die, n, given, what=what, rule=rule)
        if self.seen is not None:
            self.seen.append({"die": die, "faces": list(got)})
        return got

    def _roll(self, die: str, n: int, given, *, what: str, rule: str) -> list[str]:
        faces = self.faces[die]
        if given is not None and (
            not isinstance(given, list)
            or len(given) > MAX_ITEMS
            or not all(isinstance(f, str) for f in given)
        ):
            raise UnreadableLog("{what}: 'faces' must be a list of die faces", what=what, rule="LOG-5.2")
        if self.stream is not None:
            out = [faces[self.stream.below(len(faces))] for _ in range(n)]
            if given is not None and given != out:
                raise IllegalEvent(
                    "LOG-4.3",
                    "{what}: the log records {given} but the committed seed gives {out}",
                    what=what,
                    given=given,
                    out=out,
                )
            return out
        if given is None:
            raise IllegalEvent(
                rule, "{what}: in a recorded log the roll must name the {n} face(s) rolled", what=what, n=n
            )
        if len(given) != n:
            raise IllegalEvent(
                rule,
                "{what}: {n} dice are rolled here but the log names {given_count} face(s)",
                what=what,
                n=n,
                given_count=len(given),
            )
        results = self.results[die]
        for face in given:
            if face not in results:
                raise IllegalEvent(
                    "FE-3.4",
                    "{what}: a {die} die cannot show {face!r}; it shows {results}",
                    what=what,
                    die=die,
                    face=face,
                    results=", ".join(results),
                )
        return list(given)
