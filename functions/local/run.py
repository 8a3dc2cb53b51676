"""`make run`: the whole product on one local origin (default http://127.0.0.1:8000).

Starts DynamoDB Local (data under var/dynamodb, kept across runs), creates the tables, seeds the
first admin once (its random password is printed once), starts the SMTP capture (var/mail) and
serves the gateway (static site, React app, API) with uvicorn. Ctrl-C or SIGTERM stops everything it
started (DynamoDB Local runs in its own session, so it must be stopped explicitly).

Environment (all optional): CITYOPS_PORT (8000), CITYOPS_VAR_DIR (var/), CITYOPS_DYNAMODB_PORT
(8002), CITYOPS_SMTP_PORT (8025), CITYOPS_HOST (127.0.0.1), CITYOPS_WEBAPP_DIST (webapp/dist: the built
React app to serve, e.g. a copy that a rebuild of the working tree does not replace during an e2e run).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

import uvicorn

from functions.app import create_app
from functions.core.settings import get_settings
from functions.local import dynamodb, smtp
from functions.local.gateway import Gateway
from functions.publish.pipeline import publish_local
from functions.seed import seed
from functions.services import publish_jobs as publishing

REPO_ROOT = Path(__file__).resolve().parents[2]


# How uvicorn serves the gateway (also the API test servers', tests/conftest.py). `proxy_headers` off:
# uvicorn would otherwise take the client address (and scheme) from `X-Forwarded-For` /
# `X-Forwarded-Proto` of any request whose peer is in `forwarded_allow_ips` (127.0.0.1 by default,
# or $FORWARDED_ALLOW_IPS) — every local request, so a forged header picked the address that the
# per-IP rate limits count and the admin log records. There is no proxy in front of this server: the
# client address is the socket peer (DESIGN §8, functions/core/client_ip.py), whatever headers say.
#
# `timeout_keep_alive`: an idle connection is kept 75 s (uvicorn's default is 5 s, as AWS's load
# balancers keep 60 s and browsers 90–300 s). A client that sends on a kept connection at the moment the
# server closes it gets a reset: browsers send again, but scripts and Playwright's request API do not,
# and with 5 s a loaded machine's test met it (ECONNRESET on a list read between two clicks).
UVICORN_OPTIONS: dict[str, Any] = {
    "timeout_keep_alive": 75,
    "proxy_headers": False,
    "log_level": "warning",
    "access_log": False,
}


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    try:
        return int(raw) if raw else default
    except ValueError:
        sys.exit(f"{name} must be a port number, got {raw!r}")


def _stop_stale_dynamodb(pid_file: Path) -> None:
    """A previous run killed without clean-up may have left its DynamoDB Local behind."""
    try:
        pid = int(pid_file.read_text())
    except (FileNotFoundError, ValueError):
        return
    with suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    pid_file.unlink(missing_ok=True)


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM: unwind like Ctrl-C, so that the clean-up below stops DynamoDB Local and the rest."""
    raise KeyboardInterrupt


def main() -> None:
    # uvicorn handles SIGTERM itself while it serves, then re-raises it: this handler turns it, and a
    # SIGTERM during start-up, into the same orderly stop as Ctrl-C.
    signal.signal(signal.SIGTERM, _terminated)
    host = os.environ.get("CITYOPS_HOST", "127.0.0.1")
    port = _env_int("CITYOPS_PORT", 8000)
    ddb_port = _env_int("CITYOPS_DYNAMODB_PORT", 8002)
    var_dir = Path(os.environ.get("CITYOPS_VAR_DIR", REPO_ROOT / "var")).resolve()
    (var_dir / "log").mkdir(parents=True, exist_ok=True)

    # Everything the API reads from the environment must be in place before settings are read.
    os.environ.setdefault("CITYOPS_ENV", "development")
    os.environ["CITYOPS_DYNAMODB_ENDPOINT"] = f"http://127.0.0.1:{ddb_port}"
    os.environ.setdefault("CITYOPS_UPLOAD_DIR", str(var_dir / "uploads"))
    os.environ.setdefault("CITYOPS_SMS_OUTBOX_DIR", str(var_dir / "sms"))
    os.environ.setdefault("CITYOPS_PUBLIC_URL", f"http://{host}:{port}")
    dynamodb.local_credentials()

    if dynamodb.port_is_open(port, host):
        sys.exit(f"Port {port} is already in use: stop the other server or run `make run PORT=<free port>`")

    settings = get_settings()
    pid_file = var_dir / "dynamodb.pid"
    with ExitStack() as stack:
        _stop_stale_dynamodb(pid_file)
        print(f"Starting DynamoDB Local on port {ddb_port} (data in {var_dir / 'dynamodb'})…", flush=True)
        ddb = dynamodb.start(ddb_port, var_dir / "dynamodb", log_path=var_dir / "log" / "dynamodb.log")
        pid_file.write_text(str(ddb.pid))
        stack.callback(pid_file.unlink, missing_ok=True)
        stack.callback(dynamodb.stop, ddb)

        # This process builds the site itself (no rebuild function): the seed's saves publish too.
        publishing.use_local_work(publish_local)
        password = seed(settings)
        # site/ may have been built by `make` from the seed files: publish what the tables hold now
        # (in the background; the server starts at once and the swap is atomic).
        publishing.schedule_publish("local server started", source="startup")
        # Rows scheduled for later reach the site when their time comes, without anyone pressing a button.
        clock = threading.Event()
        publishing.run_schedule_clock(clock)
        stack.callback(clock.set)

        mail_dir = var_dir / "mail"
        controller = smtp.start(mail_dir, settings.smtp_port)
        stack.callback(controller.stop)

        # CITYOPS_WEBAPP_DIST: another build of the web app (a copy that rebuilds of the tree leave alone).
        webapp_dist = Path(os.environ.get("CITYOPS_WEBAPP_DIST") or REPO_ROOT / "webapp" / "dist")
        app = Gateway(create_app(), settings.site_dir, webapp_dist, settings.upload_dir)
        base = f"http://{host}:{port}"
        lines = [
            "",
            f"  City operations site is running on {base}",
            f"    public site     {base}/          English {base}/en/",
            f"    member area     {base}/user/login",
            f"    back office     {base}/admin/login",
            f"    API docs        {base}/srv/docs",
            f"    e-mail capture  smtp://127.0.0.1:{settings.smtp_port} → {mail_dir}",
            f"    SMS outbox      {settings.sms_outbox_dir}",
        ]
        if password:
            lines += [
                "",
                "  First admin created. Save this password now, it is not shown again:",
                f"    username: admin    password: {password}",
            ]
        lines += ["", "  Press Ctrl-C to stop.", ""]
        print("\n".join(lines), flush=True)
        uvicorn.run(app, host=host, port=port, **UVICORN_OPTIONS)
    print("Stopped.", flush=True)


if __name__ == "__main__":
    main()
