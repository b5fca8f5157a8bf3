"""Round, Match and MatchSeat move to the draw app: removed from this app's state only; their
tables (tournaments_round, tournaments_match, tournaments_matchseat) and rows stay
(draw.0001_initial takes them over), and the audit trail's and notifications' round and match
point at the draw's models (the same tables). The apps whose rows point at a match or a round
(results, standings, dashboards) move their references first."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("draw", "0001_initial"),
        ("results", "0002_match_from_draw"),
        ("standings", "0002_round_from_draw"),
        ("tournaments", "0013_entrants_to_participants"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="notification",
                    name="match",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="draw.match",
                    ),
                ),
                migrations.RemoveField(
                    model_name="matchseat",
                    name="match",
                ),
                migrations.AlterField(
                    model_name="auditentry",
                    name="match",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="audit_entries",
                        to="draw.match",
                    ),
                ),
                migrations.RemoveField(
                    model_name="matchseat",
                    name="registration",
                ),
                migrations.RemoveField(
                    model_name="round",
                    name="event",
                ),
                migrations.AlterField(
                    model_name="auditentry",
                    name="round",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="audit_entries",
                        to="draw.round",
                    ),
                ),
                migrations.DeleteModel(
                    name="Match",
                ),
                migrations.DeleteModel(
                    name="MatchSeat",
                ),
                migrations.DeleteModel(
                    name="Round",
                ),
            ],
            database_operations=[],
        ),
    ]
