"""Solo / co-operative mode (FE-18): one team of 3 heroes against the game.

The enemy heroes and soldiers are the scenario's (content data); their actions are logged like any
hero's and checked only against the general rules (AMB-47). In an epic combat against an enemy hero the
enemy has no board: a battle card gives its values and effect cards act for it (FE-18.5).
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.eternia import effects, epic
from engine.games.eternia import queries as q
from engine.games.eternia.content import ZONES
from engine.games.eternia.scoring import solo_score
from engine.games.eternia.state import SOLDIER_CAP

LEVELS = ("beginner", "novice", "advanced", "relentless")
EXTRA_EFFECTS = {"beginner": 0, "novice": 0, "advanced": 1, "relentless": 2}  # FE-18.3.3–4, FE-18.5.4.1
# FE-18.5.2 table: which faces of the wild die choose the surge battle deck.
SURGE_FACES = {
    "beginner": {"blank"},
    "novice": {"blank", "reroll"},
    "advanced": {"success", "double", "reroll"},
}


def level_index(difficulty: str) -> int:
    return LEVELS.index(difficulty) + 1


def setup(g, doc: dict) -> None:
    """FE-18.4: the difficulty's effect deck, the two battle decks, the enemy's heroes and soldiers, the
    Beginner's Eternium and free soldiers; no victory cards (FE-18.4.6)."""
    s, c = g.s, g.content
    level = level_index(g.difficulty)
    effect = [cid for cid, card in c.effects.items() if card["skulls"] <= level]  # AMB-50.1: cumulative
    s.decks["effect"] = g.chance.shuffle(effect)
    s.decks["battle-surge"] = [cid for cid, card in c.battle.items() if card["surge"]]
    s.decks["battle-plain"] = [cid for cid, card in c.battle.items() if not card["surge"]]
    for name in ("effect", "battle-surge", "battle-plain"):
        s.discards[name] = []
    enemy = g.enemy_team
    for area, n in (g.scenario.get("enemy_soldiers") or {}).items():
        effects.place_soldiers(g, area, enemy, n)
    g.enemy_start = sorted(
        a for a in g.board.order if q.controller(g, a) == enemy and g.board.base_of(a) is None
    )
    player = g.player_team
    t = s.teams[player]
    if g.difficulty == "beginner":
        t.eternium = 4 * len(t.heroes) + 2  # FE-18.3.1.1, WE-09
        chosen = doc["setup"].get("beginner_outposts") or []
        start = s.heroes[t.heroes[0]].area
        dist = g.board.distances(start)
        for kind in ("guild", "shop", "forge"):  # FE-18.3.1.2, AMB-50.6
            sites = [a for a in g.board.order if g.board.areas[a].get("merchant") == kind and a in dist
                     and q.controller(g, a) is None]  # fmt: skip
            best = min(dist[a] for a in sites)
            nearest = [a for a in sites if dist[a] == best]
            pick = nearest[0] if len(nearest) == 1 else next((a for a in chosen if a in nearest), None)
            if pick is None:
                raise IllegalEvent("AMB-50", "the nearest {kind}s are {nearest}: the setup must name the one chosen ('beginner_outposts')", kind=kind, nearest=', '.join(nearest))  # fmt: skip
            effects.place_soldiers(g, pick, player, 1)


def battle_deck(g, face: str | None) -> str:
    """FE-18.5.2.1: the surge or the non-surge battle deck, by the difficulty's table."""
    if g.difficulty == "relentless":
        return "battle-surge"
    return "battle-surge" if face in SURGE_FACES[g.difficulty] else "battle-plain"


def enemy_weapon_types(g, hero_id: str) -> set[str]:
    return {w["type"] for w in g.content.heroes[hero_id]["weapons"]}


def search(g, deck_name: str, enemy: str, exclude: str | None) -> list[str]:
    """AMB-49 (seeded): shuffle the deck and draw until a card matches one of the enemy's weapons; the
    cards passed over go back. Returns the candidates in the order the search meets them."""
    deck = [c for c in g.s.decks[deck_name] if c != exclude]
    order = g.chance.shuffle(deck)
    types = enemy_weapon_types(g, enemy)
    return [c for c in order if g.content.battle[c]["weapon"] in types]


def check_battle_card(g, deck_name: str, card: str, enemy: str, exclude: str | None) -> None:
    info = g.content.battle.get(card)
    if info is None or card not in g.s.decks[deck_name]:
        raise IllegalEvent(
            "FE-18.5.2",
            "{card} is not a card of the {deck_name} deck chosen by the die",
            card=card,
            deck_name=deck_name,
        )
    if info["weapon"] not in enemy_weapon_types(g, enemy):
        raise IllegalEvent(
            "FE-18.5.2",
            "{card}'s weapon ({weapon}) matches none of {enemy}'s weapons",
            card=card,
            weapon=info["weapon"],
            enemy=g.name(enemy),
        )
    if card == exclude:
        raise IllegalEvent("AMB-49", "each round uses a different battle card")


def take_battle_card(g, given) -> None:
    """FE-18.5.2.2–4, AMB-49: the battle card kept for this round sets the enemy's values."""
    c = g.s.combat
    exclude = c.battle_used[-1] if c.battle_used else None
    if given is not None and (
        not isinstance(given, list) or len(given) != 1 or not isinstance(given[0], str)
    ):
        raise UnreadableLog("a battle-card draw names the one card kept: 'cards': [card]", rule="LOG-5.2")
    card = g.content.find("battle_cards", given[0]) if given else None
    if g.chance.seeded:
        found = search(g, c.battle_deck, c.defender.hero, exclude)
        if not found:
            raise UnreadableLog("the {battle_deck} deck has no card for {hero}'s weapons", battle_deck=c.battle_deck, hero=g.name(c.defender.hero),
                                rule="LOG-3.5")  # fmt: skip
        if card is not None and card != found[0]:
            raise IllegalEvent(
                "LOG-4.3",
                "the log keeps {card} but the committed seed gives {found}",
                card=card,
                found=found[0],
            )
        card = found[0]
    elif card is None:
        raise IllegalEvent("FE-18.5.2", "in a recorded log the battle-card draw names the card kept")
    check_battle_card(g, c.battle_deck, card, c.defender.hero, exclude)
    info = g.content.battle[card]
    c.battle = card
    c.battle_used.append(card)
    c.beast.update(attack=info["attack"], defence=info["defence"], initiative=info["initiative"])
    c.step = "shuffle"


def apply_effects(g, c, cards: list[str]) -> None:
    """FE-18.5.4: each effect card acts as if the enemy played it; then its surges."""
    enemy = c.defender
    zones = set()
    surges = 1 if g.content.battle[c.battle]["surge"] else 0
    for cid in cards:
        card = g.content.effects[cid]
        zones.add(card.get("zone"))
        for k, v in (card.get("effect", {}).get("bonus") or {}).items():
            enemy.bonus[k] += int(v)
        surges += 1 if card.get("surge") else 0
    weapon = next((w for w in g.content.heroes[enemy.hero]["weapons"]
                   if w["type"] == g.content.battle[c.battle]["weapon"]), None)  # fmt: skip
    surge = (weapon or {}).get("surge", {}).get("effect", {})
    for _ in range(surges):  # FE-18.5.4.2: once per surge symbol
        applied = False
        for zone, n in (surge.get("bonus") or {}).items():
            if zone in zones:  # only if an effect card carries that zone's identifier
                enemy.bonus[zone] += int(n)
                applied = True
        if surge.get("damage"):
            epic.hurt(g, c, c.active, int(surge["damage"]), by=enemy)
            applied = True
        if not applied:
            enemy.bonus["defence"] += 1  # no surge ability can be applied: +1 defence and +1 attack
            enemy.bonus["attack"] += 1
    g.s.discards["effect"].extend(cards)


def objective_unmet(g) -> str | None:
    """FE-18.7.1: why the scenario's objective is not met yet, or None. Only an objective the scenario states
    in data is checked (``bosses_defeated``: the boss cards to defeat, AMB-29); any other is the mission
    book's, and the log's word is taken for it (AMB-47)."""
    wanted = (g.scenario.get("objective") or {}).get("bosses_defeated") or []
    left = [b for b in wanted if not g.s.boss_state.get(b, {}).get("defeated")]
    if left:
        return Text(
            "the scenario's objective is to defeat {left}, still undefeated",
            left=", ".join(g.name(b) for b in left),
        )
    return None


def reinforce(g) -> None:
    """FE-18.3.2.2 (AMB-46, fill): 1 soldier at a time to every outpost the enemy holds, round after round,
    until each has 3 or the supply is empty (map order when the supply runs short)."""
    enemy = g.enemy_team
    t = g.s.teams[enemy]
    held = [a for a in g.board.order if q.controller(g, a) == enemy and g.board.base_of(a) is None]
    while t.supply > 0:
        short = [a for a in held if q.soldiers(g, a, enemy) < SOLDIER_CAP]
        if not short:
            return
        for area in short:
            if t.supply == 0:
                return
            effects.place_soldiers(g, area, enemy, 1)


def score(g) -> int:
    """FE-18.7.2 with AMB-50: the outposts counted are those held now that the enemy held at the start."""
    player = g.player_team
    t = g.s.teams[player]
    heroes = [g.s.heroes[h] for h in t.heroes]
    occupied = sum(1 for a in g.enemy_start if q.controller(g, a) == player)
    left = max(0, g.final_index() - g.s.round) if g.s.completed else 0
    return solo_score(vp=t.vp, difficulty=g.difficulty, completed=g.s.completed, enemy_outposts=occupied,
                      rounds_left=left, defeats=sum(h.defeats for h in heroes),
                      damage=sum(h.damage for h in heroes))  # fmt: skip


ZONE_NAMES = ZONES
