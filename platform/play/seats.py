"""Who at the table may enter an event, for games whose view names no ``to_act`` (Hoplomachus, Fields
of Eternia). Battleground keeps its own rule in play.services (``actor_of`` and the view's ``to_act``).

The engine decides what is legal; this only decides which phone is offered it:

- an event of a player (Hoplomachus' ``player``) belongs to that player;
- an event of a rival (the immortals, the arena, the titan) belongs to both: in the co-op modes the
  players run the rivals together (HR-13.8, HR-14.8);
- an event of a hero (Fields of Eternia) belongs to the player whose force lists it (a co-op player
  controls the heroes given to them, FE-18.1.2), else to the players of its team (FE-4.1);
- an event of a team belongs to the players of that team;
- a table event with nobody named (a card drawn, a die rolled) belongs to the team awaited, or to
  either player when the game awaits no team.
"""

from __future__ import annotations


def deciders(event: dict, view: dict, players: list[dict]) -> set[str]:
    """The player ids (``p1`` … ``p6``) that may enter ``event``."""
    seats = {p["id"] for p in players}
    by_team: dict[str, set[str]] = {}
    for p in players:
        by_team.setdefault(p["faction"], set()).add(p["id"])
    who = event.get("player")
    if isinstance(who, str):
        return {who} if who in seats else set(seats)
    hero = event.get("hero")
    heroes = view.get("heroes") if isinstance(view.get("heroes"), dict) else {}
    if isinstance(hero, str) and hero in heroes:
        named = {hero, heroes[hero].get("mounted")}  # a mounted hero is listed by its miniature (FE-4.1.8)
        controllers = {p["id"] for p in players if named & _pieces(p)}
        return controllers or _team(heroes[hero].get("team"), by_team, seats)
    if isinstance(event.get("team"), str):
        return _team(event["team"], by_team, seats)
    awaiting = view.get("awaiting") if isinstance(view.get("awaiting"), dict) else {}
    return _team(awaiting.get("team"), by_team, seats)


def _pieces(player: dict) -> set[str]:
    force = player.get("force")
    return {h for h in force if isinstance(h, str)} if isinstance(force, list) else set()


def _team(team, by_team: dict, seats: set[str]) -> set[str]:
    return set(by_team[team]) if team in by_team else set(seats)


def is_over(view: dict) -> bool:
    """The game has ended: Battleground's phase, or another game's ``over``. The one place the recorder
    reads this from the view (play.services.post_event)."""
    return view.get("phase") == "over" or bool(view.get("over"))
