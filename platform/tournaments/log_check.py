"""Does an uploaded log describe this match? Pure comparison of a log header with the match.

A verified log becomes a match result only when it is the game the match says was played.
The rules, in the order they are checked:

1. **Game and pack.** The log's game is the event's game, and the verdict's content pack id is
   the event's pack.
2. **Mode.** The log's mode (``games.GamePlugin.log_mode``: Hoplomachus Skirmish, Pandemonium or
   Alliance; Fields of Eternia's team game or skirmish) is the event's (``Event.game_mode``; none:
   the game's standard game, tournaments.game_modes.log_modes). A game whose logs name no mode
   (Battleground) is not compared.
3. **Reference.** If the header carries ``reference`` {event, match, round}, each given field
   equals this event's slug, this match's id and this round's number. A log without a
   reference is fine (players rarely type one).
4. **Players.** Each header player is one of the match's players, found by name: the header
   ``name`` equals the player's name in the event or their username, ignoring case and
   repeated spaces. Every player of the match must appear, each once.
5. **Forces.** Each header player's force equals that player's registered list, as the
   game's plugin compares them (``games.GamePlugin.compare_force``; Battleground: the same
   faction, the same characters, and on each character the same equipment). In a game whose
   factions are dealt at the table (draw.table_factions) there is no list to compare:
   each header player plays the faction the pairing dealt to their side.

Anything that differs is reported, one line each; the match is then flagged "mismatch" and
the log's result is not used until an organizer decides.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ExpectedPlayer:
    """One player of the match as the event knows them."""

    key: Hashable  # the registration id
    name: str
    aliases: tuple[str, ...] = ()  # other names that identify them (the username)
    faction: str | None = None  # faction id of the registered list
    entries: list[dict] | None = None  # resolved registered list, None if there is none
    dealt: str = ""  # the faction dealt to the player's side at this table ("" : none dealt)
    dealt_name: str = ""  # that faction's name, for the sentence that reports a difference


@dataclass(frozen=True)
class LogComparison:
    assignment: dict[str, Hashable] = field(default_factory=dict)  # header player id -> key
    problems: list[str] = field(default_factory=list)

    @property
    def matches(self) -> bool:
        return not self.problems


def fold(name: str) -> str:
    return " ".join(str(name).casefold().split())


def check_reference(
    reference: dict | None, *, event_slug: str, match_id: int, round_number: int
) -> list[str]:
    """Differences between a header's ``reference`` and this match (none if it has no reference)."""
    if not reference:
        return []
    problems = []
    if "event" in reference and reference["event"] != event_slug:
        problems.append(f"the log names event '{reference['event']}', not '{event_slug}'")
    if "match" in reference and str(reference["match"]) != str(match_id):
        problems.append(f"the log names match {reference['match']}, not {match_id}")
    if "round" in reference and reference["round"] != round_number:
        problems.append(f"the log names round {reference['round']}, not {round_number}")
    return problems


def check_mode(log_mode: str, event_modes: Sequence[str], words: Callable[[str], str]) -> list[str]:
    """The difference between the log's mode and the modes the event plays (none when they agree, when
    the log names no mode or the event none), in a sentence a player understands: ``words(mode id)`` is
    the mode as a noun phrase ("a Skirmish (HR-15)")."""
    if not log_mode or not event_modes or log_mode in event_modes:
        return []
    plays = " or ".join(words(mode) for mode in event_modes)
    return [f"this event plays {plays}; this log is {words(log_mode)}"]


def compare_players(
    header_players: Sequence[dict],
    expected: Sequence[ExpectedPlayer],
    compare_force: Callable[[ExpectedPlayer, dict], list[str]],
) -> LogComparison:
    """Map the header's players to the match's players by name and compare their forces with
    ``compare_force(player, header player)`` (the game's own comparison)."""
    problems: list[str] = []
    assignment: dict[str, Hashable] = {}
    by_name: dict[str, ExpectedPlayer] = {}
    for player in expected:
        for name in (player.name, *player.aliases):
            by_name.setdefault(fold(name), player)

    found: dict[Hashable, dict] = {}
    for header in header_players:
        player = by_name.get(fold(header.get("name", "")))
        if player is None:
            problems.append(f"the log's player '{header.get('name', '')}' is not a player of this match")
            continue
        if player.key in found:
            problems.append(f"two of the log's players are named as {player.name}")
            continue
        found[player.key] = header
        assignment[str(header.get("id"))] = player.key
    for player in expected:
        if player.key not in found:
            problems.append(f"{player.name} does not appear in the log")
    for player in expected:
        header = found.get(player.key)
        if header is not None and player.dealt:
            if header.get("faction") != player.dealt:
                problems.append(
                    f"{player.name} plays {header.get('faction') or 'no faction'} in the log; the pairings "
                    f"dealt their side {player.dealt_name or player.dealt} at this table"
                )
        elif header is not None:
            problems.extend(compare_force(player, header))
    return LogComparison(assignment, problems)
