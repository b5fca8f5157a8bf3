"""A webhook receiver that redirects is not followed: the address the redirect names was never checked
(webhooks.addresses), so a public URL answering 302 to a private one cannot make the site fetch it."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from webhooks import tasks
from webhooks.models import Delivery, Subscription


class Endpoint:
    def __init__(self, status: int, location: str | None = None):
        self.hits: list[str] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                endpoint.hits.append(self.command)
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_recorded_not_followed(make_user, settings, status):
    settings.ARBITER_WEBHOOK_ALLOW_PRIVATE = True  # both endpoints listen on 127.0.0.1
    private = Endpoint(204)
    public = Endpoint(status, location=private.url)
    try:
        subscription = Subscription.objects.create(owner=make_user("fan"), url=public.url, kinds=["verdict"])
        delivery = Delivery.objects.create(subscription=subscription, kind="verdict", key="k", body="{}")
        with pytest.raises(tasks.DeliveryFailed):
            tasks.deliver_webhook(delivery.pk)
        delivery.refresh_from_db()
        assert public.hits == ["POST"] and private.hits == []
        assert delivery.last_status == status and "redirects are not followed" in delivery.last_error
    finally:
        public.server.shutdown()
        private.server.shutdown()
