"""The standings pages: an event's standings (and their CSV and JSON), the ratings across events
and a player's history. Their URLs keep the events' names (``tournaments:standings``...): see
standings.urls."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

import games
from standings import exports
from standings.services import player_history as history_of
from standings.services import ratings, standings_table
from tournaments.permissions import manages
from tournaments.views.common import event_or_404


def standings(request, slug: str):
    event = event_or_404(slug)
    table = standings_table(event)
    context = {
        "event": event,
        "tab": "standings",
        "table": table,
        "columns": table["columns"],
        "ranked_by": [c["name"] for c in table["columns"] if c["in_order"]],
        "rows": standings_rows(table),
        "after_round": table["after_round"],
        "is_manager": manages(request.user, event),
    }
    return render(request, "standings/standings.html", context)


def standings_csv(request, slug: str):
    event = event_or_404(slug)
    response = HttpResponse(exports.standings_csv(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-standings.csv"'
    return response


def standings_json(request, slug: str):
    return JsonResponse(exports.standings_json(event_or_404(slug)))


def player_history(request, username: str):
    player = get_object_or_404(get_user_model(), username=username)
    rating = ratings().get(player.pk)
    return render(
        request,
        "standings/player_history.html",
        {"player": player, "history": history_of(player), "rating": rating},
    )


def rating_list(request):
    game = request.GET.get("game", "")
    if game not in games.game_ids():
        game = ""  # every game
    users = {u.pk: u for u in get_user_model().objects.select_related("profile")}
    rows = sorted(ratings(game=game or None).values(), key=lambda r: -r.ordinal)
    table = [{"rating": r, "user": users.get(r.player_id)} for r in rows if r.player_id in users]
    choices = [("", "Every game")] + [(g, games.plugin(g).label) for g in games.game_ids()]
    return render(request, "standings/ratings.html", {"rows": table, "game": game, "games": choices})


def standings_rows(table: dict) -> list[dict]:
    """The standings table's rows with their cells in column order: tiebreak values, then soft
    scores by category."""
    keys = [c["key"] for c in table["columns"]]
    categories = [c["key"] for c in table["soft_score_categories"]]
    return [
        {
            **row,
            "values": [_cell(row["metrics"].get(k)) for k in keys],
            "soft": [_cell(row["soft_scores"].get(k)) for k in categories],
        }
        for row in table["rows"]
    ]


def _cell(value) -> str:
    """``9``, ``6.5``, ``0.5833``; a dash for a value that does not apply (or is not entered)."""
    if value is None:
        return "–"
    return f"{value:.4f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
