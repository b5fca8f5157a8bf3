"""Event-day API: the signed-in player's table (one event, or every running event they play
in) and the projector's data. The same service functions feed the pages."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from draw.services.event_day import MyTable, current_table, current_tables, projector_data
from tournaments.api.views import EventAPIView


class TablePlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    faction = serializers.CharField(
        help_text="the faction dealt to the player's side at this table (Fields of Eternia); otherwise "
        "their list's, empty unless the event's lists are public (or it is yours)"
    )
    list = serializers.ListField(child=serializers.DictField(), source="list_lines")


class MyTableSerializer(serializers.Serializer):
    event = serializers.CharField(source="event.slug")
    event_name = serializers.CharField(source="event.name")
    round = serializers.IntegerField(source="round.number")
    match = serializers.IntegerField(source="match.pk")
    table = serializers.IntegerField(source="match.table")
    bye = serializers.BooleanField(source="is_bye")
    state = serializers.CharField(source="match.state")
    needs_result = serializers.BooleanField()
    me = TablePlayerSerializer()
    opponents = TablePlayerSerializer(many=True)
    partners = TablePlayerSerializer(many=True)
    pod = serializers.BooleanField(
        help_text="a free-for-all pod (Hoplomachus Pandemonium): every other player is an opponent"
    )
    seating = serializers.CharField(
        help_text="the table's players in seating order: 'Anna · Ben · Carla · Dan' (a pod), "
        "'Anna & Ben vs Carla & Dan' (teams), 'Anna vs Ben'"
    )
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="the round clock's end; null before it starts"
    )
    seconds_left = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField()

    def get_seconds_left(self, table: MyTable) -> int | None:
        return table.seconds_left()

    def get_links(self, table: MyTable) -> dict[str, str]:
        request = self.context.get("request")
        links = table.links()
        return {k: request.build_absolute_uri(v) for k, v in links.items()} if request else links


class MyTableView(EventAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Your table in the event's current round",
        description="Round, table, opponents (factions and lists once public), the clock and where to "
        "report the result, record the game or upload the log. `table` is null when you have none "
        "right now (not registered, dropped, no round published, or the event is over).",
        responses=inline_serializer(
            "MyTableResponse",
            {"event": serializers.CharField(), "table": MyTableSerializer(allow_null=True)},
        ),
    )
    def get(self, request, slug):
        event = self.event(slug)
        table = current_table(request.user, event)
        body = MyTableSerializer(table, context={"request": request}).data if table else None
        return Response({"event": event.slug, "table": body})


class MyTablesView(EventAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Your tables in every running event you play in",
        responses=MyTableSerializer(many=True),
    )
    def get(self, request):
        return Response(
            MyTableSerializer(current_tables(request.user), many=True, context={"request": request}).data
        )


class ProjectorView(EventAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The current round's pairings and clock, as the projector shows them",
        responses=inline_serializer(
            "Projector",
            {
                "event": serializers.DictField(),
                "now": serializers.DateTimeField(),
                "round": serializers.DictField(allow_null=True),
                "tables": serializers.ListField(child=serializers.DictField()),
            },
        ),
    )
    def get(self, request, slug):
        return Response(projector_data(self.event(slug)))
