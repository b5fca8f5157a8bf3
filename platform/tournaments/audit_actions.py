"""The audit trail's kinds of entry (``AuditEntry.action``, stable keys the API gives as they are), named in
the reader's language on the pages."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

ACTION_LABELS = {
    "admitted": pgettext_lazy("audit trail", "admitted"),
    "checked-in": pgettext_lazy("audit trail", "checked in"),
    "claimed": pgettext_lazy("audit trail", "claimed"),
    "closed": pgettext_lazy("audit trail", "closed"),
    "confirmed": pgettext_lazy("audit trail", "confirmed"),
    "corrected": pgettext_lazy("audit trail", "corrected"),
    "correction-flag": pgettext_lazy("audit trail", "correction"),
    "created": pgettext_lazy("audit trail", "created"),
    "decided": pgettext_lazy("audit trail", "decided"),
    "dispute-resolved": pgettext_lazy("audit trail", "dispute resolved"),
    "disputed": pgettext_lazy("audit trail", "disputed"),
    "dropped": pgettext_lazy("audit trail", "dropped"),
    "edited": pgettext_lazy("audit trail", "edited"),
    "finished": pgettext_lazy("audit trail", "finished"),
    "guest-added": pgettext_lazy("audit trail", "guest added"),
    "imported": pgettext_lazy("audit trail", "imported"),
    "join-code": pgettext_lazy("audit trail", "join code"),
    "judge-added": pgettext_lazy("audit trail", "judge added"),
    "judge-removed": pgettext_lazy("audit trail", "judge removed"),
    "late-join": pgettext_lazy("audit trail", "late join"),
    "list-entered": pgettext_lazy("audit trail", "list entered"),
    "lists-locked": pgettext_lazy("audit trail", "lists locked"),
    "no-show": pgettext_lazy("audit trail", "no-show"),
    "organizer-added": pgettext_lazy("audit trail", "organizer added"),
    "paired": pgettext_lazy("audit trail", "paired"),
    "promoted": pgettext_lazy("audit trail", "promoted"),
    "published": pgettext_lazy("audit trail", "published"),
    "re-paired": pgettext_lazy("audit trail", "re-paired"),
    "reported": pgettext_lazy("audit trail", "reported"),
    "reverified": pgettext_lazy("audit trail", "verified again"),
    "ringer-added": pgettext_lazy("audit trail", "ringer added"),
    "seeded": pgettext_lazy("audit trail", "seeded"),
    "soft-scores": pgettext_lazy("audit trail", "soft scores"),
    "swapped": pgettext_lazy("audit trail", "swapped"),
    "team": pgettext_lazy("audit trail", "team"),
    "timer": pgettext_lazy("audit trail", "timer"),
}
