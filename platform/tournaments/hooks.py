"""What the event core asks of the apps built on it, which fill these hooks in their ready().

The core imports none of those apps: closing a round or changing an event's scoring asks the
standings app (``standings()``) to store them again, editing its settings tells the apps in
``settings_changed`` (the participants app checks the force lists again), the accounts and meta pages read ratings
and histories through it, check_event runs every round check in ``round_audits``, and the demo
and the simulated events play their games through the results app (``results()``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from draw.models import Round
    from tournaments.models import Event


class StandingsHook(Protocol):
    def store_standings(self, event: Event, round_: Round) -> list[dict]: ...

    def refresh_stored_standings(self, event: Event) -> None: ...

    def player_history(self, user) -> list[dict]: ...

    def ratings(self, *, provisional_below: int = 5, game: str | None = None) -> dict[int, Any]: ...


class ResultsHook(Protocol):
    """What the demo and the simulated events ask of the results app (results.services)."""

    def attach_log_to_match(self, actor, match, data: bytes, **kwargs) -> Any: ...

    def decide_result(self, actor, match, scores, **kwargs) -> Any: ...

    def report_result(self, actor, match, scores, **kwargs) -> Any: ...

    def confirm_result(self, actor, match) -> Any: ...


_standings: StandingsHook | None = None
_results: ResultsHook | None = None

# What follows an edit of an event's settings in the apps built on it: (event, the changed
# fields), e.g. the participants app validates every force list again when the list rules change.
settings_changed: list[Callable[[Event, set[str]], None]] = []

# check_event's checks of one closed round: (event, round) -> discrepancies, one line each.
round_audits: list[Callable[[Event, Round], list[str]]] = []


def fill_standings(provider: StandingsHook) -> None:
    global _standings
    _standings = provider


def standings() -> StandingsHook:
    if _standings is None:
        raise ImproperlyConfigured("the standings app is not installed (it keeps every event's standings)")
    return _standings


def fill_results(provider: ResultsHook) -> None:
    global _results
    _results = provider


def results() -> ResultsHook:
    if _results is None:
        raise ImproperlyConfigured("the results app is not installed (it records every match's result)")
    return _results
