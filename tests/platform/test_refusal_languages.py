"""Refusals in the reader's language (issue #24): the engine's template and params of a refused log, said
through the refusal catalogs (platform/refusals) on the log page, in the viewer and in the API, with the
engine's English as the fallback; the catalogs are in step with the engine and fully translated."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation

import engine
from gamelogs.models import GameLog, LogState
from gamelogs.services import submit_log
from gamelogs.verification import verdict_dict
from refusals import extract, phrases
from refusals.catalog import DOMAIN, LOCALE_DIR, localised, localised_message
from tests.engine.conformance import support
from tests.platform.test_languages import visible_text

TRANSLATED = ("it", "es", "pl")
GAME = "motu-battleground"


def refused_log() -> tuple[dict, engine.Verdict]:
    """A recorded Battleground game with one event changed so that the engine refuses it."""
    log = support.simulated(GAME, 3, "recorded")
    for _kind, _i, mutated in support.mutants(log, random.Random("refusals"), 40):
        verdict = engine.verify(mutated)
        if verdict.status == "illegal" and verdict.error.params:
            return mutated, verdict
    raise AssertionError("no mutant was refused")


@pytest.fixture
def refused(user):
    doc, verdict = refused_log()
    log = submit_log(user, json.dumps(doc).encode(), source="api").log
    data = json.loads(json.dumps(verdict_dict(verdict)))
    GameLog.objects.filter(pk=log.pk).update(state=LogState.ILLEGAL, verdict=data, summary=data["summary"])
    log.refresh_from_db()
    return log


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_log_page_gives_the_refusal_in_the_readers_language(client, user, refused, language):
    error = refused.verdict["error"]
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(f"/logs/{refused.pk}/").content.decode()
    said, lang = localised(error, language)
    assert lang == language and said != error["message"]
    # The catalog's own words for the template, as Python's gettext reads the compiled catalog.
    with translation.override(language):
        assert localised_message(error) == said
    reason = re.search(r'<dd id="error-message" lang="(\w+)">(.*?)</dd>', page, re.S)
    assert reason.group(1) == language
    assert visible_text(reason.group(2)) == visible_text(said)
    # The headline too: the stored summary is the engine's English, so the page writes its own.
    headline = re.search(r'<p class="verdict illegal" id="verdict" lang="(\w+)">(.*?)</p>', page, re.S)
    assert headline.group(1) == language and refused.summary not in page
    assert visible_text(said) in visible_text(headline.group(2)) and error["rule"] in headline.group(2)
    assert error["message"] not in visible_text(page)


@pytest.mark.django_db
def test_english_readers_and_old_verdicts_get_the_engines_message(client, user, refused):
    error = dict(refused.verdict["error"])
    assert localised(error, "en") == (error["message"], "en")
    old = {k: v for k, v in error.items() if k not in ("message_id", "params")}  # stored before issue #24
    assert localised(old, "it") == (error["message"], "en")
    unknown = {**error, "message_id": "a template the catalog has not got {x}", "params": {"x": 1}}
    assert localised(unknown, "it") == (error["message"], "en")
    misfit = {**error, "params": {}}  # params that do not fill the translation in
    assert localised(misfit, "it") == (error["message"], "en")


@pytest.mark.django_db
def test_the_api_adds_the_message_in_the_requests_language(api_client, user, refused):
    api_client.force_authenticate(user)
    english = refused.verdict["error"]["message"]
    for language in ("it", "en"):
        body = api_client.get(f"/api/logs/{refused.pk}/", HTTP_ACCEPT_LANGUAGE=language).json()
        error = body["error"]
        assert error["message"] == english  # the engine's English, unchanged
        assert error["message_id"] and isinstance(error["params"], dict)
        assert error["message_localized"] == localised(error, language)[0]
    assert body["error"]["message_localized"] == english
    italian = api_client.get(f"/api/logs/{refused.pk}/", HTTP_ACCEPT_LANGUAGE="it").json()["error"]
    assert italian["message_localized"] != english


@pytest.mark.django_db
def test_the_viewer_gives_the_refusal_in_the_readers_language(client, user, refused):
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    error = client.get(f"/replay/logs/{refused.pk}.json").json()["error"]
    assert (error["message"], error["lang"]) == localised(refused.verdict["error"], "es")
    assert error["lang"] == "es"


def test_the_catalogs_hold_every_template_the_engine_writes():
    call_command("refusal_messages", "--check")  # raises CommandError when out of step


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_refusal_catalog_compiles_with_nothing_untranslated_or_fuzzy(language, tmp_path):
    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", str(tmp_path / f"{DOMAIN}.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    statistics = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
    assert int(statistics.split()[0]) == len(extract.templates()) + len(phrases.templates())


# --- English phrases the engine passes as params (refusals.phrases) ---------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_malformed_events_explanation_is_said_in_the_readers_language(language):
    log = support.simulated(GAME, 3, "recorded")
    log["events"][4] = {**log["events"][4], "bogus": 1}  # a field the log format does not have (LOG-5.1)
    error = json.loads(json.dumps(verdict_dict(engine.verify(log))))["error"]
    assert error["message_id"] == "{pointer}: {plain}" and "unexpected" in error["params"]["plain"]
    text, lang = localised(error, language)
    assert lang == language
    assert "bogus" in text and "/events/4" in text  # the data stay
    assert not {"Additional", "properties", "allowed", "unexpected"} & set(re.findall(r"\w+", text))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(
    "plain", ["'hex' is missing", "'x' is not of type 'integer'", "0 is less than the minimum of 1"]
)
def test_the_schemas_usual_explanations_are_phrases_of_the_catalog(language, plain):
    error = {"rule": "LOG-5.1", "message": f"/events/2: {plain}", "message_id": "{pointer}: {plain}",
             "params": {"pointer": "/events/2", "plain": plain}}  # fmt: skip
    text, lang = localised(error, language)
    assert lang == language and text.startswith("/events/2: ")
    assert not {"missing", "type", "less", "than"} & set(re.findall(r"\w+", text))  # "minimum" is Polish too


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("kind", ["push", "pull"])
def test_a_movement_effects_kind_is_said_in_the_readers_language(language, kind):
    """BG-18.5: the refusals that say "{kind}ed" name the kind in the reader's words."""
    for message_id in phrases.MOVEMENT_TEMPLATES:
        params = {"name": "He-Man", "kind": kind, "ways": "[A1, A2]"}
        used = {k: v for k, v in params.items() if "{" + k in message_id}
        error = {"rule": "BG-18.5.5", "message": "x", "message_id": message_id, "params": used}
        text, lang = localised(error, language)
        assert lang == language and kind not in text and "ed " not in text, text


@pytest.mark.parametrize(
    ("language", "words"),
    [("it", "p2 deve scegliere"), ("es", "p2 debe elegir"), ("pl", "p2 musi wybrać")],
)
def test_a_hoplomachus_decision_logged_by_the_wrong_player_is_refused_in_the_readers_language(
    language, words
):
    """HR-7.4.1: a pending decision is its player's alone; logged by another player it is refused with the
    rule that gives it to its player (here HR-16.7.1, returning units to camp), a template like every other
    refusal, its English unchanged."""
    log = engine.simulate("hoplomachus-remastered", 2, randomness="seeded")
    index = next(
        i for i, e in enumerate(log["events"]) if e["type"] == "return_units" and e["player"] == "p2"
    )
    log["events"][index] = {**log["events"][index], "player": "p1"}
    error = json.loads(json.dumps(verdict_dict(engine.verify(log))))["error"]
    assert error["message"] == (
        'p2 must choose the units returned to camp, not p1; the log should say "player": "p2"'
    )
    assert error["message_id"] == '{player} must {what}, not {who}; the log should say "player": "{player}"'
    text, lang = localised(error, language)
    assert lang == language and text.startswith(words) and '"player": "p2"' in text
