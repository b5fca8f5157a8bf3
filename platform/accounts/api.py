"""The accounts API.

* POST /api/auth/token/ — a username and password for an API token, rate-limited per client and
  protected by django-axes like the login form (see accounts.signin_guard).
* GET/POST /api/accounts/organizer-request/ — my organizer role; ask for it.
* GET /api/accounts/organizer-requests/, POST …/<id>/decision/ — staff decide (accounts.roles).
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from accounts import roles
from accounts.models import OrganizerRequest, RequestStatus
from accounts.services import is_organizer, open_events
from accounts.signin_guard import client_username, lockout_response
from arbiter_site.errors import error_body


class SignInRateThrottle(AnonRateThrottle):
    """Every attempt counts (right or wrong), per client address, in the shared cache."""

    scope = "signin"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ObtainTokenView(ObtainAuthToken):
    throttle_classes = [SignInRateThrottle]

    @extend_schema(
        summary="Exchange a username and password for an API token",
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            429: OpenApiResponse(description="too many attempts (error code throttled or locked_out)"),
        },
    )
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            # django-axes marks the request it was given (DRF's wrapper, not Django's request).
            if getattr(request, "axes_locked_out", False):
                # The pause's length depends on the username tried, which only DRF's request parsed.
                request._request.axes_username = client_username(request)
                return lockout_response(request._request)
            raise


# --- The organizer role (accounts.roles) ---------------------------------------------------------


class OrganizerRequestSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    decided_by = serializers.CharField(
        source="decided_by.username", read_only=True, default=None, allow_null=True
    )

    class Meta:
        model = OrganizerRequest
        fields = ["id", "username", "reason", "status", "created_at", "decided_at", "decided_by", "note"]
        read_only_fields = fields


class RoleSerializer(serializers.Serializer):
    organizer = serializers.BooleanField(help_text="may create events now")
    open_events = serializers.BooleanField(help_text="the site lets anyone signed in create events")
    request = OrganizerRequestSerializer(allow_null=True, help_text="the latest request, if any")


def _role_body(user) -> dict:
    latest = roles.latest_request(user)
    return {
        "organizer": is_organizer(user),
        "open_events": open_events(),
        "request": OrganizerRequestSerializer(latest).data if latest else None,
    }


def _refused(exc: roles.RoleRequestError) -> Response:
    status = 409 if exc.code in ("already_requested", "already_decided", "already_organizer") else 400
    return Response(error_body(exc.code, exc.message), status=status)


class OrganizerRequestInput(serializers.Serializer):
    # Only text: a list or an object is refused here, not stored as its Python spelling. An empty
    # reason is left to roles.request_role, which says why one is needed (reason_required).
    reason = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)


class OrganizerDecisionInput(serializers.Serializer):
    decision = serializers.ChoiceField(["grant", "decline"])
    note = serializers.CharField(required=False, allow_blank=True, default="")


def _valid(serializer_class, request) -> dict:
    """The body, checked by ``serializer_class`` (a body that is not an object is refused too)."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class OrganizerRoleView(APIView):
    """The caller's organizer role and latest request; POST ``{"reason"}`` asks for the role."""

    @extend_schema(summary="My organizer role and latest request", responses=RoleSerializer)
    def get(self, request):
        return Response(_role_body(request.user))

    @extend_schema(
        summary="Ask for the organizer role",
        request=OrganizerRequestInput,
        responses={
            201: RoleSerializer,
            400: OpenApiResponse(description="invalid, reason_required, reason_too_long or open_events"),
            409: OpenApiResponse(description="already_requested or already_organizer"),
        },
    )
    def post(self, request):
        reason = _valid(OrganizerRequestInput, request)["reason"]
        try:
            roles.request_role(request.user, reason)
        except roles.RoleRequestError as exc:
            return _refused(exc)
        return Response(_role_body(request.user), status=201)


class OrganizerRequestListView(ListAPIView):
    """Staff: organizer requests, waiting ones by default (``?status=granted|declined|all``)."""

    permission_classes = [IsAdminUser]
    serializer_class = OrganizerRequestSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status", str, enum=[*RequestStatus.values, "all"], description="Default: pending."
            )
        ]
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        wanted = self.request.query_params.get("status", RequestStatus.PENDING)
        if wanted != "all" and wanted not in RequestStatus.values:
            # A misspelt filter answered with an empty list reads as "nobody is waiting".
            choices = ", ".join([*RequestStatus.values, "all"])
            raise ValidationError(
                {
                    "status": [
                        _("Unknown status “%(status)s”: use one of %(choices)s.")
                        % {"status": wanted, "choices": choices}
                    ]
                }
            )
        found = OrganizerRequest.objects.select_related("user", "decided_by")
        return found if wanted == "all" else found.filter(status=wanted)


class OrganizerDecisionView(APIView):
    """Staff: ``{"decision": "grant"|"decline", "note"}`` on a waiting request."""

    permission_classes = [IsAdminUser]

    @extend_schema(
        summary="Grant or decline an organizer request",
        request=OrganizerDecisionInput,
        responses={200: OrganizerRequestSerializer, 409: OpenApiResponse(description="already_decided")},
    )
    def post(self, request, pk: int):
        organizer_request = get_object_or_404(OrganizerRequest, pk=pk)
        body = _valid(OrganizerDecisionInput, request)
        try:
            decided = roles.decide(
                request.user, organizer_request, grant=body["decision"] == "grant", note=body["note"]
            )
        except roles.RoleRequestError as exc:
            return _refused(exc)
        return Response(OrganizerRequestSerializer(decided).data)
