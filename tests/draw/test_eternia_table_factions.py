"""A real Fields of Eternia event deals each table's factions when it pairs: one Masters team against
one Evil Warriors team at every table (FE-2.1), whatever Swiss pairing puts together, each team
choosing its heroes at setup (FE-4.1.2) and no registered faction list. The factions are on the
pairings, the match page, the projector, the printed pairings and slips, the player's table card and
the API, balanced over the rounds like colours in chess, and
the log check holds a log's teams to them."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date

import pytest

import engine
from draw import seats, table_factions
from draw import services as draw_services
from draw.models import Match, MatchState, ResultSource
from draw.seats import two_seats
from draw.services.readiness import readiness
from participants import services as participant_services
from results import services as result_services
from tests.tournaments_django.conftest import verify
from tournaments import services
from tournaments.algorithms.table_sides import spread
from tournaments.simulation import run_simulated_event

GAME = "motu-fields-of-eternia"
FACTIONS = ("motu", "ew")


def dealt(match) -> list[str]:
    """The faction of each side of the match, in table order; every member of a side shares it."""
    out = []
    for side in seats.sides(match):
        assert len({seat.faction for seat in side}) == 1
        out.append(side[0].faction)
    return out


def six_teams(organizer, make_player):
    event = services.create_event(
        organizer, name="Eternia Six", starts_on=date(2026, 6, 6), game=GAME, content_pack="fe-core-starter",
        team_size=2, swiss_rounds=3, first_round="seeded", random_seed=5,
    )  # fmt: skip
    registrations = [participant_services.register(make_player(f"Hero {i:02d}"), event) for i in range(12)]
    teams = [
        participant_services.create_team(
            organizer, event, f"Team {i + 1}", registrations[2 * i : 2 * i + 2], seed=i + 1
        )
        for i in range(6)
    ]
    return event, teams


def log_for(match, factions: list[str], seed: int = 11) -> bytes:
    """A legal simulated game of ``match`` whose sides play ``factions`` (members split the heroes)."""
    base = engine.simulate(GAME, seed)
    heroes = {p["faction"]: p["force"] for p in base["players"]}
    header = {key: value for key, value in base.items() if key != "events"}
    players = []
    for side, faction in zip(seats.sides(match), factions, strict=True):
        for i, seat in enumerate(side):
            players.append(
                {
                    "id": f"p{len(players) + 1}",
                    "name": seat.registration.display_name,
                    "faction": faction,
                    "force": heroes[faction][i :: len(side)],
                }
            )
    header["players"] = players
    return json.dumps(engine.simulate(GAME, seed, from_header=header)).encode()


@pytest.mark.django_db
def test_every_table_of_a_paired_round_is_dealt_one_faction_a_side(organizer, make_player, client):
    event, _ = six_teams(organizer, make_player)
    lists = next(c for c in readiness(event) if c.key == "lists")
    assert lists.status == "pass" and "dealt" in lists.detail  # no faction list is asked for
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    matches = list(round1.matches.order_by("table"))
    assert len(matches) == 3
    assert [dealt(m) for m in matches] == [["motu", "ew"], ["ew", "motu"], ["motu", "ew"]]  # by table number

    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert page.count("plays Masters of the Universe") == 3 and page.count("plays Evil Warriors") == 3

    first = matches[0]
    me = seats.sides(first)[0][0].registration
    client.force_login(me.player)
    card = client.get(f"/api/events/{event.slug}/my-table/").json()["table"]
    assert card["me"]["faction"] == "Masters of the Universe"
    assert {o["faction"] for o in card["opponents"]} == {"Evil Warriors"}
    assert {p["faction"] for p in card["partners"]} == {"Masters of the Universe"}
    api = client.get(f"/api/events/{event.slug}/rounds/1/pairings/").json()
    api_match = next(m for m in api if m["table"] == first.table)
    assert [s["faction"] for s in api_match["seats"]] == ["motu", "motu", "ew", "ew"]


@pytest.mark.django_db
def test_the_dealt_factions_are_on_the_match_page_the_projector_the_printed_sheets_and_the_api(
    organizer, make_player, client
):
    """Everywhere a table's seats are listed, each side's dealt faction is shown with it."""
    event, _ = six_teams(organizer, make_player)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    first = round1.matches.order_by("table").first()
    (a1, a2), (b1, b2) = ([seat.registration.display_name for seat in side] for side in seats.sides(first))
    masters, evil = "Masters of the Universe", "Evil Warriors"

    page = client.get(f"/events/{event.slug}/matches/{first.pk}/").content.decode()
    assert 'id="dealt-factions"' in page
    assert f'<strong>Team 1 ({a1}, {a2})</strong> plays <span class="dealt-faction">{masters}</span>' in page
    assert f'({b1}, {b2})</strong> plays <span class="dealt-faction">{evil}</span>' in page

    tables = client.get(f"/events/{event.slug}/projector.json").json()["tables"]
    table1 = next(t for t in tables if t["table"] == first.table)
    assert [(p["name"], p["faction"], p["side"], p["before"], p["plays"]) for p in table1["players"]] == [
        (a1, masters, 0, "", ""), (a2, masters, 0, " & ", masters), (b1, evil, 1, " vs ", ""), (b2, evil, 1, " & ", evil)
    ]  # fmt: skip
    projector = client.get(f"/events/{event.slug}/projector/").content.decode()
    # Partners joined by "&", each side's faction once, after its last player: three tables of two sides.
    assert projector.count(f'<span class="faction"> · {masters}</span>') == 3
    assert projector.count(f'<span class="faction"> · {evil}</span>') == 3
    assert f'<span class="vs"> &amp; </span><span class="name">{a2}' in projector

    client.force_login(organizer)
    printed = client.get(f"/events/{event.slug}/rounds/1/print/").content.decode()
    by_table, by_name, slips = (
        printed[printed.index('id="pairings-by-table"') : printed.index('id="pairings-by-name"')],
        printed[printed.index('id="pairings-by-name"') : printed.index('id="slip-')],
        printed[printed.index('id="slip-') :],
    )
    # Six sides (three tables of two teams) by table and by name; twelve seats on the slips.
    for part, shown in ((by_table, 6), (by_name, 6), (slips, 12)):
        assert part.count(f"plays {masters}") == part.count(f"plays {evil}") == shown // 2
    slip1 = slips[: slips.index("</article>")]
    assert f'{a1}<br><span class="dealt-faction">plays {masters}</span>' in slip1
    assert f'{b2}<br><span class="dealt-faction">plays {evil}</span>' in slip1

    detail = client.get(f"/api/events/{event.slug}/matches/{first.pk}/").json()
    assert [s["faction"] for s in detail["seats"]] == ["motu", "motu", "ew", "ew"]


@pytest.mark.django_db
def test_a_log_whose_teams_play_the_other_factions_is_flagged(
    organizer, make_player, django_capture_on_commit_callbacks
):
    event, _ = six_teams(organizer, make_player)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    swapped, right = round1.matches.order_by("table")[:2]
    player = seats.sides(swapped)[0][0].registration.player
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(
            player, swapped, log_for(swapped, ["ew", "motu"]), filename="x.json"
        )
    swapped.refresh_from_db()
    verify(swapped.game_log_id, django_capture_on_commit_callbacks)
    swapped.refresh_from_db()
    assert swapped.state == MatchState.AWAITING_LOG and swapped.log_flag == "mismatch"
    assert any(
        "plays ew in the log; the pairings dealt their side Masters of the Universe at this table" in line
        for line in swapped.flag_details
    ), swapped.flag_details
    player = seats.sides(right)[0][0].registration.player
    with django_capture_on_commit_callbacks(execute=True):
        result_services.attach_log_to_match(player, right, log_for(right, dealt(right)), filename="y.json")
    right.refresh_from_db()
    verify(right.game_log_id, django_capture_on_commit_callbacks)
    right.refresh_from_db()
    assert right.state == MatchState.VERIFIED and right.result_source == ResultSource.LOG, right.flag_details


@pytest.mark.django_db(transaction=True)
def test_a_six_team_event_over_three_rounds_never_seats_one_faction_against_itself():
    """Six teams of two, three Swiss rounds, every game simulated and verified from its log: each table
    is a Masters team against an Evil Warriors team, the logs agree with the dealt factions, and no
    team has played one faction more than once more than the other."""
    report = run_simulated_event(game=GAME, players=12, rounds=3, seed=21, eager=True)
    event = report.event
    assert report.flagged == [] and report.rounds == 3 and event.teams.count() == 6
    games = list(Match.objects.filter(round__event=event).games().order_by("round__number", "table"))
    assert len(games) == 9
    for match in games:
        assert sorted(dealt(match)) == ["ew", "motu"]
        assert match.state == MatchState.VERIFIED and match.result_source == ResultSource.LOG
        header = json.loads(bytes(match.game_log.content))
        faction_of = {p["name"]: p["faction"] for p in header["players"]}
        assert all(faction_of[s.registration.display_name] == s.faction for s in match.seat_list())
    history = table_factions.history(event, before_round=4)
    assert len(history) == 6 and all(len(h) == 3 for h in history.values())
    assert spread(history, FACTIONS) == 1  # three games each: two of one faction, one of the other
    assert Counter(f for h in history.values() for f in h) == {"motu": 9, "ew": 9}


@pytest.mark.django_db
def test_ratings_can_be_read_for_one_game_with_partners_rated_as_a_team(organizer, make_player, client):
    """Individual ratings that account for team play: partners are rated as one side of the game, each keeping
    their own rating; ``?game=`` rates one game's events only, so an Eternia team game and another game's duel
    are not mixed."""
    from standings.services import ratings

    event, teams = six_teams(organizer, make_player)
    round1 = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    for match in round1.matches.all():
        result_services.decide_result(organizer, match, scores=two_seats("win", (10, 7)))
    eternia = ratings(game=GAME)
    assert len(eternia) == 12 and ratings(game="motu-battleground") == {}
    for team in teams:  # partners share every update
        assert len({round(eternia[r.player_id].mu, 9) for r in team.members.all()}) == 1
    page = client.get(f"/events/ratings/?game={GAME}").content.decode()
    assert (
        "<strong>Masters of the Universe: Fields of Eternia</strong>" in page
        and page.count("/events/players/") >= 12
    )
    assert len(client.get(f"/api/events/ratings/?game={GAME}").json()) == 12
    refused = client.get("/api/events/ratings/?game=chess")
    assert refused.status_code == 400 and "unknown game 'chess'" in refused.content.decode()
