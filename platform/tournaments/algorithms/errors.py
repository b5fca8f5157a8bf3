"""The errors the tournament algorithms raise; each message names the player or round at fault."""

from __future__ import annotations


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
