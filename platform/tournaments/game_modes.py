"""An event's mode of play, from the engine's seat model (``engine.game(id).seats.modes``).

Most events play a game's standard two-seat game (Battleground, Hoplomachus Skirmish) or, with a
team size, its team game (Fields of Eternia; Hoplomachus Alliance, two teams of two, HR-17). An
event may name a mode (``Event.game_mode``): a free-for-all mode of three or more seats
(Hoplomachus Pandemonium, HR-16: three or four troops, each for themselves) pairs pods
(tournaments.algorithms.pods) and scores each seat by its finishing place
(tournaments.algorithms.placement_points); a team mode needs the team size it names.
"""

from __future__ import annotations

import engine
from tournaments.algorithms.errors import InvalidInput, as_sentence
from tournaments.algorithms.placement_points import DEFAULT_PLACEMENT_POINTS, check_placement_points


def game_modes(game_id: str) -> tuple:
    try:
        return engine.game(game_id).seats.modes
    except (KeyError, LookupError):
        return ()


def mode_of(event):
    """The event's engine Mode, or None for the game's standard game."""
    if not event.game_mode:
        return None
    return next((m for m in game_modes(event.game) if m.id == event.game_mode), None)


def is_free_for_all(mode) -> bool:
    return mode is not None and mode.seats > 2 and not mode.teams and not mode.against_game


def plays_in_pods(event) -> bool:
    """True when the event's rounds seat pods of 3–4 players each for themselves."""
    return is_free_for_all(mode_of(event))


def placement_table(event) -> tuple[float, ...] | None:
    """Points per finishing place for a pod event (the event's, or 3/2/1/0); None otherwise."""
    if not plays_in_pods(event):
        return None
    return tuple(float(v) for v in event.placement_points) or DEFAULT_PLACEMENT_POINTS


def mode_problem(event) -> str | None:
    """Why the event's mode, team size, format and placement points cannot go together, or None."""
    if not event.game_mode:
        if event.placement_points:
            return "Placement points are for pods: choose a free-for-all mode (such as Pandemonium) first."
        return None
    modes = game_modes(event.game)
    mode = next((m for m in modes if m.id == event.game_mode), None)
    if mode is None:
        known = ", ".join(m.id for m in modes) or "none"
        return f"{event.game_mode!r} is not a mode of {event.game} (its modes: {known})."
    if mode.against_game:
        return (
            f"{mode.name} is played against the game, not against other players: publish it as a challenge."
        )
    if mode.teams:
        size = max(mode.teams)
        if event.team_size != size:
            return f"{mode.name} is played by teams of {size}: set the team size to {size}."
    elif event.team_size:
        return f"{mode.name} has no teams: set the team size to 0."
    if is_free_for_all(mode):
        if event.format != "swiss":
            return f"{mode.name} events pair pods of 3–4 players round by round: choose the Swiss format."
        if event.placement_points:
            try:
                check_placement_points([float(v) for v in event.placement_points])
            except (InvalidInput, TypeError, ValueError) as exc:
                return as_sentence(exc) if isinstance(exc, InvalidInput) else "Placement points are numbers."
    elif event.placement_points:
        return f"Placement points are for pods; {mode.name} is not played in pods."
    return None


def log_modes(event) -> tuple[str, ...]:
    """The modes (engine ``Mode`` ids) a log of one of the event's games may be in (tournaments.log_check):
    the event's mode; without one, the game's standard game, its first mode not played against the game
    (Battleground's one, Hoplomachus Skirmish, Fields of Eternia's team game); in a team event of teams of
    two or more, the game's team modes that seat such teams (a Hoplomachus team event is an Alliance). ()
    when the engine names no mode for the game (nothing is compared)."""
    mode = mode_of(event)
    if mode is not None:
        return (mode.id,)
    if event.game_mode:  # a mode the engine does not know (mode_problem refuses it): nothing to compare
        return ()
    competitive = [m for m in game_modes(event.game) if not m.against_game]
    if not competitive:
        return ()
    if event.team_size > 1:
        teams = tuple(m.id for m in competitive if m.teams and max(m.teams) >= event.team_size)
        if teams:
            return teams
    return (competitive[0].id,)


def team_size_limit(game_id: str) -> int:
    """The most players one side of the game may have (0: the game has no team mode)."""
    try:
        modes = engine.game(game_id).seats.modes
    except (KeyError, LookupError):
        return 0
    return max((size for mode in modes for size in mode.teams), default=0)


def team_size_problem(game_id: str, team_size: int) -> str | None:
    """Why an event of ``game_id`` cannot have teams of ``team_size`` players, or None."""
    if team_size == 0:
        return None
    limit = team_size_limit(game_id)
    if limit == 0:
        return "This game has no team mode: every player plays for themselves (team size 0)."
    if team_size > limit:
        return f"A team of this game has at most {limit} players."
    return None
