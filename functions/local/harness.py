"""Start the real local server (`python -m functions.local.run`, what `make run` starts) in a child
process on free ports with its own data folder: used by the end-to-end tests and the benchmarks."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from functions.local.dynamodb import free_port, port_is_open

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class LocalServer:
    base_url: str
    var_dir: Path
    dynamodb_endpoint: str
    output: list[str] = field(default_factory=list)

    def url(self, path: str, lang: str = "") -> str:
        """The address of `path`; in English (`?lang=en`) when `lang` is an English one ("en", "en-US")."""
        if lang.startswith("en"):
            path += ("&" if "?" in path else "?") + "lang=en"
        return self.base_url + path

    def wait_for_output(self, needle: str, timeout: float = 10) -> str:
        """The first line the server printed that contains `needle`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.output):
                if needle in line:
                    return line
            time.sleep(0.1)
        raise AssertionError(f"server never printed {needle!r}; output:\n" + "".join(self.output))


@contextlib.contextmanager
def local_server(
    var_dir: Path,
    table_prefix: str = "local-",
    env: dict[str, str] | None = None,
    stop_signal: int = signal.SIGINT,
) -> Iterator[LocalServer]:
    """The server, stopped at the end of the block with `stop_signal` (Ctrl-C by default)."""
    port, ddb_port = free_port(), free_port()
    env = dict(env or {})
    if "CITYOPS_SITE_DIR" not in env:
        # Its own site folder (a copy of the built site/): a publish in this server (startup, saves,
        # the Publish button) swaps that copy, never the repository's site/.
        site = var_dir / "site"
        if (REPO_ROOT / "site" / "index.html").is_file() and not site.exists():
            shutil.copytree(REPO_ROOT / "site", site)
        env["CITYOPS_SITE_DIR"] = str(site)
    child_env = {
        **os.environ,
        "CITYOPS_PORT": str(port),
        "CITYOPS_VAR_DIR": str(var_dir),
        "CITYOPS_DYNAMODB_PORT": str(ddb_port),
        "CITYOPS_SMTP_PORT": str(free_port()),
        "CITYOPS_TABLE_PREFIX": table_prefix,
        "PYTHONUNBUFFERED": "1",
        "PYTHONIOENCODING": "utf-8",
        **env,
    }
    for name in ("CITYOPS_DYNAMODB_ENDPOINT", "CITYOPS_UPLOAD_DIR", "CITYOPS_SMS_OUTBOX_DIR", "CITYOPS_ENV"):
        child_env.pop(name, None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "functions.local.run"],
        cwd=REPO_ROOT,
        env=child_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        encoding="utf-8",
        errors="replace",
    )
    server = LocalServer(f"http://127.0.0.1:{port}", var_dir, f"http://127.0.0.1:{ddb_port}")
    stdout = proc.stdout
    assert stdout is not None
    threading.Thread(target=lambda: server.output.extend(iter(stdout.readline, "")), daemon=True).start()
    # Seeding and the first publish take about 90 s when the 2-core machine runs several suites at once.
    deadline = time.monotonic() + 240
    while not port_is_open(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("local server did not start:\n" + "".join(server.output))
        time.sleep(0.2)
    try:
        yield server
    finally:
        proc.send_signal(stop_signal)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
