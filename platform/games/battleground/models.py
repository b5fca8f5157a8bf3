"""Battleground's statistics rows: one row per side of a verified game (``statistics["sides"]``) and,
under it, its VP by round, its characters, weapons, items and dice tests; the map of each game and its
objectives; and their summaries per bucket (``games.battleground.summaries``). As the engine's
``verdict["statistics"]`` gives them (games.battleground.statrows turns those into these rows).

They hang from the dashboards' generic ``GameStat``. The tables keep the names the dashboards app gave
them when it owned these models (migrations dashboards 0009 and 0011, battleground 0001 and 0003 moved
them here without touching a row).
"""

from __future__ import annotations

from types import SimpleNamespace

from django.db import models

from dashboards.models import Bucket


def event_index(name: str) -> models.Index:
    """A summary's rows of one event (the "one event" filter), games with no event left out of the index."""
    return models.Index(fields=["game", "event_ref"], condition=models.Q(event_ref__isnull=False), name=name)


class SideStat(models.Model):
    """One player's side in one game (``statistics["sides"]``)."""

    game_stat = models.ForeignKey("dashboards.GameStat", on_delete=models.CASCADE, related_name="sides")
    player = models.CharField(max_length=32)
    player_name = models.CharField(max_length=100)
    faction = models.CharField(max_length=64)
    faction_name = models.CharField(max_length=200)
    force_points = models.IntegerField(default=0)
    first_player = models.BooleanField()
    result = models.CharField(max_length=8)  # win | draw | loss
    vp_total = models.IntegerField(default=0)
    vp_objectives = models.IntegerField(default=0)
    vp_missions = models.IntegerField(default=0)
    vp_knockouts = models.IntegerField(default=0)
    knockouts_dealt = models.IntegerField(default=0)
    characters_lost = models.IntegerField(default=0)
    objectives_claimed = models.IntegerField(default=0)

    class Meta:
        db_table = "dashboards_sidestat"  # the table the dashboards app made, rows and all
        indexes = [models.Index(fields=["player_name"], name="dash_side_player")]


class RoundStat(models.Model):
    """Cumulative VP of one side at the end of one round (``game.vp_by_round``)."""

    side = models.ForeignKey(SideStat, on_delete=models.CASCADE, related_name="rounds")
    round = models.PositiveSmallIntegerField()
    vp = models.IntegerField()

    class Meta:
        db_table = "dashboards_roundstat"  # the table the dashboards app made, rows and all


class CharacterStat(models.Model):
    side = models.ForeignKey(SideStat, on_delete=models.CASCADE, related_name="characters")
    character = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    faction = models.CharField(max_length=64)
    survived = models.BooleanField()
    knocked_out_round = models.PositiveSmallIntegerField(null=True, blank=True)
    wounds_dealt = models.IntegerField(default=0)
    wounds_taken = models.IntegerField(default=0)
    activations = models.IntegerField(default=0)
    objectives_claimed = models.IntegerField(default=0)

    class Meta:
        db_table = "dashboards_characterstat"  # the table the dashboards app made, rows and all


class WeaponStat(models.Model):
    side = models.ForeignKey(SideStat, on_delete=models.CASCADE, related_name="weapons")
    character = models.CharField(max_length=64)
    weapon = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    weapon_type = models.CharField(max_length=16)
    attacks = models.IntegerField(default=0)
    successes = models.IntegerField(default=0)
    wounds = models.IntegerField(default=0)
    knockouts = models.IntegerField(default=0)

    class Meta:
        db_table = "dashboards_weaponstat"  # the table the dashboards app made, rows and all


class ItemStat(models.Model):
    side = models.ForeignKey(SideStat, on_delete=models.CASCADE, related_name="items")
    character = models.CharField(max_length=64)
    item = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    item_type = models.CharField(max_length=16)
    uses = models.IntegerField(default=0)

    class Meta:
        db_table = "dashboards_itemstat"  # the table the dashboards app made, rows and all


class TestStat(models.Model):
    """Dice tests of one kind and stat by one character. Dice luck reads recorded games only."""

    __test__ = False  # not a pytest test class, despite the name

    side = models.ForeignKey(SideStat, on_delete=models.CASCADE, related_name="tests")
    character = models.CharField(max_length=64)
    kind = models.CharField(max_length=16)
    stat = models.CharField(max_length=32)
    tests = models.IntegerField(default=0)
    dice = models.IntegerField(default=0)
    successes = models.IntegerField(default=0)
    expected_successes = models.FloatField(default=0)

    class Meta:
        db_table = "dashboards_teststat"  # the table the dashboards app made, rows and all


#: The per-side rows the platform's player pages read (``GamePlugin.side_models``).
SIDE_MODELS = SimpleNamespace(side=SideStat, character=CharacterStat, test=TestStat)


class MapStat(models.Model):
    """The map one game was played on and its objectives (``statistics["game"][0]``): on offer, and
    claimed by both sides together (added up at ingest, so the map summary needs no join to sides)."""

    game_stat = models.OneToOneField(
        "dashboards.GameStat", on_delete=models.CASCADE, related_name="battleground_map"
    )
    map = models.CharField(max_length=100, blank=True)
    objectives_available = models.PositiveSmallIntegerField(default=0)
    objectives_claimed = models.PositiveSmallIntegerField(default=0)


class MapDaily(Bucket):
    """Games and their objectives by map, per summary bucket (``dashboards.summaries``)."""

    map = models.CharField(max_length=100, blank=True)
    games = models.IntegerField(default=0)
    objectives_available = models.BigIntegerField(default=0)
    objectives_claimed = models.BigIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["game", "day"], name="bg_map_game_day"),
            event_index("bg_map_game_event"),
        ]


class EntryDaily(Bucket):
    """Sides that fielded an entry, by result, with the entry's own totals.

    ``dimension`` is one of faction, character, pair, weapon, item, weapon_type, seat, result,
    knockout_round (see ``games.battleground.summaries.DIMENSIONS``). ``appearances`` counts *sides*
    (one player's force in one game) that fielded the entry; a side with two copies of a
    weapon counts once. The one exception is knockout_round, where it counts characters
    knocked out in that round. Measure columns a dimension has no use for stay 0.
    """

    dimension = models.CharField(max_length=16)
    key = models.CharField(max_length=200)
    name = models.CharField(max_length=420)
    faction = models.CharField(max_length=64, blank=True)
    appearances = models.IntegerField(default=0)
    wins = models.IntegerField(default=0)
    draws = models.IntegerField(default=0)
    losses = models.IntegerField(default=0)
    vp_total = models.BigIntegerField(default=0)
    vp_objectives = models.BigIntegerField(default=0)
    vp_missions = models.BigIntegerField(default=0)
    vp_knockouts = models.BigIntegerField(default=0)
    knockouts = models.BigIntegerField(default=0)
    objectives_claimed = models.BigIntegerField(default=0)
    survived = models.BigIntegerField(default=0)
    wounds_dealt = models.BigIntegerField(default=0)
    wounds_taken = models.BigIntegerField(default=0)
    activations = models.BigIntegerField(default=0)
    attacks = models.BigIntegerField(default=0)
    successes = models.BigIntegerField(default=0)
    wounds = models.BigIntegerField(default=0)
    uses = models.BigIntegerField(default=0)

    class Meta:
        db_table = "dashboards_entrydaily"  # the table the dashboards app made, rows and all
        indexes = [
            models.Index(fields=["game", "dimension", "day"], name="dash_entry_game_dim_day"),
            event_index("bg_entry_game_event"),
        ]


class RoundDaily(Bucket):
    """Per round played and side result: how many sides reached it and their cumulative VP."""

    round = models.PositiveSmallIntegerField()
    result = models.CharField(max_length=8)
    sides = models.IntegerField(default=0)
    vp_sum = models.BigIntegerField(default=0)

    class Meta:
        db_table = "dashboards_rounddaily"  # the table the dashboards app made, rows and all
        indexes = [
            models.Index(fields=["game", "day"], name="dash_round_game_day"),
            event_index("bg_round_game_event"),
        ]


class DiceDaily(Bucket):
    """Recorded dice per player name and test kind (seeded games are fair by construction)."""

    player_name = models.CharField(max_length=100)
    kind = models.CharField(max_length=16)
    tests = models.BigIntegerField(default=0)
    dice = models.BigIntegerField(default=0)
    successes = models.BigIntegerField(default=0)
    expected = models.FloatField(default=0)

    class Meta:
        db_table = "dashboards_dicedaily"  # the table the dashboards app made, rows and all
        indexes = [
            models.Index(fields=["game", "day"], name="dash_dice_game_day"),
            event_index("bg_dice_game_event"),
            models.Index(fields=["player_name"], name="dash_dice_player"),
        ]


class DiceMonthly(Bucket):
    """``DiceDaily`` summed per calendar month (``day`` is its first day) and player name, test kinds
    together: what dice luck reads for whole months (``dashboards.providers.Rollup``)."""

    player_name = models.CharField(max_length=100)
    tests = models.BigIntegerField(default=0)
    dice = models.BigIntegerField(default=0)
    successes = models.BigIntegerField(default=0)
    expected = models.FloatField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["game", "day"], name="bg_dicem_game_day"),
            event_index("bg_dicem_game_event"),
        ]


class DiceMonthlyTotal(Bucket):
    """``DiceDaily`` summed per calendar month and player name over every event and rating band (both kept
    NULL, ``Rollup.merges``): what dice luck reads for whole months when the filter names neither."""

    player_name = models.CharField(max_length=100)
    tests = models.BigIntegerField(default=0)
    dice = models.BigIntegerField(default=0)
    successes = models.BigIntegerField(default=0)
    expected = models.FloatField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "day"], name="bg_dicet_game_day")]


class MatchupDaily(Bucket):
    """Sides that fielded ``row_key`` against a side that fielded ``col_key``, by the row side's result.

    ``dimension`` is faction (the two sides' factions) or character (a character of each side). Each
    side counts once per cell however many copies it fielded, as on the matchup pages; a side belongs
    to one game and so to one bucket, so the cells of several buckets add up."""

    dimension = models.CharField(max_length=16)
    row_key = models.CharField(max_length=64)
    col_key = models.CharField(max_length=64)
    row_name = models.CharField(max_length=200)
    col_name = models.CharField(max_length=200)
    games = models.IntegerField(default=0)
    wins = models.IntegerField(default=0)
    draws = models.IntegerField(default=0)
    losses = models.IntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["game", "dimension", "day"], name="bg_match_game_dim_day"),
            event_index("bg_match_game_event"),
        ]


class MatchupMonthly(Bucket):
    """``MatchupDaily`` summed per calendar month (``day`` is its first day)."""

    dimension = models.CharField(max_length=16)
    row_key = models.CharField(max_length=64)
    col_key = models.CharField(max_length=64)
    row_name = models.CharField(max_length=200)
    col_name = models.CharField(max_length=200)
    games = models.BigIntegerField(default=0)
    wins = models.BigIntegerField(default=0)
    draws = models.BigIntegerField(default=0)
    losses = models.BigIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["game", "dimension", "day"], name="bg_matchm_game_dim_day"),
            event_index("bg_matchm_game_event"),
        ]


class MatchupMonthlyTotal(Bucket):
    """``MatchupDaily`` summed per calendar month over every event and rating band (both kept NULL,
    ``Rollup.merges``): what the matchups read for whole months when the filter names neither."""

    dimension = models.CharField(max_length=16)
    row_key = models.CharField(max_length=64)
    col_key = models.CharField(max_length=64)
    row_name = models.CharField(max_length=200)
    col_name = models.CharField(max_length=200)
    games = models.BigIntegerField(default=0)
    wins = models.BigIntegerField(default=0)
    draws = models.BigIntegerField(default=0)
    losses = models.BigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "dimension", "day"], name="bg_matcht_game_dim_day")]
