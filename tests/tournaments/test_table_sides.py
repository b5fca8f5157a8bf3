"""Factions dealt per table, balanced over rounds like colours in chess (tournaments.algorithms.table_sides).
Fields of Eternia: each game is one Masters team against one Evil Warriors team (FE-2.1)."""

from tournaments.algorithms.table_sides import balance, deal, spread

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
