"""Issue #9: ``load_synthetic_meta`` makes games of every registered game, each by its plugin, and
stores each as a verified log of that game would be stored: per-side rows only for a game that keeps
them (Battleground), the generic result's seats and score components for every game; ``--replace``
removes them all again."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

import games
from dashboards import models as m
from dashboards.datasets import datasets_for
from dashboards.filters import MetaFilter
from games.battleground import models as bg

pytestmark = pytest.mark.django_db


def load(**options) -> None:
    call_command("load_synthetic_meta", games=80, seed=3, stdout=io.StringIO(), **options)


def test_every_registered_game_is_loaded_as_its_logs_would_be():
    load()
    stats = m.GameStat.objects.all()
    assert stats.count() == 80 and not stats.filter(simulated=False).exists()
    assert set(stats.values_list("game", flat=True)) == set(games.game_ids())
    for game in games.game_ids():
        of_game = stats.filter(game=game)
        sides = bg.SideStat.objects.filter(game_stat__in=of_game).count()
        if games.plugin(game).side_statistics:
            assert sides == 2 * of_game.count()
        else:
            assert sides == 0
        # Every game has its seats, each with an outcome and the game's own score components.
        assert not of_game.filter(seats__isnull=True).exists()
        components = set(
            m.ComponentStat.objects.filter(seat__game_stat__in=of_game).values_list("component", flat=True)
        )
        assert components and components <= set(games.plugin(game).score_components), game


def test_the_eternia_team_rates_count_synthetic_games():
    load()
    eternia = "motu-fields-of-eternia"
    rows = datasets_for(eternia)["teams"].rows(MetaFilter(game=eternia, simulated="include", min_games=1))
    played = m.GameStat.objects.filter(game=eternia).count()
    assert played and {r["key"] for r in rows} == {"motu", "ew"}
    assert sum(r["games"] for r in rows) == 2 * played  # each of a game's two teams counts once (FE-2)


def test_replace_removes_the_synthetic_games_with_their_seats():
    load()
    load(replace=True)
    assert m.GameStat.objects.count() == 80
    assert m.SeatStat.objects.filter(game_stat__isnull=True).count() == 0
    assert m.SeatStat.objects.count() == sum(s.seats.count() for s in m.GameStat.objects.all())
