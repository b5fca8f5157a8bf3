"""Battleground's meta: its data sets and dashboard pages over the dashboards core.

Factions, characters, pairs, weapons and items are Battleground's entry dimensions; VP by
source, knock-out timing, weapon types and objectives by map read its statistics.
"""

from __future__ import annotations

import plotly.graph_objects as go
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from dashboards import figures, localise, queries, stats
from dashboards.datasets import (
    RATE_COLUMNS,
    Column,
    Dataset,
    Page,
    ScoreComponents,
    lazy_text,
    piece_links,
)
from dashboards.ended_by import ended_by_label
from dashboards.filters import MetaFilter
from games.battleground import figures as bg_figures
from games.battleground import queries as bg_queries


class RateDataset(Dataset):
    """Win and pick rates for one entry dimension (factions, characters, pairs, weapons, items)."""

    test = stats.BALANCE_TEST_DESCRIPTION
    noun: str
    columns = RATE_COLUMNS

    def __init__(
        self,
        key: str,
        title: str,
        noun: str,
        extra: tuple[Column, ...] = (),
        *,
        chart_limit: int | None = None,
        table_limit: int = 100,
        names_pieces: bool = False,
    ):
        self.key, self.title, self.noun = key, title, noun
        self.columns = RATE_COLUMNS[:-1] + extra + RATE_COLUMNS[-1:]
        self.chart_limit, self.table_limit, self.names_pieces = chart_limit, table_limit, names_pieces
        self.description = lazy_text(
            _(
                "Every side (one player's force in one game) that fielded the %(noun)s counts as one game for it, "
                "mirror matches included. Win rate = wins ÷ games (a draw is not a win); score rate counts a draw "
                "as half. Pick rate = sides that fielded the %(noun)s ÷ all sides in the filter (two per game). "
                "Bars show the 95%% Wilson interval."
            ),
            noun=noun,
        )

    def rows(self, f: MetaFilter) -> list[dict]:
        return bg_queries.entry_rates(f, self.key)

    def figures(self, rows: list[dict], f: MetaFilter) -> list[go.Figure]:
        links = piece_links(f, [r["key"] for r in rows]) if self.names_pieces else None
        title = gettext("Win rate by %(noun)s") % {"noun": self.noun}
        out = [figures.win_rate_figure(rows, title, limit=self.chart_limit, links=links)]
        if figures.constant_pick_rate(rows) is None:
            top = figures.top_by_games(rows, self.chart_limit)
            title = gettext("Pick rate by %(noun)s") % {"noun": self.noun}
            if len(top) < len(rows):
                title = gettext("%(title)s: the %(shown)s with most games, of %(total)s") % {
                    "title": title,
                    "shown": len(top),
                    "total": len(rows),
                }
            out.append(figures.pick_rate_figure(top, title, gettext("sides")))
        return out

    def notes(self, rows: list[dict], f: MetaFilter) -> list[str]:
        constant = figures.constant_pick_rate(rows)
        if constant is None:
            return []
        return [
            gettext(
                "Pick rate is not charted: every %(noun)s here is picked by exactly %(rate)s of sides, so the chart "
                "would be %(count)s equal bars. With %(count)s of them and one of each in every game this holds by "
                "construction. The numbers are in the table."
            )
            % {"noun": self.noun, "rate": localise.percent(constant, 0), "count": len(rows)}
        ]

    def piece_keys(self, row: dict, column: Column) -> list[str]:
        if self.key == "pairs" and column.key == "name":
            return str(row["key"]).split("+")  # a pair's key is "a+b" (games.battleground.summaries.Pair)
        return super().piece_keys(row, column)


class Balance(Dataset):
    key = "balance"
    title = _("Balance flags")
    test = stats.BALANCE_TEST_DESCRIPTION
    description = _(
        "Entries whose wins and losses differ beyond chance, graded by the test's p-value: "
        "p < 0.001 very strong, p < 0.01 strong, p < 0.05 weak evidence. Entries below the minimum "
        "sample are not tested. With many entries some are flagged 'weak' by chance alone: testing "
        "N fair entries at the 0.05 level flags about N × 0.05 of them."
    )
    columns = (
        Column("dimension_name", _("Dimension"), "text"),
        Column("name", _("Name"), "text"),
        Column("games", _("Games")),
        Column("wins", _("W")),
        Column("losses", _("L")),
        Column("win_rate", _("Win rate"), "pct"),
        Column("p_value", _("p-value"), "p"),
        Column("balance", _("Balance"), "text"),
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        names = {key: DATASETS[key].title for key in bg_queries.RATE_DIMENSIONS if key in DATASETS}
        return [
            {**r, "dimension_name": str(names.get(r["dimension"], r["dimension"]))}
            for r in bg_queries.balance(f)
        ]

    def figures(self, rows, f):
        keys = [r["key"] for r in rows if r["dimension"] == "characters"]
        links = {f"characters:{k}": url for k, url in piece_links(f, keys).items()}
        return [figures.balance_figure(rows, _("Win rate against games, by balance flag"), links)]

    def piece_keys(self, row: dict, column: Column) -> list[str]:
        if column.key != "name":
            return []
        if row["dimension"] == "characters":
            return [str(row["key"])]
        return str(row["key"]).split("+") if row["dimension"] == "pairs" else []


MATRIX_COLUMNS = (
    Column("row_name", _("Row"), "text", link="row"),
    Column("col_name", _("Against"), "text", link="col"),
    *RATE_COLUMNS[1:8],  # games, W, D, L, win rate and its interval
)


class Matchups(Dataset):
    """The row entry's results against the column entry (a heatmap and its table)."""

    test = None
    table_limit = 1000

    def __init__(self, key: str, title: str, noun: str, *, characters: bool):
        self.key, self.title, self.noun, self.characters = key, title, noun, characters
        cells = _(
            "Each cell: the row %(noun)s's win rate against sides that fielded the column %(noun)s, over the games "
            "where they met (a mirror match counts once for each side). Hover a cell for its games, W–D–L and "
            "95%% Wilson interval; cells with fewer games than the minimum are left grey with their count in "
            "brackets."
        )
        if characters:
            cells = _(
                "Each cell: the row %(noun)s's win rate against sides that fielded the column %(noun)s, over the "
                "games where they met (a mirror match counts once for each side). Hover a cell for its games, W–D–L "
                "and 95%% Wilson interval; cells with fewer games than the minimum are left grey with their count "
                "in brackets. The %(top)s characters with most games are shown."
            )
        self.description = lazy_text(cells, noun=noun, top=bg_queries.MATRIX_TOP)
        self.columns = tuple(c if characters else Column(c.key, c.label, c.fmt) for c in MATRIX_COLUMNS)

    def rows(self, f: MetaFilter) -> list[dict]:
        if self.characters:
            return bg_queries.character_matchups(f)
        return bg_queries.faction_matchups(f)

    def figures(self, rows, f):
        links = piece_links(f, {r["row"] for r in rows}) if self.characters else None
        title = gettext("%(title)s: row's win rate against column") % {"title": self.title}
        return [figures.matchup_figure(rows, title, links)]


class Initiative(Dataset):
    key = "initiative"
    title = _("First-player (initiative) advantage")
    test = stats.BALANCE_TEST_DESCRIPTION  # the page adds what it is applied to (``test_note``)
    test_note = _("Applied to the first player's decisive games.")
    description = _("Results of the player who took the first turn against the second player.")
    columns = RATE_COLUMNS[:9] + (Column("balance", _("Test"), "text"),)

    def rows(self, f):
        return bg_queries.initiative(f)

    def figures(self, rows, f):
        return [figures.initiative_figure(rows, _("Results by seat"))]


class VpSources(Dataset):
    key = "vp-sources"
    title = _("Where VP come from")
    description = _(
        "Mean VP per side from objectives, missions and knock-outs, for winners, drawn sides and losers."
    )
    columns = (
        Column("name", _("Sides"), "text"),
        Column("sides", _("Count")),
        Column("vp_objectives", _("Objectives"), "float"),
        Column("vp_missions", _("Missions"), "float"),
        Column("vp_knockouts", _("Knock-outs"), "float"),
        Column("vp_total", _("Total"), "float"),
    )

    def rows(self, f):
        return bg_queries.vp_sources(f)

    def figures(self, rows, f):
        return [bg_figures.vp_sources_figure(rows, _("Mean VP per side by source"))]


class VpByRound(Dataset):
    key = "vp-by-round"
    title = _("VP by round")
    description = _(
        "Mean cumulative VP at the end of each round, for sides that went on to win, draw or lose."
    )
    columns = (
        Column("round", _("Round")),
        Column("name", _("Sides"), "text"),
        Column("sides", _("Count")),
        Column("mean_vp", _("Mean VP"), "float"),
    )

    def rows(self, f):
        return bg_queries.vp_by_round(f)

    def figures(self, rows, f):
        return [bg_figures.vp_by_round_figure(rows, _("Cumulative VP by round"))]


class GameLength(Dataset):
    key = "game-length"
    title = _("Game length")
    description = _(
        "Games by rounds played and by how they ended (rounds ran out, knock-out, concession, agreed draw)."
    )
    columns = (
        Column("rounds_played", _("Rounds")),
        Column("ended_label", _("Ended by"), "text"),
        Column("games", _("Games")),
        Column("share", _("Share"), "pct"),
    )

    def rows(self, f):
        # ``ended_by`` stays the result's key; ``ended_label`` says it in the reader's words.
        return [{**r, "ended_label": ended_by_label(r["ended_by"])} for r in queries.game_length(f)]

    def figures(self, rows, f):
        return [figures.game_length_figure(rows, _("Rounds played and how games ended"))]


class KnockoutTiming(Dataset):
    key = "knockout-timing"
    title = _("Knock-out timing")
    description = _("Characters knocked out, by the round in which it happened.")
    columns = (
        Column("round", _("Round")),
        Column("knockouts", _("Knock-outs")),
        Column("share", _("Share"), "pct"),
    )

    def rows(self, f):
        return bg_queries.knockout_timing(f)

    def figures(self, rows, f):
        return [bg_figures.knockout_timing_figure(rows, _("Knock-outs by round"))]


class WeaponTypes(Dataset):
    key = "weapon-types"
    title = _("Damage by weapon type")
    description = _("Attack outcomes summed over every weapon of a type; rates are per attack.")
    columns = (
        Column("name", _("Type"), "text"),
        Column("attacks", _("Attacks")),
        Column("successes", _("Successes")),
        Column("wounds", _("Wounds")),
        Column("knockouts", _("Knock-outs")),
        Column("successes_per_attack", _("Successes / attack"), "float"),
        Column("wounds_per_attack", _("Wounds / attack"), "float"),
        Column("knockouts_per_attack", _("Knock-outs / attack"), "float"),
    )

    def rows(self, f):
        return bg_queries.weapon_types(f)

    def figures(self, rows, f):
        return [bg_figures.weapon_types_figure(rows, _("Damage per attack by weapon type"))]


class ObjectivesByMap(Dataset):
    key = "objectives-by-map"
    title = _("Objective claim rate by map")
    description = _(
        "Objectives claimed by either side ÷ objectives on offer, per map, with the 95% Wilson interval "
        "(each objective on offer counted as one trial)."
    )
    columns = (
        Column("map", _("Map"), "text"),
        Column("games", _("Games")),
        Column("claimed", _("Claimed")),
        Column("available", _("On offer")),
        Column("claim_rate", _("Claim rate"), "pct"),
        Column("ci_low", _("95% CI low"), "pct"),
        Column("ci_high", _("95% CI high"), "pct"),
    )

    def rows(self, f):
        from games.battleground.maps import objectives_by_map  # its models load once the apps are ready

        return objectives_by_map(f)

    def figures(self, rows, f):
        return [bg_figures.objectives_by_map_figure(rows, _("Objectives claimed by map"))]


class DiceLuck(Dataset):
    """Dice luck across players, unnamed: a public page never labels a person lucky or unlucky.
    Each player sees their own dice on their profile; staff have the named table in the API."""

    key = "dice-luck"
    title = _("Dice luck across players")
    test = stats.DICE_TEST_DESCRIPTION
    description = lazy_text(
        _(
            "How far each player's recorded dice (seeded games are fair by construction and left out) sit from "
            "what their dice should have given, as a z-score, counted per band with no names, beside what fair "
            "dice would give. Players with fewer than 30 dice are not tested; with fewer than "
            "%(players)s players tested nothing is shown. Your own dice are on your profile."
        ),
        players=stats.MIN_PLAYERS_FOR_DISTRIBUTION,
    )
    columns = (
        Column("name", _("z-score"), "text"),
        Column("players", _("Players")),
        Column("share", _("Share"), "pct"),
        Column("expected_share", _("Fair dice"), "pct"),
    )

    def rows(self, f):
        return queries.dice_luck_distribution(f)

    def figures(self, rows, f):
        return [figures.dice_luck_distribution_figure(rows, _("Players by dice luck"))]


class TrendsMonth(Dataset):
    key = "trends-month"
    title = _("Faction trends by month")
    description = _(
        "Faction win and pick rates per calendar month of play; hollow grey points have too few games."
    )
    columns = (Column("month", _("Month"), "text"),) + RATE_COLUMNS

    def rows(self, f):
        return bg_queries.trends_month(f)

    def figures(self, rows, f):
        return [
            figures.trend_figure(rows, _("Faction win rate by month"), "month"),
            figures.trend_figure(rows, _("Faction pick rate by month"), "month", "pick_rate"),
        ]


class TrendsEvent(Dataset):
    key = "trends-event"
    title = _("Faction results by event")
    description = _(
        "Faction win and pick rates at each event (games whose log names an event), events in the order "
        "they were first played."
    )
    columns = (
        Column("event", _("Event"), "text"),
        Column("event_date", _("First played"), "text"),
    ) + RATE_COLUMNS

    def rows(self, f):
        return bg_queries.trends_event(f)

    def figures(self, rows, f):
        return [figures.trend_figure(rows, _("Faction win rate by event"), "event")]


_WOUNDS = Column("wounds_dealt_per_game", _("Wounds dealt / game"), "float")
DATASETS: dict[str, Dataset] = {
    d.key: d
    for d in (
        RateDataset("factions", _("Factions"), pgettext_lazy("an entry of the meta", "faction")),
        RateDataset(
            "characters",
            _("Characters"),
            pgettext_lazy("an entry of the meta", "character"),
            (Column("survival_rate", _("Survived"), "pct"), _WOUNDS),
            names_pieces=True,
        ),
        # Hundreds of pairs: the chart keeps the most played, the sortable table has them all.
        RateDataset(
            "pairs",
            _("Character pairs"),
            pgettext_lazy("an entry of the meta", "pair of characters"),
            chart_limit=20,
            table_limit=2000,
        ),
        Matchups(
            "faction-matchups",
            _("Faction matchups"),
            pgettext_lazy("an entry of the meta", "faction"),
            characters=False,
        ),
        Matchups(
            "character-matchups",
            _("Character matchups"),
            pgettext_lazy("an entry of the meta", "character"),
            characters=True,
        ),
        RateDataset(
            "weapons",
            _("Weapons"),
            pgettext_lazy("an entry of the meta", "weapon"),
            (Column("wounds_per_attack", _("Wounds / attack"), "float"),),
        ),
        RateDataset(
            "items",
            _("Items"),
            pgettext_lazy("an entry of the meta", "item"),
            (Column("uses_per_game", _("Uses / game"), "float"),),
        ),
        Balance(),
        Initiative(),
        VpSources(),
        # The core's generic data set (API and CSV); the page shows VP sources in its own colours.
        ScoreComponents("motu-battleground"),
        VpByRound(),
        GameLength(),
        KnockoutTiming(),
        WeaponTypes(),
        ObjectivesByMap(),
        DiceLuck(),
        TrendsMonth(),
        TrendsEvent(),
    )
}


PAGES: dict[str, Page] = {
    p.slug: p
    for p in (
        Page("overview", _("Overview"), ("factions", "initiative", "game-length")),
        Page("factions", _("Factions"), ("factions",)),
        Page("characters", _("Characters"), ("characters",)),
        Page("pairs", _("Character pairs"), ("pairs",)),
        Page("matchups", _("Matchups"), ("faction-matchups", "character-matchups")),
        Page("weapons", _("Weapons"), ("weapons", "weapon-types")),
        Page("items", _("Items"), ("items",)),
        Page("balance", _("Balance"), ("balance",)),
        Page(
            "games",
            _("How games go"),
            (
                "initiative",
                "vp-sources",
                "vp-by-round",
                "game-length",
                "knockout-timing",
                "objectives-by-map",
            ),
        ),
        Page("dice", _("Dice luck"), ("dice-luck",)),
        Page("trends", _("Trends"), ("trends-month", "trends-event")),
    )
}
