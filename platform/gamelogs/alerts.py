"""Telling staff that the pipeline needs a person: a log given up on, effects that keep failing.

An alert is an ERROR line in the worker's log (collected by whatever watches the logs) and a mail to
``settings.ADMINS`` when mail is configured; the log or outbox row it names shows the same reason in
the admin, so nothing depends on the mail arriving.
"""

from __future__ import annotations

import logging

from django.core.mail import mail_admins

logger = logging.getLogger("arbiter.alerts")


def alert_staff(subject: str, message: str) -> None:
    logger.error("%s: %s", subject, message)
    mail_admins(f"Arbiter: {subject}", message, fail_silently=True)
