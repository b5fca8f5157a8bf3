"""ManualReport and Dispute, moved here from the tournaments app: state only. Their tables keep
their names (tournaments_manualreport, tournaments_dispute) and rows; tournaments.0012 removed the
models from that app's state."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0012_reports_and_disputes_to_results"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Dispute",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("reason", models.TextField()),
                        (
                            "status",
                            models.CharField(
                                choices=[("open", "Open"), ("resolved", "Resolved")],
                                default="open",
                                max_length=10,
                            ),
                        ),
                        (
                            "previous_state",
                            models.CharField(
                                choices=[
                                    ("awaiting-log", "Awaiting log"),
                                    ("verifying", "Verifying"),
                                    ("verified", "Verified"),
                                    ("reported", "Reported"),
                                    ("disputed", "Disputed"),
                                    ("confirmed", "Confirmed"),
                                ],
                                max_length=12,
                            ),
                        ),
                        ("resolution", models.TextField(blank=True)),
                        ("resolved_at", models.DateTimeField(blank=True, null=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="disputes",
                                to="tournaments.match",
                            ),
                        ),
                        (
                            "raised_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "resolved_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_dispute",
                        "ordering": ["-created_at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="ManualReport",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("seats", models.JSONField(default=list)),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("pending", "Awaiting the opponent"),
                                    ("confirmed", "Confirmed"),
                                    ("disputed", "Disputed"),
                                    ("superseded", "Superseded"),
                                ],
                                default="pending",
                                max_length=10,
                            ),
                        ),
                        ("confirmed_at", models.DateTimeField(blank=True, null=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "confirmed_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="reports",
                                to="tournaments.match",
                            ),
                        ),
                        (
                            "reported_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_manualreport",
                        "ordering": ["-created_at", "-id"],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
