"""Hoplomachus' dice luck, from statistics version 3's ``dice`` rows (attack dice rolled per troop and colour, with
the hits the pack's faces give on average, HR-8.8.3, HR-2.6.1), as Battleground's dice luck: recorded games only
(seeded dice are fair by construction), observed hits against expected with a z-test (``stats.dice_luck``).

Per colour, every die rolled counts, the rival troops' too (the players roll them at the table): no one is named,
so private logs count as in every anonymous aggregate. Per player, as Battleground's public page: each player's
z-score over all their troops' dice, counted per band with no names, from public games only (``visibility``), and
nothing shown below ``stats.MIN_PLAYERS_FOR_DISTRIBUTION`` players tested.

Named, as Battleground's: staff list every player's dice luck overall and per colour, from public games only
(``player_luck``, ``GET /api/meta/hoplomachus-remastered/dice-luck/players/``), and a player sees their own on their
profile, over the games of theirs they may open (``own_dice``).
"""

from __future__ import annotations

from functools import reduce
from operator import or_

import plotly.graph_objects as go
from django.db import connection
from django.db.models import Q, QuerySet
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from dashboards import figures, queries, stats, verdictgroups
from dashboards.datasets import Column, Dataset, lazy_text
from dashboards.filters import MetaFilter
from gamelogs.models import GameLog
from games.hoplomachus.meta_groups import expected_e4, summed

COLOURS = ("yellow", "blue", "green", "black", "red")  # HR-2.6.1, fewest hit faces first
COLOUR_NAMES = {
    "yellow": pgettext_lazy("die colour", "Yellow"),
    "blue": pgettext_lazy("die colour", "Blue"),
    "green": pgettext_lazy("die colour", "Green"),
    "black": pgettext_lazy("die colour", "Black"),
    "red": pgettext_lazy("die colour", "Red"),
}
COLOUR_HEX = {
    "yellow": "#e0c030",
    "blue": "#3b6ea5",
    "green": "#3fa34d",
    "black": "#333333",
    "red": "#d9534f",
}
ROLLS = _(
    "attacks and Specials (HR-8.8.3, HR-8.8.4), the immortal's roll (HR-13.10.3) and the titan's dice (HR-14.8.4)"
)


def colour_counts(f: MetaFilter) -> dict[str, dict]:
    """Recorded dice per colour: dice, hits and expected hits summed over every troop of every game in ``f``."""
    return {
        g["colour"]: {"dice": g["dice"], "hits": g["hits"], "expected": g["expected_e4"] / 10_000}
        for g in summed(f, "hr-dice-colours")
    }


class DiceColours(Dataset):
    key = "dice-colours"
    title = _("Dice luck by colour")
    test = stats.DICE_TEST_DESCRIPTION
    columns = (
        Column("name", _("Colour"), "text"),
        Column("dice", _("Dice rolled")),
        Column("hits", _("Hits")),
        Column("expected", _("Expected hits"), "float"),
        Column("hit_rate", _("Hit rate"), "pct"),
        Column("expected_rate", _("Expected rate"), "pct"),
        Column("ci_low", _("95% CI low"), "pct"),
        Column("ci_high", _("95% CI high"), "pct"),
        Column("z", _("z"), "float"),
        Column("luck", _("Luck"), "text"),
    )
    description = lazy_text(
        _(
            "Every attack die of each colour rolled in recorded games (the players rolled real dice and entered them; "
            "seeded games are fair by construction and left out): %(rolls)s, by the players' and the rival troops. "
            "Expected hits = the colour's hit faces ÷ the die's faces in the content pack (HR-2.6.1), per die. Every "
            "die of a colour has the same chance, so hits ÷ dice carries a 95%% Wilson interval, and the z-test "
            "compares hits with expected. A colour with fewer than 30 dice is not tested."
        ),
        rolls=ROLLS,
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        counts = colour_counts(f)
        rows = []
        for colour in COLOURS:
            c = counts.get(colour)
            if not c or not c["dice"]:
                continue
            luck = stats.dice_luck(c["dice"], c["hits"], c["expected"])
            interval = stats.wilson_interval(c["hits"], c["dice"])
            rows.append({
                "key": colour, "name": str(COLOUR_NAMES.get(colour, colour.capitalize())), "dice": c["dice"], "hits": c["hits"],
                "expected": round(c["expected"], 4), "difference": round(luck.difference, 4),
                "hit_rate": stats.rate(c["hits"], c["dice"]), "expected_rate": stats.rate(c["expected"], c["dice"]),
                "ci_low": interval[0] if interval else None, "ci_high": interval[1] if interval else None,
                "z": luck.z, "p_value": luck.flag.p_value, "luck": luck.flag.label, "luck_grade": luck.flag.grade,
                "luck_direction": luck.flag.direction,
            })  # fmt: skip
        return rows

    def figures(self, rows, f):
        labels = [r["name"] for r in rows]
        fig = go.Figure()
        fig.add_bar(
            x=labels, y=[r["hit_rate"] for r in rows], name=gettext("hit rate rolled"),
            marker={"color": [COLOUR_HEX[r["key"]] for r in rows], "line": {"color": "#555", "width": 1}},
            error_y={"type": "data", "symmetric": False, "color": "#555", "thickness": 1.2,
                     "array": [r["ci_high"] - r["hit_rate"] for r in rows],
                     "arrayminus": [r["hit_rate"] - r["ci_low"] for r in rows]},
            customdata=[[r["hits"], r["dice"], figures.esc(r["luck"])] for r in rows],
            hovertemplate="%{x}: %{y:.1%} ("
                          + gettext("%(hits)s hits of %(dice)s dice") % {"hits": "%{customdata[0]}", "dice": "%{customdata[1]}"}
                          + ")<br>%{customdata[2]}<extra></extra>",
        )  # fmt: skip
        fig.add_scatter(
            x=labels, y=[r["expected_rate"] for r in rows], mode="markers", name=gettext("the pack's faces"),
            marker={"symbol": "line-ew-open", "size": 28, "color": "#c0392b", "line": {"width": 3}},
            hovertemplate="%{x}: " + gettext("%(rate)s expected") % {"rate": "%{y:.1%}"} + "<extra></extra>",
        )  # fmt: skip
        fig.update_yaxes(range=[0, 1], tickformat=".0%", title=gettext("hits ÷ dice · red: expected"))
        return [figures._layout(fig, gettext("Hit rate by die colour, against the pack's faces"), height=380,
                                legend={"orientation": "h", "y": -0.2})]  # fmt: skip


def _add(totals: dict, colour: str, r: dict) -> None:
    c = totals.setdefault(colour, [0, 0, 0])
    c[0] += int(r.get("dice") or 0)
    c[1] += int(r.get("hits") or 0)
    c[2] += expected_e4(r)


def _own_rows(dice: list, seats: set) -> list[dict]:
    """The rows of ``dice`` (a verdict's block) that ``seats`` rolled with a colour of the pack."""
    return [
        r for r in dice if isinstance(r, dict) and r.get("player") in seats and r.get("colour") in COLOURS
    ]


def _luck(dice: int, hits: int, expected_e4: int) -> dict:
    """Dice luck of ``dice`` rolled with ``hits`` against ``expected_e4`` ten-thousandths of a hit expected: the
    integer sums divided once, so a total is the same whatever order its parts were added in."""
    luck = stats.dice_luck(dice, hits, expected_e4 / 10_000)
    return {
        "dice": luck.dice, "successes": luck.successes, "expected": round(luck.expected, 4),
        "difference": round(luck.difference, 4), "ratio": luck.ratio, "z": luck.z, "p_value": luck.flag.p_value,
        "luck": luck.flag.label, "luck_grade": luck.flag.grade, "luck_direction": luck.flag.direction,
    }  # fmt: skip


def luck_row(totals: dict[str, list]) -> dict:
    """One player's dice luck from {colour: [dice, hits, expected hits in ten-thousandths]}: over all colours in Battleground's keys
    (``successes`` are hits), and per colour ``<colour>_dice``, ``_successes``, ``_expected``, ``_z``, ``_luck``
    for each of the five colours (0 dice and no z for a colour not rolled), each colour with its own z-test (its
    dice all have the same chance)."""
    row = _luck(*(sum(c[i] for c in totals.values()) for i in range(3)))
    for colour in COLOURS:
        each = _luck(*totals.get(colour, (0, 0, 0)))
        row.update({f"{colour}_{k}": each[k] for k in ("dice", "successes", "expected", "z", "luck")})
    return row


def player_luck(f: MetaFilter, names: list[str] | None = None) -> list[dict]:
    """Recorded dice per player name (the players' own troops; rival dice have no player), public games only: one
    :func:`luck_row` per name with ``key``, ``name`` and the ``games`` they rolled in, most dice first (then by name);
    with ``names``, the rows of those names only (a page of :func:`player_order`). It names people: staff only (the
    staff API, as Battleground's ``queries.dice_luck``); public pages show :class:`DiceLuck`.

    From the public-only grouping ``hr-dice-players`` ((name, colour) → dice, hits, expected hits in ten-thousandths,
    and (name, "") → games), which a log made public or private joins or leaves at once
    (``dashboards.summaries.publicity_changed``); read as sums by key, not as group rows in key order, since the
    table is sorted by dice anyway."""

    def compute(f: MetaFilter, keys: list[tuple] | None = None) -> list[dict]:
        per: dict[str, dict] = {}
        games: dict[str, int] = {}
        for (name, colour), (dice, hits, e4) in verdictgroups.totals(f, "hr-dice-players", keys).items():
            if colour == "":
                games[name] = dice
            elif dice or hits or e4:  # a colour rolled in public games
                per.setdefault(name, {})[colour] = [dice, hits, e4]
        out = [
            {"key": name, "name": name, "games": played, **luck_row(per.get(name, {}))}
            for name, played in games.items()
            if played  # a name whose every game is private is not there
        ]
        return sorted(out, key=lambda r: (-r["dice"], r["key"]))

    if names is not None:
        return compute(f, [(name, colour) for name in names for colour in ("", *COLOURS)]) if names else []
    return queries.cached("hr-dice-luck-by-player", f, compute)


def player_order(f: MetaFilter) -> list[str]:
    """The names :func:`player_luck` lists, in its order, without testing anyone's dice: from each name's sums over
    every colour (``hr-dice-player-totals``), so that staff can page through the table or look a name up at any size
    (a million games name about a hundred thousand players; testing them all takes seconds)."""

    def compute(f: MetaFilter) -> list[str]:
        totals = verdictgroups.totals(f, "hr-dice-player-totals")
        listed = sorted((-dice, name) for (name,), (games, dice, _hits, _e4) in totals.items() if games)
        return [name for _dice, name in listed]

    return queries.cached("hr-dice-luck-order", f, compute)


def player_zs(f: MetaFilter) -> tuple[list[float], int]:
    """The z-scores of the players :func:`player_luck` tests (over all colours), and how many players it lists: the
    same figures, from each name's sums over every colour (``hr-dice-player-totals``: a row per name where the named
    table reads one per colour), without the per-colour tests the unnamed distribution does not show."""

    def compute(f: MetaFilter) -> tuple[list[float], int]:
        # (games, dice, hits, expected hits in ten-thousandths) per name, unordered: no name is shown.
        players = [sums for sums in verdictgroups.totals(f, "hr-dice-player-totals").values() if sums[0]]
        zs = []
        for _games, dice, hits, e4 in players:
            z = stats.dice_z(dice, hits, e4 / 10_000)
            if z is not None:
                zs.append(z)
        return zs, len(players)

    return queries.cached("hr-dice-luck-z", f, compute)


def own_dice(names: list[str], games: QuerySet) -> dict:
    """The recorded dice of the troops played under any of ``names`` in ``games`` (GameStat rows the viewer may
    see, chosen by the caller): over all colours and in ``colours``, one entry per colour rolled, with the
    ``games`` counted. For the player themself only (their profile): never on a public page."""
    wanted = set(names)
    logs = GameLog.objects.filter(
        meta_stat__in=games,
        verdict__statistics__has_key="dice",
        verdict__statistics__game__0__randomness="recorded",
    )
    if not wanted:
        logs = logs.none()
    elif connection.features.supports_json_field_contains:  # else the names are matched below, in Python
        logs = logs.filter(reduce(or_, (Q(verdict__players__contains=[{"name": n}]) for n in sorted(wanted))))
    totals: dict[str, list] = {}
    played = 0
    for dice, players in logs.values_list("verdict__statistics__dice", "verdict__players").iterator(
        chunk_size=500
    ):
        seats = {p.get("id") for p in players or [] if isinstance(p, dict) and p.get("name") in wanted}
        rows = _own_rows(dice if isinstance(dice, list) else [], seats)
        for r in rows:
            _add(totals, r["colour"], r)
        played += bool(rows)
    colours = [{"colour": c, "name": c.capitalize(), **_luck(*totals[c])} for c in COLOURS if c in totals]
    return {"games": played, "success_word": "hits", **_luck(*(sum(c[i] for c in totals.values()) for i in range(3))),
            "colours": colours}  # fmt: skip


class DiceLuck(Dataset):
    """Dice luck across players, unnamed: a public page never labels a person lucky or unlucky."""

    key = "dice-luck"
    title = _("Dice luck across players")
    test = stats.DICE_TEST_DESCRIPTION
    description = lazy_text(
        _(
            "How far each player's recorded attack dice (all colours, their troops' rolls only; seeded games are left "
            "out) sit from what the pack's faces give, as a z-score, counted per band with no names, beside what fair "
            "dice would give. Public games only. Players with fewer than 30 dice are not tested; with fewer than "
            "%(players)s players tested nothing is shown."
        ),
        players=stats.MIN_PLAYERS_FOR_DISTRIBUTION,
    )
    columns = (
        Column("name", _("z-score"), "text"),
        Column("players", _("Players")),
        Column("share", _("Share"), "pct"),
        Column("expected_share", _("Fair dice"), "pct"),
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        zs, players = player_zs(f)
        if len(zs) < stats.MIN_PLAYERS_FOR_DISTRIBUTION:
            return []
        return [*stats.z_distribution(zs),
                {"key": "not tested", "name": gettext("not tested (too few dice)"), "low": None, "high": None,
                 "players": players - len(zs), "share": None, "expected_share": None, "expected_players": None}]  # fmt: skip

    def figures(self, rows, f):
        return [figures.dice_luck_distribution_figure(rows, _("Players by dice luck"))]
