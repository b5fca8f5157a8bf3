"""Meta pages. Thin: parse the filter, ask ``datasets`` for rows and figures, render."""

from __future__ import annotations

import gzip
from functools import lru_cache
from urllib.parse import urlencode

import plotly
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.dateparse import parse_date
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from dashboards import figures, localise, pieces, providers, queries, stats
from dashboards.datasets import (
    Column,
    Dataset,
    datasets_for,
    format_cell,
    game_name,
    meta_games,
    pages_for,
    piece_url,
)
from dashboards.ended_by import ENDED_BY_LABELS
from dashboards.filters import PARAMETERS, RATING_BAND_WIDTH, MetaFilter, parse_filter
from dashboards.modes import filter_modes


def plotly_separators() -> str:
    """Plotly's ``layout.separators`` for the active language: its decimal mark, then its thousands
    separator (English ".,", Italian and Spanish ",.", Polish ", " with a no-break space)."""
    return formats.get_format("DECIMAL_SEPARATOR") + formats.get_format("THOUSAND_SEPARATOR")


def _base(game: str | None = None) -> dict:
    return {
        "pages": pages_for(game).values() if game else [],
        "plotly_version": plotly.__version__,
        "plotly_separators": plotly_separators(),
    }


def _game_or_404(game: str) -> str:
    if game not in meta_games():
        raise Http404(_("No such game"))
    return game


def _panel(dataset: Dataset, f: MetaFilter) -> dict:
    rows = localise.rows(dataset.rows(f))
    # Building Plotly figures costs more than reading cached rows; keep their JSON too.
    figure_json = queries.cached(f"figures:{dataset.key}:{get_language()}", f, lambda f: [figures.to_json(fig) for fig in
                                 dataset.figures(rows, f)]) if rows else []  # fmt: skip
    shown = rows[: dataset.table_limit]
    tested = sum(1 for r in rows if r.get("p_value") is not None)
    query = urlencode(f.query_params())
    api_url = reverse("dashboards_api:dataset", args=[f.game, dataset.key])
    return {
        "dataset": dataset,
        "test": " ".join(
            str(t) for t in (localise.test_description(dataset.test), getattr(dataset, "test_note", "")) if t
        ),
        "figures": [{"id": f"fig-{dataset.key}-{i}", "json": j} for i, j in enumerate(figure_json)],
        "headers": [{"label": c.label, "numeric": c.fmt != "text"} for c in dataset.columns],
        "table": [
            {
                "too_few": bool(r.get("too_few_games")),
                "cells": [_cell(dataset, r, c, f) for c in dataset.columns],
            }
            for r in shown
        ],
        "notes": dataset.notes(rows, f),
        "total_rows": len(rows),
        "truncated": len(rows) > len(shown),
        "api_url": f"{api_url}?{query}" if query else api_url,
        "csv_url": f"{api_url}?{urlencode({**f.query_params(), 'format': 'csv'})}",
        "tested": tested,
        "chance_flags": stats.expected_false_flags(tested),
    }


def _cell(dataset: Dataset, row: dict, column: Column, f: MetaFilter) -> dict:
    """One table cell: its text, the raw value the sortable table orders by, and links to the
    pages of the pieces it names (a pair's cell names two)."""
    value = row.get(column.key)
    text = format_cell(value, column.fmt)
    keys = dataset.piece_keys(row, column)
    urls = [piece_url(f.game, k, f) for k in keys]
    links = []
    if keys and all(urls):
        parts = text.split(" + ") if len(keys) > 1 else [text]
        labels = parts if len(parts) == len(keys) else keys
        links = [{"text": label, "url": url} for label, url in zip(labels, urls, strict=True)]
    numeric = isinstance(value, int | float) and not isinstance(value, bool)
    return {"text": text, "sort": repr(value) if numeric else None, "links": links}


def _filter_context(game: str, f: MetaFilter, errors: dict) -> dict:
    known = queries.known_values(game)
    return {
        "filter": f,
        "filter_errors": localise.filter_errors(errors),
        "filter_help": PARAMETERS,
        "known": known,
        "band_width": RATING_BAND_WIDTH,
        # Offered only for a game of several modes: rates across a duel and a free-for-all mean little.
        "modes": [{"id": mode.id, "name": mode.name} for mode in filter_modes(game)],
        "query": urlencode(f.query_params()),
    }


def _include_simulated_url(query: str) -> str:
    """This page again with simulated games included (the other filters kept)."""
    return f"?{query}&simulated=include" if query else "?simulated=include"


@require_GET
def index(request):
    include = request.GET.get("simulated") == "include"
    counts = {r["game"]: r for r in queries.games_with_data()}
    games = []
    for g in meta_games():
        played, simulated = counts.get(g, {}).get("games", 0), counts.get(g, {}).get("simulated", 0)
        games.append({"id": g, "name": game_name(g), "games": played + simulated if include else played,
                      "simulated": simulated})  # fmt: skip
    context = {
        "games": games,
        "included": include,
        "simulated_hidden": 0 if include else sum(g["simulated"] for g in games),
        "any_games": any(g["games"] or g["simulated"] for g in games),
        "include_url": _include_simulated_url(""),
        **_base(),
    }
    return render(request, "dashboards/index.html", context)


@require_GET
def dashboard(request, game: str, page: str = "overview"):
    game = _game_or_404(game)
    pages, datasets = pages_for(game), datasets_for(game)
    if page not in pages:
        raise Http404(_("No such page"))
    f, errors = parse_filter(game, request.GET)
    context = {
        "game": game,
        "game_name": game_name(game),
        "page": pages[page],
        **_base(game),
        "panels": [_panel(datasets[key], f) for key in pages[page].datasets],
        "overview": queries.overview(f),
        "min_games": f.min_games,
        "balance_test": stats.BALANCE_TEST_NAME,
        **_filter_context(game, f, errors),
    }
    context["include_url"] = _include_simulated_url(context["query"])
    context["included"] = f.simulated != "exclude"
    return render(request, "dashboards/page.html", context)


def _rows_with_cells(rows: list[dict], columns, link_key: str, f: MetaFilter) -> list[dict]:
    """Table rows for a piece's page: cells as ``_cell`` makes them, the first linked to the
    piece it names (``row[link_key]``)."""
    out = []
    for r in rows:
        cells = []
        for i, (key, fmt) in enumerate(columns):
            value = r.get(key)
            numeric = isinstance(value, int | float) and not isinstance(value, bool)
            url = piece_url(f.game, str(r[link_key]), f) if i == 0 else None
            text = format_cell(value, fmt)
            cells.append({"text": text, "sort": repr(value) if numeric else None,
                          "links": [{"text": text, "url": url}] if url else []})  # fmt: skip
        out.append({"too_few": bool(r.get("too_few_games")), "cells": cells})
    return out


def _not_found(request, game: str | None, message: str):
    context = {
        "message": message,
        "game": game,
        "game_name": game_name(game) if game else None,
        **_base(game),
    }
    return render(request, "dashboards/not_found.html", context, status=404)


@require_GET
def piece(request, game: str, key: str):
    """One piece's page: rates and, for a game that records them, win rate by month, matchups, partners."""
    if game not in meta_games():
        return _not_found(request, None, _("There is no game by that name on the meta pages."))
    f, errors = parse_filter(game, request.GET)
    try:
        profile = pieces.profile(f, key)
    except pieces.NoSuchPiece:
        plugin = providers.plugin(game)
        if not pieces.has_pieces(game):
            message = _(
                "%(game)s's verified results do not record %(pieces)s yet, so there is no page per %(piece)s; "
                "its overview shows what its results hold."
            ) % {"game": game_name(game), "pieces": plugin.pieces_noun, "piece": plugin.piece_noun}
        else:
            message = _("No verified %(game)s game has fielded a %(piece)s with the id “%(key)s”.") % {
                "game": game_name(game),
                "piece": plugin.piece_noun,
                "key": key,
            }
        return _not_found(request, game, message)
    labels = [
        _("Against"),
        _("Games"),
        _("W"),
        _("D"),
        _("L"),
        _("Win rate"),
        _("95% CI low"),
        _("95% CI high"),
    ]
    headers = [{"label": label, "numeric": i > 0} for i, label in enumerate(labels)]
    figure = None
    if profile.get("months") and any(r["games"] for r in profile["months"]):
        fig = figures.entry_months_figure(
            profile["months"], _("%(name)s: win and pick rate by month") % {"name": profile["name"]}
        )
        figure = {"id": "fig-piece-months", "json": figures.to_json(fig)}
    context = {
        "game": game,
        "game_name": game_name(game),
        "profile": profile,
        "rates": [
            {
                "dataset": r.get("dataset"),
                "games": format_cell(r["games"], "int"),
                "win_rate": format_cell(r["win_rate"], "pct"),
                "ci_low": format_cell(r["ci_low"], "pct"),
                "ci_high": format_cell(r["ci_high"], "pct"),
                "pick_rate": format_cell(r.get("pick_rate"), "pct"),
                "balance": localise.label(r.get("balance", "")),
                "too_few_games": r.get("too_few_games"),
            }
            for r in profile["rates"]
        ],  # fmt: skip
        "figure": figure,
        "piece_noun": providers.plugin(game).piece_noun,
        "pieces_noun": providers.plugin(game).pieces_noun,
        "pieces_page": providers.plugin(game).pieces_page,
        "matchup_headers": headers,
        "partner_headers": [
            {"label": pgettext_lazy("a piece fielded beside this one", "With"), "numeric": False},
            *headers[1:],
        ],
        "best": _rows_with_cells(profile.get("best", []), _MATCHUP_COLUMNS, "col", f),
        "worst": _rows_with_cells(profile.get("worst", []), _MATCHUP_COLUMNS, "col", f),
        "matchups": _rows_with_cells(profile.get("matchups", []), _MATCHUP_COLUMNS, "col", f),
        "partners": _rows_with_cells(profile.get("partners", []), _PARTNER_COLUMNS, "partner", f),
        "min_games": f.min_games,
        "api_url": reverse("dashboards_api:piece", args=[game, key]),
        "page": None,
        **_base(game),
        **_filter_context(game, f, errors),
    }
    return render(request, "dashboards/piece.html", context)


@require_GET
def player(request, name: str):
    """Public games logged under one name. Never a bare 404: a name with only simulated games says
    how many are hidden and offers them; an unknown name gets this page saying so (status 404)."""
    f, errors = parse_filter("", request.GET)
    simulated = "exclude" if "simulated" in errors else f.simulated
    pages = providers.player_pages()
    profile = pages.profile(name, simulated=simulated)
    ratings, accounts = pages.ratings(name), pages.accounts(name)
    known = profile["games"] or profile["simulated_hidden"] or ratings or accounts
    named = [{**r, "game": _game_label(r.get("game"))} for r in profile["factions"]]
    fig = figures.player_vs_meta_figure(named, _("Win rate by faction against the meta"))
    factions = [
        {**r, "cells": [format_cell(r.get(k), fmt) for k, fmt in _PLAYER_FACTION_COLUMNS]} for r in named
    ]
    profile = {**profile, "history": [_history_row(h) for h in profile.get("history", [])]}
    return render(
        request,
        "dashboards/player.html",
        {
            "profile": profile,
            "known": bool(known),
            "ratings": ratings,
            "accounts": accounts,
            "included": simulated != "exclude",
            "simulated_hidden": profile["simulated_hidden"],
            "include_url": _include_simulated_url(""),
            "factions": factions,
            "faction_headers": [
                _("Game"),
                _("Faction"),
                _("Games"),
                _("W"),
                _("D"),
                _("L"),
                _("Win rate"),
                _("95% CI low"),
                _("95% CI high"),
                _("Meta win rate"),
            ],  # fmt: skip
            "figure": {"id": "fig-player", "json": figures.to_json(fig)} if factions else None,
            "api_url": reverse("dashboards_api:player", args=[name]),
            **_base(),
        },
        status=200 if known else 404,
    )


# How a seat's game came out, and how the game ended (the engine's words), as the page says them.
RESULT_LABELS = {
    "win": pgettext_lazy("a player's result", "win"),
    "draw": pgettext_lazy("a player's result", "draw"),
    "loss": pgettext_lazy("a player's result", "loss"),
}


def _game_label(game: str | None) -> str:
    """A game's name (its plugin's label), or the id itself for a game no plugin knows."""
    try:
        return game_name(game) if game else ""
    except LookupError:
        return game or ""


def _history_row(h: dict) -> dict:
    """A history row with what the page shows: the day in the language's format, the game's name,
    the result and how the game ended in words of the page's language."""
    day = parse_date(h["played_on"]) if isinstance(h.get("played_on"), str) else h.get("played_on")
    return {
        **h,
        "played_on": formats.date_format(day, "SHORT_DATE_FORMAT") if day else h.get("played_on"),
        "game": _game_label(h.get("game")),
        "result_label": RESULT_LABELS.get(h.get("result"), h.get("result")),
        "ended_label": ENDED_BY_LABELS.get(h.get("ended_by"), h.get("ended_by")),
    }


_PLAYER_FACTION_COLUMNS = (
    ("game", "text"),
    ("name", "text"),
    ("games", "int"),
    ("wins", "int"),
    ("draws", "int"),
    ("losses", "int"),
    ("win_rate", "pct"),
    ("ci_low", "pct"),
    ("ci_high", "pct"),
    ("meta_win_rate", "pct"),
)
_MATCHUP_COLUMNS = (("col_name", "text"), *_PLAYER_FACTION_COLUMNS[2:9])  # games … ci_high
_PARTNER_COLUMNS = (("partner_name", "text"), *_MATCHUP_COLUMNS[1:])


@lru_cache(maxsize=1)
def _plotly_bundle() -> tuple[bytes, bytes]:
    raw = plotly.offline.get_plotlyjs().encode()
    return raw, gzip.compress(raw, 6)


@require_GET
@cache_control(public=True, max_age=365 * 24 * 3600, immutable=True)
def plotly_js(request, version: str):
    """plotly.js from the installed Python package: no CDN, and always the version the figures
    were built for (the version is in the URL, so the file can be cached for a year)."""
    raw, compressed = _plotly_bundle()
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(compressed, content_type="application/javascript; charset=utf-8")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(raw, content_type="application/javascript; charset=utf-8")
    response["Vary"] = "Accept-Encoding"
    return response
