"""Tables swapped by an organizer before a match kept its reason's template: a reason that reads back, word
for word, as the swap's sentence keeps that template and its params, so it is said in the reader's language.
The pairing algorithms' reasons stay English (shown marked lang="en")."""

from django.db import migrations

TEMPLATES = (
    "swapped by the organizer (%(first)s ↔ %(second)s): %(note)s",
    "swapped by the organizer (%(first)s ↔ %(second)s)",
)


def forwards(apps, schema_editor):
    from tournaments.said import read_back, split

    Match = apps.get_model("draw", "Match")
    for row in Match.objects.filter(reason_template="", reason__startswith="swapped by the organizer (").iterator():
        found = read_back(TEMPLATES, row.reason)
        if found is not None:
            row.reason_template, row.reason_params = split(found)
            row.save(update_fields=["reason_template", "reason_params"])


class Migration(migrations.Migration):
    dependencies = [("draw", "0002_match_reason_params_match_reason_template")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
