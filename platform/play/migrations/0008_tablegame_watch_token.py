"""Every table gets the secret of its read-only spectator link (play:watch): new tables by the field's
default, the tables already stored one each here."""

import secrets

from django.db import migrations, models

import play.models


def fill(apps, schema_editor):
    TableGame = apps.get_model("play", "TableGame")
    for pk in TableGame.objects.filter(watch_token__isnull=True).values_list("pk", flat=True).iterator():
        TableGame.objects.filter(pk=pk).update(watch_token=secrets.token_urlsafe(12))


class Migration(migrations.Migration):
    # The tokens are written (and committed) before the column becomes unique and required: PostgreSQL
    # alters no table with updates still pending in the same transaction.
    atomic = False

    dependencies = [
        ("play", "0007_tablegame_without_last_confirmed"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablegame",
            name="watch_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, atomic=True),
        migrations.AlterField(
            model_name="tablegame",
            name="watch_token",
            field=models.CharField(
                default=play.models.new_watch_token, editable=False, max_length=32, unique=True
            ),
        ),
    ]
