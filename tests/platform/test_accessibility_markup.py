"""Markup that assistive technology relies on (issue #24): every id an ARIA attribute or a label names
exists on the page, and no id is given twice (the event form's help texts, the manage page's forms)."""

from collections import Counter
from datetime import date
from html.parser import HTMLParser

import pytest

pytestmark = pytest.mark.django_db

REFERENCES = ("aria-describedby", "aria-labelledby", "aria-controls", "for")


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.references = Counter(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids[attrs["id"]] += 1
        for name in REFERENCES:
            if attrs.get(name):
                self.references += [(name, ref) for ref in attrs[name].split()]


def _check(page: str) -> None:
    parser = _Ids()
    parser.feed(page)
    assert [i for i, n in parser.ids.items() if n > 1] == []
    assert [(name, ref) for name, ref in parser.references if ref not in parser.ids] == []


@pytest.fixture
def organizer_client(client, make_user):
    from accounts.services import make_organizer

    olga = make_user("olga")
    make_organizer(olga)
    client.force_login(olga)
    return client, olga


def test_the_event_forms_help_texts_are_the_ones_their_fields_name(organizer_client):
    client, _ = organizer_client
    page = client.get("/events/new/").content.decode()
    assert 'aria-describedby="id_' in page
    _check(page)


def test_the_manage_page_has_no_id_twice(organizer_client):
    from tournaments import services

    client, olga = organizer_client
    event = services.create_event(
        olga, name="Grayskull Monthly", starts_on=date(2026, 12, 5), points_limit=110
    )
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Add an organizer" in page
    _check(page)
