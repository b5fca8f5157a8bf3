"""The pages' scripts' words (Django's JavaScript catalog, the djangojs catalogs), served once per page and
cacheable: pages ask for ``/i18n/js/?l=<language>&v=<version>``, where the version names the deployed
catalogs (the compiled djangojs files and ``ARBITER_RELEASE`` when set). Such an address never changes its
answer, so browsers and proxies keep it for a year; a new deploy with other words has another version and
so another address. Asked without them (older pages, a hand-typed address) the catalog is in the request's
language, kept a short while and varying with what chose that language."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, quote_etag
from django.views.i18n import JavaScriptCatalog

YEAR = 365 * 24 * 3600
SHORT = 300  # an unversioned answer follows the reader's language; kept only a few minutes


def _catalog_files() -> list[Path]:
    import django

    folders = [Path(p) for p in settings.LOCALE_PATHS] + [Path(django.__file__).parent / "conf" / "locale"]
    return sorted(
        f for folder in folders if folder.is_dir() for f in folder.glob("*/LC_MESSAGES/djangojs.mo")
    )


@lru_cache(maxsize=1)
def _stamp() -> tuple[str, float]:
    """(version, newest change): the catalogs as deployed, read once per process."""
    digest = hashlib.sha256(os.environ.get("ARBITER_RELEASE", "").encode())
    newest = 0.0
    for path in _catalog_files():
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
        newest = max(newest, stat.st_mtime)
    return digest.hexdigest()[:12], newest


def catalog_version() -> str:
    return _stamp()[0]


def catalog_url(language: str | None = None) -> str:
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    return f"{reverse('javascript-catalog')}?l={language}&v={catalog_version()}"


class CachedJavaScriptCatalog(JavaScriptCatalog):
    def get(self, request, *args, **kwargs):
        language = request.GET.get("l", "")
        known = language in dict(settings.LANGUAGES)
        version, newest = _stamp()
        pinned = known and request.GET.get("v") == version
        etag = quote_etag(f"{version}-{language if known else translation.get_language()}")
        last_modified = int(newest) if newest else None
        not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
        if not_modified is None:
            if known:
                with translation.override(language):
                    response = super().get(request, *args, **kwargs)
            else:
                response = super().get(request, *args, **kwargs)
        else:
            response = not_modified
        response["ETag"] = etag
        if last_modified:
            response["Last-Modified"] = http_date(last_modified)
        response["Content-Language"] = language if known else translation.get_language()
        if pinned:
            patch_cache_control(response, public=True, max_age=YEAR, immutable=True)
        else:
            patch_cache_control(response, max_age=SHORT)
            if not known:
                patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response
