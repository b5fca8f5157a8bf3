"""Event-day pages: the player's table, the projector (pairings and clock for the room) and the
printed pairings with one result slip per table."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import render

from draw import presenters
from draw.services.event_day import current_table, projector_data
from draw.views.common import round_or_404
from participants.services.registration import registration_of
from tournaments.permissions import manages
from tournaments.views.common import event_or_404

# Result slips on one printed sheet: three fit an A4 or US Letter page with room to write.
SLIPS_PER_SHEET = 3


@login_required
def my_table(request, slug: str):
    """The signed-in player's table in the current round, or why there is none."""
    event = event_or_404(slug)
    context = {
        "event": event,
        "tab": "my-table",
        "table": current_table(request.user, event),
        "mine": registration_of(request.user, event),
        "is_manager": manages(request.user, event),
    }
    return render(request, "draw/my_table.html", context)


def projector(request, slug: str):
    """Large-type pairings of the current round and its clock, for a screen in the room. The
    page fetches projector.json every 15 seconds and updates itself in place."""
    event = event_or_404(slug)
    return render(request, "draw/projector.html", {"event": event, "data": projector_data(event)})


def projector_json(request, slug: str):
    response = JsonResponse(projector_data(event_or_404(slug)))
    response["Cache-Control"] = "no-store"
    return response


def round_print(request, slug: str, number: int):
    """A round's pairings and one result slip per table, laid out for paper (print CSS)."""
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    rows = presenters.round_rows(round_)
    slips = [row for row in rows if not row["match"].is_bye]
    sheets = [slips[i : i + SLIPS_PER_SHEET] for i in range(0, len(slips), SLIPS_PER_SHEET)]
    context = {
        "event": event,
        "round": round_,
        "rows": rows,
        "by_name": pairings_by_name(rows),
        "sheets": sheets,
        "score_label": event.game_plugin.score_label,
    }
    return render(request, "draw/print_round.html", context)


def pairings_by_name(rows: list[dict]) -> list[dict]:
    """Every player of the round, alphabetically, with their table and opponents: the sheet pinned
    on the wall, where each player looks for their own name."""
    lines = []
    for row in rows:
        seated = [row["first"], *row["others"]] if row["first"] else []
        for seat in seated:
            others = [s["name"] for s in seated if s is not seat]
            lines.append(
                {
                    "name": seat["name"],
                    "table": row["match"].table,
                    "opponents": others,
                    "faction": seat.get("faction", "") if others else "",
                    # A pod or a team table reads whole, in seating order ("Anna · Ben · Carla").
                    "seating": presenters.line_text(row["line"]) if row.get("lined") and others else "",
                }
            )
    return sorted(lines, key=lambda line: (line["name"].casefold(), line["table"]))
