"""Hoplomachus' first-player and seat-position advantage: the win rate of the troop that played 1st, 2nd, 3rd
and 4th in the round's turn order, per head-to-head mode and table size, against the share a seat would win
if the order did not matter.

The engine writes ``result.seats`` in turn order (the first player first, HR-15.2.2, HR-16.2.2, HR-17.2.3), so
seat ``i`` of a verified result played ``i + 1``-th every round (the order never changes, HR-15.6.1, HR-16.5.2,
HR-17.5.1). Assault and Ascension are left out: their players win or lose together (HR-13, HR-14).
Grouped by SQL over the stored verdicts: one query per (table size, seat place), at most nine.
"""

from __future__ import annotations

import plotly.graph_objects as go
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from dashboards import figures, stats
from dashboards.datasets import Column, Dataset
from dashboards.figures import esc
from dashboards.filters import MetaFilter
from games.hoplomachus.meta_groups import summed
from games.hoplomachus.names import AGAINST_THE_GAME, MODES, mode_name

HEAD_TO_HEAD = [m for m in MODES if m not in AGAINST_THE_GAME]
TABLE_SIZES = (2, 3, 4)  # HR-12: Skirmish 2, Pandemonium 3–4, Alliance 4
ORDINALS = {
    1: pgettext_lazy("a place in the turn order", "1st"),
    2: pgettext_lazy("a place in the turn order", "2nd"),
    3: pgettext_lazy("a place in the turn order", "3rd"),
    4: pgettext_lazy("a place in the turn order", "4th"),
}


def fair_share(mode: str, size: int) -> float:
    """The win rate of a seat when turn order gives no advantage: one winner among ``size`` troops, or one
    winning team of two in Alliance (HR-17.1.2)."""
    return 0.5 if mode == "alliance" else 1 / size


def seat_counts(f: MetaFilter) -> list[dict]:
    """Seats of head-to-head games grouped by (mode, table size, position, outcome): ``seats``."""
    return summed(f, "hr-seat-positions")


class SeatPositions(Dataset):
    key = "seat-positions"
    title = _("First-player and seat-position advantage")
    columns = (
        Column("name", _("Mode · table · turn"), "text"),
        Column("games", _("Games")),
        Column("wins", _("Wins")),
        Column("win_rate", _("Win rate"), "pct"),
        Column("ci_low", _("95% CI low"), "pct"),
        Column("ci_high", _("95% CI high"), "pct"),
        Column("fair", _("Fair share"), "pct"),
        Column("advantage", _("Win rate − fair share"), "pct"),
        Column("verdict", _("Interval vs fair share"), "text"),
    )
    test = _(
        "Whether the 95% Wilson interval of the seat's win rate lies wholly above (ahead) or below (behind) the "
        "fair share; otherwise no evidence either way."
    )
    description = _(
        "Each troop of a Skirmish, Pandemonium or Alliance game by its place in the turn order, which never "
        "changes during a game (HR-15.6.1, HR-16.5.2, HR-17.5.1): 1st is the first player. Win rate = the "
        "seat's wins ÷ games; the fair share is what a seat wins when the order gives no advantage: ½ in "
        "Skirmish and Alliance (a team of two wins, HR-17.1.2), ⅓ or ¼ in a Pandemonium of three or four "
        "(one troop left standing, HR-16.1.2). Assault and Ascension are co-operative and are not shown."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        tally: dict[tuple, dict] = {}
        for g in seat_counts(f):
            c = tally.setdefault((g["mode"], g["size"], g["position"]), {"games": 0, "wins": 0})
            c["games"] += g["seats"]
            c["wins"] += g["seats"] if g["outcome"] == "win" else 0
        rows = []
        for (mode, size, position), c in tally.items():
            interval = stats.wilson_interval(c["wins"], c["games"])
            fair = fair_share(mode, size)
            win_rate = stats.rate(c["wins"], c["games"])
            if interval is None or stats.too_few_games(c["games"], f.min_games):
                verdict = gettext("too few games")
            elif interval[0] > fair:
                verdict = pgettext("a seat against its fair share", "ahead")
            elif interval[1] < fair:
                verdict = pgettext("a seat against its fair share", "behind")
            else:
                verdict = "—"
            rows.append({
                "key": f"{mode}/{size}/{position}", "name": gettext("%(mode)s · %(size)s troops · %(place)s") % {"mode": mode_name(mode), "size": size, "place": ORDINALS[position]},
                "mode": mode, "size": size, "position": position, **c, "draws": 0, "losses": c["games"] - c["wins"],
                "win_rate": win_rate, "ci_low": interval[0] if interval else None,
                "ci_high": interval[1] if interval else None, "fair": fair,
                "advantage": None if win_rate is None else win_rate - fair, "verdict": verdict,
                "too_few_games": stats.too_few_games(c["games"], f.min_games),
            })  # fmt: skip
        order = {m: i for i, m in enumerate(MODES)}
        return sorted(rows, key=lambda r: (order.get(r["mode"], 9), r["size"], r["position"]))

    def figures(self, rows, f):
        return [seat_figure([r for r in rows if r["win_rate"] is not None], self.title)]


def seat_figure(rows: list[dict], title: str) -> go.Figure:
    """Bars of each place's win rate with its Wilson interval, and a mark at its own fair share (not one line
    at 50%: a Pandemonium seat of four is fair at 25%)."""
    labels = [esc(r["name"]) for r in rows][::-1]  # the first row on top
    rows = rows[::-1]
    fig = go.Figure()
    fig.add_bar(
        x=[r["win_rate"] for r in rows], y=labels, orientation="h", name=gettext("win rate"),
        marker={"color": ["#bbb" if r["too_few_games"] else "#3b6ea5" for r in rows]},
        error_x={"type": "data", "symmetric": False, "color": "#555", "thickness": 1.2,
                 "array": [r["ci_high"] - r["win_rate"] for r in rows],
                 "arrayminus": [r["win_rate"] - r["ci_low"] for r in rows]},
        customdata=[[r["games"], r["wins"], r["fair"], r["verdict"]] for r in rows],
        hovertemplate="<b>%{y}</b><br>"
                      + gettext("win rate %(rate)s of %(games)s games (%(wins)s wins)")
                      % {"rate": "%{x:.1%}", "games": "%{customdata[0]}", "wins": "%{customdata[1]}"}
                      + "<br>" + gettext("fair share %(share)s") % {"share": "%{customdata[2]:.1%}"}
                      + ": %{customdata[3]}<extra></extra>",
    )  # fmt: skip
    fig.add_scatter(
        x=[r["fair"] for r in rows], y=labels, mode="markers", name=gettext("fair share"),
        marker={"symbol": "line-ns-open", "size": 18, "color": "#c0392b", "line": {"width": 2}},
        hovertemplate=gettext("fair share %(share)s") % {"share": "%{x:.0%}"} + "<extra></extra>",
    )  # fmt: skip
    fig.update_xaxes(range=[0, 1], tickformat=".0%", title=gettext("win rate · red: fair share"))
    fig.update_yaxes(automargin=True)
    return figures._layout(fig, title, height=max(300, 26 * len(rows) + 120))
