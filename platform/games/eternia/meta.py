"""Fields of Eternia's dashboards over the generic core: win rates with Wilson intervals per team and
per hero, VP by source (the core's score components), and the solo success rate by difficulty.

Teams are read from the core's team summary (``TeamDaily`` and its month rollup: each team once per game,
from the generic stat rows' seats), so they cost the same at any archive size; heroes and solo success from
the verified log's stored result and statistics (``eternia-statistics``: ``heroes[i].hero``/``team``),
added up per verdict when it is stored and kept per bucket (``meta_groups``, ``dashboards.verdictgroups``). Cards, rounds and epic combats
(statistics v2) are in ``meta_play``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from dashboards import figures, queries, stats
from dashboards.datasets import RATE_COLUMNS, Column, Dataset, Page, ScoreComponents
from dashboards.filters import MetaFilter
from dashboards.models import TeamDaily
from games.eternia import meta_play
from games.eternia.meta_groups import summed
from games.eternia.names import hero_name, team_name

MAX_HEROES = 6  # FE-2: two teams of three heroes


DIFFICULTY_ORDER = {"beginner": 0, "novice": 1, "advanced": 2, "relentless": 3}  # FE-18, easiest first


def _rate_rows(counts: dict[str, dict], name, f: MetaFilter, total: int) -> list[dict]:
    rows = [
        stats.decorate_rate_row({"key": key, "name": name(key), **c}, total, f.min_games)
        for key, c in counts.items()
    ]
    return sorted(rows, key=lambda r: (-(r["win_rate"] or 0), r["name"]))


class TeamRates(Dataset):
    key = "teams"
    title = _("Win rate by team")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = RATE_COLUMNS
    description = _(
        "Team games and skirmishes (solo games are against the game: see Solo). Each team in each game "
        "counts once, however many players shared it. Win rate = wins ÷ games; bars show the 95% Wilson "
        "interval. Pick rate = the team's games ÷ all teams in the filter."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            # Team games per bucket (TeamDaily, whole months from TeamMonthly): each team once per game.
            grouped = queries.rolled_up(
                TeamDaily, f, ["team"], ("games", "wins", "draws"), where={"solo": False}
            )
            counts = {r["team"]: {"games": r["games"], "wins": r["wins"], "draws": r["draws"],
                                  "losses": r["games"] - r["wins"] - r["draws"]}
                      for r in grouped}  # fmt: skip
            return _rate_rows(counts, team_name, f, sum(c["games"] for c in counts.values()))

        return queries.cached("fe-teams", f, compute)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Win rate by team"))]


class HeroRates(Dataset):
    key = "heroes"
    title = _("Win rate by hero")
    names_pieces = True  # each hero has a page (dashboards.pieces)
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = RATE_COLUMNS
    description = _(
        "Team games and skirmishes: a hero wins when their team wins. Every game a hero took part in "
        "counts once. Bars show the 95% Wilson interval; pick rate = the hero's games ÷ all hero places."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            counts = {
                g["hero"]: {k: g[k] for k in ("games", "wins", "draws", "losses")}
                for g in summed(f, "fe-heroes")
            }
            return _rate_rows(counts, hero_name, f, sum(c["games"] for c in counts.values()))

        return queries.cached("fe-heroes", f, compute)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Win rate by hero"))]


class SoloSuccess(Dataset):
    key = "solo"
    title = _("Solo and co-op success by difficulty")
    columns = (
        Column("name", _("Difficulty"), "text"),
        Column("games", _("Games")),
        Column("wins", _("Won")),
        Column("win_rate", _("Success rate"), "pct"),
        Column("ci_low", _("95% CI low"), "pct"),
        Column("ci_high", _("95% CI high"), "pct"),
    )
    description = _(
        "Games against the game (FE-18), by difficulty: success = the team beat the game. Bars show the "
        "95% Wilson interval."
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        def compute(f: MetaFilter) -> list[dict]:
            counts = {g["difficulty"]: {"games": g["games"], "wins": g["wins"], "draws": 0,
                                        "losses": g["games"] - g["wins"]} for g in summed(f, "fe-solo")}  # fmt: skip
            rows = _rate_rows(
                counts, lambda d: str(d).capitalize(), f, sum(c["games"] for c in counts.values())
            )
            return sorted(rows, key=lambda r: DIFFICULTY_ORDER.get(r["key"], 9))

        return queries.cached("fe-solo", f, compute)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, _("Solo success rate by difficulty"))]


def datasets() -> dict[str, Dataset]:
    found = [
        ScoreComponents("motu-fields-of-eternia"),
        TeamRates(),
        HeroRates(),
        SoloSuccess(),
        *meta_play.datasets(),
    ]
    return {d.key: d for d in found}


PAGES = {
    "overview": Page("overview", _("Overview"), (TeamRates.key, ScoreComponents.key)),
    "heroes": Page("heroes", _("Heroes"), (HeroRates.key,)),
    "solo": Page("solo", _("Solo"), (SoloSuccess.key,)),
    # statistics v2 (meta_play): how the games are played
    "cards": Page("cards", _("Cards"), (meta_play.CardRates.key,)),
    "rounds": Page(
        "rounds",
        _("Rounds"),
        (
            meta_play.VpByRound.key,
            meta_play.VpDayNight.key,
            meta_play.OutpostsByRound.key,
            meta_play.OutpostControl.key,
        ),
    ),
    "combats": Page(
        "combats",
        _("Epic combats"),
        (meta_play.EpicCombats.key, meta_play.EpicCombatFighters.key, meta_play.EpicCombatsDayNight.key),
    ),
}
