"""A game plugin registered a grouping its stored verdicts had no rows of (Hoplomachus' dice luck per player name
over every colour, ``hr-dice-player-totals``): the verdict groups are filled again from the verdicts stored, as a
rebuild would (``dashboards.verdictgroups``), as 0016 did."""

from importlib import import_module

from django.db import migrations


def fill(apps, schema_editor):
    import_module("dashboards.migrations.0016_verdict_groups_public").fill(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("dashboards", "0016_verdict_groups_public")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
