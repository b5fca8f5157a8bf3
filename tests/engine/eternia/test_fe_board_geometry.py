"""The map of Eternia as drawing data for the replay viewer (FE-6.1: an area graph). The rulebook does
not print where regions lie (FE-23.1), so the layout is automatic, or taken from provisional positions a
pack gives; either way it must be complete, inside the drawing, readable and the same every time."""

from __future__ import annotations

import copy
import math

import engine
from engine import session
from engine.core.content import builtin_pack, pack_hash
from engine.games.eternia import geometry
from engine.games.eternia.board import Board
from engine.games.eternia.content import CONTENT_DIR, load_content

GAME = "motu-fields-of-eternia"


def _geometry(pack: dict | None = None) -> dict:
    doc, digest = (pack, pack_hash(pack)) if pack else builtin_pack(CONTENT_DIR, "fe-core-starter")
    content = load_content(doc, digest)
    return geometry.board_geometry(Board(content.map), content)


def test_every_area_and_link_of_the_map_is_drawn_inside_the_drawing():
    """FE-6.1: every area (outposts, wild regions), every adjacency (border, path, wrap) and every flight
    route (FE-6.6) appears once, and each area sits inside the margins."""
    doc, _ = builtin_pack(CONTENT_DIR, "fe-core-starter")
    g = _geometry()
    assert [a["id"] for a in g["areas"]] == [a["id"] for a in doc["map"]["areas"]]
    assert [(e["a"], e["b"], e["kind"]) for e in g["edges"]] == [
        (e["a"], e["b"], e["kind"]) for e in doc["map"]["edges"]
    ]
    for a in g["areas"]:
        assert geometry.MARGIN <= a["x"] <= g["width"] - geometry.MARGIN, a
        assert geometry.MARGIN <= a["y"] <= g["height"] - geometry.MARGIN, a
    assert g["layout"] == "automatic" and "FE-23.1" in g["provisional"]


def test_no_two_areas_sit_on_each_other():
    """Labels and heroes need room: the closest two centres are at least MIN_GAP apart."""
    areas = _geometry()["areas"]
    closest = min(
        math.dist((a["x"], a["y"]), (b["x"], b["y"])) for i, a in enumerate(areas) for b in areas[i + 1 :]
    )
    assert closest >= geometry.MIN_GAP - 1


def test_bases_towers_merchants_and_the_sea_are_marked():
    """FE-6.2 (bases), FE-6.4 (towers), FE-7 (merchant outposts), FE-6.5.2 (the sea, crossed only by the
    flight routes)."""
    g = _geometry()
    by_id = {a["id"]: a for a in g["areas"]}
    assert by_id["castle-grayskull"]["base"] == "motu" and by_id["temple-of-serpos"]["base"] == "ew"
    assert {a["id"] for a in g["areas"] if a["tower"]} == {
        "tower-of-grayskull",
        "central-tower",
        "viper-tower",
    }
    assert by_id["village-of-eldor"]["merchant"] == "guild"
    assert (
        by_id["village-of-eldor"]["short"] == "Eldor" and by_id["central-tower"]["short"] == "Central Tower"
    )
    flights = [(e["a"], e["b"]) for e in g["edges"] if e["kind"] == "flight"]
    assert [(w["a"], w["b"]) for w in g["water"]] == flights and len(flights) == 3
    assert all(e["cost"] == 2 for e in g["edges"] if e["kind"] == "flight")  # FE-6.6.1
    assert g["factions"]["motu"]["base"] == "castle-grayskull"


def test_the_bases_stand_apart_the_masters_above_the_evil_warriors():
    by_id = {a["id"]: a for a in _geometry()["areas"]}
    grayskull, serpos = by_id["castle-grayskull"], by_id["temple-of-serpos"]
    assert grayskull["y"] < serpos["y"] and serpos["y"] - grayskull["y"] > 500


def test_the_layout_is_the_same_every_time():
    doc, digest = builtin_pack(CONTENT_DIR, "fe-core-starter")
    content = load_content(doc, digest)
    board = Board(content.map)
    assert geometry.layout(board, content.map["edges"]) == geometry.layout(board, content.map["edges"])


def test_positions_a_pack_gives_are_used():
    """A pack may place every area (provisional x, y from 0 to 1); the drawing then follows it."""
    doc, _ = builtin_pack(CONTENT_DIR, "fe-core-starter")
    pack = copy.deepcopy(doc)
    for i, area in enumerate(pack["map"]["areas"]):
        area["x"], area["y"] = (i % 5) / 4, (i // 5) / 5
    g = _geometry(pack)
    assert g["layout"] == "content"
    first, sixth = g["areas"][0], g["areas"][5]
    assert (first["x"], first["y"]) == (geometry.MARGIN, geometry.MARGIN)
    assert sixth["x"] == geometry.MARGIN and sixth["y"] > first["y"]


def test_a_replay_gives_its_board_to_the_viewer():
    """engine.session.board: what the replay viewer draws for a Fields of Eternia log."""
    replay = session.start(engine.simulate(GAME, 3))
    assert session.board(replay) == _geometry()


def test_every_event_is_told_in_words_naming_its_hero_and_places():
    """The viewer's line under the map: the hero or team, what it does and the areas it names."""
    log = engine.simulate(GAME, 3)
    walked = session.walk(log)
    assert walked["error"] is None and all(s["text"] for s in walked["steps"])
    move = next(s for s in walked["steps"] if s["event"]["type"] == "move")
    assert move["text"].startswith("Teela: moves via Village of Eldor")
    fortify = next(s for s in walked["steps"] if s["event"]["type"] == "fortify")
    assert "soldier" in fortify["text"]
    weapon = next(s for s in walked["steps"] if s["event"]["type"] == "weapon")
    assert "she-ra-bow" not in weapon["text"]  # the weapon's name, not its id
