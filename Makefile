# Arbiter — the two commands a newcomer needs are `make run` and `make test` (see README.md).
#
# Everything runs in a virtual environment (.venv) made from $(PYTHON). It can see packages
# already installed for that Python (--system-site-packages), so a machine that has them does
# not download them again; pip installs whatever is missing at the versions pinned in pyproject.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# HOST=0.0.0.0 serves the machine's network: the table's join link and QR code then name the machine's
# first address (`hostname -I`), or ARBITER_PUBLIC_HOST when set, and that host is allowed.
ifeq ($(HOST),0.0.0.0)
ARBITER_PUBLIC_HOST ?= $(firstword $(shell hostname -I 2>/dev/null))
endif
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/arbiter
TEST_BROKER_URL ?= redis://127.0.0.1:6379/15
PYTEST_ARGS ?=
# Test processes (pytest-xdist): the suite runs in parallel; PYTEST_WORKERS=0 runs it in one process.
PYTEST_WORKERS ?= 2
# The site, workers and their tests (the engine, dashboards and tournaments lint their own).
PLATFORM_SOURCES := manage.py workers arbiter_cli/__init__.py arbiter_cli/main.py arbiter_cli/upload.py \
	platform/arbiter_site platform/accounts platform/gamelogs platform/visibility platform/webhooks \
	tests/conftest.py tests/support tests/platform tests/deploy \
	tests/workers tests/e2e tests/browser/test_upload_in_chromium.py tests/browser/test_csp_in_chromium.py \
	benchmarks/workers.py benchmarks/faults.py tests/api_check audit

.PHONY: run test install messages services-check worker lint format clean-test-dbs bench api-check audit

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv --system-site-packages $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,deploy]'
	touch $@

# The translations (locale/<language>/LC_MESSAGES/django.po) compiled to .mo files, which are
# not committed: GNU gettext's msgfmt does it (Debian package gettext), through Django's command.
# djangojs.po holds the pages' JavaScript strings (served by /i18n/js/).
MESSAGES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po locale/*/LC_MESSAGES/djangojs.po))
locale/%.mo: locale/%.po
	@command -v msgfmt >/dev/null || { echo "msgfmt is missing: install GNU gettext (apt-get install gettext)" >&2; exit 1; }
	msgfmt --check -o $@ $<

# The refusal catalogs (platform/refusals/locale/<language>/LC_MESSAGES/refusals.po, a gettext domain of their
# own: `manage.py refusal_messages` writes them from the engine's templates), compiled the same way.
REFUSAL_MESSAGES := $(patsubst %.po,%.mo,$(wildcard platform/refusals/locale/*/LC_MESSAGES/refusals.po))
platform/refusals/locale/%/LC_MESSAGES/refusals.mo: platform/refusals/locale/%/LC_MESSAGES/refusals.po
	@command -v msgfmt >/dev/null || { echo "msgfmt is missing: install GNU gettext (apt-get install gettext)" >&2; exit 1; }
	msgfmt --check -o $@ $<

# The rules catalogs (platform/rulebook/catalogs/<language>/LC_MESSAGES/rules.po: every rule's title and
# explanation, written from the engine's rules index by `manage.py rule_messages`), compiled the same way.
RULE_MESSAGES := $(patsubst %.po,%.mo,$(wildcard platform/rulebook/catalogs/*/LC_MESSAGES/rules.po))
platform/rulebook/catalogs/%/LC_MESSAGES/rules.mo: platform/rulebook/catalogs/%/LC_MESSAGES/rules.po
	@command -v msgfmt >/dev/null || { echo "msgfmt is missing: install GNU gettext (apt-get install gettext)" >&2; exit 1; }
	msgfmt --check -o $@ $<

# The narration catalogs (platform/narration/locale/<language>/LC_MESSAGES/narration.po: the replay viewer's and the
# recorder's sentences, written from the engine's narrate.py modules by `manage.py narration_messages`), the same way.
NARRATION_MESSAGES := $(patsubst %.po,%.mo,$(wildcard platform/narration/locale/*/LC_MESSAGES/narration.po))
platform/narration/locale/%/LC_MESSAGES/narration.mo: platform/narration/locale/%/LC_MESSAGES/narration.po
	@command -v msgfmt >/dev/null || { echo "msgfmt is missing: install GNU gettext (apt-get install gettext)" >&2; exit 1; }
	msgfmt --check -o $@ $<

messages: $(VENV)/.installed $(MESSAGES) $(REFUSAL_MESSAGES) $(RULE_MESSAGES) $(NARRATION_MESSAGES)

install: $(VENV)/.installed messages

# The demo: SQLite under var/, a real Celery worker (with the periodic sweeper) on kombu's
# filesystem transport beside the site, simulated demo logs, the site on http://$(HOST):$(PORT)/.
run: install
	@if [ -n "$(ARBITER_PUBLIC_HOST)" ]; then echo "phones at the table join on http://$(ARBITER_PUBLIC_HOST):$(PORT)/"; fi
	DJANGO_SETTINGS_MODULE=arbiter_site.settings.dev $(PY) manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=arbiter_site.settings.dev $(PY) manage.py load_demo
	@mkdir -p var; \
	DJANGO_SETTINGS_MODULE=arbiter_site.settings.dev $(PY) -m celery -A workers worker --beat --pool solo \
	    --loglevel INFO --logfile var/worker.log --schedule var/celerybeat-schedule & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	echo "worker started (pid $$worker, log var/worker.log); log in as demo / arbiter-demo or organizer / arbiter-organizer"; \
	DJANGO_SETTINGS_MODULE=arbiter_site.settings.dev ARBITER_PUBLIC_HOST=$(ARBITER_PUBLIC_HOST) ARBITER_PUBLIC_PORT=$(PORT) \
	    $(PY) manage.py runserver $(HOST):$(PORT)

# The whole suite against PostgreSQL and Redis (both must be running; .ci/run starts them).
test: install
	DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) $(PY) -m tests.support.services
	DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) $(PY) -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

# A worker for the dev database, on its own (e.g. a second one beside `make run`).
worker: install
	DJANGO_SETTINGS_MODULE=arbiter_site.settings.dev $(PY) -m celery -A workers worker --pool solo --loglevel INFO

lint: install
	$(PY) -m ruff check $(PLATFORM_SOURCES)
	$(PY) -m ruff format --check $(PLATFORM_SOURCES)

# Drop test databases left behind by interrupted runs (names test_arbiter_<pid>…).
clean-test-dbs: install
	DATABASE_URL=$(TEST_DATABASE_URL) $(PY) -m tests.support.services --drop-stale

bench: install
	DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) $(PY) benchmarks/workers.py $(BENCH_ARGS)

# Every API operation against its OpenAPI schema (schemathesis: no server error, every status code
# documented, every body as documented), API_CHECK_EXAMPLES examples an operation, throttles relaxed.
# The suite runs the same test with 2 examples an operation; this is the full run, bounded in time.
API_CHECK_EXAMPLES ?= 25
API_CHECK_TIMEOUT ?= 1800
api-check: install
	DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) API_CHECK_EXAMPLES=$(API_CHECK_EXAMPLES) \
	    timeout $(API_CHECK_TIMEOUT) $(PY) -m pytest -n $(PYTEST_WORKERS) -q tests/api_check $(PYTEST_ARGS)

# Known vulnerabilities in the pinned dependencies (pip-audit, strict) and bandit over the code;
# audit/README.md says what was judged. Fails when the vulnerability service cannot be reached.
audit: install
	$(PY) audit/run.py
