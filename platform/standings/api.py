"""The standings API: an event's standings (JSON or CSV), the ratings across events and a
player's history. Mounted among the events API's paths and names (``events-api:standings``...):
see standings.urls."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.response import Response

import games
from draw.models import RoundState
from standings import exports
from standings.services import player_history, ratings
from tournaments.api import serializers as s
from tournaments.api.views import EventAPIView
from tournaments.models import Event


class RatingSerializer(serializers.Serializer):
    player = serializers.CharField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class CSVRenderer(BaseRenderer):
    """Lets ``?format=csv`` and ``Accept: text/csv`` reach the standings view (which writes the CSV)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, str | bytes) else ""


class StandingsView(EventAPIView):
    """Standings as stored when the last round closed, with every tiebreak column."""

    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

    @extend_schema(
        summary="Standings with every tiebreak column (JSON; CSV with ?format=csv)",
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, slug):
        event = self.event(slug)
        if request.accepted_renderer.format == "csv":
            return _csv_response(event)
        return Response(exports.standings_json(event))


class StandingsCSVView(EventAPIView):
    @extend_schema(
        summary="Standings as CSV", responses={(200, "text/csv"): OpenApiResponse(description="CSV")}
    )
    def get(self, request, slug):
        return _csv_response(self.event(slug))


def _csv_response(event: Event) -> HttpResponse:
    response = HttpResponse(exports.standings_csv(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-standings.csv"'
    return response


class PlayerHistoryView(EventAPIView):
    @extend_schema(summary="A player's events and matches, and their rating", responses=OpenApiTypes.OBJECT)
    def get(self, request, username):
        player = get_object_or_404(get_user_model(), username=username)
        rating = ratings().get(player.pk)
        events = []
        for item in player_history(player):
            registration = item["registration"]
            matches = [m for m in item["matches"] if m.round.state != RoundState.DRAFT]
            events.append(
                {
                    "event": item["event"].slug,
                    "status": registration.status,
                    "rank": item["rank"],
                    "matches": s.MatchSerializer(matches, many=True, context={"request": request}).data,
                }
            )
        body = {"player": player.get_username(), "events": events, "rating": None}
        if rating is not None:
            body["rating"] = {**RatingSerializer(_rating_row(rating, player.get_username())).data}
        return Response(body)


class RatingListView(EventAPIView):
    @extend_schema(
        summary="OpenSkill ratings over every event (or one game's, ?game=), best first",
        parameters=[OpenApiParameter("game", str, description="a game id: rate that game's events only")],
        responses=RatingSerializer(many=True),
    )
    def get(self, request):
        game = request.query_params.get("game") or None
        if game is not None and game not in games.game_ids():
            raise ValidationError({"game": f"unknown game {game!r}; one of {', '.join(games.game_ids())}"})
        names = dict(get_user_model().objects.values_list("pk", "username"))
        rows = sorted(ratings(game=game).values(), key=lambda r: -r.ordinal)
        return Response([RatingSerializer(_rating_row(r, names.get(r.player_id, ""))).data for r in rows])


def _rating_row(rating, username: str) -> dict:
    return {
        "player": username,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "ordinal": rating.ordinal,
        "games": rating.games,
        "provisional": rating.provisional,
    }
