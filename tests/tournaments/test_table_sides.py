"""Factions dealt per table, balanced over rounds like colours in chess (tournaments.algorithms.table_sides).
Fields of Eternia: each game is one Masters team against one Evil Warriors team (FE-2.1); a side does
not play one faction in consecutive rounds when the other dealing allows it."""

import random

from tournaments.algorithms.table_sides import balance, deal, repeats, spread

FACTIONS = ("motu", "ew")


def test_a_new_table_deals_the_first_faction_to_the_first_side_at_odd_tables_and_the_second_at_even():
    assert deal("a", "b", table=1, factions=FACTIONS, history={}) == {"a": "motu", "b": "ew"}
    assert deal("a", "b", table=2, factions=FACTIONS, history={}) == {"a": "ew", "b": "motu"}


def test_the_side_that_played_a_faction_less_often_gets_it():
    history = {"a": ["motu", "motu"], "b": ["motu", "ew"]}
    assert deal("a", "b", table=1, factions=FACTIONS, history=history) == {"a": "ew", "b": "motu"}
    assert deal("b", "a", table=2, factions=FACTIONS, history=history) == {"b": "motu", "a": "ew"}


def test_equally_due_sides_alternate_with_their_last_game():
    history = {"a": ["motu", "ew"], "b": ["ew", "motu"]}
    assert deal("a", "b", table=2, factions=FACTIONS, history=history) == {"a": "motu", "b": "ew"}


def test_balance_and_spread():
    history = {"a": ["motu", "motu", "ew"], "b": ["ew"], "c": []}
    assert [balance(h, FACTIONS) for h in history.values()] == [1, -1, 0]
    assert spread(history, FACTIONS) == 1
    assert spread({"a": ["ew", "ew"]}, FACTIONS) == 2


def test_a_side_does_not_play_the_faction_of_its_last_game_when_the_other_dealing_avoids_it():
    # Balance alone would give "a" (balance -1) the Masters again and "b" (balance 0) the Evil Warriors
    # again; dealt the other way round neither side repeats its last game's faction.
    history = {"a": ["ew", "ew", "motu"], "b": ["motu", "ew"]}
    assert deal("a", "b", table=1, factions=FACTIONS, history=history) == {"a": "ew", "b": "motu"}
    assert deal("b", "a", table=2, factions=FACTIONS, history=history) == {"b": "motu", "a": "ew"}


def test_a_new_side_takes_the_faction_its_opponent_just_played():
    history = {"a": ["ew"], "b": []}
    assert deal("a", "b", table=1, factions=FACTIONS, history=history) == {"a": "motu", "b": "ew"}
    history = {"a": [], "b": ["motu"]}
    assert deal("a", "b", table=1, factions=FACTIONS, history=history) == {"a": "motu", "b": "ew"}


def test_when_both_sides_last_played_one_faction_the_balance_decides_who_plays_it_again():
    history = {"a": ["motu", "motu"], "b": ["ew", "motu"]}  # balance 2 against 0
    assert deal("a", "b", table=1, factions=FACTIONS, history=history) == {"a": "ew", "b": "motu"}


def test_an_even_forced_repeat_is_drawn_from_the_event_seed_the_same_way_every_time():
    history = {"a": ["ew", "motu"], "b": ["ew", "motu"]}
    dealings = {
        seed: deal("a", "b", table=3, factions=FACTIONS, history=history, seed=seed, round_number=3)
        for seed in range(40)
    }
    for seed, dealt in dealings.items():
        assert sorted(dealt.values()) == ["ew", "motu"]
        assert dealt == deal("a", "b", table=3, factions=FACTIONS, history=history, seed=seed, round_number=3)
    assert len({dealt["a"] for dealt in dealings.values()}) == 2  # the seed does decide


def swiss_like_event(sides: int, rounds: int, seed: int) -> tuple[dict, list]:
    """Deal ``rounds`` rounds to ``sides`` sides paired at random (as score groups shuffle them), and
    note at each table whether a repeat could have been avoided."""
    rng = random.Random(seed)
    history: dict[str, list[str]] = {f"s{i}": [] for i in range(sides)}
    avoidable = []
    for number in range(1, rounds + 1):
        order = list(history)
        rng.shuffle(order)
        dealt_round = {}
        for table, (first, second) in enumerate(zip(order[::2], order[1::2], strict=True), start=1):
            last = {k: history[k][-1] if history[k] else None for k in (first, second)}
            dealt = deal(first, second, table=table, factions=FACTIONS, history=history, seed=seed,
                         round_number=number)  # fmt: skip
            forced = last[first] is not None and last[first] == last[second]
            for k in (first, second):
                if dealt[k] == last[k] and not forced:
                    avoidable.append((number, table, k))
            dealt_round.update(dealt)
        for k, faction in dealt_round.items():
            history[k].append(faction)
    return history, avoidable


def test_over_a_long_swiss_event_no_side_repeats_a_faction_unless_both_sides_of_its_table_must():
    for seed in range(5):
        history, avoidable = swiss_like_event(sides=12, rounds=8, seed=seed)
        assert avoidable == []
        assert all(len(h) == 8 for h in history.values())
        assert spread(history, FACTIONS) <= 2
    assert swiss_like_event(12, 8, 3) == swiss_like_event(12, 8, 3)  # deterministic


def test_repeats_counts_consecutive_games_of_one_faction():
    assert repeats({"a": ["motu", "motu", "ew", "ew", "ew"], "b": ["ew", "motu"]}) == 3
