"""API shapes of events, registrations, lists, rounds, matches; and the inputs of actions."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from draw.models import Match, Outcome, Round
from draw.seats import SeatScore
from gamelogs.services import logs_visible_to
from participants.models import ForceList, Registration
from tournaments import distinct_factions
from tournaments.forms import EVENT_FIELDS
from tournaments.models import Event
from tournaments.permissions import officiates


class EventSerializer(serializers.ModelSerializer):
    """An event with every setting; organizers are listed by username."""

    organizers = serializers.SlugRelatedField(many=True, read_only=True, slug_field="username")
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "id",
            "slug",
            *EVENT_FIELDS,
            "random_seed",
            "status",
            "organizers",
            "page_url",
            "created_at",
        ]
        read_only_fields = ["id", "status", "organizers", "page_url", "created_at"]
        extra_kwargs = {"slug": {"required": False}, "ends_on": {"required": False}}

    @extend_schema_field(OpenApiTypes.URI)
    def get_page_url(self, event: Event) -> str:
        request = self.context.get("request")
        path = event.get_absolute_url()
        return request.build_absolute_uri(path) if request else path

    def to_internal_value(self, data):
        # ``bye_vp`` was this setting's name before it followed the game's score: still understood,
        # so that a client written against it does not lose its bye setting without a word.
        if hasattr(data, "get") and "bye_vp" in data and "bye_score" not in data:
            data = {**data, "bye_score": data["bye_vp"]}
        return super().to_internal_value(data)

    def validate_slug(self, value: str) -> str:
        if value and Event.objects.filter(slug=value).exclude(pk=getattr(self.instance, "pk", None)).exists():
            raise serializers.ValidationError("an event with this slug exists")
        return value


class RegistrationSerializer(serializers.ModelSerializer):
    # None for a guest (entered by the organizer, not claimed yet).
    player = serializers.CharField(source="player.username", read_only=True, allow_null=True, default=None)
    is_guest = serializers.BooleanField(read_only=True)
    list_valid = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = [
            "id",
            "player",
            "display_name",
            "club",
            "status",
            "seed",
            "dropped_after_round",
            "joined_round",
            "starting_points",
            "is_guest",
            "is_ringer",
            "list_valid",
            "created_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.BooleanField(allow_null=True))  # null: no list sent yet
    def get_list_valid(self, registration: Registration) -> bool | None:
        force_list = getattr(registration, "force_list", None)
        return None if force_list is None else force_list.valid


class ForceListSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.display_name", read_only=True)

    class Meta:
        model = ForceList
        fields = [
            "player",
            "faction",
            "entries",
            "text",
            "valid",
            "points",
            "validation",
            "locked",
            "updated_at",
        ]
        read_only_fields = fields


class ListInputSerializer(serializers.Serializer):
    """Either ``text`` (one character per line) or ``entries`` [{character, equipment}] + ``faction``."""

    text = serializers.CharField(required=False, allow_blank=True)
    entries = serializers.ListField(child=serializers.DictField(), required=False)
    faction = serializers.CharField(required=False, allow_blank=True)

    def validate(self, data):
        if "text" not in data and "entries" not in data:
            raise serializers.ValidationError("send the list as text or as entries")
        return data


class EntrantSerializer(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="display_name")


class SeatSerializer(serializers.Serializer):
    """One seat of a match in table order; outcome, rank, score and components once there is a result."""

    index = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField(source="registration.display_name")
    team = serializers.CharField(allow_blank=True)
    faction = serializers.CharField(
        allow_blank=True,
        help_text="the faction dealt to the seat's side at this table (games whose sides are chosen at the "
        "table: Fields of Eternia); empty otherwise",
    )
    outcome = serializers.CharField(allow_blank=True, help_text="win, draw or loss; empty without a result")
    rank = serializers.IntegerField(allow_null=True, help_text="1 = best; ties share a rank")
    score = serializers.IntegerField(help_text="the game's score (VP in Battleground)")
    components = serializers.DictField(
        child=serializers.IntegerField(), help_text="the game's score components"
    )


class ResultSerializer(serializers.Serializer):
    source = serializers.CharField(source="result_source")
    final = serializers.BooleanField(source="counts")
    ending = serializers.CharField(
        help_text="how the game ended, when a person typed the result (else empty)"
    )


class MatchLogSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    state = serializers.CharField()
    summary = serializers.CharField()
    sha256 = serializers.CharField()


class MatchSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    seats = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()
    log = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "round",
            "table",
            "seats",
            "reason",
            "state",
            "result",
            "log",
            "log_flag",
            "flag_details",
        ]
        read_only_fields = fields

    reason = serializers.CharField(
        source="reason_text", read_only=True, help_text="why the table was paired, in the request's language"
    )

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, match: Match) -> list[dict]:
        return SeatSerializer(match.seat_list(), many=True).data

    @extend_schema_field(ResultSerializer(allow_null=True))
    def get_result(self, match: Match) -> dict | None:
        return ResultSerializer(match).data if match.has_result else None

    @extend_schema_field(MatchLogSerializer(allow_null=True))
    def get_log(self, match: Match) -> dict | None:
        """The attached log, for the people the match page shows it to (the match's two players
        and the event's organizers) and those who may open it anyway (its uploaders, staff);
        anyone else sees the match's state and result but not the log (null)."""
        if not match.game_log_id or not self._may_see_log(match):
            return None
        return MatchLogSerializer(match.game_log).data

    def _may_see_log(self, match: Match) -> bool:
        user = getattr(self.context.get("request"), "user", None)
        if user is None or not user.is_authenticated:
            return False
        if match.side_of(user) is not None or logs_visible_to(user).filter(pk=match.game_log_id).exists():
            return True
        return officiates(user, match.round.event)


class RoundSerializer(serializers.ModelSerializer):
    pairings = MatchSerializer(source="matches", many=True, read_only=True)
    warnings = serializers.SerializerMethodField(
        help_text="What the organizer must fix before the round can be played, in words (e.g. two "
        "players of one faction paired in a game that needs two different factions)"
    )

    class Meta:
        model = Round
        fields = [
            "number",
            "stage",
            "state",
            "paired_at",
            "published_at",
            "timer_started_at",
            "timer_ends_at",
            "closed_at",
            "pairings",
            "warnings",
        ]
        read_only_fields = fields

    def get_warnings(self, round_: Round) -> list[str]:
        return distinct_factions.round_warnings(round_)


class SeatScoreInputSerializer(serializers.Serializer):
    # A pod's seat may give its place (rank) alone: 1st is the win, the rest losses (draw.seats).
    outcome = serializers.ChoiceField(choices=Outcome.choices, required=False, allow_blank=True, default="")
    score = serializers.IntegerField(min_value=0, default=0)
    components = serializers.DictField(
        child=serializers.IntegerField(min_value=0), required=False, default=dict
    )
    rank = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)


class ResultInputSerializer(serializers.Serializer):
    """A result: ``seats``, one score per seat in table order (a team match also takes one per team)."""

    seats = SeatScoreInputSerializer(many=True, allow_empty=False)
    ending = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="how the game ended, one of the game's endings (Battleground: vp, knockout, concession, "
        "agreed-draw, BG-7.4); default: the score-decided one, so a winner on VP needs the lead the rules ask",
    )

    def scores(self) -> list[SeatScore]:
        """The validated result, one SeatScore per seat."""
        return [SeatScore.from_dict(seat) for seat in self.validated_data["seats"]]


class DecisionInputSerializer(ResultInputSerializer):
    note = serializers.CharField(required=False, allow_blank=True, default="")


class GridRowInputSerializer(DecisionInputSerializer):
    """One table of a round's results: the match id and its result."""

    match = serializers.IntegerField(help_text="the match id (a pairing's id)")


class GridInputSerializer(serializers.Serializer):
    results = GridRowInputSerializer(many=True)


class GridRowOutcomeSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    table = serializers.IntegerField()
    status = serializers.CharField(help_text="saved, unchanged, empty or error")
    message = serializers.CharField(help_text="what is wrong with the row (errors), else empty")


class ResolveInputSerializer(serializers.Serializer):
    uphold = serializers.BooleanField()
    note = serializers.CharField(required=False, allow_blank=True, default="")
    result = ResultInputSerializer(required=False)


class DisputeInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class SwapInputSerializer(serializers.Serializer):
    first = serializers.IntegerField(help_text="registration id")
    second = serializers.IntegerField(help_text="registration id")
    note = serializers.CharField(required=False, allow_blank=True, default="")


class NoteInputSerializer(serializers.Serializer):
    note = serializers.CharField(required=False, allow_blank=True, default="")


class TimerInputSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=24 * 60, required=False)


class PairInputSerializer(serializers.Serializer):
    drop_absent = serializers.BooleanField(required=False, default=False)


class LateJoinInputSerializer(serializers.Serializer):
    username = serializers.CharField()
    points = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)


class AuditEntrySerializer(serializers.Serializer):
    created_at = serializers.DateTimeField()
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)
    action = serializers.CharField()
    detail = serializers.CharField(source="text", help_text="the entry in the request's language")
    detail_en = serializers.CharField(source="detail", help_text="the entry in English, as it was written")
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    match = serializers.IntegerField(source="match_id", allow_null=True)
    data = serializers.JSONField()


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    message = serializers.CharField(source="text", help_text="in the request's language")
    url = serializers.CharField()
    read = serializers.BooleanField()
    event = serializers.CharField(source="event.slug", allow_null=True, default=None)


class BracketPlayerSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)


class BracketSideSerializer(serializers.Serializer):
    """One side of a bracket game: a player, or while the game feeding it is undecided,
    ``from_table`` (the previous round's table whose winner comes here)."""

    registration = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    seed = serializers.IntegerField(allow_null=True)
    from_table = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True, help_text="once the game has a result that counts")
    components = serializers.DictField(
        child=serializers.IntegerField(), allow_null=True, help_text="the game's score components"
    )
    winner = serializers.BooleanField()


class BracketGameSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="the match id once paired")
    state = serializers.CharField(allow_null=True, help_text="the match's state once paired")
    paired = serializers.BooleanField(help_text="false for a game the bracket projects from earlier ones")
    bye = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True, help_text="registration id, once decided")
    resolution = serializers.ChoiceField(
        choices=["bye", "win", "draw_rule"],
        allow_null=True,
        help_text="draw_rule: a draw or double loss settled by the event's draw rule",
    )
    a = BracketSideSerializer()
    b = BracketSideSerializer(allow_null=True, help_text="null for a bye")


class BracketRoundSerializer(serializers.Serializer):
    bracket_round = serializers.IntegerField(help_text="1 for the bracket's first round")
    round = serializers.IntegerField(help_text="the event's round number")
    name = serializers.CharField()
    state = serializers.CharField(allow_null=True, help_text="the round's state; null until paired")
    games = BracketGameSerializer(many=True)


class PlacementSerializer(serializers.Serializer):
    """A settled placement: ``first``-``last`` are the places shared (equal for one place)."""

    registration = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    first = serializers.IntegerField()
    last = serializers.IntegerField()
    label = serializers.CharField()
    eliminated_in_round = serializers.IntegerField(allow_null=True, help_text="null for the winner")


class BracketSerializer(serializers.Serializer):
    event = serializers.CharField()
    drawn = serializers.BooleanField(help_text="false until the bracket's first round is published")
    players = serializers.IntegerField(allow_null=True, help_text="players seeded into the bracket")
    size = serializers.IntegerField(allow_null=True, help_text="a power of two; the missing seeds are byes")
    draw_rule = serializers.CharField()
    finished = serializers.BooleanField()
    champion = BracketPlayerSerializer(allow_null=True)
    rounds = BracketRoundSerializer(many=True)
    placements = PlacementSerializer(many=True)


class SoftScoreEntrySerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    category = serializers.CharField(max_length=32)
    points = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)


class SoftScoresInputSerializer(serializers.Serializer):
    """Entries to set; ``points`` null clears one. Entries not listed stay as they are."""

    scores = SoftScoreEntrySerializer(many=True)

    def by_registration(self) -> dict[int, dict[str, object]]:
        grouped: dict[int, dict[str, object]] = {}
        for entry in self.validated_data["scores"]:
            grouped.setdefault(entry["registration"], {})[entry["category"]] = entry["points"]
        return grouped


class SoftScorePlayerSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    scores = serializers.DictField(child=serializers.FloatField(allow_null=True))


class SoftScoresSerializer(serializers.Serializer):
    categories = serializers.ListField(child=serializers.DictField())
    use = serializers.CharField()
    players = SoftScorePlayerSerializer(many=True)


class UsernameInputSerializer(serializers.Serializer):
    username = serializers.CharField()
