"""/api/meta/: every chart's data as JSON (and CSV with ``?format=csv``). Thin views over
``dashboards.datasets``; the filters are the pages' filters."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from dashboards import pieces, providers, queries, stats
from dashboards.datasets import datasets_for, meta_games
from dashboards.filters import PARAMETERS, parse_filter
from dashboards.modes import filter_modes
from dashboards.renderers import CSVRenderer

FILTER_PARAMETERS = [
    OpenApiParameter(name, OpenApiTypes.STR, OpenApiParameter.QUERY, description=text)
    for name, text in PARAMETERS.items()
] + [OpenApiParameter("format", OpenApiTypes.STR, OpenApiParameter.QUERY, enum=["json", "csv"])]


class MetaIndexView(APIView):
    """The games and data sets on offer."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]

    @extend_schema(operation_id="meta_index", responses=OpenApiTypes.OBJECT)
    def get(self, request):
        counts = {r["game"]: r for r in queries.games_with_data()}
        return Response(
            {
                "games": meta_games(),
                # Played games, and the simulated ones every data set leaves out unless asked.
                "counts": {
                    game: {k: counts.get(game, {}).get(k, 0) for k in ("games", "simulated")}
                    for game in meta_games()
                },
                "datasets": {
                    game: [d.describe() for d in datasets_for(game).values()] for game in meta_games()
                },
                "parameters": PARAMETERS,
                # What ``mode`` may be, per game of several modes (a game of one mode takes none).
                "modes": {
                    game: [{"id": mode.id, "name": mode.name} for mode in filter_modes(game)]
                    for game in meta_games()
                    if filter_modes(game)
                },
            }
        )


class MetaDatasetView(APIView):
    """One chart's data for one game: ``rows`` plus what was counted and how.

    Rate data sets (factions and a game's other entries) return rows with ``key``,
    ``name``, ``games``, ``wins``, ``draws``, ``losses``, ``win_rate`` (wins ÷ games),
    ``score_rate`` (a draw counts half), ``ci_low``/``ci_high`` (Wilson 95% interval of
    ``win_rate``), ``pick_rate`` (sides fielding the entry ÷ all sides), ``too_few_games`` and
    the balance test's ``p_value`` and grade.
    """

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(operation_id="meta_dataset", parameters=FILTER_PARAMETERS, responses=OpenApiTypes.OBJECT)
    def get(self, request, game: str, dimension: str):
        dataset = datasets_for(game).get(dimension) if game in meta_games() else None
        if dataset is None:
            raise Http404("no such game or data set")
        f, errors = parse_filter(game, request.query_params)
        if errors:
            return Response({"detail": "invalid filter", "errors": errors}, status=400)
        rows = dataset.rows(f)
        response = Response(
            {
                "game": game,
                "dimension": dimension,
                "title": dataset.title,
                "description": dataset.description,
                "test": dataset.test,
                "filters": f.describe(),
                "min_games": f.min_games,
                "simulated_hidden": queries.overview(f)["simulated_hidden"],
                "count": len(rows),
                "rows": rows,
            }
        )
        if getattr(request, "accepted_renderer", None) and request.accepted_renderer.format == "csv":
            response["Content-Disposition"] = f'attachment; filename="{game}-{dimension}.csv"'
        return response


class PlayerView(APIView):
    """Public games logged under one name, of every game: history (a Hoplomachus or Fields of Eternia row
    adds ``seat``, ``mode``, ``mode_name``, ``against_game``, ``opponents`` and ``teammates``), record per
    faction against the meta, ``simulated_hidden`` (simulated games the filter left out), the ``accounts`` the name belongs
    to (their profiles are /api/players/<username>/) and their tournament ``ratings``. No dice
    luck: a player sees their own on their profile. 404 only when nothing at all is known."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "simulated", OpenApiTypes.STR, OpenApiParameter.QUERY, description=PARAMETERS["simulated"]
            )
        ],  # fmt: skip
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, name: str):
        _, errors = parse_filter("", request.query_params)
        if "simulated" in errors:
            return Response({"detail": "invalid filter", "errors": errors}, status=400)
        pages = providers.player_pages()
        profile = pages.profile(name, simulated=request.query_params.get("simulated", "exclude"))
        profile["ratings"] = pages.ratings(name)
        profile["accounts"] = pages.accounts(name)
        if not (profile["games"] or profile["simulated_hidden"] or profile["ratings"] or profile["accounts"]):
            raise Http404("no verified games, account or rating under that name")
        profile["balance_test"] = stats.BALANCE_TEST_NAME
        return Response(profile)


class PieceView(APIView):
    """One piece's (unit's, hero's) page as data: ``rates`` (its rate rows), and for games that record
    them (``GamePlugin.meta_piece_details``) ``months`` (win and pick rate per month, gaps as null), ``matchups`` (against
    every piece it met, Wilson 95% intervals), ``best``/``worst`` (matchups with at least
    ``min_games`` games) and ``partners`` (pairs it was fielded in, by games)."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]

    @extend_schema(
        operation_id="meta_character", parameters=FILTER_PARAMETERS[:-1], responses=OpenApiTypes.OBJECT
    )
    def get(self, request, game: str, key: str):
        if game not in meta_games():
            raise Http404("no such game")
        f, errors = parse_filter(game, request.query_params)
        if errors:
            return Response({"detail": "invalid filter", "errors": errors}, status=400)
        try:
            profile = pieces.profile(f, key)
        except pieces.NoSuchPiece:
            raise Http404("no verified game of this game fielded that character") from None
        return Response({**profile, "filters": f.describe(), "min_games": f.min_games})


class DiceLuckPages(PageNumberPagination):
    """A page of the named dice table: enough rows to read on a phone, up to a thousand for an export."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000
    invalid_page_message = _("There is no page {page_number} of this table.")


class DiceLuckByPlayerView(APIView):
    """Staff only: observed against expected successes per player name (recorded dice, public games), for
    looking into a complaint about dice. Public pages show the unnamed distribution only. Each game counts
    its own dice (``GamePlugin.dice_luck_by_player``) and says in its rows what it counted: ``tests``,
    or ``games`` and, per die colour, ``<colour>_dice``, ``_successes`` (hits), ``_expected``, ``_z``,
    ``_luck``. Most dice first, a page at a time (``page``, ``page_size``, with ``count`` and links to the
    ``next`` and ``previous`` pages); ``search`` keeps the names that contain it, in any case. Only the rows
    of the page asked for are tested: the names are ordered from their sums alone (``dice_luck_order``)."""

    permission_classes = [IsAdminUser]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="meta_dice_luck_by_player",
        parameters=[
            *FILTER_PARAMETERS,
            OpenApiParameter("search", OpenApiTypes.STR, OpenApiParameter.QUERY,
                             description="only the player names that contain this text (in any case)"),
            OpenApiParameter("page", OpenApiTypes.INT, OpenApiParameter.QUERY, description="the page, from 1"),
            OpenApiParameter("page_size", OpenApiTypes.INT, OpenApiParameter.QUERY,
                             description=f"rows a page (default {DiceLuckPages.page_size}, "
                                         f"at most {DiceLuckPages.max_page_size})"),
        ],
        responses=OpenApiTypes.OBJECT,
    )  # fmt: skip
    def get(self, request, game: str):
        if game not in meta_games():
            raise Http404("no such game")
        f, errors = parse_filter(game, request.query_params)
        if errors:
            return Response({"detail": "invalid filter", "errors": errors}, status=400)
        plugin = providers.plugin(game)
        names = plugin.dice_luck_order(f)
        search = request.query_params.get("search", "").strip()
        if search:
            needle = search.casefold()
            names = [name for name in names if needle in name.casefold()]
        paginator = DiceLuckPages()
        page = paginator.paginate_queryset(names, request, view=self)
        rows = plugin.dice_luck_by_player(f, names=page)
        return Response({"game": game, "test": stats.DICE_TEST_DESCRIPTION, "filters": f.describe(),
                         "search": search, "count": paginator.page.paginator.count,
                         "page": paginator.page.number, "pages": paginator.page.paginator.num_pages,
                         "next": paginator.get_next_link(), "previous": paginator.get_previous_link(),
                         "rows": rows})  # fmt: skip
