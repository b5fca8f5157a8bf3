"""engine.core.ruleset.Replay: every method the kernel and a table recorder call, with ReplayBase's defaults for
a game that has nothing particular to say, and each game's answer to "is the game over?" and "who may log
the next event?" (engine.session.is_over / to_act)."""

from __future__ import annotations

import pytest

import engine
from engine import session
from engine.core import registry
from engine.core.ruleset import ReplayBase
from tests.engine.conformance.dice_race.game import GAME as DICE_RACE

ANYONE_MAY = {"concede", "agree_draw"}  # BG-7.4.5: a concession or an agreed draw is not a turn


@pytest.fixture
def race():
    """A dice race (the conformance suite's toy, rules DR-…) set up from a recorded header."""
    with registry.registered(DICE_RACE):
        log = engine.simulate("dice-race", 2, randomness="recorded")
        yield log, session.start(log)


def test_a_game_with_nothing_particular_to_say_gets_the_defaults(race):
    log, replay = race
    assert isinstance(replay, ReplayBase)
    assert session.board(replay) is None
    first = log["events"][0]
    assert replay.outcome_free(first) is first
    assert session.dice_needed(replay, first) == {"event": first, "needs": []}
    offers = session.offers(replay, recorded=True)
    assert [o["text"] for o in offers] == [o["event"]["type"] for o in offers]
    assert session.step(replay, first) == {
        "text": first["type"],
        "said": None,
        "rolls": [],
    }  # no template: plain English
    assert replay.events_applied == 1  # the default apply_described applies the event


def test_the_default_is_over_and_to_act_follow_the_legal_events(race):
    log, replay = race
    players = [p["id"] for p in log["players"]]
    assert (
        not session.is_over(replay) and session.to_act(replay) == players
    )  # DR: the toy cannot say whose turn
    for event in log["events"]:
        session.step(replay, event)
    assert session.is_over(replay) and session.to_act(replay) == []  # DR-5: someone reached the end


def test_no_game_needs_the_kernel_to_probe_for_a_method():
    methods = (
        "apply_described",
        "board_geometry",
        "describe_offer",
        "outcome_free",
        "dice_needed",
        "is_over",
        "to_act",
    )
    for info in engine.games():
        replay_class = type(session.start(engine.simulate(info.id, 1)))
        assert issubclass(replay_class, ReplayBase), info.id
        assert all(callable(getattr(replay_class, m)) for m in methods)


def _owners(game: str, replay, event: dict, players: list[dict]) -> set[str]:
    """Who the rules say logs ``event``: the player it names (BG, HR), or the players of its hero's team (FE)."""
    ids = {p["id"] for p in players}
    if event.get("player") in ids:
        return {event["player"]}
    if game == "motu-fields-of-eternia" and event.get("hero") in replay.s.heroes:
        team = replay.s.heroes[event["hero"]].team
        return {p["id"] for p in players if replay.content.find_faction(p["faction"]) == team} or ids
    return set()


@pytest.mark.parametrize(
    "game,seed,first",
    [
        ("motu-battleground", 3, lambda log, replay: ["p1", "p2"]),  # BG-6.2: both players deal at once
        # HR-15.2.2: the troop whose turn it is, and only it
        ("hoplomachus-remastered", 1, lambda log, replay: [replay.s.turn["player"]]),
        # FE-4.1: the players of the team awaited (here the starting team draws its victory cards)
        (
            "motu-fields-of-eternia",
            1,
            lambda log, replay: [p["id"] for p in log["players"] if p["faction"] == replay.awaiting["team"]],
        ),
    ],
    ids=["BG", "HR", "FE"],
)
def test_each_game_says_who_may_log_next_from_the_start_to_the_end(game, seed, first):
    log = engine.simulate(game, seed)
    replay = session.start(log)
    players = [p["id"] for p in log["players"]]
    assert not session.is_over(replay)
    assert session.to_act(replay) == first(log, replay) != []
    for event in log["events"]:
        assert not session.is_over(replay)
        who = session.to_act(replay)
        assert who and set(who) <= set(players)
        if event["type"] not in ANYONE_MAY:
            assert _owners(game, replay, event, log["players"]) <= set(who), (event, who)
        replay.apply(replay.events_applied, event)
    assert session.is_over(replay) and session.to_act(replay) == []
    replay.finish()  # the engine agrees: the log is complete


def test_battleground_to_act_is_its_view_s_in_header_order():
    log = engine.simulate("motu-battleground", 3)
    replay = session.start(log)
    for event in log["events"][:60]:
        assert set(session.to_act(replay)) == set(replay.view()["to_act"])
        replay.apply(replay.events_applied, event)
    assert session.is_over(replay) == (replay.view()["phase"] == "over")


def test_hoplomachus_rivals_are_run_by_every_player_together():
    """HR-13.8: in Assault the players run the immortals and the arena together, so any of them logs a rival's
    event; a player's own event is theirs alone."""
    log = engine.simulate("hoplomachus-remastered", 1, mode="assault", players=2)
    replay = session.start(log)
    rival_turns = own_turns = 0
    for event in log["events"]:
        who = session.to_act(replay)
        if event.get("player") in ("immortal", "arena"):
            assert who == ["p1", "p2"]
            rival_turns += 1
        elif event.get("player") in ("p1", "p2") and who == [event["player"]]:
            own_turns += 1
        replay.apply(replay.events_applied, event)
    assert rival_turns and own_turns


@pytest.mark.parametrize("game_id", ["motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"])
def test_offers_name_their_piece_and_a_board_space_of_the_games_own_board(game_id):
    """A recorder groups offers by the engine's piece and picks a move's end on the board the engine drew,
    whatever the game: every place an offer names is a space of ``board_geometry``."""
    log = engine.simulate(game_id, 2)
    replay = engine.session.start(log)
    board = engine.session.board(replay)
    spaces = {h["label"] for h in board.get("hexes", [])} | {
        a["id"] if isinstance(a, dict) else a for a in board.get("areas", [])
    }
    placed = pieces = 0
    for index, event in enumerate(log["events"][:300]):
        for offer in engine.session.offers(replay):
            assert set(offer) == {"event", "text", "said", "piece", "place"}
            if offer["place"] is not None:
                placed += 1
                assert offer["place"] in spaces, offer
            if offer["piece"] is not None:
                pieces += 1
                assert offer["piece"]["name"] and offer["piece"]["id"]
        replay.apply(index, event)
    assert placed and pieces


@pytest.mark.parametrize(
    ("game_id", "options", "teams", "against"),
    [
        ("motu-battleground", {}, {"p1": "", "p2": ""}, False),
        (
            "hoplomachus-remastered",
            {"mode": "alliance"},
            {"p1": "red", "p2": "blue", "p3": "red", "p4": "blue"},
            False,
        ),
        (
            "hoplomachus-remastered",
            {"mode": "assault"},
            {"p1": "players"},
            True,
        ),  # HR-13.1: against the immortals
        (
            "motu-fields-of-eternia",
            {},
            {"p1": "motu", "p2": "ew"},
            False,
        ),  # FE-2.1: a team is a faction's heroes
        ("motu-fields-of-eternia", {"mode": "solo"}, {"p1": "motu"}, True),  # FE-18.1.2: against the game
    ],
)
def test_the_engine_says_each_players_team_and_whether_they_play_against_the_game(
    game_id, options, teams, against
):
    replay = engine.session.start(engine.simulate(game_id, 3, **options))
    assert engine.session.teams(replay) == teams
    assert engine.session.against_game(replay) is against
