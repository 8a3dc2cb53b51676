"""`make run`'s server process: Ctrl-C (and SIGTERM) stops everything it started, and a second start
reuses the data."""

import contextlib
import os
import signal
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from functions.local.dynamodb import port_is_open
from functions.local.harness import local_server

pytestmark = pytest.mark.e2e


def test_ctrl_c_stops_everything_and_a_second_start_reuses_the_data(tmp_path) -> None:
    with local_server(tmp_path, table_prefix="rerun-") as first:
        first.wait_for_output("password:")
        ports = [urlsplit(first.base_url).port, urlsplit(first.dynamodb_endpoint).port]
        assert httpx.get(first.url("/srv/api/index/index")).json()["code"] == 1
    # local_server sent SIGINT (Ctrl-C) and waited: the web server and DynamoDB Local are gone.
    assert not any(port_is_open(port) for port in ports)
    assert not (tmp_path / "dynamodb.pid").exists()

    with local_server(tmp_path, table_prefix="rerun-") as second:
        second.wait_for_output("Press Ctrl-C to stop")
        assert not any("password:" in line for line in second.output)  # the admin exists already
        assert httpx.get(second.url("/srv/api/index/index")).json()["code"] == 1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped) is gone for our purpose.
    with contextlib.suppress(FileNotFoundError):
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][0] != "Z"
    return False


def test_sigterm_stops_dynamodb_local_too(tmp_path) -> None:
    with local_server(tmp_path, table_prefix="term-", stop_signal=signal.SIGTERM) as server:
        server.wait_for_output("password:")
        java_pid = int((tmp_path / "dynamodb.pid").read_text())
        assert _alive(java_pid)
        ddb_port = urlsplit(server.dynamodb_endpoint).port
    deadline = time.monotonic() + 15
    while _alive(java_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(java_pid), "DynamoDB Local outlived the server"
    assert not port_is_open(ddb_port)
    assert not (tmp_path / "dynamodb.pid").exists()
