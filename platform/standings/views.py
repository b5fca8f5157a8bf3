"""The standings pages: an event's standings (and their CSV and JSON), the ratings across events
and a player's history. Their URLs keep the events' names (``tournaments:standings``...): see
standings.urls."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _

import games
from standings import exports
from standings.services import player_history as history_of
from standings.services import ratings, standings_table
from tournaments.permissions import manages
from tournaments.tiebreak_labels import tiebreak_name, tiebreak_short_name
from tournaments.views.common import event_or_404


def standings(request, slug: str):
    """The event's standings: its own tiebreaks, in its order; ``?columns=all`` adds every other
    tiebreak its game and format allow, for information (the exports always have them all)."""
    event = event_or_404(slug)
    table = standings_table(event)
    every_column = request.GET.get("columns") == "all"
    battle_points = bool(event.battle_points)
    named = [
        {
            **c,
            "name": tiebreak_name(c["key"], battle_points=battle_points),
            "short": tiebreak_short_name(c["key"], battle_points=battle_points),
        }
        for c in table["columns"]
    ]
    shown = [c for c in named if every_column or c["in_order"]]
    context = {
        "event": event,
        "tab": "standings",
        "table": table,
        "columns": shown,
        "every_column": every_column,
        "shows_head_to_head": any(c["key"] == "head_to_head" for c in shown),
        # Rank, name and three numbers fit a 390 px phone; more columns scroll inside their box.
        "scrolls_on_a_phone": len(shown) + len(table["soft_score_categories"]) > 3,
        "more_columns": len(table["columns"]) > len(shown),
        "ranked_by": [c["name"] for c in named if c["in_order"]],
        "rows": standings_rows(table, shown),
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
    choices = [("", _("Every game"))] + [(g, games.plugin(g).label) for g in games.game_ids()]
    return render(request, "standings/ratings.html", {"rows": table, "game": game, "games": choices})


def standings_rows(table: dict, columns: list[dict] | None = None) -> list[dict]:
    """The standings table's rows with their cells in the order of ``columns`` (every column of
    the table by default): tiebreak values, then soft scores by category."""
    keys = [c["key"] for c in (table["columns"] if columns is None else columns)]
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
    """``9``, ``6.5``, ``0.5833`` in the page's language (``6,5`` in Italian), at most four
    decimals and no trailing zeros; a dash for a value that does not apply (or is not entered)."""
    if value is None:
        return "–"
    if isinstance(value, float):
        decimals = f"{value:.4f}".rstrip("0").split(".")[1]
        return number_format(round(value, 4), decimal_pos=len(decimals), use_l10n=True)
    return number_format(value, use_l10n=True)
