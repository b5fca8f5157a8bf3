"""A whole simulated event through the real pipeline, for tests, demos and benchmarks.

``run_simulated_event`` creates an organizer, players and a Swiss event, registers each
player's list, then for every round: pairs it, publishes it, starts the timer, uploads one
simulated game log per match with ``attach_log_to_match`` (the same service the upload page
uses), waits for the verdicts to come back through ``log_verified``, and closes the round.

Any game whose plugin says what its simulated players register (``games.GamePlugin.simulated_sides``)
can be simulated; what the engine's simulator can play decides how lists and logs are made:

* Every simulated player registers one of the plugin's simulated lists (in turn, in registration
  order): Battleground's are the rulebook's first-game forces, Hoplomachus' one troop per faction
  (Skirmish). The event's points limit is the dearest list's. The players of each faction share a
  club and the event avoids same-club pairings, an ordinary Swiss option that never outranks score
  groups. A game whose sides are chosen at the table (``GamePlugin.sides_at_table``: Fields of
  Eternia) registers no lists; each game plays the factions the pairing dealt at its table
  (draw.table_factions), as a real event of that game does.
* With ``GamePlugin.simulated_team_size`` (or ``team_size``) the event is a team event: consecutive
  players form the teams ("Sim team 001", …), which are paired and ranked as teams.
* ``game_mode`` (one of ``GamePlugin.simulated_modes``: Fields of Eternia's competitive skirmish,
  FE-19; Hoplomachus Pandemonium pods, HR-16, and Alliance teams of two, HR-17) makes the event one of
  that mode (``Event.game_mode``), with the mode's team size (the skirmish and Pandemonium have none:
  each player for themselves), and each game is simulated in that mode. Each player registers the list
  the plugin gives for the mode (``GamePlugin.simulated_entries``: an Alliance troop names six units,
  which its simulated games field), and each log seats the table's players in the mode's order
  (``GamePlugin.simulated_seating``: an Alliance's red team is p1 and p3).
* Each match's log is ``engine.simulate(game, seed, **plugin.simulate_options(sides))``: a game of
  the players' registered lists (a mirror match when they share a faction), or of the sides dealt,
  whose header names are set to the players' names in the event and whose header gets
  ``"reference": {"event", "match", "round"}``. The list-vs-log check (tournaments.log_check) and
  the team check pass because the log really is that game.

Verification: by default the logs go to the broker and the Celery workers verify them (start
one with ``celery -A workers worker``); ``eager=True`` runs the same ``verify_log`` task
function in this process right after each upload instead of sending it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date

from django.contrib.auth import get_user_model
from django.test.utils import override_settings

import games
from accounts.models import Profile
from accounts.services import make_organizer
from draw import seats
from draw import services as draw_services
from draw.models import MatchState, Round
from gamelogs.models import LogSource
from participants import services as participant_services
from tournaments import hooks, services
from tournaments.game_modes import game_modes
from tournaments.models import Event
from tournaments.simulated_games import GameJob, simulated_log


@dataclass
class SimulationReport:
    event: Event
    rounds: int = 0
    logs: int = 0
    flagged: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    def add_time(self, key: str, seconds: float) -> None:
        self.seconds[key] = self.seconds.get(key, 0.0) + seconds


@contextmanager
def verification_in_process() -> Iterator[None]:
    """Run each queued verification in this process with the workers' own task function,
    instead of sending it to the broker (``simulate_event --eager``): the setting
    ``ARBITER_VERIFY_INLINE`` tells gamelogs.queue to do so."""
    trace_logger = logging.getLogger("celery.app.trace")  # one INFO line per task: noise here
    trace_level = trace_logger.level
    trace_logger.setLevel(logging.WARNING)
    try:
        with override_settings(ARBITER_VERIFY_INLINE=True):
            yield
    finally:
        trace_logger.setLevel(trace_level)


def run_simulated_event(
    *,
    players: int,
    rounds: int,
    seed: int,
    game: str | None = None,
    eager: bool = False,
    team_size: int | None = None,
    game_mode: str = "",
    slug: str | None = None,
    jobs: int | None = None,
    timeout: float = 600,
    progress: Callable[[str], None] = lambda line: None,
) -> SimulationReport:
    """Run a whole simulated Swiss event of ``game`` (default: games.default_game()); see the module
    docstring. ``team_size`` overrides the plugin's ``simulated_team_size``; ``slug`` names the event
    (default: from the players, rounds, seed and game). Returns what happened;
    raises ValueError for a game that cannot be simulated."""
    if players < 2 or rounds < 1:
        raise ValueError("a simulated event needs at least two players and one round")
    game = game or games.default_game()
    if game not in games.game_ids():
        raise ValueError(f"unknown game {game!r}; the engine plays {', '.join(games.game_ids())}")
    plugin = games.plugin(game)
    if game_mode and game_mode not in plugin.simulated_modes:
        modes = ", ".join(plugin.simulated_modes) or "none"
        raise ValueError(f"simulated {plugin.label} events play no mode {game_mode!r} (modes: {modes})")
    if game_mode and team_size is None:  # the mode's own team size (tournaments.game_modes)
        mode = next((m for m in game_modes(game) if m.id == game_mode), None)
        team_size = max(mode.teams) if mode is not None and mode.teams else 0
    team_size = plugin.simulated_team_size if team_size is None else team_size
    if team_size and players <= team_size:
        raise ValueError(f"a simulated team event needs at least two teams: more than {team_size} players")
    pack_id = plugin.default_pack()
    sides = plugin.simulated_sides(plugin.load_pack(pack_id)) if plugin.runs_events else []
    if not sides:
        raise ValueError(
            f"simulated events cannot be made for {plugin.label} yet: its plugin names no lists to play"
        )
    started = time.perf_counter()
    organizer = _user(f"sim-organizer-{seed}", "Simulation organizer", "")
    make_organizer(organizer)
    # The dearest list's points; a game without points (Hoplomachus) keeps the event's default limit.
    limit = {"points_limit": max(side.points for side in sides)} if any(side.points for side in sides) else {}
    suffix = ("" if game == games.default_game() else f"-{game}") + (f"-{game_mode}" if game_mode else "")
    played = f" ({game_mode})" if game_mode else ""
    event = services.create_event(
        organizer,
        name=f"Simulated {plugin.label}{played} event: {players} players, {rounds} rounds, seed {seed}",
        slug=slug or f"simulated-{players}p-{rounds}r-seed-{seed}{suffix}",
        game=game,
        content_pack=pack_id,
        starts_on=date.today(),
        swiss_rounds=rounds,
        **limit,
        random_seed=seed,
        lists_public=True,
        avoid_same_club=True,
        venue="Simulation",
        team_size=team_size,
        game_mode=game_mode,
    )
    report = SimulationReport(event=event)
    pack = plugin.load_pack(pack_id)
    registrations = []
    for index in range(players):
        side = sides[index % len(sides)]
        club = "" if plugin.sides_at_table else f"Sim club: {plugin.faction_name(pack, side.faction)}"
        user = _user(f"sim-{seed}-{index + 1:04d}", f"Sim player {index + 1:03d}", club)
        registration = participant_services.register(user, event)
        if not plugin.sides_at_table:
            entries = plugin.simulated_entries(side, game_mode)
            participant_services.submit_list(user, event, entries=entries, faction=side.faction)
        participant_services.check_in(organizer, registration)
        registrations.append(registration)
    if team_size:  # consecutive players form a team, seeded in that order
        for number, first in enumerate(range(0, players, team_size), start=1):
            members = registrations[first : first + team_size]
            participant_services.create_team(organizer, event, f"Sim team {number:03d}", members, seed=number)
    report.add_time("setup", time.perf_counter() - started)
    what = "sides dealt at each table" if plugin.sides_at_table else "lists"
    teams = f" in {event.teams.count()} teams" if team_size else ""
    points = f" (points limit {event.points_limit})" if limit else ""
    progress(f"event {event.slug}: {players} players{teams} registered, {what}{points}")

    # Spawned, not forked: a forked child would share this process's database connection.
    pool = None
    if (jobs or 1) > 1:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
    try:
        with verification_in_process() if eager else _nothing():
            for _ in range(rounds):
                _play_round(organizer, event, report, seed, pool, timeout, progress, sides)
    finally:
        if pool is not None:
            pool.shutdown()
    report.seconds["total"] = time.perf_counter() - started
    return report


def _play_round(organizer, event, report, seed, pool, timeout, progress, sides) -> None:
    t0 = time.perf_counter()
    round_ = draw_services.pair_next_round(organizer, event)
    draw_services.publish_round(organizer, round_)
    draw_services.start_timer(organizer, round_)
    report.add_time("pairing", time.perf_counter() - t0)

    matches = list(
        round_.matches.prefetch_related("seats__registration__player", "seats__registration__force_list")
    )
    plugin = event.game_plugin
    jobs = []
    for match in matches:
        if match.is_bye:
            continue
        entrants, playing = seated_sides(plugin, match, sides)
        jobs.append(
            GameJob(
                match.pk,
                round_.number,
                _game_seed(seed, round_.number, match.table),
                event.slug,
                {side.faction: entrant.display_name for side, entrant in zip(playing, entrants, strict=True)},
                tuple(
                    (side.plays, entrant.display_name)
                    for side, entrant in zip(playing, entrants, strict=True)
                ),
                game=event.game,
                options=tuple(plugin.simulate_options(playing, mode=event.game_mode).items()),
            )
        )

    t0 = time.perf_counter()
    texts = (
        list(pool.map(simulated_log, jobs, chunksize=4))
        if pool is not None
        else [simulated_log(job) for job in jobs]
    )
    report.add_time("simulation", time.perf_counter() - t0)

    t0 = time.perf_counter()
    by_id = {m.pk: m for m in matches}
    for job, text in zip(jobs, texts, strict=True):
        match = by_id[job.match_id]
        hooks.results().attach_log_to_match(
            match.entrants()[0].player,
            match,
            text.encode("utf-8"),
            filename=f"round-{round_.number}-table-{match.table}.json",
            source=LogSource.DEMO,
        )
    report.logs += len(jobs)
    report.add_time("uploads and verification", time.perf_counter() - t0)

    t0 = time.perf_counter()
    _wait_for_verdicts(round_, timeout, progress)
    report.add_time("waiting for workers", time.perf_counter() - t0)
    for match in round_.matches.exclude(log_flag=""):
        # A flag here is a defect of the simulation itself; say so rather than hide it.
        report.flagged.append(
            f"round {round_.number} table {match.table}: {match.get_log_flag_display()}: "
            f"{'; '.join(match.flag_details)}"
        )
        hooks.results().decide_result(
            organizer,
            match,
            [seats.SeatScore("draw")] * len(match.seat_list()),
            note="simulation: flagged log",
        )

    t0 = time.perf_counter()
    draw_services.close_round(organizer, round_)
    report.add_time("closing", time.perf_counter() - t0)
    report.rounds += 1
    progress(
        f"round {round_.number}: {len(jobs)} log(s) verified, {sum(1 for m in matches if m.is_bye)} bye(s)"
    )


def seated_sides(plugin, match, sides) -> tuple[list, list]:
    """(registrations, the side each plays), seat by seat with partners together: each player's
    registered list, or with sides dealt at the table, the faction the pairing dealt to each seat
    (draw.table_factions; failing that, the sides in turn from the table's number)."""
    groups = seats.sides(match)
    entrants = [seat.registration for group in groups for seat in group]
    if not plugin.sides_at_table:
        # In the order the log seats them (a Hoplomachus Alliance seats partners apart, HR-17).
        entrants = [
            seat.registration for seat in plugin.simulated_seating(groups, match.round.event.game_mode)
        ]
        by_faction = {side.faction: side for side in sides}
        return entrants, [by_faction[entrant.force_list.faction] for entrant in entrants]
    by_faction = {side.faction: side for side in sides}
    if all(seat.faction in by_faction for group in groups for seat in group):
        # The factions the pairing dealt at this table (draw.table_factions).
        return entrants, [by_faction[seat.faction] for group in groups for seat in group]
    turn = match.table % len(sides)
    dealt = sides[turn:] + sides[:turn]
    return entrants, [dealt[i % len(dealt)] for i, group in enumerate(groups) for _ in group]


def _wait_for_verdicts(round_: Round, timeout: float, progress: Callable[[str], None]) -> None:
    started = time.monotonic()
    told = False
    while round_.matches.filter(state=MatchState.VERIFYING).exists():
        waited = time.monotonic() - started
        waiting = round_.matches.filter(state=MatchState.VERIFYING).count()
        if waited > timeout:
            raise TimeoutError(
                f"round {round_.number}: {waiting} log(s) still not verified after {timeout:.0f}s; "
                "is a worker running (celery -A workers worker)? Or use --eager."
            )
        if waited > 10 and not told:
            progress(f"round {round_.number}: waiting for the workers to verify {waiting} log(s)")
            told = True
        time.sleep(0.2)


def _game_seed(seed: int, round_number: int, table: int) -> int:
    # Distinct per (event seed, round, table) and stable across runs.
    return seed * 1_000_000 + round_number * 1_000 + table


def _user(username: str, display_name: str, club: str):
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        # No password: simulated players never log in, and hashing 1,000 passwords takes minutes.
        user = User.objects.create_user(username=username, password=None)
    Profile.objects.update_or_create(user=user, defaults={"display_name": display_name, "club": club})
    return user


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def default_jobs() -> int:
    return max(1, min(8, os.cpu_count() or 1))
