"""The seats are a match's players: the two-seat columns entrant_a/entrant_b go.

Reversible: going back fills the columns from seats 0 and 1 before making entrant_a required.
"""

import django.db.models.deletion
from django.db import migrations, models


def fill_from_seats(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    MatchSeat = apps.get_model("tournaments", "MatchSeat")
    for match in Match.objects.all().iterator():
        seats = {s.index: s.registration_id for s in MatchSeat.objects.filter(match_id=match.pk, index__lt=2)}
        match.entrant_a_id, match.entrant_b_id = seats.get(0), seats.get(1)
        match.save(update_fields=["entrant_a", "entrant_b"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_match_seats")]

    operations = [
        # Nullable first, so that going back can add the column to existing rows before filling it.
        migrations.AlterField(
            model_name="match",
            name="entrant_a",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="matches_as_a",
                to="tournaments.registration",
            ),
        ),
        migrations.RunPython(migrations.RunPython.noop, fill_from_seats),
        migrations.RemoveField(model_name="match", name="entrant_a"),
        migrations.RemoveField(model_name="match", name="entrant_b"),
    ]
