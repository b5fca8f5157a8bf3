"""WSGI entry point. Run from the repository root with platform/ on the path, e.g.
``gunicorn --chdir platform arbiter_site.wsgi`` or via deploy/Dockerfile."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter_site.settings.production")

application = get_wsgi_application()
