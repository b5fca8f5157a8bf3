"""Teams of a team event: the organizer forms them from the event's registrations.

A team event (``Event.team_size`` > 0) pairs and ranks teams; each team has a name and 1 to
``team_size`` members, and ``team_size`` is at most what the game lets one side have (the
engine's seat model: Fields of Eternia's standard game is two teams of up to three players,
FE-2). Partners are fixed by the organizer (``create_team``) or drawn at random from the players in no
team (``draw_teams``, e.g. a Hoplomachus Alliance event with drawn partners, HR-17). Teams are fixed once
round 1 is paired: the pairings and every result name them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from participants.models import Registration, Team
from tournaments import distinct_factions
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit, lock_event


def _require_open(event: Event) -> None:
    if not event.is_team_event:
        raise EventError(_("This event is not a team event: set a team size in its settings first."))
    if event.rounds.exists():
        raise EventError(_("Round 1 is paired: the teams are fixed."), "state")


def _checked_members(event: Event, team: Team | None, members: Sequence[Registration]) -> list[Registration]:
    members = list(dict.fromkeys(members))
    if not members:
        raise EventError(_("A team has at least one player."))
    if len(members) > event.team_size:
        raise EventError(
            _("A team of this event has at most %(size)s players; you chose %(count)s.")
            % {"size": event.team_size, "count": len(members)}
        )
    for registration in members:
        if registration.event_id != event.pk:
            raise EventError(
                _("%(name)s is not registered for this event.") % {"name": registration.display_name}
            )
        if not registration.is_active:
            raise EventError(
                _("%(name)s is %(status)s.")
                % {"name": registration.display_name, "status": registration.get_status_display().lower()}
            )
        if registration.team_id is not None and (team is None or registration.team_id != team.pk):
            raise EventError(
                _("%(name)s already plays for %(team)s.")
                % {"name": registration.display_name, "team": registration.team.name}
            )
    return members


# What happened to a team, for the audit trail ("team Horde formed: Ann, Bob").
TEAM_VERBS = {
    "formed": gettext_noop("team %(team)s formed: %(names)s"),
    "now": gettext_noop("team %(team)s now: %(names)s"),
    "drawn": gettext_noop("team %(team)s drawn: %(names)s"),
}


def _seat_members(actor, event: Event, team: Team, members: list[Registration], verb: str) -> None:
    """Put ``members`` in ``team`` and say so in the audit trail ("team Horde formed: …")."""
    Registration.objects.filter(pk__in=[r.pk for r in members]).update(team=team)
    names = ", ".join(r.display_name for r in members)
    audit(
        event,
        "team",
        said(TEAM_VERBS[verb], team=team.name, names=names),
        actor=actor,
        team=team.pk,
        members=[r.pk for r in members],
    )


@transaction.atomic
def create_team(
    actor, event: Event, name: str, members: Sequence[Registration], *, seed: int | None = None
) -> Team:
    """A new team of ``members`` (registrations of the event, each in no other team)."""
    require_manager(actor, event)
    event = lock_event(event)
    _require_open(event)
    name = " ".join(name.split())
    if not name:
        raise EventError(_("Give the team a name."))
    members = _checked_members(event, None, members)
    try:
        with transaction.atomic():
            team = Team.objects.create(event=event, name=name, seed=seed)
    except IntegrityError:
        raise EventError(_("This event already has a team called %(team)s.") % {"team": name}) from None
    _seat_members(actor, event, team, members, "formed")
    return team


@transaction.atomic
def set_members(actor, team: Team, members: Sequence[Registration]) -> Team:
    """Replace the team's members (before round 1 is paired)."""
    require_manager(actor, team.event)
    event = lock_event(team.event)
    _require_open(event)
    members = _checked_members(event, team, members)
    team.members.exclude(pk__in=[r.pk for r in members]).update(team=None)
    _seat_members(actor, event, team, members, "now")
    return team


@transaction.atomic
def disband_team(actor, team: Team) -> None:
    """Remove a team before round 1; its players stay registered, in no team."""
    require_manager(actor, team.event)
    event = lock_event(team.event)
    _require_open(event)
    name = team.name
    team.members.update(team=None)
    team.delete()
    audit(event, "team", said(gettext_noop("team %(team)s disbanded"), team=name), actor=actor)


def team_problems(event: Event) -> list[str]:
    """What stops a team event from pairing round 1: players in no team, too few teams."""
    if not event.is_team_event:
        return []
    active = event.registrations.filter(status__in=("registered", "checked-in"), is_ringer=False)
    loose = [r.display_name for r in active.filter(team__isnull=True).order_by("display_name")]
    problems = []
    if loose:
        problems.append(
            _("%(count)s player(s) in no team: %(names)s") % {"count": len(loose), "names": ", ".join(loose)}
        )
    formed = {t.pk for t in event.teams.all() if any(m.is_active for m in t.members.all())}
    if len(formed) < 2:
        problems.append(
            _("%(count)s team(s) with players; a team event needs at least 2") % {"count": len(formed)}
        )
    return problems


def loose_players(event: Event):
    """The active players of ``event`` in no team (ringers never join a team), in registration order."""
    return (
        event.registrations.filter(
            team__isnull=True, status__in=("registered", "checked-in"), is_ringer=False
        )
        .select_related("force_list")
        .order_by("created_at", "pk")
    )


@transaction.atomic
def draw_teams(actor, event: Event) -> list[Team]:
    """Draw the players in no team into new teams of exactly ``team_size`` ("Team 1", "Team 2", …), by the
    event's random seed (``Event.random_seed``, shown on its settings), so the same seed draws the same
    partners and anyone can replay the draw. Teams already formed stay as they are: an organizer may fix
    some partners and draw the rest."""
    require_manager(actor, event)
    event = lock_event(event)
    _require_open(event)
    players = list(loose_players(event))
    size = event.team_size
    if not players:
        raise EventError(_("Every player is in a team already: there is no one to draw."))
    if len(players) % size:
        raise EventError(
            _(
                "%(count)s player(s) in no team cannot be drawn into teams of %(size)s: register or drop "
                "%(more)s more or %(fewer)s fewer, or form a team by hand."
            )
            % {
                "count": len(players),
                "size": size,
                "more": size - len(players) % size,
                "fewer": len(players) % size,
            }
        )
    random.Random(f"teams:{event.random_seed}").shuffle(players)  # nosec B311 - seeded, reproducible team draw: determinism, not secrecy
    drawn = [players[i : i + size] for i in range(0, len(players), size)]
    if distinct_factions.applies(event):
        # Every troop at the table plays its own faction (a Hoplomachus Alliance, HR-17.2.4, AMB-17):
        # partners who registered one faction are swapped apart where the draw allows.
        drawn = distinct_factions.spread_partners(
            drawn, lambda r: distinct_factions.registered_faction(event, r)
        )
    taken = set(event.teams.values_list("name", flat=True))
    names = (f"Team {n}" for n in range(1, len(taken) + len(players) + 1) if f"Team {n}" not in taken)
    made = []
    for members in drawn:
        team = Team.objects.create(event=event, name=next(names))
        _seat_members(actor, event, team, members, "drawn")
        made.append(team)
    audit(
        event,
        "team",
        said(
            gettext_noop("partners drawn with seed %(seed)s: %(teams)s team(s)"),
            seed=event.random_seed,
            teams=len(made),
        ),
        actor=actor,
    )
    return made
