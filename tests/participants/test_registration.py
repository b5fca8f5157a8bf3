"""Registration, the waiting list, check-in, drops, late joins and lists."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from draw import services as draw_services
from draw.seats import two_seats
from participants import services as participant_services
from participants.models import RegistrationStatus
from results import services as result_services
from tests.tournaments_django.conftest import EW, MOTU, first_game_force
from tournaments import services
from tournaments.errors import EventError
from tournaments.models import AuditEntry, Notification

pytestmark = pytest.mark.django_db


def test_an_organizer_creates_an_event_with_the_issue_defaults(organizer):
    from datetime import date

    event = services.create_event(organizer, name="Castle Grayskull Cup", starts_on=date(2026, 6, 1))
    assert event.slug == "castle-grayskull-cup"
    assert (event.points_win, event.points_draw, event.points_loss) == (3, 1, 0)
    assert event.points_limit == 100 and event.format == "swiss"
    assert event.tiebreaks == ["points", "sos", "score_diff"]
    assert list(event.organizers.all()) == [organizer]
    assert event.random_seed > 0  # stored so the random first round can be replayed
    assert AuditEntry.objects.filter(event=event, action="created").exists()


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"tiebreaks": ["points", "luck"]}, "Unknown tiebreak 'luck'"),
        ({"tiebreaks": []}, "Choose at least one tiebreak"),
        ({"format": "swiss_top_cut", "top_cut": 6}, "power of two"),
        ({"points_win": 1, "points_draw": 2}, "must not increase"),
        ({"content_pack": "no-such-pack"}, "Unknown content pack"),
    ],
)
def test_event_settings_are_checked(make_event, settings, message):
    with pytest.raises(EventError, match=message):
        make_event(**settings)


def test_registration_cap_waiting_list_and_promotion(make_event, make_player):
    event = make_event(registration_cap=2)
    ann, bob, cas = make_player("Ann"), make_player("Bob"), make_player("Cas")
    assert participant_services.register(ann, event).status == RegistrationStatus.REGISTERED
    assert participant_services.register(bob, event).status == RegistrationStatus.REGISTERED
    assert participant_services.register(cas, event).status == RegistrationStatus.WAITLISTED
    with pytest.raises(EventError, match="already registered"):
        participant_services.register(cas, event)
    participant_services.withdraw(bob, event)
    assert event.registrations.get(player=cas).status == RegistrationStatus.REGISTERED
    assert not event.registrations.filter(player=bob).exists()


def test_check_in_by_the_player_or_an_organizer_only(make_event, make_player, organizer):
    event = make_event()
    ann, bob = make_player("Ann"), make_player("Bob")
    mine, theirs = participant_services.register(ann, event), participant_services.register(bob, event)
    assert participant_services.check_in(ann, mine).status == RegistrationStatus.CHECKED_IN
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        participant_services.check_in(ann, theirs)
    assert participant_services.check_in(organizer, theirs).status == RegistrationStatus.CHECKED_IN


def test_round_one_leaves_out_players_who_did_not_check_in_once_the_organizer_confirms(field, organizer):
    # Issue #13: a registered player who did not check in was dropped with no warning.
    from draw.services.rounds import AbsentPlayers

    event, players = field(5, check_in=False, require_check_in=True)
    for user in players[:4]:
        participant_services.check_in(organizer, event.registrations.get(player=user))
    with pytest.raises(AbsentPlayers) as refused:
        draw_services.pair_next_round(organizer, event)
    assert [r.display_name for r in refused.value.registrations] == ["Player E"]
    assert refused.value.status_code == 409 and "Player E" in refused.value.message
    # Nothing happened: no round, nobody dropped, registration still open.
    assert not event.rounds.exists()
    assert event.registrations.get(player=players[4]).status == RegistrationStatus.REGISTERED
    round_ = draw_services.pair_next_round(organizer, event, drop_absent=True)
    paired = {r.player_id for m in round_.matches.all() for r in m.entrants()}
    assert paired == {u.pk for u in players[:4]}
    absent = event.registrations.get(player=players[4])
    assert absent.status == RegistrationStatus.DROPPED and absent.dropped_after_round == 0


def test_lists_are_checked_saved_even_when_invalid_and_locked_at_the_deadline(make_event, make_player):
    event = make_event(points_limit=100)
    ann = make_player("Ann")
    participant_services.register(ann, event)
    bad = participant_services.submit_list(ann, event, text="He-Man: Sword of Power\nStratos: Sword of Power")
    assert not bad.valid
    assert [e["message"] for e in bad.errors] == [
        "Stratos: Sword of Power is iconic to He-Man; Stratos cannot carry it",
        "Sword of Power appears 2 times (He-Man, Stratos); a list has one copy of each equipment card",
    ]
    good = participant_services.submit_list(
        ann, event, text="Faction: EW\nSkeletor: Havoc Staff\nMer-Man: Trident"
    )
    assert good.pk == bad.pk and good.valid and good.points == 65 and good.faction == EW
    event.list_deadline = timezone.now() - timedelta(minutes=1)
    event.save()
    with pytest.raises(EventError, match="locked"):
        participant_services.submit_list(ann, event, text="Skeletor")


def test_lists_lock_when_round_one_is_paired(field, organizer):
    event, players = field(4)
    draw_services.pair_next_round(organizer, event)
    assert all(r.force_list.locked for r in event.registrations.all())
    with pytest.raises(EventError, match="locked"):
        participant_services.submit_list(players[0], event, entries=first_game_force(MOTU), faction=MOTU)


def test_drop_takes_effect_from_the_next_round(running_round, organizer, django_capture_on_commit_callbacks):
    event, round_, players = running_round
    registration = event.registrations.get(player=players[0])
    with django_capture_on_commit_callbacks(execute=True):  # notifications are written on commit
        participant_services.drop(players[0], registration)
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.DROPPED and registration.dropped_after_round == 1
    assert Notification.objects.filter(user=organizer, message__contains="dropped").exists()
    for match in round_.matches.all():  # round 1 stands as published
        result_services.decide_result(organizer, match, scores=two_seats("win"))
    draw_services.close_round(organizer, round_)
    round_2 = draw_services.pair_next_round(organizer, event)
    assert registration.pk not in {r.pk for m in round_2.matches.all() for r in m.entrants()}
    assert round_2.matches.byes().count() == 1  # three players left: one bye


def test_a_player_dropped_while_a_round_is_a_draft_blocks_publishing_until_re_paired(field, organizer):
    event, players = field(4)
    round_ = draw_services.pair_next_round(organizer, event)
    participant_services.drop(organizer, event.registrations.get(player=players[1]))
    with pytest.raises(EventError, match="re-pair it first"):
        draw_services.publish_round(organizer, round_)
    draw_services.repair_round(organizer, round_, note="Player B left")
    draw_services.publish_round(organizer, round_)
    assert round_.matches.count() == 2 and round_.matches.byes().count() == 1


def test_late_join_with_a_configured_score(running_round, organizer, make_player):
    event, round_, players = running_round
    dan = make_player("Late Dan")
    late = participant_services.late_join(organizer, event, dan, points=Decimal("1.5"))
    assert late.joined_round == 2 and late.starting_points == Decimal("1.5")
    assert late.status == RegistrationStatus.CHECKED_IN
    for match in round_.matches.all():
        result_services.decide_result(organizer, match, scores=two_seats("win"))
    draw_services.close_round(organizer, round_)
    snapshot = round_.standings
    assert late.pk not in {
        row["registration"] for row in snapshot.rows
    }  # not in the standings before joining
    round_2 = draw_services.pair_next_round(organizer, event)
    bye = round_2.matches.byes().get()
    # Five players; the bye goes to the lowest-ranked: a round-1 loser on 0, not the joiner on 1.5.
    assert bye.entrants()[0].pk != late.pk
    draw_services.publish_round(organizer, round_2)
    for match in round_2.matches.games():
        result_services.decide_result(organizer, match, scores=two_seats("draw"))
    draw_services.close_round(organizer, round_2)
    row = next(r for r in round_2.standings.rows if r["registration"] == late.pk)
    assert row["metrics"]["points"] == 2.5  # 1.5 to start + a draw


def test_late_join_is_refused_for_round_robin(field, organizer, make_player):
    event, _ = field(4, format="round_robin")
    with pytest.raises(EventError, match="fixed at the start"):
        participant_services.late_join(organizer, event, make_player("Late"))
