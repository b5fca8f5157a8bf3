"""Fixtures for the tournaments app against PostgreSQL: an organizer, players with profiles,
events with registered lists, and simulated logs made for a given match."""

from __future__ import annotations

import functools
from datetime import date

import pytest

from tournaments.simulated_games import GameJob, simulated_log

MOTU, EW = "masters-of-the-universe", "evil-warriors"
FIRST_GAME = {MOTU: "first-game-motu", EW: "first-game-ew"}


@pytest.fixture
def organizer(make_user):
    from accounts.models import Profile
    from accounts.services import make_organizer

    user = make_user("olga")
    Profile.objects.create(user=user, display_name="Olga the Organizer")
    make_organizer(user)
    return user


@pytest.fixture
def make_player(make_user):
    from accounts.models import Profile

    def make(name: str, club: str = ""):
        user = make_user(name.lower().replace(" ", "-"))
        Profile.objects.create(user=user, display_name=name, club=club)
        return user

    return make


@pytest.fixture
def make_event(organizer):
    from tournaments import services

    def make(**settings):
        # 110 points: the rulebook's first-game MotU force costs 110 under the starter pack.
        defaults = {
            "name": "Spring Open",
            "starts_on": date(2026, 5, 2),
            "swiss_rounds": 3,
            "points_limit": 110,
            "first_round": "seeded",
            "random_seed": 7,
        }
        return services.create_event(organizer, **{**defaults, **settings})

    return make


def first_game_force(faction: str) -> list[dict]:
    from games import plugin

    pack = plugin("motu-battleground").load_pack("bg-core-starter")
    return pack.forces[FIRST_GAME[faction]]["characters"]


@pytest.fixture
def field(make_event, make_player, organizer):
    """``field(n, **settings)`` -> (event, players): n registered players, checked in, each with a
    valid first-game list: the first half MotU, the second half EW, so that a round 1 by seeding
    (top half meets bottom half) pairs MotU against EW at every table."""
    from participants import services as participant_services

    def make(n: int = 4, *, names=None, check_in: bool = True, **settings):
        event = make_event(**settings)
        players = []
        for i in range(n):
            name = names[i] if names else f"Player {chr(65 + i)}"
            user = make_player(name)
            registration = participant_services.register(user, event)
            faction = MOTU if i < n / 2 else EW
            participant_services.submit_list(user, event, entries=first_game_force(faction), faction=faction)
            if check_in:
                participant_services.check_in(organizer, registration)
            players.append(user)
        return event, players

    return make


@pytest.fixture
def running_round(field, organizer):
    """A published round 1 of a 4-player Swiss event: (event, round, players)."""
    from draw import services as draw_services

    event, players = field(4)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    return event, round_, players


@functools.cache
def _log_text(match_id: int, round_number: int, seed: int, slug: str, names: tuple) -> str:
    return simulated_log(GameJob(match_id, round_number, seed, slug, dict(names), game="motu-battleground"))


def log_for(match, *, seed: int = 1, names: dict | None = None) -> bytes:
    """A legal simulated log for ``match``: each player on the side of their registered faction."""
    if names is None:
        names = {r.force_list.faction: r.display_name for r in match.entrants()}
    key = tuple(sorted(names.items()))
    return _log_text(match.pk, match.round.number, seed, match.round.event.slug, key).encode()


def cross_faction_match(round_):
    """A match of ``round_`` between a MotU and an EW player (the only game the simulator plays)."""
    for match in round_.matches.prefetch_related("seats__registration__force_list"):
        if len({r.force_list.faction for r in match.entrants()}) == 2:
            return match
    raise AssertionError("no cross-faction match in this round")


def verify(log_id: int, capture) -> None:
    """Run the worker's verification of one stored log, with its on-commit announcement."""
    from gamelogs.verification import verify_stored_log

    with capture(execute=True):
        verify_stored_log(log_id)


TEAM_PLAYERS = ["Adam", "Teela", "Duncan", "Adora", "Keldor", "Evelyn", "Kronis", "Tung"]


@pytest.fixture
def team_event(organizer, make_player):
    """(event, teams): a Fields of Eternia team event, four teams of two seeded 1–4, nothing paired."""
    return build_team_event(organizer, make_player)


def build_team_event(organizer, make_player):
    """See the ``team_event`` fixture; ``make_player(name)`` gives a user shown by that name."""
    from participants import services as participant_services
    from tournaments import services

    event = services.create_event(
        organizer,
        name="Eternia Doubles",
        starts_on=date(2026, 6, 6),
        game="motu-fields-of-eternia",
        content_pack="fe-core-starter",
        team_size=2,
        swiss_rounds=2,
        first_round="seeded",
        random_seed=3,
    )
    registrations = [participant_services.register(make_player(name), event) for name in TEAM_PLAYERS]
    teams = [
        participant_services.create_team(organizer, event, team, registrations[2 * i : 2 * i + 2], seed=i + 1)
        for i, team in enumerate(["Grayskull", "Royal Guard", "Snake Mountain", "Horde"])
    ]
    return event, teams
