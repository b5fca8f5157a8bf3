"""engine.session: a replay started from a header, stepped one event at a time, and a whole log walked
with the view after every event (what the replay viewer and the table recorder are built on)."""

from __future__ import annotations

import pytest

import engine
from engine import session
from engine.core.errors import IllegalEvent
from tests.support.logs import legal_simulated_log, simulated_log, with_die_of_seven

GAME = "motu-battleground"


def test_walk_of_a_legal_log_has_a_step_per_event_and_views_that_match_a_fresh_replay():
    log, verdict = legal_simulated_log(first_seed=5)
    walked = session.walk(log)
    assert walked["error"] is None
    assert [s["index"] for s in walked["steps"]] == list(range(len(log["events"])))
    assert [s["event"] for s in walked["steps"]] == log["events"]
    # The view at sampled events equals a replay fed the same events by apply().
    for n in (0, len(log["events"]) // 2, len(log["events"]) - 1):
        replay = session.start(log)
        for i, event in enumerate(log["events"][: n + 1]):
            replay.apply(i, event)
        assert walked["steps"][n]["view"] == replay.view()
    assert walked["steps"][-1]["view"]["result"] == verdict.result
    assert walked["initial"]["events_applied"] == 0


def test_walk_stops_at_the_illegal_event_and_names_its_rule():
    log, _ = legal_simulated_log(first_seed=5)
    bad, index = with_die_of_seven(log)
    walked = session.walk(bad)
    assert walked["error"]["event_index"] == index
    assert walked["error"]["rule"] == engine.verify(bad).error.rule == "BG-8.1.1"
    assert len(walked["steps"]) == index


def test_board_geometry_draws_the_map_the_engine_plays_on():
    log = simulated_log(3)
    replay = session.start(log)
    board = session.board(replay)
    labels = [h["label"] for h in board["hexes"]]
    assert len(labels) == len(set(labels)) == len(board["hexes"])
    assert {(h["x"], h["y"]) for h in board["hexes"]}.__len__() == len(labels)  # no two hexes at one spot
    # Every starting hex of the forces is on the drawn map; BG-4.8 zones are drawn per seat.
    for player in log["players"]:
        for fig in player["force"]:
            assert fig["hex"] in labels
    assert len(board["zones"]) == 2 and all(board["zones"])
    assert set(board["objectives"]) <= set(labels)
    assert {h["terrain"] for h in board["hexes"]} >= {None, "high"}  # BG-2.2 terrain is on the drawing


def test_an_attack_is_told_in_words_with_its_dice():
    log = simulated_log(3, randomness="seeded")
    walked = session.walk(log)
    attacks = [s for s in walked["steps"] if s["event"]["type"] == "attack"]
    assert attacks
    for s in attacks:
        kinds = [r["kind"] for r in s["rolls"]]
        if not kinds:
            continue  # a beneficial spell on an ally rolls nothing (BG-10.5.2)
        attack = s["rolls"][0]
        assert kinds[0] == "attack" and len(attack["final"]) == attack["dice"]
        assert f"{attack['dice']} dice, {attack['successes']} hit" in s["text"]
        assert " attacks " in s["text"] and " with " in s["text"]


def test_step_raises_the_rule_of_a_refused_event_and_start_ignores_the_events():
    log = simulated_log(3)
    replay = session.start(log)
    assert replay.events_applied == 0
    with pytest.raises(IllegalEvent) as refused:
        session.step(
            replay.copy(), {"type": "activate", "player": "p1", "character": "he-man", "bonus": "ap"}
        )
    assert refused.value.rule.startswith("BG-")
    said = session.step(replay, log["events"][0])
    assert said["text"] and replay.events_applied == 1


def test_a_new_table_header_replays_once_the_seed_is_revealed_and_commits_to_it():
    seed = "ab" * 32
    options = session.table_options(GAME)
    assert {f["id"] for f in options["forces"]} >= {"first-game-motu", "first-game-ew"}
    header = session.new_header(
        GAME,
        players=[{"name": "Ann", "force": "first-game-ew"}, {"name": "Bob", "force": "first-game-motu"}],
        first_player="p2",
        seed_hex=seed,
    )
    assert "seed" not in header["randomness"]  # LOG-4: only the commitment is shown before the game
    assert [p["name"] for p in header["players"]] == ["Ann", "Bob"] and header["simulated"] is False
    replay = session.start(session.with_seed(header, seed))
    assert replay.view()["first_player"] == "p2"
    # Every offer is in words and is accepted as offered (seeded mode: offers are complete).
    for _ in range(12):
        offered = session.offers(replay)
        assert offered and all(o["text"] for o in offered)
        assert engine.session.step(replay.copy(), offered[-1]["event"])["text"]
        session.step(replay, offered[-1]["event"])
    with pytest.raises(engine.UnreadableLog):  # LOG-4.2: a seed that is not the committed one
        session.start(session.with_seed(header, "cd" * 32))
