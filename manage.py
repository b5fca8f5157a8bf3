#!/usr/bin/env python
"""Django's command-line utility for Arbiter. The Django project lives in platform/."""

import os
import sys
from pathlib import Path


def main() -> None:
    # platform/ is a plain folder (``platform`` is a standard-library module): put it on the path.
    sys.path.insert(0, str(Path(__file__).resolve().parent / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter_site.settings.dev")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
