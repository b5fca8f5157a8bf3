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
            "headings": ["Player", "Hits", "Kos"],
            "rows": [["p1", "3", ""], ["p2", "", "1"]],
            "truncated": False,
        }
    ]


def test_a_single_row_section_reads_as_name_value_pairs():
    (table,) = statistics_tables({"game": [{"map": "castle-grayskull", "rounds": 4}]})
    assert table["pairs"] == [("Map", "castle-grayskull"), ("Rounds", "4")]


def test_statistics_headings_are_labels_and_booleans_read_yes_or_no_while_the_keys_stay():
    (table,) = statistics_tables(
        {"characters": [{"wounds_dealt": 2, "survived": True}, {"wounds_dealt": 0, "survived": False}]}
    )
    assert table["title"] == "Characters"
    assert table["columns"] == ["wounds_dealt", "survived"]  # the API's and the CSV's keys
    assert table["headings"] == ["Wounds dealt", "Survived"]
    assert table["rows"] == [["2", "Yes"], ["0", "No"]]


def test_id_columns_show_the_packs_names_and_other_columns_stay_as_they_are():
    (table,) = statistics_tables(
        {
            "characters": [
                {
                    "player": "p1",
                    "character": "trap-jaw",
                    "kind": "attack",
                    "equipment": ["hook-arm", "mace"],
                },
                {"player": "p2", "character": "not-in-the-pack", "kind": "defence", "equipment": []},
            ]
        },
        game="motu-battleground",
    )
    assert table["rows"][0] == ["p1", "Trap Jaw", "attack", "Hook Arm, Mace"]
    assert table["rows"][1] == ["p2", "not-in-the-pack", "defence", ""]
    # Without the game, the ids stay (the API and the CSV keep them in any case).
    (plain,) = statistics_tables({"characters": [{"character": "trap-jaw"}]})
    assert plain["rows"] == [["trap-jaw"]]
