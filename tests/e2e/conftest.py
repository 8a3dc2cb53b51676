"""End-to-end fixtures: the real local server (`python -m functions.local.run`, what `make run`
starts) on free ports with its own data folder, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from functions.local.harness import LocalServer, local_server

# What a user waits for (a saved message, a list that reloads) may take a few seconds on a shared
# 2-core CI machine running DynamoDB Local, the API and Chromium at once: assertions wait up to 15 s
# instead of Playwright's 5 s. Still an assertion of what appears, never a measure of speed.
expect.set_options(timeout=15_000)


# The two screens a flow runs on when it asks for `lang`, `width` and `height`: zh-cn on a 1440 px
# desktop and English on a 390 px phone.
SCREENS = [("zh", 1440, 900), ("en", 390, 844)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if {"lang", "width", "height"} <= set(metafunc.fixturenames):
        metafunc.parametrize(("lang", "width", "height"), SCREENS)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    # The flows log in and load captchas many times from one address: lift the per-IP limits.
    limits = {
        f"CITYOPS_RATE_{action}_LIMIT": "1000000"
        for action in ("CHECKIN", "ADMIN_LOGIN", "SEND_CODE", "CAPTCHA", "REFRESH", "CONTACT")
    }
    # The clock that publishes scheduled rows looks every 2 s (15 s by default): test_scheduled_publish.
    env = {**limits, "CITYOPS_PUBLISH_SCHEDULE_SECONDS": "2"}
    with local_server(tmp_path_factory.mktemp("var"), table_prefix="e2e-", env=env) as running:
        yield running


def _page(browser: Browser, locale: str) -> Iterator[Page]:
    """A page in a fresh browser context at 1280 × 800 whose browser language is `locale`."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, "zh-CN")


@pytest.fixture
def en_page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, "en-US")
