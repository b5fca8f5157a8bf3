"""The teams of a team event: listed for anyone, formed, changed and disbanded by its organizers
before round 1 (participants.services.teams)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from participants import entrants
from participants import services as participant_services
from participants.models import Registration, Team
from tournaments.api.views import EventAPIView
from tournaments.errors import EventError
from tournaments.models import Event


class MemberSerializer(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="display_name")
    status = serializers.CharField()


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    seed = serializers.IntegerField(source="team.seed", allow_null=True)
    members = MemberSerializer(many=True)


class TeamInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    seed = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    members = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=1,
        help_text="registration ids, 1 to the event's team size",
    )


def _teams(event: Event) -> list[dict]:
    members = entrants.team_members(event)
    return [{"team": t, "members": members.get(t.pk, [])} for t in event.teams.order_by("seed", "name")]


def _registrations(event: Event, ids: list[int]) -> list[Registration]:
    found = {r.pk: r for r in event.registrations.filter(pk__in=ids).select_related("team")}
    missing = [str(i) for i in ids if i not in found]
    if missing:
        raise EventError(_("No registration %(ids)s in this event.") % {"ids": ", ".join(missing)})
    return [found[i] for i in ids]


class _TeamEventView(EventAPIView):
    def _team_event(self, slug: str) -> Event:
        event = self.event(slug)
        if not event.is_team_event:
            raise EventError(_("This event is not a team event: its players play for themselves."))
        return event


def _row(team: Team) -> dict:
    return {"team": team, "members": list(team.members.order_by("created_at", "id"))}


class TeamListView(_TeamEventView):
    @extend_schema(summary="The event's teams and their players", responses=TeamSerializer(many=True))
    def get(self, request, slug):
        return Response(TeamSerializer(_teams(self._team_event(slug)), many=True).data)

    @extend_schema(
        summary="Form a team (the event's organizers, before round 1)",
        request=TeamInputSerializer,
        responses={201: TeamSerializer},
    )
    def post(self, request, slug):
        event = self._team_event(slug)
        data = self.valid(TeamInputSerializer)
        if not data.get("name"):
            raise EventError(_("Give the team a name."))
        team = participant_services.create_team(
            request.user, event, data["name"], _registrations(event, data["members"]), seed=data["seed"]
        )
        return Response(TeamSerializer(_row(team)).data, status=status.HTTP_201_CREATED)


class TeamDetailView(_TeamEventView):
    @extend_schema(summary="One team and its players", responses=TeamSerializer)
    def get(self, request, slug, pk):
        team = get_object_or_404(Team, pk=pk, event=self._team_event(slug))
        return Response(TeamSerializer(_row(team)).data)

    @extend_schema(
        summary="Change a team's players (the event's organizers, before round 1)",
        request=TeamInputSerializer,
        responses=TeamSerializer,
    )
    def put(self, request, slug, pk):
        event = self._team_event(slug)
        team = get_object_or_404(Team, pk=pk, event=event)
        data = self.valid(TeamInputSerializer)
        participant_services.set_members(request.user, team, _registrations(event, data["members"]))
        return Response(TeamSerializer(_row(team)).data)

    @extend_schema(
        summary="Disband a team (the event's organizers, before round 1)", request=None, responses={204: None}
    )
    def delete(self, request, slug, pk):
        event = self._team_event(slug)
        participant_services.disband_team(request.user, get_object_or_404(Team, pk=pk, event=event))
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamDrawView(_TeamEventView):
    @extend_schema(
        summary="Draw the players in no team into teams by the event's random seed (organizers, before round 1)",
        request=None,
        responses={201: TeamSerializer(many=True)},
    )
    def post(self, request, slug):
        made = participant_services.draw_teams(request.user, self._team_event(slug))
        return Response(
            TeamSerializer([_row(t) for t in made], many=True).data, status=status.HTTP_201_CREATED
        )
