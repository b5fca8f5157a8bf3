"""HR-9.4.4: ``rivals.stays_put`` answers "stay" without searching the reachable hexes only where the full
movement plan answers "stay" too: checked at every plan of simulated games with rivals (Assault, Ascension)."""

from __future__ import annotations

import engine
from engine.games.hoplomachus import rivals as rv


def test_hr_9_4_4_stays_put_agrees_with_the_full_plan(monkeypatch):
    plan, shortcut = rv.movement_plan, rv.stays_put
    seen = {"stay": 0, "shortcut": 0}

    def checked(g, u, m=None):
        monkeypatch.setattr(rv, "stays_put", lambda *a: False)
        full = plan(g, u, m)
        monkeypatch.setattr(rv, "stays_put", shortcut)
        fast = plan(g, u, m)
        assert fast == full
        seen["stay"] += full[0] == "stay"
        seen["shortcut"] += shortcut(g, u, rv.opponents(g, u), g.c.units[u["def"]].range)
        return fast

    monkeypatch.setattr(rv, "movement_plan", checked)
    games = 0
    for seed in range(40):
        log = engine.simulate("hoplomachus-remastered", seed)
        if log["setup"]["mode"] in ("assault", "ascension"):
            games += 1
            assert engine.verify(log).legal
    assert games and seen["shortcut"]  # the shortcut was taken, and always where the plan stays put
    assert seen["shortcut"] <= seen["stay"]
