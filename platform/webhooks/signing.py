"""HMAC-SHA256 over the exact body. A receiver recomputes it with its secret and compares in
constant time (``hmac.compare_digest``)."""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "X-Arbiter-Signature"


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify(secret: str, body: bytes, header: str) -> bool:
    return hmac.compare_digest(signature(secret, body), header or "")
