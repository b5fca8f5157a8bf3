"""The generic result of a finished game: an outcome and a score per seat and per team.

One shape covers every game and mode: two players (Battleground, Hoplomachus Skirmish), two to four each
for themselves (Pandemonium), two teams (Alliance, Eternia), and one player or a co-op team against the
game (Assault, Ascension, Eternia solo). A ruleset builds it with ``game_result``; the platform reads only
this shape (seats, teams, against_game) and the labels its game registers for the score components.

    {
      "ended_by": "rounds" | "knockout" | "concession" | … (the game's own words),
      "rounds_played": int | None,
      "seats": [{"seat": player id, "team": team id | None, "outcome": "win" | "loss" | "draw",
                 "rank": 1-based (ties share a rank), "score": int | None, "components": {key: int}}],
      "teams": [{"team": id, "seats": [player ids], "outcome", "rank", "score", "components"}],
      "against_game": {"outcome": "win" | "loss", "score": int | None} | None,
    }

Games may add keys of their own beside these (Battleground keeps ``outcome``, ``winner`` and ``vp``).
"""

from __future__ import annotations

OUTCOMES = ("win", "loss", "draw")


def seat(player: str, *, outcome: str, rank: int, score: int | None = None, components: dict | None = None,
         team: str | None = None) -> dict:  # fmt: skip
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {OUTCOMES}")
    return {
        "seat": player,
        "team": team,
        "outcome": outcome,
        "rank": rank,
        "score": score,
        "components": dict(components or {}),
    }


def ranks(scores: dict[str, int]) -> dict[str, int]:
    """Competition ranking (1, 1, 3) of higher-is-better scores."""
    ordered = sorted(scores.values(), reverse=True)
    return {key: 1 + ordered.index(value) for key, value in scores.items()}


def game_result(seats: list[dict], *, ended_by: str, rounds_played: int | None, teams: list[dict] | None = None,
                against_game: dict | None = None, **extra) -> dict:  # fmt: skip
    return {
        **extra,
        "ended_by": ended_by,
        "rounds_played": rounds_played,
        "seats": seats,
        "teams": list(teams or []),
        "against_game": against_game,
    }
