"""Tests: the 11 steps of BG-8.2 with threshold (BG-8.4), rerolls and exploding dice.

Dice are inputs. In recorded mode the event carries every die as rolled at the table and the engine
checks counts and values; in seeded mode the engine draws them from the game's seeded stream in a
fixed order (initial dice, free rerolls, mana rerolls, explosions) and the event carries only the
choices (which dice to reroll).

A roll in an event::

    {"dice": [3, 4, 6, 2],                                   # step 4, recorded mode only
     "free_rerolls": {"dice": [3], "results": [5]},          # step 6 (only where an effect allows)
     "mana_rerolls": {"dice": [0, 3], "results": [3, 6]},    # step 7, one mana per die, at most 5
     "explosions": [5, 2]}                                   # step 8, recorded mode only
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.core.randomness import SeededStream

ROLL_FIELDS = frozenset({"dice", "free_rerolls", "mana_rerolls", "explosions"})
MAX_DICE_IN_ROLL = 64  # docs/log-format.md, Limits
MAX_MANA_REROLLS = 5  # BG-8.2 step 7
EXPLOSION_SUCCESS = 5  # BG-8.2 step 9: explosion dice succeed on 5+, unchangeable
# How a refusal names the rerolls of step 6 and step 7 (made once: a test builds no wording unless refused).
FREE_REROLLS = Text("free rerolls")
MANA_REROLLS = Text("mana rerolls")


def initial_success(value: int, threshold: int) -> bool:
    """BG-8.4.3: a 6 always succeeds and a 1 always fails, whatever the threshold."""
    return value == 6 or (value != 1 and value >= threshold)


def success_chance(threshold: int) -> float:
    t = min(max(threshold, 2), 6)
    return (7 - t) / 6


@dataclass
class TestResult:
    stat: str
    dice_count: int
    threshold: int
    base: list[int]  # step 4, before rerolls
    final: list[int]  # initial dice after rerolls
    explosions: list[int]
    successes: int
    base_successes: int  # step 5, for dice-luck statistics
    mana_spent: int


class Dice:
    """Supplies dice for tests: from the log (recorded) or from the seeded stream."""

    def __init__(self, stream: SeededStream | None, author=None, *, explosions_automatic: bool = False):
        self.stream = stream
        # BG-8.2 step 8 in the originals (IT "permettendo al giocatore di lanciare", ES "puede lanzar")
        # lets the roller decline an explosion; the ruleset option holds the spec's automatic reading.
        self.explosions_automatic = explosions_automatic
        # When a log is being written (simulation), the author supplies what the log leaves out:
        # dice as "observed" in recorded mode, and players' choices such as which dice to reroll.
        self.author = author

    @property
    def seeded(self) -> bool:
        return self.stream is not None

    def copy(self) -> Dice:
        """The same dice from the same point: a copy of the seeded stream's position (its key is
        immutable); the author, when there is one, is the simulator's and is shared."""
        stream = copy.copy(self.stream) if self.stream is not None else None
        return Dice(stream, self.author, explosions_automatic=self.explosions_automatic)

    def take(self, n: int, given, what: str, rule: str) -> list[int]:
        if self.stream is None:
            if given is None and self.author is not None:
                return self.author.dice(n)
            if given is None:
                raise IllegalEvent(rule, "{what}: the log must record the {n} dice rolled", what=what, n=n)
            if not isinstance(given, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in given
            ):
                raise UnreadableLog("{what}: dice must be a list of whole numbers", what=what, rule="LOG-5.2")
            if len(given) > MAX_DICE_IN_ROLL:
                raise UnreadableLog(
                    "{what}: {given_count} dice; a roll holds at most {max_dice_in_roll}",
                    what=what,
                    given_count=len(given),
                    max_dice_in_roll=MAX_DICE_IN_ROLL,
                    rule="LOG-1.1",
                )
            if len(given) != n:
                raise IllegalEvent(
                    rule,
                    "{what}: {n} dice are rolled but the log records {given_count}",
                    what=what,
                    n=n,
                    given_count=len(given),
                )
            for v in given:
                if not 1 <= v <= 6:
                    raise IllegalEvent("BG-8.1.1", "{what}: a six-sided die cannot show {v}", what=what, v=v)
            return list(given)
        values = self.stream.dice(n)
        if given is not None and list(given) != values:
            raise IllegalEvent(
                "LOG-4.3",
                "{what}: the log records {given} but the committed seed gives {values}",
                what=what,
                given=given,
                values=values,
            )
        return values


def run_test(
    roll: dict | None,
    *,
    dice: Dice,
    stat: str,
    dice_count: int,
    threshold: int,
    mana_available: int,
    free_rerolls_allowed: int,
    what: str,
) -> TestResult:
    """Resolve steps 1–9 of BG-8.2 for one test; the caller applies the defence test and step 11."""
    if roll is None:
        roll = {}
    if not isinstance(roll, dict):
        raise UnreadableLog("{what}: a roll must be an object", what=what, rule="LOG-5.2")
    if not ROLL_FIELDS.issuperset(roll):
        unknown = ", ".join(sorted(set(roll) - ROLL_FIELDS))
        raise UnreadableLog(
            "{what}: unknown field(s) {unknown} in a roll", what=what, unknown=unknown, rule="LOG-5.2"
        )
    n = max(dice_count, 0)  # BG-AMB-13: zero or fewer dice → no roll, no successes
    author = dice.author  # None while verifying: no one fills in or asks anything
    seeded = dice.stream is not None  # dice.seeded, without the property
    asked = getattr(author, "test_needed", None) if author is not None else None
    if asked is not None:  # a recorder asking what the table must roll (dice_needed.py)
        asked(
            roll,
            stat=stat,
            dice=n,
            threshold=threshold,
            mana=min(MAX_MANA_REROLLS, mana_available),
            free_rerolls=free_rerolls_allowed,
            what=what,
        )
    given = roll.get("dice")
    if seeded and given is None:  # Dice.take's seeded draw, without its call: nothing to compare
        base = dice.stream.dice(n)
    else:
        base = dice.take(n, given, Text("{what}, base roll", what=what), "BG-8.2")
    writing = author is not None and not seeded
    if writing:
        roll["dice"] = base
    final = list(base)

    # Steps 6 and 7. Most tests reroll nothing: a roll without rerolls (and no author to choose them) skips
    # them without a call.
    spec = roll.get("free_rerolls")
    rerolled = bool(spec)
    if spec:
        _rerolls(roll, "free_rerolls", free_rerolls_allowed, "BG-8.2", FREE_REROLLS, dice, final, n, what)
    limit = min(MAX_MANA_REROLLS, mana_available)
    spec = roll.get("mana_rerolls")
    if spec is None and author is not None and limit:
        chosen = author.mana_rerolls(final, threshold, limit)
        if chosen:
            spec = roll["mana_rerolls"] = {"dice": chosen}
    spent = (
        _rerolls(roll, "mana_rerolls", limit, "BG-17.4.2", MANA_REROLLS, dice, final, n, what) if spec else 0
    )
    rerolled = rerolled or bool(spec)
    # Step 8: every 6 among the initial dice explodes, and so does every explosion die showing 6.
    explosions: list[int] = []
    pending = final.count(6)
    given = roll.get("explosions")
    if seeded:
        # Seeded: every explosion is rolled. Declining one could never raise a result (an explosion die
        # only adds successes), and a seeded log has no table roll to transcribe.
        while pending:
            new = dice.take(pending, None, Text("{what}, explosions", what=what), "BG-8.2")
            explosions += new
            pending = new.count(6)
        if given is not None and list(given) != explosions:
            raise IllegalEvent(
                "LOG-4.3",
                "{what}: the log records explosions {given}; the seed gives {explosions}",
                what=what,
                given=given,
                explosions=explosions,
            )
    else:
        if given is None and author is not None:
            given = []
            while pending:
                new = author.dice(pending)
                given += new
                pending = new.count(6)
            if given:
                roll["explosions"] = given
        given = given if given is not None else []
        if not isinstance(given, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in given
        ):
            raise UnreadableLog(
                "{what}: explosions must be a list of whole numbers", what=what, rule="LOG-5.2"
            )
        for v in given:
            if not 1 <= v <= 6:
                raise IllegalEvent("BG-8.1.1", "{what}: a six-sided die cannot show {v}", what=what, v=v)
        if dice.explosions_automatic:
            _check_every_six_exploded(given, final, what)
        else:
            _check_explosions_paid_for(given, final, what)
        explosions = list(given)
    # initial_success(v, threshold) for a die 1–6 is v >= lo: a 6 always, a 1 never (lo is 2 to 6).
    lo = min(max(threshold, 2), 6)
    base_successes = sum(map(lo.__le__, base))
    # Without rerolls the final dice are the base dice: counted once.
    successes = sum(map(lo.__le__, final)) if rerolled else base_successes
    if explosions:
        successes += sum(map(EXPLOSION_SUCCESS.__le__, explosions))
    return TestResult(
        stat=stat,
        dice_count=n,
        threshold=threshold,
        base=base,
        final=final,
        explosions=explosions,
        successes=successes,
        base_successes=base_successes,
        mana_spent=spent,
    )


def _rerolls(
    roll: dict, key: str, limit: int, rule: str, label: Text, dice: Dice, final: list, n: int, what
) -> int:
    """BG-8.2 step 6 (``free_rerolls``) or 7 (``mana_rerolls``) of a test: the dice the roll's ``key`` names
    (a true value) are rerolled into ``final``; returns how many. ``label`` words them in a refusal."""
    spec = roll[key]
    idx = spec.get("dice") if isinstance(spec, dict) else None
    if isinstance(spec, dict) and not {"dice", "results"}.issuperset(spec):
        raise UnreadableLog("{what}: a reroll has only 'dice' and 'results'", what=what, rule="LOG-5.2")
    if not isinstance(idx, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in idx):
        raise UnreadableLog("{what}: {key}.dice must list die positions", what=what, key=key, rule="LOG-5.2")
    if len(idx) > limit:
        raise IllegalEvent(
            rule,
            "{what}: {idx_count} {label} but only {limit} allowed",
            what=what,
            idx_count=len(idx),
            label=label,
            limit=limit,
        )
    if len(set(idx)) != len(idx):
        raise IllegalEvent(
            "BG-8.2",
            (
                "{what}: a die is rerolled twice in the same step; each die is rerolled at most once in step 6 "
                "and once in step 7 (see BG-AMB-33)"
            ),
            what=what,
        )
    for i in idx:
        if not 0 <= i < n:
            raise IllegalEvent(
                rule, "{what}: there is no die {i} to reroll (the roll has {n} dice)", what=what, i=i, n=n
            )
    results = dice.take(len(idx), spec.get("results"), Text("{what}, {label}", what=what, label=label), rule)
    if dice.author is not None and not dice.seeded:  # a log being written records the dice
        spec["results"] = results
    for i, v in zip(idx, results, strict=True):
        final[i] = v
    return len(idx)


def _check_explosions_paid_for(given: list[int], final: list[int], what: str) -> None:
    """BG-8.2 step 8 (originals): each explosion die, in the order rolled, must come from a six rolled
    before it; a six whose die was not rolled was declined, which the roller may do."""
    allowed = final.count(6)
    for i, v in enumerate(given):
        if i >= allowed:
            raise IllegalEvent(
                "BG-8.2",
                (
                    "{what}: explosion die {number} ({v}) has no six left to come from ({sum} six(es) rolled, then "
                    "{given} as explosion dice)"
                ),
                what=what,
                number=i + 1,
                v=v,
                sum=final.count(6),
                given=given[:i],
            )
        allowed += v == 6


def _check_every_six_exploded(given: list[int], final: list[int], what: str) -> None:
    """BG-8.2 step 8 with ``explosions_automatic`` (BG-AMB-33): every six explodes exactly once."""
    pending = final.count(6)
    pos = 0
    while pending:
        chunk = given[pos : pos + pending]
        if len(chunk) < pending:
            break
        pos += pending
        pending = chunk.count(6)
    expected = pos + pending
    if len(given) != expected or pending:
        sixes = final.count(6)
        raise IllegalEvent(
            "BG-8.2",
            (
                "{what}: {sixes} six(es) and the sixes among explosion dice must each explode once; the log "
                "records {given_count} explosion dice where {expected} are required"
            ),
            what=what,
            sixes=sixes,
            given_count=len(given),
            expected=expected,
        )
