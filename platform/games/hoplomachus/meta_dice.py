"""Hoplomachus' dice luck, from statistics version 3's ``dice`` rows (attack dice rolled per troop and colour, with
the hits the pack's faces give on average, HR-8.8.3, HR-2.6.1), as Battleground's dice luck: recorded games only
(seeded dice are fair by construction), observed hits against expected with a z-test (``stats.dice_luck``).

Per colour, every die rolled counts, the rival troops' too (the players roll them at the table): no one is named,
so private logs count as in every anonymous aggregate. Per player, as Battleground's public page: each player's
z-score over all their troops' dice, counted per band with no names, from public games only (``visibility``), and
nothing shown below ``stats.MIN_PLAYERS_FOR_DISTRIBUTION`` players tested.
"""

from __future__ import annotations

import plotly.graph_objects as go

from dashboards import figures, queries, stats
from dashboards.datasets import Column, Dataset
from dashboards.filters import MetaFilter
from games.hoplomachus.meta_rivals import verdict_blocks

COLOURS = ("yellow", "blue", "green", "black", "red")  # HR-2.6.1, fewest hit faces first
COLOUR_HEX = {
    "yellow": "#e0c030",
    "blue": "#3b6ea5",
    "green": "#3fa34d",
    "black": "#333333",
    "red": "#d9534f",
}
ROLLS = "attacks and Specials (HR-8.8.3, HR-8.8.4), the immortal's roll (HR-13.10.3) and the titan's dice (HR-14.8.4)"


def colour_counts(f: MetaFilter) -> dict[str, dict]:
    """Recorded dice per colour: dice, hits and expected hits summed over every troop of every game in ``f``."""

    def compute(f: MetaFilter) -> dict[str, dict]:
        out: dict[str, dict] = {}
        for dice, *_ in verdict_blocks(f, "dice", recorded=True):
            for r in dice:
                if isinstance(r, dict) and r.get("colour") in COLOURS:
                    c = out.setdefault(r["colour"], {"dice": 0, "hits": 0, "expected": 0.0})
                    c["dice"] += int(r.get("dice") or 0)
                    c["hits"] += int(r.get("hits") or 0)
                    c["expected"] += float(r.get("expected_hits") or 0)
        return out

    return queries.cached("hr-dice-colours", f, compute)


class DiceColours(Dataset):
    key = "dice-colours"
    title = "Dice luck by colour"
    test = stats.DICE_TEST_DESCRIPTION
    columns = (
        Column("name", "Colour", "text"),
        Column("dice", "Dice rolled"),
        Column("hits", "Hits"),
        Column("expected", "Expected hits", "float"),
        Column("hit_rate", "Hit rate", "pct"),
        Column("expected_rate", "Expected rate", "pct"),
        Column("ci_low", "95% CI low", "pct"),
        Column("ci_high", "95% CI high", "pct"),
        Column("z", "z", "float"),
        Column("luck", "Luck", "text"),
    )
    description = (
        "Every attack die of each colour rolled in recorded games (the players rolled real dice and entered them; "
        f"seeded games are fair by construction and left out): {ROLLS}, by the players' and the rival troops. "
        "Expected hits = the colour's hit faces ÷ the die's faces in the content pack (HR-2.6.1), per die. Every "
        "die of a colour has the same chance, so hits ÷ dice carries a Wilson 95% interval, and the z-test compares "
        "hits with expected. A colour with fewer than 30 dice is not tested."
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
                "key": colour, "name": colour.capitalize(), "dice": c["dice"], "hits": c["hits"],
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
            x=labels, y=[r["hit_rate"] for r in rows], name="hit rate rolled",
            marker={"color": [COLOUR_HEX[r["key"]] for r in rows], "line": {"color": "#555", "width": 1}},
            error_y={"type": "data", "symmetric": False, "color": "#555", "thickness": 1.2,
                     "array": [r["ci_high"] - r["hit_rate"] for r in rows],
                     "arrayminus": [r["hit_rate"] - r["ci_low"] for r in rows]},
            customdata=[[r["hits"], r["dice"], figures.esc(r["luck"])] for r in rows],
            hovertemplate="%{x}: %{y:.1%} (%{customdata[0]} hits of %{customdata[1]} dice)<br>%{customdata[2]}"
                          "<extra></extra>",
        )  # fmt: skip
        fig.add_scatter(
            x=labels, y=[r["expected_rate"] for r in rows], mode="markers", name="the pack's faces",
            marker={"symbol": "line-ew-open", "size": 28, "color": "#c0392b", "line": {"width": 3}},
            hovertemplate="%{x}: %{y:.1%} expected<extra></extra>",
        )  # fmt: skip
        fig.update_yaxes(range=[0, 1], tickformat=".0%", title="hits ÷ dice · red: expected")
        return [figures._layout(fig, "Hit rate by die colour, against the pack's faces", height=380,
                                legend={"orientation": "h", "y": -0.2})]  # fmt: skip


def player_luck(f: MetaFilter) -> list[dict]:
    """Recorded dice per player name (the players' own troops; rival dice have no player), public games only."""

    def compute(f: MetaFilter) -> list[dict]:
        per: dict[str, list] = {}
        for dice, _, _, _, _, players in verdict_blocks(f, "dice", public=True, recorded=True):
            names = {p.get("id"): p.get("name") for p in players if isinstance(p, dict)}
            for r in dice:
                name = names.get(r.get("player")) if isinstance(r, dict) else None
                if name:
                    c = per.setdefault(str(name), [0, 0, 0.0])
                    c[0] += int(r.get("dice") or 0)
                    c[1] += int(r.get("hits") or 0)
                    c[2] += float(r.get("expected_hits") or 0)
        return [{"name": k, "z": stats.dice_luck(d, h, e).z} for k, (d, h, e) in sorted(per.items())]

    return queries.cached("hr-dice-players", f, compute)


class DiceLuck(Dataset):
    """Dice luck across players, unnamed: a public page never labels a person lucky or unlucky."""

    key = "dice-luck"
    title = "Dice luck across players"
    test = stats.DICE_TEST_DESCRIPTION
    description = (
        "How far each player's recorded attack dice (all colours, their troops' rolls only; seeded games are left "
        "out) sit from what the pack's faces give, as a z-score, counted per band with no names, beside what fair "
        "dice would give. Public games only. Players with fewer than 30 dice are not tested; with fewer than "
        f"{stats.MIN_PLAYERS_FOR_DISTRIBUTION} players tested nothing is shown."
    )
    columns = (
        Column("name", "z-score", "text"),
        Column("players", "Players"),
        Column("share", "Share", "pct"),
        Column("expected_share", "Fair dice", "pct"),
    )

    def rows(self, f: MetaFilter) -> list[dict]:
        named = player_luck(f)
        zs = [r["z"] for r in named if r["z"] is not None]
        if len(zs) < stats.MIN_PLAYERS_FOR_DISTRIBUTION:
            return []
        return [*stats.z_distribution(zs),
                {"key": "not tested", "name": "not tested (too few dice)", "low": None, "high": None,
                 "players": len(named) - len(zs), "share": None, "expected_share": None, "expected_players": None}]  # fmt: skip

    def figures(self, rows, f):
        return [figures.dice_luck_distribution_figure(rows, "Players by dice luck")]
