"""API views for challenges: thin wrappers over challenges.services.

Reading is open to everyone; starting, entering and creating need a signed-in user (creating: an
organizer or staff). Errors use the API's one shape: ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges import services
from challenges.api import serializers as s
from challenges.models import Challenge
from gamelogs.api.errors import error_body
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected
from gamelogs.uploads import read_uploaded_file, reject_oversized_request


class ChallengeAPIView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def handle_exception(self, exc):
        if isinstance(exc, (services.ChallengeError, UploadRejected)):
            return Response(error_body(exc.code, exc.message), status=exc.status_code)
        return super().handle_exception(exc)

    def challenge(self, slug: str) -> Challenge:
        return get_object_or_404(Challenge, slug=slug)


class ChallengeListView(ChallengeAPIView):
    @extend_schema(
        summary="Challenges, newest first",
        parameters=[OpenApiParameter("game", str), OpenApiParameter("difficulty", str)],
        responses=s.ChallengeSerializer(many=True),
    )
    def get(self, request):
        challenges = services.visible_challenges(
            game=request.query_params.get("game", ""), difficulty=request.query_params.get("difficulty", "")
        )
        return Response(s.ChallengeSerializer(challenges, many=True, context={"request": request}).data)

    @extend_schema(
        summary="Publish a challenge (organizers and staff)",
        request=s.ChallengeInputSerializer,
        responses={201: s.ChallengeSerializer, 403: OpenApiResponse(description="not an organizer")},
    )
    def post(self, request):
        services.require_creator(request.user)
        data = s.ChallengeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        challenge = services.create_challenge(request.user, **data.validated_data)
        return Response(
            s.ChallengeSerializer(challenge, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class ChallengeDetailView(ChallengeAPIView):
    @extend_schema(summary="One challenge (its seed once it has closed)", responses=s.ChallengeSerializer)
    def get(self, request, slug):
        return Response(s.ChallengeSerializer(self.challenge(slug), context={"request": request}).data)


class StartView(ChallengeAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start the challenge: answers the header to play with, seed included",
        request=None,
        responses={200: OpenApiTypes.OBJECT, 409: OpenApiResponse(description="not open")},
    )
    def post(self, request, slug):
        challenge = self.challenge(slug)
        services.start(request.user, challenge)
        return Response(services.header_for(challenge, request.user))


class HeaderView(ChallengeAPIView):
    @extend_schema(
        summary="The header to play with (the seed only for a player who started, or after the close)",
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, slug):
        return Response(services.header_for(self.challenge(slug), request.user))


class LeaderboardView(ChallengeAPIView):
    @extend_schema(
        summary="Each player's best accepted entry: score, then fewer rounds, then earlier verification",
        responses=s.LeaderboardRowSerializer(many=True),
    )
    def get(self, request, slug):
        challenge = self.challenge(slug)
        rows = services.leaderboard(challenge)
        for rank, row in enumerate(rows, start=1):
            row.rank = rank
            row.challenge = challenge
        return Response(s.LeaderboardRowSerializer(rows, many=True).data)


class EntryListView(ChallengeAPIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, JSONParser]

    @extend_schema(
        summary="Your entries, with the reasons for any refusal", responses=s.EntrySerializer(many=True)
    )
    def get(self, request, slug):
        entries = services.entries_of(request.user, self.challenge(slug)).select_related(
            "challenge", "player"
        )
        return Response(s.EntrySerializer(entries, many=True).data)

    @extend_schema(
        summary="Enter a log (the raw log as the JSON body, or a multipart form with a `file` field)",
        description="The log goes through the normal upload pipeline; the entry is judged when its verdict "
        "arrives (status `pending` until then).",
        request={
            "application/json": {"type": "object"},
            "multipart/form-data": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}},
        },
        responses={202: s.EntrySerializer, 400: OpenApiResponse(description="not a log"), 409: OpenApiResponse(
            description="the challenge is not open")},
    )  # fmt: skip
    def post(self, request, slug):
        challenge = self.challenge(slug)
        reject_oversized_request(request)
        if request.content_type.startswith("multipart/form-data"):
            uploaded = request.FILES.get("file")
            if uploaded is None:
                raise UploadRejected(_("Send the log in a form field named 'file'."), "empty")
            data, filename = read_uploaded_file(uploaded)
        else:
            data, filename = request.body, ""
        entry = services.submit_entry(request.user, challenge, data, filename=filename, source=LogSource.API)
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_202_ACCEPTED)


class TableView(ChallengeAPIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Play the challenge at the table: a recorder game with its setup and seed",
        description="Starts the challenge for you (as `start/` does) and opens a table of the recorder "
        "whose header is the challenge's, with the names you give (one per seat, in order); you hold seat "
        "1 and a challenge of more seats waits for each other seat's phone to join with the code (`seats`). "
        "Going back to an unfinished table answers it again. When the game ends its log is entered into the "
        "challenge as your entry (an entry is one account's; the other seats get the log as their game).",
        request={"application/json": {"type": "object", "properties": {"names": {
            "type": "array", "items": {"type": "string"}}}}},
        responses={201: OpenApiTypes.OBJECT, 200: OpenApiResponse(description="your unfinished table"),
                   409: OpenApiResponse(
            description="not open, closed, or more seats than the table has")},
    )  # fmt: skip
    def post(self, request, slug):
        challenge = self.challenge(slug)
        names = request.data.get("names") if isinstance(request.data, dict) else None
        if not isinstance(names, list):
            raise services.ChallengeError('Send the names at the table: {"names": [...]}.', "invalid_names")
        existing = services.table_of(challenge, request.user)
        table = services.play_at_table(request.user, challenge, names=names)
        again = existing is not None and existing.pk == table.pk
        return Response(
            {
                "code": table.code,
                "status": table.status,
                "url": request.build_absolute_uri(table.get_absolute_url()),
                "join_url": request.build_absolute_uri(reverse("play:join", args=[table.code])),
                "state_url": request.build_absolute_uri(reverse("play:state", args=[table.code])),
                "players": [p["name"] for p in table.header["players"]],
                "seats": [
                    {"number": seat.number, "player": seat.player, "joined": seat.user_id is not None}
                    for seat in table.seat_list()
                ],
                "commitment": table.header["randomness"]["commitment"],
            },
            status=status.HTTP_200_OK if again else status.HTTP_201_CREATED,
        )
