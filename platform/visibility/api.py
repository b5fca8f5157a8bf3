"""``/api/logs/<id>/publication/``: is this log public; an uploader publishes it or takes it back."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from gamelogs.services import logs_visible_to
from visibility import services

PublicationSerializer = inline_serializer(
    "Publication",
    {
        "log": serializers.IntegerField(),
        "public": serializers.BooleanField(help_text="shown on pages that name its players and event"),
        "published_by_you": serializers.BooleanField(),
    },
)


def publication_state(user, log) -> dict:
    return {
        "log": log.pk,
        "public": services.is_public(log),
        "published_by_you": services.published_by(user, log),
    }


class PublicationView(APIView):
    """Logs are private to their uploaders. Publishing one lets pages that name its players or its
    event (player histories, dice luck, event filters) show it; a log of a published event round
    is public anyway. Anyone who may not open the log gets 404."""

    def log(self, request, pk: int):
        return get_object_or_404(logs_visible_to(request.user).defer("content", "verdict"), pk=pk)

    @extend_schema(summary="Is this log public?", responses=PublicationSerializer)
    def get(self, request, pk: int):
        return Response(publication_state(request.user, self.log(request, pk)))

    @extend_schema(summary="Publish one of your logs", request=None, responses=PublicationSerializer)
    def post(self, request, pk: int):
        log = self.log(request, pk)
        try:
            services.publish(request.user, log)
        except services.NotYourLog as exc:  # staff may read any log but publish only their own
            raise Http404 from exc
        return Response(publication_state(request.user, log))

    @extend_schema(summary="Take your publication of a log back", responses=PublicationSerializer)
    def delete(self, request, pk: int):
        log = self.log(request, pk)
        try:
            services.withdraw(request.user, log)
        except services.NotYourLog as exc:
            raise Http404 from exc
        return Response(publication_state(request.user, log))
