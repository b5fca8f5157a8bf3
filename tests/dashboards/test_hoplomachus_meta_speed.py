"""Hoplomachus' meta pages read less to give the same answers: the unnamed dice luck distribution takes each
player's z-score over all colours without the per-colour tests of the named table (``meta_dice.player_zs``), and
its rows equal the distribution of the named table's z-scores (``meta_dice.player_luck``), under every filter."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command

from dashboards import stats
from games.hoplomachus import meta_dice

from .verdict_group_checks import filters

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HR = "hoplomachus-remastered"


@pytest.fixture
def published():
    # Many names, half the logs public: enough players tested for the distribution to show.
    call_command("load_synthetic_meta", games=400, seed=13, logs=True, game=[HR], players=24, public=0.5,
                 stdout=io.StringIO())  # fmt: skip
    cache.clear()


def old_rows(f) -> list[dict]:
    """The distribution as it was computed: from the named table's rows."""
    named = meta_dice.player_luck(f)
    zs = [r["z"] for r in named if r["z"] is not None]
    if len(zs) < stats.MIN_PLAYERS_FOR_DISTRIBUTION:
        return []
    return [*stats.z_distribution(zs), {"key": "not tested", "players": len(named) - len(zs)}]


def test_the_dice_luck_distribution_equals_the_named_tables(published):
    shown = 0
    for f in filters(HR):
        cache.clear()
        rows = meta_dice.DiceLuck().rows(f)
        cache.clear()
        want = old_rows(f)
        assert [{k: r[k] for k in want[-1]} for r in rows[-1:]] + rows[:-1] == want[-1:] + want[:-1], f
        shown += bool(rows)
    assert shown >= 3
