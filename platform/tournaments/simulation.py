"""A whole simulated event through the real pipeline, for tests, demos and benchmarks.

``run_simulated_event`` creates an organizer, players and a Swiss event, registers each
player's list, then for every round: pairs it, publishes it, starts the timer, uploads one
simulated game log per match with ``attach_log_to_match`` (the same service the upload page
uses), waits for the verdicts to come back through ``log_verified``, and closes the round.

What the engine's simulator can play decides how lists and logs are made:

* ``engine.simulate`` plays the rulebook's first-game forces. So every simulated player
  registers one of those two forces as their list (factions alternate in registration order),
  and the event's points limit is set to the dearer of the two (the starter pack's provisional
  costs put the MotU force at 110 points). The players of each faction share a club and the
  event avoids same-club pairings, an ordinary Swiss option that never outranks score groups.
* Each match's log is a simulated game of the two players' registered forces (a mirror match
  when they share a faction), whose header names are set to the players' names in the event
  and whose header gets ``"reference": {"event", "match", "round"}``. Header faction,
  characters and equipment are the simulator's, which are exactly the registered lists: the
  list-vs-log check (tournaments.log_check) passes because the log really is that game.

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

from accounts.models import Profile
from accounts.services import make_organizer
from gamelogs.models import LogSource
from games import plugin
from games.battleground.lists import force_cost
from tournaments import services
from tournaments.models import DEFAULT_CONTENT_PACK, DEFAULT_GAME, Event, MatchState, Round
from tournaments.simulated_games import GameJob, simulated_log

FORCES = {"masters-of-the-universe": "first-game-motu", "evil-warriors": "first-game-ew"}
CLUBS = {
    "masters-of-the-universe": "Sim club: Masters of the Universe",
    "evil-warriors": "Sim club: Evil Warriors",
}


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
    eager: bool = False,
    jobs: int | None = None,
    timeout: float = 600,
    progress: Callable[[str], None] = lambda line: None,
) -> SimulationReport:
    """Run a whole simulated Swiss event (see the module docstring); returns what happened."""
    if players < 2 or rounds < 1:
        raise ValueError("a simulated event needs at least two players and one round")
    started = time.perf_counter()
    content = plugin(DEFAULT_GAME).load_pack(DEFAULT_CONTENT_PACK)
    organizer = _user(f"sim-organizer-{seed}", "Simulation organizer", "")
    make_organizer(organizer)
    limit = max(force_cost(content.forces[f], content) for f in FORCES.values())
    event = services.create_event(
        organizer,
        name=f"Simulated event: {players} players, {rounds} rounds, seed {seed}",
        slug=f"simulated-{players}p-{rounds}r-seed-{seed}",
        starts_on=date.today(),
        swiss_rounds=rounds,
        points_limit=limit,
        random_seed=seed,
        lists_public=True,
        avoid_same_club=True,
        venue="Simulation",
    )
    report = SimulationReport(event=event)
    factions = list(FORCES)
    for index in range(players):
        faction = factions[index % 2]
        user = _user(f"sim-{seed}-{index + 1:04d}", f"Sim player {index + 1:03d}", CLUBS[faction])
        registration = services.register(user, event)
        force = content.forces[FORCES[faction]]
        services.submit_list(user, event, entries=force["characters"], faction=faction)
        services.check_in(organizer, registration)
    report.add_time("setup", time.perf_counter() - started)
    progress(f"event {event.slug}: {players} players registered with lists (points limit {limit})")

    # Spawned, not forked: a forked child would share this process's database connection.
    pool = None
    if (jobs or 1) > 1:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
    try:
        with verification_in_process() if eager else _nothing():
            for _ in range(rounds):
                _play_round(organizer, event, report, seed, pool, timeout, progress)
    finally:
        if pool is not None:
            pool.shutdown()
    report.seconds["total"] = time.perf_counter() - started
    return report


def _play_round(organizer, event, report, seed, pool, timeout, progress) -> None:
    t0 = time.perf_counter()
    round_ = services.pair_next_round(organizer, event)
    services.publish_round(organizer, round_)
    services.start_timer(organizer, round_)
    report.add_time("pairing", time.perf_counter() - t0)

    matches = list(
        round_.matches.prefetch_related("seats__registration__player", "seats__registration__force_list")
    )
    games = []
    for match in matches:
        if match.is_bye:
            continue
        fa, fb = match.entrant_a.force_list.faction, match.entrant_b.force_list.faction
        names = {fa: match.entrant_a.display_name, fb: match.entrant_b.display_name}
        sides = (
            (FORCES[fa], match.entrant_a.display_name),
            (FORCES[fb], match.entrant_b.display_name),
        )
        games.append(
            GameJob(
                match.pk,
                round_.number,
                _game_seed(seed, round_.number, match.table),
                event.slug,
                names,
                sides,
            )
        )

    t0 = time.perf_counter()
    texts = (
        list(pool.map(simulated_log, games, chunksize=4))
        if pool is not None
        else [simulated_log(g) for g in games]
    )
    report.add_time("simulation", time.perf_counter() - t0)

    t0 = time.perf_counter()
    by_id = {m.pk: m for m in matches}
    for job, text in zip(games, texts, strict=True):
        match = by_id[job.match_id]
        services.attach_log_to_match(
            match.entrant_a.player,
            match,
            text.encode("utf-8"),
            filename=f"round-{round_.number}-table-{match.table}.json",
            source=LogSource.DEMO,
        )
    report.logs += len(games)
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
        services.decide_result(organizer, match, outcome_a="draw", note="simulation: flagged log")

    t0 = time.perf_counter()
    services.close_round(organizer, round_)
    report.add_time("closing", time.perf_counter() - t0)
    report.rounds += 1
    progress(
        f"round {round_.number}: {len(games)} log(s) verified, {sum(1 for m in matches if m.is_bye)} bye(s)"
    )


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
