"""Demo data for ``make run``: an organizer account and a finished event of the default game
(``games.default_game()``: Battleground unless ``ARBITER_DEFAULT_GAME`` says otherwise), plus a small
finished simulated event of every other game events are run for, and of each mode a game's plugin
simulates (Fields of Eternia's competitive skirmish, FE-19) (:func:`simulated_events`).

The event is a three-round Swiss of ten players (the "demo" player among them) run through the
same services an organizer's pages use: registrations, lists (the game plugin's simulated ones),
check-in, pairings, results, round closes. About half the results come from a simulated game log attached to the match and verified
in this process by the workers' own task (so the event is finished when the command returns);
the other half were reported by hand and confirmed by the opponent. Every log is labelled
simulated, like the rest of the demo data.

Idempotent: a finished demo event is left as it is; one left half-built by an interrupted run is
removed and built again.
"""

from __future__ import annotations

import logging
import random
from datetime import date, timedelta

from django.contrib.auth import get_user_model

import games
from accounts.models import Profile
from accounts.services import create_player, make_organizer
from draw import seats
from draw import services as draw_services
from draw.models import COUNTED_STATES
from gamelogs.models import LogSource
from games import plugin
from participants import services as participant_services
from tournaments import hooks, services
from tournaments.models import Event, EventStatus
from tournaments.simulated_games import GameJob, simulated_log
from tournaments.simulation import run_simulated_event, seated_sides, verification_in_process

log = logging.getLogger(__name__)

ORGANIZER_USERNAME = "organizer"
ORGANIZER_PASSWORD = "arbiter-organizer"
EVENT_SLUG = "demo-grayskull-open"
EVENT_NAME = "Grayskull Open (demo)"
ROUNDS = 3
SEED = 1983
# (username, display name, club); "demo" is the demo account made by load_demo.
PLAYERS = [
    ("demo", "Demo Player", "Arbiter demo"),
    ("demo-adam", "Adam Glenn", "Grayskull Gamers"),
    ("demo-teela", "Teela Moss", "Grayskull Gamers"),
    ("demo-duncan", "Duncan Marsh", "Eternia Wargames"),
    ("demo-evelyn", "Evelyn Shaw", "Snake Mountain Club"),
    ("demo-kronis", "Kronis Hale", "Snake Mountain Club"),
    ("demo-randor", "Randor Vale", "Eternia Wargames"),
    ("demo-marlena", "Marlena Cruz", "Grayskull Gamers"),
    ("demo-ram", "Ram Patel", "Snake Mountain Club"),
    ("demo-andra", "Andra Quinn", "Eternia Wargames"),
]


def organizer_account():
    """The demo organizer (username and password above), holding the organizer role."""
    user = get_user_model().objects.filter(username=ORGANIZER_USERNAME).first()
    if user is None:
        user = create_player(
            ORGANIZER_USERNAME, ORGANIZER_PASSWORD, display_name="Olga the Organizer", club="Arbiter demo"
        )
    make_organizer(user)
    return user


def load() -> Event | None:
    """The finished demo event, built if it is not there yet; None when the default game's plugin
    names no simulated lists to play."""
    organizer = organizer_account()
    event = Event.objects.filter(slug=EVENT_SLUG).first()
    if event is not None and event.status == EventStatus.FINISHED:
        return event
    if event is not None:
        log.warning("removing the half-built demo event %s to build it again", EVENT_SLUG)
        event.delete()
    return _build(organizer)


# The other games' simulated events: six players (Fields of Eternia: three teams of two, so every
# round has a team's bye), two rounds. Each mode a plugin simulates besides its standard game
# (``GamePlugin.simulated_modes``: Fields of Eternia's skirmish, FE-19) gets an event of four players.
SIMULATED_PLAYERS, SIMULATED_ROUNDS = 6, 2
SIMULATED_MODE_PLAYERS = 4


def simulated_events() -> list[Event]:
    """A finished simulated event (tournaments.simulation, verified in this process) of every game
    events are run for, besides the demo event's, whose plugin can simulate one, and one of each
    mode its plugin simulates (the default game's too); built once."""
    built = []
    for offset, (game, _) in enumerate(games.event_games(), start=1):
        plugin_ = plugin(game)
        if not plugin_.simulated_sides(plugin_.load_pack(plugin_.default_pack())):
            continue
        wanted = [] if game == games.default_game() else [("", SIMULATED_PLAYERS, f"demo-simulated-{game}")]
        wanted += [
            (mode, SIMULATED_MODE_PLAYERS, f"demo-simulated-{game}-{mode}")
            for mode in plugin_.simulated_modes
        ]
        for n, (mode, players, slug) in enumerate(wanted):
            event = Event.objects.filter(slug=slug).first()
            if event is not None and event.status == EventStatus.FINISHED:
                built.append(event)
                continue
            if event is not None:
                log.warning("removing the half-built demo event %s to build it again", slug)
                event.delete()
            report = run_simulated_event(
                players=players,
                rounds=SIMULATED_ROUNDS,
                seed=SEED + offset + 100 * n,
                game=game,
                game_mode=mode,
                slug=slug,
                eager=True,
                jobs=1,
            )
            report.event.refresh_from_db()
            built.append(report.event)
    return built


def _build(organizer) -> Event | None:
    game = games.default_game()
    plugin_ = plugin(game)
    pack_id = plugin_.default_pack()
    sides = plugin_.simulated_sides(plugin_.load_pack(pack_id)) if plugin_.runs_events else []
    if not sides:
        log.warning("no demo event: %s's plugin names no simulated lists to play", plugin_.label)
        return None
    limit = {"points_limit": max(side.points for side in sides)} if any(side.points for side in sides) else {}
    event = services.create_event(
        organizer,
        name=EVENT_NAME,
        slug=EVENT_SLUG,
        game=game,
        content_pack=pack_id,
        starts_on=date.today() - timedelta(days=7),
        swiss_rounds=ROUNDS,
        **limit,
        random_seed=SEED,
        lists_public=True,
        team_size=plugin_.simulated_team_size,
        venue="Arbiter demo club",
        description="A finished demo event: half its results verified from game logs, half reported by hand.",
    )
    registrations = []
    for index, (username, name, club) in enumerate(PLAYERS):
        player = _player(username, name, club)
        registration = participant_services.register(player, event)
        side = sides[index % len(sides)]
        if not plugin_.sides_at_table:
            participant_services.submit_list(player, event, entries=list(side.entries), faction=side.faction)
        participant_services.check_in(organizer, registration)
        registrations.append(registration)
    if event.team_size:  # a game played by teams: consecutive players form them
        for number, first in enumerate(range(0, len(registrations), event.team_size), start=1):
            members = registrations[first : first + event.team_size]
            participant_services.create_team(organizer, event, f"Demo team {number}", members)
    with verification_in_process():
        for _ in range(ROUNDS):
            _play_round(organizer, event, sides)
    event.refresh_from_db()
    return event


def _play_round(organizer, event: Event, sides) -> None:
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    draw_services.start_timer(organizer, round_)
    matches = round_.matches.prefetch_related(
        "seats__registration__player", "seats__registration__force_list"
    )
    for match in matches.order_by("table"):
        if match.is_bye:
            continue
        if (round_.number + match.table) % 2 == 0:
            _by_log(match, event, round_.number, sides)
        else:
            _by_hand(match, round_.number)
        match.refresh_from_db()
        if match.state not in COUNTED_STATES:
            # A log the checks flagged, or a report left open: the organizer decides, as on event day.
            hooks.results().decide_result(organizer, match, seats.two_seats("win", (12, 8)), note="demo")
    draw_services.close_round(organizer, round_)


def _by_log(match, event: Event, round_number: int, sides) -> None:
    plugin_ = event.game_plugin
    entrants, playing = seated_sides(plugin_, match, sides)
    job = GameJob(
        match.pk,
        round_number,
        SEED * 1000 + round_number * 100 + match.table,
        event.slug,
        {},
        sides=tuple(
            (side.plays, entrant.display_name) for side, entrant in zip(playing, entrants, strict=True)
        ),
        game=event.game,
        options=tuple(plugin_.simulate_options(playing, mode=event.game_mode).items()),
    )
    hooks.results().attach_log_to_match(
        entrants[0].player,
        match,
        simulated_log(job).encode("utf-8"),
        filename=f"round-{round_number}-table-{match.table}.json",
        source=LogSource.DEMO,
    )


def _by_hand(match, round_number: int) -> None:
    rng = random.Random(f"{SEED}-{round_number}-{match.table}")
    vp = (rng.randint(12, 20), rng.randint(3, 11))  # the winner's, the loser's
    first_wins = rng.random() < 0.5
    result = seats.two_seats("win", vp) if first_wins else seats.two_seats("loss", vp[::-1])
    recorded = hooks.results()
    recorded.report_result(match.entrants()[0].player, match, result)
    recorded.confirm_result(seats.sides(match)[1][0].registration.player, match)  # a player of the other side


def _player(username: str, name: str, club: str):
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        # No password: the demo's other players never sign in (the "demo" account does).
        user = get_user_model().objects.create_user(username=username, password=None)
    Profile.objects.get_or_create(user=user, defaults={"display_name": name, "club": club})
    return user
