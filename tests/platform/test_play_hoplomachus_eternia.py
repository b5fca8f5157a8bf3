"""The table recorder for Hoplomachus and Fields of Eternia: a free table set up with the engine's
options, seeded dice (LOG-4), offers in words, each phone offered only its own (or the rivals', which
co-op players run together, HR-13.8), and a whole game recorded by picking offers verifies legal."""

from __future__ import annotations

import random

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import finish, services, tables
from play.models import TableGame
from tests.support.phones import entered_events

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"
# Purposeful play so a random game reaches its end (as the engines' simulators weigh their choices).
WEIGHTS = {
    "attack": 10.0,
    "special": 6.0,
    "deploy": 6.0,
    "smite": 3.0,
    "toss": 3.0,
    "move": 2.0,
    "tactic": 1.0,
}


def hr_table(user, other_user, mode="skirmish", arena="pozzuoli"):
    created = tables.create_game(
        user,
        game=HR,
        seats=[
            tables.Seating("Alice", "kunlun", {"faction": "kunlun"}),
            tables.Seating("Mallory", "amazons", {"faction": "amazons"}),
        ],
        first_player_seat=1,
        setup={"mode": mode, "arena": arena},
    )
    return tables.join(created.code, other_user)


def fe_table(user, other_user, mode="standard"):
    created = tables.create_game(
        user,
        game=FE,
        seats=[
            tables.Seating("Alice", ["he-man", "teela", "stratos"], {"faction": "motu"}),
            tables.Seating("Mallory", ["skeletor", "mer-man", "beast-man"], {"faction": "ew"}),
        ],
        first_player_seat=2,
        setup={"mode": mode},
    )
    return tables.join(created.code, other_user)


def play_offered(table, rng, *, limit=3000):
    """Post offered events, picked at random (weighted), by whichever phone is offered any."""
    posted = []
    people = [table.holder(1), table.holder(2)]
    for _ in range(limit):
        table.refresh_from_db()
        if table.status != "playing":
            return posted
        rng.shuffle(people)
        for person in people:
            offers = services.state_payload(table, person)["offers"]
            if offers:
                pick = rng.choices(offers, weights=[WEIGHTS.get(o["event"]["type"], 1.0) for o in offers])[0]
                table = finish.post_event(table.code, person, pick["event"], table.version)
                posted.append(pick["event"])
                break
        else:
            raise AssertionError("nobody is offered anything, but the game is not over")
    raise AssertionError(f"the game did not end within {limit} events")


def assert_verified(table, posted):
    table.refresh_from_db()
    assert table.status == "over" and table.game_log is not None
    document = services.log_document(table)
    assert entered_events(table) == posted and document["events"] == table.events
    assert document["randomness"]["mode"] == "seeded" and document["randomness"]["seed"] == table.seed
    assert verify_stored_log(table.game_log.pk) == "legal"


def test_a_whole_hoplomachus_skirmish_recorded_from_the_offers_verifies_legal(user, other_user):
    table = hr_table(user, other_user)
    assert_verified(table, play_offered(table, random.Random(3)))


def test_a_whole_eternia_team_game_recorded_from_the_offers_verifies_legal(user, other_user):
    table = fe_table(user, other_user)
    assert_verified(table, play_offered(table, random.Random(3)))


def test_a_new_hoplomachus_table_commits_to_its_seed_and_offers_in_words(user, other_user):
    table = hr_table(user, other_user)
    assert "seed" not in table.header["randomness"] and table.header["randomness"]["commitment"]
    first = services.state_payload(table, user, with_board=True)
    second = services.state_payload(table, other_user)
    assert first["board"]["hexes"]  # the arena, drawn by the viewer's Hoplomachus board
    # HR-15.2.2: the seed drew who starts; only that phone is offered anything.
    assert bool(first["offers"]) != bool(second["offers"])
    offers = first["offers"] or second["offers"]
    deploy = next(o for o in offers if o["event"]["type"] == "deploy")
    assert " deploys " in deploy["text"] and deploy["text"].endswith(" at " + deploy["event"]["hex"])


def test_an_event_of_the_other_hoplomachus_player_is_refused_and_nothing_is_stored(user, other_user):
    table = hr_table(user, other_user)
    waiting = user if not services.state_payload(table, user)["offers"] else other_user
    acting = other_user if waiting == user else user
    event = services.state_payload(table, acting)["offers"][0]["event"]
    with pytest.raises(services.NotYourTurn):
        finish.post_event(table.code, waiting, event, table.version)
    assert TableGame.objects.get(pk=table.pk).entries == []


def test_an_illegal_hoplomachus_event_is_refused_with_its_rule(user, other_user):
    table = hr_table(user, other_user)
    acting = user if services.state_payload(table, user)["offers"] else other_user
    player = services.state_payload(table, acting)["player"]
    with pytest.raises(services.Refused) as refused:
        finish.post_event(
            table.code, acting, {"type": "foothold", "player": player, "hex": "A1", "to": "A2"}, table.version
        )
    assert refused.value.rule and TableGame.objects.get(pk=table.pk).entries == []


def test_in_assault_both_phones_may_run_the_immortals(user, other_user):
    table = hr_table(user, other_user, mode="assault")
    first = services.state_payload(table, user)["offers"]
    assert first and first == services.state_payload(table, other_user)["offers"]  # HR-13.8: the rivals' turn
    assert all(o["event"]["player"] == "immortal" for o in first)
    assert all(o["text"].startswith("The immortals") for o in first)


def test_eternia_offers_read_as_sentences_and_belong_to_the_team_of_the_hero(user, other_user):
    table = fe_table(user, other_user)
    rng = random.Random(1)
    seen = {}
    for _ in range(60):
        for person in (user, other_user):
            for o in services.state_payload(table, person)["offers"]:
                seen.setdefault(o["event"]["type"], (o["text"], person, o["event"]))
        people = [p for p in (user, other_user) if services.state_payload(table, p)["offers"]]
        person = rng.choice(people)
        pick = rng.choice(services.state_payload(table, person)["offers"])
        table = finish.post_event(table.code, person, pick["event"], table.version)
    text, person, event = seen["activate"]
    owner = user if event["hero"] in ("he-man", "teela", "stratos") else other_user
    assert person == owner and text.endswith(" is activated")
    text, _, event = seen["move"]
    assert " moves to " in text
    assert seen["draw"][0].startswith("Draw from the ")


def test_the_start_page_sets_up_each_game(client, user):
    client.force_login(user)
    page = client.get("/play/?game=" + HR)
    assert page.status_code == 200 and b"Skirmish" in page.content and b"Pandemonium" in page.content
    assert b"Alliance" in page.content  # HR-17.2: its teams, track heroes and units are header choices
    refused = client.post(
        "/play/?game=" + HR,
        {
            "action": "new",
            "mode": "ascension",
            "arena": "pozzuoli",
            "my_name": "A",
            "my_faction": "kunlun",
            "their_name": "B",
            "their_faction": "amazons",
        },  # fmt: skip
    )
    assert refused.status_code == 200 and b"is played in Colosseum" in refused.content
    made = client.post(
        "/play/?game=" + HR,
        {
            "action": "new",
            "mode": "ascension",
            "arena": "colosseum",
            "my_name": "A",
            "my_faction": "kunlun",
            "their_name": "B",
            "their_faction": "amazons",
            "titan": "mars",
        },  # fmt: skip
    )
    table = TableGame.objects.get()
    assert made.status_code == 302 and table.header["setup"]["titan"] == "mars" and table.game == HR
    engine.session.start(engine.session.with_seed(table.header, table.seed))  # the engine takes the header

    wrong = client.post(
        "/play/?game=" + FE,
        {
            "action": "new",
            "mode": "standard",
            "scenario": "standard-1",
            "my_name": "A",
            "my_team": "motu",
            "my_heroes": ["he-man", "teela", "skeletor"],
            "their_name": "B",
            "their_heroes": ["mer-man", "beast-man", "evil-lyn"],
            "first": "1",
        },  # fmt: skip
    )
    assert wrong.status_code == 200 and b"Pick heroes of Masters of the Universe" in wrong.content
    made = client.post(
        "/play/?game=" + FE,
        {
            "action": "new",
            "mode": "skirmish",
            "scenario": "skirmish-1",
            "my_name": "A",
            "my_team": "ew",
            "my_heroes": ["skeletor", "mer-man", "beast-man"],
            "their_name": "B",
            "their_heroes": ["he-man", "teela", "stratos"],
            "first": "2",
            "options": ["faster_combat"],
        },  # fmt: skip
    )
    table = TableGame.objects.filter(game=FE).get()
    assert made.status_code == 302
    assert table.header["setup"] == {"scenario": "skirmish-1", "starting_team": "motu", "mode": "skirmish"}
    assert table.header["options"] == {"faster_combat": True}
    assert [p["faction"] for p in table.header["players"]] == ["ew", "motu"]
    engine.session.start(engine.session.with_seed(table.header, table.seed))


def test_the_start_page_offers_mounted_heroes_one_a_team(client, user, other_user):
    """FE-4.1.8: a mounted hero (the pack's placeholder miniatures) is fielded instead of its hero, at most
    one a team, never beside its own hero; the table's game fields it and compensates the other team."""
    client.force_login(user)
    page = client.get("/play/?game=" + FE).content.decode()
    assert "He-Man, mounted (placeholder) (Masters of the Universe; mounted, FE-4.1.8)" in page
    form = {"action": "new", "mode": "standard", "scenario": "standard-1", "my_name": "A", "my_team": "motu",
            "their_name": "B", "first": "1"}  # fmt: skip
    both = client.post(
        "/play/?game=" + FE,
        {
            **form,
            "my_heroes": ["he-man", "he-man-mounted", "teela"],
            "their_heroes": ["skeletor", "mer-man", "evil-lyn"],
        },
    )
    assert both.status_code == 200 and b"A hero is fielded once, mounted or not (FE-4.1.2)" in both.content
    wrong_team = client.post(
        "/play/?game=" + FE,
        {
            **form,
            "my_heroes": ["skeletor-mounted", "stratos", "teela"],
            "their_heroes": ["skeletor", "mer-man", "evil-lyn"],
        },
    )
    assert wrong_team.status_code == 200 and b"Pick heroes of Masters of the Universe" in wrong_team.content
    made = client.post(
        "/play/?game=" + FE,
        {
            **form,
            "my_heroes": ["he-man-mounted", "stratos", "teela"],
            "their_heroes": ["skeletor-mounted", "mer-man", "evil-lyn"],
        },
    )
    assert made.status_code == 302
    table = TableGame.objects.get(game=FE)
    assert [p["force"] for p in table.header["players"]] == [
        ["he-man-mounted", "stratos", "teela"], ["skeletor-mounted", "mer-man", "evil-lyn"]
    ]  # fmt: skip
    table = tables.join(table.code, other_user)
    assert_verified(table, play_offered(table, random.Random(5)))  # the engine plays the mounted heroes


def test_a_solo_game_against_the_boss_is_recorded_on_one_phone(client, user):
    """FE-18: the solo scenario against the Evil Seed (``solo-evil-seed``) is set up from the start page with
    its difficulty, starts at once on one phone (no second seat), is played to its end from the offers,
    verifies legal and is confirmed by its one player."""
    client.force_login(user)
    page = client.get("/play/?game=" + FE).content.decode()
    assert "Solo against the game (FE-18)" in page and "Solo scenario against the Evil Seed" in page
    form = {"action": "new", "mode": "solo", "scenario": "solo-evil-seed", "my_name": "A",
            "my_heroes": ["he-man", "teela", "stratos"], "first": "1"}  # fmt: skip
    wrong = client.post(
        "/play/?game=" + FE, {**form, "my_team": "ew", "my_heroes": ["skeletor", "mer-man", "evil-lyn"]}
    )
    assert (
        wrong.status_code == 200
        and b"This solo scenario is played by Masters of the Universe" in wrong.content
    )
    no_level = client.post("/play/?game=" + FE, {**form, "my_team": "motu"})
    assert no_level.status_code == 200 and b"Choose the difficulty (FE-18)." in no_level.content
    made = client.post("/play/?game=" + FE, {**form, "my_team": "motu", "difficulty": "novice"})
    assert made.status_code == 302
    table = TableGame.objects.get(game=FE)
    assert table.status == "playing" and table.holder(2) is None
    assert table.header["setup"] == {
        "scenario": "solo-evil-seed",
        "starting_team": "motu",
        "mode": "solo",
        "difficulty": "novice",
    }
    assert [p["faction"] for p in table.header["players"]] == ["motu"]

    rng, posted = random.Random(7), []
    for _ in range(3000):
        table.refresh_from_db()
        if table.status != "playing":
            break
        offers = services.state_payload(table, user)["offers"]
        assert offers, "the one player is offered nothing, but the game is not over"
        pick = rng.choices(offers, weights=[WEIGHTS.get(o["event"]["type"], 1.0) for o in offers])[0]
        table = finish.post_event(table.code, user, pick["event"], table.version)
        posted.append(pick["event"])
    assert_verified(table, posted)
    assert services.confirm_result(table.code, user).status == "confirmed"


def test_a_coop_game_against_the_game_records_who_controls_which_hero_on_one_phone(client, user):
    """FE-18.1.2: in co-op two or three players share the team's three heroes, each controlling one or
    more. The start page takes the other players' names and the heroes each controls; the header names
    every player with their heroes; the table starts at once on the one phone, which is offered every
    hero's choices; the game recorded to its end verifies legal, every player sharing the result."""
    client.force_login(user)
    page = client.get("/play/?game=" + FE).content.decode()
    assert "Co-op: a second player&#x27;s name" in page and 'name="coop3_heroes"' in page
    form = {"action": "new", "mode": "solo", "scenario": "solo-1", "my_name": "Anna", "my_team": "motu",
            "difficulty": "beginner", "my_heroes": ["he-man", "teela", "stratos"], "first": "1"}  # fmt: skip
    refusals = {
        "Name this co-op player.": {"coop2_heroes": ["teela"]},
        "Pick the heroes this player controls (FE-18.1.2).": {"coop2_name": "Bruno"},
        "Pick among your team&#x27;s three heroes.": {"coop2_name": "Bruno", "coop2_heroes": ["man-at-arms"]},
        "Each hero is controlled by one player.": {
            "coop2_name": "Bruno", "coop2_heroes": ["teela"], "coop3_name": "Cleo", "coop3_heroes": ["teela"],
        },
        "Keep one or more of the heroes for yourself (FE-18.1.2).": {
            "coop2_name": "Bruno", "coop2_heroes": ["teela", "he-man"], "coop3_name": "Cleo",
            "coop3_heroes": ["stratos"],
        },
    }  # fmt: skip
    for message, extra in refusals.items():
        refused = client.post("/play/?game=" + FE, {**form, **extra})
        assert refused.status_code == 200 and message in refused.content.decode(), message
    team_game = client.post(
        "/play/?game=" + FE,
        {
            **form,
            "mode": "standard",
            "scenario": "standard-1",
            "coop2_name": "Bruno",
            "coop2_heroes": ["teela"],
        },
    )
    assert b"Co-op players are for the game against the game (FE-18.1.2)." in team_game.content
    assert not TableGame.objects.exists()

    made = client.post(
        "/play/?game=" + FE,
        {
            **form,
            "coop2_name": "Bruno",
            "coop2_heroes": ["teela"],
            "coop3_name": "Cleo",
            "coop3_heroes": ["stratos"],
        },
    )
    assert made.status_code == 302
    table = TableGame.objects.get(game=FE)
    assert (
        table.status == "playing" and [s.user for s in table.seat_list()] == [user] * 3
    )  # one phone, every seat
    assert [(p["id"], p["name"], p["faction"], p["force"]) for p in table.header["players"]] == [
        ("p1", "Anna", "motu", ["he-man"]), ("p2", "Bruno", "motu", ["teela"]), ("p3", "Cleo", "motu", ["stratos"])
    ]  # fmt: skip
    state = services.state_payload(table, user)
    assert [p["controls"] for p in state["players"]] == [["he-man"], ["teela"], ["stratos"]]

    rng, posted, heroes_offered = random.Random(11), [], set()
    for _ in range(3000):
        table.refresh_from_db()
        if table.status != "playing":
            break
        offers = services.state_payload(table, user)["offers"]
        assert offers, "the co-op phone is offered nothing, but the game is not over"
        heroes_offered |= {o["event"].get("hero") for o in offers}
        pick = rng.choices(offers, weights=[WEIGHTS.get(o["event"]["type"], 1.0) for o in offers])[0]
        table = finish.post_event(table.code, user, pick["event"], table.version)
        posted.append(pick["event"])
    assert {"he-man", "teela", "stratos"} <= heroes_offered  # each player's heroes, on the one phone
    assert_verified(table, posted)
    table.game_log.refresh_from_db()
    result = table.game_log.verdict["result"]
    assert [s["seat"] for s in result["seats"]] == ["p1", "p2", "p3"]
    assert len({s["outcome"] for s in result["seats"]}) == 1
    assert services.confirm_result(table.code, user).status == "confirmed"


def test_the_start_page_offers_the_registry_s_games_the_default_first(client, user, settings):
    """Issue #9: the recorder names no game. Without ``?game=`` it opens the registry's default game
    (``ARBITER_DEFAULT_GAME``); the picker lists every game whose plugin has a table form, the default
    first, with the note its plugin gives; a game without a table form is not offered."""
    from django.utils.html import escape

    import games

    client.force_login(user)
    settings.ARBITER_DEFAULT_GAME = HR
    page = client.get("/play/").content.decode()
    assert 'id="id_arena"' in page and 'id="id_my_force"' not in page  # Hoplomachus' form
    picker = page[page.index('id="game-pick"') :].split("</p>")[0]
    assert (
        picker.index("<strong>Hoplomachus</strong>") < picker.index("Battleground") < picker.index("Eternia")
    )
    assert escape(str(games.plugin(HR).table_note)) in page

    settings.ARBITER_DEFAULT_GAME = "motu-battleground"
    page = client.get("/play/").content.decode()
    assert 'id="id_my_force"' in page and "BG-4.8" in page  # Battleground's form and note
    assert "BG-4.8" not in client.get("/play/?game=" + FE).content.decode()

    real = games.plugin(FE)
    games.register(games.GamePlugin(FE, "Eternia without a table"))
    try:
        assert client.get("/play/?game=" + FE).status_code == 404
        assert (
            "Eternia" not in client.get("/play/").content.decode().split('id="game-pick"')[1].split("</p>")[0]
        )
    finally:
        games.register(real)
