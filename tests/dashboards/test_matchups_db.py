"""Matchup matrices (faction × faction, character × character) on PostgreSQL against the
hand-counted meta of tests/dashboards/meta_fixtures.py (its five games are listed in
test_meta_db.py's docstring)."""

from __future__ import annotations

import pytest

from dashboards import stats
from dashboards.filters import MetaFilter
from games.battleground import queries as bg_queries
from tests.dashboards.meta_fixtures import EVIL, GAME, MOTU
from tests.dashboards.test_meta_db import meta  # noqa: F401  (the hand-counted fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def cells(rows):
    return {(r["row"], r["col"]): r for r in rows}


def test_faction_matrix_counts_each_side_against_the_other(meta):  # noqa: F811
    m = cells(bg_queries.faction_matchups(MetaFilter(game=GAME, min_games=3)))
    # MOTU met EVIL in G1 (won), G2 and G3 (lost); EVIL's row is the mirror image.
    assert (m[(MOTU, EVIL)]["games"], m[(MOTU, EVIL)]["wins"], m[(MOTU, EVIL)]["losses"]) == (3, 1, 2)
    assert (m[(EVIL, MOTU)]["games"], m[(EVIL, MOTU)]["wins"], m[(EVIL, MOTU)]["losses"]) == (3, 2, 1)
    # Mirrors: G4 counts once for each EVIL side (a win and a loss), G5 twice as a draw.
    assert (m[(EVIL, EVIL)]["games"], m[(EVIL, EVIL)]["wins"], m[(EVIL, EVIL)]["losses"]) == (2, 1, 1)
    assert (m[(MOTU, MOTU)]["games"], m[(MOTU, MOTU)]["draws"]) == (2, 2)
    # The interval is Wilson's for wins out of the cell's games; below min_games a cell is marked.
    low, high = stats.wilson_interval(1, 3)
    assert m[(MOTU, EVIL)]["ci_low"] == pytest.approx(low) and m[(MOTU, EVIL)]["ci_high"] == pytest.approx(
        high
    )
    assert m[(MOTU, EVIL)]["win_rate"] == pytest.approx(1 / 3)
    assert not m[(MOTU, EVIL)]["too_few_games"] and m[(EVIL, EVIL)]["too_few_games"]
    assert m[(MOTU, EVIL)]["row_name"] == "Masters Of The Universe"


def test_character_matrix_counts_sides_that_faced_each_other(meta):  # noqa: F811
    m = cells(bg_queries.character_matchups(MetaFilter(game=GAME)))
    # He-Man faced Skeletor in G1 (won), G2 and G3 (lost).
    he_man = m[("he-man", "skeletor")]
    assert (he_man["games"], he_man["wins"], he_man["draws"], he_man["losses"]) == (3, 1, 0, 2)
    # G5: Dan [He-Man, Teela] drew with Alice [Stratos, Teela]; Alice's Teela faced He-Man.
    assert (m[("teela", "he-man")]["games"], m[("teela", "he-man")]["draws"]) == (1, 1)
    # Nobody faces their own side: Stratos played beside He-Man in G1 and G3, against him in G5 only.
    assert m[("stratos", "skeletor")]["games"] == 2  # G1 won, G3 lost
    assert ("stratos", "he-man") in m and m[("stratos", "he-man")]["games"] == 1  # G5 only


def test_character_matrix_keeps_the_top_characters_by_games(meta):  # noqa: F811
    top = [r["key"] for r in bg_queries.entry_rates(MetaFilter(game=GAME), "characters")[:2]]
    rows = bg_queries.character_matchups(MetaFilter(game=GAME), top=2)
    assert rows and {r["row"] for r in rows} | {r["col"] for r in rows} <= set(top)


def test_one_characters_matchups_cover_every_opponent(meta):  # noqa: F811
    rows = bg_queries.character_matchups(MetaFilter(game=GAME), character="he-man")
    assert {r["row"] for r in rows} == {"he-man"}
    assert {r["col"] for r in rows} == {"skeletor", "beast-man", "trap-jaw", "stratos", "teela"}


def test_entry_months_keep_a_month_without_games_as_a_gap(meta):  # noqa: F811
    from tests.dashboards.meta_fixtures import hand_counted_games, make_log
    from tests.dashboards.test_meta_db import announce

    g = hand_counted_games()[0]
    announce(*make_log(g["statistics"], created="2026-06-05", salt="june"))
    rows = {r["month"]: r for r in bg_queries.entry_months(MetaFilter(game=GAME), "characters", "he-man")}
    assert list(rows) == ["2026-03", "2026-04", "2026-05", "2026-06"]
    assert (rows["2026-03"]["games"], rows["2026-03"]["wins"]) == (3, 1)
    assert rows["2026-05"]["games_in_month"] == 0 and rows["2026-05"]["win_rate"] is None
    assert rows["2026-05"]["pick_rate"] is None  # no games at all: missing, not 0%
    assert rows["2026-06"]["pick_rate"] == pytest.approx(1 / 2)


def test_trend_by_event_carries_the_events_first_day(meta):  # noqa: F811
    rows = bg_queries.trends_event(MetaFilter(game=GAME))
    assert {r["event_date"] for r in rows} == {"2026-03-01"}
