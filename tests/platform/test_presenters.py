"""Shaping verdicts for pages (no database)."""

import json

from gamelogs.presenters import pretty_json, statistics_tables


def test_pretty_json_keeps_dice_on_one_line_and_round_trips():
    event = {
        "type": "attack",
        "attack": {"dice": [7, 3, 2], "rerolls": {"dice": [2]}},
        "path": ["A1", "B2"],
        "x": [{"a": 1}],
    }
    text = pretty_json(event)
    assert '"dice": [7, 3, 2]' in text and '"path": ["A1", "B2"]' in text
    assert json.loads(text) == event


def test_statistics_tables_take_columns_from_every_row():
    tables = statistics_tables(
        {"sides": [{"player": "p1", "hits": 3}, {"player": "p2", "kos": 1}], "note": "x"}
    )
    assert tables == [
        {
            "title": "Sides",
            "columns": ["player", "hits", "kos"],
            "rows": [["p1", "3", ""], ["p2", "", "1"]],
            "truncated": False,
        }
    ]


def test_a_single_row_section_reads_as_name_value_pairs():
    (table,) = statistics_tables({"game": [{"map": "castle-grayskull", "rounds": 4}]})
    assert table["pairs"] == [("map", "castle-grayskull"), ("rounds", "4")]
