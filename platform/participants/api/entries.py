"""The events API about one event's entries: registrations and their actions, late joiners, withdrawing, the player's list, every list, soft scores."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from participants import services as participant_services
from participants.models import ENTERED, ForceList, Registration
from participants.services.force_lists import list_of
from participants.services.soft_scores import soft_scores_by_registration
from tournaments.api import serializers as s
from tournaments.api.views import EventAPIView
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import manages


class RegistrationListView(EventAPIView):
    @extend_schema(
        summary="Who is registered, waiting, checked in or dropped",
        responses=s.RegistrationSerializer(many=True),
    )
    def get(self, request, slug):
        registrations = self.event(slug).registrations.select_related("player", "force_list")
        return Response(s.RegistrationSerializer(registrations, many=True).data)

    @extend_schema(summary="Register yourself", request=None, responses={201: s.RegistrationSerializer})
    def post(self, request, slug):
        registration = participant_services.register(request.user, self.event(slug))
        return Response(s.RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class RegistrationActionView(EventAPIView):
    """POST check-in, drop or admit (organizers; a player may check in or drop themself)."""

    actions = {
        "check-in": participant_services.check_in,
        "drop": participant_services.drop,
        "admit": participant_services.admit,
    }

    @extend_schema(
        summary="Check in, drop or admit a registration",
        request=None,
        responses=s.RegistrationSerializer,
        operation_id="events_registration_action",
    )
    def post(self, request, slug, pk, action):
        if action not in self.actions:
            raise Http404
        registration = get_object_or_404(Registration, pk=pk, event=self.event(slug))
        self.actions[action](request.user, registration)
        registration.refresh_from_db()
        return Response(s.RegistrationSerializer(registration).data)


class CheckInInputSerializer(serializers.Serializer):
    all = serializers.BooleanField(
        required=False, default=False, help_text="Check in every registered player who has not checked in."
    )
    registrations = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        allow_empty=False,
        help_text="The registrations to check in (ids), when not all.",
    )

    def validate(self, data):
        if bool(data.get("all")) == ("registrations" in data):
            raise serializers.ValidationError(_("Give either all: true or a list of registrations."))
        return data


class CheckInView(EventAPIView):
    @extend_schema(
        summary="Check in several players at once (organizers)",
        description='`{"all": true}` checks in every registered player who has not checked in; '
        '`{"registrations": [ids]}` the ones named. One transaction: a named registration that is '
        "waiting, dropped or of another event refuses the whole request (400 or 409, nothing stored). "
        "Answers with the registrations checked in now (players already checked in are left out).",
        request=CheckInInputSerializer,
        responses=s.RegistrationSerializer(many=True),
        operation_id="events_check_in_many",
    )
    def post(self, request, slug):
        data = self.valid(CheckInInputSerializer)
        event = self.event(slug)
        checked = participant_services.check_in_many(
            request.user, event, None if data.get("all") else data["registrations"]
        )
        return Response(s.RegistrationSerializer(checked, many=True).data)


class LateJoinView(EventAPIView):
    @extend_schema(
        summary="Add a player after the start (organizers)",
        request=s.LateJoinInputSerializer,
        responses={201: s.RegistrationSerializer},
    )
    def post(self, request, slug):
        data = self.valid(s.LateJoinInputSerializer)
        user = get_object_or_404(get_user_model(), username=data["username"])
        registration = participant_services.late_join(
            request.user, self.event(slug), user, points=data.get("points")
        )
        return Response(s.RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class SoftScoresView(EventAPIView):
    """Soft scores (sportsmanship, painting, ...) per player; organizers set them."""

    @extend_schema(
        summary="The event's soft score categories and each player's scores", responses=s.SoftScoresSerializer
    )
    def get(self, request, slug):
        return Response(_soft_scores(self.event(slug)))

    @extend_schema(
        summary="Set soft scores (organizers)",
        description="Each entry names a registration, a category key and the points (0 to the "
        "category's maximum; null clears it). Nothing is stored if one entry is refused (400 with "
        "the reason). Every closed round's stored standings are updated.",
        request=s.SoftScoresInputSerializer,
        responses=s.SoftScoresSerializer,
    )
    def put(self, request, slug):
        event = self.event(slug)
        data = s.SoftScoresInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        participant_services.enter_soft_scores(request.user, event, data.by_registration())
        return Response(_soft_scores(event))


def _soft_scores(event: Event) -> dict:
    stored = soft_scores_by_registration(event)
    categories = list(event.soft_score_categories or [])
    players = event.registrations.filter(status__in=ENTERED).order_by("display_name", "pk")
    return {
        "categories": categories,
        "use": event.soft_scores_use,
        "players": [
            {
                "registration": r.pk,
                "name": r.display_name,
                "scores": {c["key"]: stored.get(r.pk, {}).get(c["key"]) for c in categories},
            }
            for r in players
        ],
    }


class MyListView(EventAPIView):
    @extend_schema(
        summary="Your list for this event and what is wrong with it", responses=s.ForceListSerializer
    )
    def get(self, request, slug):
        registration = participant_services.registration_of(request.user, self.event(slug))
        force_list = list_of(registration) if registration else None
        if force_list is None:
            raise Http404
        return Response(s.ForceListSerializer(force_list).data)

    @extend_schema(
        summary="Submit or replace your list (until lists lock)",
        request=s.ListInputSerializer,
        responses=s.ForceListSerializer,
    )
    def put(self, request, slug):
        data = self.valid(s.ListInputSerializer)
        force_list = participant_services.submit_list(
            request.user,
            self.event(slug),
            text=data.get("text"),
            entries=data.get("entries"),
            faction=data.get("faction"),
        )
        return Response(s.ForceListSerializer(force_list).data)


class ListsView(EventAPIView):
    @extend_schema(
        summary="Every list, once the event's lists are public and locked",
        responses=s.ForceListSerializer(many=True),
    )
    def get(self, request, slug):
        event = self.event(slug)
        if not (event.lists_visible or manages(request.user, event)):
            raise EventError(_("Lists are not public for this event."), "not_found")
        lists = ForceList.objects.filter(registration__event=event).select_related("registration")
        return Response(s.ForceListSerializer(lists, many=True).data)


class WithdrawView(EventAPIView):
    @extend_schema(
        summary="Leave the event (before it starts: withdraw; after: drop)",
        request=None,
        responses={204: None},
    )
    def post(self, request, slug):
        participant_services.withdraw(request.user, self.event(slug))
        return Response(status=status.HTTP_204_NO_CONTENT)
