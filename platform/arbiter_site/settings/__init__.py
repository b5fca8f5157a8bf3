"""Settings profiles: ``dev`` (default, SQLite + filesystem broker), ``test`` (PostgreSQL + Redis),
``production`` (everything from the environment, passes ``manage.py check --deploy``).

Pick one with DJANGO_SETTINGS_MODULE=arbiter_site.settings.<profile>.
"""
