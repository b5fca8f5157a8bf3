"""Hoplomachus' dice luck by player counts public games only in its bucket rows (a public-only grouping,
``providers.VerdictGroups.public_only``), each game marked by whether it is counted (``GameStat.groups_public``):
the verdict groups are filled again from the verdicts stored, as a rebuild would (``dashboards.verdictgroups``;
0015 left the fill to this migration, whose column the fill's code writes)."""

from django.db import migrations, models


def fill(apps, schema_editor):
    from dashboards import models as m
    from dashboards import summaries, verdictgroups

    GameStat = apps.get_model("dashboards", "GameStat")
    first, last = GameStat.objects.aggregate(a=models.Min("played_on"), b=models.Max("played_on")).values()
    months = []
    while first is not None and summaries.month_of(first) <= last:
        months.append(summaries.month_of(first))
        first = summaries.next_month(months[-1])
    for model in (m.VerdictGroupDaily, m.VerdictGroupMonthly, m.VerdictGroupGame):
        model.objects.all()._raw_delete(model.objects.db)
    verdictgroups.fill()
    with schema_editor.connection.cursor() as cursor:
        summaries.roll_up(cursor, months, None, only=(summaries.VERDICT_GROUP_SUMMARY.rollup.model,))


class Migration(migrations.Migration):
    dependencies = [
        ("dashboards", "0015_verdict_groups"),
        ("draw", "0003_match_reason_templates_for_stored_rows"),
        ("gamelogs", "0004_drop_redundant_indexes"),
        ("visibility", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamestat",
            name="groups_public",
            field=models.BooleanField(default=False),
        ),
        migrations.AddIndex(
            model_name="gamestat",
            index=models.Index(
                condition=models.Q(("groups_public", True)),
                fields=["game", "played_on"],
                name="dash_game_public_day",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
