"""Round, Match and MatchSeat, moved here from the tournaments app: state only. Their tables keep
their names (tournaments_round, tournaments_match, tournaments_matchseat), rows and constraints;
tournaments.0014 removed the models from that app's state."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("gamelogs", "0004_drop_redundant_indexes"),
        ("participants", "0001_initial"),
        ("tournaments", "0013_entrants_to_participants"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Round",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("number", models.PositiveSmallIntegerField()),
                        (
                            "stage",
                            models.CharField(
                                choices=[
                                    ("swiss", "Swiss"),
                                    ("round_robin", "Round robin"),
                                    ("elimination", "Elimination"),
                                ],
                                default="swiss",
                                max_length=12,
                            ),
                        ),
                        (
                            "state",
                            models.CharField(
                                choices=[
                                    ("draft", "Draft"),
                                    ("published", "Published"),
                                    ("closed", "Closed"),
                                ],
                                default="draft",
                                max_length=10,
                            ),
                        ),
                        ("paired_at", models.DateTimeField(auto_now_add=True)),
                        ("published_at", models.DateTimeField(blank=True, null=True)),
                        ("timer_started_at", models.DateTimeField(blank=True, null=True)),
                        ("timer_ends_at", models.DateTimeField(blank=True, null=True)),
                        ("closed_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rounds",
                                to="tournaments.event",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_round",
                        "ordering": ["event", "number"],
                    },
                ),
                migrations.CreateModel(
                    name="Match",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("table", models.PositiveSmallIntegerField()),
                        ("reason", models.CharField(blank=True, max_length=300)),
                        (
                            "state",
                            models.CharField(
                                choices=[
                                    ("awaiting-log", "Awaiting log"),
                                    ("verifying", "Verifying"),
                                    ("verified", "Verified"),
                                    ("reported", "Reported"),
                                    ("disputed", "Disputed"),
                                    ("confirmed", "Confirmed"),
                                ],
                                default="awaiting-log",
                                max_length=12,
                            ),
                        ),
                        (
                            "result_source",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("log", "Verified log"),
                                    ("report", "Reported and confirmed"),
                                    ("organizer", "Organizer decision"),
                                    ("bye", "Bye"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("ending", models.CharField(blank=True, max_length=32)),
                        (
                            "log_flag",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("", "None"),
                                    ("illegal", "Log is illegal"),
                                    ("unreadable", "Log is unreadable"),
                                    ("mismatch", "Log does not match the match"),
                                ],
                                max_length=10,
                            ),
                        ),
                        (
                            "flag_details",
                            models.JSONField(
                                blank=True, default=list, help_text="one line per difference found"
                            ),
                        ),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "game_log",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="tournament_matches",
                                to="gamelogs.gamelog",
                            ),
                        ),
                        (
                            "log_uploaded_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="matches",
                                to="draw.round",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name_plural": "matches",
                        "db_table": "tournaments_match",
                        "ordering": ["round", "table"],
                    },
                ),
                migrations.CreateModel(
                    name="MatchSeat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("index", models.PositiveSmallIntegerField(help_text="0-based, in table order")),
                        (
                            "team",
                            models.CharField(
                                blank=True, help_text="empty: the seat plays for itself", max_length=32
                            ),
                        ),
                        (
                            "faction",
                            models.CharField(
                                blank=True,
                                help_text="the faction dealt to this seat's side at this table (empty: none)",
                                max_length=64,
                            ),
                        ),
                        (
                            "outcome",
                            models.CharField(
                                blank=True,
                                choices=[("win", "Win"), ("draw", "Draw"), ("loss", "Loss")],
                                max_length=4,
                            ),
                        ),
                        (
                            "rank",
                            models.PositiveSmallIntegerField(
                                blank=True, help_text="1 = best; ties share a rank", null=True
                            ),
                        ),
                        ("score", models.IntegerField(default=0)),
                        (
                            "components",
                            models.JSONField(
                                blank=True, default=dict, help_text="the game's score components by key"
                            ),
                        ),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="seats",
                                to="draw.match",
                            ),
                        ),
                        (
                            "registration",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="seats",
                                to="participants.registration",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_matchseat",
                        "ordering": ["match", "index"],
                        "constraints": [
                            models.UniqueConstraint(fields=("match", "index"), name="one_seat_per_index"),
                            models.UniqueConstraint(
                                fields=("match", "registration"), name="one_seat_per_registration"
                            ),
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="round",
                    constraint=models.UniqueConstraint(
                        fields=("event", "number"), name="one_round_per_number"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="match",
                    constraint=models.UniqueConstraint(fields=("round", "table"), name="one_match_per_table"),
                ),
                migrations.AddConstraint(
                    model_name="match",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("game_log__isnull", False)),
                        fields=("game_log",),
                        name="one_match_per_log",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
