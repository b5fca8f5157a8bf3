"""Filters, statistics rows and figures without Django: ``pytest -p no:django tests/dashboards``."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json

import pytest

import games
from dashboards import figures, stats
from dashboards.filters import MetaFilter, parse_filter, rating_band
from dashboards.statrows import StatisticsError, contract_problems
from dashboards.synthetic import SyntheticMeta
from games.battleground import figures as bg_figures
from games.battleground.statrows import game_rows
from games.battleground.synthetic import Side, build_statistics

EVIL_NAME = '<img src=x onerror="alert(1)"><b>Bob</b> & co'


def sample_statistics(**kwargs) -> dict:
    p1 = Side(
        "Alice",
        "masters-of-the-universe",
        ["he-man", "stratos"],
        names={"he-man": "He-Man"},
        weapons={"he-man": [("sword-of-power", "Sword of Power", "melee", 3, 5, 3, 1)]},
        items={"stratos": [("jetpack", "Jet Pack", "trinket", 2)]},
        tests=[("he-man", "attack", "strength", 3, 14, 8, 7.33)],
        vp=(40, 0, 20),
        objectives_claimed=2,
    )
    p2 = Side(EVIL_NAME, "evil-warriors", ["skeletor", "beast-man"], knocked_out={"beast-man": 3})
    return build_statistics(p1, p2, winner="p1", **kwargs)


def test_filter_normalises_to_equal_cache_keys():
    a, errors = parse_filter("motu-battleground", {"from": " 2026-01-01", "event": "Cup ", "min_games": "10"})
    b, _ = parse_filter("motu-battleground", {"event": "Cup", "from": "2026-01-01"})
    assert not errors
    assert a == b and a.cache_key() == b.cache_key()
    assert a.date_from == dt.date(2026, 1, 1) and a.event == "Cup"
    assert a.cache_key() != MetaFilter("motu-battleground").cache_key()
    assert a.query_params() == {"event": "Cup", "from": "2026-01-01"}


def test_filter_errors_keep_defaults():
    f, errors = parse_filter(
        "g",
        {
            "from": "yesterday",
            "rating_band": "1450",
            "simulated": "maybe",
            "min_games": "0",
            "to": "2020-01-01",
        },
    )
    assert set(errors) == {"from", "rating_band", "simulated", "min_games"}
    assert f.date_from is None and f.rating_band is None and f.simulated == "exclude" and f.min_games == 10
    _, errors = parse_filter("g", {"from": "2021-01-01", "to": "2020-01-01"})
    assert "to" in errors


def test_rating_band():
    assert rating_band(None) is None
    assert rating_band(1599.9) == 1400
    assert rating_band(1600) == 1600


def test_game_rows_follow_the_contract():
    rows = game_rows(sample_statistics())
    assert rows.game["winner"] == "p1" and rows.game["rounds_played"] == 4
    p1, p2 = rows.sides
    assert p1.side["result"] == "win" and p2.side["result"] == "loss"
    assert p1.side["first_player"] is True and p2.side["first_player"] is False
    assert [c["character"] for c in p1.characters] == ["he-man", "stratos"]
    assert p1.weapons[0]["wounds"] == 3 and p1.items[0]["uses"] == 2
    assert p1.tests[0]["expected_successes"] == 7.33
    assert p2.characters[1]["knocked_out_round"] == 3
    assert [r["vp"] for r in p1.rounds] == [15, 30, 45, 60]
    assert p2.side["player_name"] == EVIL_NAME  # stored as given; escaped where shown


def test_game_rows_reject_broken_statistics():
    with pytest.raises(StatisticsError):
        game_rows({"game": [], "sides": []})
    stats_ = sample_statistics()
    stats_["characters"][0]["player"] = "p9"
    with pytest.raises(StatisticsError):
        game_rows(stats_)


def test_synthetic_games_are_deterministic_and_follow_each_game_s_schemas():
    """Issue #9: the synthetic meta makes games of every registered game, each by its plugin, in the
    engine's shapes: the generic result's seats and statistics that pass the game's own schema."""
    a = _games(SyntheticMeta(5), 60)
    b = _games(SyntheticMeta(5), 60)
    assert json.dumps([dataclasses.asdict(g) for g in a], default=str) == json.dumps(
        [dataclasses.asdict(g) for g in b], default=str
    )
    assert {g.game for g in a} == set(games.game_ids())
    for game in a:
        assert contract_problems(game.game, game.verdict["statistics"]) == [], game.game
        seats = game.verdict["result"]["seats"]
        assert seats and {s["outcome"] for s in seats} <= {"win", "draw", "loss"}
        names = [p["name"] for p in game.verdict["players"]]
        assert names[0].count(" ") == 2  # the synthetic players' names ("First Last 0042")
        if games.plugin(game.game).side_statistics:  # Battleground's per-side rows
            rows = game_rows(game.verdict["statistics"])
            assert [s.side["player_name"] for s in rows.sides] == names[:2]
            assert {s.side["result"] for s in rows.sides} in ({"win", "loss"}, {"draw"})


def test_a_synthetic_meta_of_chosen_games_makes_only_those():
    made = {g.game for g in _games(SyntheticMeta(2, games=["motu-fields-of-eternia"]), 10)}
    assert made == {"motu-fields-of-eternia"}
    with pytest.raises(ValueError, match="no game"):
        SyntheticMeta(2, games=[])


def _games(generator: SyntheticMeta, n: int) -> list:
    return [generator.game(i) for i in range(n)]


def _rate_rows(name: str) -> list[dict]:
    return [
        stats.decorate_rate_row(
            {"key": "evil", "name": name, "games": 20, "wins": 18, "draws": 0, "losses": 2}, 40
        ),
        stats.decorate_rate_row(
            {"key": "few", "name": "Few", "games": 3, "wins": 1, "draws": 0, "losses": 2}, 40
        ),
    ]


def test_figures_escape_names_and_grey_small_samples():
    fig = figures.win_rate_figure(_rate_rows(EVIL_NAME), "Win rate")
    text = fig.to_json()
    assert "<img" not in text and "<b>Bob" not in text
    assert (
        '&lt;img src=x onerror="alert(1)"&gt;&lt;b&gt;Bob&lt;/b&gt; &amp; co'
        in json.loads(text)["data"][0]["y"]
    )
    bar = fig.data[0]
    few = list(bar.y).index("Few")
    assert bar.marker.color[few] == figures.GREY and bar.text[few] == "too few games"
    # User text never enters a hovertemplate, where %{…} would be interpreted.
    assert "Bob" not in bar.hovertemplate


def test_figure_json_cannot_close_its_script_element():
    fig = figures.win_rate_figure(_rate_rows("</script><script>alert(1)</script>"), "t")
    out = figures.to_json(fig)
    assert "</script>" not in out and "<" not in out
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in json.loads(out)["data"][0]["y"]


def test_every_figure_builder_accepts_empty_rows():
    for build in (bg_figures.vp_by_round_figure, figures.game_length_figure, bg_figures.knockout_timing_figure,
                  bg_figures.weapon_types_figure, bg_figures.objectives_by_map_figure, figures.initiative_figure,
                  bg_figures.vp_sources_figure, figures.balance_figure):  # fmt: skip
        assert build([], "t").layout.title.text == "t"
    assert figures.pick_rate_figure([], "t", "sides").layout.title.text == "t"
    assert figures.trend_figure([], "t", "month").layout.title.text == "t"


def test_trend_figure_greys_small_months():
    rows = [
        {**r, "month": month} for month in ("2026-01", "2026-02") for r in _rate_rows("Evil <i>Warriors</i>")
    ]
    fig = figures.trend_figure(rows, "t", "month")
    assert len(fig.data) == 2
    few = next(t for t in fig.data if t.name == "Few")
    assert list(few.marker.color) == [figures.GREY, figures.GREY]
    assert "Evil &lt;i&gt;Warriors&lt;/i&gt;" in {t.name for t in fig.data}
