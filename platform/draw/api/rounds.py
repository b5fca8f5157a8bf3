"""The events API about rounds: the rounds, one round, its pairings and actions, a match, the bracket."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from draw import services as draw_services
from draw.models import Round, RoundState
from participants.models import Registration
from tournaments.api import serializers as s
from tournaments.api.views import EventAPIView
from tournaments.errors import EventError
from tournaments.permissions import manages


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
