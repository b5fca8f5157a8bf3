"""One piece's (unit's, hero's) page, ``/meta/<game>/characters/<id>/``: its pick and win rates and, for a game
that records more of its pieces, its win rate over time, its best and worst matchups and the pieces it is most
often fielded with.

What a game records of its pieces is its plugin's: the rate rows that name the piece
(``GamePlugin.meta_piece_rows``: by default the rows of its data sets that name pieces,
``Dataset.names_pieces``) and the rest (``GamePlugin.meta_piece_details``). Used by the page and the API
alike, so the two never disagree.
"""

from __future__ import annotations

from dashboards import providers
from dashboards.datasets import datasets_for
from dashboards.filters import MetaFilter

# How many matchups the page names as best and as worst (the table has them all).
MATCHUPS_SHOWN = 5


class NoSuchPiece(LookupError):
    """The game has no piece by that key in any verified game, or keeps no pieces at all."""


def has_pieces(game: str) -> bool:
    return providers.plugin(game).side_statistics or any(d.names_pieces for d in datasets_for(game).values())


def _known(game: str, key: str) -> bool:
    """Seen in any verified game, simulated or played, whatever the page's filter."""
    everything = MetaFilter(game=game, simulated="include")
    return any(r["key"] == key for r in providers.plugin(game).meta_piece_rows(everything, key))


def best_and_worst(matchups: list[dict], shown: int = MATCHUPS_SHOWN) -> tuple[list[dict], list[dict]]:
    """The matchups with enough games, best win rate first and worst first (a matchup below the
    minimum sample says nothing yet, so it is never named best or worst; ties go to more games)."""
    judged = [r for r in matchups if not r["too_few_games"] and r["win_rate"] is not None]
    ranked = sorted(judged, key=lambda r: (-r["win_rate"], -r["games"], r["col"]))
    # With few matchups the better half are "best" and the rest "worst": none is named twice.
    best = ranked[: min(shown, (len(ranked) + 1) // 2)]
    worst = list(reversed(ranked[len(best) :]))[:shown]
    return best, worst


def profile(f: MetaFilter, key: str) -> dict:
    """Everything the page shows. Raises NoSuchPiece."""
    if not has_pieces(f.game) or not _known(f.game, key):
        raise NoSuchPiece(key)
    plugin = providers.plugin(f.game)
    rows = plugin.meta_piece_rows(f, key)
    row = rows[0] if rows else None
    name = row["name"] if row else key
    details = plugin.meta_piece_details(f, key, row)
    if details is None:
        return {"game": f.game, "key": key, "name": name, "detailed": False, "rates": rows}
    best, worst = best_and_worst(details.get("matchups", []))
    return {"game": f.game, "key": key, "name": name, "detailed": True, "rates": rows, **details,
            "best": best, "worst": worst}  # fmt: skip
