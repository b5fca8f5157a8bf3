"""Load many games' stat rows at once (synthetic benchmark and demo data).

GameStat rows, and the rows of a plugin's tables that have rows under them (a game's sides),
go through ``bulk_create`` because their ids are needed for the rows below them; the millions of
rows with none under them go through PostgreSQL's COPY when the database is PostgreSQL, and
``bulk_create`` elsewhere.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from django.db import connection, transaction

from dashboards import models as m
from dashboards import providers
from dashboards.filters import rating_band
from dashboards.ingest import game_fields, insert_seats_of, result_game_fields, result_seats, seat_stats
from dashboards.onestatement import Table
from dashboards.verdictgroups import VERDICT_PARTS
from dashboards.verdictgroups import encode as verdictgroups_encode


def stat_rows(game: str, verdict: dict, fields: dict) -> tuple[dict, object | None, list[dict]]:
    """What ``dashboards.ingest`` stores for a legal verdict of ``game``: (GameStat columns, the rows
    its plugin keeps under the game (``statistics_rows``) or None, the generic result's seats)."""
    plugin = providers.plugin(game)
    if plugin.side_statistics:
        rows = plugin.statistics_rows(verdict["statistics"])
        return game_fields(rows, **fields), rows, result_seats(verdict)
    columns = {**result_game_fields(game, verdict), **fields}
    columns["rating_band"] = rating_band(fields.get("rating"))
    return columns, None, result_seats(verdict)


def insert_games(batch: Iterable[tuple]) -> int:
    """Insert games given as (game id, legal verdict, filter fields for ``ingest.game_fields``[, log]), each
    stored as ingest stores a verified log of its game; with a log (the document the engine verified to give the
    verdict), the log too, stored as the worker leaves a verified upload, its verdict where the summaries read
    it; a fifth item true publishes the log (``visibility.PublishedLog``, by the site). Returns the count."""
    batch = [(*item, None, False)[:5] for item in batch]
    stored = [stat_rows(game, verdict, fields) for game, verdict, fields, _, _ in batch]
    with transaction.atomic():
        logs = _insert_logs([(game, verdict, doc) for game, verdict, _, doc, _ in batch])
        published = [log for log, item in zip(logs, batch, strict=True) if log is not None and item[4]]
        if published:
            PublishedLog = _publication_model()
            PublishedLog.objects.bulk_create([PublishedLog(log=log) for log in published], batch_size=2000)
        stats = m.GameStat.objects.bulk_create(
            [m.GameStat(**columns, game_log=log) for (columns, _, _), log in zip(stored, logs, strict=True)],
            batch_size=2000,
        )
        insert_tables([(stat, rows.tables() if rows is not None else []) for stat, (_, rows, _) in zip(stats, stored, strict=True)])  # fmt: skip
        insert_seats_of([(stat, seats) for stat, (_, _, seats) in zip(stats, stored, strict=True)])
    return len(stored)


SYNTHETIC_FILENAME = "load_synthetic_meta"  # marks the logs the loader stored, which --replace deletes


def game_log_model():
    """The stored-log model (gamelogs.GameLog), reached through GameStat's foreign key."""
    return m.GameStat._meta.get_field("game_log").related_model


def _publication_model():
    """The platform's publication of a log (visibility.PublishedLog, by the site when its user is empty), reached
    through the log model: this layer does not import the platform's apps."""
    return game_log_model()._meta.get_field("publications").related_model


def _insert_logs(games: list[tuple[str, dict, dict | None]]) -> list:
    """GameLog rows of the games that have a log (None for the others), in order: verified and legal, with the
    engine's verdict, as the worker leaves them."""
    from django.utils import timezone

    # The log model as the statistics' foreign key names it: this layer does not import the platform's apps.
    GameLog = game_log_model()
    now = timezone.now()
    made = []
    for game, verdict, doc in games:
        if doc is None:
            continue
        content = json.dumps(doc, separators=(",", ":")).encode()
        result = verdict.get("result") or {}
        made.append(GameLog(
            sha256=hashlib.sha256(content).hexdigest(), game=game, size=len(content), content=content,
            filename=SYNTHETIC_FILENAME, source="demo", simulated=bool(doc.get("simulated", True)),
            players=[{"id": p["id"], "name": p["name"], "faction": p.get("faction")} for p in doc["players"]],
            state="legal", events_total=len(doc.get("events") or []),
            events_verified=len(doc.get("events") or []), verdict=verdict,
            engine_version=str(verdict.get("engine_version", ""))[:32],
            ruleset_version=str(verdict.get("ruleset_version", ""))[:32],
            result_winner=str(result.get("winner") or "")[:32], verified_at=now,
        ))  # fmt: skip
    saved = iter(GameLog.objects.bulk_create(made, batch_size=500))
    return [None if doc is None else next(saved) for _, _, doc in games]


def insert_tables(games: list[tuple[m.GameStat, list[Table]]]) -> None:
    """The plugin tables of many saved games (each list placed after its game's, as in
    ``onestatement.insert_tree``), a table position at a time across all games: one bulk INSERT (or
    COPY) per table, not per game."""
    # ids[g][n]: the ids of game g's rows of table n (0: the game itself).
    ids = [[[stat.pk]] for stat, _ in games]
    for position in range(1, 1 + max((len(tables) for _, tables in games), default=0)):
        groups: dict[tuple, list[tuple[int, int, dict]]] = {}
        for g, (_, tables) in enumerate(games):
            if len(tables) < position:
                continue
            table = tables[position - 1]
            has_children = any(t.parent == position for t in tables)
            key = (table.model, table.foreign_key, has_children)
            groups.setdefault(key, []).extend(
                (g, ids[g][table.parent][p], row) for row, p in zip(table.rows, table.parents, strict=True)
            )
            ids[g].append([])
        for (model, foreign_key, has_children), rows in groups.items():
            if has_children:
                saved = model.objects.bulk_create(
                    [model(**{foreign_key: parent}, **row) for _, parent, row in rows], batch_size=4000
                )
                for (g, _, _), obj in zip(rows, saved, strict=True):
                    ids[g][position].append(obj.pk)
            else:
                _insert_leaves(model, foreign_key, [(parent, row) for _, parent, row in rows])


def _insert_leaves(model, foreign_key: str, children: list[tuple[int, dict]]) -> None:
    if not children:
        return
    fk_column = model._meta.get_field(foreign_key).column
    fields = [f for f in model._meta.concrete_fields if not f.primary_key and f.column != fk_column]
    if connection.vendor == "postgresql":
        quote = connection.ops.quote_name
        names = ", ".join(quote(c) for c in [fk_column, *(f.column for f in fields)])
        connection.ensure_connection()
        with (
            connection.connection.cursor() as cursor,
            cursor.copy(f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN") as copy,
        ):
            for parent, row in children:
                copy.write_row(
                    [parent, *(row[f.attname] if f.attname in row else f.get_default() for f in fields)]
                )
    else:
        model.objects.bulk_create(
            [model(**{foreign_key: parent}, **row) for parent, row in children], batch_size=2000
        )


# --- Many logs of a few templates ---------------------------------------------------------------------------------

# Stand-ins for the names of a template's first two seats: what a game's verdict groups hold in their keys where
# they hold its players' names (``TemplatedLoad``).
_NAME_MARKS = ("\x00seat-name-0\x00", "\x00seat-name-1\x00")


class TemplatedLoad:
    """Many synthetic logs of the loader's few templates (``synthetic.log_templates``), stored at COPY speed.

    Each template is read once: its GameStat columns, seats and score components, its verdict as JSON with its
    players left out, and its verdict groups as the game's plugin extracts them (``providers.VerdictGroups``),
    computed with stand-ins for the two named seats' names, which a game's own names replace in the keys. Each
    game then stores a GameLog (the log's header players and its full verdict with its own names; not the log's
    bytes: ``content`` empty, ``size`` 0), its GameStat, seats and components, and a publication when it is
    public, with ids drawn from the sequences and COPY. Its groups are summed into the buckets by :meth:`fill`,
    which a full rebuild runs in place of reading every verdict again (``summaries.rebuild_all(fill=…)``): the
    same rows, which a test compares with the production rebuild's on the same games. Every ``CHECK``-th game's
    groups are also extracted from its own named verdict and compared, so a template whose names reach its groups
    otherwise than as a key stops the load.
    """

    CHECK = 997

    def __init__(self):
        self.templates: dict[tuple[str, int], dict] = {}
        # Per game: (GameStat id, game, template, bucket tail (played_on, event_ref, rating_band), names, public).
        self.games: list[tuple] = []
        self.count = 0

    def _template(self, game: str, index: int) -> dict:
        have = self.templates.get((game, index))
        if have is not None:
            return have
        if providers.plugin(game).side_statistics:
            raise ValueError(f"{game} keeps per-side rows: its logs load one at a time (insert_games)")
        from dashboards.modes import stored_mode
        from dashboards.synthetic import log_templates, named_log

        doc, verdict = log_templates(game)[index]
        marked_doc, marked = named_log(doc, verdict, _NAME_MARKS)
        columns, _, seats = stat_rows(game, verdict, {})
        plugin = providers.plugin(game)
        rest = json.dumps({k: v for k, v in verdict.items() if k != "players"}, separators=(",", ":"))
        result = verdict.get("result") or {}
        have = {
            "doc": doc,
            "verdict": verdict,
            "columns": columns,
            "mode": stored_mode(game, plugin.log_mode(doc), verdict),
            "seats": [
                (
                    seat.seat,
                    seat.team,
                    seat.outcome,
                    seat.rank,
                    seat.score,
                    [(c.component, c.value) for c in comps],
                )
                for seat, comps in seat_stats(seats)
            ],
            "rest": rest[1:] if rest != "{}" else "}",
            "marked_players": marked.get("players") or [],
            "marked_header": marked_doc.get("players") or [],
            "groups": [
                (source, source.extract({p: marked.get(p) for p in VERDICT_PARTS}))
                for source in providers.verdict_groups()
                if source.game == game
            ],
            "events": len(doc.get("events") or []),
            "log_simulated": bool(doc.get("simulated", True)),
            "engine_version": str(verdict.get("engine_version", ""))[:32],
            "ruleset_version": str(verdict.get("ruleset_version", ""))[:32],
            "winner": str(result.get("winner") or "")[:32],
        }
        # The groups as the fill adds them: those the same in every game of the template ("fixed": (name, encoded
        # key), sums), and those added game by game ("named": name, public-only, encoded key with the marks, sums).
        have["fixed"], have["named"] = [], []
        for source, groups in have["groups"]:
            for key, sums in groups.items():
                encoded = verdictgroups_encode(key)
                if source.public_only or any(mark in encoded for mark in _ENCODED_MARKS):
                    have["named"].append((source.name, source.public_only, encoded, tuple(sums)))
                else:
                    have["fixed"].append(((source.name, encoded), tuple(sums)))
        self.templates[(game, index)] = have
        return have

    def insert(self, games: list, *, seed: int, start: int) -> int:
        """Store ``games`` (``SyntheticGame``s made with ``build=False``, numbered from ``start`` in the load of
        ``seed``). Returns the count."""
        from django.utils import timezone

        from dashboards.synthetic import stored_fields, synthetic_reference

        GameLog = game_log_model()
        PublishedLog = _publication_model()

        now = timezone.now()
        log_ids = _draw_ids(GameLog, len(games))
        stat_ids = _draw_ids(m.GameStat, len(games))
        logs, stats, seat_rows, component_rows, published = [], [], [], [], []
        seat_count = sum(len(self._template(g.game, g.template)["seats"]) for g in games)
        seat_ids = iter(_draw_ids(m.SeatStat, seat_count))
        grouped = {s.game for s in providers.verdict_groups() if s.public_only}
        for n, (made, log_id, stat_id) in enumerate(zip(games, log_ids, stat_ids, strict=True)):
            t = self._template(made.game, made.template)
            names = dict(zip(_NAME_MARKS, made.names, strict=True))
            players = [{**p, "name": names.get(p.get("name"), p.get("name"))} for p in t["marked_players"]]
            header = [{**p, "name": names.get(p.get("name"), p.get("name"))} for p in t["marked_header"]]
            reference = synthetic_reference(seed, start + n, made.event_ref)["match"]
            logs.append({
                "id": log_id, "sha256": hashlib.sha256(f"{SYNTHETIC_FILENAME}:{reference}".encode()).hexdigest(),
                "game": made.game, "size": 0, "content": b"", "filename": SYNTHETIC_FILENAME, "source": "demo",
                "simulated": t["log_simulated"],
                "players": json.dumps([{"id": p["id"], "name": p["name"], "faction": p.get("faction")} for p in header]),
                "state": "legal", "events_total": t["events"], "events_verified": t["events"],
                "verdict": '{"players":' + json.dumps(players, separators=(",", ":")) + "," + t["rest"],
                "engine_version": t["engine_version"], "ruleset_version": t["ruleset_version"],
                "result_winner": t["winner"], "verified_at": now, "created_at": now,
            })  # fmt: skip
            fields = stored_fields(made)
            fields["mode"] = t["mode"]
            stats.append({
                **t["columns"], **fields, "rating_band": rating_band(made.rating), "id": stat_id,
                "game_log_id": log_id, "source": m.Source.LOG.value,
                "groups_public": made.public and made.game in grouped,
            })  # fmt: skip
            for seat, team, outcome, rank, score, comps in t["seats"]:
                seat_id = next(seat_ids)
                seat_rows.append({"id": seat_id, "game_stat_id": stat_id, "seat": seat, "team": team,
                                  "outcome": outcome, "rank": rank, "score": score})  # fmt: skip
                component_rows += [{"seat_id": seat_id, "component": c, "value": v} for c, v in comps]
            if made.public:
                published.append({"log_id": log_id, "user_id": None, "created_at": now})
            self.games.append((stat_id, made.game, made.template, (made.played_on, made.event_ref,
                               rating_band(made.rating)), made.names, made.public))  # fmt: skip
            if (self.count + n) % self.CHECK == 0:
                self._check(made)
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with (
                    connection.cursor() as cursor
                ):  # the logs' verdicts: compressed as the database can fastest
                    cursor.execute("SET LOCAL default_toast_compression = 'lz4'")
            _copy_dicts(GameLog, logs)
            _copy_dicts(m.GameStat, stats)
            _copy_dicts(m.SeatStat, seat_rows)
            _copy_dicts(m.ComponentStat, component_rows, with_id=False)
            _copy_dicts(PublishedLog, published, with_id=False)
        self.count += len(games)
        return len(games)

    def _check(self, made) -> None:
        from dashboards.synthetic import log_templates, named_log

        _, verdict = named_log(*log_templates(made.game)[made.template], made.names)
        t = self._template(made.game, made.template)
        for source, _ in t["groups"]:
            want = source.extract({p: verdict.get(p) for p in VERDICT_PARTS})
            got = self._named(t, source, made.names)
            if want != got:
                raise AssertionError(f"{made.game} template {made.template}: {source.name}'s groups of a game are "
                                     "not its template's with its names")  # fmt: skip

    @staticmethod
    def _named(t: dict, source, names: tuple) -> dict:
        marks = dict(zip(_NAME_MARKS, names, strict=True))
        out: dict[tuple, tuple] = {}
        for s, groups in t["groups"]:
            if s is not source:
                continue
            for key, sums in groups.items():
                key = tuple(marks.get(v, v) if isinstance(v, str) else v for v in key)
                have = out.get(key)
                out[key] = sums if have is None else tuple(a + b for a, b in zip(have, sums, strict=True))
        return out

    def fill(self) -> int:
        """``verdictgroups.fill()`` of a full rebuild, for a database whose games with verdict groups are this
        load's: the groups of every game summed per bucket from its template's, a day at a time, with every game's
        groups of a public-only grouping kept per game. Games of other games are filled as ever.

        A group whose key holds no name is the same in every game of a template: a day's games are counted per
        (bucket, template) and each such group added once per pair, times the count. A key that names a player
        and every group of a public-only grouping are added game by game, the game's names put in its key."""
        from dashboards import verdictgroups

        loaded = {game for _, game, *_ in self.games}
        others = {s.game for s in providers.verdict_groups()} - loaded
        read = verdictgroups.fill(sorted(others)) if others else 0
        if m.GameStat.objects.filter(game__in=loaded).count() != len(self.games):
            raise ValueError("the database holds games of the loaded games that this load did not store")
        m.VerdictGroupGame.objects.filter(game_stat__game__in=loaded)._raw_delete(
            m.VerdictGroupGame.objects.db
        )
        by_day: dict = {}
        for row in self.games:
            by_day.setdefault(row[3][0], []).append(row)
        for day in sorted(by_day):
            per_bucket: dict[tuple, dict] = {}
            pairs: dict[tuple, int] = {}
            each = []
            for stat_id, game, index, (played_on, event_ref, band), names, public in by_day[day]:
                t = self._template(game, index)
                bucket = (game, played_on, t["columns"]["content_pack"], event_ref, band, True, m.Source.LOG.value,
                          t["mode"])  # fmt: skip
                pairs[(bucket, game, index)] = pairs.get((bucket, game, index), 0) + 1
                if not t["named"]:
                    continue
                totals = per_bucket.setdefault(bucket, {})
                for name, public_only, encoded, sums in t["named"]:
                    for mark, value in zip(_ENCODED_MARKS, names, strict=False):
                        encoded = encoded.replace(mark, json.dumps(value, ensure_ascii=False)[1:-1])
                    if public_only:
                        each.append((stat_id, name, encoded, *sums))
                        if not public:
                            continue
                    _add_sums(totals, (name, encoded), sums, 1)
            for (bucket, game, index), count in pairs.items():
                totals = per_bucket.setdefault(bucket, {})
                for group, sums in self._template(game, index)["fixed"]:
                    _add_sums(totals, group, sums, count)
            verdictgroups._insert(
                {
                    (*bucket, *group): sums
                    for bucket, totals in per_bucket.items()
                    for group, sums in totals.items()
                },
                each,
            )
            read += len(by_day[day])
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"ANALYZE {connection.ops.quote_name(m.VerdictGroupGame._meta.db_table)}")
        return read

    def recall(self, generator, games: int) -> None:
        """The games an earlier load of ``generator``'s seed stored (``games`` of them, by :meth:`insert`, whose
        rebuild did not finish): drawn again, matched to their GameStat rows in the order they were stored."""
        ids = list(
            m.GameStat.objects.filter(game_log__filename=SYNTHETIC_FILENAME, game__in=generator.games)
            .order_by("id")
            .values_list("id", flat=True)
        )
        if len(ids) != games:
            raise ValueError(f"{len(ids)} synthetic games are stored, not {games}")
        for i, stat_id in enumerate(ids):
            made = generator.game(i, build=False)
            self.games.append((stat_id, made.game, made.template, (made.played_on, made.event_ref,
                               rating_band(made.rating)), made.names, made.public))  # fmt: skip
        self.count = games


_ENCODED_MARKS = tuple(json.dumps(mark)[1:-1] for mark in _NAME_MARKS)


def _add_sums(totals: dict, group: tuple, sums, times: int) -> None:
    have = totals.get(group)
    if have is None:
        totals[group] = [v * times for v in sums]
    else:
        for i, v in enumerate(sums):
            have[i] += v * times


def _draw_ids(model, count: int) -> list[int]:
    """``count`` ids from ``model``'s id sequence (PostgreSQL)."""
    if not count:
        return []
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)", [table, count]
        )
        return [row[0] for row in cursor.fetchall()]


def _copy_dicts(model, rows: list[dict], *, with_id: bool = True) -> None:
    """COPY ``rows`` (column values by attname; the others take their field's default) into ``model``'s table."""
    if not rows:
        return
    fields = [f for f in model._meta.concrete_fields if with_id or not f.primary_key]
    quote = connection.ops.quote_name
    defaults = {}
    for f in fields:
        if f.attname not in rows[0]:
            value = f.get_default()
            defaults[f.attname] = json.dumps(value) if isinstance(value, list | dict) else value
    names = ", ".join(quote(f.column) for f in fields)
    attnames = [f.attname for f in fields]
    connection.ensure_connection()
    with (
        connection.connection.cursor() as cursor,
        cursor.copy(f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row([row[a] if a in row else defaults[a] for a in attnames])
