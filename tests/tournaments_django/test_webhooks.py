"""Signed outgoing webhooks, delivered to a real HTTP server on this machine: pairings when a
round is published, results when they count, verdicts of one's own logs; HMAC-SHA256 over the
body; retries recorded in the delivery log; never the same message twice."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from rest_framework.test import APIClient

from draw import services as draw_services
from draw.seats import two_seats
from results import services as result_services
from tests.tournaments_django.conftest import cross_faction_match, log_for, verify
from webhooks import tasks
from webhooks.models import Delivery, DeliveryState, Subscription
from webhooks.signing import verify as verify_signature

pytestmark = pytest.mark.django_db


class Receiver:
    """A local HTTP endpoint that records what it is sent and answers ``status``."""

    def __init__(self):
        self.requests: list[dict] = []
        self.status = 204
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"headers": dict(self.headers), "body": body})
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def bodies(self) -> list[dict]:
        return [json.loads(r["body"]) for r in self.requests]


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.server.shutdown()


@pytest.fixture(autouse=True)
def local_receivers_allowed(settings):
    settings.ARBITER_WEBHOOK_ALLOW_PRIVATE = True  # the receiver listens on 127.0.0.1


@pytest.fixture
def delivered_inline(monkeypatch):
    """Deliveries are sent in this process as soon as their transaction commits."""
    monkeypatch.setattr(tasks, "send", lambda pk: tasks.deliver_webhook(pk))


def _subscribe(owner, url, kinds, event=None) -> Subscription:
    return Subscription.objects.create(owner=owner, url=url, kinds=kinds, event=event)


def test_published_pairings_are_posted_signed(field, organizer, make_user, receiver, delivered_inline,
                                              django_capture_on_commit_callbacks):  # fmt: skip
    event, players = field(4)
    fan = _subscribe(make_user("fan"), receiver.url, ["pairings"], event=event)
    player = _subscribe(players[0], receiver.url, ["pairings"])
    stranger = _subscribe(make_user("stranger"), receiver.url, ["pairings"])  # follows no event
    with django_capture_on_commit_callbacks(execute=True):
        round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    assert len(receiver.requests) == 2
    for request in receiver.requests:
        headers = request["headers"]
        assert headers["X-Arbiter-Event"] == "pairings"
        secret = Subscription.objects.get(deliveries__pk=int(headers["X-Arbiter-Delivery"])).secret
        expected = "sha256=" + hmac.new(secret.encode(), request["body"], hashlib.sha256).hexdigest()
        assert headers["X-Arbiter-Signature"] == expected
        assert verify_signature(secret, request["body"], headers["X-Arbiter-Signature"])
        assert not verify_signature("another secret", request["body"], headers["X-Arbiter-Signature"])
    body = receiver.bodies()[0]
    assert body["kind"] == "pairings" and body["data"]["event"] == event.slug
    assert body["data"]["round"] == round_.number and len(body["data"]["pairings"]) == 2
    assert {d.subscription_id for d in Delivery.objects.filter(state=DeliveryState.DELIVERED)} == {
        fan.pk,
        player.pk,
    }
    assert not stranger.deliveries.exists()


def test_a_result_is_posted_once(running_round, organizer, make_user, receiver, delivered_inline,
                                 django_capture_on_commit_callbacks):  # fmt: skip
    event, round_, _ = running_round
    _subscribe(make_user("fan"), receiver.url, ["result"], event=event)
    match = round_.matches.games().first()
    with django_capture_on_commit_callbacks(execute=True):
        result_services.decide_result(organizer, match, scores=two_seats("win", (30, 10)))
        match.refresh_from_db()
        match.save()  # saved again, same result: no second message
    (body,) = receiver.bodies()
    assert body["kind"] == "result" and body["data"]["match"] == match.pk
    first, second = body["data"]["result"]["seats"]
    assert (first["outcome"], first["score"], second["outcome"], second["score"]) == ("win", 30, "loss", 10)


def test_the_uploader_hears_the_verdict_of_their_log(running_round, receiver, delivered_inline, published,
                                                     django_capture_on_commit_callbacks):  # fmt: skip
    event, round_, _ = running_round
    match = cross_faction_match(round_)
    uploader = match.entrants()[0].player
    _subscribe(uploader, receiver.url, ["verdict"])
    _subscribe(match.entrants()[1].player, receiver.url, ["verdict"])  # not an uploader: hears nothing
    response = APIClient()
    response.force_authenticate(uploader)
    attached = response.post(
        f"/api/events/{event.slug}/matches/{match.pk}/log/",
        data=log_for(match),
        content_type="application/json",
    )
    verify(attached.json()["log"]["id"], django_capture_on_commit_callbacks)
    verdicts = [b for b in receiver.bodies() if b["kind"] == "verdict"]
    assert len(verdicts) == 1
    assert verdicts[0]["data"]["log"]["state"] == "legal"
    assert verdicts[0]["data"]["matches"] == [{"event": event.slug, "match": match.pk}]


def test_a_failing_endpoint_is_retried_and_every_attempt_recorded(field, organizer, make_user, receiver,
                                                                   monkeypatch):  # fmt: skip
    event, _ = field(4)
    _subscribe(make_user("fan"), receiver.url, ["pairings"], event=event)
    monkeypatch.setattr(tasks, "send", lambda pk: None)
    draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    (delivery,) = Delivery.objects.all()
    receiver.status = 500
    with pytest.raises(tasks.DeliveryFailed):
        tasks.deliver_webhook(delivery.pk)  # a worker retries it with backoff
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts, delivery.last_status) == ("pending", 1, 500)
    assert tasks.deliver_webhook.retry_backoff and tasks.deliver_webhook.max_retries == tasks.MAX_ATTEMPTS - 1
    receiver.status = 200
    assert tasks.deliver_webhook(delivery.pk) == "delivered"
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts, delivery.last_status) == ("delivered", 2, 200)
    assert len(receiver.requests) == 2 and receiver.requests[0]["body"] == receiver.requests[1]["body"]


def test_giving_up_after_the_last_attempt(field, organizer, make_user, monkeypatch):
    event, _ = field(4)
    _subscribe(make_user("fan"), "http://127.0.0.1:9/nothing-listens", ["pairings"], event=event)
    monkeypatch.setattr(tasks, "send", lambda pk: None)
    draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    (delivery,) = Delivery.objects.all()
    Delivery.objects.filter(pk=delivery.pk).update(attempts=tasks.MAX_ATTEMPTS - 1)
    assert tasks.deliver_webhook(delivery.pk) == "failed"
    delivery.refresh_from_db()
    assert delivery.state == "failed" and "Connection refused" in delivery.last_error


def test_subscriptions_and_their_delivery_log_through_the_api(field, organizer, make_user, monkeypatch):
    event, _ = field(4)
    monkeypatch.setattr(tasks, "send", lambda pk: None)
    fan = make_user("fan")
    api = APIClient()
    api.force_authenticate(fan)
    created = api.post(
        "/api/webhooks/", {"url": "https://hooks.example.org/a", "kinds": ["pairings"], "event": event.slug},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201 and len(created.json()["secret"]) == 64
    refused = api.post(
        "/api/webhooks/",
        {"url": "https://x.example.org", "kinds": ["verdict"], "event": event.slug},
        format="json",
    )
    assert refused.status_code == 400 and "organizers" in json.dumps(refused.json())
    assert (
        api.post("/api/webhooks/", {"url": "ftp://x", "kinds": ["result"]}, format="json").status_code == 400
    )
    draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    pk = created.json()["id"]
    log = api.get(f"/api/webhooks/{pk}/deliveries/").json()["results"]
    assert [d["kind"] for d in log] == ["pairings"] and log[0]["state"] == "pending"
    other = APIClient()
    other.force_authenticate(make_user("other"))
    assert other.get(f"/api/webhooks/{pk}/").status_code == 404
    assert other.get(f"/api/webhooks/{pk}/deliveries/").json()["results"] == []
    assert api.delete(f"/api/webhooks/{pk}/").status_code == 204


def test_deliveries_whose_message_was_lost_are_sent_again(field, organizer, make_user, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    event, _ = field(4)
    _subscribe(make_user("fan"), "https://hooks.example.org/a", ["pairings"], event=event)
    monkeypatch.setattr(tasks, "send", lambda pk: None)  # the message never reaches the broker
    draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    (delivery,) = Delivery.objects.all()
    sent = []
    monkeypatch.setattr(tasks.deliver_webhook, "delay", lambda pk: sent.append(pk))
    assert tasks.resend_pending_webhooks() == 0  # too recent: its message may still be on its way
    Delivery.objects.filter(pk=delivery.pk).update(created_at=timezone.now() - timedelta(minutes=11))
    assert tasks.resend_pending_webhooks() == 1 and sent == [delivery.pk]


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "10.1.2.3", "169.254.169.254", "192.168.0.7", "::1", "fd00::5", "100.64.0.1"]
)
def test_a_webhook_to_a_private_or_local_address_is_refused(settings, monkeypatch, make_user, address):
    import socket

    from webhooks.addresses import ForbiddenAddress, check_url

    settings.ARBITER_WEBHOOK_ALLOW_PRIVATE = False
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda host, port, **kw: [(None, None, None, "", (address, port))]
    )
    with pytest.raises(ForbiddenAddress, match="private or local"):
        check_url("https://hooks.example.org/a")
    api = APIClient()
    api.force_authenticate(make_user("fan"))
    refused = api.post(
        "/api/webhooks/", {"url": "https://hooks.example.org/a", "kinds": ["result"]}, format="json"
    )
    assert refused.status_code == 400 and "private or local" in json.dumps(refused.json())


def test_a_public_address_is_accepted_and_a_re_pointed_one_is_not_sent_to(field, organizer, settings, monkeypatch,
                                                                           make_user):  # fmt: skip
    import socket

    settings.ARBITER_WEBHOOK_ALLOW_PRIVATE = False
    resolved = {"address": "93.184.215.14"}
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda host, port, **kw: [(None, None, None, "", (resolved["address"], port))]
    )
    event, _ = field(4)
    api = APIClient()
    api.force_authenticate(make_user("fan"))
    created = api.post(
        "/api/webhooks/", {"url": "https://hooks.example.org/a", "kinds": ["pairings"], "event": event.slug},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201
    monkeypatch.setattr(tasks, "send", lambda pk: None)
    draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    resolved["address"] = "10.0.0.8"  # the name now points inside the network
    (delivery,) = Delivery.objects.all()
    assert tasks.deliver_webhook(delivery.pk) == "failed"
    delivery.refresh_from_db()
    assert "private or local" in delivery.last_error
