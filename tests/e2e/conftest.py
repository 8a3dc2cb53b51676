"""End-to-end fixtures: the real local server (`python -m functions.local.run`, what `make run`
starts) on free ports with its own data folder, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from functions.local.dynamodb import free_port, port_is_open

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CITYOPS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
]


@dataclass
class LocalServer:
    base_url: str
    var_dir: Path
    output: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        return self.base_url + path

    def wait_for_output(self, needle: str, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.output:
                if needle in line:
                    return line
            time.sleep(0.1)
        raise AssertionError(f"server never printed {needle!r}; output:\n" + "".join(self.output))


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    var_dir = tmp_path_factory.mktemp("var")
    port = free_port()
    env = {
        **os.environ,
        "CITYOPS_PORT": str(port),
        "CITYOPS_VAR_DIR": str(var_dir),
        "CITYOPS_DYNAMODB_PORT": str(free_port()),
        "CITYOPS_SMTP_PORT": str(free_port()),
        "CITYOPS_TABLE_PREFIX": "e2e-",
        "PYTHONUNBUFFERED": "1",
    }
    for name in ("CITYOPS_DYNAMODB_ENDPOINT", "CITYOPS_UPLOAD_DIR", "CITYOPS_SMS_OUTBOX_DIR", "CITYOPS_ENV"):
        env.pop(name, None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "functions.local.run"],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    local = LocalServer(f"http://127.0.0.1:{port}", var_dir)
    reader = threading.Thread(target=lambda: local.output.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    deadline = time.monotonic() + 90
    while not port_is_open(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("local server did not start:\n" + "".join(local.output))
        time.sleep(0.2)
    try:
        yield local
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make chromium` installs Debian's package")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def en_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
