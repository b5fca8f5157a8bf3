"""Registration, Team, ForceList and SoftScore move to the participants app: removed from this
app's state only; their tables (tournaments_registration, tournaments_team, tournaments_forcelist,
tournaments_softscore) and rows stay (participants.0001_initial takes them over), and a match
seat's registration points at the participants app's model (the same table)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("participants", "0001_initial"),
        ("tournaments", "0012_reports_and_disputes_to_results"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="registration",
                    name="event",
                ),
                migrations.RemoveField(
                    model_name="registration",
                    name="player",
                ),
                migrations.RemoveField(
                    model_name="registration",
                    name="team",
                ),
                migrations.RemoveField(
                    model_name="softscore",
                    name="registration",
                ),
                migrations.AlterField(
                    model_name="matchseat",
                    name="registration",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="participants.registration",
                    ),
                ),
                migrations.RemoveField(
                    model_name="softscore",
                    name="entered_by",
                ),
                migrations.RemoveField(
                    model_name="team",
                    name="event",
                ),
                migrations.DeleteModel(
                    name="ForceList",
                ),
                migrations.DeleteModel(
                    name="Registration",
                ),
                migrations.DeleteModel(
                    name="SoftScore",
                ),
                migrations.DeleteModel(
                    name="Team",
                ),
            ],
            database_operations=[],
        ),
    ]
