"""``python -m tests.support.services`` — before the suite runs: is PostgreSQL answering, does the
test role exist and may it create databases, is Redis answering? Creates the role if it is
missing (connecting as the ``postgres`` superuser) and says plainly what to do otherwise.

``--drop-stale`` drops test databases left by interrupted runs (test_arbiter_<pid>… whose process
is gone and that nobody is connected to).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

import dj_database_url
import psycopg
from psycopg import sql

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/arbiter"
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/15"


def admin_connection(config: dict, user: str):
    return psycopg.connect(
        host=config["HOST"] or "127.0.0.1",
        port=config["PORT"] or 5432,
        user=user,
        password=config["PASSWORD"] if user == config["USER"] else None,
        dbname="postgres",
        autocommit=True,
        connect_timeout=5,
    )


def ensure_role(config: dict) -> str:
    user = config["USER"] or "postgres"
    try:
        with admin_connection(config, user) as conn:
            can_create = conn.execute(
                "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user"
            ).fetchone()[0]
        if not can_create:
            return f"role {user} cannot create databases: ALTER ROLE {user} CREATEDB"
        return ""
    except psycopg.OperationalError as exc:
        if f'role "{user}" does not exist' not in str(exc):
            return f"PostgreSQL is not answering at {config['HOST']}:{config['PORT']}: {exc}".strip()
    with admin_connection(config, "postgres") as conn:
        statement = sql.SQL("CREATE ROLE {} LOGIN CREATEDB").format(sql.Identifier(user))
        if config["PASSWORD"]:
            statement = sql.SQL("CREATE ROLE {} LOGIN CREATEDB PASSWORD {}").format(
                sql.Identifier(user), sql.Literal(config["PASSWORD"])
            )
        conn.execute(statement)
    print(f"created PostgreSQL role {user} (CREATEDB)")
    return ""


def check_redis(url: str) -> str:
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        return f"Redis is not answering at {url}: {exc}"
    return ""


def drop_stale_test_databases(config: dict) -> None:
    with admin_connection(config, config["USER"] or "postgres") as conn:
        names = [
            row[0]
            for row in conn.execute("SELECT datname FROM pg_database WHERE datname LIKE 'test_arbiter_%'")
        ]
        for name in names:
            match = re.fullmatch(r"test_arbiter_(\d+)(_gw\d+)?", name)
            if not match or _alive(int(match.group(1))):
                continue
            busy = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (name,)
            ).fetchone()[0]
            if busy:
                continue
            conn.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(name)))
            print(f"dropped {name}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drop-stale", action="store_true")
    args = parser.parse_args()
    config = dj_database_url.parse(os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    if args.drop_stale:
        drop_stale_test_databases(config)
        return 0
    problems = [
        p
        for p in (ensure_role(config), check_redis(os.environ.get("CELERY_BROKER_URL", DEFAULT_BROKER_URL)))
        if p
    ]
    for problem in problems:
        print(f"tests need: {problem}", file=sys.stderr)
    if problems:
        print(
            "start them with: bash .ci/run (it starts PostgreSQL and Redis if they are down)", file=sys.stderr
        )
        return 1
    print("PostgreSQL and Redis are answering")
    return 0


if __name__ == "__main__":
    sys.exit(main())
