"""Where a Hoplomachus offer puts its unit, for the table recorder (``offer_place``): a move's last hex
(HR-8.6) and a deployment's hex (HR-8.4.1), so that both are tapped on the arena and listed by unit; an
offer that puts nothing on a hex names none."""

from __future__ import annotations

import random

from engine import session

GAME = "hoplomachus-remastered"


def _skirmish(seed: int):
    players = [{"name": "A", "faction": "kunlun"}, {"name": "B", "faction": "amazons"}]
    header = session.new_header(
        GAME, players=players, mode="skirmish", arena="pozzuoli", seed_hex=f"{seed:064x}"
    )
    return session.start(session.with_seed(header, f"{seed:064x}"))


def test_a_deployment_and_a_move_name_the_hex_they_put_their_unit_on():
    replay = _skirmish(3)
    rng = random.Random(3)
    seen: dict[str, int] = {}
    for _ in range(400):
        if session.is_over(replay):
            break
        forced = session.forced(replay)
        if forced is not None:
            session.step(replay, forced)
            continue
        offers = session.offers(replay)
        for offer in offers:
            event = offer["event"]
            if event["type"] == "deploy":  # HR-8.4.1: a unit of the camp onto a deployment hex
                assert offer["place"] == event["hex"] and offer["piece"]["id"] == event["unit"]
            elif event["type"] == "move":  # HR-8.6.6: the full path, ending where the unit stops
                assert offer["place"] == event["path"][-1]
            else:
                assert offer["place"] is None, offer
            seen[event["type"]] = seen.get(event["type"], 0) + 1
        session.step(replay, rng.choice(offers)["event"])
    assert seen.get("deploy") and seen.get("move") and seen.get("attack")
    assert session.offers(_skirmish(3))[0]["place"]  # the game opens with a deployment to tap on the arena
