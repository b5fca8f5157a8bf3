"""Entries refused before their reasons kept templates: where every reason reads back, word for word, as
one of the sentences below, the entry keeps them as sentences and they are said in the reader's language;
any other entry shows its stored English. The sentences are frozen here as they were written."""

from django.db import migrations

TEMPLATES = (
    "The log is not legal: %(why)s.",
    "The verdict has no result against the game: is it a solo or co-op game?",
    "The log is labelled simulated; only games people played can enter this challenge.",
    "%(name)s did not start this challenge before submitting the log.",
    "The log was submitted after the challenge closed.",
    "The log is a game of %(log)s; the challenge is %(challenge)s.",
    "Content pack %(key)s: the log has %(log)s; the challenge uses %(challenge)s.",
    "The log's randomness is %(mode)s; challenge games are played seeded, with the challenge's seed (start the "
    "challenge to get it).",
    "The log's seed commitment %(log)s… is not the challenge's %(challenge)s…: it was played with another seed.",
    "The log has %(log)s player(s); the challenge has %(challenge)s.",
    "Seat %(seat)s %(key)s: the log has %(log)s; the challenge has %(challenge)s.",
    "%(name)s.%(key)s: the log has %(log)s; the challenge has %(challenge)s.",
)


def forwards(apps, schema_editor):
    from tournaments.said import read_back

    Entry = apps.get_model("challenges", "ChallengeEntry")
    for entry in Entry.objects.exclude(reasons=[]).filter(reasons_said=[]).iterator(chunk_size=500):
        if not isinstance(entry.reasons, list):
            continue
        found = [read_back(TEMPLATES, str(reason)) for reason in entry.reasons]
        if found and all(found):
            entry.reasons_said = found
            entry.save(update_fields=["reasons_said"])


class Migration(migrations.Migration):
    dependencies = [("challenges", "0003_challengeentry_reasons_said")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
