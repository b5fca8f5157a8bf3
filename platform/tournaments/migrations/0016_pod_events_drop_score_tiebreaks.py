"""Pod events (Pandemonium) record places, not scores (HR-16.5.1): a tiebreak reading scores was 0 for every
player there. Events made before the service dropped such tiebreaks lose them too; nothing they ranked changes."""

from django.db import migrations


def drop_score_tiebreaks(apps, schema_editor):
    from tournaments.algorithms.tiebreaks import METRICS
    from tournaments.game_modes import plays_in_pods

    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.exclude(game_mode="").only("id", "game", "game_mode", "tiebreaks"):
        if not plays_in_pods(event):
            continue
        kept = [k for k in event.tiebreaks or [] if not getattr(METRICS.get(k), "reads_score", False)]
        if kept and kept != event.tiebreaks:
            Event.objects.filter(pk=event.pk).update(tiebreaks=kept)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_audit_entry_template")]

    operations = [migrations.RunPython(drop_score_tiebreaks, migrations.RunPython.noop)]
