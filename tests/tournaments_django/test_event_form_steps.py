"""The event form in steps: one fieldset each for the game and mode, the schedule and place,
pairing and the draw, scoring and tiebreaks, registration and lists; every tiebreak the game
offers with one line on what it measures, progressive score among them."""

import re

import pytest
from django.urls import reverse

from tournaments.algorithms.tiebreaks import metrics_for
from tournaments.tiebreak_labels import EXPLANATIONS

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_as_organizer(client, organizer):
    client.force_login(organizer)
    return client


def fieldsets(html: str) -> dict[str, list[str]]:
    """Each fieldset's legend and the names of the fields in it."""
    found = {}
    for body in re.findall(r"<fieldset[^>]*>(.*?)</fieldset>", html, re.S):
        legend = re.search(r"<legend>(.*?)</legend>", body, re.S).group(1).strip()
        found[legend] = re.findall(r'<(?:input|select|textarea)[^>]* name="([^"]+)"', body)
    return found


def test_the_form_comes_in_five_steps_with_every_field_in_one(client_as_organizer):
    html = client_as_organizer.get(
        reverse("tournaments:create"), {"game": "hoplomachus-remastered"}
    ).content.decode()
    steps = fieldsets(html)
    assert list(steps) == [
        "1. Game and mode",
        "2. Schedule and place",
        "3. Pairing and draw",
        "4. Scoring and tiebreaks",
        "5. Registration and lists",
    ]
    assert {"name", "game", "game_mode", "content_pack"} <= set(steps["1. Game and mode"])
    assert {"starts_on", "venue"} <= set(steps["2. Schedule and place"])
    assert {"format", "swiss_rounds", "draw_rule"} <= set(steps["3. Pairing and draw"])
    assert {"points_win", "tiebreaks_0", "battle_points"} <= set(steps["4. Scoring and tiebreaks"])
    assert {"registration_cap", "require_check_in"} <= set(steps["5. Registration and lists"])
    named = [name for names in steps.values() for name in names]
    assert len(named) == len(set(named))  # no field twice
    # Every field of the form is in a step: nothing outside the fieldsets but the token.
    outside = re.sub(
        r"<fieldset.*?</fieldset>",
        "",
        re.search(r'<form method="post".*?</form>', html, re.S).group(0),
        flags=re.S,
    )
    assert re.findall(r'<(?:input|select|textarea)[^>]* name="([^"]+)"', outside) == ["csrfmiddlewaretoken"]


def test_each_tiebreak_choice_says_what_it_measures(client_as_organizer):
    html = client_as_organizer.get(
        reverse("tournaments:create"), {"game": "motu-battleground"}
    ).content.decode()
    help_box = re.search(r'<div class="wide tiebreak-help" id="tiebreak-help">(.*?)</div>', html, re.S).group(
        1
    )
    terms = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", help_box)
    assert len(terms) == len(metrics_for("motu-battleground"))
    assert all(explanation and explanation != "—" for _name, explanation in terms)
    assert ("Progressive score", str(EXPLANATIONS["progressive"])) in [
        (name, explanation.replace("&#x27;", "'")) for name, explanation in terms
    ]
    assert '<option value="progressive">Progressive score</option>' in html


def test_an_event_ranks_by_progressive_score_chosen_in_the_form(client_as_organizer):
    from tests.tournaments_django.test_event_form_follows_game import read_form
    from tournaments.models import Event

    form = read_form(client_as_organizer.get(reverse("tournaments:create")))
    data = {**form.values, "name": "Progressive Open", "starts_on": "2026-06-01"}
    data |= {"tiebreaks_0": "points", "tiebreaks_1": "progressive", "tiebreaks_2": "", "tiebreaks_3": ""}
    answer = client_as_organizer.post(reverse("tournaments:create"), data)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    assert Event.objects.get(name="Progressive Open").tiebreaks == ["points", "progressive"]


def test_the_italian_form_translates_its_steps_markup_stays(client_as_organizer):
    html = client_as_organizer.get(reverse("tournaments:create"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert len(re.findall(r"<fieldset", html)) == 5 and 'name="choose_game"' in html
