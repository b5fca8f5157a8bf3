"""Sending one delivery: POST, signed; retried with exponential backoff; every attempt recorded."""

from __future__ import annotations

import logging
import urllib.error
import urllib.request
from datetime import timedelta

from celery import shared_task
from django.db import InterfaceError, OperationalError
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from webhooks.addresses import ForbiddenAddress, check_url
from webhooks.models import Delivery, DeliveryState
from webhooks.signing import SIGNATURE_HEADER, signature

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 10
MAX_ATTEMPTS = 8  # about 4 hours of retries: 1, 2, 4 … 128 minutes apart
USER_AGENT = "Arbiter-Webhooks/1"


class DeliveryFailed(Exception):
    pass


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects are not followed: check_url vetted the subscription's address, not wherever a
    public server might send us next (a private address, the cloud's metadata service). A 3xx is
    recorded as the delivery's answer, and a receiver that moved is re-pointed by its owner."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_opener = urllib.request.build_opener(_NoRedirects)


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(DeliveryFailed, OperationalError, InterfaceError),
    retry_backoff=60,
    retry_backoff_max=2 * 3600,
    retry_jitter=True,
    max_retries=MAX_ATTEMPTS - 1,
)
def deliver_webhook(self, delivery_id: int) -> str:
    delivery = Delivery.objects.select_related("subscription").filter(pk=delivery_id).first()
    if delivery is None or delivery.state != DeliveryState.PENDING:
        return "nothing to do"
    body = delivery.body.encode()
    request = urllib.request.Request(
        delivery.subscription.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            "X-Arbiter-Event": delivery.kind,
            "X-Arbiter-Delivery": str(delivery.pk),
            SIGNATURE_HEADER: signature(delivery.subscription.secret, body),
        },
    )
    delivery.attempts += 1
    try:
        check_url(delivery.subscription.url)
        with _opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            delivery.last_status, delivery.last_error = response.status, ""
    except urllib.error.HTTPError as exc:
        delivery.last_status, delivery.last_error = exc.code, f"HTTP {exc.code}"
        if 300 <= exc.code < 400:
            delivery.last_error = (
                f"HTTP {exc.code}: redirects are not followed (to {exc.headers.get('Location', '?')})"[:300]
            )
    except ForbiddenAddress as exc:  # re-pointed since it was accepted: never retried
        delivery.last_status, delivery.last_error = None, str(exc)[:300]
        delivery.attempts = MAX_ATTEMPTS
    except (urllib.error.URLError, OSError, ValueError) as exc:
        delivery.last_status, delivery.last_error = None, f"{type(exc).__name__}: {exc}"[:300]
    ok = delivery.last_status is not None and 200 <= delivery.last_status < 300
    if ok:
        delivery.state, delivery.delivered_at = DeliveryState.DELIVERED, timezone.now()
    elif delivery.attempts >= MAX_ATTEMPTS:
        delivery.state = DeliveryState.FAILED
    delivery.save(update_fields=["attempts", "last_status", "last_error", "state", "delivered_at"])
    if delivery.state == DeliveryState.PENDING:
        raise DeliveryFailed(delivery.last_error)
    return delivery.state


@shared_task(acks_late=True)
def resend_pending_webhooks(older_than_minutes: int = 10) -> int:
    """Periodic: deliveries never attempted (their message was lost, or the broker was down when
    they were queued) are sent again. Ones being retried have attempts > 0 and are left alone."""
    cutoff = timezone.now() - timedelta(minutes=older_than_minutes)
    ids = list(
        Delivery.objects.filter(state=DeliveryState.PENDING, attempts=0, created_at__lt=cutoff).values_list(
            "pk", flat=True
        )[:1000]
    )
    for pk in ids:
        deliver_webhook.delay(pk)
    return len(ids)


def send(delivery_id: int) -> None:
    """Queue a delivery; if the broker is down the periodic resend picks it up."""
    try:
        deliver_webhook.delay(delivery_id)
    except BrokerError:
        log.warning("broker unavailable: webhook delivery %s left for the periodic resend", delivery_id)
