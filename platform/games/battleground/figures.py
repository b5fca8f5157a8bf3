"""Battleground's own Plotly figures: VP by source and by round, knock-out timing, weapon types and objectives
by map. No database; their words through Django's gettext, built as the core's are (``dashboards.figures``: names escaped with
``esc``, never placed inside a ``hovertemplate``).
"""

from __future__ import annotations

import plotly.graph_objects as go
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dashboards import figures

SOURCE_COLOURS = {"vp_objectives": "#3b6ea5", "vp_missions": "#e0a030", "vp_knockouts": "#b04a8c"}
SOURCE_NAMES = {
    "vp_objectives": gettext_lazy("Objectives"),
    "vp_missions": gettext_lazy("Missions"),
    "vp_knockouts": gettext_lazy("Knock-outs"),
}


def vp_sources_figure(rows: list[dict], title: str) -> go.Figure:
    fig = go.Figure()
    for source, lazy_name in SOURCE_NAMES.items():
        name = str(lazy_name)
        fig.add_trace(
            go.Bar(
                x=[figures.esc(r["name"]) for r in rows],
                y=[figures.num(r[source]) for r in rows],
                name=name,
                marker_color=SOURCE_COLOURS[source],
                hovertemplate=_("%(vp)s VP per side") % {"vp": "%{y:.1f}"}
                + "<extra>"
                + str(name)
                + "</extra>",
            )
        )
    fig.update_layout(barmode="stack")
    fig.update_yaxes(title=_("mean VP per side"))
    return figures.layout(fig, title, height=380)


def vp_by_round_figure(rows: list[dict], title: str) -> go.Figure:
    fig = go.Figure()
    for result in ("win", "draw", "loss"):
        series = sorted((r for r in rows if r["result"] == result), key=lambda r: r["round"])
        if not series:
            continue
        fig.add_trace(
            go.Scatter(
                x=[r["round"] for r in series],
                y=[r["mean_vp"] for r in series],
                mode="lines+markers",
                name=figures.esc(series[0]["name"]),
                line_color=figures.RESULT_COLOURS[result],
                customdata=[[r["sides"]] for r in series],
                hovertemplate=_("round %(round)s: %(vp)s VP (%(sides)s sides)")
                % {"round": "%{x}", "vp": "%{y:.1f}", "sides": "%{customdata[0]}"}
                + "<extra></extra>",
            )
        )
    fig.update_xaxes(title=_("end of round"), dtick=1)
    fig.update_yaxes(title=_("mean cumulative VP"), rangemode="tozero")
    return figures.layout(fig, title, height=380)


def knockout_timing_figure(rows: list[dict], title: str) -> go.Figure:
    fig = go.Figure(
        go.Bar(
            x=[r["round"] for r in rows],
            y=[r["knockouts"] for r in rows],
            marker_color="#b04a8c",
            customdata=[[figures.num(r["share"])] for r in rows],
            hovertemplate=_("round %(round)s: %(knockouts)s knock-outs (%(share)s)")
            % {"round": "%{x}", "knockouts": "%{y}", "share": "%{customdata[0]:.1%}"}
            + "<extra></extra>",
        )
    )
    fig.update_xaxes(title=_("round of the knock-out"), dtick=1)
    fig.update_yaxes(title=_("characters knocked out"))
    return figures.layout(fig, title, height=360)


def weapon_types_figure(rows: list[dict], title: str) -> go.Figure:
    fig = go.Figure()
    for column, name in (
        ("successes_per_attack", _("successes per attack")),
        ("wounds_per_attack", _("wounds per attack")),
        ("knockouts_per_attack", "knock-outs per attack"),
    ):
        fig.add_trace(
            go.Bar(
                x=[figures.esc(r["name"]) for r in rows],
                y=[figures.num(r[column]) for r in rows],
                name=name,
                customdata=[[r["attacks"]] for r in rows],
                hovertemplate=_("%(rate)s over %(attacks)s attacks")
                % {"rate": "%{y:.2f}", "attacks": "%{customdata[0]}"}
                + "<extra>"
                + name
                + "</extra>",
            )
        )
    fig.update_layout(barmode="group")
    fig.update_yaxes(title=_("per attack"))
    return figures.layout(fig, title, height=380)


def objectives_by_map_figure(rows: list[dict], title: str) -> go.Figure:
    rows = sorted((r for r in rows if r.get("claim_rate") is not None), key=lambda r: r["claim_rate"])
    labels = [figures.esc(r["map"]) for r in rows]
    fig = go.Figure(
        go.Bar(
            x=[r["claim_rate"] for r in rows],
            y=labels,
            orientation="h",
            marker_color=[figures.GREY if r["too_few_games"] else figures.BASE for r in rows],
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [figures.num(r["ci_high"], r["claim_rate"]) - r["claim_rate"] for r in rows],
                "arrayminus": [r["claim_rate"] - figures.num(r["ci_low"], r["claim_rate"]) for r in rows],
                "color": "#555",
            },
            text=[str(figures.TOO_FEW) if r["too_few_games"] else "" for r in rows],
            textposition="inside",
            customdata=[[r["claimed"], r["available"], r["games"]] for r in rows],
            hovertemplate=_("%(rate)s claimed (%(claimed)s of %(available)s objectives, %(games)s games)")
            % {
                "rate": "%{x:.1%}",
                "claimed": "%{customdata[0]}",
                "available": "%{customdata[1]}",
                "games": "%{customdata[2]}",
            }  # fmt: skip
            + "<extra></extra>",
        )
    )
    fig.update_xaxes(range=[0, 1], tickformat=".0%", title=_("objectives claimed (share of those on offer)"))
    fig.update_yaxes(automargin=True)
    return figures.layout(fig, title, height=max(300, 30 * len(rows) + 120))
