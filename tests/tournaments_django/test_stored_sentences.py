"""What the site writes down in English and shows later to other people is said in each reader's language
(issue #24): notifications, a swapped table's reason and its warnings, a dispute's ruling, the audit API's
entries. Each row keeps its English beside the template and params (tournaments.said); a row stored before
templates were kept shows its stored text, and the data migrations gave a template to those whose English
reads back exactly."""

from __future__ import annotations

import importlib

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from draw import services as draw_services
from draw.models import Match
from draw.seats import two_seats
from results import services as result_services
from tournaments import services
from tournaments.models import Notification
from tournaments.said import read_back, render

pytestmark = pytest.mark.django_db


def _in(language: str, note) -> str:
    with translation.override(language):
        return note.text


def prefer(user, language: str):
    user.profile.language = language
    user.profile.save(update_fields=["language"])


def test_a_notification_written_in_english_is_read_in_polish_by_a_polish_player(
    make_event, organizer, make_player, client, django_capture_on_commit_callbacks
):
    event = make_event()
    judge = make_player("Jan Sędzia")
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        services.add_judge(organizer, event, judge)
    note = Notification.objects.get(user=judge)
    assert note.message == (
        f"You are a judge of {event.name}: you can enter and correct results and rule on disputes."
    )  # it names the event: no lead
    with translation.override("pl"):
        assert note.text.startswith(f"Jesteś sędzią {event.name}: możesz")
    prefer(judge, "pl")
    client.force_login(judge)
    page = client.get("/events/me/").content.decode()
    assert "Jesteś sędzią" in page and "You are a judge" not in page
    # The API says it in the reader's language too: the account's, whatever the browser asks.
    api = client.get("/api/events/me/notifications/", HTTP_ACCEPT_LANGUAGE="es").json()
    rows = api["results"] if isinstance(api, dict) else api
    assert [row["message"] for row in rows] == [_in("pl", note)]
    prefer(judge, "")
    client = Client()  # a fresh browser: no language remembered from the account
    client.force_login(judge)
    api = client.get("/api/events/me/notifications/", HTTP_ACCEPT_LANGUAGE="es").json()
    rows = api["results"] if isinstance(api, dict) else api
    assert rows[0]["message"].startswith("Eres juez de"), rows


def test_a_match_notification_keeps_its_lead_and_result_in_the_readers_language(
    running_round, django_capture_on_commit_callbacks
):
    event, round_, players = running_round
    match = round_.matches.games().first()
    first, second = (r.player for r in match.entrants())
    with django_capture_on_commit_callbacks(execute=True):
        result_services.report_result(first, match, scores=two_seats("win", (30, 10)))
    note = Notification.objects.filter(user=second, match=match).latest("id")
    assert (
        note.message.startswith(f"{event.name}, table {match.table} — ")
        and "Confirm or dispute it." in note.message
    )
    with translation.override("it"):
        text = note.text
    assert text.startswith(f"{event.name}, tavolo {match.table} — ") and "Confirm or dispute" not in text


def test_an_old_notification_without_a_template_reads_as_stored(make_player):
    old = Notification.objects.create(user=make_player("Ola"), message="Something the site once said.")
    with translation.override("pl"):
        assert old.text == "Something the site once said."


def test_a_swap_says_its_reason_and_warnings_in_the_organizers_language(field, organizer):
    event, players = field(4)
    first = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    met = {}
    for match in first.matches.games():
        result_services.decide_result(organizer, match, two_seats("win", (30, 10)))
        x, y = match.entrants()
        met[x.pk], met[y.pk] = y, x
    draw_services.close_round(organizer, first)
    draft = draw_services.pair_next_round(organizer, event)
    table = draft.matches.games().first()
    x, y = table.entrants()
    # Swapping x's partner for x's first-round opponent makes a rematch: a warning.
    with translation.override("pl"):
        warnings = draw_services.swap_pairing(organizer, draft, y, met[x.pk], note="prośba")
    assert warnings and all("already met" not in w and "już" in w for w in warnings), warnings
    swapped = Match.objects.get(pk=table.pk)
    assert swapped.reason.startswith("swapped by the organizer (") and swapped.reason.endswith(": prośba")
    with translation.override("pl"):
        assert "swapped" not in swapped.reason_text and "prośba" in swapped.reason_text
    entry = event.audit_entries.get(action="swapped")
    assert all(
        "already met in round 1" in w for w in entry.data["warnings"]
    )  # the entry's data stays English
    with translation.override("pl"):
        assert "already met" not in entry.text and "warning" not in entry.text


def test_a_dispute_ruling_is_read_in_spanish(running_round, organizer, client):
    event, round_, players = running_round
    match = round_.matches.games().first()
    first, second = (r.player for r in match.entrants())
    result_services.report_result(first, match, scores=two_seats("win", (30, 10)))
    dispute = result_services.dispute_result(second, match, reason="wrong score")
    result_services.resolve_dispute(organizer, dispute, uphold=True, note="checked the log")
    dispute.refresh_from_db()
    assert dispute.resolution.startswith("result upheld: ") and dispute.resolution.endswith("checked the log")
    with translation.override("es"):
        ruling = dispute.resolution_text
    assert "upheld" not in ruling and "checked the log" in ruling
    client.force_login(second)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    page = client.get(match.get_absolute_url()).content.decode()
    assert ruling in page.replace("&#x27;", "'") or ruling.split(":")[0] in page


def test_the_audit_api_gives_each_entry_in_the_requests_language(field, organizer, api_client):
    event, _players = field(2)
    api_client.force_authenticate(organizer)
    rows = api_client.get(f"/api/events/{event.slug}/audit/", HTTP_ACCEPT_LANGUAGE="pl").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    created = next(row for row in rows if row["action"] == "created")
    assert created["detail"] == "olga utworzył(a) wydarzenie"
    assert created["detail_en"] == "olga created the event"


# --- rows stored before templates were kept ----------------------------------------------------------


def test_reading_back_takes_only_an_exact_fit():
    found = read_back(("Round %(number)s: you have a bye.",), "Round 3: you have a bye.")
    assert found == {"template": "Round %(number)s: you have a bye.", "params": {"number": "3"}}
    assert read_back(("Round %(number)s: you have a bye.",), "Round 3: you have a bye!") is None


def test_the_data_migration_gives_old_notifications_a_template_where_it_reads_back(
    running_round, make_player
):
    migration = importlib.import_module("tournaments.migrations.0018_notification_templates_for_stored_rows")
    event, round_, players = running_round
    match = round_.matches.games().first()
    plain = Notification.objects.create(
        user=players[0], event=event, match=match,
        message=f"{event.name}, table {match.table} — {players[1].username} disputes the result of round 1.",
    )  # fmt: skip
    lead_only = Notification.objects.create(
        user=players[0], event=event, message=f"You are registered for {event.name}."
    )
    odd = Notification.objects.create(user=players[0], event=event, message=f"{event.name} — Something else.")
    from django.apps import apps

    migration.forwards(apps, None)
    for row in (plain, lead_only, odd):
        row.refresh_from_db()
    assert plain.template and lead_only.template and not odd.template
    assert render({"template": plain.template, "params": plain.params}, translate=False) == plain.message
    with translation.override("pl"):
        assert (
            plain.text
            == f"{event.name}, stół {match.table} — {players[1].username} kwestionuje wynik rundy 1."
        )
        assert odd.text == f"{event.name} — Something else."


def test_a_pairings_reason_is_said_in_the_readers_language_and_an_unknown_one_is_marked_english(
    field, organizer, client
):
    event, players = field(4)
    draft = draw_services.pair_next_round(organizer, event)
    table = draft.matches.games().first()
    assert table.reason == "round 1 by seeding: top half meets bottom half" and table.reason_template
    with translation.override("pl"):
        assert table.reason_text == "runda 1 według rozstawienia: górna połowa gra z dolną"
    other = draft.matches.games().last()
    other.set_reason("a reason no sentence reads back")
    other.save()
    client.force_login(organizer)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "runda 1 według rozstawienia" in page
    assert '<td class="reason" lang="en">a reason no sentence reads back</td>' in page


def test_clauses_of_a_reason_are_read_back_one_by_one():
    from draw.reasons import reason_said

    reason = "same score group (3 pts); rematch (met in round 1): no pairing of the round has fewer rematches"
    sentence = reason_said(reason)
    assert render(sentence, translate=False) == reason
    with translation.override("es"):
        assert render(sentence) == (
            "mismo grupo de puntuación (3 pts); revancha (se enfrentaron en la ronda 1): "
            "ningún emparejamiento de la ronda tiene menos revanchas"
        )
    assert reason_said("warning: same faction twice; same score group (3 pts)") == (
        "warning: same faction twice; same score group (3 pts)"
    )


# --- a challenge's refusals --------------------------------------------------------------------------


def test_a_refused_challenge_entry_is_read_in_italian_and_an_old_one_as_stored():
    from challenges.matching import differences, differences_said
    from challenges.models import ChallengeEntry

    want = {"game": "g", "setup": {"difficulty": "hard"}, "randomness": {"mode": "seeded", "commitment": "c"}}
    got = {"game": "g", "setup": {"difficulty": "easy"}, "randomness": {"mode": "seeded", "commitment": "c"}}
    assert differences(want, got) == ['setup.difficulty: the log has "easy"; the challenge has "hard".']
    entry = ChallengeEntry(reasons=differences(want, got), reasons_said=differences_said(want, got))
    with translation.override("it"):
        (reason,) = entry.reasons_text
    assert reason.startswith("setup.difficulty:") and "the log has" not in reason
    old = ChallengeEntry(reasons=["The log was submitted after the challenge closed."])
    with translation.override("it"):
        assert old.reasons_text == ["The log was submitted after the challenge closed."]
    migration = importlib.import_module("challenges.migrations.0004_entry_reasons_for_stored_rows")
    assert read_back(migration.TEMPLATES, old.reasons[0]) == {
        "template": "The log was submitted after the challenge closed.",
        "params": {},
    }


# --- reasons that name players, and a flagged match's lines ---------------------------------------------


@pytest.mark.parametrize(
    ("reason", "italian"),
    [
        (
            "pod of 4, 3–1 pts; no split of the round has fewer rematches: Ann and Bob met in round 1, 2; "
            "Cid and Dee met in round 3",
            "gruppo di 4, 3–1 punti; nessuna divisione del turno ha meno rivincite: Ann e Bob si sono "
            "affrontati nel turno 1, 2; Cid e Dee si sono affrontati nel turno 3",
        ),
        (
            "warning: same faction (motu) on both sides, which the game does not allow; no pairing of this "
            "round has fewer such games; same score group (3 pts)",
            "attenzione: stessa fazione (motu) da entrambe le parti, che il gioco non consente; nessun "
            "abbinamento di questo turno ha meno partite simili; stesso gruppo di punteggio (3 punti)",
        ),
        (
            "warning: same faction (kunlun) twice in the pod (Ann and Bob; Cid and Dee), which the game does "
            "not allow; no re-split of neighbouring pods has fewer such pairs; pod of 4, 2 pts, no one met "
            "before",
            "attenzione: stessa fazione (kunlun) due volte nel gruppo (Ann e Bob; Cid e Dee), che il gioco "
            "non consente; nessuna nuova divisione dei gruppi vicini ha meno coppie simili; ",
        ),
    ],
)
def test_a_reason_that_names_players_is_said_in_the_readers_language(reason, italian):
    """The pods' rematch lists and the same-faction warnings (Swiss, pods) name players: read back with the
    names as data, each named pair a sentence of its own, the reason after a warning read back too."""
    from draw.reasons import reason_said

    sentence = reason_said(reason)
    assert not isinstance(sentence, str)
    assert render(sentence, translate=False) == reason
    with translation.override("it"):
        said = render(sentence)
    assert said.startswith(italian) and " met in round" not in said and "warning" not in said


def test_a_flagged_matchs_lines_are_said_in_the_readers_language_and_others_marked_english():
    """Why a log was not taken as the match's result (tournaments.log_check's lines as the checks word
    them, names as data) in the reader's language; a line no sentence reads back keeps its English."""
    from results.mismatch import said_lines
    from tournaments import log_check

    expected = [log_check.ExpectedPlayer(key=1, name="Ann"), log_check.ExpectedPlayer(key=2, name="Bob")]
    lines = log_check.compare_players([{"id": "p1", "name": "Zed"}], expected, lambda p, h: []).problems
    lines += log_check.check_reference({"round": 3}, event_slug="cup", match_id=7, round_number=2)
    assert lines == [
        "the log's player 'Zed' is not a player of this match",
        "Ann does not appear in the log",
        "Bob does not appear in the log",
        "the log names round 3, not 2",
    ]
    with translation.override("pl"):
        said = said_lines([*lines, "a line of another kind"])
    assert said == [
        ("gracz 'Zed' z logu nie jest graczem tego meczu", "pl"),
        ("Ann nie występuje w logu", "pl"),
        ("Bob nie występuje w logu", "pl"),
        ("log podaje rundę 3, a nie 2", "pl"),
        ("a line of another kind", "en"),
    ]
    with translation.override("en"):
        assert said_lines(lines[:1]) == [(lines[0], "en")]


@pytest.mark.parametrize(
    ("language", "words", "cost"),
    [
        ("it", "bye: scelto con l'abbinamento; un bye a C (", "più rivincite (1 invece di 0)"),
        (
            "es",
            "descanso: elegido con el emparejamiento; un descanso a C (",
            "más revanchas (1 en lugar de 0)",
        ),
        ("pl", "pauza: wybrana razem z kojarzeniem; pauza dla C (", "więcej rewanży (1 zamiast 0)"),
    ],
)
def test_a_swiss_bye_given_with_the_pairing_names_its_player_in_the_readers_language(language, words, cost):
    """A Swiss bye given with the pairing names the player the plain rule would have given it to (data), the
    rule and what that would have cost, each a sentence of its own read back and said in the language."""
    from draw.reasons import reason_said
    from tests.tournaments.test_bye_with_the_pairing import RESULTS, field
    from tournaments.algorithms.swiss import SwissOptions, SwissPairer

    [bye] = [p for p in SwissPairer(SwissOptions()).pair(field(), RESULTS, 3) if p.b is None]
    sentence = reason_said(bye.reason)
    assert not isinstance(sentence, str)
    assert render(sentence, translate=False) == bye.reason
    with translation.override(language):
        said = render(sentence)
    assert said.startswith(words) and said.endswith(cost)
    assert "would leave" not in said and "lowest-ranked" not in said and "rematches" not in said


@pytest.mark.parametrize(
    "reason",
    [
        "bye: chosen with the pairing; a bye to Ann (lowest-ranked with the fewest (2)) would leave larger "
        "score gaps between opponents (squared differences 4 instead of 1)",
        "bye: chosen with the pairing; a bye to Bob (lowest-ranked player without an earlier bye) would leave "
        "a pairing no better by the event's order of priorities",
    ],
)
def test_every_swiss_bye_with_the_pairing_reads_back_to_its_words(reason):
    from draw.reasons import reason_said

    sentence = reason_said(reason)
    assert not isinstance(sentence, str) and render(sentence, translate=False) == reason
    with translation.override("es"):
        assert "would leave" not in render(sentence)


@pytest.mark.parametrize(
    ("line", "polish"),
    [
        (
            "this event plays a Skirmish (HR-15); this log is a Pandemonium game (HR-16)",
            "tryb tego wydarzenia: gra Skirmish (HR-15); tryb tego logu: gra Pandemonium (HR-16)",
        ),
        (
            "this event plays a team game (FE-2) or a solo or co-op game against the game (FE-18); this log is "
            "a skirmish (FE-19)",
            "tryb tego wydarzenia: gra drużynowa (FE-2) lub gra solo lub kooperacyjna przeciwko grze (FE-18); "
            "tryb tego logu: potyczka (FE-19)",
        ),
    ],
)
def test_the_mode_line_is_said_with_the_games_mode_words_in_the_readers_language(line, polish):
    """tournaments.log_check.check_mode: the modes the event plays (HR-15, HR-16; FE-2, FE-18, FE-19) and the
    log's, each as the game words it, said in the reader's language; a mode no game words keeps the English."""
    from results.mismatch import said_lines

    with translation.override("pl"):
        assert said_lines([line]) == [(polish, "pl")]
        unknown = "this event plays a Skirmish (HR-15); this log is a game of another kind"
        assert said_lines([unknown]) == [(unknown, "en")]
    with translation.override("it"):
        [(italian, language)] = said_lines([line])
    assert language == "it" and "this event plays" not in italian and " or " not in italian
