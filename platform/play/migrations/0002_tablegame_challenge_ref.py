from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("play", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="tablegame",
            name="challenge_ref",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="tablegame",
            name="seed",
            field=models.CharField(blank=True, max_length=128),
        ),
    ]
