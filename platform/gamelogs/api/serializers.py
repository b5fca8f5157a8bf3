"""Read-only representations of logs for the API. Uploads are raw bytes, not serializer input."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from gamelogs.models import GameLog, LogVerification
from refusals.catalog import localised_message


class PlayerSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    faction = serializers.CharField()


class ProgressSerializer(serializers.Serializer):
    events_total = serializers.IntegerField()
    events_verified = serializers.IntegerField()


class LogSerializer(serializers.ModelSerializer):
    """A log as listed: state, headline verdict fields, no statistics."""

    url = serializers.SerializerMethodField()
    page_url = serializers.SerializerMethodField()
    players = PlayerSerializer(many=True, read_only=True)
    progress = serializers.SerializerMethodField()
    final = serializers.BooleanField(source="is_final", read_only=True)

    class Meta:
        model = GameLog
        fields = [
            "id",
            "url",
            "page_url",
            "sha256",
            "game",
            "state",
            "final",
            "simulated",
            "filename",
            "size",
            "source",
            "players",
            "progress",
            "summary",
            "error_rule",
            "error_event_index",
            "result_winner",
            "engine_version",
            "created_at",
            "verified_at",
        ]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, log: GameLog) -> str:
        return reverse("api:log-detail", args=[log.pk], request=self.context.get("request"))

    @extend_schema_field(OpenApiTypes.URI)
    def get_page_url(self, log: GameLog) -> str:
        request = self.context.get("request")
        path = log.get_absolute_url()
        return request.build_absolute_uri(path) if request else path

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, log: GameLog) -> dict:
        return {"events_total": log.events_total, "events_verified": log.events_verified}


class VerificationSerializer(serializers.ModelSerializer):
    class Meta:
        model = LogVerification
        fields = [
            "engine_version",
            "content_pack_sha",
            "status",
            "summary",
            "result_winner",
            "error_rule",
            "error_event_index",
            "reason",
            "changed",
            "changes",
            "duration_ms",
            "created_at",
        ]
        read_only_fields = fields


class LogDetailSerializer(LogSerializer):
    """A log with its whole verdict: result, statistics, the first illegal event, and history."""

    result = serializers.JSONField(
        read_only=True, help_text="outcome, winner, ended_by, rounds_played, vp by source"
    )
    statistics = serializers.JSONField(
        read_only=True, help_text="rows: game, sides, characters, weapons, items, tests"
    )
    error = serializers.SerializerMethodField(
        help_text="rule, message (English), message_id and params (the message's template and its values), "
        "message_localized (the message in the request's language: Accept-Language), event_index, round, "
        "actor, path, event"
    )
    verdict = serializers.JSONField(
        read_only=True, help_text="the engine verdict as stored (engine.Verdict.to_dict())"
    )
    verifications = VerificationSerializer(many=True, read_only=True)

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_error(self, log: GameLog) -> dict | None:
        error = log.error
        if error is None:
            return None
        return {**error, "message_localized": localised_message(error)}

    class Meta(LogSerializer.Meta):
        fields = [
            *LogSerializer.Meta.fields,
            "content_pack_sha",
            "result",
            "statistics",
            "error",
            "verdict",
            "verifications",
        ]
        read_only_fields = fields


class UploadResponseSerializer(LogSerializer):
    duplicate = serializers.SerializerMethodField(help_text="true when these exact bytes were already stored")

    class Meta(LogSerializer.Meta):
        fields = ["duplicate", *LogSerializer.Meta.fields]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.BOOL)
    def get_duplicate(self, log: GameLog) -> bool:
        return bool(self.context.get("duplicate"))


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    rule = serializers.CharField(required=False)
    path = serializers.CharField(required=False)


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()
