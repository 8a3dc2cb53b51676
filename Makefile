# The two commands: `make run` serves the whole product on http://127.0.0.1:8000, `make test` runs
# every suite. Both install what they need first (virtualenv, npm packages, Debian's chromium).
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
export CDK_DISABLE_CLI_TELEMETRY := true

# Stamps record that an install step ran against the current manifest.
PY_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
WEB_STAMP := webapp/node_modules/.installed
SITE_STAMP := site/.built
WEB_BUILD := webapp/dist/index.html

SITE_SOURCES := $(shell find content theme functions/publish -type f 2>/dev/null) pelicanconf.py publishconf.py
WEB_SOURCES := $(shell find webapp/src webapp/public -type f 2>/dev/null) $(wildcard webapp/index.html webapp/vite.config.ts webapp/tsconfig*.json webapp/package.json)

.PHONY: help run test install build site webapp chromium lint format test-python test-web test-e2e bench soak clean rehearse

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

run: install build ## Serve the whole product on http://127.0.0.1:$(PORT) (DynamoDB Local, SMTP capture, site, app, API)
	CITYOPS_PORT=$(PORT) $(PY) -m functions.local.run

test: install build chromium ## Run every test suite (lint, web units, Python unit/API/site/infra/e2e)
	$(MAKE) lint
	$(MAKE) test-web
	$(MAKE) test-python

install: $(PY_STAMP) $(NODE_STAMP) $(WEB_STAMP) ## Install Python and npm dependencies

$(PY_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,test,infra]'
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(WEB_STAMP): webapp/package.json webapp/package-lock.json
	cd webapp && npm ci --no-audit --no-fund
	@touch $@

build: site webapp ## Build the static site and the React app when their sources changed

site: $(SITE_STAMP)
$(SITE_STAMP): $(PY_STAMP) $(SITE_SOURCES)
	$(PY) -m functions.publish.build
	@touch $@

webapp: $(WEB_BUILD)
$(WEB_BUILD): $(WEB_STAMP) $(WEB_SOURCES)
	cd webapp && npm run build

chromium: ## Install Debian's chromium and the CJK fonts (Chinese pages) for the end-to-end tests when missing
	@{ command -v chromium >/dev/null && dpkg -s fonts-noto-cjk >/dev/null 2>&1; } || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-cjk; }

lint: $(PY_STAMP) ## Lint Python (ruff, mypy, import contracts) and the web app
	$(VENV)/bin/ruff check functions infra tests bench tools pelicanconf.py publishconf.py
	$(VENV)/bin/ruff format --check functions infra tests bench tools pelicanconf.py publishconf.py
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	cd webapp && npm run lint

format: $(PY_STAMP) ## Format Python sources
	$(VENV)/bin/ruff format functions infra tests bench tools pelicanconf.py publishconf.py
	$(VENV)/bin/ruff check --fix functions infra tests bench tools pelicanconf.py publishconf.py

test-web: $(WEB_STAMP) ## Web unit tests (Vitest)
	cd webapp && npm test

test-python: install build ## Python tests: unit, API (DynamoDB Local), site, infra, e2e (Chromium)
	$(PY) -m pytest -n 2 --dist loadgroup --no-loadscope-reorder

test-e2e: install build chromium ## Only the end-to-end tests
	$(PY) -m pytest tests/e2e

bench: install build ## Run the benchmarks and record their results in bench/results/
	$(PY) -m bench

soak: install build ## Long invariant campaign (SOAK_EXAMPLES, SOAK_STEPS, SOAK_SKIP); result in bench/results/soak.json
	$(PY) -m bench.soak

# The rehearsal's packages (build/rehearse/): package_lambda.py for this machine's processor, built again
# when what they are made of changed (the same sources as `lambda`, below; tests/infra/test_rehearse.py
# builds them itself when stale).
REHEARSE_STAMP := build/rehearse/.built
REHEARSE_SOURCES := $(shell find functions content theme -type f -not -path '*/__pycache__/*' 2>/dev/null) \
  pelicanconf.py publishconf.py pyproject.toml infra/package_lambda.py
rehearse: install build $(REHEARSE_STAMP) ## Production rehearsed offline: the built functions against DynamoDB Local and moto (infra/README.md)
	$(PY) -m pytest tests/infra/test_rehearse.py -p no:cacheprovider -q
$(REHEARSE_STAMP): $(PY_STAMP) $(REHEARSE_SOURCES)
	$(PY) infra/package_lambda.py --arch native --target build/rehearse/lambda
	@touch $@

clean: ## Remove build output (keeps var/, the local database)
	rm -rf site .site-builds webapp/dist cdk.out infra/cdk.out

# AWS (infra/README.md): the pinned CDK CLI of package.json, never a prompt. STAGE names the stage
# (cdk.json context.stages); every resource name derives from it.
.PHONY: lambda synth deploy diff destroy stage-set refuse-production
STAGE ?=
CDK := cd infra && JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 $(CURDIR)/node_modules/.bin/cdk
CDK_STAGE = -c stage=$(STAGE)

# First prerequisite of the AWS targets: nothing is installed or built for a missing/refused stage.
stage-set:
	@test -n "$(STAGE)" || { echo "Set STAGE, e.g. make deploy STAGE=dev" >&2; exit 2; }

refuse-production: stage-set
	$(PY) infra/app.py --refuse-production $(STAGE)

# The three packages (build/lambda, build/lambda-crt, build/lambda-rebuild) are built again only when
# what they are made of changed (pip needs PyPI), not on every synth, diff, deploy or destroy.
LAMBDA_STAMP := build/.lambda.built
LAMBDA_SOURCES := $(shell find functions content theme -type f -not -path '*/__pycache__/*' 2>/dev/null) \
  pelicanconf.py publishconf.py pyproject.toml infra/package_lambda.py
# The origin-verify secret's current version (infra/README.md, "Client address"): a deploy after a
# rotation hands CloudFront the new value. Looked up (AWS credentials) by the shell running the
# command, from infra/ (never by `make -n`).
ORIGIN_VERIFY = -c origin_verify_version=$$($(CURDIR)/$(PY) $(CURDIR)/infra/app.py --origin-verify-version $(STAGE))

lambda: $(LAMBDA_STAMP) ## Build the functions' code (build/lambda, build/lambda-crt, build/lambda-rebuild) for python3.12 arm64 when it changed
$(LAMBDA_STAMP): $(PY_STAMP) $(LAMBDA_SOURCES)
	$(PY) infra/package_lambda.py
	@mkdir -p $(@D) && touch $@

synth: stage-set install build lambda ## Synthesize the stage's template (STAGE=…) into infra/cdk.out
	$(CDK) synth $(CDK_STAGE) --quiet

deploy: stage-set install build lambda ## Deploy STAGE=… (synth + cdk-nag offline, bootstrap, deploy; no prompts)
	$(CDK) synth $(CDK_STAGE) $(ORIGIN_VERIFY) --quiet
	$(CDK) bootstrap $(CDK_STAGE)
	$(CDK) deploy --all $(CDK_STAGE) $(ORIGIN_VERIFY) --require-approval never --progress events \
	  --outputs-file $(CURDIR)/build/outputs-$(STAGE).json
	$(PY) infra/app.py --after-deploy $(CURDIR)/build/outputs-$(STAGE).json

diff: stage-set install build lambda ## Show what a deploy of STAGE=… would change
	$(CDK) diff $(CDK_STAGE) $(ORIGIN_VERIFY)

destroy: refuse-production install build lambda ## Delete STAGE=… (refused for production stages)
	$(CDK) destroy --all $(CDK_STAGE) --force
