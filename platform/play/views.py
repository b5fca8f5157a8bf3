"""The table recorder's pages and the JSON the table page talks to (thin: play.services does the work)."""

from __future__ import annotations

import io
import json

import segno
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

import engine
import games
from gamelogs.models import FINAL_STATES
from play import finish, live, matches, services, tables, watch_limit
from play.errors import TableError
from play.forms import JoinForm
from play.models import TableGame, TableSeat, TableStatus


def _table_for(request, code: str) -> TableGame:
    table = services.load(code.upper())
    if table is None or table.seat_of(request.user) is None:
        raise Http404(_("No such game at your table"))
    return table


def _seated(request, code: str) -> None:
    """404 unless this user has a seat at the table: one small read (the change itself reads the row)."""
    if not (
        request.user.is_authenticated
        and TableSeat.objects.filter(table__code=code.upper(), user=request.user).exists()
    ):
        raise Http404(_("No such game at your table"))


@login_required
def start(request):
    """Start a free game (pick forces) or join one by its code."""
    game = request.GET.get("game") or games.default_game()
    playable = dict(games.table_games())
    if game not in playable:
        raise Http404(_("No such game"))
    try:
        options = engine.session.table_options(game)
    except (LookupError, engine.UnreadableLog):
        raise Http404(_("No such game")) from None
    plugin = games.plugin(game)
    form_class = plugin.table_form()
    new_form = form_class(options, request.POST if request.POST.get("action") == "new" else None)
    if not new_form.is_bound and "my_name" in new_form.fields:
        new_form.fields["my_name"].initial = tables.account_name(request.user)  # "Your name": the account's
    join_form = JoinForm(request.POST if request.POST.get("action") == "join" else None)
    error = None
    if request.method == "POST":
        try:
            if new_form.is_bound and new_form.is_valid():
                table = tables.create_game(request.user, game=game, **new_form.table_choices(request.user))
                return redirect(table)
            if join_form.is_bound and join_form.is_valid():
                found = tables.find(join_form.cleaned_data["code"])
                if found is not None and len(tables.free_seats(found)) > 1:
                    return redirect("play:join", found.code)  # the free seats, one to choose
                return redirect(tables.join(join_form.cleaned_data["code"], request.user))
            if request.POST.get("action") == "match" and request.POST.get("match", "").isdigit():
                first = 2 if request.POST.get("first") == "2" else 1
                return redirect(
                    matches.start_from_match(
                        request.user, int(request.POST["match"]), first_player_seat=first
                    )
                )
        except TableError as exc:
            error = exc.message
    context = {
        "new_form": new_form,
        "join_form": join_form,
        "error": error,
        "game": game,
        "games": list(playable.items()),
        "table_note": plugin.table_note,
        "matches": matches.open_matches(request.user),
        "tables": tables.tables_of(request.user),
    }
    return render(request, "play/start.html", context)


@login_required
def join_link(request, code: str):
    """Where the code and the QR code lead: the free seats of the table, one to take. A table with one
    free seat seats this player at once; someone seated goes to the table."""
    table = tables.find(code)
    try:
        if table is None:
            raise TableError(_("There is no game with this code. Check the code shown on the other phone."))
        number = request.POST.get("seat", "") if request.method == "POST" else ""
        free = tables.free_seats(table)
        if number.isdigit() or table.seat_of(request.user) is not None or len(free) == 1:
            return redirect(tables.join(code, request.user, int(number) if number.isdigit() else None))
        if not free:
            raise TableError(_("Every seat of this game is taken."))
    except TableError as exc:
        return render(
            request,
            "play/start.html",
            {"new_form": None, "join_form": JoinForm(initial={"code": code}), "error": exc.message},
            status=404,
        )
    names = {p["id"]: p for p in table.header.get("players") or []}
    seats = [
        {
            "number": seat.number,
            "name": names.get(seat.player, {}).get("name", seat.player),
            "faction": names.get(seat.player, {}).get("faction", ""),
            "controls": [games.plugin(table.game).piece_name(c) for c in seat.controls or []],
            "team": seat.team,
            "account": tables.account_name(seat.user) if seat.user_id else "",
        }
        for seat in table.seat_list()
    ]
    return render(request, "play/join.html", {"table": table, "seats": seats})


def join_url(request, code: str) -> str:
    """The link other phones join ``code`` by. With ARBITER_PUBLIC_HOST set (``make run HOST=0.0.0.0``
    sets the machine's LAN address) the link names that host, so that a page opened on the serving
    machine itself (as localhost) still hands the other phones an address they can reach."""
    return _public_url(request, reverse("play:join", args=[code]))


def _public_url(request, path: str) -> str:
    """``path`` as a link another device can open (join_url)."""
    host = settings.ARBITER_PUBLIC_HOST
    if not host:
        return request.build_absolute_uri(path)
    port = settings.ARBITER_PUBLIC_PORT or request.get_port()
    default = "443" if request.is_secure() else "80"
    return f"{request.scheme}://{host}{'' if str(port) == default else ':' + str(port)}{path}"


@login_required
def table_page(request, code: str):
    table = _table_for(request, code)
    if table.status == TableStatus.PLAYING:
        table = finish.settle(table.code) or table  # its first steps, when the rules leave no choice in them
    watch_url = _public_url(request, reverse("play:watch", args=[table.watch_token]))
    return render(
        request,
        "play/table.html",
        {"table": table, "join_url": join_url(request, table.code), "watch_url": watch_url},
    )


def _watched(token: str) -> TableGame:
    """The table whose spectator link has the secret ``token`` (404 for any other)."""
    code = TableGame.objects.filter(watch_token=token).values_list("code", flat=True).first()
    table = services.load(code) if code else None
    if table is None:
        raise Http404(_("No such game"))
    return table


def watch(request, token: str):
    """The spectators' read-only page of a table, for anyone with its link (no login): the turn line, the
    board, the events, the players and the result as the table page shows them, without choices, dice
    entry, undo, abandon or confirmation, and without anything a seat keeps hidden (services.watch_payload).
    ``?projector=1``: larger words for a shared screen."""
    refused = watch_limit.refused(request, as_json=False)
    if refused is not None:
        return refused
    table = _watched(token)
    return render(
        request,
        "play/table.html",
        {"table": table, "watching": True, "projector": request.GET.get("projector") == "1"},
    )


def _unchanged(request, rows) -> JsonResponse | None:
    """The short answer when the page already shows the table's version (``?since=<version>``): one
    indexed read of ``rows`` (the table's), before the session is looked at. The finished game's log: its
    verdict changes no version, so the page says which state of the log it shows (``log``); one it does
    not know yet is answered in full (without ``log``, a log still being verified is)."""
    since = request.GET.get("since")
    if since is None or not since.isdigit():
        return None
    row = rows.values_list("version", "game_log__state").first()
    seen = request.GET.get("log")
    if (
        row is not None
        and row[0] == int(since)
        and (row[1] is None or row[1] == seen or (seen is None and row[1] in FINAL_STATES))
    ):
        return JsonResponse({"version": row[0], "changed": False})
    return None


@never_cache
@require_GET
def watch_state(request, token: str):
    """The table's state for its spectators (services.watch_payload); cheap when nothing changed since
    ``?since=<version>``, as ``state``."""
    unchanged = _unchanged(request, TableGame.objects.filter(watch_token=token))
    if unchanged is not None:
        return unchanged
    refused = watch_limit.refused(request, as_json=True)
    if refused is not None:
        return refused
    table = _watched(token)
    return JsonResponse(services.watch_payload(table, with_board=request.GET.get("board") == "1"))


@never_cache
@require_GET
def state(request, code: str):
    """The table's state for this player; cheap when nothing changed since ``?since=<version>``.

    The unchanged answer (most polls) is one indexed read, before the session is looked at: it tells
    the page only the number it already knows. Anything else needs a seat at this table."""
    unchanged = _unchanged(request, TableGame.objects.filter(code=code.upper()))
    if unchanged is not None:
        return unchanged
    if not request.user.is_authenticated:
        return JsonResponse(
            {"error": {"code": "login", "message": _("Log in to see this game.")}}, status=401
        )
    table = _table_for(request, code)
    return JsonResponse(
        services.state_payload(table, request.user, with_board=request.GET.get("board") == "1")
    )


def _body(request) -> dict | None:
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _unreadable() -> JsonResponse:
    return JsonResponse(
        {"error": {"code": "not_json", "message": _("The page sent something unreadable.")}}, status=400
    )


def _act(request, code: str, action):
    body = _body(request)
    if body is None:
        return _unreadable()
    try:
        table = action(body)  # a stranger's change is refused (no seat), then answered 404 below
    except TableError as exc:
        table = _table_for(request, code)
        payload = services.state_payload(table, request.user)
        return JsonResponse({"error": exc.to_dict(), "state": payload}, status=exc.status)
    return JsonResponse({"state": services.state_payload(table, request.user)})


def _version(body: dict) -> int | None:
    """The version the page saw (None when it says how many events it saw instead)."""
    version = body.get("version")
    if not isinstance(version, int) and _events_seen(body) is None:
        raise TableError(_("The page did not say which state it saw; reload it."))
    return version if isinstance(version, int) else None


def _events_seen(body: dict) -> int | None:
    seen = body.get("events")
    return seen if isinstance(seen, int) and not isinstance(seen, bool) else None


@require_POST
@login_required
def post_event(request, code: str):
    return _act(
        request,
        code,
        lambda body: finish.post_event(
            code.upper(),
            request.user,
            body.get("event"),
            _version(body),
            cid=str(body.get("cid") or "")[:40],
            expected_events=_events_seen(body),
        ),
    )


@require_POST
@login_required
def dice(request, code: str):
    """Recorded dice: what the table must roll (and draw) for an event, asked before it is entered."""
    body = _body(request)
    if body is None:
        return _unreadable()
    _seated(request, code)
    try:
        return JsonResponse(services.dice_needed(code.upper(), request.user, body.get("event")))
    except TableError as exc:
        return JsonResponse({"error": exc.to_dict()}, status=exc.status)


@require_POST
@login_required
def undo(request, code: str):
    return _act(
        request,
        code,
        lambda body: services.undo(
            code.upper(), request.user, _version(body), expected_events=_events_seen(body)
        ),
    )


@require_POST
@login_required
def abandon(request, code: str):
    return _act(request, code, lambda body: services.abandon(code.upper(), request.user))


@require_POST
@login_required
def confirm_result(request, code: str):
    return _act(request, code, lambda body: services.confirm_result(code.upper(), request.user))


@require_GET
@login_required
def log_file(request, code: str):
    """The game so far as a log file (the seed only once the game is over)."""
    table = _table_for(request, code)
    response = HttpResponse(
        json.dumps(services.log_document(table, request.user), indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="table-{table.code}-{len(table.entries)}-events.json"'
    )
    return response


@require_GET
@login_required
def qr_code(request, code: str):
    table = _table_for(request, code)
    out = io.BytesIO()
    # A standalone SVG document (with its namespace): an <img> draws nothing without it.
    segno.make(join_url(request, table.code), error="m").save(out, kind="svg", scale=6, xmldecl=False)
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")


@never_cache
async def stream(request, code: str):
    """The live stream of a table's versions with their states (server-sent events; play.live): an async
    view, served by the deployment's ASGI process, and answered 204 where there is none (the page then
    polls)."""
    return await live.stream(request, code, services.table_state)


@never_cache
async def watch_stream(request, token: str):
    """The live stream of the table whose spectator link is ``token``: each version's state for no seat
    (play.live.watch_stream, services.watch_state)."""
    return await live.watch_stream(request, token, services.watch_state)
