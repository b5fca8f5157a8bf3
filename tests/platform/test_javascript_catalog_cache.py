"""The pages' scripts' words (/i18n/js/, issue #24): every page loads the catalog once, at an address that
names its language and the deployed catalogs' version, and that answer is cacheable for a year; asked
without them it follows the request's language and is kept only briefly."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from arbiter_site.js_catalog import catalog_version

pytestmark = pytest.mark.django_db


def catalog_address(page: str) -> str:
    found = re.findall(r'<script src="(/i18n/js/[^"]*)"', page)
    assert len(found) == 1, found
    return found[0].replace("&amp;", "&")


@pytest.mark.parametrize("language", ["it", "es", "pl"])
def test_a_page_names_its_language_and_the_catalogs_version(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    address = catalog_address(client.get("/rules/").content.decode())
    assert address == f"/i18n/js/?l={language}&v={catalog_version()}"
    answer = client.get(address)
    assert answer.status_code == 200 and "javascript" in answer["Content-Type"]
    cache = answer["Cache-Control"]
    assert "public" in cache and "max-age=31536000" in cache and "immutable" in cache
    assert answer["Content-Language"] == language
    assert answer["ETag"] and answer["Last-Modified"]


def test_the_versioned_catalog_is_in_its_own_language_whatever_the_browser_says(client):
    words = client.get(f"/i18n/js/?l=pl&v={catalog_version()}", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    italian = client.get(f"/i18n/js/?l=it&v={catalog_version()}", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Dziki region %(number)s" in words and "Dziki region" not in italian
    assert "Regione selvaggia %(number)s" in italian


def test_an_unversioned_or_stale_catalog_is_kept_briefly_and_varies_with_the_language(client):
    plain = client.get("/i18n/js/", HTTP_ACCEPT_LANGUAGE="es")
    assert "max-age=300" in plain["Cache-Control"] and "immutable" not in plain["Cache-Control"]
    assert "Accept-Language" in plain["Vary"] and plain["Content-Language"] == "es"
    stale = client.get("/i18n/js/?l=es&v=0ld")
    assert "max-age=300" in stale["Cache-Control"] and "public" not in stale["Cache-Control"]


def test_a_browser_that_has_it_is_answered_not_modified(client):
    first = client.get(f"/i18n/js/?l=it&v={catalog_version()}")
    again = client.get(f"/i18n/js/?l=it&v={catalog_version()}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content
    other = client.get(f"/i18n/js/?l=es&v={catalog_version()}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert other.status_code == 200
