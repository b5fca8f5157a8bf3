"""Hoplomachus' crowd-favour and reward timing, from statistics version 3: each favour track's value at the end of
each round (``favour``) and each reward claimed with its round (``rewards``), per mode (HR-4).

A track's result is its troops' (an Alliance team's shared track, HR-17.6, and the Ascension players' one,
HR-14.7.3, have one result for all their troops). Pandemonium has no favour track (HR-16) and no rows. Version-2
verdicts lack both blocks and count for nothing here until verified again.
"""

from __future__ import annotations

import plotly.graph_objects as go
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from dashboards import figures, stats
from dashboards.datasets import Column, Dataset
from dashboards.figures import esc
from dashboards.filters import MetaFilter
from games.hoplomachus.meta_groups import summed
from games.hoplomachus.meta_rivals import MODE_ORDER
from games.hoplomachus.names import mode_name, reward_name

RESULTS = {
    "win": pgettext_lazy("sides of a game", "winners"),
    "loss": pgettext_lazy("sides of a game", "losers"),
}
LINES = {"win": "#2e7d32", "loss": "#c62828"}


def _layout(fig: go.Figure, title: str, height: int = 360) -> go.Figure:
    figures.white_template(fig)
    fig.update_layout(
        title={"text": esc(title), "x": 0, "xanchor": "left"},
        height=height,
        margin={"l": 10, "r": 20, "t": 60, "b": 40},
        legend={"orientation": "h", "yanchor": "top", "y": -0.3},
    )
    return fig


def favour_groups(f: MetaFilter) -> list[dict]:
    """Favour tracks grouped by (mode, round, result): tracks counted and their favour summed."""
    return summed(f, "hr-favour-rounds")


class FavourByRound(Dataset):
    key = "favour-by-round"
    title = _("Crowd favour at each round's end, winners and losers")
    columns = (
        Column("name", _("Mode · round · result"), "text"),
        Column("tracks", _("Tracks")),
        Column("mean_favour", _("Mean favour"), "float"),
    )
    description = _(
        "The mean crowd favour of the winning and losing sides' tracks at the end of each round, per mode (HR-4; a "
        "troop's own track, or the shared track of an Alliance team, HR-17.6, or of the Ascension players, "
        "HR-14.7.3): how early winners pull ahead on the crowd. An Assault wave's last round is counted before the "
        "track's reset (HR-13.11.6), so Assault's favour falls back between waves. A game counts only in the rounds "
        "it lasted, so late rounds average fewer (and longer) games: the table gives the tracks counted."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        rows = [
            {"key": f"{g['mode']}/{g['round']}/{g['result']}", "mode": g["mode"], "round": g["round"],
             "result": g["result"], "name": gettext("%(mode)s · round %(round)s · %(result)s") % {"mode": mode_name(g["mode"]), "round": g["round"], "result": RESULTS[g["result"]]},
             "tracks": g["tracks"], "mean_favour": stats.rate(g["favour"], g["tracks"])}
            for g in favour_groups(f)
        ]  # fmt: skip
        return sorted(rows, key=lambda r: (MODE_ORDER.get(r["mode"], 9), r["round"], r["result"] != "win"))

    def figures(self, rows, f):
        out = []
        for mode in dict.fromkeys(r["mode"] for r in rows):
            fig = go.Figure()
            for result, label in RESULTS.items():
                series = [r for r in rows if r["mode"] == mode and r["result"] == result]
                if series:
                    fig.add_trace(go.Scatter(
                        x=[r["round"] for r in series], y=[r["mean_favour"] for r in series], mode="lines+markers",
                        name=str(label), line_color=LINES[result], customdata=[[r["tracks"]] for r in series],
                        hovertemplate=gettext("round %(round)s: %(favour)s favour (%(tracks)s tracks)")
                        % {"round": "%{x}", "favour": "%{y:.1f}", "tracks": "%{customdata[0]}"} + "<extra></extra>",
                    ))  # fmt: skip
            fig.update_xaxes(title=gettext("end of round"), rangemode="tozero")
            fig.update_yaxes(title=gettext("mean crowd favour"), rangemode="tozero")
            out.append(_layout(fig, gettext("%(mode)s: mean favour by round") % {"mode": mode_name(mode)}))
        return out


def reward_groups(f: MetaFilter) -> list[dict]:
    """Rewards claimed grouped by (mode, reward, round): claimed, and the games they were claimed in (the mode's
    games with the statistics' rewards, claiming or not)."""
    games = {g["mode"]: g["games"] for g in summed(f, "hr-reward-games")}
    return [{**g, "games": games[g["mode"]]} for g in summed(f, "hr-rewards")]


class RewardTiming(Dataset):
    key = "reward-timing"
    title = _("When rewards are claimed: by round")
    columns = (
        Column("name", _("Mode · round"), "text"),
        Column("claimed", _("Rewards claimed")),
        Column("per_game", _("Per game"), "float"),
        Column("share", _("Share of the mode's rewards"), "pct"),
        Column("cumulative", _("Claimed by this round"), "pct"),
    )
    description = _(
        "Every crowd-favour reward claimed (HR-4.3 on Pozzuoli, HR-4.5 in the Colosseum) by the round it was "
        "claimed in, per mode: how many, per game of the mode (games with the statistics, claiming or not), their "
        "share of the mode's rewards and the share claimed by the end of that round."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        per: dict[tuple, dict] = {}
        for g in reward_groups(f):
            c = per.setdefault((g["mode"], g["round"]), {"claimed": 0, "games": g["games"]})
            c["claimed"] += g["claimed"]
        totals: dict[str, int] = {}
        for (mode, _unused), c in per.items():
            totals[mode] = totals.get(mode, 0) + c["claimed"]
        rows, running = [], {}
        for (mode, rnd), c in sorted(per.items(), key=lambda kv: (MODE_ORDER.get(kv[0][0], 9), kv[0][1])):
            running[mode] = running.get(mode, 0) + c["claimed"]
            rows.append({"key": f"{mode}/{rnd}", "name": gettext("%(mode)s · round %(round)s") % {"mode": mode_name(mode), "round": rnd}, "mode": mode,
                         "round": rnd, "claimed": c["claimed"], "per_game": stats.rate(c["claimed"], c["games"]),
                         "share": stats.rate(c["claimed"], totals[mode]),
                         "cumulative": stats.rate(running[mode], totals[mode])})  # fmt: skip
        return rows

    def figures(self, rows, f):
        fig = go.Figure()
        for mode in dict.fromkeys(r["mode"] for r in rows):
            series = [r for r in rows if r["mode"] == mode]
            fig.add_trace(go.Scatter(
                x=[r["round"] for r in series], y=[r["cumulative"] for r in series], mode="lines+markers",
                name=esc(mode_name(mode)), customdata=[[r["claimed"], r["share"]] for r in series],
                hovertemplate=gettext("by round %(round)s: %(share)s of the rewards (%(claimed)s in this round)")
                % {"round": "%{x}", "share": "%{y:.0%}", "claimed": "%{customdata[0]}"} + "<extra></extra>",
            ))  # fmt: skip
        fig.update_xaxes(title=gettext("round"), rangemode="tozero")
        fig.update_yaxes(
            title=gettext("share of the mode's rewards claimed"), tickformat=".0%", range=[0, 1.05]
        )
        return [_layout(fig, gettext("Rewards claimed by the end of each round"))]


class RewardRounds(Dataset):
    key = "reward-rounds"
    title = _("When rewards are claimed: each reward")
    columns = (
        Column("name", _("Mode · reward"), "text"),
        Column("claimed", _("Claimed")),
        Column("per_game", _("Per game"), "float"),
        Column("first_round", _("Earliest round")),
        Column("median_round", _("Median round"), "float"),
        Column("mean_round", _("Mean round"), "float"),
    )
    description = _(
        "Each reward of the arenas' favour tracks (HR-4.3, HR-4.5), per mode: how often it was claimed (per game of "
        "the mode) and in which round — the earliest, the median and the mean."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        per: dict[tuple, dict] = {}
        for g in reward_groups(f):
            c = per.setdefault((g["mode"], g["reward"]), {"rounds": {}, "games": g["games"]})
            c["rounds"][g["round"]] = c["rounds"].get(g["round"], 0) + g["claimed"]
        rows = []
        for (mode, reward), c in per.items():
            rounds = sorted(c["rounds"].items())
            n = sum(k for _, k in rounds)
            rows.append({"key": f"{mode}/{reward}", "name": f"{mode_name(mode)} · {reward_name(reward)}",
                         "mode": mode, "reward": reward, "claimed": n, "per_game": stats.rate(n, c["games"]),
                         "first_round": rounds[0][0], "median_round": _median(rounds, n),
                         "mean_round": stats.rate(sum(r * k for r, k in rounds), n)})  # fmt: skip
        return sorted(rows, key=lambda r: (MODE_ORDER.get(r["mode"], 9), r["median_round"], r["name"]))

    def figures(self, rows, f):
        rows = rows[::-1]
        labels = [esc(r["name"]) for r in rows]
        fig = go.Figure(go.Bar(
            x=[r["median_round"] for r in rows], y=labels, orientation="h", marker_color=figures.BASE,
            customdata=[[r["claimed"], r["first_round"], r["mean_round"]] for r in rows],
            hovertemplate="<b>%{y}</b><br>"
                          + gettext("median round %(median)s (earliest %(first)s, mean %(mean)s) of %(claimed)s claimed")
                          % {"median": "%{x}", "first": "%{customdata[1]}", "mean": "%{customdata[2]:.1f}",
                             "claimed": "%{customdata[0]}"}
                          + "<extra></extra>",
        ))  # fmt: skip
        fig.update_xaxes(title=gettext("median round claimed"), rangemode="tozero")
        fig.update_yaxes(automargin=True)
        fig.update_layout(showlegend=False)
        title = gettext("Median round each reward is claimed in")
        return [_layout(fig, title, height=max(300, 26 * len(rows) + 120))]


def _median(counts: list[tuple[int, int]], n: int) -> float:
    """The median of the values ``counts`` lists as (value, how many), sorted by value."""

    def nth(i: int) -> int:
        for value, k in counts:
            if i < k:
                return value
            i -= k
        return counts[-1][0]

    return (nth((n - 1) // 2) + nth(n // 2)) / 2
