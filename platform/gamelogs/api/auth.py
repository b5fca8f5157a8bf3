"""POST /api/auth/token/ — DRF's obtain_auth_token, documented for the schema."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken


class ObtainTokenView(ObtainAuthToken):
    @extend_schema(
        summary="Exchange a username and password for an API token",
        responses=inline_serializer("Token", {"token": serializers.CharField()}),
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)
