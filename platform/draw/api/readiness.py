"""The readiness checklist before round 1, in the events API (organizers)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from draw import services as draw_services
from tournaments.api.views import EventAPIView
from tournaments.permissions import require_manager


class CheckSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    status = serializers.CharField(help_text="pass, warn (shown, does not block) or fail (blocks round 1)")
    detail = serializers.CharField()


class ReadinessView(EventAPIView):
    @extend_schema(
        summary="The readiness checklist before round 1 (organizers)", responses=CheckSerializer(many=True)
    )
    def get(self, request, slug):
        event = self.event(slug)
        require_manager(request.user, event)
        return Response([c.to_dict() for c in draw_services.readiness(event)])
