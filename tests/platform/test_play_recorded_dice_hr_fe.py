"""Real dice at the table for Hoplomachus and Fields of Eternia (recorded randomness, LOG-4): the engine says
what each event needs from the table (coloured attack dice, arena dice and bag draws, HR Appendix A.1;
wild and epic dice and card draws, FE-3.4, FE-6.9, FE-6.13), the players enter it, the engine checks it
before it is stored, and the finished log verifies legal through the normal pipeline."""

from __future__ import annotations

import copy

import pytest

import engine
from gamelogs.verification import verify_stored_log
from play import finish, services, tables
from play.models import DiceMode, TableGame

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"
HR_FIELDS = ("dice", "arena_dice", "draw")


def table_for(log: dict, user, other_user) -> TableGame:
    """A recorded table playing the game the simulator wrote (its header, its choices)."""
    created = TableGame.objects.create(
        code=tables.new_code(),
        game=log["game"],
        header={k: v for k, v in log.items() if k != "events"} | {"simulated": False},
        mode=DiceMode.RECORDED,
        seed="",
    )
    tables.seat_table(created, [user])
    return tables.join(created.code, other_user)


def _put(event: dict, path: list, value) -> None:
    for key in path[:-1]:
        event = event[key]
    event[path[-1]] = value


def _at(event: dict, path: list):
    for key in path:
        event = event[key]
    return event


def play(table: TableGame, log: dict, people: dict, chosen) -> dict:
    """Enter every event of ``log`` as a player would: the choice (``chosen(event)``), then what the engine
    asks for, answered with what the simulated table showed, asking again while the answer is partial."""
    kinds: dict[str, int] = {}
    for index, event in enumerate(log["events"]):
        table.refresh_from_db()
        if index < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[index] == event
            continue
        actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
        answer = services.dice_needed(table.code, people[actor], chosen(event))
        for _ in range(4):
            if not answer["needs"]:
                break
            filled = copy.deepcopy(answer["event"])
            for need in answer["needs"]:
                seen = _at(event, need["path"])
                kinds[need["kind"]] = kinds.get(need["kind"], 0) + 1
                if need["kind"] == "hr_dice":  # HR-2.6.1: the colours of the pool, in order
                    assert [d["colour"] for d in need["dice"]] == [s.split(":")[0] for s in seen]
                elif need["kind"] in ("cards", "faces"):
                    offered = {c["id"] for c in need.get("deck") or need["faces"]}
                    assert set([seen] if need.get("one") else seen) <= offered
                _put(filled, need["path"], copy.deepcopy(seen))
            answer = (
                services.dice_needed(table.code, people[actor], filled)
                if answer.get("partial")
                else {
                    "event": filled,
                    "needs": [],
                }
            )
        assert answer["event"] == event
        table = finish.post_event(table.code, people[actor], answer["event"], table.version)
    return kinds


def finished_and_verified(table: TableGame, log: dict) -> None:
    table.refresh_from_db()
    assert table.status == "over" and table.game_log is not None
    document = services.log_document(table)
    assert document["randomness"] == {"mode": "recorded"} and document["events"] == log["events"]
    assert engine.verify(document).legal
    assert verify_stored_log(table.game_log.pk) == "legal"


def test_a_hoplomachus_skirmish_entered_die_by_die_verifies_legal(user, other_user):
    """HR Appendix A.1: attack dice by colour and hit or miss (HR-2.6), the Skirmish's bag refills
    (HR-15.6.3): every one entered as the engine asks; the stored game verifies legal."""
    log = engine.simulate(HR, 9, randomness="recorded")
    table = table_for(log, user, other_user)

    def chosen(event):
        return {k: v for k, v in event.items() if k not in HR_FIELDS}

    kinds = play(table, log, {"p1": user, "p2": other_user}, chosen)
    assert kinds["hr_dice"] > 20 and kinds["cards"] >= 1
    finished_and_verified(table, log)


def test_an_eternia_game_entered_roll_by_roll_and_card_by_card_verifies_legal(user, other_user):
    """FE-6.9, FE-6.10, FE-6.13: every roll names the faces of the dice rolled, every draw the cards drawn
    from what the deck holds; the stored game verifies legal."""
    log = engine.simulate(FE, 1, randomness="recorded")
    table = table_for(log, user, other_user)
    replay = services.replay_of(table)
    kinds = play(table, log, {"p1": user, "p2": other_user}, replay.outcome_free)
    assert kinds["faces"] > 5 and kinds["cards"] > 50
    finished_and_verified(table, log)


def test_eternia_offers_a_roll_once_and_refuses_a_face_the_die_does_not_have(user, other_user):
    """With real dice a roll is one offer (the faces are entered after it, FE-6.9); a face that is not on
    the die is refused with FE-3.4 (the results the die shows) and nothing is stored."""
    log = engine.simulate(FE, 1, randomness="recorded")
    table = table_for(log, user, other_user)
    people = {"p1": user, "p2": other_user}
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "roll")
    for at, event in enumerate(log["events"][:index]):
        table.refresh_from_db()
        if at < len(table.entries):  # the site logged it: the rules left no choice
            assert table.events[at] == event
            continue
        actor = sorted(engine.session.actors(services.replay_of(table), event))[0]
        table = finish.post_event(table.code, people[actor], event, table.version)
    roll = log["events"][index]
    actor = sorted(engine.session.actors(services.replay_of(table), roll))[0]
    offers = services.state_payload(table, people[actor])["offers"]
    rolls = [o for o in offers if o["event"]["type"] == "roll"]
    assert [o["event"] for o in rolls] == [{"type": "roll", "die": roll["die"]}]
    need = services.dice_needed(table.code, people[actor], rolls[0]["event"])["needs"][0]
    assert need["count"] == len(roll["faces"]) and {"blank", "success", "double", "reroll"} <= {
        f["id"] for f in need["faces"]
    }
    with pytest.raises(services.Refused) as refused:
        finish.post_event(
            table.code,
            people[actor],
            {**rolls[0]["event"], "faces": ["skull"] * need["count"]},
            table.version,
        )
    assert refused.value.rule == "FE-3.4"
    assert len(TableGame.objects.get(pk=table.pk).entries) == index


def test_a_titan_roll_asks_for_its_arena_dice_once_its_hits_are_known(user, other_user):
    """HR-14.8.4, HR-2.11.1: the titan's arena dice follow from the hits its dice showed, so the answer is
    partial: entered, the titan dice lead to a second answer asking for the arena dice."""
    for seed in range(7, 40):
        log = engine.simulate(HR, seed, randomness="recorded")
        if len(log["players"]) == 2 and any(e.get("arena_dice") for e in log["events"]):
            break
    else:
        pytest.skip("no simulated two-player Ascension game rolls an arena die")
    index = next(i for i, e in enumerate(log["events"]) if e.get("arena_dice"))
    replay = engine.session.start(log)
    for i, event in enumerate(log["events"][:index]):
        replay.apply(i, event)
    event = log["events"][index]
    first = engine.session.dice_needed(replay, {k: v for k, v in event.items() if k not in HR_FIELDS})
    assert first["partial"] and [n["path"] for n in first["needs"]] == [["dice"]]
    then = engine.session.dice_needed(replay, {**first["event"], "dice": event["dice"]})
    grid = then["needs"][0].pop("grid")
    assert then["needs"] == [
        {
            "path": ["arena_dice"],
            "kind": "d6",
            "count": len(event["arena_dice"]),
            "what": "The arena dice (HR-2.11.1)",
            "what_said": {"message_id": "The arena dice (HR-2.11.1)", "params": {}},
        }
    ]
    # One row of six faces per arena die, drawn by the recorder without knowing the game.
    assert len(grid["rows"]) == len(event["arena_dice"]) and grid["shape"] == "list"
    assert [f["value"] for f in grid["rows"][0]["faces"]] == [1, 2, 3, 4, 5, 6]
    assert engine.session.dice_needed(replay, event)["needs"] == []


def test_a_recorded_skirmish_is_dealt_its_setup_and_the_start_page_offers_real_dice(client, user):
    """HR-15.2.5, HR-15.2.6: a recorded Skirmish's header holds the neutral heroes and first camps (the
    site deals them); the start page offers real dice for both games."""
    client.force_login(user)
    form = {
        "action": "new",
        "mode": "skirmish",
        "arena": "pozzuoli",
        "my_name": "Alice",
        "my_faction": "kunlun",
        "their_name": "Bob",
        "their_faction": "amazons",
        "titan": "",
        "first": "2",
        "dice": "recorded",
    }
    page = client.get(f"/play/?game={HR}").content.decode()
    assert "We roll real dice" in page
    assert client.post(f"/play/?game={HR}", form).status_code == 302
    table = TableGame.objects.get()
    setup = table.header["setup"]
    assert table.mode == "recorded" and table.header["randomness"] == {"mode": "recorded"}
    assert setup["order"] == ["p2", "p1"] and set(setup["neutral_heroes"]) == {"p1", "p2"}
    assert all(len(units) == 4 for units in setup["camp"].values())
    assert "We roll real dice" in client.get(f"/play/?game={FE}").content.decode()
