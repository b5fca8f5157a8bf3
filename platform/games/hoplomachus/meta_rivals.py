"""Hoplomachus' rival difficulty and tactic win rates, from statistics version 3: the immortals and the titan the
players faced (``rivals``) and the tactic cards each troop played (``tactics``).

Rival difficulty: in Assault and Ascension the players win or lose together against the game (HR-13, HR-14). A rival's
game is one verified game it appeared in (an immortal that entered the arena, HR-13.10.2; the titan chosen,
HR-14.2.3); its row is the players' win rate in those games with its Wilson interval, the players' mean score (the
result's seat score: immortals defeated in Assault, HR-13.1.2; the crowd favour of the shared track in Ascension,
HR-14.7.3) and how often the rival itself was defeated.

Tactics: a tactic's game is one troop that played it (HR-8.5.1) in one verified game, won when that troop's seat
won, as for units (``meta_units``).

The blocks are lists of varying length, so, as in ``meta_units``, each verdict's groups are added up in Python when
it is stored and kept per bucket (``meta_groups``, ``dashboards.verdictgroups``). Version-2 verdicts have neither block and
count for nothing here until they are verified again.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from dashboards import figures, stats
from dashboards.datasets import RATE_COLUMNS, Column, Dataset, lazy_text
from dashboards.filters import MetaFilter
from games.hoplomachus.meta_groups import summed
from games.hoplomachus.meta_units import tally
from games.hoplomachus.names import MODES, mode_name, tactic_name, unit_name, with_mode_and_arena

MODE_ORDER = {mode: i for i, mode in enumerate(MODES)}


def rival_groups(f: MetaFilter) -> list[dict]:
    """Rival appearances grouped by (rival, kind, mode, arena): games, players' wins, score summed over the games
    with a score (each game's mean seat score), and times the rival was defeated."""
    return [
        {k: v for k, v in g.items() if k != "score12"} | {"score": g["score12"] / 12}
        for g in summed(f, "hr-rivals")
    ]


RIVAL_COLUMNS = (
    Column("name", _("Rival · mode"), "text"),
    Column("games", _("Games")),
    Column("wins", _("Players won")),
    Column("win_rate", _("Players' win rate"), "pct"),
    Column("ci_low", _("95% CI low"), "pct"),
    Column("ci_high", _("95% CI high"), "pct"),
    Column("mean_score", _("Players' mean score"), "float"),
    Column("defeat_rate", _("Rival defeated"), "pct"),
)


class _RivalRates(Dataset):
    kind: str
    noun: str

    def rows(self, f: MetaFilter) -> list[dict]:
        counts: dict[tuple, dict] = {}
        for g in rival_groups(f):
            if g["kind"] != self.kind:
                continue
            c = counts.setdefault((g["rival"], g["mode"]),
                                  {"games": 0, "wins": 0, "score": 0.0, "scored": 0, "defeated": 0})  # fmt: skip
            for name in c:
                c[name] += g[name]
        rows = []
        for (rival, mode), c in counts.items():
            interval = stats.wilson_interval(c["wins"], c["games"])
            rows.append({
                "key": f"{rival}/{mode}", "name": f"{unit_name(rival)} · {mode_name(mode)}", "rival": rival,
                "mode": mode, "games": c["games"], "wins": c["wins"], "draws": 0, "losses": c["games"] - c["wins"],
                "win_rate": stats.win_rate(c["wins"], c["games"]),
                "ci_low": interval[0] if interval else None, "ci_high": interval[1] if interval else None,
                "mean_score": stats.rate(c["score"], c["scored"]), "defeated": c["defeated"],
                "defeat_rate": stats.rate(c["defeated"], c["games"]),
                "too_few_games": stats.too_few_games(c["games"], f.min_games),
            })  # fmt: skip
        return sorted(rows, key=lambda r: (r["win_rate"] if r["win_rate"] is not None else 2, r["name"]))

    def figures(self, rows, f):
        title = {
            "titan": _("Players' win rate against each titan"),
            "immortal": _("Players' win rate against each immortal"),
        }.get(self.noun, self.noun)
        return [figures.win_rate_figure(rows, str(title), limit=30)]


class TitanRates(_RivalRates):
    key = "titans"
    kind = "titan"
    noun = "titan"
    title = _("Rival difficulty: the titans")
    columns = RIVAL_COLUMNS
    description = _(
        "Ascension (HR-14): each titan the players chose (HR-14.2.3), over the games against it. Players' win rate "
        "= games the players defeated the titan ÷ games (HR-14.1.2), with the 95% Wilson interval; the hardest "
        "titan is listed first. Mean score = the players' crowd favour at the end (the shared track, HR-14.7.3). "
        "Bars are greyed below the minimum number of games."
    )


class ImmortalRates(_RivalRates):
    key = "immortals"
    kind = "immortal"
    noun = "immortal"
    title = _("Rival difficulty: the immortals")
    columns = RIVAL_COLUMNS
    description = _(
        "Assault (HR-13): each immortal over the games it entered the arena in (drawn at a wave's start, "
        "HR-13.10.2). Players' win rate = those games the players won ÷ games, with the 95% Wilson interval; mean "
        "score = immortals the players defeated in those games (HR-13.1.2); rival defeated = games in which this "
        "immortal became a trophy (HR-13.11.3). An immortal drawn in a later wave is met only by players who beat "
        "the ones before it, so later draws look easier than they are; the hardest immortal is listed first."
    )


def tactic_groups(f: MetaFilter) -> list[dict]:
    """Tactic games grouped by (tactic, mode, arena, outcome): games (troops that played it) and times played."""
    return summed(f, "hr-tactics")


def _tactic_tally(groups: list[dict], key, name, f: MetaFilter) -> list[dict]:
    return tally(groups, key, name, f, counters=("played",),
                 derived=lambda c: {"played_per_game": stats.rate(c["played"], c["games"])})  # fmt: skip


TACTIC_COLUMNS = (
    *RATE_COLUMNS[:-1],
    Column("played_per_game", _("Played / game"), "float"),
    RATE_COLUMNS[-1],
)
TACTIC_TERMS = _(
    "A tactic's game is one troop that played it (HR-8.5.1) in one verified game; it wins when that troop's player "
    "wins (the team in Alliance; the players against the game in Assault and Ascension). Bars show the Wilson 95% "
    "interval; the balance mark compares with 50%, which is fair only for two-sided games. Played / game counts a "
    "tactic returned to the camp and played again (HR-4.3.2). Pick rate = the tactic's games ÷ all tactic games in "
    "the filter. Names come from the default content pack, whose unprinted tactics are provisional."
)


class TacticRates(Dataset):
    key = "tactics"
    title = _("Win rate by tactic")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = TACTIC_COLUMNS
    description = lazy_text(
        _("Every tactic the players' troops played, over every mode. %(terms)s"), terms=TACTIC_TERMS
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        return _tactic_tally(tactic_groups(f), lambda g: g["tactic"], tactic_name, f)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, self.title, limit=30)]


class TacticModeRates(Dataset):
    key = "tactic-modes"
    title = _("Win rate by tactic, per mode and arena")
    test = stats.BALANCE_TEST_DESCRIPTION
    columns = TACTIC_COLUMNS
    description = lazy_text(
        _("One row per tactic in each mode and arena it was played in (HR-12). %(terms)s"), terms=TACTIC_TERMS
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        key = lambda g: (g["tactic"], g["mode"], g["arena"])  # noqa: E731
        return _tactic_tally(tactic_groups(f), key, with_mode_and_arena(tactic_name), f)

    def figures(self, rows, f):
        return [figures.win_rate_figure(rows, self.title, limit=30)]
