"""Player intake at speed (issue #13): guests and claim codes, CSV import and bulk add, join
codes, the ringer, the readiness checklist and the check-in warning before round 1."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import PermissionDenied

from draw import services as draw_services
from draw.seats import two_seats
from participants import codes
from participants import services as participant_services
from participants.models import Registration, RegistrationStatus
from participants.services import player_import
from results import services as result_services
from standings.services import player_history, published_standings, ratings
from tests.tournaments_django.conftest import EW, MOTU, first_game_force
from tournaments.errors import EventError

pytestmark = pytest.mark.django_db


def list_text(faction: str) -> str:
    """A valid first-game list in the text format, on one line per character."""
    from games import plugin

    game = plugin("motu-battleground")
    pack = game.load_pack("bg-core-starter")
    return game.format_list_text(first_game_force(faction), pack, faction)


def finish(round_, organizer):
    for match in round_.matches.games():
        result_services.decide_result(organizer, match, scores=two_seats("win", (30, 10)))
    return draw_services.close_round(organizer, round_)


# -- guests and claims ------------------------------------------------------------------------


def test_a_guest_plays_gets_results_and_standings_and_is_claimed_with_their_history(
    field, organizer, make_player
):
    event, players = field(3)
    guest = participant_services.add_guest(organizer, event, "  Teela   Na ", club="Royal Guard")
    assert guest.player is None and guest.is_guest and guest.display_name == "Teela Na"
    assert re.fullmatch(f"[{codes.CLAIM_ALPHABET}]{{{codes.CLAIM_LENGTH}}}", guest.claim_code)
    participant_services.check_in(organizer, guest)

    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    assert round_.matches.of(guest).exists()
    finish(round_, organizer)
    rows, after = published_standings(event)
    assert after == 1 and guest.pk in {row["registration"] for row in rows}
    # Rated under the registration until claimed (never mixed up with another guest).
    assert -guest.pk in ratings()

    teela = make_player("Teela")
    claimed = participant_services.claim(teela, codes.show_claim_code(guest.claim_code).lower())
    assert claimed.pk == guest.pk and claimed.player == teela and claimed.claimed_at is not None
    history = player_history(teela)
    assert [h["registration"].pk for h in history] == [guest.pk]
    assert len(history[0]["matches"]) == 1
    assert teela.pk in ratings() and -guest.pk not in ratings()
    assert event.audit_entries.filter(action="claimed").exists()


def test_a_claim_code_is_used_once_and_a_person_holds_one_entry_per_event(field, organizer, make_player):
    event, players = field(2, check_in=False)
    guest = participant_services.add_guest(organizer, event, "Man-At-Arms")
    other_guest = participant_services.add_guest(organizer, event, "Orko")
    duncan, someone = make_player("Duncan"), make_player("Someone")
    participant_services.claim(duncan, guest.claim_code)
    assert (
        participant_services.claim(duncan, guest.claim_code).player == duncan
    )  # the same person again: no change
    with pytest.raises(EventError, match="already been used"):
        participant_services.claim(someone, guest.claim_code)
    with pytest.raises(EventError, match="one person, one entry"):
        participant_services.claim(duncan, other_guest.claim_code)
    with pytest.raises(EventError) as unknown:
        participant_services.claim(someone, "ZZZZ-ZZZZ")
    assert unknown.value.code == "not_found"
    with pytest.raises(EventError, match="one person, one entry"):
        participant_services.claim(players[0], other_guest.claim_code)


def test_only_organizers_add_guests_and_names_are_not_entered_twice(field, organizer):
    event, players = field(2, check_in=False)
    with pytest.raises(PermissionDenied):
        participant_services.add_guest(players[0], event, "Sneaky")
    participant_services.add_guest(organizer, event, "Evil-Lyn")
    with pytest.raises(EventError, match="already entered"):
        participant_services.add_guest(organizer, event, "evil-lyn")
    with pytest.raises(EventError, match="name"):
        participant_services.add_guest(organizer, event, "   ")


def test_an_organizer_enters_a_guests_list_under_the_same_checks(field, organizer):
    event, _ = field(2, check_in=False)
    guest = participant_services.add_guest(organizer, event, "Beast Man")
    force_list = participant_services.submit_list_for(organizer, guest, text=list_text(EW))
    assert force_list.valid and force_list.faction == EW
    bad = participant_services.submit_list_for(
        organizer, guest, text="He-Man: Sword of Power\nStratos: Sword of Power"
    )
    assert not bad.valid and bad.errors


# -- CSV import and bulk add -----------------------------------------------------------------


def csv_text(*lines: str) -> str:
    return "\n".join(("name,club,username,email,faction,list", *lines)) + "\n"


def test_the_csv_preview_writes_nothing_and_says_what_is_wrong_row_by_row(field, organizer, make_player):
    event, _ = field(2, check_in=False)
    make_player("Adam")  # account "adam"
    motu = list_text(MOTU).replace("\n", ";")
    rows, notes = player_import.parse_csv(
        csv_text(
            f"Adam Prince,Palace,adam,,,{motu}",
            "Cringer,,nobody,,,",
            "Roboto,Palace,,,,",
            "roboto,,,,,",
            ",Palace,,,,",
            '"Battle Cat",,,,,"He-Man: Sword of Power\nStratos: Sword of Power"',
            "Ram Man,,,ram@example.org,,",
        )
    )
    before = Registration.objects.count()
    plan = player_import.plan_import(event, rows)
    assert Registration.objects.count() == before
    by_name = {row.name: row for row in plan.rows}
    assert by_name["Adam Prince"].action == "add" and by_name["Adam Prince"].list_valid is True
    assert by_name["Cringer"].errors == ["no account is named nobody"]
    assert by_name["Roboto"].action == "add-guest"
    assert by_name["roboto"].errors == [f"repeats line {by_name['Roboto'].line}"]
    assert by_name[""].errors == ["no name"]
    assert by_name["Battle Cat"].action == "add-guest" and by_name["Battle Cat"].list_valid is False
    assert any("not valid" in note for note in by_name["Battle Cat"].notes)
    assert by_name["Ram Man"].notes == ["no account has this email: entered as a guest"]
    assert plan.errors == 3 and plan.to_add == 4


def test_importing_commits_the_good_rows_and_importing_again_adds_nobody_twice(field, organizer, make_player):
    event, _ = field(2, check_in=False)
    adam = make_player("Adam")
    source = csv_text(
        f"Adam Prince,Palace,adam,,,{list_text(MOTU).replace(chr(10), ';')}",
        f"Skeletor,Snake Mountain,,,{EW},{list_text(EW).replace(chr(10), ';')}",
        "Cringer,,nobody,,,",
    )
    plan = participant_services.import_players(organizer, event, player_import.parse_csv(source)[0])
    assert plan.to_add == 2 and plan.errors == 1
    adam_entry = event.registrations.get(player=adam)
    assert adam_entry.display_name == "Adam Prince" and adam_entry.club == "Palace"
    assert adam_entry.force_list.valid
    skeletor = event.registrations.get(display_name="Skeletor")
    assert skeletor.is_guest and skeletor.claim_code and skeletor.force_list.faction == EW
    count = event.registrations.count()

    again = participant_services.import_players(organizer, event, player_import.parse_csv(source)[0])
    assert event.registrations.count() == count
    assert [row.action for row in again.rows] == ["unchanged", "unchanged", "error"]
    assert not again.has_changes


def test_pasted_names_one_per_line_are_added_as_guests_once(field, organizer):
    event, _ = field(2, check_in=False)
    text = "Teela, Royal Guard\n\nOrko\nPlayer A\n"
    plan = participant_services.import_players(organizer, event, player_import.rows_from_names(text))
    assert [(r.name, r.action) for r in plan.rows] == [
        ("Teela", "add-guest"),
        ("Orko", "add-guest"),
        ("Player A", "unchanged"),
    ]
    assert event.registrations.get(display_name="Teela").club == "Royal Guard"
    assert (
        participant_services.import_players(organizer, event, player_import.rows_from_names(text)).to_add == 0
    )


def test_a_csv_without_a_name_column_or_in_another_encoding_is_refused_in_words():
    with pytest.raises(EventError, match="needs 'name'"):
        player_import.parse_csv("first,second\nx,y\n")
    with pytest.raises(EventError, match="UTF-8"):
        player_import.parse_csv("name\nJos\xe9\n".encode("latin-1"))
    rows, notes = player_import.parse_csv("\ufeffName;Club;Shoe size\nAnn;X;42\n")
    assert (rows[0].name, rows[0].club) == ("Ann", "X")
    assert notes == ["Columns left out (not known): Shoe size."]


def test_over_the_cap_imported_players_join_the_waiting_list(field, organizer):
    event, _ = field(2, check_in=False, registration_cap=3)
    plan = participant_services.import_players(organizer, event, player_import.rows_from_names("One\nTwo\n"))
    assert [r.waitlisted for r in plan.rows] == [False, True]
    assert event.registrations.get(display_name="Two").status == RegistrationStatus.WAITLISTED


def test_import_players_command_previews_then_commits(field, organizer, tmp_path):
    from django.core.management import CommandError, call_command

    event, _ = field(2, check_in=False)
    path = tmp_path / "players.csv"
    path.write_text("name,club\nHordak,Horde\nCatra,Horde\n")
    out = __import__("io").StringIO()
    call_command("import_players", event.slug, str(path), stdout=out)
    assert "preview" in out.getvalue() and "line 2: Hordak: add as a guest" in out.getvalue()
    assert not event.registrations.filter(display_name="Hordak").exists()
    call_command("import_players", event.slug, str(path), "--commit", stdout=out)
    assert event.registrations.filter(display_name__in=["Hordak", "Catra"]).count() == 2
    path.write_text("name,username\nX,nobody\n")
    with pytest.raises(CommandError, match="1 row"):
        call_command("import_players", event.slug, str(path), stdout=out)


# -- join codes -----------------------------------------------------------------------------


def test_a_join_code_registers_players_until_it_is_renewed_or_turned_off(field, organizer, make_player):
    event, _ = field(2, check_in=False)
    code = participant_services.set_join_code(organizer, event)
    assert re.fullmatch(f"[{codes.JOIN_ALPHABET}]{{{codes.JOIN_LENGTH}}}", code)
    assert not set(code) & set("01IOL")
    he = make_player("He")
    registration = participant_services.join_with_code(he, f" {code.lower()[:3]}-{code[3:]} ")
    assert registration.event == event and registration.player == he
    with pytest.raises(EventError, match="already registered"):
        participant_services.join_with_code(he, code)
    new = participant_services.set_join_code(organizer, event)
    assert new != code
    with pytest.raises(EventError) as old:
        participant_services.join_with_code(make_player("She"), code)
    assert old.value.code == "not_found"
    participant_services.set_join_code(organizer, event, enabled=False)
    with pytest.raises(EventError):
        participant_services.join_with_code(make_player("Them"), new)
    with pytest.raises(PermissionDenied):
        participant_services.set_join_code(he, event)


# -- readiness ----------------------------------------------------------------------------------


def statuses(event) -> dict[str, str]:
    return {c.key: c.status for c in draw_services.readiness(event)}


def test_the_readiness_checklist_fails_blocks_and_warns(make_event, make_player, organizer):
    event = make_event(require_check_in=True, odd_field="ringer")
    ann = make_player("Ann")
    participant_services.register(ann, event)
    checks = statuses(event)
    assert checks["players"] == "fail"
    assert checks["lists"] == "warn" and checks["check_in"] == "warn" and checks["odd_field"] == "warn"
    assert checks["dates"] == checks["content_pack"] == checks["round_time"] == checks["tiebreaks"] == "pass"
    with pytest.raises(EventError, match=r"Round 1 cannot be paired yet: Players: 1 registered"):
        draw_services.pair_next_round(organizer, event)
    assert not event.rounds.exists()


def test_warnings_do_not_block_round_one(make_event, make_player, organizer):
    event = make_event()
    for name in ("Ann", "Bob"):
        participant_services.register(make_player(name), event)  # no lists: a warning only
    assert statuses(event)["lists"] == "warn"
    assert draw_services.pair_next_round(organizer, event).number == 1


# -- the ringer ---------------------------------------------------------------------------------


def test_the_ringer_plays_an_odd_field_counts_for_the_opponent_and_is_left_out_of_standings(field, organizer):
    event, players = field(3, odd_field="ringer")
    ringer = participant_services.add_ringer(organizer, event, "Stand-in")
    assert ringer.status == RegistrationStatus.CHECKED_IN and ringer.is_ringer
    round_ = draw_services.pair_next_round(organizer, event)
    assert not round_.matches.byes().exists()
    ringer_match = round_.matches.of(ringer).get()
    assert "the ringer plays" in ringer_match.reason
    finish(draw_services.publish_round(organizer, round_), organizer)
    rows, _ = published_standings(event)
    assert [row["registration"] for row in rows if row["registration"] == ringer.pk] == []
    # Three players, ranks closed up over the ringer's place.
    assert len(rows) == 3 and min(r["rank"] for r in rows) == 1 and max(r["rank"] for r in rows) <= 3
    opponent = next(r for r in ringer_match.entrants() if r.pk != ringer.pk)
    opponent_row = next(row for row in rows if row["registration"] == opponent.pk)
    ringer_lost = ringer_match.seat_list()[0].registration_id != ringer.pk
    assert opponent_row["metrics"]["points"] == (3 if ringer_lost else 0)
    # check_event agrees with the stored standings that leave the ringer out.
    from draw.event_audit import event_discrepancies

    assert event_discrepancies(event) == []
    # Nobody is rated from a game against the stand-in.
    rated = ratings()
    assert opponent.player_id not in rated or rated[opponent.player_id].games == 0


def test_the_ringer_sits_out_an_even_field_and_an_event_that_gives_byes(field, organizer):
    event, _ = field(4, odd_field="ringer")
    ringer = participant_services.add_ringer(organizer, event)
    round_ = draw_services.pair_next_round(organizer, event)
    assert not round_.matches.of(ringer).exists() and not round_.matches.byes().exists()

    other, _ = field(3, names=["X", "Y", "Z"], name="Bye Open")
    sub = participant_services.add_ringer(organizer, other)
    round_ = draw_services.pair_next_round(organizer, other)
    assert not round_.matches.of(sub).exists() and round_.matches.byes().count() == 1
    with pytest.raises(EventError, match="has a ringer"):
        participant_services.add_ringer(organizer, other, "Another")
