"""Fixtures for the static-site suites.

- `built_site` (session): the real content/ built into a temporary folder by the same entry point
  the Makefile uses (`python -m functions.publish.build`), in a subprocess (Pelican's i18n plugin
  keeps module-level state), with a fixed public URL.
- `seeded_site` (session): the same build from the seeded back-office records (DynamoDB Local), as
  a fresh install's first publish makes it; the link checks run over both.
- `site_server` (session): that folder served by a stdlib HTTP server on 127.0.0.1, free port, with
  the gateway's routing for the 404 page and production's Content-Security-Policy (enough for the
  browser checks).
- `browser` (session): Debian's Chromium driven by Playwright.
"""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC_URL = "https://www.cityops.example.cn"


def run_build(content: Path, output: Path, public_url: str = PUBLIC_URL) -> Path:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "functions.publish.build",
            "--content",
            str(content),
            "--output",
            str(output),
            "--public-url",
            public_url,
        ],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        encoding="utf-8",  # CI's locale is ASCII; build errors name units in Chinese
        errors="replace",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if result.returncode != 0:
        raise AssertionError(f"build failed:\n{result.stdout}\n{result.stderr}")
    return output


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(REPO_ROOT / "content", tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def seeded_site(dynamodb: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as the first publish of a fresh install builds it: the seed (designs, their demo rows,
    the site Config) exported into a copy of content/ by the publish's own export, then built."""
    import shutil

    from functions.publish.export import export_site_data
    from functions.seed import seed
    from tests.conftest import isolated

    content = tmp_path_factory.mktemp("seeded") / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    with isolated(dynamodb) as settings:
        seed(settings)
        export_site_data(content / "data")
    return run_build(content, tmp_path_factory.mktemp("seeded-site") / "site")


def html_pages(site: Path) -> list[str]:
    """Relative paths of every HTML file in the build, sorted."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def page_url(rel: str) -> str:
    """The URL a visitor uses for an output file: directory style for index.html."""
    return "/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)


def production_csp() -> str:
    """The Content-Security-Policy CloudFront sends (one definition for CloudFront and the local
    gateway: functions/core/security_headers.py): the browser checks run under the same policy as
    production (e.g. an inline script does not run). This server speaks plain http on 127.0.0.1, so
    without `upgrade-insecure-requests`, as the gateway sends it over http."""
    from functions.core.security_headers import site_headers

    return site_headers(https=False)["Content-Security-Policy"]


class _Handler(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", production_csp())
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code != 404:
            super().send_error(code, message, explain)
            return
        lang_404 = "en/404.html" if self.path.startswith("/en/") else "404.html"
        body = (Path(self.directory) / lang_404).read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def serve_folder(site: Path) -> Iterator[str]:
    """A built site served as `site_server` serves it; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    with serve_folder(built_site) as url:
        yield url
