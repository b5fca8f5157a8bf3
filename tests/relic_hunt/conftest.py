"""Relic hunt is installed for each test of this folder and removed after it."""

from __future__ import annotations

import pytest

from tests.relic_hunt.installed import installed


@pytest.fixture
def relic_hunt():
    from django.core.cache import cache

    cache.clear()
    with installed():
        yield
    cache.clear()
