"""Matches get seats: one per registration with its team, outcome, rank, score and components.

The two-player result columns (outcome, VP and knock-outs of sides a and b) become seats 0
and 1; knock-outs dealt become the ``knockouts_dealt`` component. Hand reports keep one entry
per seat. Tiebreak keys ``vp``/``vp_diff`` are now ``score``/``score_diff`` and the draw rule
``more_vp`` is ``more_score``. Reversible: seats 0 and 1 go back to the columns.
"""

import django.db.models.deletion
from django.db import migrations, models

RENAMED_TIEBREAKS = {"vp": "score", "vp_diff": "score_diff"}


def _seat_values(outcome, vp, knockouts):
    return {
        "outcome": outcome or "",
        "score": vp,
        "components": {"knockouts_dealt": knockouts} if outcome else {},
    }


def forwards(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    MatchSeat = apps.get_model("tournaments", "MatchSeat")
    ManualReport = apps.get_model("tournaments", "ManualReport")
    Event = apps.get_model("tournaments", "Event")
    opposite = {"win": "loss", "loss": "win", "draw": "draw"}
    seats = []
    for m in Match.objects.all().iterator():
        seats.append(
            MatchSeat(
                match_id=m.pk,
                registration_id=m.entrant_a_id,
                index=0,
                rank=_rank(m.outcome_a, m.outcome_b),
                **_seat_values(m.outcome_a, m.vp_a, m.knockouts_a),
            )
        )
        if m.entrant_b_id is not None:
            seats.append(
                MatchSeat(
                    match_id=m.pk,
                    registration_id=m.entrant_b_id,
                    index=1,
                    rank=_rank(m.outcome_b, m.outcome_a),
                    **_seat_values(m.outcome_b, m.vp_b, m.knockouts_b),
                )
            )
    MatchSeat.objects.bulk_create(seats, batch_size=1000)
    for report in ManualReport.objects.all().iterator():
        outcome_b = opposite.get(report.outcome_a, "")
        report.seats = [
            {
                **_seat_values(report.outcome_a, report.vp_a, report.knockouts_a),
                "rank": _rank(report.outcome_a, outcome_b),
            },
            {
                **_seat_values(outcome_b, report.vp_b, report.knockouts_b),
                "rank": _rank(outcome_b, report.outcome_a),
            },
        ]
        report.save(update_fields=["seats"])
    for event in Event.objects.all().iterator():
        event.tiebreaks = [RENAMED_TIEBREAKS.get(k, k) for k in event.tiebreaks or []]
        if event.draw_rule == "more_vp":
            event.draw_rule = "more_score"
        event.save(update_fields=["tiebreaks", "draw_rule"])


def _rank(mine, theirs):
    if not mine:
        return None
    return 2 if mine == "loss" and theirs != "loss" else 1


def backwards(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    MatchSeat = apps.get_model("tournaments", "MatchSeat")
    ManualReport = apps.get_model("tournaments", "ManualReport")
    Event = apps.get_model("tournaments", "Event")
    back = {new: old for old, new in RENAMED_TIEBREAKS.items()}
    for m in Match.objects.all().iterator():
        for seat in MatchSeat.objects.filter(match_id=m.pk, index__lt=2):
            side = "ab"[seat.index]
            setattr(m, f"outcome_{side}", seat.outcome)
            setattr(m, f"vp_{side}", seat.score)
            setattr(m, f"knockouts_{side}", (seat.components or {}).get("knockouts_dealt", 0))
        m.save()
    for report in ManualReport.objects.all().iterator():
        seats = list(report.seats or []) + [{}, {}]
        report.outcome_a = seats[0].get("outcome") or "draw"
        report.vp_a, report.vp_b = seats[0].get("score", 0), seats[1].get("score", 0)
        report.knockouts_a = (seats[0].get("components") or {}).get("knockouts_dealt", 0)
        report.knockouts_b = (seats[1].get("components") or {}).get("knockouts_dealt", 0)
        report.save()
    for event in Event.objects.all().iterator():
        event.tiebreaks = [back.get(k, k) for k in event.tiebreaks or []]
        if event.draw_rule == "more_score":
            event.draw_rule = "more_vp"
        event.save(update_fields=["tiebreaks", "draw_rule"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [
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
                    models.CharField(blank=True, help_text="empty: the seat plays for itself", max_length=32),
                ),
                (
                    "outcome",
                    models.CharField(
                        blank=True, choices=[("win", "Win"), ("draw", "Draw"), ("loss", "Loss")], max_length=4
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
                        to="tournaments.match",
                    ),
                ),
                (
                    "registration",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.registration",
                    ),
                ),
            ],
            options={"ordering": ["match", "index"]},
        ),
        migrations.AddConstraint(
            model_name="matchseat",
            constraint=models.UniqueConstraint(fields=("match", "index"), name="one_seat_per_index"),
        ),
        migrations.AddConstraint(
            model_name="matchseat",
            constraint=models.UniqueConstraint(
                fields=("match", "registration"), name="one_seat_per_registration"
            ),
        ),
        migrations.AddField(model_name="manualreport", name="seats", field=models.JSONField(default=list)),
        migrations.AlterField(
            model_name="event", name="draw_rule", field=models.CharField(default="higher_seed", max_length=32)
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="match", name="outcome_a"),
        migrations.RemoveField(model_name="match", name="outcome_b"),
        migrations.RemoveField(model_name="match", name="vp_a"),
        migrations.RemoveField(model_name="match", name="vp_b"),
        migrations.RemoveField(model_name="match", name="knockouts_a"),
        migrations.RemoveField(model_name="match", name="knockouts_b"),
        # A default, so that going back can add the column to existing rows before filling it.
        migrations.AlterField(
            model_name="manualreport",
            name="outcome_a",
            field=models.CharField(
                choices=[("win", "Win"), ("draw", "Draw"), ("loss", "Loss")], default="draw", max_length=4
            ),
        ),
        migrations.RemoveField(model_name="manualreport", name="outcome_a"),
        migrations.RemoveField(model_name="manualreport", name="vp_a"),
        migrations.RemoveField(model_name="manualreport", name="vp_b"),
        migrations.RemoveField(model_name="manualreport", name="knockouts_a"),
        migrations.RemoveField(model_name="manualreport", name="knockouts_b"),
    ]
