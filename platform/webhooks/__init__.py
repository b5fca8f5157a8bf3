"""Signed outgoing webhooks: results, pairings and verdicts POSTed to subscribers' URLs.

* A subscription belongs to a user and names its kinds (``result``, ``pairings``, ``verdict``)
  and optionally one event. Without an event it follows what concerns its owner (verdicts of
  logs they uploaded; results and pairings of events they play in or organize); with an event it
  follows that event (verdicts only for the event's organizers: logs are private).
* Each message is a ``WebhookDelivery`` row, written in the transaction of what caused it (the
  delivery log, and an outbox: nothing is sent for a change that rolled back). A Celery task
  POSTs it, signed ``X-Arbiter-Signature: sha256=<HMAC-SHA256 of the body with the
  subscription's secret>``, retrying with exponential backoff; every attempt is recorded.
"""
