"""Dice luck's summaries (DiceDaily, DiceMonthly) count public games only: each game with a log marked by whether
its log is public (``GameStat.groups_public``), then the dice aggregated again from the stat rows, as a rebuild
would (``dashboards.summaries``)."""

from django.db import migrations, models


def fill(apps, schema_editor):
    from dashboards import summaries
    from dashboards.models import GameStat
    from games.battleground import GAME_ID
    from games.battleground.models import DiceDaily, DiceMonthly
    from games.battleground.summaries import dice_daily_statements

    Stat = apps.get_model("dashboards", "GameStat")
    first, last = (
        Stat.objects.filter(game=GAME_ID)
        .aggregate(a=models.Min("played_on"), b=models.Max("played_on"))
        .values()
    )
    months = []
    while first is not None and summaries.month_of(first) <= last:
        months.append(summaries.month_of(first))
        first = summaries.next_month(months[-1])
    summaries.mark_public(GameStat.objects.filter(game=GAME_ID))
    with schema_editor.connection.cursor() as cursor:
        for model in (DiceDaily, DiceMonthly):
            cursor.execute(f"DELETE FROM {summaries.table(model)} WHERE game = %s", [GAME_ID])
        for sql in dice_daily_statements("g.game = %s"):
            cursor.execute(sql, [GAME_ID])
        summaries.roll_up(cursor, months, GAME_ID, only=(DiceMonthly,))


class Migration(migrations.Migration):
    dependencies = [
        ("battleground", "0004_matchup_summaries_and_rollups"),
        ("dashboards", "0016_verdict_groups_public"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
