"""Where a webhook may be sent: public addresses only, unless the site allows private ones.

A subscriber names any URL; without this check the workers would POST to whatever it resolves
to, including this cluster's own services or a cloud metadata endpoint. Checked when the
subscription is made and again before each delivery (a name can be re-pointed in between).
``ARBITER_WEBHOOK_ALLOW_PRIVATE = True`` lifts it (development, tests with a local receiver).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings


class ForbiddenAddress(ValueError):
    pass


def check_url(url: str) -> None:
    """Raise ForbiddenAddress unless every address ``url``'s host resolves to is public."""
    if getattr(settings, "ARBITER_WEBHOOK_ALLOW_PRIVATE", False):
        return
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ForbiddenAddress("an http or https URL with a host name")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise ForbiddenAddress(f"{parts.hostname} does not resolve") from exc
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if not address.is_global:
            raise ForbiddenAddress(f"{parts.hostname} is a private or local address ({address})")
