"""API views for events: thin wrappers over tournaments.services, one per action.

Reading is open to everyone (like the public pages); every change needs a signed-in user
and is then allowed or refused by the service (403 for who, 400/409 for what or when).
Errors use the API's one shape: ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from draw import result_rules
from draw import services as draw_services
from draw.models import Match, Round, RoundState
from draw.services.rounds import AbsentPlayers
from gamelogs.api.errors import error_body
from gamelogs.services import UploadRejected
from participants import services as participant_services
from participants.models import ENTERED, ForceList, Registration
from participants.services.force_lists import list_of
from participants.services.soft_scores import soft_scores_by_registration
from tournaments import services
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
            raise EventError("Lists are not public for this event.", "not_found")
        lists = ForceList.objects.filter(registration__event=event).select_related("registration")
        return Response(s.ForceListSerializer(lists, many=True).data)


class RoundListView(EventAPIView):
    @extend_schema(
        summary="Rounds with their pairings (drafts only for organizers)",
        responses=s.RoundSerializer(many=True),
    )
    def get(self, request, slug):
        event = self.event(slug)
        rounds = event.rounds.prefetch_related("matches__seats__registration", "matches__game_log")
        if not manages(request.user, event):
            rounds = rounds.exclude(state=RoundState.DRAFT)
        return Response(s.RoundSerializer(rounds, many=True, context={"request": request}).data)

    @extend_schema(
        summary="Pair the next round as a draft (organizers)",
        description="Round 1 of an event with check-in answers 409 (code `absent`, with the players) while "
        'registered players have not checked in; send `{"drop_absent": true}` to drop them and pair.',
        request=s.PairInputSerializer,
        responses={201: s.RoundSerializer},
    )
    def post(self, request, slug):
        drop_absent = self.valid(s.PairInputSerializer)["drop_absent"]
        round_ = draw_services.pair_next_round(request.user, self.event(slug), drop_absent=drop_absent)
        return Response(
            s.RoundSerializer(round_, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class RoundDetailView(EventAPIView):
    @extend_schema(summary="One round with its pairings, tables and reasons", responses=s.RoundSerializer)
    def get(self, request, slug, number):
        return Response(
            s.RoundSerializer(self.round(self.event(slug), number), context={"request": request}).data
        )


class PairingListView(EventAPIView):
    @extend_schema(summary="A round's pairings", responses=s.MatchSerializer(many=True))
    def get(self, request, slug, number):
        round_ = self.round(self.event(slug), number)
        matches = round_.matches.select_related("game_log", "round").prefetch_related("seats__registration")
        return Response(s.MatchSerializer(matches, many=True, context={"request": request}).data)


class RoundActionView(EventAPIView):
    """POST publish, swap, repair, timer or close on a round (organizers)."""

    @extend_schema(
        summary="Publish, swap, re-pair, start the timer or close a round",
        request=s.SwapInputSerializer,
        responses=s.RoundSerializer,
        operation_id="events_round_action",
    )
    def post(self, request, slug, number, action):
        event = self.event(slug)
        round_ = self.round(event, number)
        user = request.user
        if action == "publish":
            draw_services.publish_round(user, round_)
        elif action == "swap":
            data = self.valid(s.SwapInputSerializer)
            first = get_object_or_404(Registration, pk=data["first"], event=event)
            second = get_object_or_404(Registration, pk=data["second"], event=event)
            warnings = draw_services.swap_pairing(user, round_, first, second, note=data["note"])
            body = s.RoundSerializer(Round.objects.get(pk=round_.pk), context={"request": request}).data
            return Response({**body, "warnings": warnings})
        elif action == "repair":
            draw_services.repair_round(user, round_, note=self.valid(s.NoteInputSerializer)["note"])
        elif action == "timer":
            draw_services.start_timer(user, round_, minutes=self.valid(s.TimerInputSerializer).get("minutes"))
        elif action == "close":
            draw_services.close_round(user, round_)
        else:
            raise Http404
        return Response(s.RoundSerializer(Round.objects.get(pk=round_.pk), context={"request": request}).data)


class MatchDetailView(EventAPIView):
    @extend_schema(summary="A match: players, table, state, result and log", responses=s.MatchSerializer)
    def get(self, request, slug, pk):
        return Response(
            s.MatchSerializer(self.match(self.event(slug), pk), context={"request": request}).data
        )


class BracketView(EventAPIView):
    """The elimination bracket: every round as drawn, the games to come, and the placements."""

    @extend_schema(
        summary="The elimination bracket with its placements",
        description="Every round from the bracket's first to the final, published rounds as played and "
        "later ones projected (a side still waiting names the table its player comes from), and the "
        "placements settled so far. 404 for an event without an elimination stage.",
        responses={200: s.BracketSerializer, 404: OpenApiResponse(description="no elimination stage")},
    )
    def get(self, request, slug):
        event = self.event(slug)
        if not event.has_elimination_stage:
            raise EventError("This event has no elimination bracket.", "not_found")
        return Response(s.BracketSerializer(draw_services.bracket_table(event)).data)


class WithdrawView(EventAPIView):
    @extend_schema(
        summary="Leave the event (before it starts: withdraw; after: drop)",
        request=None,
        responses={204: None},
    )
    def post(self, request, slug):
        participant_services.withdraw(request.user, self.event(slug))
        return Response(status=status.HTTP_204_NO_CONTENT)


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
