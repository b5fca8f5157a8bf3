"""Fields of Eternia's dashboards of how games are played, from the statistics block version 2
(``eternia-statistics`` v2: ``cards``, ``rounds`` and ``combats``): cards played and the win rate of
the team that played them, VP by round, VP by day and by night, outposts held over time (by result, and
by faction with who held more round by round), and how epic combats end (FE-11.5).

The lists have no fixed length, so each verdict's groups are added up in Python when it is stored and kept
per bucket (``meta_groups``, ``dashboards.verdictgroups``); a data set sums its filter's rows. A verdict of version 1 (before ruleset fe-0.2.0) lacks these lists and counts for
nothing here until it is verified again.
"""

from __future__ import annotations

import plotly.graph_objects as go
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from dashboards import figures, queries, stats
from dashboards.datasets import RATE_COLUMNS, Column, Dataset
from dashboards.filters import MetaFilter
from games.eternia.meta_groups import summed
from games.eternia.names import card_name, fighter_name, team_name


class _Words(dict):
    """Words by key, marked for translation: looked up, each is said in the language of the moment."""

    def __getitem__(self, key):
        return str(super().__getitem__(key))

    def get(self, key, default=None):
        return str(super().get(key)) if key in self else default


RESULTS = _Words(win=_("winning teams"), draw=_("drawn teams"), loss=_("losing teams"))
TIMES = _Words(
    day=pgettext_lazy("a round of the game", "Day"), night=pgettext_lazy("a round of the game", "Night")
)
COMBAT_KINDS = _Words(hero=_("Hero vs hero"), beast=_("Hero vs epic beast"), boss=_("Hero vs boss"),
                      solo=_("Hero vs the game's hero (solo)"), duel=_("Tie-break duel"))  # fmt: skip
SHORT_KINDS = _Words(hero=_("vs hero"), beast=_("vs beast"), boss=_("vs boss"), solo=pgettext_lazy("a combat", "solo"),
                     duel=_("duel"))  # fmt: skip
OUTCOMES = _Words(
    {
        "defeat": _("One side defeated (FE-11.5.7)"),
        "both-defeated": _("Both defeated (FE-11.5.7.H.2)"),
        "fled": _("Active hero fled (FE-11.5.8)"),
        "damage": _("More damage dealt (FE-11.5.9.2)"),
        "beast-escapes": _("Beast escapes (FE-11.5.9.4)"),
        "boss-remains": _("Boss remains (FE-11.5.9.5)"),
        "fewer-hp": _("Fewer HP retreats (FE-12.1)"),
        "game-over": _("Game ended during it"),
    }
)
TEAM_COLOURS = ["#3b6ea5", "#b04a4a", "#3fa34d"]  # Masters, Evil Warriors (the pack's order), a third
OUTCOME_COLOURS = ["#3b6ea5", "#8c8c8c", "#e0a030", "#3fa34d", "#b04a8c", "#6f4aa8", "#d9534f", "#444"]


def _layout(fig: go.Figure, title: str, height: int = 380, legend_y: float = -0.3) -> go.Figure:
    figures.white_template(fig)
    fig.update_layout(
        title={"text": figures.esc(title), "x": 0, "xanchor": "left"},
        height=height,
        margin={"l": 10, "r": 20, "t": 60, "b": 40},
        legend={"orientation": "h", "yanchor": "top", "y": legend_y},
    )
    return fig


class CardRates(Dataset):
    key = "cards"
    title = _("Cards played and the win rate of the team that played them")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = (
        RATE_COLUMNS[0],
        Column("deck", _("Deck"), "text"),
        Column("kind", _("Kind"), "text"),
        Column("played", _("Times played")),
        Column("bought", _("Times bought")),
        *RATE_COLUMNS[1:],
    )
    description = _(
        "Team games and skirmishes. A combat card is played when it is placed in a zone or beside the board "
        "(FE-11.5.3, FE-11.4.4), and bought when it is taken from the faction's supply into the deck, as a "
        "reward or by training (FE-11.3.3, FE-19.9.1); a support card when it is bought from a merchant "
        "(FE-9.10.3, FE-19.5.2), or a "
        "spell is cast or a consumable used (FE-16.4, FE-16.3.6). Games = the teams that played the card at "
        "least once in a game; win rate = how many of those teams won. Bars show the 95% Wilson interval; "
        "pick rate = those teams ÷ all teams in the filter. Every team's deck holds the base combat cards, so "
        "their win rates are near the average by construction."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            counts: dict[str, dict] = {}
            teams = 2 * sum(g["games"] for g in summed(f, "fe-card-games"))  # FE-4.1.1: two teams a game
            for g in summed(f, "fe-cards"):
                n = counts.setdefault(f"{g['deck']}:{g['card']}", {"deck": g["deck"], "card": g["card"], "kind": g["kind"],
                                                                   "played": 0, "bought": 0, "games": 0, "wins": 0,
                                                                   "draws": 0, "losses": 0})  # fmt: skip
                for name in ("played", "bought", "games", "wins", "draws", "losses"):
                    n[name] += g[name]
            rows = [
                stats.decorate_rate_row(
                    {"key": k, "name": card_name(c["deck"], c["card"]), **c}, teams, f.min_games
                )
                for k, c in counts.items()
            ]
            return sorted(rows, key=lambda r: (-r["games"], r["name"]))

        return queries.cached("fe-cards", f, compute)

    def figures(self, rows, f):
        out = []
        for deck, label in (("combat", gettext("Combat cards")), ("support", gettext("Support cards"))):
            mine = [r for r in rows if r["deck"] == deck]
            if mine:
                out.append(
                    figures.win_rate_figure(mine, gettext("%(cards)s: win rate") % {"cards": label}, limit=20)
                )
                title = gettext("%(cards)s: times played") % {"cards": label}
                out.append(_times_played_figure(mine, title, limit=20))
        return out


def _times_played_figure(rows: list[dict], title: str, limit: int) -> go.Figure:
    top = sorted(rows, key=lambda r: (-(r["played"] + r["bought"]), r["name"]))[:limit][::-1]
    fig = go.Figure()
    for field, label, hover, colour in (
        ("played", pgettext("a card", "played"), gettext("%{y}: played %{x} times"), "#3b6ea5"),
        ("bought", pgettext("a card", "bought"), gettext("%{y}: bought %{x} times"), "#e0a030"),
    ):
        if any(r[field] for r in top):
            fig.add_trace(go.Bar(x=[r[field] for r in top], y=[figures.esc(r["name"]) for r in top],
                                 orientation="h", name=label, marker_color=colour,
                                 hovertemplate=hover + "<extra></extra>"))  # fmt: skip
    fig.update_layout(barmode="stack")
    fig.update_xaxes(title=gettext("times, over all games in the filter"))
    fig.update_yaxes(automargin=True)
    return _layout(fig, title, height=max(300, 24 * len(top) + 140))


def _round_groups(f: MetaFilter) -> list[dict]:
    """The team-rounds of the team games and skirmishes in ``f`` by (round, time, team result)."""
    return summed(f, "fe-rounds")


def _by_round(groups: list[dict], teams: str, total: str) -> dict[tuple, dict]:
    """Groups added up by (round, result): ``teams`` and ``total`` summed, the round night if any of it is."""
    out: dict[tuple, dict] = {}
    for g in groups:
        if not g[teams]:
            continue
        c = out.setdefault((g["round"], g["result"]), {"time": g["time"], "teams": 0, total: 0})
        c["teams"] += g[teams]
        c[total] += g[total]
        if g["time"] == "night":
            c["time"] = "night"  # an extra round (night) shares its number with no day round
    return out


class VpByRound(Dataset):
    key = "vp-by-round"
    title = _("VP scored in each round")
    columns = (
        Column("round", _("Round")),
        Column("time", _("Time"), "text"),
        Column("name", _("Teams"), "text"),
        Column("teams", _("Teams counted")),
        Column("vp", _("VP scored")),
        Column("mean_vp", _("Mean VP per team"), "float"),
    )
    description = _(
        "Team games and skirmishes: the VP each team scored during each round (not the running total), for "
        "winning and losing teams, with the round's time on the round track (FE-8.1; an extra tie-break round, "
        "FE-17.2.3, is night). A game that ended earlier has no row for the later rounds."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            groups = _by_round(_round_groups(f), "teams", "vp")
            rows = [{"round": rnd, "result": res, "name": RESULTS[res], **g, "mean_vp": g["vp"] / g["teams"]}
                    for (rnd, res), g in groups.items()]  # fmt: skip
            return sorted(rows, key=lambda r: (r["round"], list(RESULTS).index(r["result"])))

        return queries.cached("fe-vp-by-round", f, compute)

    def figures(self, rows, f):
        fig = go.Figure()
        for result in RESULTS:
            series = [r for r in rows if r["result"] == result]
            if series:
                fig.add_trace(go.Bar(x=[f"{r['round']} {r['time']}" for r in series], y=[r["mean_vp"] for r in series],
                                     name=RESULTS[result], marker_color=figures.RESULT_COLOURS[result],
                                     customdata=[[r["teams"]] for r in series],
                                     hovertemplate=gettext("round %{x}: %{y:.2f} VP per team (%{customdata[0]} teams)"
                                                   "<extra></extra>")))  # fmt: skip
        fig.update_xaxes(title=gettext("round (time on the track)"), type="category")
        fig.update_yaxes(title=gettext("mean VP scored in the round"), rangemode="tozero")
        return [_layout(fig, gettext("VP scored per round"), height=420, legend_y=-0.45)]


class VpDayNight(Dataset):
    key = "vp-day-night"
    title = _("VP scored by day and by night")
    columns = (
        Column("name", _("Time"), "text"),
        Column("result", _("Teams"), "text"),
        Column("rounds", _("Team-rounds")),
        Column("vp", _("VP scored")),
        Column("mean_vp", _("Mean VP per team-round"), "float"),
        Column("share", _("Share of the teams' VP"), "pct"),
    )
    description = _(
        "Team games and skirmishes: VP scored during day rounds and during night rounds (FE-8.1), for "
        "winning and losing teams. A team-round is one team in one round; share = the VP of that time ÷ all VP "
        "those teams scored."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            groups: dict[tuple, dict] = {}
            for r in _round_groups(f):
                g = groups.setdefault((r["time"], r["result"]), {"rounds": 0, "vp": 0})
                g["rounds"] += r["teams"]
                g["vp"] += r["vp"]
            totals = {res: sum(g["vp"] for (_t, r), g in groups.items() if r == res) for res in RESULTS}
            rows = [{"key": time, "name": TIMES[time], "result": RESULTS[res], "result_key": res, **g,
                     "mean_vp": g["vp"] / g["rounds"], "share": stats.rate(g["vp"], totals[res])}
                    for (time, res), g in groups.items()]  # fmt: skip
            return sorted(
                rows, key=lambda r: (list(RESULTS).index(r["result_key"]), list(TIMES).index(r["key"]))
            )

        return queries.cached("fe-vp-day-night", f, compute)

    def figures(self, rows, f):
        fig = go.Figure()
        for time, colour in (("day", "#e0a030"), ("night", "#3b4a7a")):
            series = [r for r in rows if r["key"] == time]
            fig.add_trace(go.Bar(x=[r["result"] for r in series], y=[r["mean_vp"] for r in series],
                                 name=TIMES[time], marker_color=colour,
                                 customdata=[[r["vp"], r["rounds"]] for r in series],
                                 hovertemplate=gettext("%{y:.2f} VP per team-round (%{customdata[0]} VP over "
                                                       "%{customdata[1]} team-rounds)")
                                               + "<extra>" + TIMES[time] + "</extra>"))  # fmt: skip
        fig.update_yaxes(title=gettext("mean VP per team-round"), rangemode="tozero")
        return [_layout(fig, gettext("VP by day and night"))]


class OutpostsByRound(Dataset):
    key = "outposts-by-round"
    title = _("Outposts held at the end of each round")
    columns = (
        Column("round", _("Round")),
        Column("time", _("Time"), "text"),
        Column("name", _("Teams"), "text"),
        Column("teams", _("Teams counted")),
        Column("mean_outposts", _("Mean outposts held"), "float"),
    )
    description = _(
        "Team games and skirmishes: outposts each team controlled as each round ended (FE-6.2; the last round "
        "as the game ended), for winning and losing teams."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            groups = _by_round(_round_groups(f), "outpost_teams", "outposts")
            rows = [{"round": rnd, "result": res, "name": RESULTS[res], **g, "mean_outposts": g["outposts"] / g["teams"]}
                    for (rnd, res), g in groups.items()]  # fmt: skip
            return sorted(rows, key=lambda r: (r["round"], list(RESULTS).index(r["result"])))

        return queries.cached("fe-outposts-by-round", f, compute)

    def figures(self, rows, f):
        fig = go.Figure()
        for result in RESULTS:
            series = [r for r in rows if r["result"] == result]
            if series:
                fig.add_trace(go.Scatter(x=[r["round"] for r in series], y=[r["mean_outposts"] for r in series],
                                         mode="lines+markers", name=RESULTS[result],
                                         line_color=figures.RESULT_COLOURS[result],
                                         customdata=[[r["teams"], r["time"]] for r in series],
                                         hovertemplate=gettext("round %{x} (%{customdata[1]}): %{y:.2f} outposts "
                                                       "(%{customdata[0]} teams)<extra></extra>")))  # fmt: skip
        fig.update_xaxes(title=gettext("end of round"), dtick=1)
        fig.update_yaxes(title=gettext("mean outposts held"), rangemode="tozero")
        return [_layout(fig, gettext("Outposts held per round"), legend_y=-0.35)]


class OutpostControl(Dataset):
    """Outpost control over time, per faction: how many outposts each team held as each round ended, and
    how often it held more than the other team of its game (FE-6.2, FE-17.2.1)."""

    key = "outpost-control"
    title = _("Outpost control by faction, round by round")
    columns = (
        Column("round", _("Round")),
        Column("time", _("Time"), "text"),
        Column("name", _("Team"), "text"),
        Column("teams", _("Games counted")),
        Column("mean_outposts", _("Mean outposts held"), "float"),
        Column("led", _("Held more")),
        Column("level", _("Held as many")),
        Column("trailed", _("Held fewer")),
        Column("lead_rate", _("Held more (share)"), "pct"),
    )
    description = _(
        "Team games and skirmishes: for each round and each team (Masters of the Universe, Evil Warriors), the "
        "outposts it controlled as the round ended (FE-6.2, FE-8.4; the last round as the game ended) and, "
        "game by game, whether it held more outposts than the other team, as many, or fewer — outposts are the "
        "first tie-break (FE-17.2.1). Counted from each verified game's statistics, round by round."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            groups: dict[tuple, dict] = {}
            for r in summed(f, "fe-outpost-control"):
                g = groups.setdefault((r["round"], r["team"]), {"time": r["time"], "teams": 0, "outposts": 0, "led": 0,
                                                                "level": 0, "trailed": 0})  # fmt: skip
                for name in ("teams", "outposts", "led", "level", "trailed"):
                    g[name] += r[name]
                if r["time"] == "night":
                    g["time"] = "night"
            rows = [
                {"key": f"{rnd}:{team}", "round": rnd, "team": team, "name": team_name(team), **g,
                 "mean_outposts": g["outposts"] / g["teams"], "lead_rate": stats.rate(g["led"], g["teams"])}
                for (rnd, team), g in groups.items()
            ]  # fmt: skip
            return sorted(rows, key=lambda r: (r["round"], r["team"] != "motu", r["team"]))

        return queries.cached("fe-outpost-control", f, compute)

    def figures(self, rows, f):
        teams = list(dict.fromkeys(r["team"] for r in rows))
        held = go.Figure()
        for i, team in enumerate(teams):
            series = [r for r in rows if r["team"] == team]
            held.add_trace(go.Scatter(x=[r["round"] for r in series], y=[r["mean_outposts"] for r in series],
                                      mode="lines+markers", name=figures.esc(team_name(team)),
                                      line_color=TEAM_COLOURS[i % len(TEAM_COLOURS)],
                                      customdata=[[r["teams"], r["time"]] for r in series],
                                      hovertemplate=gettext("round %{x} (%{customdata[1]}): %{y:.2f} outposts "
                                                    "(%{customdata[0]} games)<extra></extra>")))  # fmt: skip
        held.update_xaxes(title=gettext("end of round"), dtick=1)
        held.update_yaxes(title=gettext("mean outposts held"), rangemode="tozero")
        lead = go.Figure()
        for i, team in enumerate(teams):
            series = [r for r in rows if r["team"] == team]
            lead.add_trace(go.Bar(x=[r["round"] for r in series], y=[r["lead_rate"] for r in series],
                                  name=figures.esc(gettext("%(team)s held more") % {"team": team_name(team)}),
                                  marker_color=TEAM_COLOURS[i % len(TEAM_COLOURS)],
                                  customdata=[[r["led"], r["teams"]] for r in series],
                                  hovertemplate=gettext("round %{x}: %{y:.0%} (%{customdata[0]} of %{customdata[1]} games)"
                                                "<extra></extra>")))  # fmt: skip
        if teams:
            first = [r for r in rows if r["team"] == teams[0]]
            lead.add_trace(go.Bar(x=[r["round"] for r in first],
                                  y=[stats.rate(r["level"], r["teams"]) for r in first], name=gettext("as many"),
                                  marker_color="#8c8c8c", customdata=[[r["level"], r["teams"]] for r in first],
                                  hovertemplate=gettext("round %{x}: %{y:.0%} level (%{customdata[0]} of %{customdata[1]} "
                                                "games)<extra></extra>")))  # fmt: skip
        lead.update_layout(barmode="stack")
        lead.update_xaxes(title=gettext("end of round"), dtick=1)
        lead.update_yaxes(title=gettext("share of games"), tickformat=".0%", range=[0, 1])
        return [
            _layout(held, gettext("Outposts held per round, by team"), legend_y=-0.35),
            _layout(lead, gettext("Who held more outposts, round by round"), legend_y=-0.35),
        ]


class EpicCombats(Dataset):
    key = "epic-combats"
    title = _("Epic combats by kind and outcome")
    columns = (
        Column("kind_name", _("Combat"), "text"),
        Column("name", _("Outcome"), "text"),
        Column("combats", _("Combats")),
        Column("share", _("Share of that kind"), "pct"),
        Column("active_wins", _("Active side won")),
        Column("defender_wins", _("Defender won")),
        Column("no_winner", _("No winner")),
    )
    description = _(
        "Every mode (solo included): each epic combat (FE-11) counted once, by who fought — hero against hero, "
        "against an epic beast or a boss, against the game's hero in solo, or the tie-break duel (FE-17.2.4) — "
        "and by the rule that ended it (FE-11.5.7 defeats, FE-11.5.8 flight, FE-11.5.9 the outcome after the "
        "last round, FE-12.1 faster combat). Share = combats with that outcome ÷ combats of that kind."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            groups: dict[tuple, dict] = {}
            for c in summed(f, "fe-combats"):
                g = groups.setdefault((c["kind"], c["outcome"]), {"combats": 0, "active_wins": 0, "defender_wins": 0,
                                                                   "no_winner": 0})  # fmt: skip
                for name in g:
                    g[name] += c[name]
            per_kind: dict[str, int] = {}
            for (kind, _o), g in groups.items():
                per_kind[kind] = per_kind.get(kind, 0) + g["combats"]
            rows = [{"key": f"{kind}:{outcome}", "kind": kind, "kind_name": COMBAT_KINDS.get(kind, kind),
                     "outcome": outcome, "name": OUTCOMES.get(outcome, outcome), **g,
                     "share": stats.rate(g["combats"], per_kind[kind])}
                    for (kind, outcome), g in groups.items()]  # fmt: skip
            kinds, outcomes = list(COMBAT_KINDS), list(OUTCOMES)
            return sorted(rows, key=lambda r: (kinds.index(r["kind"]) if r["kind"] in kinds else 9,
                                               outcomes.index(r["outcome"]) if r["outcome"] in outcomes else 9))  # fmt: skip

        return queries.cached("fe-epic-combats", f, compute)

    def figures(self, rows, f):
        kinds = [k for k in COMBAT_KINDS if any(r["kind"] == k for r in rows)]
        fig = go.Figure()
        for outcome, colour in zip(OUTCOMES, OUTCOME_COLOURS, strict=True):
            series = {r["kind"]: r for r in rows if r["outcome"] == outcome}
            if series:
                fig.add_trace(go.Bar(x=[SHORT_KINDS[k] for k in kinds],
                                     y=[series[k]["combats"] if k in series else 0 for k in kinds],
                                     name=OUTCOMES[outcome], marker_color=colour,
                                     hovertemplate=gettext("%{x}: %{y} combats") + "<extra>"
                                                   + figures.esc(OUTCOMES[outcome])
                                                   + "</extra>"))  # fmt: skip
        fig.update_layout(barmode="stack")
        fig.update_yaxes(title=gettext("combats"))
        return [_layout(fig, gettext("Combats by kind and outcome"), height=520)]


ROLES = _Words(attacker=_("Attacking"), defender=_("Defending"))


class EpicCombatFighters(Dataset):
    key = "epic-combat-fighters"
    title = _("Epic combats by attacker and defender")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = (
        RATE_COLUMNS[0],
        Column("role_name", _("Role"), "text"),
        Column("kind_name", _("Combat"), "text"),
        *RATE_COLUMNS[1:],
    )
    description = _(
        "Every mode (solo included): each epic combat (FE-11) counts once for the hero who started it (the "
        "active hero, FE-11.1) and once for the hero, epic beast or boss defending, whatever the combat's kind. "
        "A fighter wins when its side won the combat (FE-11.5.7 to FE-11.5.9, FE-12.1); a combat that ended "
        "without a winner (both defeated, a beast escaping, a boss remaining) is a draw. Bars show the 95% "
        "Wilson interval; pick rate = the fighter's combats in that role ÷ all combats in the filter."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            total = sum(c["combats"] for c in summed(f, "fe-combats"))
            counts = {(g["role"], g["kind"], g["fighter"]): {k: g[k] for k in ("games", "wins", "draws", "losses")}
                      for g in summed(f, "fe-fighters")}  # fmt: skip
            rows = [
                stats.decorate_rate_row(
                    {
                        "key": f"{role}:{kind}:{fighter}",
                        "name": fighter_name(fighter),
                        "fighter": fighter,
                        "role": role,
                        "role_name": ROLES[role],
                        "kind": kind,
                        "kind_name": COMBAT_KINDS.get(kind, kind),
                        **n,
                    },
                    total,
                    f.min_games,
                )  # fmt: skip
                for (role, kind, fighter), n in counts.items()
            ]
            return sorted(rows, key=lambda r: (list(ROLES).index(r["role"]), -r["games"], r["name"]))

        return queries.cached("fe-epic-combat-fighters", f, compute)

    def figures(self, rows, f):
        out = []
        titles = {"attacker": gettext("Attacking in epic combat: win rate"),
                  "defender": gettext("Defending in epic combat: win rate")}  # fmt: skip
        for role in ROLES:
            mine = [{**r, "name": f"{r['name']} ({SHORT_KINDS.get(r['kind'], r['kind'])})"} for r in rows
                    if r["role"] == role]  # fmt: skip
            if mine:
                out.append(figures.win_rate_figure(mine, titles.get(role, role), limit=20))
        return out


class EpicCombatsDayNight(Dataset):
    key = "epic-combats-day-night"
    title = _("Epic combats by day and by night")
    columns = (
        Column("name", _("Time"), "text"),
        Column("games", _("Combats")),
        Column("wins", _("Attacker won")),
        Column("losses", _("Defender won")),
        Column("draws", _("No winner")),
        Column("win_rate", _("Attacker win rate"), "pct"),
        Column("ci_low", _("95% CI low"), "pct"),
        Column("ci_high", _("95% CI high"), "pct"),
        Column("share", _("Share of combats"), "pct"),
    )
    description = _(
        "Every mode (solo included): each epic combat (FE-11) by the time of the round it was fought in. At "
        "night each hero heals 1 HP at the end of its turn and may rest for 4 (FE-8.2.3, FE-9.8), so a hero "
        "attacked at night may stand longer. Attacker win rate = combats the active hero's side won ÷ combats "
        "(no winner counts as not won); the 95% Wilson interval says how sure the rate is."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            counts = {time: {"games": 0, "wins": 0, "draws": 0, "losses": 0} for time in TIMES}
            for c in summed(f, "fe-combats"):
                n = counts.setdefault(c["time"], {"games": 0, "wins": 0, "draws": 0, "losses": 0})
                n["games"] += c["combats"]
                n["wins"] += c["active_wins"]
                n["losses"] += c["defender_wins"]
                n["draws"] += c["no_winner"]
            total = sum(n["games"] for n in counts.values())
            return [
                {
                    **stats.decorate_rate_row({"key": t, "name": TIMES.get(t, t), **n}, total, f.min_games),
                    "share": stats.rate(n["games"], total),
                }
                for t, n in counts.items()
                if n["games"]
            ]

        return queries.cached("fe-epic-combats-day-night", f, compute)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Attacker win rate in epic combat, by day and by night"))]


def datasets() -> list[Dataset]:
    return [
        CardRates(),
        VpByRound(),
        VpDayNight(),
        OutpostsByRound(),
        OutpostControl(),
        EpicCombats(),
        EpicCombatFighters(),
        EpicCombatsDayNight(),
    ]
