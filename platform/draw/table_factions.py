"""Factions dealt at each table, for games whose sides are chosen at the table, not registered.

A Fields of Eternia game is always one Masters team against one Evil Warriors team (FE-2.1), and a
team picks its three heroes of that faction at setup (FE-4.1.2). Lists naming a faction would let
Swiss pairing (score groups first) seat two teams of one faction together: a game that cannot be
played. So an event of such a game (``games.GamePlugin.sides_at_table``) registers no faction:
when a round is paired, each table's two sides are dealt the game's two factions
(``GamePlugin.table_factions``), balanced over the rounds as chess balances colours, a side not
playing one faction in consecutive rounds when the table allows it (tournaments.algorithms.table_sides).
The faction is stored on every seat of the side (``MatchSeat.faction``), shown on the pairings, the
match page, the projector, the printed pairings and slips, the player's table card and the API, and
the log check holds the log's teams to it (results.services.match_results).
"""

from __future__ import annotations

from draw import seats
from draw.models import MatchSeat, Round
from games import UnknownPack
from tournaments.algorithms.table_sides import deal
from tournaments.models import Event


def dealt_factions(event: Event) -> tuple[str, str] | None:
    """The two factions the event's tables are dealt, or None when its game does not deal them."""
    plugin = event.game_plugin
    if not plugin.sides_at_table:
        return None
    try:
        factions = plugin.table_factions(plugin.load_pack(event.content_pack))
    except UnknownPack:
        return None
    return (factions[0], factions[1]) if len(factions) == 2 else None


def side_key(seat: MatchSeat) -> str:
    """Who a faction is dealt to: the seat's team, or the seat's player."""
    return f"team {seat.team}" if seat.team else f"player {seat.registration_id}"


def history(event: Event, before_round: int) -> dict[str, list[str]]:
    """Each side's factions in the rounds before ``before_round``, oldest first."""
    played: dict[str, list[str]] = {}
    seen = set()
    earlier = (
        MatchSeat.objects.filter(match__round__event=event, match__round__number__lt=before_round)
        .exclude(faction="")
        .order_by("match__round__number", "match__table", "index")
    )
    for seat in earlier:
        key = side_key(seat)
        if (seat.match_id, key) not in seen:  # one entry per side and game, however many members
            seen.add((seat.match_id, key))
            played.setdefault(key, []).append(seat.faction)
    return played


def deal_round(round_: Round) -> None:
    """Deal the factions at every two-sided table of ``round_`` (a no-op for other games)."""
    factions = dealt_factions(round_.event)
    if factions is None:
        return
    played = history(round_.event, round_.number)
    for match in round_.matches.prefetch_related("seats").order_by("table"):
        groups = seats.sides(match)
        if len(groups) != 2:
            continue  # a bye, or a pod: no faction to deal
        first, second = (side_key(group[0]) for group in groups)
        dealt = deal(
            first,
            second,
            table=match.table,
            factions=factions,
            history=played,
            seed=round_.event.random_seed,
            round_number=round_.number,
        )
        for group in groups:
            MatchSeat.objects.filter(pk__in=[seat.pk for seat in group]).update(
                faction=dealt[side_key(group[0])]
            )
        cache = getattr(match, "_prefetched_objects_cache", None)
        if cache:
            cache.pop("seats", None)
