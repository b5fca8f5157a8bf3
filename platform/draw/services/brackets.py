"""Reading an event's elimination bracket: its games as drawn and its final placements.

The bracket is drawn from published elimination rounds only, like the results page: a draft
is still the organizers' to change. Results count as they do for standings (a verified log, a
confirmed report or an organizer's decision), so a reported or disputed game shows no winner.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from draw import records
from draw.models import Match, RoundStage, RoundState
from tournaments.algorithms.bracket_layout import BracketGame, BracketLayout, Side, lay_out_bracket
from tournaments.algorithms.errors import TournamentError
from tournaments.algorithms.placements import Placement, placements
from tournaments.errors import EventError
from tournaments.models import Event


def bracket_for(event: Event, *, through_round: int | None = None) -> BracketLayout | None:
    """The event's bracket from its published elimination rounds up to ``through_round``, or
    None when there is none to show: a format without elimination, or before the bracket's
    first round is published. Raises EventError when the stored rounds are not a bracket."""
    if not event.has_elimination_stage or not event.fixed_seeds:
        return None
    numbers = list(
        _published_elimination_rounds(event, through_round)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if not numbers:
        return None
    pairings = records.pairings_by_round(event, through_round=numbers[-1])
    try:
        return lay_out_bracket(
            list(event.fixed_seeds),
            {n: pairings.get(n, []) for n in numbers},
            records.results(event, through_round=numbers[-1]),
            draw_break=records.draw_break(event),
        )
    except TournamentError as exc:
        raise EventError(
            _("The bracket cannot be drawn from the stored rounds: %(problem)s") % {"problem": exc}, "state"
        ) from None


def _published_elimination_rounds(event: Event, through_round: int | None):
    rounds = event.rounds.filter(stage=RoundStage.ELIMINATION).exclude(state=RoundState.DRAFT)
    return rounds if through_round is None else rounds.filter(number__lte=through_round)


def bracket_table(event: Event) -> dict:
    """What the bracket page and the API show: every round with its games, the champion and
    the placements settled so far. ``drawn`` is false until the first round is published."""
    layout = bracket_for(event)
    if layout is None:
        return {
            "event": event.slug,
            "drawn": False,
            "players": None,
            "size": None,
            "draw_rule": event.draw_rule,
            "finished": False,
            "champion": None,
            "rounds": [],
            "placements": [],
        }
    names = _names(event)
    matches = {
        (m.round.number, m.table): m
        for m in Match.objects.filter(round__in=_published_elimination_rounds(event, None)).select_related(
            "round"
        )
    }
    states = dict(_published_elimination_rounds(event, None).values_list("number", "state"))
    champion = layout.champion
    return {
        "event": event.slug,
        "drawn": True,
        "players": len(layout.seeds),
        "size": layout.size,
        "draw_rule": event.draw_rule,
        "finished": layout.finished,
        "champion": None if champion is None else _player(champion, layout, names),
        "rounds": [
            {
                "bracket_round": column.bracket_round,
                "round": column.round,
                "name": column.name,
                "state": states.get(column.round),
                "games": [_game(g, matches.get((g.round, g.table)), names) for g in column.games],
            }
            for column in layout.rounds
        ],
        "placements": _placement_rows(placements(layout), names),
    }


def placements_for(event: Event, *, through_round: int | None = None) -> list[dict]:
    """The bracket's settled placements as of ``through_round``, best first (empty without a
    bracket). The standings export passes the round its standings were stored after, so the
    two agree."""
    layout = bracket_for(event, through_round=through_round)
    return [] if layout is None else _placement_rows(placements(layout), _names(event))


def _names(event: Event) -> dict[int, str]:
    """Names of the bracket's competitors: registrations, or a team event's teams."""
    if event.is_team_event:
        return dict(event.teams.values_list("pk", "name"))
    return dict(event.registrations.values_list("pk", "display_name"))


def _player(player: int, layout: BracketLayout, names: dict[int, str]) -> dict:
    seed = layout.seeds.index(player) + 1 if player in layout.seeds else None
    return {"registration": player, "name": names.get(player, str(player)), "seed": seed}


def _game(game: BracketGame, match: Match | None, names: dict[int, str]) -> dict:
    return {
        "table": game.table,
        "match": match.pk if match else None,
        "state": match.state if match else None,
        "paired": game.paired,
        "bye": game.is_bye,
        "winner": game.winner,
        "resolution": game.resolution,
        "a": _side(game.a, game, names),
        "b": None if game.b is None else _side(game.b, game, names),
    }


def _side(side: Side, game: BracketGame, names: dict[int, str]) -> dict:
    return {
        "registration": side.player,
        "name": None if side.player is None else names.get(side.player, str(side.player)),
        "seed": side.seed,
        "from_table": side.from_table,
        "score": side.score,
        "components": side.components,
        "winner": side.player is not None and side.player == game.winner,
    }


def _placement_rows(settled: list[Placement], names: dict[int, str]) -> list[dict]:
    return [
        {
            "registration": p.player,
            "name": names.get(p.player, str(p.player)),
            "seed": p.seed,
            "first": p.first,
            "last": p.last,
            "label": p.label,
            "eliminated_in_round": p.round,
        }
        for p in settled
    ]
