"""Issue #23: the create-event form follows the game chosen before it is submitted. The page for a game
offers that game's modes, packs, draw rules and tiebreaks only, and posting what it shows creates the
event at once; without script, the form's "Choose" button shows the game's choices again, keeping what
was typed, and checks nothing else."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

import games
from tournaments.algorithms.standings import DEFAULT_ORDER
from tournaments.algorithms.tiebreaks import metrics_for
from tournaments.game_modes import game_modes
from tournaments.models import Event

pytestmark = pytest.mark.django_db

GAMES = ["motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"]


class FormReader(HTMLParser):
    """The #event-form's fields as a browser would post them (the values shown), and each select's options."""

    def __init__(self):
        super().__init__()
        self.values: dict[str, str] = {}
        self.options: dict[str, list[str]] = {}
        self._in_form = False
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "event-form":
            self._in_form = True
        if not self._in_form:
            return
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.values[name] = "on"
            else:
                self.values[name] = a.get("value") or ""
        elif tag == "select":
            self._select = name
            self.options[name] = []
        elif tag == "option" and self._select:
            self.options[self._select].append(a.get("value", ""))
            if "selected" in a or self._select not in self.values:
                self.values[self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = name
            self.values[name] = ""

    def handle_endtag(self, tag):
        if tag == "form":
            self._in_form = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self.values[self._textarea] += data.lstrip("\n") if not self.values[self._textarea] else data


def read_form(response) -> FormReader:
    assert response.status_code == 200
    reader = FormReader()
    reader.feed(response.content.decode())
    assert reader.options, "no event form on the page"
    return reader


@pytest.fixture
def client_as_organizer(client, organizer):
    client.force_login(organizer)
    return client


def packs_and_modes(game: str) -> tuple[list[str], list[str]]:
    modes = ["", *(m.id for m in game_modes(game) if not m.against_game)]
    return games.plugin(game).pack_ids(), modes


@pytest.mark.parametrize("game", GAMES)
def test_the_form_for_a_game_offers_that_games_packs_modes_and_draw_rules_only(client_as_organizer, game):
    form = read_form(client_as_organizer.get(reverse("tournaments:create"), {"game": game}))
    packs, modes = packs_and_modes(game)
    assert form.values["game"] == game
    assert form.options["content_pack"] == packs
    assert form.options["game_mode"] == modes
    assert form.options["draw_rule"] == [r.key for r in games.plugin(game).all_draw_breaks()]
    assert form.options["tiebreaks_0"] == ["", *metrics_for(game)]
    others = [g for g in GAMES if g != game]
    for other in others:
        assert not set(games.plugin(other).pack_ids()) & set(form.options["content_pack"])


@pytest.mark.parametrize("game", GAMES)
def test_posting_the_defaults_shown_for_a_game_creates_its_event_at_once(client_as_organizer, game):
    form = read_form(client_as_organizer.get(reverse("tournaments:create"), {"game": game}))
    data = {**form.values, "name": f"Opening night {game}", "starts_on": "2026-06-01"}
    response = client_as_organizer.post(reverse("tournaments:create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name=f"Opening night {game}")
    assert (event.game, event.content_pack) == (game, games.plugin(game).default_pack())
    menus = sorted((k for k in form.values if k.startswith("tiebreaks_")), key=lambda k: int(k.split("_")[1]))
    shown = [form.values[k] for k in menus if form.values[k]]
    assert event.tiebreaks == shown == [k for k in DEFAULT_ORDER if k in metrics_for(game)]


def test_an_unknown_game_in_the_address_gives_the_default_games_form(client_as_organizer):
    form = read_form(client_as_organizer.get(reverse("tournaments:create"), {"game": "chess"}))
    assert form.values["game"] == games.default_game()


def test_choosing_a_game_without_script_shows_its_choices_keeps_what_was_typed_and_checks_nothing(
    client_as_organizer,
):
    battleground = read_form(client_as_organizer.get(reverse("tournaments:create")))
    assert battleground.values["content_pack"] == "bg-core-starter"
    # The organizer typed a name, left the date empty (an error if saved), picked Hoplomachus and pressed
    # "Choose": the Battleground pack and draw rule are still in the post.
    data = {
        **battleground.values,
        "name": "Arena night",
        "starts_on": "",
        "venue": "The Colosseum",
        "game": "hoplomachus-remastered",
        "draw_rule": "more_knockouts",
        "choose_game": "1",
    }
    data.pop("avoid_same_club", None)  # a box left unticked stays unticked
    response = client_as_organizer.post(reverse("tournaments:create"), data)
    assert not Event.objects.exists()
    html = response.content.decode()
    assert "not one of the available choices" not in html
    assert "This field is required" not in html and "error-box" not in html
    form = read_form(response)
    assert form.values["game"] == "hoplomachus-remastered"
    assert form.options["content_pack"] == ["hr-core-starter"]
    assert form.values["content_pack"] == "hr-core-starter"
    assert "pandemonium" in form.options["game_mode"] and "more_knockouts" not in form.options["draw_rule"]
    assert (form.values["name"], form.values["venue"]) == ("Arena night", "The Colosseum")
    assert "avoid_same_club" not in form.values
    # Saving now, with a date, creates the Hoplomachus event at once.
    response = client_as_organizer.post(
        reverse("tournaments:create"), {**form.values, "starts_on": "2026-06-02"}
    )
    assert response.status_code == 302
    assert Event.objects.get(name="Arena night").content_pack == "hr-core-starter"


def test_the_game_select_has_a_choose_button_and_the_page_loads_the_forms_script(client_as_organizer):
    html = client_as_organizer.get(reverse("tournaments:create")).content.decode()
    assert 'name="choose_game"' in html and "formnovalidate" in html
    assert "tournaments/event-form.js" in html and "<script>" not in html
    # A menu left at "—" must not stop the browser from posting the form.
    menus = re.findall(r"<select [^>]*name=\"tiebreaks_\d\"[^>]*>", html)
    assert len(menus) == 4 and not any("required" in menu for menu in menus)


def test_the_event_page_and_list_name_the_game_and_mode(client, make_event):
    event = make_event(game="hoplomachus-remastered", game_mode="pandemonium", format="swiss")
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Hoplomachus: Remastered · Pandemonium, each for themselves" in page
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert "Hoplomachus: Remastered · Pandemonium, each for themselves" in listing


def test_tiebreaks_are_chosen_in_order_from_menus_and_a_typed_line_still_works(client_as_organizer):
    form = read_form(client_as_organizer.get(reverse("tournaments:create"), {"game": "motu-battleground"}))
    assert "knockouts" in form.options["tiebreaks_0"]
    base = {**form.values, "name": "Menus", "starts_on": "2026-06-01"}
    chosen = {"tiebreaks_0": "points", "tiebreaks_1": "", "tiebreaks_2": "knockouts", "tiebreaks_3": "sos"}
    assert client_as_organizer.post(reverse("tournaments:create"), {**base, **chosen}).status_code == 302
    assert Event.objects.get(name="Menus").tiebreaks == ["points", "knockouts", "sos"]
    typed = {k: v for k, v in base.items() if not k.startswith("tiebreaks_")}
    typed |= {"name": "Typed", "tiebreaks": "points, head_to_head"}
    assert client_as_organizer.post(reverse("tournaments:create"), typed).status_code == 302
    assert Event.objects.get(name="Typed").tiebreaks == ["points", "head_to_head"]


def test_a_battleground_only_tiebreak_gives_way_when_the_game_changes(client_as_organizer):
    form = read_form(client_as_organizer.get(reverse("tournaments:create")))
    data = {**form.values, "tiebreaks_1": "knockouts", "game": "hoplomachus-remastered", "choose_game": "1"}
    form = read_form(client_as_organizer.post(reverse("tournaments:create"), data))
    assert "knockouts" not in form.options["tiebreaks_0"]
    assert [form.values[f"tiebreaks_{n}"] for n in range(3)] == ["points", "score_diff", ""]


def test_editing_an_event_offers_its_games_choices(client_as_organizer, make_event):
    event = make_event(game="motu-fields-of-eternia", tiebreaks=["points", "sos"])
    form = read_form(client_as_organizer.get(reverse("tournaments:edit", args=[event.slug])))
    assert (form.values["game"], form.options["content_pack"]) == (
        "motu-fields-of-eternia",
        ["fe-core-starter"],
    )
    assert [form.values["tiebreaks_0"], form.values["tiebreaks_1"], form.values["tiebreaks_2"]] == [
        "points",
        "sos",
        "",
    ]
    response = client_as_organizer.post(
        reverse("tournaments:edit", args=[event.slug]), {**form.values, "venue": "Eternos"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.venue, event.tiebreaks) == ("Eternos", ["points", "sos"])


def test_the_forms_new_words_are_translated(client_as_organizer, settings):
    client_as_organizer.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    html = client_as_organizer.get(reverse("tournaments:create")).content.decode()
    assert ">Scegli</button>" in html and 'aria-label="Spareggio 1"' in html
