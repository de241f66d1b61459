# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run dev test test-sqlite test-postgres setup bench clean

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

setup: $(VENV)/.installed

## Set up (virtualenv, database, rule-set presets, static files) and serve the app with gunicorn
## (DEBUG off) on SQLite, or on PostgreSQL when DATABASE_URL is set.
run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py resettle --upgrade -v 0
	$(PY) manage.py collectstatic --noinput -v 0
	CLUB_HOST=$(HOST) $(PY) manage.py clubstart --host $(HOST) --port $(PORT)

## The same with Django's development server and DEBUG on (tracebacks in the browser).
dev: setup
	DJANGO_DEBUG=1 $(PY) manage.py migrate --noinput
	DJANGO_DEBUG=1 CLUB_HOST=$(HOST) $(PY) manage.py clubstart --dev --host $(HOST) --port $(PORT)

## Run the whole test suite on SQLite, then again on a throwaway PostgreSQL 15 cluster.
test: setup
	scripts/ensure-browser
	scripts/pytest-all
	scripts/with-postgres scripts/pytest-all

test-sqlite: setup
	scripts/pytest-all

test-postgres: setup
	scripts/with-postgres scripts/pytest-all

bench: setup
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache test-output staticfiles
