"""The teams of a team event: everyone sees who plays for whom; organizers form and disband teams
before round 1 (participants.services.teams)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from participants import entrants
from participants import services as participant_services
from participants.models import Team
from tournaments import distinct_factions
from tournaments.errors import EventError
from tournaments.forms import TeamForm
from tournaments.permissions import manages, require_manager
from tournaments.views.common import back_on_event_error, event_or_404


def _team_event_or_404(slug: str):
    event = event_or_404(slug)
    if not event.is_team_event:
        raise Http404(_("This event is not a team event."))
    return event


def team_list(request, slug: str):
    """Every team with its players; for the organizer, the form that forms a team (kept filled
    in, with the reason, when it cannot be saved)."""
    event = _team_event_or_404(slug)
    is_manager = manages(request.user, event)
    form = None
    if request.method == "POST":
        require_manager(request.user, event)
        form = TeamForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                team = participant_services.create_team(
                    request.user, event, data["name"], list(data["members"]), seed=data["seed"]
                )
            except EventError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Team %(name)s formed.") % {"name": team.name})
                return redirect("tournaments:teams", slug=slug)
    open_for_changes = is_manager and not event.rounds.exists()
    if form is None and open_for_changes:
        form = TeamForm(event=event)
    members = entrants.team_members(event)
    factions = distinct_factions.applies(event)
    for people in members.values():
        for member in people:  # HR-17.2.4: each troop's own faction, shown where it must differ
            member.faction_shown = distinct_factions.registered_faction(event, member) if factions else None
    teams = [{"team": t, "members": members.get(t.pk, [])} for t in event.teams.order_by("seed", "name")]
    loose = event.registrations.filter(
        team__isnull=True, status__in=("registered", "checked-in"), is_ringer=False
    ).order_by("display_name")
    context = {
        "event": event,
        "tab": "teams",
        "teams": teams,
        "loose": loose,
        "form": form if open_for_changes else None,
        "is_manager": is_manager,
        "distinct_factions": factions,
        "faction_warnings": distinct_factions.team_warnings(event),
    }
    return render(request, "participants/teams.html", context)


@require_POST
@login_required
@back_on_event_error
def draw(request, slug: str):
    """Draw the players in no team into teams by the event's seed (participant_services.draw_teams)."""
    event = _team_event_or_404(slug)
    made = participant_services.draw_teams(request.user, event)
    messages.success(request, _("Partners drawn: %(teams)s.") % {"teams": ", ".join(t.name for t in made)})
    return redirect("tournaments:teams", slug=slug)


@require_POST
@login_required
@back_on_event_error
def disband(request, slug: str, pk: int):
    event = _team_event_or_404(slug)
    team = get_object_or_404(Team, pk=pk, event=event)
    participant_services.disband_team(request.user, team)
    messages.success(
        request, _("Team %(name)s disbanded; its players are free to join another.") % {"name": team.name}
    )
    return redirect("tournaments:teams", slug=slug)
