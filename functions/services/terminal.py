"""The build-task terminal (SPEC §2 "terminal panel", §7 `/admin/Terminal/index`): the whitelist of
tasks and how each one runs.

`TASKS` below is the whole whitelist: a task name (the `command` the browser sends, e.g.
`web-build.pnpm`) maps to an argv list run without a shell, or to a job of this package. Nothing
else can run: an unknown name is refused before anything starts, and no part of the request is ever
put into an argv.

Every task is a job of `functions.services.jobs` (kind "terminal", params `{command, uuid}`, or the
publish job itself): its output lines go to the job log, and the SSE endpoint follows that log from
`Last-Event-ID`, so a browser that reconnects resumes where it was and never starts the task twice.

- Locally (`make run`: no `CITYOPS_REBUILD_FUNCTION`) argv tasks run as child processes of the
  server in the repository (or `webapp/`), stdin closed (an interactive prompt ends the task),
  colours off, output read line by line into the log; the stream follows it live.
- On AWS Lambda there is no shell and no repository: only the tasks with an `aws` action exist,
  started as jobs of the rebuild function (`functions.publish.rebuild.handler`, payload
  `{"job_id", "task"}`): publish and clear the CDN cache. Upgrading the data is refused there: every
  deploy runs it (the bootstrap function is the one allowed to create and write every table). Each
  SSE request replays the job's log from `Last-Event-ID` and closes (Mangum answers only once the
  response ends), and the browser's EventSource reconnects: live progress without response streaming.

Permissions. Opening the terminal needs its button rule `routine/terminal`; each task also needs the
permission of the action it performs (`Task.permission`), so the terminal reaches no further than
the admin's own buttons: "publish" and "cdn-clear" (the published site and its CDN) need
`routine/publish/publish`, as the Publish button does; "data-upgrade" (the seed writes rules, groups,
config items and designs) needs a super admin (`SUPER`: what only a "*" grant holds). The other
tasks — the package manager's test, install and build, the test runs — are the terminal's own
(`routine/terminal`). A task the admin may not run is refused before anything starts, is not listed
in the tasks the shell gets (`available`), and its job cannot be followed after a reconnect either.

The terminal's settings (package manager, service port, automatic clean-up; SPEC §9 defaults
pnpm / 8000 / '1') are one Config item (group `terminal`, not a tab of the Config screen). With the
package manager "none" (the admin runs those commands by hand) no task of a package manager runs:
each is refused with a message saying so.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from functions.core.settings import REPO_ROOT, get_settings
from functions.models.config import Config
from functions.models.job import Job
from functions.services import caches, jobs
from functions.services import publish_jobs as publishing
from functions.services.permissions import Grant

KIND = "terminal"
PACKAGE_MANAGERS = ("npm", "cnpm", "pnpm", "yarn", "ni")
# "none": the admin runs package-manager commands by hand (BuildAdmin's "I want to execute the command
# manually"); tasks that need one are then refused with a message saying so.
MANAGER_CHOICES = (*PACKAGE_MANAGERS, "none")
DEFAULT_CONFIG: dict[str, str] = {"manager": "pnpm", "port": "8000", "automatic_cleanup_task": "1"}
CONFIG_GROUP = "terminal"
CONFIG_NAME = "config"
TASK_TIMEOUT_SECONDS = 30 * 60
TERMINAL = "routine/terminal"  # the terminal's own button rule: opening it, its own tasks
PUBLISH = "routine/publish/publish"  # the "Publish site" button
SUPER = "*"  # no rule has this name: only a super admin's grant allows it
UUID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
# The package manager commands of the argv tasks (`ni` is @antfu/ni: `ni` installs, `nr` runs).
_INSTALL = {"npm": ["npm", "install"], "cnpm": ["cnpm", "install"], "pnpm": ["pnpm", "install"]}
_INSTALL |= {"yarn": ["yarn", "install"], "ni": ["ni"]}
_RUN = {pm: [pm, "run"] for pm in ("npm", "cnpm", "pnpm", "yarn")} | {"ni": ["nr"]}
_VERSION = {pm: [pm, "--version"] for pm in PACKAGE_MANAGERS}


@dataclass(frozen=True)
class Task:
    """One whitelisted task: `argv` (run in `cwd`, relative to the repository) and/or `job` (run in
    this process: "publish" or "cdn-clear") locally; `aws` the rebuild function's task name, or ""
    when the task needs a shell (not available on Lambda); `permission` what the admin must hold to
    run it (besides `routine/terminal`); `manager` the package manager it runs ("" for none)."""

    name: str
    argv: tuple[str, ...] = ()
    cwd: str = ""
    job: str = ""
    aws: str = ""
    aws_refusal: str = "This task needs a shell: run it on a development machine (make run)"
    permission: str = TERMINAL
    manager: str = ""


def _python(*args: str) -> tuple[str, ...]:
    return (sys.executable, *args)


def _tasks() -> dict[str, Task]:
    table: dict[str, Task] = {
        # Rebuild the static site from the published records and put it live (the "Publish site"
        # button's job: Pelican in a temporary folder, then an atomic swap / an upload of the changes).
        "publish": Task("publish", job="publish", aws="publish", permission=PUBLISH),
        # Seed what is missing and upgrade the data (tables, indexes, default rules and config, designs
        # of a higher version, demo rows of empty tables). On AWS the rebuild function asks the deploy's
        # bootstrap function to do it (the one function that may write every table; every deploy also
        # runs it).
        "data-upgrade": Task(
            "data-upgrade", argv=_python("-m", "functions.seed"), aws="data-upgrade", permission=SUPER
        ),
        # Clear caches: the CDN on AWS (an invalidation of every path); locally the server's caches.
        # It acts on the published site as a publish does: the same permission.
        "cdn-clear": Task("cdn-clear", job="cdn-clear", aws="cdn-clear", permission=PUBLISH),
        # The Python unit tests.
        "test-python": Task(
            "test-python", argv=_python("-m", "pytest", "tests/unit", "-q", "-p", "no:cacheprovider")
        ),
    }
    for pm in PACKAGE_MANAGERS:
        # "Test command": does the chosen package manager run at all?
        table[f"test.{pm}"] = Task(f"test.{pm}", argv=tuple(_VERSION[pm]), cwd="webapp", manager=pm)
        # Install the web app's dependencies, build it, run its unit tests.
        table[f"web-install.{pm}"] = Task(
            f"web-install.{pm}", argv=tuple(_INSTALL[pm]), cwd="webapp", manager=pm
        )
        table[f"web-build.{pm}"] = Task(
            f"web-build.{pm}", argv=(*_RUN[pm], "build"), cwd="webapp", manager=pm
        )
        table[f"test-web.{pm}"] = Task(f"test-web.{pm}", argv=(*_RUN[pm], "test"), cwd="webapp", manager=pm)
    return table


TASKS: dict[str, Task] = _tasks()


def mode() -> str:
    """ "aws" where the rebuild function is configured (Lambda: no shell), else "local"."""
    return "aws" if publishing.rebuild_function() else "local"


def task(command: str) -> Task | None:
    """The whitelisted task named `command`, or None."""
    return TASKS.get(command)


def permitted(spec: Task, grant: Grant) -> bool:
    """Whether `grant` may run task `spec`: the terminal's own permission and the task's."""
    return grant.allows(TERMINAL) and grant.allows(spec.permission)


def available(current_mode: str | None = None, grant: Grant | None = None) -> list[str]:
    """The task names that can run here (on AWS only those with a rebuild-function action) and, given
    an admin's `grant`, that this admin may run."""
    where = current_mode or mode()
    return [
        name
        for name, spec in TASKS.items()
        if (where == "local" or spec.aws) and (grant is None or permitted(spec, grant))
    ]


class TaskRefused(Exception):
    """A task that cannot start (unknown, not available here, a tool missing); `message` is a key
    of the server catalogue and `params` its values."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


def clean_line(text: str) -> str:
    """One output line as the panel shows it: no colour codes or carriage-return redraws."""
    text = ANSI.sub("", text).rstrip("\r\n")
    return text.rsplit("\r", 1)[-1].rstrip()


# --- Starting tasks --------------------------------------------------------------------------------


def start(command: str, uuid: str, extend: str, by: int, grant: Grant) -> Job:
    """Start whitelisted task `command` for admin `by` (holding `grant`); returns the job whose log the
    stream follows. Raises `TaskRefused` when it cannot run here or the admin may not run it."""
    spec = task(command)
    if spec is None:
        raise TaskRefused("The command was not allowed to be executed")
    if not permitted(spec, grant):
        raise TaskRefused("You do not have permission to operate!")
    if spec.manager and read_config()["manager"] == "none":
        raise TaskRefused(
            "The package manager is set to none (commands run by hand): choose one in the terminal's "
            "package manager setting to run this task"
        )
    if mode() == "aws":
        return _start_aws(spec, uuid, extend, by)
    if spec.job == "publish":
        return publishing.request_publish("terminal task", by=by, source="terminal", subject=command)
    if spec.argv:
        tool = spec.argv[0]
        if shutil.which(tool) is None:
            raise TaskRefused(
                "{tool} is not installed on the server: choose another package manager", tool=tool
            )
    job = jobs.create_job(KIND, by=by, params={"command": command, "uuid": uuid, "extend": extend})
    threading.Thread(target=_run_local, args=(job.id, spec), name=f"terminal-{job.id}", daemon=True).start()
    return job


def _start_aws(spec: Task, uuid: str, extend: str, by: int) -> Job:
    if not spec.aws:
        raise TaskRefused(spec.aws_refusal)
    if spec.aws == "publish":
        return publishing.request_publish("terminal task", by=by, source="terminal", subject=spec.name)
    job = jobs.create_job(KIND, by=by, params={"command": spec.name, "uuid": uuid, "extend": extend})
    jobs.append_lines(job.id, [f"queued: {spec.name}"])
    invoke_rebuild({"job_id": job.id, "task": spec.aws})
    return job


def invoke_rebuild(payload: dict[str, Any]) -> None:
    """Start the rebuild function asynchronously (`InvocationType=Event`) with `payload`."""
    import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

    boto3.client("lambda").invoke(
        FunctionName=publishing.rebuild_function(),
        InvocationType="Event",
        Payload=json.dumps(payload).encode(),
    )


def _run_local(job_id: str, spec: Task) -> None:
    if spec.job == "cdn-clear":
        _run_in_process(job_id, _clear_local_caches)
        return
    _run_argv(job_id, list(spec.argv), REPO_ROOT / spec.cwd)


def _run_in_process(job_id: str, work: Any) -> None:
    jobs.set_status(job_id, "building")
    try:
        lines = work()
    except Exception as exc:  # the task failed: its log says why, the server goes on
        jobs.append_lines(job_id, [f"Error: {exc}"])
        jobs.set_status(job_id, "failed", summary={"error": str(exc)[:500]})
        return
    jobs.append_lines(job_id, [*lines, "done"])
    jobs.set_status(job_id, "done")


def run_aws_task(job_id: str, name: str, *, cloudfront: Any = None, lambda_client: Any = None) -> bool:
    """The rebuild function's side of a terminal job (`functions.publish.rebuild.handler`):
    "cdn-clear" invalidates every path of the distribution; "data-upgrade" runs the seed in the
    bootstrap function (`CITYOPS_BOOTSTRAP_FUNCTION`, invoked and waited for) and logs what it says."""
    if name == "cdn-clear":
        _run_in_process(job_id, lambda: _invalidate_all(job_id, cloudfront))
    elif name == "data-upgrade":
        _run_in_process(job_id, lambda: _upgrade_data(lambda_client))
    else:
        jobs.append_lines(job_id, [f"Error: unknown task {name!r}"])
        jobs.set_status(job_id, "failed", summary={"error": "unknown task"})
    job = jobs.get_job(job_id)
    return job is not None and job.status == "done"


def _invalidate_all(job_id: str, cloudfront: Any = None) -> list[str]:
    import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

    client = cloudfront or boto3.client("cloudfront")
    distribution = get_settings().distribution_id
    answer = client.create_invalidation(
        DistributionId=distribution,
        InvalidationBatch={
            "Paths": {"Quantity": 1, "Items": ["/*"]},
            "CallerReference": f"terminal-{job_id}",
        },
    )
    return [f"invalidation {answer['Invalidation']['Id']} of /* on {distribution}"]


def _upgrade_data(lambda_client: Any = None) -> list[str]:
    import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

    client = lambda_client or boto3.client("lambda")
    function = get_settings().bootstrap_function
    answer = client.invoke(
        FunctionName=function,
        InvocationType="RequestResponse",
        Payload=json.dumps({"task": "data-upgrade"}).encode(),
    )
    result = json.loads(answer["Payload"].read() or b"{}")
    if answer.get("FunctionError"):
        raise RuntimeError(f"{function}: {result.get('errorMessage') or answer['FunctionError']}")
    return [f"{function}: {line}" for line in result.get("lines", [])]


def _clear_local_caches() -> list[str]:
    cleared = caches.clear("all")
    return [
        "no CDN in development: clearing the server's caches instead",
        f"cleared: {', '.join(cleared) if cleared else 'nothing to clear'}",
    ]


# How a task's process runs: no input, its output and errors one stream of text lines, read as they come.
_LINES_OUT: dict[str, Any] = {
    "stdin": subprocess.DEVNULL,
    "stdout": subprocess.PIPE,
    "stderr": subprocess.STDOUT,
    "text": True,
    "encoding": "utf-8",
    "errors": "replace",
    "bufsize": 1,
}


def _run_argv(job_id: str, argv: list[str], cwd: Path) -> None:
    """Run `argv` in `cwd`, writing each output line to the log of `job_id` as it comes."""
    jobs.set_status(job_id, "building")
    shown = [Path(argv[0]).name if argv[0] == sys.executable else argv[0], *argv[1:]]
    jobs.append_lines(job_id, [f"> {shlex.join(shown)}"])
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0", "CI": "1", "PYTHONUNBUFFERED": "1"}
    try:
        # argv comes from the whitelist, never the request.
        process = subprocess.Popen(argv, cwd=cwd, env=env, **_LINES_OUT)  # noqa: S603
    except OSError as exc:
        jobs.append_lines(job_id, [f"Error: {exc}"])
        jobs.set_status(job_id, "failed", summary={"error": str(exc)[:500]})
        return
    timer = threading.Timer(TASK_TIMEOUT_SECONDS, process.kill)
    timer.start()
    try:
        assert process.stdout is not None
        for raw in process.stdout:
            line = clean_line(raw)
            if line:
                jobs.append_lines(job_id, [line])
        code = process.wait()
    finally:
        timer.cancel()
    jobs.append_lines(job_id, [f"exitCode: {code}"])
    jobs.set_status(job_id, "done" if code == 0 else "failed", summary={"exit_code": code})


# --- Following a job (the SSE endpoint) --------------------------------------------------------------


def event_id(job_id: str, seq: int) -> str:
    return f"{job_id}:{seq}"


def parse_event_id(value: str) -> tuple[str, int] | None:
    """`(job id, seq)` of a `Last-Event-ID` header written by `event_id`, or None."""
    job_id, _, seq = value.strip().partition(":")
    if not re.fullmatch(r"[0-9a-f]{19}", job_id) or not seq.isdigit():
        return None
    return job_id, int(seq)


def attachable(job: Job | None, command: str, uuid: str, admin_id: int, is_super: bool) -> bool:
    """Whether a reconnecting stream of task `command` may follow `job` (its own task's job)."""
    if job is None:
        return False
    if job.kind == publishing.KIND:
        return command == "publish"
    if job.kind != KIND:
        return False
    params = job.params_doc()
    return (
        params.get("command") == command and params.get("uuid") == uuid and (is_super or job.by == admin_id)
    )


# --- Settings -----------------------------------------------------------------------------------------


def read_config() -> dict[str, str]:
    """The saved settings over the defaults: `{manager, port, automatic_cleanup_task}`."""
    try:
        item = Config.get(CONFIG_GROUP, CONFIG_NAME)
    except Config.DoesNotExist:
        return dict(DEFAULT_CONFIG)
    saved = item.value if isinstance(item.value, dict) else {}
    return {key: str(saved.get(key, default)) for key, default in DEFAULT_CONFIG.items()}


def save_config(changes: dict[str, str]) -> dict[str, str]:
    """Save the given settings (already validated); returns the whole configuration."""
    config = read_config() | {k: v for k, v in changes.items() if k in DEFAULT_CONFIG}
    Config(CONFIG_GROUP, CONFIG_NAME, title="终端设置", value_type="json", value=config).save()
    return config


def client_config(grant: Grant | None = None) -> dict[str, Any]:
    """What the back office's shell gets (`/admin/index/index` → `terminal`); `tasks`: those the
    admin holding `grant` may run here."""
    config = read_config()
    return {
        "npm_package_manager": config["manager"],
        "install_service_port": config["port"],
        "automatic_cleanup_task": config["automatic_cleanup_task"],
        "mode": mode(),
        "tasks": available(grant=grant),
    }
