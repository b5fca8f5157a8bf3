"""The manage page's forms each name their own fields: no id twice on the page (axe-core's
duplicate-id-aria rule; the late-join and organizer forms both have a username field)."""

from collections import Counter
from html.parser import HTMLParser

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


class Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: Counter = Counter()
        self.labels: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids[attrs["id"]] += 1
        if tag == "label" and attrs.get("for"):
            self.labels.append(attrs["for"])


def page_ids(html: str) -> Ids:
    parser = Ids()
    parser.feed(html)
    return parser


def test_every_id_on_the_manage_page_is_unique_and_every_label_points_at_one(field, organizer, client):
    event, _ = field(3, check_in=False, require_check_in=True)
    client.force_login(organizer)
    parsed = page_ids(client.get(reverse("tournaments:manage", args=[event.slug])).content.decode())
    assert [i for i, n in parsed.ids.items() if n > 1] == []
    assert {"id_late_join_username", "id_organizer_username", "id_judge_username"} <= set(parsed.ids)
    assert "id_username" not in parsed.ids
    assert [target for target in parsed.labels if target not in parsed.ids] == []
