"""Adding many players at once: a CSV of players and their lists, or names pasted one per line.

Two steps, so that nothing is written before the organizer has seen it: :func:`plan_import`
reads the rows and says, row by row, what would happen and what is wrong (no writes), and
:func:`import_players` does it for the rows without errors. Both take the same rows, so the
page, the API and ``manage.py import_players`` preview and commit alike.

A row is matched to what the event already holds (the same account, or the same name for a
player without one), so importing the same file twice adds nobody twice: the second time its
rows read "already entered".

CSV columns, named on the first line in any order and case: ``name`` (required unless the row
names an account), ``club``, ``email`` or ``username`` (an existing account; without one the
player is a guest), ``faction`` and ``list`` (the list in the game's text format, one character
per line inside the cell, or lines separated by ``;``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.services import profile_for
from participants.models import ForceList, Registration, RegistrationStatus
from participants.services.force_lists import check_list_text, store_list
from participants.services.guests import (
    CLUB_LENGTH,
    NAME_LENGTH,
    create_guest,
    entered_under,
    require_open_for_intake,
)
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit, lock_event

MAX_BYTES = 1024 * 1024
MAX_ROWS = 2000

# Accepted spellings of each column's heading (lower case, underscores as spaces).
COLUMNS = {
    "name": ("name", "player", "player name", "display name"),
    "club": ("club", "team", "store"),
    "email": ("email", "e-mail", "mail"),
    "username": ("username", "account", "user"),
    "faction": ("faction",),
    "list": ("list", "list text", "force list", "army list"),
}
_HEADING = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}


class Action:
    ADD = "add"  # a player with an account
    ADD_GUEST = "add-guest"
    UPDATE_LIST = "update-list"  # already entered; the row brings a new list
    UNCHANGED = "unchanged"  # already entered with the same list (a re-import)
    ERROR = "error"


ACTION_LABELS = {
    Action.ADD: "add (account)",
    Action.ADD_GUEST: "add as a guest",
    Action.UPDATE_LIST: "already entered: replace the list",
    Action.UNCHANGED: "already entered",
    Action.ERROR: "not imported",
}


@dataclass
class ImportRow:
    """One line of the file: what it says, what it matched, and what importing it will do."""

    line: int
    name: str = ""
    club: str = ""
    email: str = ""
    username: str = ""
    faction: str = ""
    list_text: str = ""
    user: object = None
    existing: Registration | None = None
    action: str = ""
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    list_valid: bool | None = None
    waitlisted: bool = False
    list_to_store: str = ""  # the list text importing will store ("" for none)

    def reset(self) -> None:
        """Forget a previous plan, so that the rows can be planned again (at commit)."""
        self.user, self.existing, self.action = None, None, ""
        self.errors, self.notes = [], []
        self.list_valid, self.waitlisted, self.list_to_store = None, False, ""

    @property
    def action_label(self) -> str:
        return ACTION_LABELS.get(self.action, self.action)

    @property
    def has_list(self) -> bool:
        return bool(self.list_to_store)

    def to_dict(self) -> dict:
        return {
            "line": self.line,
            "name": self.name,
            "club": self.club,
            "account": self.user.get_username() if self.user is not None else None,
            "action": self.action,
            "errors": list(self.errors),
            "notes": list(self.notes),
            "list_valid": self.list_valid,
            "waitlisted": self.waitlisted,
        }


@dataclass
class ImportPlan:
    rows: list[ImportRow]
    notes: list[str] = field(default_factory=list)

    def count(self, *actions: str) -> int:
        return sum(1 for row in self.rows if row.action in actions)

    @property
    def errors(self) -> int:
        return self.count(Action.ERROR)

    @property
    def to_add(self) -> int:
        return self.count(Action.ADD, Action.ADD_GUEST)

    @property
    def lists(self) -> int:
        return sum(1 for row in self.rows if row.action != Action.ERROR and row.has_list)

    @property
    def has_changes(self) -> bool:
        return any(row.action in (Action.ADD, Action.ADD_GUEST, Action.UPDATE_LIST) for row in self.rows)

    def summary(self) -> str:
        parts = [f"{self.to_add} to add", f"{self.count(Action.UPDATE_LIST)} list(s) to replace"]
        parts.append(f"{self.count(Action.UNCHANGED)} already entered")
        if self.errors:
            parts.append(f"{self.errors} row(s) with errors, left out")
        return ", ".join(parts)

    def to_dict(self) -> dict:
        return {
            "rows": [row.to_dict() for row in self.rows],
            "notes": list(self.notes),
            "to_add": self.to_add,
            "lists_to_replace": self.count(Action.UPDATE_LIST),
            "already_entered": self.count(Action.UNCHANGED),
            "errors": self.errors,
            "summary": self.summary(),
        }


# -- reading -------------------------------------------------------------------------------


def decode(data: bytes | str) -> str:
    """The upload as text (UTF-8, a spreadsheet's byte-order mark dropped). Raises EventError."""
    if isinstance(data, str):
        text = data
    else:
        if len(data) > MAX_BYTES:
            raise EventError(
                _("The file is larger than %(size)s KiB: split it.") % {"size": MAX_BYTES // 1024}
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise EventError(
                _("The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8.")
            ) from None
    if len(text) > MAX_BYTES:
        raise EventError(_("The text is longer than %(size)s KiB: split it.") % {"size": MAX_BYTES // 1024})
    return text.lstrip("\ufeff")


def parse_csv(data: bytes | str) -> tuple[list[ImportRow], list[str]]:
    """The rows of a players CSV, and notes about the file (columns ignored). Raises EventError
    when it is not a CSV this can read (no heading line naming a ``name`` or account column)."""
    text = decode(data)
    if not text.strip():
        raise EventError(_("The file is empty."))
    first = text.splitlines()[0]
    try:
        dialect = csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        headings = next(reader)
    except (csv.Error, StopIteration):
        raise EventError(_("The file is not a CSV this can read.")) from None
    keys = [_HEADING.get(" ".join(h.strip().lower().replace("_", " ").split())) for h in headings]
    notes = []
    ignored = [h.strip() for h, k in zip(headings, keys, strict=True) if k is None and h.strip()]
    if ignored:
        notes.append("Columns left out (not known): " + ", ".join(ignored) + ".")
    if not {"name", "username", "email"} & set(keys):
        raise EventError(
            "The first line must name the columns: it needs 'name' (and may have club, email, "
            "username, faction, list)."
        )
    rows = []
    try:
        for values in reader:
            if not any(v.strip() for v in values):
                continue
            if len(rows) >= MAX_ROWS:
                raise EventError(_("The file has more than %(rows)s rows: split it.") % {"rows": MAX_ROWS})
            cells = {k: v.strip() for k, v in zip(keys, values, strict=False) if k is not None}
            rows.append(
                ImportRow(
                    line=reader.line_num,
                    name=" ".join(cells.get("name", "").split()),
                    club=" ".join(cells.get("club", "").split()),
                    email=cells.get("email", ""),
                    username=cells.get("username", ""),
                    faction=cells.get("faction", ""),
                    list_text=_list_lines(cells.get("list", "")),
                )
            )
    except csv.Error as exc:
        raise EventError(
            _("Line %(line)s of the file cannot be read: %(problem)s.")
            % {"line": reader.line_num, "problem": exc}
        ) from None
    return rows, notes


def rows_from_names(text: str) -> list[ImportRow]:
    """Rows from pasted text: one player per line, "Name" or "Name, Club"."""
    rows = []
    for number, raw in enumerate(decode(text).splitlines(), start=1):
        if not raw.strip():
            continue
        name, _comma, club = raw.partition(",")
        rows.append(ImportRow(line=number, name=" ".join(name.split()), club=" ".join(club.split())))
    if len(rows) > MAX_ROWS:
        raise EventError(_("More than %(rows)s names: add them in parts.") % {"rows": MAX_ROWS})
    return rows


def _list_lines(cell: str) -> str:
    # A spreadsheet cell keeps line breaks only when quoted; ";" is the one-line way to write one.
    if "\n" not in cell and ";" in cell:
        cell = "\n".join(part.strip() for part in cell.split(";"))
    return cell.strip()


def _list_text(row: ImportRow) -> str:
    """The row's list as the game's text format, its faction column as the Faction line."""
    text = row.list_text
    if row.faction and not any(line.strip().lower().startswith("faction:") for line in text.splitlines()):
        text = f"Faction: {row.faction}\n{text}"
    return text


# -- planning --------------------------------------------------------------------------------


def plan_import(event: Event, rows: list[ImportRow]) -> ImportPlan:
    """What importing ``rows`` into ``event`` would do, row by row; writes nothing.

    Raises EventError when the event takes no players now (registration closed).
    """
    require_open_for_intake(event)
    users = get_user_model().objects
    seen: dict[tuple, int] = {}
    places = event.registrations.exclude(status=RegistrationStatus.WAITLISTED).exclude(is_ringer=True).count()
    lists = {
        fl.registration_id: fl.text for fl in ForceList.objects.filter(registration__event=event).only("text")
    }
    for row in rows:
        row.reset()
        _match_account(row, users)
        if row.user is not None and not row.name:
            row.name = profile_for(row.user).name
        if not row.name and not row.errors:
            row.errors.append("no name")
        if len(row.name) > NAME_LENGTH:
            row.errors.append(f"the name is longer than {NAME_LENGTH} characters")
        if len(row.club) > CLUB_LENGTH:
            row.errors.append(f"the club is longer than {CLUB_LENGTH} characters")
        key = ("user", row.user.pk) if row.user is not None else ("name", row.name.casefold())
        if row.name and key in seen:
            row.errors.append(f"repeats line {seen[key]}")
        seen.setdefault(key, row.line)
        if not row.errors:
            _match_entry(event, row)
        if not row.errors:
            _plan_list(event, row, lists)
        if row.errors:
            row.action = Action.ERROR
            continue
        if row.action in (Action.ADD, Action.ADD_GUEST):
            if event.registration_cap is not None and places >= event.registration_cap:
                row.waitlisted = True
                row.notes.append("the event is full: on the waiting list")
            else:
                places += 1
    return ImportPlan(rows)


def _match_account(row: ImportRow, users) -> None:
    by_name = by_email = None
    if row.username:
        by_name = users.filter(username__iexact=row.username).first()
        if by_name is None:
            row.errors.append(f"no account is named {row.username}")
    if row.email:
        found = list(users.filter(email__iexact=row.email)[:2])
        if len(found) > 1:
            row.errors.append(f"more than one account has the email {row.email}: give the username")
        elif found:
            by_email = found[0]
        elif by_name is None and not row.username:
            row.notes.append("no account has this email: entered as a guest")
    if by_name is not None and by_email is not None and by_name.pk != by_email.pk:
        row.errors.append(f"the username {row.username} and the email {row.email} are two different accounts")
    row.user = by_name or by_email


def _match_entry(event: Event, row: ImportRow) -> None:
    if row.user is not None:
        row.existing = event.registrations.filter(player=row.user).first()
        if row.existing is None:
            namesake = entered_under(event, row.name)
            if namesake is not None and namesake.player_id is None:
                row.errors.append(
                    f"{namesake.display_name} is entered as a guest: they claim that entry with its code"
                )
                return
            if namesake is not None:
                row.errors.append(f"another account is entered as {namesake.display_name}")
                return
        row.action = Action.ADD if row.existing is None else Action.UNCHANGED
    else:
        row.existing = entered_under(event, row.name)
        row.action = Action.ADD_GUEST if row.existing is None else Action.UNCHANGED


def _plan_list(event: Event, row: ImportRow, lists: dict[int, str]) -> None:
    if row.faction and not row.list_text:
        row.notes.append("a faction without a list: enter the list to import it")
        return
    if not row.list_text:
        return
    text = _list_text(row)
    if row.existing is not None and lists.get(row.existing.pk, "").strip() == text.strip():
        return  # the same list as before: nothing to do
    if event.lists_locked:
        row.notes.append("lists are locked: the list is left out")
        return
    row.list_to_store = text
    validation = check_list_text(event, text)
    row.list_valid = bool(validation["valid"])
    if not row.list_valid:
        problems = "; ".join(e["message"] for e in validation.get("errors", [])[:3])
        row.notes.append(f"the list is not valid ({problems}); it is kept so that it can be fixed")
    if row.action == Action.UNCHANGED:
        row.action = Action.UPDATE_LIST


# -- importing ------------------------------------------------------------------------------


@transaction.atomic
def import_players(actor, event: Event, rows: list[ImportRow]) -> ImportPlan:
    """Enter every row without errors (guests get claim codes) and store their lists.

    Plans again under the event's lock, so what is written is what the rows say now (a
    player who registered since the preview is "already entered", not added twice).
    """
    require_manager(actor, event)
    event = lock_event(event)
    plan = plan_import(event, rows)
    added = lists = 0
    for row in plan.rows:
        if row.action == Action.ERROR:
            continue
        status = RegistrationStatus.WAITLISTED if row.waitlisted else RegistrationStatus.REGISTERED
        if row.action == Action.ADD:
            row.existing = Registration.objects.create(
                event=event,
                player=row.user,
                display_name=row.name,
                club=row.club or profile_for(row.user).club,
                status=status,
            )
            added += 1
        elif row.action == Action.ADD_GUEST:
            row.existing = create_guest(event, row.name, row.club, status=status)
            added += 1
        if row.list_to_store and row.existing is not None:
            store_list(event, row.existing, text=row.list_to_store)
            lists += 1
    if added or lists:
        audit(
            event,
            "imported",
            said(
                gettext_noop(
                    "%(added)s player(s) added and %(lists)s list(s) stored from an import of %(rows)s row(s)"
                ),
                added=added,
                lists=lists,
                rows=len(plan.rows),
            ),
            actor=actor,
            errors=plan.errors,
        )
    return plan
