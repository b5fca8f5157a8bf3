"""Plotly figure builders: rows in, ``go.Figure`` out. No database; their words (titles, axes,
legends, hover text) in the page's language through Django's gettext, called as a figure is built
(the pages cache figures per language).

User text (player, faction, unit, event names) goes through ``esc`` before it
reaches a figure: Plotly renders a subset of HTML in tick labels, legends, annotations and
hover text, so an unescaped name like ``<b>Bob</b>`` would be drawn bold and a crafted one
could carry a link. It is also never placed inside a ``hovertemplate`` (where ``%{…}`` would
be interpreted): names travel in ``customdata`` and the template only refers to them.
"""

from __future__ import annotations

import html
import json

import plotly.graph_objects as go
import plotly.io as pio
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from dashboards import stats

GREY = "#b8b8b8"
BASE = "#3b6ea5"
# Colour by balance grade and direction: stronger evidence, deeper colour.
GRADE_COLOURS = {
    ("over", "weak"): "#8fcf8f",
    ("over", "strong"): "#3fa34d",
    ("over", "very strong"): "#1b6b2a",
    ("under", "weak"): "#f1a08b",
    ("under", "strong"): "#d9534f",
    ("under", "very strong"): "#8e1b1b",
}
RESULT_COLOURS = {"win": "#3fa34d", "draw": "#8c8c8c", "loss": "#d9534f"}
TOO_FEW = gettext_lazy("too few games")  # str() it where a figure takes it
BALANCE_LABELS = 8
PALETTE = ("#3b6ea5", "#d9534f", "#3fa34d", "#e0a030", "#b04a8c", "#4bb3c4", "#8c6d31", "#6b6ecf")


def esc(value) -> str:
    """Escape text for Plotly's pseudo-HTML. Only &, < and > are escaped: Plotly decodes
    numeric entities and &lt;/&gt;/&amp; but would print a named &quot; literally, and a quote
    is harmless once no tag can open."""
    return html.escape("" if value is None else str(value), quote=False)


def white_template(fig: go.Figure) -> go.Figure:
    """``layout.template`` = Plotly's "plotly_white", set as Plotly sets its default template: without
    validating the registered template again. ``update_layout(template="plotly_white")`` deep-copies and
    checks its hundreds of properties, most of what building a figure costs (a page of four figures spent a
    second on it); the figure's JSON is the same."""
    layout = fig._layout_obj
    validate = layout._validate
    layout._validate = False
    try:
        fig.layout.template = pio.templates["plotly_white"]
    finally:
        layout._validate = validate
    return fig


def _layout(fig: go.Figure, title: str, *, height: int = 420, **kwargs) -> go.Figure:
    white_template(fig)
    fig.update_layout(
        title={"text": esc(title), "x": 0, "xanchor": "left"},
        height=height,
        margin={"l": 10, "r": 20, "t": 60, "b": 40},
        hoverlabel={"align": "left"},
        **kwargs,
    )
    return fig


def _labels(rows: list[dict]) -> list[str]:
    """Escaped display names, made unique (two entries can share a name) with their key."""
    names = [esc(r.get("name") or r.get("key")) for r in rows]
    seen: dict[str, int] = {}
    for n in names:
        seen[n] = seen.get(n, 0) + 1
    return [f"{n} ({esc(r['key'])})" if seen[n] > 1 else n for n, r in zip(names, rows, strict=True)]


def _rate_colour(row: dict) -> str:
    if row.get("too_few_games"):
        return GREY
    return GRADE_COLOURS.get((row.get("balance_direction"), row.get("balance_grade")), BASE)


def _num(value, default=0.0) -> float:
    return default if value is None else value


# For a game plugin's own figures (games/<game>/figures.py).
layout, num = _layout, _num


def _link_meta(rows: list[dict], links: dict[str, str] | None, key=lambda r: str(r["key"])) -> dict | None:
    """Page URLs per point, for the page's click handler (never shown, never interpreted)."""
    if not links:
        return None
    return {"links": [links.get(key(r)) for r in rows]}


def top_by_games(rows: list[dict], limit: int | None) -> list[dict]:
    """The ``limit`` rows with the most games (ties by key), or all rows without a limit."""
    if limit is None or len(rows) <= limit:
        return list(rows)
    return sorted(rows, key=lambda r: (-r["games"], str(r["key"])))[:limit]


def win_rate_figure(
    rows: list[dict], title: str, *, limit: int | None = None, links: dict[str, str] | None = None
) -> go.Figure:
    """Horizontal bars of win rate with Wilson 95% error bars, coloured by balance flag,
    greyed and labelled "too few games" below the minimum sample.

    ``limit`` keeps the entries with the most games (the title says how many of how many; the
    table has the rest), so that hundreds of entries never become a wall of bars. ``links``
    (key → page URL) lets a click on a bar open the entry's page."""
    rows = [r for r in rows if r.get("win_rate") is not None]
    total = len(rows)
    rows = sorted(top_by_games(rows, limit), key=lambda r: (r["win_rate"], r["games"]))
    if len(rows) < total:
        title = _("%(title)s: the %(shown)s with most games, of %(total)s (all in the table)") % {
            "title": title,
            "shown": len(rows),
            "total": total,
        }
    labels = _labels(rows)
    fig = go.Figure(
        go.Bar(
            meta=_link_meta(rows, links),
            x=[r["win_rate"] for r in rows],
            y=labels,
            orientation="h",
            marker={"color": [_rate_colour(r) for r in rows]},
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [_num(r["ci_high"]) - r["win_rate"] for r in rows],
                "arrayminus": [r["win_rate"] - _num(r["ci_low"]) for r in rows],
                "color": "#555",
                "thickness": 1.2,
            },
            text=[str(TOO_FEW) if r["too_few_games"] else "" for r in rows],
            textposition="inside",
            insidetextanchor="start",
            customdata=[
                [
                    lab,
                    r["games"],
                    r["wins"],
                    r["draws"],
                    r["losses"],
                    _num(r["ci_low"]),
                    _num(r["ci_high"]),
                    esc(r.get("balance", "")),
                    _num(r.get("score_rate")),
                ]
                for lab, r in zip(labels, rows, strict=True)
            ],  # fmt: skip
            hovertemplate=(
                "<b>%{customdata[0]}</b><br>"
                + _("win rate %(rate)s (95%% CI %(low)s–%(high)s)")
                % {"rate": "%{x:.1%}", "low": "%{customdata[5]:.1%}", "high": "%{customdata[6]:.1%}"}
                + "<br>"
                + _("score rate %(rate)s") % {"rate": "%{customdata[8]:.1%}"}
                + "<br>"
                + _("%(games)s games: %(wins)s W, %(draws)s D, %(losses)s L")
                % {
                    "games": "%{customdata[1]}",
                    "wins": "%{customdata[2]}",
                    "draws": "%{customdata[3]}",
                    "losses": "%{customdata[4]}",
                }  # fmt: skip
                + "<br>%{customdata[7]}<extra></extra>"
            ),
        )
    )
    fig.add_vline(x=0.5, line_dash="dot", line_color="#777")
    # Two short lines: one long axis title runs off a phone's screen.
    axis = _("win rate") + "<br>" + _("(bars: 95% Wilson interval)")
    fig.update_xaxes(range=[0, 1], tickformat=".0%", title=axis, automargin=True)
    fig.update_yaxes(automargin=True)
    return _layout(fig, title, height=max(300, 26 * len(rows) + 120))


def constant_pick_rate(rows: list[dict]) -> float | None:
    """The pick rate every entry shares, or None when they differ. Two factions where every game
    has one of each are always 50%: a chart of that says nothing, so the page says why instead."""
    rates = {round(r["pick_rate"], 9) for r in rows if r.get("pick_rate") is not None}
    return rates.pop() if len(rates) == 1 and len(rows) > 1 else None


def pick_rate_figure(rows: list[dict], title: str, denominator: str) -> go.Figure:
    rows = sorted((r for r in rows if r.get("pick_rate") is not None), key=lambda r: r["pick_rate"])
    labels = _labels(rows)
    fig = go.Figure(
        go.Bar(
            x=[r["pick_rate"] for r in rows],
            y=labels,
            orientation="h",
            marker={"color": [GREY if r["too_few_games"] else BASE for r in rows]},
            text=[str(TOO_FEW) if r["too_few_games"] else "" for r in rows],
            textposition="auto",
            customdata=[
                [lab, r["games"], r.get("total_sides", 0)] for lab, r in zip(labels, rows, strict=True)
            ],
            hovertemplate=(
                "<b>%{customdata[0]}</b><br>"
                + _("pick rate %(rate)s") % {"rate": "%{x:.1%}"}
                + "<br>"
                + _("%(part)s of %(whole)s %(denominator)s")
                % {"part": "%{customdata[1]}", "whole": "%{customdata[2]}", "denominator": esc(denominator)}
                + "<extra></extra>"
            ),
        )
    )
    fig.update_xaxes(
        tickformat=".0%",
        title=_("pick rate (share of %(denominator)s)") % {"denominator": esc(denominator)},
        rangemode="tozero",
    )
    fig.update_yaxes(automargin=True)
    return _layout(fig, title, height=max(300, 26 * len(rows) + 120))


def balance_figure(rows: list[dict], title: str, links: dict[str, str] | None = None) -> go.Figure:
    """Win rate against sample size for every tested entry: the flagged ones stand out, and the
    ``BALANCE_LABELS`` most significant are named on the plot (all of them on hover)."""
    fig = go.Figure()
    tested = [r for r in rows if not r["too_few_games"] and r.get("win_rate") is not None]
    groups: dict[tuple, list[dict]] = {}
    for r in tested:
        groups.setdefault((r.get("balance_direction"), r.get("balance_grade")), []).append(r)
    # The most significant entries carry their name on the plot; every point names itself on hover.
    labelled = {
        id(r) for r in sorted(tested, key=lambda r: (_num(r["p_value"], 1.0), -r["games"]))[:BALANCE_LABELS]
    }
    for (direction, grade_), members in sorted(groups.items(), key=lambda kv: str(kv[0])):
        if not grade_:
            name = _("no evidence of imbalance")
        elif direction == "over":
            name = _("over-performs, %(evidence)s evidence") % {"evidence": pgettext("evidence", grade_)}
        else:
            name = _("under-performs, %(evidence)s evidence") % {"evidence": pgettext("evidence", grade_)}
        labels = _labels(members)
        fig.add_trace(
            go.Scatter(
                x=[r["games"] for r in members],
                y=[r["win_rate"] for r in members],
                mode="markers+text",
                text=[lab if id(r) in labelled else "" for lab, r in zip(labels, members, strict=True)],
                # Labels away from the 50% line: above for the strong, below for the weak.
                textposition=["top center" if r["win_rate"] >= 0.5 else "bottom center" for r in members],
                textfont={"size": 11},
                cliponaxis=False,
                name=name,
                meta=_link_meta(members, links, lambda r: f"{r['dimension']}:{r['key']}"),
                marker={"color": GRADE_COLOURS.get((direction, grade_), BASE), "size": 9},
                customdata=[
                    [lab, esc(r.get("dimension_name", r["dimension"])), _num(r["p_value"], 1.0)]
                    for lab, r in zip(labels, members, strict=True)
                ],
                hovertemplate="<b>%{customdata[0]}</b> (%{customdata[1]})<br>"
                + _("%(games)s games, win rate %(rate)s") % {"games": "%{x}", "rate": "%{y:.1%}"}
                + "<br>p = %{customdata[2]:.3g}<extra></extra>",
            )
        )
    fig.add_hline(y=0.5, line_dash="dot", line_color="#777")
    fig.update_xaxes(title=_("games"), rangemode="tozero")
    fig.update_yaxes(tickformat=".0%", title=_("win rate"))
    return _layout(fig, title, legend={"orientation": "h", "y": -0.2})


def initiative_figure(rows: list[dict], title: str) -> go.Figure:
    rows = [r for r in rows if r.get("win_rate") is not None]
    fig = go.Figure()
    for label, column, colour in (
        (pgettext("a player's result", "win"), "wins", "win"),
        (pgettext("a player's result", "draw"), "draws", "draw"),
        (pgettext("a player's result", "loss"), "losses", "loss"),
    ):
        fig.add_trace(
            go.Bar(
                x=[esc(r["name"]) for r in rows],
                y=[r[column] / r["games"] for r in rows],
                name=label,
                marker_color=RESULT_COLOURS[colour],
                customdata=[[r[column], r["games"]] for r in rows],
                hovertemplate="%{y:.1%} ("
                + _("%(part)s of %(whole)s") % {"part": "%{customdata[0]}", "whole": "%{customdata[1]}"}
                + ")<extra>"
                + esc(label)
                + "</extra>",
            )
        )
    fig.update_layout(barmode="stack")
    fig.add_hline(y=0.5, line_dash="dot", line_color="#777")
    fig.update_yaxes(tickformat=".0%", range=[0, 1], title=_("share of games"))
    return _layout(fig, title, height=380)


def score_components_figure(
    rows: list[dict], labels: dict[str, str], score_label: str, title: str
) -> go.Figure:
    """Stacked mean score components per seat, one bar per outcome (the game names the components)."""
    fig = go.Figure()
    for key, label in labels.items():
        fig.add_trace(
            go.Bar(
                x=[esc(r["name"]) for r in rows],
                y=[_num(r["components"].get(key)) for r in rows],
                name=esc(label),
                hovertemplate=_("%(score)s per seat") % {"score": "%{y:.1f}"}
                + "<extra>"
                + esc(label)
                + "</extra>",
            )
        )
    fig.update_layout(barmode="stack")
    fig.update_yaxes(title=_("mean %(score)s per seat") % {"score": esc(score_label)})
    return _layout(fig, title, height=380)


def game_length_figure(rows: list[dict], title: str) -> go.Figure:
    fig = go.Figure()
    for ended_by in sorted({r["ended_by"] for r in rows}):
        series = sorted((r for r in rows if r["ended_by"] == ended_by), key=lambda r: r["rounds_played"])
        label = series[0].get("ended_label") or ended_by  # how it ended, in the page's words when rows say
        fig.add_trace(
            go.Bar(
                x=[r["rounds_played"] for r in series],
                y=[r["games"] for r in series],
                name=esc(label),
                hovertemplate=_("%(games)s games over %(rounds)s rounds")
                % {"games": "%{y}", "rounds": "%{x}"}
                + "<extra>"
                + esc(label)
                + "</extra>",
            )
        )
    fig.update_layout(barmode="stack")
    fig.update_xaxes(title=_("rounds played"), dtick=1)
    fig.update_yaxes(title=_("games"))
    return _layout(fig, title, height=380)


def dice_luck_distribution_figure(rows: list[dict], title: str) -> go.Figure:
    """Players per band of their dice z-score, beside what fair dice would give: nobody named."""
    bands = [r for r in rows if r["low"] is not None or r["high"] is not None]
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=[r["name"] for r in bands],
            y=[r["players"] for r in bands],
            name=_("players"),
            marker_color=BASE,
            hovertemplate="z %{x}: " + _("%(players)s players") % {"players": "%{y}"} + "<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[r["name"] for r in bands],
            y=[r["expected_players"] for r in bands],
            mode="lines+markers",
            name=_("fair dice would give"),
            line={"dash": "dot", "color": "#777"},
            hovertemplate="z %{x}: "
            + _("%(players)s players expected") % {"players": "%{y:.1f}"}
            + "<extra></extra>",
        )
    )
    fig.update_xaxes(title=_("z-score of a player's successes against expected (0 = average luck)"))
    fig.update_yaxes(title=_("players"))
    return _layout(fig, title, height=380, legend={"orientation": "h", "y": -0.3})


def _periods(rows: list[dict], period: str) -> list[str]:
    """The x axis of a trend, in time order. Months: every month from the first to the last, so a
    month without games is a gap in each line rather than a join. Events: by their first day."""
    if not rows:
        return []
    if period == "month":
        months = [r["month"] for r in rows]
        return stats.months_between(min(months), max(months))
    if period == "event":
        first = {}
        for r in rows:
            first.setdefault(r["event"], r.get("event_date") or "")
        return sorted(first, key=lambda e: (first[e], e))
    return sorted({r[period] for r in rows})


def trend_figure(rows: list[dict], title: str, period: str, value: str = "win_rate") -> go.Figure:
    """One line per faction over ``period`` (month or event); hollow grey points: too few games.
    A period in which a faction has no value is a gap in its line (``connectgaps`` off)."""
    fig = go.Figure()
    periods = _periods(rows, period)
    for i, key in enumerate(sorted({r["key"] for r in rows})):
        by_period = {r[period]: r for r in rows if r["key"] == key and r.get(value) is not None}
        if not by_period:
            continue
        colour = PALETTE[i % len(PALETTE)]
        series = [by_period.get(p) for p in periods]
        name = next(r["name"] for r in series if r is not None)
        fig.add_trace(
            go.Scatter(
                x=[esc(p) for p in periods],
                y=[r[value] if r else None for r in series],
                connectgaps=False,
                mode="lines+markers",
                name=esc(name),
                line_color=colour,
                marker={
                    "color": [GREY if r and r["too_few_games"] else colour for r in series],
                    "symbol": ["circle-open" if r and r["too_few_games"] else "circle" for r in series],
                    "size": 8,
                },
                customdata=[
                    [r["games"] if r else 0, str(TOO_FEW) if r and r["too_few_games"] else ""] for r in series
                ],
                hovertemplate="%{x}: "
                + _("%(rate)s over %(games)s games") % {"rate": "%{y:.1%}", "games": "%{customdata[0]}"}
                + " %{customdata[1]}<extra></extra>",
            )
        )
    if value == "win_rate":
        fig.add_hline(y=0.5, line_dash="dot", line_color="#777")
    axis = {"win_rate": _("win rate"), "pick_rate": _("pick rate")}.get(value, value.replace("_", " "))
    fig.update_yaxes(tickformat=".0%", title=axis, range=[0, 1.02])
    fig.update_xaxes(
        type="category", automargin=True, categoryorder="array", categoryarray=[esc(p) for p in periods]
    )
    # Legend above the plot, right-aligned: long event names below the axis must not run into it.
    legend = {"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 1, "xanchor": "right"}
    return _layout(fig, title, height=460, legend=legend)


def entry_months_figure(rows: list[dict], title: str) -> go.Figure:
    """One entry's win rate per month with its 95% Wilson interval as error bars, and its pick rate;
    months without games (or without the entry) are gaps."""
    months = [esc(r["month"]) for r in rows]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=months,
            y=[r["win_rate"] for r in rows],
            connectgaps=False,
            mode="lines+markers",
            name=_("win rate"),
            line_color=BASE,
            marker={"color": [GREY if r["too_few_games"] else BASE for r in rows], "size": 8},
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [
                    None if r["win_rate"] is None else _num(r["ci_high"]) - r["win_rate"] for r in rows
                ],
                "arrayminus": [
                    None if r["win_rate"] is None else r["win_rate"] - _num(r["ci_low"]) for r in rows
                ],
                "color": "#7a9cc6",
            },
            customdata=[
                [
                    r["games"],
                    _num(r["ci_low"]),
                    _num(r["ci_high"]),
                    str(TOO_FEW) if r["too_few_games"] and r["games"] else "",
                ]
                for r in rows
            ],  # fmt: skip
            hovertemplate="%{x}: "
            + _("win rate %(rate)s (95%% CI %(low)s–%(high)s) over %(games)s games")
            % {
                "rate": "%{y:.1%}",
                "low": "%{customdata[1]:.1%}",
                "high": "%{customdata[2]:.1%}",
                "games": "%{customdata[0]}",
            }  # fmt: skip
            + " %{customdata[3]}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=months,
            y=[r["pick_rate"] for r in rows],
            connectgaps=False,
            mode="lines+markers",
            name=_("pick rate"),
            line={"color": "#e0a030", "dash": "dash"},
            hovertemplate="%{x}: " + _("pick rate %(rate)s") % {"rate": "%{y:.1%}"} + "<extra></extra>",
        )
    )
    fig.add_hline(y=0.5, line_dash="dot", line_color="#777")
    fig.update_yaxes(tickformat=".0%", range=[0, 1.02], title=_("share"))
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=months, automargin=True)
    legend = {"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 1, "xanchor": "right"}
    return _layout(fig, title, height=400, legend=legend)


# Red below 50%, white at 50%, green above: the row's win rate against the column.
MATRIX_COLOURS = [[0.0, "#b2182b"], [0.35, "#f4a582"], [0.5, "#f7f7f7"], [0.65, "#a6dba0"], [1.0, "#1b7837"]]
MATRIX_CELL = 44  # px per cell: a 20 × 20 matrix is wider than a phone and scrolls in its box


def matchup_figure(rows: list[dict], title: str, links: dict[str, str] | None = None) -> go.Figure:
    """A heatmap of the row entry's win rate against the column entry, each cell labelled with its
    win rate and games and hovering its 95% Wilson interval and W–D–L. A cell below the minimum
    sample is left uncoloured (grey background) and shows only its games; rows and columns are in
    order of games played. ``links`` (key → page) opens a row's page from a click on its cells."""
    games: dict[str, int] = {}
    names: dict[str, str] = {}
    for r in rows:
        games[r["row"]] = games.get(r["row"], 0) + r["games"]
        names[r["row"]] = r["row_name"]
        names.setdefault(r["col"], r["col_name"])
    order = sorted(set(games) | set(names), key=lambda k: (-games.get(k, 0), k))
    labels = dict(zip(order, _labels([{"key": k, "name": names[k]} for k in order]), strict=True))
    cell = {(r["row"], r["col"]): r for r in rows}
    z, text, custom = [], [], []
    for a in order:
        z_row, text_row, custom_row = [], [], []
        for b in order:
            r = cell.get((a, b))
            shown = r is not None and not r["too_few_games"] and r["win_rate"] is not None
            z_row.append(r["win_rate"] if shown else None)
            text_row.append(
                "" if r is None else (f"{r['win_rate']:.0%}<br>{r['games']}" if shown else f"({r['games']})")
            )
            custom_row.append(
                [labels[a], labels[b], 0, 0, 0, 0, 0.0, 0.0, _("no games")] if r is None else
                [labels[a], labels[b], r["games"], r["wins"], r["draws"], r["losses"], _num(r["ci_low"]),
                 _num(r["ci_high"]), str(TOO_FEW) if r["too_few_games"] else ""]
            )  # fmt: skip
        z.append(z_row)
        text.append(text_row)
        custom.append(custom_row)
    axis = [labels[k] for k in order]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=axis,
            y=axis,
            text=text,
            texttemplate="%{text}",
            textfont={"size": 10},
            customdata=custom,
            zmin=0,
            zmax=1,
            colorscale=MATRIX_COLOURS,
            xgap=1,
            ygap=1,
            hoverongaps=True,
            meta={"links": [links.get(k) for k in order]} if links else None,
            colorbar={"tickformat": ".0%", "title": {"text": _("row wins")}, "thickness": 10},
            hovertemplate="<b>%{customdata[0]}</b> "
            + pgettext("versus", "v")
            + " %{customdata[1]}<br>"
            + _("%(games)s games: %(wins)s W, %(draws)s D, %(losses)s L")
            % {
                "games": "%{customdata[2]}",
                "wins": "%{customdata[3]}",
                "draws": "%{customdata[4]}",
                "losses": "%{customdata[5]}",
            }  # fmt: skip
            + "<br>"
            + _("win rate 95%% CI %(low)s–%(high)s")
            % {"low": "%{customdata[6]:.1%}", "high": "%{customdata[7]:.1%}"}
            + "<br>%{customdata[8]}<extra></extra>",
        )
    )
    fig.update_xaxes(side="top", tickangle=-45, automargin=True)
    fig.update_yaxes(autorange="reversed", automargin=True)
    size = max(320, 200 + MATRIX_CELL * len(order))
    fig.update_layout(plot_bgcolor="#e4e4e4", width=size + 80)
    fig = _layout(fig, title, height=size)
    # Column names stand above the matrix: room for them under the title.
    fig.update_layout(margin={"l": 10, "r": 20, "t": 150, "b": 20})
    return fig


def player_vs_meta_figure(rows: list[dict], title: str) -> go.Figure:
    """A player's win rate with each faction beside that faction's win rate in the whole meta."""
    labels = [f"{esc(r['game'])}: {esc(r['name'])}" for r in rows]
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=labels,
            y=[_num(r["win_rate"]) for r in rows],
            name=_("this player"),
            marker_color=[GREY if r["too_few_games"] else BASE for r in rows],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [_num(r["ci_high"]) - _num(r["win_rate"]) for r in rows],
                "arrayminus": [_num(r["win_rate"]) - _num(r["ci_low"]) for r in rows],
            },
            text=[str(TOO_FEW) if r["too_few_games"] else "" for r in rows],
            customdata=[[r["games"]] for r in rows],
            hovertemplate=_("%(rate)s over %(games)s games")
            % {"rate": "%{y:.1%}", "games": "%{customdata[0]}"}
            + "<extra>"
            + _("this player")
            + "</extra>",
        )
    )
    fig.add_trace(
        go.Bar(
            x=labels,
            y=[_num(r["meta_win_rate"]) for r in rows],
            name=_("whole meta"),
            marker_color="#e0a030",
            hovertemplate="%{y:.1%}<extra>" + _("whole meta") + "</extra>",
        )
    )
    fig.update_layout(barmode="group")
    fig.update_yaxes(tickformat=".0%", range=[0, 1], title=_("win rate"))
    fig.update_xaxes(automargin=True)
    # The legend above the bars: beside them it would take half a phone's width.
    legend = {"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 1, "xanchor": "right"}
    return _layout(fig, title, height=380, legend=legend)


def warm_up() -> None:
    """Import what building and writing a figure needs (Plotly loads its figure classes, validators and
    their dependencies on first use, half a second or more): the web process calls this as it starts
    (``arbiter_site.wsgi``), so its first meta page does not pay for it."""
    fig = white_template(go.Figure())
    fig.add_trace(go.Bar(x=[1], y=["a"], orientation="h", meta={}, text=[""], textposition="inside",
                         marker={"color": [BASE], "line": {"color": GREY, "width": 1}}, customdata=[[1]],
                         error_x={"type": "data", "array": [0]}, error_y={"type": "data", "array": [0]},
                         hovertemplate="%{x}<extra></extra>"))  # fmt: skip
    fig.add_trace(
        go.Scatter(x=[1], y=[1], mode="lines+markers", line_color=BASE, marker={"symbol": "circle"})
    )
    fig.add_trace(go.Heatmap(z=[[1]], x=["a"], y=["a"], colorscale="RdBu", colorbar={"title": "a"}))
    fig.add_hline(y=0.5, line_dash="dot", annotation_text="a")
    fig.add_vline(x=0.5)
    fig.update_xaxes(range=[0, 1], tickformat=".0%", title="a")
    fig.update_yaxes(automargin=True, title={"text": "a"})
    _layout(fig, "", legend={"orientation": "h"}, barmode="group", annotations=[{"text": "a"}])
    to_json(fig)


def to_json(fig: go.Figure) -> str:
    """Figure JSON safe to place inside a <script type="application/json"> element."""
    text = fig.to_json()
    # Same escaping as Django's json_script: no "</script>" or "<!--" can end the element early.
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def figure_data(fig: go.Figure) -> dict:
    return json.loads(fig.to_json())
