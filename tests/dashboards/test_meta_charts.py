"""Charts that carry information (issue #13): no pick-rate chart when the pick rate is fixed by
construction, pairs capped to a readable top N, labelled balance outliers, month trends with gaps,
events in the order they were played, and the matchup heatmap. Pure: no database."""

from __future__ import annotations

import pytest

from dashboards import figures, stats


def rate_row(key: str, games: int, wins: int, total_sides: int, min_games: int = 10, **extra) -> dict:
    row = {"key": key, "name": key.title(), "games": games, "wins": wins, "draws": 0, "losses": games - wins}
    return {**stats.decorate_rate_row(row, total_sides, min_games), "total_sides": total_sides, **extra}


def test_pick_rate_of_two_factions_one_per_game_is_constant():
    # 40 games, one side of each faction in every game: both are picked by exactly half the sides.
    rows = [rate_row("motu", 40, 22, 80), rate_row("evil", 40, 18, 80)]
    assert figures.constant_pick_rate(rows) == pytest.approx(0.5)
    rows[0] = rate_row("motu", 44, 22, 88)  # mirrors make the shares differ: then it informs
    rows[1] = rate_row("evil", 44, 18, 88)
    assert figures.constant_pick_rate(rows) == pytest.approx(0.5)
    uneven = [rate_row("motu", 50, 22, 80), rate_row("evil", 30, 18, 80)]
    assert figures.constant_pick_rate(uneven) is None
    assert figures.constant_pick_rate([rate_row("motu", 40, 20, 40)]) is None  # one entry: nothing to compare


def test_win_rate_chart_keeps_the_top_n_by_games_and_says_so():
    rows = [rate_row(f"pair-{i:03d}", 5 + i, 2 + i // 2, 2000) for i in range(150)]
    fig = figures.win_rate_figure(rows, "Win rate by pair", limit=20)
    bar = fig.data[0]
    assert len(bar.y) == 20
    # The 20 kept are the 20 with most games (keys 130..149), whatever their win rate.
    assert {c[1] for c in bar.customdata} == set(range(135, 155))
    assert "20 with most games, of 150" in fig.layout.title.text
    assert fig.layout.height < 800  # not a 3,700 px wall of bars
    assert len(figures.win_rate_figure(rows, "all").data[0].y) == 150


def test_balance_scatter_names_the_most_significant_entries():
    rows = [{**rate_row(f"e{i}", 100, 50 + i, 200), "dimension": "characters"} for i in range(20)]
    fig = figures.balance_figure(rows, "t")
    labelled = [t for trace in fig.data for t in trace.text if t]
    assert len(labelled) == figures.BALANCE_LABELS
    # The most lopsided records (lowest p-values) are the ones named.
    assert {"E19", "E18", "E12"} <= set(labelled) and "E0" not in labelled
    assert all(trace.mode == "markers+text" for trace in fig.data)


def test_balance_scatter_points_link_to_character_pages():
    rows = [{**rate_row("he-man", 100, 70, 200), "dimension": "characters"},
            {**rate_row("motu", 100, 30, 200), "dimension": "factions"}]  # fmt: skip
    fig = figures.balance_figure(rows, "t", {"characters:he-man": "/meta/g/characters/he-man/"})
    links = [link for trace in fig.data for link in trace.meta["links"]]
    assert sorted(links, key=str) == ["/meta/g/characters/he-man/", None]


def test_months_between_counts_every_month_across_a_year_end():
    assert stats.months_between("2025-11", "2026-02") == ["2025-11", "2025-12", "2026-01", "2026-02"]
    assert stats.months_between("2026-03-01", "2026-03-31") == ["2026-03"]


def test_month_trend_shows_a_month_without_games_as_a_gap():
    rows = [{**rate_row("motu", 20, 10, 40), "month": m} for m in ("2026-01", "2026-04")]
    fig = figures.trend_figure(rows, "t", "month")
    (trace,) = fig.data
    assert list(trace.x) == ["2026-01", "2026-02", "2026-03", "2026-04"]
    assert list(trace.y) == [0.5, None, None, 0.5]
    assert trace.connectgaps is False
    assert list(fig.layout.xaxis.categoryarray) == ["2026-01", "2026-02", "2026-03", "2026-04"]


def test_event_trend_orders_events_by_date_not_name():
    rows = [
        {**rate_row("motu", 20, 10, 40), "event": "Autumn Open", "event_date": "2026-09-01"},
        {**rate_row("motu", 20, 12, 40), "event": "Zodak Cup", "event_date": "2026-01-10"},
        {**rate_row("motu", 20, 8, 40), "event": "Moss Man Masters", "event_date": "2026-05-02"},
    ]
    fig = figures.trend_figure(rows, "t", "event")
    assert list(fig.layout.xaxis.categoryarray) == ["Zodak Cup", "Moss Man Masters", "Autumn Open"]
    assert list(fig.data[0].x) == ["Zodak Cup", "Moss Man Masters", "Autumn Open"]
    assert list(fig.data[0].y) == [0.6, 0.4, 0.5]


def cell(row, col, games, wins, min_games=3):
    r = {"key": f"{row}|{col}", "row": row, "row_name": row.title(), "col": col, "col_name": col.title(),
         "games": games, "wins": wins, "draws": 0, "losses": games - wins}  # fmt: skip
    return stats.decorate_rate_row(r, 0, min_games)


def test_matchup_heatmap_greys_small_cells_and_carries_counts_and_intervals():
    rows = [cell("a", "b", 10, 7), cell("b", "a", 10, 3), cell("a", "a", 6, 3), cell("b", "b", 2, 1)]
    fig = figures.matchup_figure(rows, "t")
    heat = fig.data[0]
    assert list(heat.x) == ["A", "B"] and list(heat.y) == ["A", "B"]  # most games first
    assert heat.z[0][1] == pytest.approx(0.7) and heat.z[1][0] == pytest.approx(0.3)
    assert heat.z[1][1] is None and heat.text[1][1] == "(2)"  # too few games: no colour, count kept
    assert heat.z[0][0] == pytest.approx(0.5)
    assert heat.text[0][1] == "70%<br>10"
    low, high = stats.wilson_interval(7, 10)
    assert heat.customdata[0][1][2:8] == [10, 7, 0, 3, pytest.approx(low), pytest.approx(high)]
    assert fig.layout.width >= 2 * figures.MATRIX_CELL


def test_matchup_heatmap_escapes_names():
    rows = [{**cell("x", "y", 10, 5), "row_name": "<b>X</b>", "col_name": "<i>Y</i>"}]
    heat = figures.matchup_figure(rows, "t").data[0]
    assert "&lt;b&gt;X&lt;/b&gt;" in heat.y and "&lt;i&gt;Y&lt;/i&gt;" in heat.x


def test_best_and_worst_matchups_never_name_one_twice_nor_a_small_sample():
    from dashboards.pieces import best_and_worst

    rows = [cell("x", c, 10, w) for c, w in zip("abcdefg", (9, 8, 7, 5, 3, 2, 1), strict=True)]
    rows.append(cell("x", "tiny", 2, 2))  # 100% over 2 games: too few to be "best"
    best, worst = best_and_worst(rows, shown=5)
    assert [r["col"] for r in best] == ["a", "b", "c", "d"]
    assert [r["col"] for r in worst] == ["g", "f", "e"]
    best, worst = best_and_worst(rows, shown=2)
    assert [r["col"] for r in best] == ["a", "b"] and [r["col"] for r in worst] == ["g", "f"]
