"""Seeded randomness (docs/log-format.md LOG-4): the commitment, outcomes derived from the seed, and
outcomes written into a seeded log that must equal the derived ones. The derivation is re-implemented
here from the format document, independently of engine.core.randomness."""

from __future__ import annotations

import hashlib
import hmac

import engine

SEED = "5eed" * 16


def draws(seed_hex: str):
    key = bytes.fromhex(seed_hex)
    n = 0
    while True:
        yield int.from_bytes(hmac.new(key, str(n).encode("ascii"), hashlib.sha256).digest()[:8], "big")
        n += 1


def below(stream, k: int) -> int:
    limit = (2**64 // k) * k
    for x in stream:
        if x < limit:
            return x % k
    raise AssertionError("unreachable")


def shuffle(stream, items: list) -> list:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def fate(game, player: str) -> list[str]:
    return [c for c in game.sides[player].hand if "fate" in c]


def seeded(bg, *, seed=SEED, **kwargs):
    sc = bg.scenario(randomness="seeded", seed_hex=seed, **kwargs)
    bg.stats(sc, "he-man", strength=3)
    bg.stats(sc, "skeletor", toughness=2, health=20)
    sc.place("p1", "he-man", ["sword-of-power"], "K15", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "K16", facing=0)
    return sc


def derived(seed=SEED):
    """Both shuffled decks (players in header order), then the stream for the first test."""
    stream = draws(seed)
    motu = shuffle(stream, [f"motu-fate-{i:02d}" for i in range(1, 21)])
    ew = shuffle(stream, [f"ew-fate-{i:02d}" for i in range(1, 21)])
    return motu, ew, stream


def roll(stream, n: int):
    dice = [below(stream, 6) + 1 for _ in range(n)]
    explosions, pending = [], dice.count(6)
    while pending:
        new = [below(stream, 6) + 1 for _ in range(pending)]
        explosions += new
        pending = new.count(6)
    return dice, explosions


def successes(dice, explosions, threshold=4):
    return sum(1 for v in dice if v == 6 or (v != 1 and v >= threshold)) + sum(
        1 for v in explosions if v >= 5
    )


def opening(bg, sc):
    motu, ew, stream = derived()
    sc.deal()
    for card in (motu[0], ew[0]):
        bg.card(sc, card, ability={})
    bg.card(sc, motu[0], initiative=9, ap=3, mana=0)
    bg.card(sc, ew[0], initiative=1)
    sc.select(motu[0], ew[0])
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    return motu, ew, stream


def test_log_4_seeded_decks_and_hands_are_derived_from_the_seed(bg):
    """LOG-4 / BG-4.5 / BG-4.6: each fate deck is shuffled from the seed; the opening hands are its top five."""
    sc = seeded(bg).deal()
    motu, ew, _ = derived()
    game = bg.state(sc)
    assert fate(game, "p1") == motu[:5] and fate(game, "p2") == ew[:5]
    assert game.sides["p1"].deck == motu[5:]


def test_log_4_seeded_dice_are_derived_and_the_log_carries_none(bg):
    """LOG-4 / BG-28.2: the attack test, then the defence test, draw from the stream; the engine's result
    matches the independent derivation."""
    sc = seeded(bg)
    _, _, stream = opening(bg, sc)
    attack, attack_x = roll(stream, 3)
    defence, defence_x = roll(stream, 2)
    net = max(0, successes(attack, attack_x) - successes(defence, defence_x))
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        expect={"attack_successes": successes(attack, attack_x), "net": net},
    )
    bg.accepts(sc)


def test_log_4_3_outcomes_written_into_a_seeded_log_must_match(bg):
    """LOG-4.3: dice written into a seeded log are checked against the seed: the right ones pass, a wrong
    die, wrong explosions or a wrong opening hand are illegal at that event."""
    sc = seeded(bg)
    _, _, stream = opening(bg, sc)
    attack, explosions = roll(stream, 3)
    event = {
        "character": "he-man",
        "weapon": "sword-of-power",
        "target": "skeletor",
        "attack": {"dice": attack, "explosions": explosions},
    }
    sc.add("attack", **event)
    bg.accepts(sc)
    sc.doc["events"][-1]["attack"]["dice"] = [attack[0] % 6 + 1] + attack[1:]
    bg.rejects(sc, "LOG-4.3")
    sc.doc["events"][-1]["attack"] = {"dice": attack, "explosions": explosions + [3]}
    bg.rejects(sc, "LOG-4.3")
    hands = seeded(bg)
    motu, _, _ = derived()
    hands.add("deal", player="p1", draw=motu[1:6])
    bg.rejects(hands, "LOG-4.3")
    hands.doc["events"][-1]["draw"] = motu[:5]
    assert fate(bg.state(hands), "p1") == motu[:5]


def test_log_4_seeded_mana_rerolls_draw_after_the_base_roll(bg):
    """LOG-4 (order of use) / BG-8.2 step 7: the log names the die to reroll; its result is the next draw."""
    sc = seeded(bg)
    motu, ew, stream = derived()
    sc.deal()
    bg.card(sc, motu[0], initiative=9, ap=3, mana=2, ability={})
    bg.card(sc, ew[0], initiative=1, ability={})
    sc.select(motu[0], ew[0])
    sc.add("activate", player="p1", character="he-man", bonus="ability")
    base = [below(stream, 6) + 1 for _ in range(3)]
    reroll = below(stream, 6) + 1
    final = [reroll] + base[1:]
    pending, explosions = final.count(6), []
    while pending:
        new = [below(stream, 6) + 1 for _ in range(pending)]
        explosions += new
        pending = new.count(6)
    sc.add(
        "attack",
        character="he-man",
        weapon="sword-of-power",
        target="skeletor",
        attack={"mana_rerolls": {"dice": [0]}},
        expect={"attack_successes": successes(final, explosions)},
    )
    game = bg.state(sc)
    assert game.units["he-man"].mana == 1
    sc.doc["events"][-1]["attack"]["mana_rerolls"]["results"] = [reroll % 6 + 1]
    bg.rejects(sc, "LOG-4.3")


def test_log_4_2_a_seed_that_does_not_match_its_commitment_is_unreadable(bg):
    """LOG-4.2: the revealed seed must hash (SHA-256) to the published commitment."""
    sc = seeded(bg).deal()
    log = sc.log()
    log["randomness"]["commitment"] = hashlib.sha256(b"another seed").hexdigest()
    verdict = engine.verify(log, content_pack=sc.pack)
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-4.2")
    log["randomness"]["commitment"] = hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    log["events"].append({"type": "concede", "player": "p2"})
    assert engine.verify(log, content_pack=sc.pack).status == "legal"


def test_log_4_2_a_seed_that_is_not_whole_bytes_is_unreadable(bg):
    """LOG-4.2: an odd number of hex digits is no byte string."""
    sc = seeded(bg).deal()
    log = sc.log()
    log["randomness"]["seed"] = SEED + "a"
    verdict = engine.verify(log, content_pack=sc.pack)
    assert (verdict.status, verdict.error.rule) == ("unreadable", "LOG-4.2")


def test_log_4_a_simulated_seeded_log_carries_no_dice(simulated_log):
    """LOG-4: a seeded log writes only choices; its verdict is legal and names the randomness."""
    log = simulated_log(3, "seeded")
    attacks = [e for e in log["events"] if e["type"] == "attack"]
    assert attacks and all("dice" not in (e.get("attack") or {}) for e in attacks)
    verdict = engine.verify(log)
    assert verdict.legal and verdict.statistics["game"][0]["randomness"] == "seeded"
