"""ReDoc's bundle as the API docs page loads it: from this site, asking nothing of another host.

The bundle (drf-spectacular-sidecar) always renders the Redocly logo in its side menu's footer from
their CDN, with no option to turn it off; the Content-Security-Policy refuses that request and the
browser reports it. Served from here with that address emptied, the footer keeps its link and shows
no image: an ``<img>`` without a source fetches nothing and ReDoc hides it when it fails to load.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

BUNDLE = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


@lru_cache(maxsize=1)
def patched_bundle() -> bytes:
    path = finders.find(BUNDLE)
    if path is None:
        raise FileNotFoundError(
            f"{BUNDLE} is not among the static files (is drf-spectacular-sidecar installed?)"
        )
    with open(path, "rb") as bundle:
        text = bundle.read().decode("utf-8")
    if CDN_LOGO not in text:
        logger.warning("the ReDoc bundle no longer names %s; serving it unchanged", CDN_LOGO)
    return text.replace(CDN_LOGO, "").encode("utf-8")


@require_GET
@cache_control(public=True, max_age=86400)
def redoc_bundle(request) -> HttpResponse:
    return HttpResponse(patched_bundle(), content_type="text/javascript; charset=utf-8")
