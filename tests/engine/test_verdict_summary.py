"""Verdict.summary: one line a person understands, for every place a log can break."""

from engine.core.verdict import Verdict, Violation


def test_an_illegal_header_is_said_to_be_in_the_header_not_at_event_none():
    # A setup rule (here BG-1.3, only characters in the game take part) breaks before any event.
    verdict = Verdict(
        status="illegal",
        engine_version="0",
        error=Violation(rule="BG-1.3", message="Orko is in both forces"),
    )
    assert verdict.summary() == "ILLEGAL in the header: Orko is in both forces (BG-1.3)"


def test_an_illegal_event_names_its_index_round_and_actor():
    verdict = Verdict(
        status="illegal",
        engine_version="0",
        error=Violation(rule="BG-9.2.4", message="too far", event_index=5, round=1, actor="Stratos"),
    )
    assert verdict.summary() == "ILLEGAL at event 5 (round 1, Stratos): too far (BG-9.2.4)"


# -- a legal verdict's result, in every shape of engine.core.result ----------------------------------------
FE = "motu-fields-of-eternia"


def _fe_verdict(seed, **options):
    import engine

    verdict = engine.verify(engine.simulate(FE, seed, **options))
    assert verdict.legal, verdict.summary()
    return verdict


def test_two_teams_are_named_by_faction_with_both_scores_and_the_winners_vp_sources_fe_17_1():
    verdict = _fe_verdict(1)
    winner, loser = verdict.result["teams"]
    assert winner["outcome"] == "win" and loser["score"] > 0  # the loser's VP must show, not 0
    assert verdict.summary() == (
        f"LEGAL — Masters of the Universe win {winner['score']}–{loser['score']} "
        "(victory cards 10, enemy heroes defeated 1) after 12 rounds"
    )


def test_a_skirmish_reads_as_two_sides_head_to_head_fe_19():
    verdict = _fe_verdict(2, mode="skirmish")
    winner, loser = verdict.result["teams"]
    names = {p["faction"]: p["faction_name"] for p in verdict.players}
    expected = f"LEGAL — {names[winner['team']]} win {winner['score']}–{loser['score']} (outposts "
    assert verdict.summary().startswith(expected), verdict.summary()
    assert verdict.summary().endswith(f"after {verdict.result['rounds_played']} rounds")


def test_a_solo_loss_is_a_loss_against_the_game_with_its_score_and_difficulty_not_a_draw_fe_18_7():
    verdict = _fe_verdict(1, mode="solo")
    assert verdict.result["against_game"] == {"outcome": "loss", "score": -5}
    assert (
        verdict.summary() == "LEGAL — the player loses against the game, score −5 (beginner) after 12 rounds"
    )
    scored = _fe_verdict(2, mode="solo")
    assert scored.summary() == (
        "LEGAL — the player loses against the game, score −3 (beginner; missions 4) after 12 rounds"
    )


def test_a_co_op_win_against_the_game_speaks_of_the_players():
    from engine.core import result

    seats = [result.seat(p, outcome="win", rank=1, score=7, team="motu") for p in ("p1", "p2")]
    won = result.game_result(seats, ended_by="objective", rounds_played=9,
                             against_game={"outcome": "win", "score": 7}, difficulty="heroic")  # fmt: skip
    verdict = Verdict(status="legal", engine_version="0", game=FE, result=won)
    assert verdict.summary() == (
        "LEGAL — the players win against the game, score 7 (heroic) with the objective completed in round 9"
    )


def test_four_players_each_for_themselves_are_ranked_with_ties_sharing_a_rank():
    from engine.core import result

    scores = {"p1": 9, "p2": 12, "p3": 9, "p4": 3}
    ranks = result.ranks(scores)
    seats = [
        result.seat(p, outcome="win" if ranks[p] == 1 else "loss", rank=ranks[p], score=v)
        for p, v in scores.items()
    ]
    # Each for themselves: people are named, not their factions (two-player games name the faction).
    players = [{"id": p, "name": n, "faction": f, "faction_name": f"Faction {f}"} for p, n, f in
               (("p1", "Anna", "a"), ("p2", "Ben", "b"), ("p3", "Cara", "c"), ("p4", "Dan", "d"))]  # fmt: skip
    verdict = Verdict(status="legal", engine_version="0", players=players,
                      result=result.game_result(seats, ended_by="rounds", rounds_played=8))  # fmt: skip
    assert verdict.summary() == "LEGAL — Ben wins: 1. Ben 12, 2. Anna 9, 2. Cara 9, 4. Dan 3 after 8 rounds"


def test_a_battleground_summary_keeps_its_wording_and_labels_from_the_registered_schema():
    import engine

    verdict = engine.verify(engine.simulate("motu-battleground", 0))
    assert verdict.summary() == "LEGAL — Masters of the Universe win 20–0 (objectives 20) after 4 rounds"
    rows = [dict(r, components={"objectives": 10, "knockouts": 5}) if r["outcome"] == "win" else r
            for r in verdict.result["seats"]]  # fmt: skip
    knocked = dict(verdict.result, seats=rows)
    again = Verdict(status="legal", engine_version="0", game="motu-battleground", players=verdict.players,
                    result=knocked)  # fmt: skip
    assert "(objectives 10, knock-outs 5)" in again.summary()


def _fe_teams(scores: dict[str, int], *, winner, ended_by="rounds", rounds=12) -> Verdict:
    from engine.core import result

    teams = [{"team": t, "seats": [f"p{i + 1}"], "outcome": "win" if t == winner else "loss",
              "rank": 1 if t == winner else 2, "score": vp, "components": {"victory_cards": vp}}
             for i, (t, vp) in enumerate(scores.items())]  # fmt: skip
    seats = [result.seat(t["seats"][0], outcome=t["outcome"], rank=t["rank"], score=t["score"], team=t["team"])
             for t in teams]  # fmt: skip
    names = {"motu": "Masters of the Universe", "ew": "Evil Warriors", "horde": "Evil Horde"}
    players = [{"id": f"p{i + 1}", "name": f"Player {i + 1}", "faction": t, "faction_name": names[t]}
               for i, t in enumerate(scores)]  # fmt: skip
    doc = result.game_result(seats, ended_by=ended_by, rounds_played=rounds, teams=teams)
    return Verdict(status="legal", engine_version="0", game=FE, players=players, result=doc)


def test_a_boss_left_in_play_reads_as_every_team_losing_fe_17_1_1():
    verdict = _fe_teams({"motu": 9, "ew": 7}, winner=None, ended_by="boss")
    assert verdict.summary() == "LEGAL — both sides lose 9–7 with a boss still in play after 12 rounds"


def test_a_tie_broken_game_says_which_tie_break_decided_it_fe_17_2():
    verdict = _fe_teams({"ew": 8, "motu": 8}, winner="ew", ended_by="tie-break-outposts")
    assert verdict.summary() == (
        "LEGAL — Evil Warriors win 8–8 (victory cards 8) on the outposts tie-break after 12 rounds"
    )
    duel = _fe_teams({"motu": 9, "ew": 8}, winner="motu", ended_by="duel", rounds=13)
    assert duel.summary().endswith("by the hero duel in round 13")


def test_three_teams_are_ranked_by_faction_fe_2_2():
    verdict = _fe_teams({"horde": 12, "motu": 9, "ew": 4}, winner="horde")
    verdict.result["teams"][2]["rank"] = 3
    assert verdict.summary() == (
        "LEGAL — Evil Horde win: 1. Evil Horde 12, 2. Masters of the Universe 9, 3. Evil Warriors 4 after 12 rounds"
    )
