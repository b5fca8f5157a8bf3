"""Subscriptions and their delivery log."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    RESULT = "result", _("Match results")
    PAIRINGS = "pairings", _("Published pairings")
    VERDICT = "verdict", _("Log verdicts")


def new_secret() -> str:
    return secrets.token_hex(32)


class Subscription(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    kinds = models.JSONField(default=list, help_text=_("any of result, pairings, verdict"))
    event = models.ForeignKey(
        "tournaments.Event", null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks"
    )
    secret = models.CharField(max_length=64, default=new_secret)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.owner} → {self.url} ({', '.join(self.kinds)})"


class DeliveryState(models.TextChoices):
    PENDING = "pending", _("Pending")
    DELIVERED = "delivered", _("Delivered")
    FAILED = "failed", _("Failed (gave up)")


class Delivery(models.Model):
    """One message to one subscription. ``key`` makes a message idempotent: the same result,
    round or verdict is never queued twice for a subscription."""

    subscription = models.ForeignKey(Subscription, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.CharField(max_length=200)
    body = models.TextField(help_text=_("the exact bytes sent (UTF-8 JSON) and signed"))
    state = models.CharField(max_length=10, choices=DeliveryState.choices, default=DeliveryState.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["subscription", "key"], name="one_delivery_per_message")
        ]
        indexes = [models.Index(fields=["state", "created_at"], name="webhook_delivery_state_idx")]
