"""The dashboards core: a chart's data set as a small class (its key, what it counts, its query,
its figures and its table columns), the pages that group them, and where each game's are found.

Each game's plugin lists its own data sets and pages (``games.GamePlugin.meta_datasets`` and
``meta_pages``, in ``games/<game>/meta.py``). The pages, the API and
the CSV export all look data sets up through :func:`datasets_for`, so a chart and its data can
never drift apart. The meta covers every game that has an engine (:func:`meta_games`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import plotly.graph_objects as go
from django.urls import reverse
from django.utils import formats
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dashboards import figures, localise, providers, queries
from dashboards.filters import MetaFilter


def _format(message, params: dict) -> str:
    return str(message) % {k: str(v) if isinstance(v, Promise) else v for k, v in params.items()}


_lazy_format = lazy(_format, str)
# A word a game gives (a score component's name), looked up in the catalogs when it is shown.
_lazy_gettext = lazy(lambda message: gettext(str(message)), str)


def lazy_text(message, **params):
    """``message`` (marked with gettext_lazy, with %(name)s placeholders) filled with ``params`` when it is
    shown, in the language of that moment: for the words of data sets and pages made once, at import."""
    return _lazy_format(message, params)


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    fmt: str = "int"  # int | pct | float | p | text
    link: str = ""  # the row field holding the key of a piece this cell names (linked to its page)


RATE_COLUMNS = (
    Column("name", _("Name"), "text"),
    Column("games", _("Games")),
    Column("wins", _("W")),
    Column("draws", _("D")),
    Column("losses", _("L")),
    Column("win_rate", _("Win rate"), "pct"),
    Column("ci_low", _("95% CI low"), "pct"),
    Column("ci_high", _("95% CI high"), "pct"),
    Column("score_rate", _("Score rate"), "pct"),
    Column("pick_rate", _("Pick rate"), "pct"),
    Column("balance", _("Balance"), "text"),
)


class Dataset:
    key: str
    title: str
    description: str = ""
    test: str | None = None  # the significance test the page names, if it shows one
    columns: tuple[Column, ...] = ()
    table_limit: int = 100
    #: Its rows are pieces (units, heroes): its name cells link to the piece's page, and
    #: that page shows the row for games without per-side statistics.
    names_pieces: bool = False

    def rows(self, f: MetaFilter) -> list[dict]:
        raise NotImplementedError

    def figures(self, rows: list[dict], f: MetaFilter) -> list[go.Figure]:
        raise NotImplementedError

    def notes(self, rows: list[dict], f: MetaFilter) -> list[str]:
        """What the page says about a chart it leaves out or shortens, and why."""
        return []

    def piece_keys(self, row: dict, column: Column) -> list[str]:
        """Keys of the pieces ``row``'s ``column`` cell names (each linked to its page)."""
        if column.link:
            return [str(row[column.link])] if row.get(column.link) is not None else []
        if self.names_pieces and column.key == "name":
            return [str(row["key"])]
        return []

    def describe(self) -> dict:
        return {"key": self.key, "title": self.title, "description": self.description, "test": self.test}


def piece_url(game: str, key: str, f: MetaFilter | None = None) -> str | None:
    """The page of one piece (unit, hero) under the filter ``f``; None for a key no URL can hold."""
    if not key or "/" in key:
        return None
    url = reverse("dashboards:piece", args=[game, key])
    query = urlencode(f.query_params()) if f else ""
    return f"{url}?{query}" if query else url


def piece_links(f: MetaFilter, keys) -> dict[str, str]:
    return {k: url for k in keys if (url := piece_url(f.game, str(k), f))}


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    datasets: tuple[str, ...]


class ScoreComponents(Dataset):
    """Every game's first data set: how winners, drawn seats and losers score, by the game's
    own score components (read from the generic result, so it needs nothing game-specific)."""

    key = "score-components"

    def __init__(self, game: str):
        plugin = providers.plugin(game)
        # The game's words for its score's sources, through the catalogs (the plugin's or the engine's English).
        self.labels = {
            key: lazy_text(_("%(label)s"), label=label) for key, label in plugin.score_components.items()
        }
        self.score_label = plugin.score_label
        self.title = lazy_text(_("%(score)s by source"), score=self.score_label)
        self.description = lazy_text(
            _(
                "Mean %(score)s per seat, and its sources as the game counts them, for winning, drawn "
                "and losing seats. Every seat of every verified game counts once."
            ),
            score=self.score_label,
        )
        self.columns = (
            Column("name", _("Seats"), "text"),
            Column("seats", _("Seats counted")),
            Column("score", lazy_text(_("Mean %(score)s"), score=self.score_label), "float"),
            *(Column(f"components.{key}", label, "float") for key, label in self.labels.items()),
        )

    def rows(self, f: MetaFilter) -> list[dict]:
        rows = queries.score_components(f)
        # Flat keys for the table and the CSV, beside the nested components for the API.
        return [{**r, **{f"components.{k}": v for k, v in r["components"].items()}} for r in rows]

    def figures(self, rows: list[dict], f: MetaFilter) -> list[go.Figure]:
        labels = self.labels or {key: key for r in rows for key in r["components"]}
        return [figures.score_components_figure(rows, labels, self.score_label, self.title)]


def generic_datasets(game: str) -> dict[str, Dataset]:
    """What the core shows for any game with an engine, before its plugin adds its own."""
    dataset = ScoreComponents(game)
    return {dataset.key: dataset}


def generic_pages() -> dict[str, Page]:
    return {"overview": Page("overview", _("Overview"), (ScoreComponents.key,))}


def meta_games() -> list[str]:
    """Every game that has an engine: the games registered with it (``engine.games()``)."""
    return providers.game_ids()


def game_name(game: str) -> str:
    return providers.plugin(game).label


def datasets_for(game: str) -> dict[str, Dataset]:
    """The data sets of ``game`` by key (its plugin's; none for a game without them)."""
    return providers.plugin(game).meta_datasets()


def pages_for(game: str) -> dict[str, Page]:
    """The dashboard pages of ``game`` by slug, the first being its overview."""
    return providers.plugin(game).meta_pages()


def format_cell(value, fmt: str) -> str:
    """Display text for one table cell in the page's language (the template escapes it): numbers with
    its decimal mark and thousands separator, the statistics' labels in its words."""
    if value is None:
        return "—"
    if fmt == "pct":
        return localise.percent(value)
    if fmt == "float":
        return formats.number_format(value, 2)
    if fmt == "p":
        return localise.number(f"{value:.3g}")
    if fmt == "int":
        return formats.number_format(value, force_grouping=True) if isinstance(value, int) else str(value)
    return str(localise.label(value))
