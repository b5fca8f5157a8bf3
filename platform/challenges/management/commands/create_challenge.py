"""Publish a challenge from a JSON file:

    {"game", "mode", "title", "description"?, "difficulty"?, "header": {log header}, "opens_at", "closes_at",
     "created_by"? (a username), "slug"?}

A new secret seed is drawn; the command prints the slug and the published commitment, never the seed."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.dateparse import parse_datetime

from challenges.services import ChallengeError, create_challenge


class Command(BaseCommand):
    help = "Publish a solo/co-op challenge described by a JSON file (a new secret seed is drawn)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            spec = json.loads(file.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"{file}: {exc}") from None
        missing = [k for k in ("game", "mode", "title", "header", "opens_at", "closes_at") if k not in spec]
        if missing:
            raise CommandError(f"{file}: missing {', '.join(missing)}")
        times = {key: parse_datetime(str(spec[key])) for key in ("opens_at", "closes_at")}
        for key, value in times.items():
            if value is None or value.tzinfo is None:
                raise CommandError(
                    f"{file}: {key} must be an ISO 8601 time with a zone, e.g. 2026-12-01T00:00Z"
                )
        creator = None
        if spec.get("created_by"):
            creator = get_user_model().objects.filter(username=spec["created_by"]).first()
            if creator is None:
                raise CommandError(f"{file}: no user named {spec['created_by']!r}")
        try:
            challenge = create_challenge(
                creator,
                game=spec["game"],
                mode=spec["mode"],
                title=spec["title"],
                description=spec.get("description", ""),
                difficulty=spec.get("difficulty", ""),
                header=spec["header"],
                slug=spec.get("slug", ""),
                **times,
            )
        except ChallengeError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(f"published {challenge.slug}; seed commitment {challenge.commitment}")
