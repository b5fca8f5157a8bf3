"""Registration, Team, ForceList and SoftScore, moved here from the tournaments app: state only.
Their tables keep their names (tournaments_registration, tournaments_team, tournaments_forcelist,
tournaments_softscore), rows and constraints; tournaments.0013 removed the models from that app's state."""

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
                    name="Registration",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "display_name",
                            models.CharField(help_text="the name in pairings and standings", max_length=100),
                        ),
                        ("club", models.CharField(blank=True, max_length=100)),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("registered", "Registered"),
                                    ("waitlisted", "Waiting list"),
                                    ("checked-in", "Checked in"),
                                    ("dropped", "Dropped"),
                                ],
                                default="registered",
                                max_length=12,
                            ),
                        ),
                        (
                            "seed",
                            models.PositiveIntegerField(
                                blank=True, help_text="organizer seed, 1 = top seed", null=True
                            ),
                        ),
                        ("dropped_after_round", models.PositiveSmallIntegerField(blank=True, null=True)),
                        (
                            "joined_round",
                            models.PositiveSmallIntegerField(
                                default=1, help_text="first round the player can be paired in"
                            ),
                        ),
                        (
                            "starting_points",
                            models.DecimalField(
                                decimal_places=2, default=0, help_text="late-join score", max_digits=5
                            ),
                        ),
                        (
                            "claim_code",
                            models.CharField(
                                blank=True,
                                help_text="given to a guest so that they can attach the entry to an account",
                                max_length=12,
                            ),
                        ),
                        ("claimed_at", models.DateTimeField(blank=True, null=True)),
                        ("is_ringer", models.BooleanField(default=False)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="registrations",
                                to="tournaments.event",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="registrations",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_registration",
                        "ordering": ["created_at", "id"],
                    },
                ),
                migrations.CreateModel(
                    name="ForceList",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("faction", models.CharField(blank=True, max_length=64)),
                        ("entries", models.JSONField(default=list)),
                        ("text", models.TextField(blank=True, help_text="the list as the player typed it")),
                        ("valid", models.BooleanField(default=False)),
                        ("points", models.PositiveIntegerField(default=0)),
                        ("validation", models.JSONField(blank=True, default=dict)),
                        ("locked", models.BooleanField(default=False)),
                        ("submitted_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "registration",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="force_list",
                                to="participants.registration",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_forcelist",
                    },
                ),
                migrations.CreateModel(
                    name="Team",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=100)),
                        (
                            "seed",
                            models.PositiveIntegerField(
                                blank=True, help_text="organizer seed, 1 = top seed", null=True
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="teams",
                                to="tournaments.event",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_team",
                        "ordering": ["created_at", "id"],
                    },
                ),
                migrations.AddField(
                    model_name="registration",
                    name="team",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="members",
                        to="participants.team",
                    ),
                ),
                migrations.CreateModel(
                    name="SoftScore",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("category", models.CharField(max_length=32)),
                        ("points", models.DecimalField(decimal_places=2, max_digits=6)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "entered_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "registration",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="soft_scores",
                                to="participants.registration",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_softscore",
                        "ordering": ["registration", "category"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("registration", "category"), name="one_soft_score_per_category"
                            )
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="team",
                    constraint=models.UniqueConstraint(
                        fields=("event", "name"), name="one_team_name_per_event"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="registration",
                    constraint=models.UniqueConstraint(
                        fields=("event", "player"), name="one_registration_per_player"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="registration",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("claim_code", ""), _negated=True),
                        fields=("claim_code",),
                        name="unique_claim_code",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
