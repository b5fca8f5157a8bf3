"""API views for events: thin wrappers over tournaments.services, one per action.

Reading is open to everyone (like the public pages); every change needs a signed-in user
and is then allowed or refused by the service (403 for who, 400/409 for what or when).
Errors use the API's one shape: ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from draw import result_rules
from draw.models import Match, Round, RoundState
from draw.services.rounds import AbsentPlayers
from gamelogs.api.errors import error_body
from gamelogs.services import UploadRejected
from tournaments import event_filters, services
from tournaments.api import serializers as s
from tournaments.errors import EventError
from tournaments.forms import EVENT_FIELDS
from tournaments.models import AuditEntry, Event, Notification
from tournaments.permissions import manages


class EventAPIView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def handle_exception(self, exc):
        if isinstance(exc, AbsentPlayers):
            absent = [{"id": r.pk, "name": r.display_name} for r in exc.registrations]
            return Response(error_body(exc.code, exc.message, absent=absent), status=exc.status_code)
        if isinstance(exc, EventError):
            return Response(error_body(exc.code, exc.message), status=exc.status_code)
        if isinstance(exc, UploadRejected):
            return Response(error_body(exc.code, exc.message), status=exc.status_code)
        return super().handle_exception(exc)

    def event(self, slug: str) -> Event:
        return get_object_or_404(Event, slug=slug)

    def round(self, event: Event, number: int) -> Round:
        round_ = get_object_or_404(Round, event=event, number=number)
        if round_.state == RoundState.DRAFT and not manages(self.request.user, event):
            raise Http404
        return round_

    def match(self, event: Event, pk: int) -> Match:
        match = get_object_or_404(
            Match.objects.select_related("round__event", "game_log").prefetch_related(
                "seats__registration__player"
            ),
            pk=pk,
            round__event=event,
        )
        if match.round.state == RoundState.DRAFT and not manages(self.request.user, event):
            raise Http404
        return match

    def valid(self, serializer_class, **kwargs) -> dict:
        serializer = serializer_class(data=self.request.data, **kwargs)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    @staticmethod
    def ending(event: Event, data: dict) -> str | None:
        """The ending a result input names; without one, the game's score-decided ending (so an API
        client is held to the same rules as the pages, draw.result_rules)."""
        return data.get("ending") or result_rules.default_ending(event) or None

    def scores(self, serializer_class) -> tuple[list, dict]:
        """A result input's seat scores and its other fields (e.g. a decision's note)."""
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.scores(), serializer.validated_data


def _event_settings(data: dict) -> dict:
    # The random seed is not on the event form (the site draws one) but an API client may fix it, to
    # replay a draw; the service refuses a change once the event has started.
    return {k: v for k, v in data.items() if k in EVENT_FIELDS or k == "random_seed"}


class EventListView(generics.ListAPIView, EventAPIView):
    serializer_class = s.EventSerializer
    queryset = Event.objects.prefetch_related("organizers")

    def get_queryset(self):
        params = self.request.query_params
        game, mode = params.get("game", ""), params.get("mode", "")
        if game and game not in {game_id for game_id, _name in event_filters.game_choices()}:
            raise ValidationError({"game": [_("Unknown game %(game)r.") % {"game": game}]})
        if mode and not game:
            raise ValidationError({"mode": [_("Choose a game to filter by its mode.")]})
        if mode and mode not in {value for value, _name in event_filters.mode_choices(game)}:
            raise ValidationError({"mode": [_("Unknown mode %(mode)r for this game.") % {"mode": mode}]})
        return event_filters.filter_events(super().get_queryset(), game, mode)

    @extend_schema(
        summary="Events, newest first; of one game (and mode) with ?game= (and &mode=)",
        parameters=[
            OpenApiParameter(
                "game",
                OpenApiTypes.STR,
                description="Only the events of this game (its id, e.g. hoplomachus-remastered).",
                enum=[game_id for game_id, _name in event_filters.game_choices()],
            ),
            OpenApiParameter(
                "mode",
                OpenApiTypes.STR,
                description="With game: only the events of this mode of play (a mode id of the game, "
                "or standard for the game's standard game).",
            ),
        ],
        responses={
            200: s.EventSerializer(many=True),
            400: OpenApiResponse(description="an unknown game, or a mode without its game or not of it"),
        },
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Create an event (organizers)", request=s.EventSerializer, responses={201: s.EventSerializer}
    )
    def post(self, request):
        data = self.valid(s.EventSerializer)
        settings = _event_settings(data)
        name, starts_on = settings.pop("name"), settings.pop("starts_on")
        event = services.create_event(
            request.user, name=name, starts_on=starts_on, slug=data.get("slug", ""), **settings
        )
        return Response(
            s.EventSerializer(event, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class EventDetailView(EventAPIView):
    @extend_schema(summary="An event with its settings", responses=s.EventSerializer)
    def get(self, request, slug):
        return Response(s.EventSerializer(self.event(slug), context={"request": request}).data)

    @extend_schema(
        summary="Change an event's settings (its organizers)",
        request=s.EventSerializer,
        responses=s.EventSerializer,
    )
    def patch(self, request, slug):
        event = self.event(slug)
        data = self.valid(s.EventSerializer, instance=event, partial=True)
        event = services.update_event(request.user, event, **_event_settings(data))
        return Response(s.EventSerializer(event, context={"request": request}).data)


class OrganizerView(EventAPIView):
    @extend_schema(
        summary="Add an organizer (the event's organizers)",
        request=s.UsernameInputSerializer,
        responses=s.EventSerializer,
    )
    def post(self, request, slug):
        event = self.event(slug)
        user = get_object_or_404(get_user_model(), username=self.valid(s.UsernameInputSerializer)["username"])
        services.add_organizer(request.user, event, user)
        return Response(s.EventSerializer(event, context={"request": request}).data)


class JudgeListView(EventAPIView):
    @extend_schema(summary="The event's judges (usernames)", responses=OpenApiTypes.OBJECT)
    def get(self, request, slug):
        event = self.event(slug)
        return Response({"judges": [u.get_username() for u in event.judges.order_by("username")]})

    @extend_schema(
        summary="Add a judge (the event's organizers)",
        request=s.UsernameInputSerializer,
        responses={201: OpenApiTypes.OBJECT},
    )
    def post(self, request, slug):
        event = self.event(slug)
        user = get_object_or_404(get_user_model(), username=self.valid(s.UsernameInputSerializer)["username"])
        services.add_judge(request.user, event, user)
        return Response(
            {"judges": [u.get_username() for u in event.judges.order_by("username")]},
            status=status.HTTP_201_CREATED,
        )


class JudgeDetailView(EventAPIView):
    @extend_schema(summary="Remove a judge (the event's organizers)", request=None, responses={204: None})
    def delete(self, request, slug, username):
        event = self.event(slug)
        services.remove_judge(request.user, event, get_object_or_404(get_user_model(), username=username))
        return Response(status=status.HTTP_204_NO_CONTENT)


class AuditView(generics.ListAPIView, EventAPIView):
    """Everything organizers did to the event, newest first."""

    serializer_class = s.AuditEntrySerializer

    def get_queryset(self):
        return AuditEntry.objects.filter(event=self.event(self.kwargs["slug"])).select_related(
            "actor", "round"
        )


class NotificationListView(generics.ListAPIView, EventAPIView):
    """Your tournament notifications, newest first."""

    serializer_class = s.NotificationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return Notification.objects.filter(user=self.request.user).select_related("event")
