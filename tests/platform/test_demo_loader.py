"""``manage.py load_demo`` (issue #13, onboarding): besides the demo player's simulated logs it makes
the organizer account and a FINISHED Battleground event (Swiss, ten players, three rounds,
results from verified logs and from confirmed hand reports, standings), a finished simulated event
of each other game (issue #9) and of Fields of Eternia's skirmish (FE-19), and running it again changes
nothing. The home page names both accounts."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from accounts.services import holds_organizer_role
from draw.models import Match, ResultSource, RoundState
from tournaments import demo as event_demo
from tournaments.models import Event, EventStatus

# Committed data: the event's logs are verified in this process once each upload commits.
pytestmark = pytest.mark.django_db(transaction=True)


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", "--count", "1", stdout=out)
    return out.getvalue()


def test_load_demo_makes_a_finished_event_and_an_organizer_once(published, client):
    said = load()
    assert "organizer account: organizer / arbiter-organizer" in said
    assert "demo event (finished): /events/demo-grayskull-open/" in said

    event = Event.objects.get(slug=event_demo.EVENT_SLUG)
    assert event.status == EventStatus.FINISHED and event.game == "motu-battleground"
    assert event.format == "swiss" and event.registrations.count() == 10
    assert list(event.rounds.values_list("number", "state")) == [(n, RoundState.CLOSED) for n in (1, 2, 3)]
    assert event.rounds.get(number=3).standings.rows[0]["rank"] == 1
    sources = set(
        Match.objects.filter(round__event=event)
        .exclude(result_source="")
        .values_list("result_source", flat=True)
    )
    assert {ResultSource.LOG, ResultSource.REPORT} <= sources
    assert event.registrations.filter(player__username="demo").exists()

    # The other games have a small simulated event each; Fields of Eternia's is its team game (FE-2.1),
    # three teams of two, every game decided by its verified log.
    eternia = Event.objects.get(slug="demo-simulated-motu-fields-of-eternia")
    assert f"(finished): /events/{eternia.slug}/" in said
    assert (eternia.status, eternia.team_size, eternia.teams.count()) == (EventStatus.FINISHED, 2, 3)
    played = [m for m in Match.objects.filter(round__event=eternia) if not m.is_bye]
    assert played and all(m.result_source == ResultSource.LOG and not m.log_flag for m in played)
    assert Event.objects.get(slug="demo-simulated-hoplomachus-remastered").status == EventStatus.FINISHED
    # and a competitive skirmish (FE-19) of four players, one a side, labelled simulated.
    skirmish = Event.objects.get(slug="demo-simulated-motu-fields-of-eternia-skirmish")
    assert f"skirmish event (finished): /events/{skirmish.slug}/" in said
    assert (skirmish.game_mode, skirmish.team_size, skirmish.registrations.count()) == ("skirmish", 0, 4)
    assert skirmish.name.startswith("Simulated ") and "(skirmish)" in skirmish.name
    played = list(Match.objects.filter(round__event=skirmish))
    assert len(played) == 4 and all(m.result_source == ResultSource.LOG and not m.log_flag for m in played)
    assert all(m.game_log.simulated for m in played)
    # One demo challenge per game with a mode against the game: Hoplomachus' Assault (HR-13), Eternia's solo
    for slug in ("demo-hoplomachus-remastered-assault", "demo-motu-fields-of-eternia-solo"):
        assert f"demo challenge with simulated entries: /challenges/{slug}/" in said

    organizer = get_user_model().objects.get(username="organizer")
    assert holds_organizer_role(organizer) and event.organizers.filter(pk=organizer.pk).exists()
    signed_in = client.post("/accounts/login/", {"username": "organizer", "password": "arbiter-organizer"})
    assert signed_in.status_code == 302
    assert client.get(f"/events/{event.slug}/manage/").status_code == 200
    client.logout()

    home = client.get("/").content.decode()
    assert "<code>demo</code> / <code>arbiter-demo</code>" in home
    assert "<code>organizer</code> / <code>arbiter-organizer</code>" in home
    assert f'href="/events/{event.slug}/"' in home

    first = (Event.objects.count(), Match.objects.count(), get_user_model().objects.count())
    load()  # idempotent
    assert (Event.objects.count(), Match.objects.count(), get_user_model().objects.count()) == first


def test_a_site_without_demo_data_shows_no_passwords(client):
    assert b"arbiter-demo" not in client.get("/").content


def test_load_demo_uploads_one_hoplomachus_log_per_mode_once(published):
    """Issue #10: the meta and log pages of Hoplomachus have a simulated game of each of its five modes."""
    from gamelogs.models import GameLog

    load()
    hoplomachus = GameLog.objects.filter(game="hoplomachus-remastered")
    modes = {"skirmish", "pandemonium", "alliance", "assault", "ascension"}
    named = {
        m
        for m in modes
        if hoplomachus.filter(filename=f"hoplomachus-remastered-{m}-seeded-1983.json").exists()
    }
    assert named == modes
    count = hoplomachus.count()
    load()  # the same seeds give the same bytes: nothing new
    assert hoplomachus.count() == count


def test_load_demo_has_an_eternia_boss_game_and_a_mounted_hero(published):
    """Issue #11: the demo shows Eternia's solo scenario against a boss (FE-18, ``solo-evil-seed``) and a
    team fielding a mounted hero (FE-4.1.8), both legal when verified."""
    import json

    from gamelogs.models import GameLog
    from gamelogs.verification import verify_stored_log

    load()
    eternia = GameLog.objects.filter(game="motu-fields-of-eternia")
    boss = eternia.get(filename="motu-fields-of-eternia-solo-boss-seeded-1983.json")
    mounted = eternia.get(filename="motu-fields-of-eternia-mounted-hero-seeded-1983.json")
    assert [verify_stored_log(log.pk) for log in (boss, mounted)] == ["legal", "legal"]
    setup = json.loads(bytes(boss.content))["setup"]
    assert (setup["mode"], setup["scenario"]) == ("solo", "solo-evil-seed")
    forces = [hero for p in json.loads(bytes(mounted.content))["players"] for hero in p["force"]]
    assert any(hero.endswith("-mounted") for hero in forces), forces
    count = eternia.count()
    load()
    assert eternia.count() == count


def test_the_demo_event_plays_the_registry_s_default_game(published, settings):
    """Issue #9: the demo event names no game: it plays ``games.default_game()`` with the lists that
    game's plugin simulates (here Hoplomachus' troops, HR-12), half by verified logs, half by hand."""
    settings.ARBITER_DEFAULT_GAME = "hoplomachus-remastered"
    event = event_demo.load()
    assert (event.game, event.status, event.content_pack) == (
        "hoplomachus-remastered",
        EventStatus.FINISHED,
        "hr-core-starter",
    )
    assert all(r.force_list.valid for r in event.registrations.all())
    played = Match.objects.filter(round__event=event).games()
    assert {m.result_source for m in played} == {ResultSource.LOG, ResultSource.REPORT}
    assert not played.filter(result_source=ResultSource.LOG).exclude(log_flag="").exists()


def test_the_demo_challenge_s_game_comes_from_the_plugins():
    import games
    from challenges import demo

    # HR-13 (Assault) and FE-18 (solo): one demo challenge per game whose plugin names a mode against the game
    assert demo.demo_games() == [("hoplomachus-remastered", "assault"), ("motu-fields-of-eternia", "solo")]
    assert demo.demo_game() == ("hoplomachus-remastered", "assault")
    real = [games.plugin(g) for g in ("hoplomachus-remastered", "motu-fields-of-eternia")]
    for plugin in real:
        games.register(games.GamePlugin(plugin.game_id, f"{plugin.game_id} without a demo"))
    try:
        assert demo.demo_game() is None and demo.load() is None and demo.load_all() == []
    finally:
        for plugin in real:
            games.register(plugin)


def test_a_fresh_demo_shows_hoplomachus_and_eternia_games_on_the_meta_labelled_simulated(
    published, client, settings
):
    """Issue #24: the demo's Hoplomachus and Eternia logs reach their meta pages, as simulated games: left
    out and counted by default (with the link that includes them), shown once included, and said to be so."""
    from gamelogs.models import GameLog
    from gamelogs.verification import verify_stored_log

    settings.ARBITER_META_REFRESH_INLINE = True
    load()
    games = ("hoplomachus-remastered", "motu-fields-of-eternia")
    for log in GameLog.objects.filter(game__in=games):
        verify_stored_log(log.pk)
    for game in games:
        page = client.get(f"/meta/{game}/").content.decode()
        assert 'id="simulated-hidden"' in page and "?simulated=include" in page, game
        page = client.get(f"/meta/{game}/?simulated=include").content.decode()
        assert 'id="simulated-included"' in page and 'id="dashboard-empty"' not in page, game
        assert "generated by the simulator, not played" in page
