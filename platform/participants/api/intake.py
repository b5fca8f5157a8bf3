"""The events API for player intake: guests, the ringer, CSV import and bulk add (preview or
commit), the join code, joining and claiming by code, and the readiness checklist.

Thin wrappers over tournaments.services, like tournaments.api.views; mounted by api_urls.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from participants import codes
from participants import services as participant_services
from participants.services import player_import
from tournaments.api.serializers import RegistrationSerializer
from tournaments.api.views import EventAPIView
from tournaments.errors import EventError
from tournaments.permissions import require_manager


class GuestSerializer(RegistrationSerializer):
    """A guest's registration as its organizers see it: with the claim code to hand over."""

    claim_code = serializers.SerializerMethodField()
    claim_url = serializers.SerializerMethodField()

    class Meta(RegistrationSerializer.Meta):
        fields = [*RegistrationSerializer.Meta.fields, "claim_code", "claim_url"]
        read_only_fields = fields

    def get_claim_code(self, registration) -> str | None:
        return codes.show_claim_code(registration.claim_code) if registration.claim_code else None

    def get_claim_url(self, registration) -> str | None:
        request = self.context.get("request")
        if not registration.claim_code or request is None:
            return None
        return request.build_absolute_uri(reverse("join:claim", args=[registration.claim_code]))


class GuestInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class RingerInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False, default="Ringer")
    username = serializers.CharField(required=False, allow_blank=True, default="")


class ImportInputSerializer(serializers.Serializer):
    """One of ``csv`` (the file's text; or a multipart ``file``) or ``names`` (one per line)."""

    csv = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    names = serializers.CharField(required=False, allow_blank=True)
    commit = serializers.BooleanField(required=False, default=False)


class CodeInputSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=20)


class GuestListView(EventAPIView):
    @extend_schema(
        summary="The event's guests with their claim codes (organizers)", responses=GuestSerializer(many=True)
    )
    def get(self, request, slug):
        event = self.event(slug)
        require_manager(request.user, event)
        guests = event.registrations.filter(player__isnull=True, is_ringer=False).order_by("display_name")
        return Response(GuestSerializer(guests, many=True, context={"request": request}).data)

    @extend_schema(
        summary="Add a player without an account (organizers)",
        request=GuestInputSerializer,
        responses={201: GuestSerializer},
    )
    def post(self, request, slug):
        data = self.valid(GuestInputSerializer)
        registration = participant_services.add_guest(
            request.user, self.event(slug), data["name"], club=data["club"]
        )
        return Response(
            GuestSerializer(registration, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class RingerView(EventAPIView):
    @extend_schema(
        summary="Add the ringer, the organizer's stand-in for an odd field (organizers)",
        request=RingerInputSerializer,
        responses={201: RegistrationSerializer},
    )
    def post(self, request, slug):
        data = self.valid(RingerInputSerializer)
        user = None
        if data["username"]:
            user = get_object_or_404(get_user_model(), username=data["username"])
        ringer = participant_services.add_ringer(request.user, self.event(slug), data["name"], user=user)
        return Response(RegistrationSerializer(ringer).data, status=status.HTTP_201_CREATED)


class ImportView(EventAPIView):
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        summary="Import players (and lists) from a CSV, or add names one per line (organizers)",
        description="Without `commit` (or `commit: false`) this is a preview: nothing is written, and each "
        "row says what would happen and what is wrong. With `commit: true` the rows without errors are "
        "imported (answer 201). The CSV comes as the `csv` text or a multipart `file`; `names` is one "
        "player per line, `Name` or `Name, Club`. Importing the same rows again adds nobody twice.",
        request=ImportInputSerializer,
        responses={200: dict, 201: dict},
    )
    def post(self, request, slug):
        event = self.event(slug)
        require_manager(request.user, event)
        data = self.valid(ImportInputSerializer)
        upload = request.FILES.get("file")
        notes: list[str] = []
        if upload is not None:
            rows, notes = player_import.parse_csv(upload.read(player_import.MAX_BYTES + 1))
        elif data.get("csv"):
            rows, notes = player_import.parse_csv(data["csv"])
        elif data.get("names"):
            rows = player_import.rows_from_names(data["names"])
        else:
            raise EventError(_("Send the CSV as `csv` or a `file`, or the names as `names`."))
        if data["commit"]:
            plan = participant_services.import_players(request.user, event, rows)
            code = status.HTTP_201_CREATED
        else:
            plan = player_import.plan_import(event, rows)
            code = status.HTTP_200_OK
        plan.notes.extend(notes)
        return Response({**plan.to_dict(), "committed": data["commit"]}, status=code)


class JoinCodeView(EventAPIView):
    def _body(self, event) -> dict:
        if not event.join_code:
            return {"join_code": None, "join_url": None}
        url = self.request.build_absolute_uri(reverse("join:event", args=[event.join_code]))
        return {"join_code": event.join_code, "join_url": url}

    @extend_schema(summary="The event's join code (organizers)", request=None, responses=dict)
    def get(self, request, slug):
        event = self.event(slug)
        require_manager(request.user, event)
        return Response(self._body(event))

    @extend_schema(
        summary="Make a new join code; the old one stops working (organizers)", request=None, responses=dict
    )
    def post(self, request, slug):
        event = self.event(slug)
        participant_services.set_join_code(request.user, event, enabled=True)
        event.refresh_from_db()
        return Response(self._body(event))

    @extend_schema(summary="Turn joining by code off (organizers)", request=None, responses=dict)
    def delete(self, request, slug):
        event = self.event(slug)
        participant_services.set_join_code(request.user, event, enabled=False)
        event.refresh_from_db()
        return Response(self._body(event))


class JoinView(EventAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Register for the event a join code opens",
        request=CodeInputSerializer,
        responses={201: RegistrationSerializer},
    )
    def post(self, request):
        registration = participant_services.join_with_code(
            request.user, self.valid(CodeInputSerializer)["code"]
        )
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class ClaimView(EventAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Attach a guest entry to your account with its claim code",
        request=CodeInputSerializer,
        responses=RegistrationSerializer,
    )
    def post(self, request):
        registration = participant_services.claim(request.user, self.valid(CodeInputSerializer)["code"])
        return Response({**RegistrationSerializer(registration).data, "event": registration.event.slug})
