"""Issue #9: an event's bye score follows its game's ResultSchema (VP in Battleground, favour in
Hoplomachus) and a new event's game and pack come from the registry, not from constants."""

import pytest

from tournaments.forms import EventForm
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "label"), [("motu-battleground", "VP for a bye"), ("hoplomachus-remastered", "Favour for a bye")]
)
def test_the_bye_score_is_labelled_with_the_games_score(game, label):
    assert EventForm(initial={"game": game}).fields["bye_score"].label == label


def test_a_new_event_defaults_to_the_registrys_default_game_and_its_pack(settings):
    event = Event()
    assert (event.game, event.content_pack, event.bye_score) == ("motu-battleground", "bg-core-starter", 0)
    settings.ARBITER_DEFAULT_GAME = "hoplomachus-remastered"
    assert (Event().game, Event().content_pack) == ("hoplomachus-remastered", "hr-core-starter")


def test_the_bye_score_keeps_its_column():
    """Existing events keep their bye score: the field reads the column it always had."""
    assert Event._meta.get_field("bye_score").column == "bye_vp"


def test_an_event_of_another_game_gets_that_games_pack(organizer):
    import datetime as dt

    from tournaments import services

    event = services.create_event(organizer, name="Arena night", starts_on=dt.date(2026, 6, 1),
                                  game="hoplomachus-remastered")  # fmt: skip
    assert event.content_pack == "hr-core-starter"


def test_a_new_event_form_comes_with_the_default_game_selected(settings):
    """Whatever order the games are listed in, a new event's form has the site's default game chosen, so
    that an organizer who does not touch the menu creates the event they expect."""
    html = str(EventForm()["game"])
    assert '<option value="motu-battleground" selected>' in html
    settings.ARBITER_DEFAULT_GAME = "hoplomachus-remastered"
    assert '<option value="hoplomachus-remastered" selected>' in str(EventForm()["game"])
