"""The results API: upload a match's log, report, confirm, dispute, decide or correct its result,
rule on a dispute, and a round's results at once. Mounted among the events API's paths and names
(``events-api:match-action``...): see results.urls."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.response import Response

from draw.models import Match
from draw.services import round_status
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected
from gamelogs.uploads import read_uploaded_file, reject_oversized_request
from results import services as result_services
from results.models import Dispute
from tournaments.api import serializers as s
from tournaments.api.views import EventAPIView
from tournaments.permissions import require_official


class MatchLogView(EventAPIView):
    parser_classes = [MultiPartParser, JSONParser]

    @extend_schema(
        summary="Upload the game's log to the match (its players or organizers)",
        description="The raw log as the JSON body, or a multipart form with a `file` field. The workers verify "
        "it; when legal and matching the match's players and lists, its result becomes the match's.",
        request={
            "application/json": {"type": "object"},
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
        },
        responses={202: s.MatchSerializer, 400: OpenApiResponse(description="not a log, or not now")},
    )
    def post(self, request, slug, pk):
        match = self.match(self.event(slug), pk)
        reject_oversized_request(request)
        if request.content_type.startswith("multipart/form-data"):
            uploaded = request.FILES.get("file")
            if uploaded is None:
                raise UploadRejected(_("Send the log in a form field named 'file'."), "empty")
            data, filename = read_uploaded_file(uploaded)
        else:
            data, filename = request.body, ""
        match = result_services.attach_log_to_match(
            request.user, match, data, filename=filename, source=LogSource.API
        )
        return Response(
            s.MatchSerializer(match, context={"request": request}).data, status=status.HTTP_202_ACCEPTED
        )


class MatchActionView(EventAPIView):
    """POST report, confirm, dispute or decide on a match."""

    @extend_schema(
        summary="Report, confirm, dispute, decide or correct a match's result",
        description="report (a player), confirm or dispute (the opponent); decide (organizers and judges, "
        "an open round) or correct (organizers and judges, a closed round: standings are ranked again and "
        "rounds paired since are flagged). A typed result is checked against the game's rules for its ending.",
        request=s.DecisionInputSerializer,
        responses=s.MatchSerializer,
        operation_id="events_match_action",
    )
    def post(self, request, slug, pk, action):
        event = self.event(slug)
        match = self.match(event, pk)
        user = request.user
        if action == "report":
            scores, data = self.scores(s.ResultInputSerializer)
            result_services.report_result(user, match, scores, ending=self.ending(event, data))
        elif action == "confirm":
            result_services.confirm_result(user, match)
        elif action == "dispute":
            result_services.dispute_result(user, match, reason=self.valid(s.DisputeInputSerializer)["reason"])
        elif action == "decide":
            scores, data = self.scores(s.DecisionInputSerializer)
            result_services.decide_result(
                user, match, scores, note=data["note"], ending=self.ending(event, data)
            )
        elif action == "correct":
            scores, data = self.scores(s.DecisionInputSerializer)
            result_services.correct_result(
                user, match, scores, note=data["note"], ending=self.ending(event, data)
            )
        else:
            raise Http404
        return Response(s.MatchSerializer(Match.objects.get(pk=match.pk), context={"request": request}).data)


class ResolveDisputeView(EventAPIView):
    @extend_schema(
        summary="Rule on a dispute (organizers and judges)",
        description="uphold true keeps the result; uphold false applies ``result``, checked like any typed "
        "result. Both a result and uphold true is refused (nothing is silently ignored).",
        request=s.ResolveInputSerializer,
        responses=s.MatchSerializer,
    )
    def post(self, request, slug, pk):
        event = self.event(slug)
        dispute = get_object_or_404(Dispute, pk=pk, match__round__event=event)
        data = self.valid(s.ResolveInputSerializer)
        scores, ending = None, None
        if data.get("result"):
            result = s.ResultInputSerializer(data=self.request.data["result"])
            result.is_valid(raise_exception=True)
            scores, ending = result.scores(), self.ending(event, result.validated_data)
        match = result_services.resolve_dispute(
            request.user, dispute, uphold=data["uphold"], note=data["note"], scores=scores, ending=ending
        )
        return Response(s.MatchSerializer(match, context={"request": request}).data)


class RoundResultsView(EventAPIView):
    """A round's results, every table at once (organizers and judges)."""

    @extend_schema(
        summary="A round's tables and their results; ?missing=1: only those without a counted result",
        responses=s.MatchSerializer(many=True),
    )
    def get(self, request, slug, number):
        event = self.event(slug)
        round_ = self.round(event, number)
        require_official(request.user, event)
        if request.query_params.get("missing") == "1":
            matches = round_status.missing_results(round_)
        else:
            matches = round_.matches.prefetch_related("seats__registration").order_by("table")
        return Response(s.MatchSerializer(matches, many=True, context={"request": request}).data)

    @extend_schema(
        summary="Enter a round's results in one request (organizers and judges)",
        description="Each row is saved on its own: a row that breaks a rule is refused with its message and "
        "the others are saved anyway. 200 when every row went through, 207 when some failed (see each "
        "row's status). In a closed round a changed row is a correction.",
        request=s.GridInputSerializer,
        responses={200: s.GridRowOutcomeSerializer(many=True), 207: s.GridRowOutcomeSerializer(many=True)},
    )
    def post(self, request, slug, number):
        event = self.event(slug)
        round_ = self.round(event, number)
        require_official(request.user, event)
        rows = self.valid(s.GridInputSerializer)["results"]
        entries = []
        for row in rows:
            serializer = s.GridRowInputSerializer(data=row)
            serializer.is_valid(raise_exception=True)
            entries.append(
                result_services.RowEntry(
                    row["match"], serializer.scores(), self.ending(event, row), row.get("note", "")
                )
            )
        outcomes = result_services.enter_results(request.user, round_, entries)
        failed = sum(1 for o in outcomes if o.failed)
        body = {
            "saved": sum(1 for o in outcomes if o.status == "saved"),
            "failed": failed,
            "rows": s.GridRowOutcomeSerializer(outcomes, many=True).data,
        }
        return Response(body, status=status.HTTP_207_MULTI_STATUS if failed else status.HTTP_200_OK)
