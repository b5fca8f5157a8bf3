"""The errors the tournament algorithms raise; each message names the player or round at fault."""

from __future__ import annotations

import re
from collections.abc import Iterator


class TournamentError(ValueError):
    """Base class: the algorithms were asked something they cannot answer."""


class InvalidInput(TournamentError):
    """Inputs contradict themselves: an unknown player id, an impossible result, a duplicate id."""


class PairingError(TournamentError):
    """No pairing can be produced (too few players, a missing result in a bracket, ...)."""


class UnknownMetric(TournamentError, KeyError):
    """A tiebreak key that is not in the metric registry."""

    def __str__(self) -> str:  # KeyError would otherwise print the repr of the message
        return str(self.args[0]) if self.args else ""


def as_sentence(error: Exception | str) -> str:
    """An algorithm's message ("band 2 overlaps ...") as a sentence a page shows ("Band 2 overlaps ....")."""
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


def matched_lines(text: str, pattern: re.Pattern, explain: str) -> Iterator[re.Match]:
    """Each non-empty line of ``text`` matched by ``pattern``; a line it does not match raises
    InvalidInput quoting the line, followed by ``explain`` (how to write one)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        found = pattern.match(line)
        if found is None:
            raise InvalidInput(f"line {number} (“{line.strip()}”) {explain}")
        yield found
