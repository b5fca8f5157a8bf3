"""WSGI entry point. Run from the repository root with platform/ on the path, e.g.
``gunicorn --chdir platform arbiter_site.wsgi`` or via deploy/Dockerfile."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter_site.settings.production")

application = get_wsgi_application()

# The meta pages' data sets and Plotly's figure classes imported now, not by their first visitor.
from dashboards.datasets import datasets_for, meta_games  # noqa: E402  (after Django is set up)
from dashboards.figures import warm_up  # noqa: E402

for _game in meta_games():
    datasets_for(_game)
warm_up()
