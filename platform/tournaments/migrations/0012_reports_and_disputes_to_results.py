"""ManualReport and Dispute move to the results app: removed from this app's state only; their
tables (tournaments_manualreport, tournaments_dispute) and rows stay (results.0001_initial takes
them over)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_standingsnapshot_to_standings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="manualreport",
                    name="confirmed_by",
                ),
                migrations.RemoveField(
                    model_name="manualreport",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="manualreport",
                    name="reported_by",
                ),
                migrations.DeleteModel(
                    name="Dispute",
                ),
                migrations.DeleteModel(
                    name="ManualReport",
                ),
            ],
            database_operations=[],
        ),
    ]
