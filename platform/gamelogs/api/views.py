"""API views for logs: thin wrappers over gamelogs.services."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle, UserRateThrottle

from gamelogs.api.errors import error_body, rejection_response
from gamelogs.api.filters import PARAMETERS, filter_logs
from gamelogs.api.serializers import (
    ErrorSerializer,
    LogDetailSerializer,
    LogSerializer,
    UploadResponseSerializer,
)
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected, logs_visible_to, submit_log
from gamelogs.uploads import read_uploaded_file

CLI_USER_AGENT = "arbiter-cli/"


class UploadThrottle(ScopedRateThrottle):
    """Uploads have their own rate ("uploads"), applied to POST only."""

    scope_attr = "upload_throttle_scope"

    def allow_request(self, request, view):
        if request.method != "POST":
            return True
        return super().allow_request(request, view)


@extend_schema_view(
    get=extend_schema(summary="List the logs you uploaded", parameters=PARAMETERS),
    post=extend_schema(
        summary="Upload a log",
        description=(
            "Send the log either as a multipart form with a `file` field, or as the raw JSON body "
            "(`Content-Type: application/json`). The log is checked quickly (size, JSON, envelope, "
            "known game), stored and queued; a worker verifies it within seconds. Poll the returned "
            "`url` until `final` is true. Uploading bytes that are already stored returns 200 with "
            "`duplicate: true` and the existing log."
        ),
        request={
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
            "application/json": {"type": "object", "description": "an Arbiter game log"},
        },
        responses={
            201: UploadResponseSerializer,
            200: OpenApiResponse(UploadResponseSerializer, description="duplicate: the existing log"),
            400: OpenApiResponse(
                ErrorSerializer,
                description="not JSON, not a log, unknown game",
                examples=[
                    OpenApiExample(
                        "unknown game",
                        value=error_body(
                            "unknown_game", "Unknown game: Arbiter verifies motu-battleground, …"
                        ),
                    )
                ],
            ),
            413: OpenApiResponse(ErrorSerializer, description="over the 4 MiB limit"),
        },
    ),
)
class LogListCreateView(generics.ListCreateAPIView):
    serializer_class = LogSerializer
    parser_classes = [MultiPartParser, JSONParser]
    throttle_classes = [UserRateThrottle, UploadThrottle]
    upload_throttle_scope = "uploads"

    def get_queryset(self):
        logs = logs_visible_to(self.request.user).defer("content", "verdict")
        return filter_logs(logs, self.request.query_params)

    def create(self, request, *args, **kwargs):
        try:
            data, filename = self._upload_bytes(request)
            source = (
                LogSource.CLI
                if request.headers.get("User-Agent", "").startswith(CLI_USER_AGENT)
                else LogSource.API
            )
            submitted = submit_log(request.user, data, source=source, filename=filename)
        except UploadRejected as exc:
            return rejection_response(exc)
        body = UploadResponseSerializer(
            submitted.log, context={"request": request, "duplicate": submitted.duplicate}
        ).data
        return Response(body, status=status.HTTP_200_OK if submitted.duplicate else status.HTTP_201_CREATED)

    @staticmethod
    def _upload_bytes(request) -> tuple[bytes, str]:
        if request.content_type.startswith("multipart/form-data"):
            uploaded = request.FILES.get("file")
            if uploaded is None:
                raise UploadRejected(_("Send the log in a form field named 'file'."), "empty")
            return read_uploaded_file(uploaded)
        # Raw body: hash exactly the bytes sent, before any parser re-encodes them.
        return request.body, ""


@extend_schema(summary="A log with its state, verdict, result and statistics")
class LogDetailView(generics.RetrieveAPIView):
    serializer_class = LogDetailSerializer

    def get_queryset(self):
        # Another user's log answers 404, exactly like a log that does not exist.
        return logs_visible_to(self.request.user).defer("content").prefetch_related("verifications")


@extend_schema(
    summary="What the game awaits after a log's last event (``arbiter next``)",
    responses={200: OpenApiResponse(description="engine.session.next_events' answer, each alternative said")},
)
class LogNextView(generics.GenericAPIView):
    """What the game awaits after the log's last accepted event, as ``arbiter next`` says it
    (engine.session.next_events): each alternative's ``text`` in the request's language (``lang`` names
    the language it is in), the rest as the engine answers."""

    def get_queryset(self):
        return logs_visible_to(self.request.user)

    def get(self, request, *args, **kwargs):
        import engine
        from narration.catalog import localised_next

        log = self.get_object()
        try:
            answer = engine.session.next_events(bytes(log.content))
        except engine.UnreadableLog as exc:
            return Response(
                error_body("unreadable", exc.message), status=status.HTTP_422_UNPROCESSABLE_ENTITY
            )
        return Response(localised_next(answer))
