"""Tables paired or swapped before a match kept its reason's template: a reason that reads back, word for
word, as the swap's sentence or as the pairing algorithms' sentences (draw.reasons) keeps that template and
its params, so it is said in the reader's language. Any other reason keeps its English (marked lang="en")."""

from django.db import migrations

SWAPS = (
    "swapped by the organizer (%(first)s ↔ %(second)s): %(note)s",
    "swapped by the organizer (%(first)s ↔ %(second)s)",
)


def forwards(apps, schema_editor):
    from draw.reasons import reason_said
    from tournaments.said import is_said, read_back, split

    Match = apps.get_model("draw", "Match")
    for row in Match.objects.filter(reason_template="").exclude(reason="").iterator(chunk_size=500):
        found = read_back(SWAPS, row.reason) if row.reason.startswith("swapped by the organizer (") else None
        found = found or reason_said(row.reason)
        if is_said(found):
            row.reason_template, row.reason_params = split(found)
            row.save(update_fields=["reason_template", "reason_params"])


class Migration(migrations.Migration):
    dependencies = [("draw", "0002_match_reason_params_match_reason_template")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
