"""The engine's narration in the reader's language (issue #24): the replay viewer's event sentences and the
table recorder's offers and history, said through the narration catalogs (platform/narration) from the
engine's templates and params, with the engine's English as the fallback; the catalogs are in step with the
engine's narrate.py modules, fully translated, and every translation keeps its template's placeholders."""

from __future__ import annotations

import html
import json
import re
import shutil
import string
import subprocess

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation

import engine
from engine import render_message
from engine.games.hoplomachus.narrate import decision
from gamelogs.services import submit_log
from gamelogs.verification import verdict_dict, verify_stored_log
from narration.catalog import DOMAIN, LOCALE_DIR, said_in
from play import finish, services, tables
from refusals import extract
from refusals.catalog import localised
from tests.support.logs import encode, legal_simulated_log

TRANSLATED = ("it", "es", "pl")
GAME = "motu-battleground"


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"))


def english_fragments(language: str) -> set[str]:
    """The fixed words of every template its translation changes, that a sentence said in ``language``
    must not hold: "attacks", " dice, ", "is dealt a hand of fate cards"."""
    out = set()
    for entry in catalog(language):
        if entry.msgstr == entry.msgid:
            continue
        for literal, *_ in string.Formatter().parse(entry.msgid):
            words = literal.strip(" ,:()")
            if len(words) >= 5 and " " in words:
                out.add(words)
    return out


def verified(user, log: dict):
    stored = submit_log(user, encode(log), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    stored.refresh_from_db()
    return stored


def replay_page(client, stored, language: str) -> tuple[str, list[dict]]:
    """The replay page of ``stored`` read in ``language``, and the viewer data it loads (data-url)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(f"/logs/{stored.pk}/").content.decode()
    url = re.search(r'id="replay-viewer" data-url="([^"]+)"', page).group(1)
    return page, client.get(url).json()["steps"]


def replay_steps(client, stored, language: str) -> list[dict]:
    return replay_page(client, stored, language)[1]


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_verified_logs_replay_says_every_event_in_the_readers_language(client, user, language):
    log, _ = legal_simulated_log(first_seed=5)
    stored = verified(user, log)
    client.force_login(user)
    page, steps = replay_page(client, stored, language)
    walked = engine.session.walk(log)["steps"]
    assert len(steps) == len(walked) == len(log["events"])
    # how the game ended, in words of the language (BG-7.4), never the result's id
    ended_by = stored.result["ended_by"]
    how = said_in(engine.ending_words(GAME, ended_by).data(), "", language)[0]
    assert how and html.escape(how) in page and f"by {ended_by}" not in page
    english = english_fragments(language)
    for step, engine_step in zip(steps, walked, strict=True):
        said, lang = said_in(engine_step["said"], engine_step["text"], language)
        assert (step["text"], lang) == (said, language)
        left = [words for words in english if words in step["text"]]
        assert not left, (step["text"], left)
        assert "said" not in step and all(not k.endswith("_said") for r in step["rolls"] for k in r)
    changed = sum(s["text"] != e["text"] for s, e in zip(steps, walked, strict=True))
    assert changed > 0.9 * len(steps)
    # the dice summaries too: "3 successi (5 dadi, 4+)"
    summaries = [r["summary"] for s in steps for r in s["rolls"]]
    assert summaries and not any(re.search(r"\b(success|successes|dice)\b", s) for s in summaries)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "language", "words"),
    [
        ("hoplomachus-remastered", "it", (" schiera ", " termina il turno")),
        ("motu-fields-of-eternia", "es", ("activación",)),
    ],
)
def test_the_other_games_replays_are_said_in_the_readers_language(client, user, game, language, words):
    log = engine.simulate(game, 1, randomness="recorded")
    stored = verified(user, log)
    client.force_login(user)
    steps = replay_steps(client, stored, language)
    text = " ".join(s["text"] for s in steps)
    assert all(w in text for w in words), text[:500]
    walked = engine.session.walk(log)["steps"]
    assert all(
        s["text"] == said_in(e["said"], e["text"], language)[0] for s, e in zip(steps, walked, strict=False)
    )


@pytest.mark.django_db
def test_english_readers_and_stored_entries_without_a_template_get_the_engines_words(client, user):
    log, _ = legal_simulated_log(first_seed=5)
    stored = verified(user, log)
    client.force_login(user)
    steps = replay_steps(client, stored, "en")
    assert [s["text"] for s in steps] == [s["text"] for s in engine.session.walk(log)["steps"]]
    assert said_in(None, "Alice passes", "it") == ("Alice passes", "en")  # stored before issue #24
    unknown = {"message_id": "a sentence the catalog has not got {x}", "params": {"x": 1}}
    assert said_in(unknown, "English", "it") == ("English", "en")
    misfit = {"message_id": "{player} passes", "params": {}}
    assert said_in(misfit, "Alice passes", "it") == ("Alice passes", "en")
    assert said_in({"message_id": "{player} passes", "params": {"player": "Alice"}}, "", "it") == (
        "Alice passa",
        "it",
    )


def test_names_are_the_content_packs_own_in_the_language():
    """A weapon the pack names in Italian is said by that name (bg-core-starter: Spada del Potere)."""
    said = {"message_id": "{who} uses {item}", "params": {"who": "He-Man", "item": "Sword of Power"}}
    assert said_in(said, "He-Man uses Sword of Power", "it")[0] == "He-Man usa Spada del Potere"
    assert said_in(said, "He-Man uses Sword of Power", "es")[0] == "He-Man usa Espada del Poder"


@pytest.mark.django_db
def test_the_recorders_offers_and_history_are_in_italian(client, user, other_user):
    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
    )
    table = tables.join(table.code, other_user)
    with translation.override("it"):
        offers = services.state_payload(table, user)["offers"]
    assert [o["text"] for o in offers] == ["Alice riceve una mano di carte fato"]
    table = finish.post_event(table.code, user, offers[0]["event"], table.version)
    with translation.override("it"):
        payload = services.state_payload(table, other_user)
    assert [e["text"] for e in payload["events"]] == [
        "Alice riceve una mano di carte fato",
        "Mallory riceve una mano di carte fato",  # the site's own step (forced)
    ]
    assert payload["offers"] and all(
        "seleziona " in o["text"] or " passa" in o["text"] for o in payload["offers"]
    )
    # the page's JSON in the phone's language, and in English for an English phone
    client.force_login(other_user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    state = client.get(f"/play/{table.code}/state.json").json()
    assert state["events"][0]["text"] == "Alice riceve una mano di carte fato"
    assert state["offers"][0]["text"] == payload["offers"][0]["text"]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    state = client.get(f"/play/{table.code}/state.json").json()
    assert state["events"][0]["text"] == "Alice is dealt a hand of fate cards"


def test_the_catalogs_hold_every_template_the_engines_narration_writes():
    call_command("narration_messages", "--check")  # raises CommandError when out of step


def test_the_narration_and_the_refusals_keep_apart():
    narration, refusals = extract.templates(narration=True), extract.templates()
    assert "{who} attacks {target} with {weapon}{dice}{wounds}" in narration
    assert all(
        place.split(":")[0].endswith("narrate.py") for places in narration.values() for place in places
    )
    assert not any(
        place.split(":")[0].endswith("narrate.py") for places in refusals.values() for place in places
    )


def test_every_literal_narration_template_gets_exactly_its_placeholders():
    wrong = [
        f"{s.path}:{s.line}: {s.template!r} given {sorted(s.params)}"
        for s in extract.sites(narration=True)
        if s.template is not None and s.call != "template" and s.params is not None
        if extract.placeholders(s.template) != set(s.params)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_its_templates_placeholders(language):
    wrong = [
        (e.msgid, e.msgstr)
        for e in catalog(language)
        if extract.placeholders(e.msgid) != extract.placeholders(e.msgstr)
    ]
    assert not wrong


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_narration_catalog_compiles_with_nothing_untranslated_or_fuzzy(language, tmp_path):
    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", str(tmp_path / f"{DOMAIN}.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    statistics = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
    assert int(statistics.split()[0]) == len(extract.templates(narration=True))


# --- the engine's phrases inside refusals: a pending decision, what the log should record next -----------


@pytest.mark.parametrize("language", TRANSLATED)
def test_what_an_unfinished_eternia_log_awaits_is_said_in_the_readers_language(language):
    """LOG-5.3: a log that stops before the game is over names what it should record next (FE-17.1)."""
    log = engine.simulate("motu-fields-of-eternia", 1, randomness="recorded")
    log["events"] = log["events"][: len(log["events"]) // 2]
    error = json.loads(json.dumps(verdict_dict(engine.verify(log))))["error"]
    assert error["rule"] == "LOG-5.3" and "awaiting: " in error["message"]
    assert error["params"]["describe_awaiting"]["message_id"] == "awaiting: {what}"
    text, lang = localised(error, language)
    assert lang == language and "awaiting" not in text
    expected = {"it": "in attesa di: ", "es": "a la espera de: ", "pl": "oczekiwanie na: "}[language]
    assert expected in text


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_pending_hoplomachus_decision_is_said_in_the_readers_language(language):
    """HR-7.4.1: a pending decision blocks every other event; the refusal names the decision."""
    error = {
        "rule": "HR-4.4.3",
        "message": "p1 must first choose the favour track to follow (a 'track' event), before any move",
        "message_id": "{player} must first {what} (a '{want}' event), before any {typ}",
        "params": {"player": "p1", "what": decision("track").data(), "want": "track", "typ": "move"},
    }
    assert render_message(error["message_id"], error["params"]) == error["message"]  # the engine's English
    text, lang = localised(error, language)
    words = {"it": "tracciato del favore", "es": "marcador de favor", "pl": "tor przychylności"}[language]
    assert lang == language and words in text and "favour track" not in text


# --- arbiter next: what may be logged next, said ----------------------------------------------------------


def test_the_next_alternatives_carry_their_sentence_as_a_template():
    """``arbiter next``'s alternatives keep the English ``text`` and, beside it, its template and params."""
    log = engine.simulate("hoplomachus-remastered", 2)
    log["events"] = log["events"][:40]
    answer = engine.session.next_events(log)
    assert answer["alternatives"]
    for alternative in answer["alternatives"]:
        said = alternative["said"]
        assert said and render_message(said["message_id"], said["params"]) == alternative["text"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_apis_next_answer_says_each_alternative_in_the_requests_language(api_client, user, language):
    """GET /api/logs/<pk>/next/: what the game awaits after a stored log's last event, as ``arbiter
    next`` answers, each alternative also said in the request's language; the engine's English kept."""
    log = engine.simulate("hoplomachus-remastered", 2)
    log["events"] = log["events"][:40]
    stored = submit_log(user, encode(log), source="api", filename="game.json").log
    api_client.force_authenticate(user)
    body = api_client.get(f"/api/logs/{stored.pk}/next/", HTTP_ACCEPT_LANGUAGE=language).json()
    english = engine.session.next_events(log)["alternatives"]
    assert [a["text"] for a in body["alternatives"]] == [a["text"] for a in english]
    assert all(a["lang"] == language for a in body["alternatives"])
    assert all(a["text_localized"] != a["text"] for a in body["alternatives"])
    assert body["events_applied"] == 40


# --- the names of Hoplomachus' tactics (HR-6.2) ------------------------------------------------------------


def test_hoplomachus_tactics_are_named_in_each_language_and_unprinted_names_are_provisional():
    """HR-6.2: the Italian original prints the common tactics' names in English (Adrenaline, Bolster Health,
    Hamstring, Stun; Blitz), so Italian keeps them; the Spanish and Polish names are in the pack, marked
    provisional, and the narration says a tactic by them."""
    from narration.names import localised_names, names

    pack = json.loads(
        (settings.BASE_DIR / "engine/games/hoplomachus/content/hr-core-starter.json").read_text("utf-8")
    )
    tactics = {t["id"]: t for t in pack["tactics"]}
    for tid in ("adrenaline", "bolster-health", "hamstring", "stun"):
        assert "it" not in tactics[tid].get("aliases", {})  # printed in English in the Italian original
        assert {"aliases.es", "aliases.pl"} <= set(tactics[tid]["provisional"])
    for tid in ("plutos-refugees-tactic", "amazons-tactic"):  # placeholder names: provisional everywhere
        assert {"aliases.it", "aliases.es", "aliases.pl"} <= set(tactics[tid]["provisional"])
    assert names()["Stun"] == {"es": "Aturdir", "pl": "Ogłuszenie"}
    sentence = {
        "message_id": "{who} plays {tactic} on {target}",
        "params": {"who": "Ann", "tactic": "Stun", "target": "Crixus"},
    }
    text, lang = said_in(sentence, "Ann plays Stun on Crixus", "pl")
    assert lang == "pl" and "Ogłuszenie" in text and "Stun" not in text
    assert localised_names({"tactic": "Adrenaline"}, "it") == {"tactic": "Adrenaline"}
