"""ASGI entry point (same app as wsgi.py, for ASGI servers)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter_site.settings.production")

application = get_asgi_application()
