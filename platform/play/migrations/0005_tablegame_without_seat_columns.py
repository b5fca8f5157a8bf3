from django.db import migrations, models


class Migration(migrations.Migration):
    """The two-seat columns go: the seats (0003, filled by 0004) hold the players and their confirmations."""

    dependencies = [("play", "0004_seats_from_columns")]

    operations = [
        migrations.RemoveField(model_name="tablegame", name="seat1"),
        migrations.RemoveField(model_name="tablegame", name="seat2"),
        migrations.RemoveField(model_name="tablegame", name="result_confirmed"),
        migrations.AlterField(
            model_name="tablegame",
            name="status",
            field=models.CharField(
                choices=[
                    ("waiting", "Waiting for players to join"),
                    ("playing", "Playing"),
                    ("over", "Over — confirm the result"),
                    ("confirmed", "Result confirmed"),
                ],
                default="waiting",
                max_length=16,
            ),
        ),
    ]
