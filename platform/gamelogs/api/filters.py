"""Query-string filters for log lists: ?state=&game=&simulated=&created_after=&created_before=."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import ValidationError

from gamelogs.models import LogState

PARAMETERS = [
    OpenApiParameter(
        "state",
        OpenApiTypes.STR,
        description="one or more states, comma-separated: " + ", ".join(LogState.values),
    ),
    OpenApiParameter("game", OpenApiTypes.STR, description="game id, e.g. motu-battleground"),
    OpenApiParameter(
        "simulated", OpenApiTypes.BOOL, description="only simulated (true) or only real (false) logs"
    ),
    OpenApiParameter("created_after", OpenApiTypes.DATETIME, description="ISO date or date-time, inclusive"),
    OpenApiParameter("created_before", OpenApiTypes.DATETIME, description="ISO date or date-time, exclusive"),
]


def filter_logs(logs: QuerySet, params) -> QuerySet:
    """Apply the documented filters; raise ValidationError naming a bad value."""
    if states := params.get("state"):
        wanted = [s.strip() for s in states.split(",") if s.strip()]
        unknown = sorted(set(wanted) - set(LogState.values))
        if unknown:
            raise ValidationError({"state": f"unknown state(s): {', '.join(unknown)}"})
        logs = logs.filter(state__in=wanted)
    if game := params.get("game"):
        logs = logs.filter(game=game)
    if (simulated := params.get("simulated")) is not None:
        flag = simulated.strip().lower()
        if flag not in ("true", "false", "1", "0"):
            raise ValidationError({"simulated": "use true or false"})
        logs = logs.filter(simulated=flag in ("true", "1"))
    if after := params.get("created_after"):
        logs = logs.filter(created_at__gte=_moment(after, "created_after"))
    if before := params.get("created_before"):
        logs = logs.filter(created_at__lt=_moment(before, "created_before"))
    return logs


def _moment(text: str, name: str) -> dt.datetime:
    # Well-formed but impossible dates (2026-02-30, 0000-01-01, an hour of 25) make Django's parsers
    # raise ValueError instead of returning None: the same answer as for any unreadable value.
    try:
        moment = parse_datetime(text)
        if moment is None:
            day = parse_date(text)
            if day is None:
                raise ValueError(text)
            moment = dt.datetime.combine(day, dt.time.min)
        if timezone.is_naive(moment):
            moment = timezone.make_aware(moment, dt.UTC)
        # In UTC: PostgreSQL refuses offsets over 15:59 that Python accepts, and an offset that
        # pushes the moment past year 1 or 9999 fails here rather than in the query.
        moment = moment.astimezone(dt.UTC)
    except (ValueError, OverflowError):
        raise ValidationError(
            {name: "use a real ISO date (2026-03-01) or date-time (2026-03-01T12:00:00Z)"}
        ) from None
    return moment
