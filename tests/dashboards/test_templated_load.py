"""``load_synthetic_meta --logs --templated`` stores each game from its template's parts and sums its verdict
groups from the template's, where the plain ``--logs`` load stores every log and the production rebuild reads every
verdict: the same games (seed, names, publications) loaded both ways give the same rows in every summary table,
the same stat rows, verdicts and publications (Hoplomachus' public-only dice groups by player among them)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from dashboards import models as m
from dashboards.bulk import game_log_model

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

GAMES = ["hoplomachus-remastered", "motu-fields-of-eternia"]
BUCKET = ("game", "day", "content_pack", "event_ref", "rating_band", "simulated", "source", "mode")


def load(**options) -> None:
    call_command(
        "load_synthetic_meta", games=260, seed=9, logs=True, game=GAMES, players=30, public=0.4,
        replace=True, stdout=io.StringIO(), **options,
    )  # fmt: skip


def rows(model, *fields) -> list[tuple]:
    return sorted(model.objects.values_list(*fields), key=repr)


def snapshot() -> dict:
    """Every summary table's rows (ids left out), and the stored games by their place in the load."""
    # The load stores its games in order, each with ids drawn in order: a game's rank is its number in the load.
    rank = {pk: i for i, pk in enumerate(m.GameStat.objects.order_by("id").values_list("id", flat=True))}
    seat_rank = {
        pk: (rank[g], s) for pk, g, s in m.SeatStat.objects.values_list("id", "game_stat_id", "seat")
    }
    log_rank = {log: rank[pk] for pk, log in m.GameStat.objects.values_list("id", "game_log_id")}
    GameLog = game_log_model()
    Published = GameLog._meta.get_field("publications").related_model
    sums = m.GROUP_SUMS
    stat_fields = [
        f.attname for f in m.GameStat._meta.concrete_fields if f.attname not in ("id", "game_log_id")
    ]
    return {
        "GameDaily": rows(
            m.GameDaily, *BUCKET, "rounds_played", "ended_by", "outcome", "games", "first_player_wins"
        ),
        "ScoreDaily": rows(m.ScoreDaily, *BUCKET, "outcome", "component", "seats", "total"),
        "TeamDaily": rows(m.TeamDaily, *BUCKET, "team", "solo", "games", "wins", "draws"),
        "TeamMonthly": rows(m.TeamMonthly, *BUCKET, "team", "solo", "games", "wins", "draws"),
        "VerdictGroupDaily": rows(m.VerdictGroupDaily, *BUCKET, "name", "key", *sums),
        "VerdictGroupMonthly": rows(m.VerdictGroupMonthly, *BUCKET, "name", "key", *sums),
        "VerdictGroupGame": sorted(
            (rank[g], *r)
            for g, *r in m.VerdictGroupGame.objects.values_list("game_stat_id", "name", "key", *sums)
        ),
        "GameStat": sorted((rank[pk], *r) for pk, *r in m.GameStat.objects.values_list("id", *stat_fields)),
        "SeatStat": sorted(
            (rank[g], *r)
            for g, *r in m.SeatStat.objects.values_list(
                "game_stat_id", "seat", "team", "outcome", "rank", "score"
            )
        ),  # fmt: skip
        "ComponentStat": sorted(
            (*seat_rank[s], c, v)
            for s, c, v in m.ComponentStat.objects.values_list("seat_id", "component", "value")
        ),
        "GameLog": sorted(
            (log_rank[pk], *r)
            for pk, *r in GameLog.objects.values_list(
                "id",
                "game",
                "state",
                "simulated",
                "players",
                "verdict",
                "events_total",
                "events_verified",
                "engine_version",
                "ruleset_version",
                "result_winner",
                "filename",
                "source",
            )
        ),  # fmt: skip
        "published": sorted(log_rank[log] for log in Published.objects.values_list("log_id", flat=True)),
    }


def test_the_templated_load_stores_what_the_production_rebuild_makes_of_the_same_games():
    load()
    plain = snapshot()
    load(templated=True)
    templated = snapshot()
    assert plain["GameStat"] and plain["published"] and plain["VerdictGroupGame"]
    # Some players' dice count in the public-only groups, under their own names.
    assert any(r[10] for r in plain["VerdictGroupDaily"] if r[8] == "hr-dice-players")
    for table, have in plain.items():
        assert templated[table] == have, table


def test_the_templated_load_refuses_a_database_holding_other_games_of_its_game():
    load()
    with pytest.raises(ValueError, match="did not store"):
        call_command("load_synthetic_meta", games=20, seed=4, logs=True, templated=True, game=GAMES,
                     stdout=io.StringIO())  # fmt: skip


def test_a_rebuild_only_draws_the_stored_games_again_and_makes_the_same_summaries():
    load(templated=True)
    loaded = snapshot()
    m.VerdictGroupDaily.objects.all().delete()
    call_command("load_synthetic_meta", games=260, seed=9, logs=True, game=GAMES, players=30, public=0.4,
                 templated=True, rebuild_only=True, stdout=io.StringIO())  # fmt: skip
    assert snapshot() == loaded
