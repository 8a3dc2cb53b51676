"""Shared pytest fixtures for the Python suites.

- `dynamodb` (session): one in-memory DynamoDB Local on a free port for the whole run; sets
  `CITYOPS_DYNAMODB_ENDPOINT`, `CITYOPS_ENV=test`, a table prefix unique to the run and very high
  per-IP rate limits (`RATE_LIMITS_FOR_TESTS`), clears the settings cache, configures the models and
  creates every table. Yields the `Settings`.
- `api` (session): `create_app()` served by uvicorn on a free port in a background thread; yields an
  `httpx.Client` whose base_url is that server (API tests go over real HTTP).
- `serve`: a context manager factory `serve(app)` for tests that need their own app (e.g. with an
  extra test-only router); yields an `httpx.Client` like `api`.
- `browser` (session): Debian's Chromium (/usr/bin/chromium) driven by Playwright, shared by the
  site and end-to-end suites. Playwright's sync API keeps an event loop running in the main thread
  while it is open, so those suites run last (pyproject `testpaths`) and there is only one of it
  per worker.
- `isolated_tables` (and the context manager `isolated`): a fresh table prefix (tables created) for
  tests that need empty tables, such as the first-run seed; the models are pointed back at the
  session tables afterwards.

`make test` runs the suite on two pytest-xdist workers (`-n 2 --dist loadgroup --no-loadscope-reorder`):
the browser suites are two groups of about the same length (`pytest_collection_modifyitems` below,
`BROWSER_SUITES`). The work queue keeps the collection order (`testpaths`: unit, API, invariants, infra,
then site and e2e), so both workers share out everything else one test at a time and then each takes
one browser group, which it runs in order with its own Chromium, DynamoDB Local and servers (free
ports, its own temporary folders). A worker never runs a test without a browser after its browser
group: Playwright's sync API keeps an event loop running in the main thread until the session ends.
Before, one worker ran every browser test while the other sat idle for the last 17 of 36 minutes.

Only the standard library is imported at module level, so collecting suites that need none of
this (site, infra) stays cheap; nothing starts unless a test asks for it.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

CHROMIUM = os.environ.get("CITYOPS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
]

# Per-IP limits high enough that no suite trips them by accident (`functions.services.rate_limit`).
RATE_LIMITS_FOR_TESTS = {
    f"CITYOPS_RATE_{action}_LIMIT": "1000000"
    for action in ("CHECKIN", "ADMIN_LOGIN", "SEND_CODE", "CAPTCHA", "REFRESH", "CONTACT")
}

# The suites whose tests drive Chromium and the browser group each goes to, and the e2e modules that go
# to the site's group so that both last about as long (a fresh-clone run's JUnit times, 2026-11-29:
# site 285 s, e2e 1,897 s of which accessibility 380 s and business tables 446 s).
BROWSER_SUITES = {"site": "browser-2", "e2e": "browser-1"}
WITH_THE_SITE = {"test_accessibility", "test_business_tables"}
TESTS = Path(__file__).resolve().parent

if TYPE_CHECKING:
    import httpx

    from functions.core.settings import Settings


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # xdist's loadgroup sends a group to one worker: each browser group runs on one worker, after what
    # needs no browser was shared out. First, before xdist's own hook reads the marks into the test ids
    # (a mark added after it is ignored). Without xdist it does nothing.
    for item in items:
        if not item.path.is_relative_to(TESTS):
            continue
        suite = item.path.relative_to(TESTS).parts[0]
        if suite in BROWSER_SUITES:
            group = BROWSER_SUITES["site"] if item.path.stem in WITH_THE_SITE else BROWSER_SUITES[suite]
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(autouse=True)
def _settings_environment_is_restored() -> Iterator[None]:
    """Fail a test that leaves a `CITYOPS_` variable changed: every later test on the worker, and every
    server it starts, would run with it (a secret left behind once signed the browser tests out)."""
    before = {name: value for name, value in os.environ.items() if name.startswith("CITYOPS_")}
    yield
    after = {name: value for name, value in os.environ.items() if name.startswith("CITYOPS_")}
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
    if changed:
        pytest.fail(f"the test left these variables changed: {', '.join(changed)}")


@pytest.fixture(scope="session")
def dynamodb() -> Iterator[Settings]:
    from functions.core.settings import get_settings
    from functions.local.dynamodb import local_credentials, running
    from functions.models import configure_models
    from functions.models.tables import create_tables
    from functions.publish.pipeline import publish_local
    from functions.services.publish_jobs import use_local_work
    from functions.services.site_config import clear_cache

    local_credentials()
    with running() as endpoint, pytest.MonkeyPatch.context() as mp:
        mp.setenv("CITYOPS_DYNAMODB_ENDPOINT", endpoint)
        mp.setenv("CITYOPS_ENV", "test")
        mp.setenv("CITYOPS_TABLE_PREFIX", f"test-{uuid.uuid4().hex[:8]}-")
        # The suites call login/captcha/code routes many times from 127.0.0.1: lift the per-IP
        # limits; tests/api/test_rate_limit.py lowers them on the settings object per test.
        for name, value in RATE_LIMITS_FOR_TESTS.items():
            mp.setenv(name, value)
        get_settings.cache_clear()
        settings = get_settings()
        configure_models(settings)
        # This process serves like the local server: its publishes build and swap a site folder.
        use_local_work(publish_local)
        create_tables(wait=True)
        clear_cache()
        try:
            yield settings
        finally:
            get_settings.cache_clear()
            clear_cache()


@contextlib.contextmanager
def _serve(app: Any) -> Iterator[httpx.Client]:
    import httpx
    import uvicorn

    from functions.local.dynamodb import free_port
    from functions.local.run import UVICORN_OPTIONS

    port = free_port()
    # The options `make run` serves with (no proxy headers: the client address is the socket peer).
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", **UVICORN_OPTIONS)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"uvicorn did not start on port {port}")
        time.sleep(0.02)
    try:
        # An answer is waited for up to 60 s: at a load average of 15 on two cores a login took more than
        # 10 s and 42 tests of one run failed at their fixture's ReadTimeout (a bound, not a wait).
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60, trust_env=False) as client:
            yield client
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def serve(dynamodb: Settings) -> Callable[[Any], contextlib.AbstractContextManager[httpx.Client]]:
    return _serve


@pytest.fixture(scope="session")
def api(dynamodb: Settings) -> Iterator[httpx.Client]:
    from functions.app import create_app
    from functions.services.rules import seed_groups, seed_rules

    # A running app is always seeded (make run, every deploy): the member APIs check the member rules
    # that the default member group grants.
    seed_rules()
    seed_groups()
    with _serve(create_app(dynamodb)) as client:
        yield client


@contextlib.contextmanager
def isolated(dynamodb: Settings) -> Iterator[Settings]:
    """Point the models at a fresh table prefix (tables created, deleted afterwards)."""
    from functions.models import configure_models
    from functions.models.tables import create_tables, delete_tables
    from functions.services.site_config import clear_cache

    settings = dynamodb.model_copy(update={"table_prefix": f"iso-{uuid.uuid4().hex[:8]}-"})
    configure_models(settings)
    clear_cache()
    try:
        create_tables(wait=True)
        yield settings
    finally:
        with contextlib.suppress(Exception):
            delete_tables()
        configure_models(dynamodb)
        clear_cache()


@pytest.fixture
def isolated_tables(dynamodb: Settings) -> Iterator[Settings]:
    with isolated(dynamodb) as settings:
        yield settings


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make chromium` installs Debian's package")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()
