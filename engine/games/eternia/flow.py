"""The round: organisation (FE-8.2), activations in team order (FE-8.3), end of turn and round (FE-8.4),
and the end of the game with every tie-break step (FE-17)."""

from __future__ import annotations

from engine.games.eternia import effects, record, skirmish, solo
from engine.games.eternia import queries as q


def organisation(g) -> None:
    """FE-8.2 (AMB-02: the marker, day income, then the skull event)."""
    s = g.s
    for t in s.teams.values():
        for hid in t.heroes:
            s.heroes[hid].activated = False  # FE-8.3.4
    s.next_team = 0  # FE-8.3.5, AMB-09: the starting team begins every round
    if s.extra:
        return  # FE-17.2.3: an extra night round has no day income and no skull
    space = g.content.track[s.round]
    if space["time"] == "day":
        for team, t in s.teams.items():
            amount = sum(g.board.areas[a]["eternium"] for a in q.controlled(g, team))  # FE-8.2.2
            t.eternium += amount
            t.income.append([s.round, amount])
    skull = space.get("skull")
    if skull and skull not in s.skulls_done and g.mode != "skirmish":  # FE-19.8.2: no track events
        skull_event(g, skull)


def skull_event(g, skull: int) -> None:
    """FE-8.2.4: the scenario's event for this skull, in the effect vocabulary (the starter scenario has
    none). Skirmish: the track triggers nothing unless the scenario says so (FE-19.8.2)."""
    g.s.skulls_done.append(skull)
    for effect in g.scenario.get("skull_events", {}).get(str(skull), []):
        for team in g.s.order:
            if effect.get("eternium"):
                effects.gain_eternium(g, team, int(effect["eternium"]))


def next_team(g) -> str | None:
    """FE-8.3.2–3: the next team in order with a hero not yet activated (AMB-09: others are skipped)."""
    s = g.s
    n = len(s.order)
    for k in range(n):
        team = s.order[(s.next_team + k) % n]
        if any(not s.heroes[h].activated for h in s.teams[team].heroes):
            return team
    return None


def end_turn(g) -> None:
    """FE-9.1.7: night healing (FE-8.2.3); the activation token; the next team."""
    s = g.s
    hero = s.heroes[s.turn.hero]
    if g.is_night():
        effects.heal(g, hero, 1)
    hero.activated = True
    s.turn = None
    if g.mode == "solo" and g.difficulty == "relentless":
        solo.reinforce(g)  # FE-18.3.4.1: at the end of every turn
    s.next_team = (s.order.index(hero.team) + 1) % len(s.order)


def end_round(g) -> None:
    """FE-8.4: the final round ends the game (FE-17); otherwise the next round begins."""
    s = g.s
    if g.mode == "solo" and (g.difficulty == "advanced" or (g.difficulty == "novice" and g.is_night())):
        solo.reinforce(g)  # FE-18.3.2.2, FE-18.3.3.1
    record.round_ended(g)
    if s.extra or s.round >= g.final_index():
        if g.mode == "skirmish" and not s.extra:
            skirmish.end_scoring(g)  # FE-19.10.1
        decide(g)
        return
    s.round += 1
    organisation(g)


def decide(g) -> None:
    """FE-17.1–17.2: a boss still in play loses the game for everyone; otherwise VP, then the tie-breaks."""
    s = g.s
    if s.bosses:
        g.finish_game("boss", winner=None)  # FE-17.1.1 (solo too: the scenario is lost, FE-18.7.1)
        return
    if g.mode == "solo":
        g.finish_game("rounds", winner=None)  # FE-18.7.1: the round limit, the objective not completed
        return
    teams = list(s.order)
    for key, label in (
        (lambda t: s.teams[t].vp, "vp"),  # FE-17.1.2
        (lambda t: len(q.controlled(g, t)), "outposts"),  # FE-17.2.1
        (lambda t: s.teams[t].eternium, "eternium"),  # FE-17.2.2
    ):
        best = max(key(t) for t in teams)
        teams = [t for t in teams if key(t) == best]
        if len(teams) == 1:
            g.finish_game("rounds" if label == "vp" else f"tie-break-{label}", winner=teams[0])
            return
    if not s.extra:
        s.extra = 1  # FE-17.2.3: one extra night round, then check again
        organisation(g)
        return
    s.phase = "duel"  # FE-17.2.4: each tied team secretly selects a hero
    s.duel = {}
    s.stats["duel_teams"] = len(teams)
    g.duel_teams = teams
