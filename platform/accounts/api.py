"""POST /api/auth/token/ — a username and password for an API token, rate-limited per client and
protected by django-axes like the login form (see accounts.signin_guard)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import ValidationError
from rest_framework.throttling import AnonRateThrottle

from accounts.signin_guard import lockout_response


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
                return lockout_response(request._request)
            raise
