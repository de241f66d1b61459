# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup bench clean

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

setup: $(VENV)/.installed

## Set up (virtualenv, database, rule-set presets) and start the app on SQLite.
run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py clubstart --host $(HOST) --port $(PORT)

## Run the whole test suite: rules, Django services/views, browser end to end.
test: setup
	scripts/ensure-browser
	scripts/pytest-all

bench: setup
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache test-output
