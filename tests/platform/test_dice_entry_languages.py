"""The recorder's dice entry and the replay's rolls in the reader's language (issue #24): the faces of the
dice (Fields of Eternia's wild and epic dice, FE-3.4 and FE-6.10.1; Hoplomachus' hit and miss, HR-2.6.2),
the dice's rows and colours (HR-2.6.1), the entry's notes and what each roll is ("Crixus attacks
Spartacus: roll 1 of 2") are said from the engine's templates through the narration catalogs, with the
English kept beside them in the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

import engine
from engine.games.hoplomachus import narrate as hr_narrate
from narration.catalog import localised_rolls, localised_said
from play import finish, services
from tests.platform.test_play_recorded_dice_hr_fe import HR_FIELDS, table_for

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"

#: HR-2.6.2 (colpito, mancato: the Italian original's words) and FE-3.4 (vuoto, successo, … rilancio)
HIT_MISS = {"it": ("⚔ Colpito", "Mancato"), "es": ("⚔ Impacto", "Fallo"), "pl": ("⚔ Trafienie", "Pudło")}
WILD = {
    "it": {"Vuoto", "Successo", "Doppio successo", "Rilancio"},
    "es": {"Vacío", "Éxito", "Doble éxito", "Repetición"},
    "pl": {"Pusta", "Sukces", "Podwójny sukces", "Przerzut"},
}
ENGLISH = {"⚔ Hit", "Miss", "Blank", "Success", "Double success", "Reroll", "Die", "Die 1", "Die 2"}


def _no_templates(data) -> bool:
    if isinstance(data, dict):
        return not any(k.endswith("_said") for k in data) and all(_no_templates(v) for v in data.values())
    if isinstance(data, list):
        return all(_no_templates(v) for v in data)
    return True


def _labels(needs: list[dict]) -> list[str]:
    return [f["label"] for need in needs for row in need["grid"]["rows"] for f in row["faces"]] + [
        row["label"] for need in needs for row in need["grid"]["rows"]
    ]


def _up_to(table, log: dict, index: int, people: dict):
    for at, event in enumerate(log["events"][:index]):
        table.refresh_from_db()
        if at < len(table.entries):  # the site logged it: the rules left no choice
            continue
        actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
        table = finish.post_event(table.code, people[actor], event, table.version)
    table.refresh_from_db()
    return table


@pytest.mark.parametrize("language", sorted(HIT_MISS))
def test_a_hoplomachus_attack_is_entered_with_its_faces_colours_and_prompt_in_the_language(
    language, user, other_user
):
    """HR-2.6.1, HR-2.6.2: an attack's dice on the recorder's entry: each row a die of a colour with its hit
    faces, each face a hit or a miss, the prompt the attack itself, all in the reader's language."""
    log = engine.simulate(HR, 1, randomness="recorded")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack")
    people = {"p1": user, "p2": other_user}
    table = _up_to(table_for(log, user, other_user), log, index, people)
    event = {k: v for k, v in log["events"][index].items() if k not in HR_FIELDS}
    actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
    english = services.dice_needed(table.code, people[actor], event)["needs"]
    assert {f["label"] for row in english[0]["grid"]["rows"] for f in row["faces"]} <= {"⚔ Hit", "Miss"}
    with translation.override(language):
        needs = services.dice_needed(table.code, people[actor], event)["needs"]
    assert _no_templates(needs)
    faces = {f["label"] for row in needs[0]["grid"]["rows"] for f in row["faces"]}
    assert faces and faces <= set(HIT_MISS[language])
    assert not set(_labels(needs)) & ENGLISH
    assert needs[0]["what"] != english[0]["what"] and " attacks " not in needs[0]["what"]
    assert needs[0]["grid"]["note"] != english[0]["grid"]["note"]
    assert all("hit face" not in row["label"] for row in needs[0]["grid"]["rows"])


@pytest.mark.parametrize("language", sorted(WILD))
def test_an_eternia_roll_is_entered_with_the_faces_the_rulebook_names_in_the_language(
    language, user, other_user
):
    """FE-3.4: the wild die's faces as the Italian original names them (vuoto, successo, doppio successo,
    rilancio), and in Spanish and Polish; "Roll 2 wild dice" and its note said too."""
    log = engine.simulate(FE, 1, randomness="recorded")
    people = {"p1": user, "p2": other_user}
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll" and e.get("die") == "wild")
    table = _up_to(table_for(log, user, other_user), log, index, people)
    roll = {"type": "roll", "die": "wild"}
    actor = sorted(engine.session.actors(services.replay_of(table), log["events"][index]))[0]
    with translation.override(language):
        needs = services.dice_needed(table.code, people[actor], roll)["needs"]
    assert _no_templates(needs)
    faces = {f["label"] for row in needs[0]["grid"]["rows"] for f in row["faces"]}
    assert WILD[language] <= faces
    assert not set(_labels(needs)) & ENGLISH
    assert not needs[0]["what"].startswith("Roll ") and "FE-3.4" in needs[0]["grid"]["note"]
    assert not needs[0]["grid"]["note"].startswith("Roll and tap")


def test_a_roll_of_several_targets_names_which_roll_it_is_in_the_language():
    """HR-2.6: an attack on several targets rolls once per target: "…: roll 1 of 2", said in Italian."""
    log = engine.simulate(HR, 2, randomness="recorded")
    index = next(
        i
        for i, e in enumerate(log["events"])
        if isinstance(e.get("dice"), list) and e["dice"] and isinstance(e["dice"][0], list)
    )
    replay = engine.session.start(log)
    for i, event in enumerate(log["events"][:index]):
        replay.apply(i, event)
    event = {k: v for k, v in log["events"][index].items() if k not in HR_FIELDS}
    needs = engine.session.dice_entry(replay, event)["needs"]
    assert len(needs) >= 2 and needs[0]["what"].endswith(f": roll 1 of {len(needs)}")
    assert needs[0]["what_said"]["message_id"] == "{said}: roll {k} of {rolls}"
    said = localised_said(needs, "it")
    assert said[0]["what"].endswith(f": tiro 1 di {len(needs)}")
    assert not set(_labels(said)) & ENGLISH


@pytest.mark.parametrize(
    ("language", "hit", "miss"),
    [("it", "colpito", "mancato"), ("es", "impacto", "fallo"), ("pl", "trafienie", "pudło")],
)
def test_the_replays_rolls_say_each_face_in_the_language(language, hit, miss):
    """HR-2.6.2: the dice summaries of a step (the replay viewer, the recorder's history) say each face."""
    rolls = [
        hr_narrate._roll({"kind": "dice", "what": "Crixus", "pool": ["red", "yellow"], "hits": [True, False]})
    ]
    assert [f["label"] for f in rolls[0]["faces"]] == ["hit", "miss"]
    said = localised_rolls(rolls, language)
    assert [f["label"] for f in said[0]["faces"]] == [hit, miss] and _no_templates(said)


@pytest.mark.parametrize(
    ("language", "words"), [("it", "attacco di "), ("es", "ataque de "), ("pl", "atak ")]
)
def test_the_replays_rolls_say_who_rolled_in_the_language(language, words):
    """HR-8.8.3: who rolled an attack's dice ("Crixus's attack") in the reader's language."""
    from engine.core.narrate import Text

    who = Text("{u}'s attack", u="Crixus")
    rolls = hr_narrate._roll(
        {"kind": "dice", "what": str(who), "what_said": who.data(), "pool": ["red"], "hits": [True]}
    )
    assert rolls["who"] == "Crixus's attack"
    said = localised_rolls([rolls], language)
    assert said[0]["who"].startswith(words) and "Crixus" in said[0]["who"] and _no_templates(said)


def test_an_eternia_epic_face_is_said_with_its_characteristic():
    """FE-6.10.1: an epic die's "+1 attack" says its characteristic as the combat zone is said."""
    from engine.games.eternia import narrate as fe_narrate

    face = fe_narrate.face("attack+1")
    assert str(face) == "+1 attack"
    assert localised_said([{"label": str(face), "label_said": face.data()}], "it") == [
        {"label": "+1 attacco"}
    ]


@pytest.mark.parametrize("language", sorted(HIT_MISS))
def test_the_hoplomachus_boards_game_over_line_names_the_ending_in_the_language(language):
    """HR-11.1: the board's "Game over" line says how the game ended (the result's ``ended_by``) in the
    engine's words for it, in the reader's language, not its id."""
    from engine.core.narrate import ENDINGS
    from viewer.walks import build_payload

    log = engine.simulate(HR, 1, randomness="seeded")
    with translation.override(language):
        payload = build_payload(log)
    over = payload["steps"][-1]["view"]["over"]
    english = ENDINGS[HR][over["ended_by"]]
    assert over["ending"] and over["ending"] != english and "_" not in over["ending"]
    assert "ending" not in (payload["steps"][0]["view"].get("over") or {})
    board = (Path(settings.PLATFORM_DIR) / "games/hoplomachus/static/games/board-hoplomachus.js").read_text()
    assert "view.over.ending ||" in board


BG = "motu-battleground"


def _battleground_entry(seed: int, kind: str):
    """The recorder's dice entry for the first event of a recorded Battleground game that rolls dice with mana
    rerolls to pay for (``dice``) or draws fate cards (``cards``)."""
    log = engine.simulate(BG, seed, randomness="recorded")
    replay = engine.session.start(log)
    for index, event in enumerate(log["events"]):
        bare = {k: v for k, v in event.items() if k not in ("attack", "defence", "draw", "expect")}
        if bare != event:
            needs = engine.session.dice_entry(replay, bare)["needs"]
            for need in needs:
                if need["kind"] == kind and (kind == "cards" or need["grid"].get("rerolls")):
                    return need
        replay.apply(index, event)
    raise AssertionError(f"no {kind} entry in seed {seed}")


#: BG-8.2 step 7 (rilancio: the Italian original's word for a reroll), step 8 (esplosione), BG-4.6 (carta fato)
BG_WORDS = {
    "it": ("rilanci", "Esplosione", "carte fato"),
    "es": ("repeticiones", "Explosión", "cartas de destino"),
    "pl": ("przerzut", "Wybuch", "karty losu"),
}


@pytest.mark.parametrize("language", sorted(BG_WORDS))
def test_a_battleground_roll_is_entered_with_its_notes_and_rows_in_the_language(language):
    """BG-8.4.3, BG-8.2 steps 7 and 8: the entry's note (how many dice, what succeeds), the mana rerolls'
    and the explosions' rows said in the reader's language; the English kept in the engine."""
    need = _battleground_entry(1, "dice")
    grid = need["grid"]
    assert grid["note"].startswith(f"Roll {need['dice']} dice: {need['threshold']}+ succeeds")
    assert grid["rerolls"]["label"] == "Rerolls, 1 mana each (BG-8.2 step 7)"
    assert grid["extra"]["label"] == "Explosion"
    said = localised_said(need, language)["grid"]
    assert _no_templates(said)
    rerolls, explosion, _cards = BG_WORDS[language]
    assert "BG-8.4.3" in said["note"] and not said["note"].startswith("Roll ")
    assert f"{need['threshold']}+" in said["note"] and str(need["dice"]) in said["note"]
    assert (
        rerolls in said["rerolls"]["label"].lower() and said["rerolls"]["label"] != grid["rerolls"]["label"]
    )
    assert said["extra"]["label"] == explosion
    assert "BG-8.2" in said["extra"]["note"] and not said["extra"]["note"].startswith("One more die")
    assert [row["label"] for row in said["rows"]] != [row["label"] for row in grid["rows"]]


@pytest.mark.parametrize("language", sorted(BG_WORDS))
def test_a_battleground_draw_is_asked_in_the_language(language):
    """BG-4.6, BG-5.2.1: what a draw of fate cards asks and how it is entered, in the reader's language."""
    need = _battleground_entry(1, "cards")
    assert need["what"].endswith(f" draws {need['count']} fate cards")
    said = localised_said(need, language)
    assert _no_templates(said)
    assert BG_WORDS[language][2] in said["what"] and " draws " not in said["what"]
    assert "BG-4.6" in said["grid"]["note"] and said["grid"]["note"] != need["grid"]["note"]


@pytest.mark.parametrize("language", ["it", "es", "pl"])
def test_the_cards_a_draw_offers_are_named_as_the_pack_names_them_in_the_language(language):
    """FE-6.13: the cards a player taps after a draw are named as the content pack names them in the reader's
    language (narration.names), the others as the pack has them; the cards' ids unchanged."""
    from narration.names import names

    log = engine.simulate(FE, 0, randomness="recorded")
    replay = engine.session.start(log)
    for index, event in enumerate(log["events"]):  # the first draw offering a card the pack names in language
        if event["type"] == "draw":
            bare = {k: v for k, v in event.items() if k != "cards"}
            needs = engine.session.dice_entry(replay, bare)["needs"]
            options = needs[0]["grid"]["pick"]["options"] if needs else []
            aliased = [o for o in options if language in names().get(o["label"], {})]
            if aliased:
                break
        replay.apply(index, event)
    assert aliased
    said = localised_said(needs, language)
    said_options = said[0]["grid"]["pick"]["options"]
    assert [o["value"] for o in said_options] == [o["value"] for o in options]
    labels = {o["value"]: o["label"] for o in said_options}
    for option in options:
        assert labels[option["value"]] == names().get(option["label"], {}).get(language, option["label"])
    assert all(labels[o["value"]] != o["label"] for o in aliased)
    deck = {card["id"]: card["name"] for card in said[0]["deck"]}
    assert all(deck[o["value"]] == labels[o["value"]] for o in aliased if o["value"] in deck)


#: BG-10.1.3 (prova di attacco: the Italian original's words), BG-8.2: an attack test as each language names it
ATTACK_TEST = {"it": "prova di attacco di ", "es": "prueba de ataque de ", "pl": "test ataku postaci "}


@pytest.mark.parametrize("language", sorted(ATTACK_TEST))
def test_a_battleground_attack_test_is_asked_in_the_language(language, user, other_user):
    """BG-8.2, BG-10.1.3: what the recorder's dice answer asks for an attack ("attack: He-Man's attack test")
    said in the reader's language, the attack's label too; the English kept in the engine."""
    log = engine.simulate(BG, 1, randomness="recorded")
    fields = ("attack", "defence", "draw", "expect")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "attack" and "attack" in e)
    people = {"p1": user, "p2": other_user}
    table = _up_to(table_for(log, user, other_user), log, index, people)
    event = {k: v for k, v in log["events"][index].items() if k not in fields}
    actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
    english = services.dice_needed(table.code, people[actor], event)["needs"]
    attack = next(need for need in english if need["path"] == ["attack"])
    assert attack["what"].startswith("attack: ") and attack["what"].endswith("'s attack test")
    with translation.override(language):
        needs = services.dice_needed(table.code, people[actor], event)["needs"]
    assert _no_templates(needs)
    said = next(need for need in needs if need["path"] == ["attack"])
    assert ATTACK_TEST[language] in said["what"] and "attack test" not in said["what"]
    assert not said["what"].startswith("attack: ")
    defence = [need["what"] for need in needs if need["path"] == ["defence"]]
    assert all("defence test" not in what for what in defence)


#: HR-14.8.4, HR-2.11.1: the titan's arena die for each of its effects (Avanzata, Colpo, bussola: the Italian
#: original's words for Advance, Smite and the compass)
ARENA_DIE = {
    "it": ("il dado arena per ", {"l'Avanzata", "il Colpo", "il movimento con la bussola"}),
    "es": ("el dado de arena para ", {"el Avance", "el Golpe", "el movimiento según la rosa de los vientos"}),
    "pl": ("kość areny dla ", {"Natarcia", "Uderzenia", "ruchu według róży wiatrów"}),
}


@pytest.mark.parametrize("language", sorted(ARENA_DIE))
def test_the_replays_arena_dice_say_which_effect_rolled_them_in_the_language(language):
    """HR-14.8.4, HR-2.11.1: the replay's arena die names the titan's effect it was rolled for ("the arena
    die for smite"), the effect a word of the language rather than the engine's id."""
    rolls = [
        roll
        for step in engine.session.walk(engine.simulate(HR, 7))["steps"]
        for roll in step["rolls"]
        if roll["kind"] == "arena die"
    ]
    assert rolls and all(roll["who"].startswith("the arena die for ") for roll in rolls)
    said = localised_rolls(rolls, language)
    assert _no_templates(said)
    start, kinds = ARENA_DIE[language]
    for roll in said:
        assert roll["who"].startswith(start) and roll["who"][len(start) :] in kinds
