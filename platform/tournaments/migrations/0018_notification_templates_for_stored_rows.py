"""Notifications stored before they kept a template: those whose English reads back, word for word, as one
of the sentences below (led by the event's name and the match's round and table, as ``notify`` wrote them)
keep that template and its params, so they are said in the reader's language. Any other row keeps only its
stored text, which is what it shows. The sentences are frozen here as they were written."""

from django.db import migrations

TEMPLATES = (
    "%(event)s is full: you are on the waiting list.",
    "A place opened at %(event)s: you are registered.",
    "You are registered for %(event)s.",
    "%(name)s dropped from %(event)s.",
    "You were dropped from %(event)s by an organizer.",
    "You joined %(event)s from round %(number)s.",
    "%(name)s claimed their entry in %(event)s.",
    "You are a judge of %(event)s: you can enter and correct results and rule on disputes.",
    "Round %(number)s: you have a bye.",
    "Round %(number)s: table %(table)s against %(against)s.",
    "%(name)s uploaded the log of your round %(number)s game.",
    "%(name)s confirmed the result of round %(number)s.",
    "%(name)s disputes the result of round %(number)s.",
    "Dispute at round %(number)s, table %(table)s: %(reason)s",
)


def sentence_of(message: str, event_name: str | None, match_round: int | None, match_table: int | None):
    from tournaments.said import listed, read_back, render, said

    leads = []
    if event_name:
        # The lead was the event's name and whichever of the round and the table the message did not name:
        # the longest first, so that a lead is never read as part of a name.
        where = []
        if match_round is not None:
            where.append(said("round %(number)s", number=match_round))
        if match_table is not None:
            where.append(said("table %(table)s", table=match_table))
        if len(where) == 2:
            leads.append([event_name, *where])
        leads += [[event_name, part] for part in where] + [[event_name]]
    for parts in leads:
        lead = render(listed(parts), translate=False) + " — "
        if not message.startswith(lead):
            continue
        inner = read_back(TEMPLATES, message[len(lead) :])
        if inner is None:
            continue
        sentence = said("%(about)s — %(message)s", about=listed(parts), message=inner)
        if render(sentence, translate=False) == message:
            return sentence
    if event_name and " — " in message:
        return None  # a lead that fits no sentence: the row keeps its text
    return read_back(TEMPLATES, message)


def forwards(apps, schema_editor):
    from tournaments.said import split

    Notification = apps.get_model("tournaments", "Notification")
    rows = Notification.objects.filter(template="").select_related("event", "match__round")
    for row in rows.iterator(chunk_size=500):
        match = row.match
        found = sentence_of(
            row.message,
            row.event.name if row.event_id else None,
            match.round.number if match is not None else None,
            match.table if match is not None else None,
        )
        if found is None:
            continue
        row.template, row.params = split(found)
        row.save(update_fields=["template", "params"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0017_notification_params_notification_template"),
        ("draw", "0002_match_reason_params_match_reason_template"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
