"""What people do with challenges: create one, start it (get the seed), enter a log, and how a verdict
becomes an entry's place or its refusal. Views, the API, the command and the receiver call these.

Scheme (docs/challenges.md): the seed is committed when the challenge is created and revealed to each
player when they start it; they play the seeded game and upload the log, which carries the seed, so it is
verified at once. Everyone sees the seed once the challenge closes. An entry must match the published
header (matching.differences), be legal, come from a player who started before submitting, and arrive
before the close.
"""

from __future__ import annotations

import copy
import json
import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_noop

import engine
from accounts.services import is_organizer
from challenges import matching
from challenges.models import Challenge, ChallengeEntry, ChallengeStart, EntryStatus
from challenges.ranking import best_per_player
from gamelogs.models import GameLog, LogSource, LogState
from gamelogs.services import submit_log
from tournaments.said import render, said


class ChallengeError(Exception):
    """A request the challenge cannot take; ``code`` and ``status_code`` for the API, ``message`` for people."""

    def __init__(self, message: str, code: str = "invalid", status_code: int = 400):
        super().__init__(message)
        self.message, self.code, self.status_code = message, code, status_code


@dataclass(frozen=True)
class ModeChoice:
    game: str
    game_name: str
    mode: str
    mode_name: str

    @property
    def key(self) -> str:
        return f"{self.game}/{self.mode}"

    @property
    def label(self) -> str:
        return f"{self.game_name} — {self.mode_name}"


def mode_choices() -> list[ModeChoice]:
    """Every (game, mode) played against the game, read from the engine's registry."""
    return [
        ModeChoice(info.id, info.label, mode.id, mode.name)
        for info in engine.games()
        for mode in info.seats.modes
        if mode.against_game
    ]


def can_create(user) -> bool:
    return user.is_authenticated and (user.is_staff or is_organizer(user))


def require_creator(user) -> None:
    if not can_create(user):
        raise ChallengeError("Only organizers and staff can publish challenges.", "forbidden", 403)


@transaction.atomic
def create_challenge(
    created_by,
    *,
    game: str,
    mode: str,
    title: str,
    header: dict,
    opens_at,
    closes_at,
    description: str = "",
    difficulty: str = "",
    slug: str = "",
    seed: str = "",
    allow_simulated: bool = False,
) -> Challenge:
    """Publish a challenge. ``header`` is a log header (players and forces, setup, content pack); its game
    must be ``game``. A new secret seed is drawn unless ``seed`` (hex) is given, and only its commitment is
    published. ``difficulty`` defaults to the setup's ``difficulty``."""
    if not any(c.game == game and c.mode == mode for c in mode_choices()):
        raise ChallengeError(f"{game!r} has no mode {mode!r} played against the game.", "unknown_mode")
    if not isinstance(header, dict):
        raise ChallengeError("The setup must be a JSON object: a log header.", "invalid_header")
    if header.get("game", game) != game:
        raise ChallengeError(f"The header is for {header.get('game')!r}, not {game!r}.", "invalid_header")
    if closes_at <= opens_at:
        raise ChallengeError("The challenge must close after it opens.", "invalid_dates")
    seed = (seed or secrets.token_hex(32)).lower()
    try:
        commitment = engine.commitment_for(seed)
    except ValueError:
        raise ChallengeError("The seed must be hexadecimal.", "invalid_seed") from None
    published = matching.published_header(
        {"format": "arbiter-log", "format_version": engine.LOG_FORMAT_VERSION, **header, "game": game}
    )
    published["randomness"] = {"mode": "seeded", "commitment": commitment}
    try:  # the envelope checks a log gets: a header players cannot upload is refused now, not at the close
        engine.parse_log({**published, "randomness": {**published["randomness"], "seed": seed}, "events": []})
    except engine.UnreadableLog as exc:
        raise ChallengeError(f"The header is not a valid log header: {exc}", "invalid_header") from None
    if Challenge.objects.filter(commitment=commitment).exists():
        raise ChallengeError("Another challenge already uses this seed; draw a new one.", "seed_reused", 409)
    setup = published.get("setup") or {}
    return Challenge.objects.create(
        slug=_free_slug(slug or title),
        game=game,
        mode=mode,
        title=title,
        description=description,
        header=published,
        difficulty=difficulty or str(setup.get("difficulty", "")),
        commitment=commitment,
        seed=seed,
        opens_at=opens_at,
        closes_at=closes_at,
        allow_simulated=allow_simulated,
        created_by=created_by,
    )


def _free_slug(text: str) -> str:
    base = slugify(text)[:70] or "challenge"
    slug, n = base, 1
    while Challenge.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def start(user, challenge: Challenge) -> ChallengeStart:
    """Record that ``user`` starts the challenge, which reveals its seed to them (once is enough)."""
    if not user.is_authenticated:
        raise ChallengeError("Log in to start a challenge.", "not_authenticated", 401)
    now = timezone.now()
    if now < challenge.opens_at:
        raise ChallengeError(
            f"The challenge opens at {challenge.opens_at:%Y-%m-%d %H:%M} UTC.", "not_open", 409
        )
    if challenge.is_closed(now):
        raise ChallengeError("The challenge has closed; its seed is public now.", "closed", 409)
    started, _ = ChallengeStart.objects.get_or_create(challenge=challenge, player=user)
    return started


def has_started(user, challenge: Challenge) -> bool:
    return user.is_authenticated and ChallengeStart.objects.filter(challenge=challenge, player=user).exists()


def header_for(challenge: Challenge, user) -> dict:
    """The header to play with: the seed included for a player who started, and for everyone after closing."""
    header = json.loads(json.dumps(challenge.header))
    if challenge.seed_revealed() or has_started(user, challenge):
        header["randomness"]["seed"] = challenge.seed
    return header


def submit_entry(
    user, challenge: Challenge, data: bytes, *, filename: str = "", source: str = LogSource.WEB, players=()
):
    """Upload a log through the normal pipeline (gamelogs.services.submit_log) as an entry of ``challenge``.
    The entry is judged when its verdict arrives, or now if those bytes were verified already.

    ``players``: for a game played at the table, every account seated there; the entry is each of theirs
    (``user``, who opened the table and started the challenge, enters it)."""
    if not user.is_authenticated:
        raise ChallengeError("Log in to enter a challenge.", "not_authenticated", 401)
    if not challenge.is_open():
        raise ChallengeError("The challenge is not open for entries.", "not_open", 409)
    if not has_started(user, challenge):
        raise ChallengeError(
            "Start the challenge first: its seed is revealed to you then, and a game played before cannot enter.",
            "not_started",
            409,
        )
    # The upload's own checks (size, JSON, envelope) raise UploadRejected with their usual codes.
    log = submit_log(user, data, source=source, filename=filename).log
    entry, created = ChallengeEntry.objects.get_or_create(
        challenge=challenge, log=log, defaults={"player": user}
    )
    if not created and entry.player_id != user.pk:
        raise ChallengeError("This log is already entered by the player who uploaded it first.", "taken", 409)
    if players:
        entry.players.add(user, *players)
    if log.is_final and log.verdict is not None:
        judge(entry, log, log.verdict)
    return entry


def judge(entry: ChallengeEntry, log: GameLog, verdict: dict) -> ChallengeEntry:
    """Accept or refuse ``entry`` from its log's verdict, saving the score, rounds and reasons."""
    challenge = entry.challenge
    reasons: list[dict] = []  # sentences (tournaments.said), said in each reader's language
    try:
        header = json.loads(log.raw_bytes())
    except ValueError:
        header = {}
    if not isinstance(header, dict):
        header = {}
    if log.state != LogState.LEGAL or verdict.get("status") != "legal":
        reasons.append(
            said(
                gettext_noop("The log is not legal: %(why)s."),
                why=verdict.get("summary") or log.summary or log.state,
            )
        )
    reasons += matching.differences_said(challenge.header, header)
    result = verdict.get("result") or {}
    against = result.get("against_game")
    if not against:
        reasons.append(
            said(gettext_noop("The verdict has no result against the game: is it a solo or co-op game?"))
        )
    if log.simulated and not challenge.allow_simulated:
        reasons.append(
            said(
                gettext_noop(
                    "The log is labelled simulated; only games people played can enter this challenge."
                )
            )
        )
    started = ChallengeStart.objects.filter(challenge=challenge, player=entry.player).first()
    if started is None or started.started_at > entry.submitted_at:
        reasons.append(
            said(
                gettext_noop("%(name)s did not start this challenge before submitting the log."),
                name=entry.player.get_username(),
            )
        )
    if entry.submitted_at >= challenge.closes_at:
        reasons.append(said(gettext_noop("The log was submitted after the challenge closed.")))
    entry.reasons_said = reasons
    entry.reasons = [render(reason, translate=False) for reason in reasons]
    entry.status = EntryStatus.REFUSED if reasons else EntryStatus.ACCEPTED
    entry.outcome = (against or {}).get("outcome") or ""
    entry.score = (against or {}).get("score")
    entry.rounds = result.get("rounds_played")
    entry.simulated = log.simulated
    if entry.verified_at is None:  # the first verdict's time: a later re-verification keeps the tiebreak
        entry.verified_at = log.verified_at or timezone.now()
    entry.save()
    return entry


def record_verdict(log: GameLog, verdict: dict) -> list[ChallengeEntry]:
    """Judge every entry this verdict decides: the log's claimed entries, and any challenge whose commitment
    its header carries (a log uploaded on the ordinary page). Idempotent: one entry per (challenge, log)."""
    # One query answers the common verdict (no challenge to judge): the challenges the log has an entry
    # in, and, for an uploaded log, those still open when it arrived. Entries are read only if some
    # exist, and the header is parsed only for a challenge whose commitment the bytes contain (#14).
    entered = ChallengeEntry.objects.filter(log=log).values("challenge_id")
    wanted = Q(pk__in=entered)
    if log.uploader_id is not None:
        wanted |= Q(closes_at__gt=log.created_at)
    challenges = list(
        Challenge.objects.filter(wanted).annotate(entered=Exists(entered.filter(challenge=OuterRef("pk"))))
    )
    if not challenges:
        return []
    claimed = []
    if any(c.entered for c in challenges):
        claimed = list(ChallengeEntry.objects.filter(log=log).select_related("challenge", "player"))
    seen = {entry.challenge_id for entry in claimed}
    judged = [judge(entry, log, verdict) for entry in claimed]
    if log.uploader_id is None:
        return judged
    raw = log.raw_bytes()
    candidates = [c for c in challenges if c.pk not in seen and c.closes_at > log.created_at]
    found = [c for c in candidates if c.commitment.encode() in raw]
    commitment = _commitment_of(log) if found else ""
    for challenge in found:
        if challenge.commitment == commitment:  # in the header's randomness, not merely somewhere in the log
            judged.append(judge(_entry_for(challenge, log), log, verdict))
    return judged


def _entry_for(challenge: Challenge, log: GameLog) -> ChallengeEntry:
    defaults = {"player_id": log.uploader_id, "submitted_at": log.created_at}
    try:
        with transaction.atomic():
            return ChallengeEntry.objects.get_or_create(challenge=challenge, log=log, defaults=defaults)[0]
    except IntegrityError:  # entered at the same moment by submit_entry
        return ChallengeEntry.objects.get(challenge=challenge, log=log)


def _commitment_of(log: GameLog) -> str:
    try:
        header = json.loads(log.raw_bytes())
    except ValueError:
        return ""
    return matching.commitment_of(header) if isinstance(header, dict) else ""


# -- at the table (the play app's recorder, when installed) ---------------------------------------------
def _table_size() -> int:
    """The recorder's seats at one table."""
    from play.models import MAX_SEATS

    return MAX_SEATS


def table_seats(challenge: Challenge) -> list[dict]:
    """The challenge's seats as the table form asks for them: ``{"index", "faction"}``; [] when the
    recorder cannot play it (no play app, or more seats than a table has)."""
    from django.apps import apps

    players = challenge.header.get("players") or []
    if not apps.is_installed("play") or not 1 <= len(players) <= _table_size():
        return []
    return [{"index": i, "faction": str(p.get("faction", ""))} for i, p in enumerate(players, start=1)]


def table_of(challenge: Challenge, user):
    """``user``'s unfinished table of this challenge, or None."""
    if not table_seats(challenge):
        return None
    from play import challenges as at_table

    return at_table.open_table(challenge, user)


def play_at_table(user, challenge: Challenge, *, names: list[str]):
    """Start (or go back to) ``user``'s table of ``challenge`` (play.challenges): the recorder game with the
    challenge's header and seed; the log is entered when the game ends. Errors are ChallengeErrors."""
    if not user.is_authenticated:
        raise ChallengeError("Log in to play a challenge at the table.", "not_authenticated", 401)
    if not table_seats(challenge):
        raise ChallengeError(
            f"This challenge has {len(challenge.header.get('players') or [])} seats; the table seats one to "
            f"{_table_size()} phones. Download the header and upload the log instead.",
            "not_at_table",
            409,
        )
    names = [" ".join(str(name or "").split()) for name in names]
    seats = len(table_seats(challenge))
    if len(names) != seats or not all(names):
        raise ChallengeError(f"Give a name for each of the challenge's {seats} seat(s).", "invalid_names")
    if len({name.casefold() for name in names}) != len(names) or any(len(name) > 60 for name in names):
        raise ChallengeError("Give each seat a different name of at most 60 characters.", "invalid_names")
    from play import challenges as at_table
    from play.errors import TableError

    # The challenge's own checks (open, not closed, signed in), answered with its codes; starting
    # records when this player could first know the seed (it is revealed in the log at the end).
    start(user, challenge)
    try:
        return at_table.start_from_challenge(user, challenge, names=names)
    except TableError as exc:
        raise ChallengeError(exc.message, "not_at_table", 409) from None


def leaderboard(challenge: Challenge) -> list[ChallengeEntry]:
    """Accepted entries, each player's best, best first (challenges.ranking)."""
    entries = (
        ChallengeEntry.objects.filter(challenge=challenge, status=EntryStatus.ACCEPTED)
        .select_related("player")
        .prefetch_related(Prefetch("players", queryset=get_user_model().objects.only("id", "username")))
        .only("id", "player__username", "log_id", "outcome", "score", "rounds", "simulated", "verified_at")
    )
    return best_per_player(_each_players(entries))


def _each_players(entries):
    """Every entry as each of its players' (a table's entry once per account seated there; an upload once,
    its uploader's)."""
    for entry in entries:
        players = list(entry.players.all())
        if not players:
            yield entry
            continue
        for player in players:
            own = copy.copy(entry)
            own.player, own.player_id = player, player.pk
            yield own


def entries_of(user, challenge: Challenge):
    if not user.is_authenticated:
        return ChallengeEntry.objects.none()
    ids = ChallengeEntry.objects.filter(challenge=challenge).filter(Q(player=user) | Q(players=user))
    return ChallengeEntry.objects.filter(pk__in=ids.values("pk")).select_related("log")


def visible_challenges(*, game: str = "", difficulty: str = ""):
    challenges = Challenge.objects.all()
    if game:
        challenges = challenges.filter(game=game)
    if difficulty:
        challenges = challenges.filter(difficulty=difficulty)
    return challenges
