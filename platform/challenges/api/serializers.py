from __future__ import annotations

from rest_framework import serializers

from challenges.models import Challenge, ChallengeEntry


class ChallengeSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField(
        help_text="The seed, once the challenge has closed; null before."
    )
    header = serializers.JSONField(read_only=True, help_text="The published header: the seed is not in it.")

    class Meta:
        model = Challenge
        fields = [
            "slug", "url", "game", "mode", "title", "description", "difficulty", "header", "commitment", "seed",
            "opens_at", "closes_at", "allow_simulated", "created_at",
        ]  # fmt: skip

    def get_url(self, obj) -> str:
        request = self.context.get("request")
        path = f"/challenges/{obj.slug}/"
        return request.build_absolute_uri(path) if request else path

    def get_seed(self, obj) -> str | None:
        return obj.seed if obj.seed_revealed() else None


class ChallengeInputSerializer(serializers.Serializer):
    game = serializers.CharField()
    mode = serializers.CharField()
    title = serializers.CharField(max_length=120)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    header = serializers.JSONField(help_text="A log header: players and forces, setup, content pack.")
    difficulty = serializers.CharField(required=False, allow_blank=True, default="")
    opens_at = serializers.DateTimeField()
    closes_at = serializers.DateTimeField()


class EntrySerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    # A plain string in the schema: a choice field named "status" would collide with the logs' own enum.
    status = serializers.CharField(read_only=True, help_text="pending, accepted (on the board) or refused")
    verdict_url = serializers.SerializerMethodField()
    reasons = serializers.ListField(
        child=serializers.CharField(), source="reasons_text", read_only=True,
        help_text="why the entry was refused, in the request's language",
    )  # fmt: skip

    class Meta:
        model = ChallengeEntry
        fields = [
            "id", "player", "log", "status", "reasons", "outcome", "score", "rounds", "simulated", "submitted_at",
            "verified_at", "verdict_url",
        ]  # fmt: skip

    def get_verdict_url(self, obj) -> str:
        return f"/challenges/{obj.challenge.slug}/entries/{obj.pk}/"


class LeaderboardRowSerializer(EntrySerializer):
    rank = serializers.IntegerField(read_only=True)

    class Meta(EntrySerializer.Meta):
        fields = ["rank", *EntrySerializer.Meta.fields]
