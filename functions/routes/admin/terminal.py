"""The build-task terminal (SPEC §7): its stream and its settings.

`GET /admin/Terminal/check` (routine/terminal) → `{mode, tasks}` (the tasks this admin may run here):
called through the request client right before a stream opens, so an expired token is refreshed first.

`POST /admin/ajax/changeTerminalConfig` `{manager?, port?, automaticCleanupTask?}` (routine/terminal)
saves the terminal's settings (package manager, the `make run` port, automatic clean-up of successful
tasks) and answers the whole configuration; unknown values are refused with a clear message.

The stream (SPEC §7): `GET /admin/Terminal/index?command=&uuid=&extend=&batoken=`
as server-sent events (permission routine/terminal, and each task the permission of its action:
`functions.services.terminal.Task.permission`; the admin token comes as the `batoken` query
parameter because EventSource cannot send headers).

Each event's data is `{"data", "uuid", "extend", "key"}` (BuildAdmin's shape): `data` is an output
line or one of the flags `command-link-success`, `command-exec-success`, `command-exec-error`,
`command-exec-completed`, which drive the panel's state machine (SPEC §4). Event ids are
`<job id>:<seq>`: a reconnecting EventSource sends the last one as `Last-Event-ID` and the stream
resumes after that line of the job's log instead of starting the task again.

- Locally the response follows the job's log until the task ends (lines as they are written).
- On AWS (Mangum sends a response only when it ends) each response carries what the log holds after
  `Last-Event-ID` — waiting up to `AWS_WAIT_SECONDS` for something new — then `retry:` and the end
  of the stream; EventSource reconnects and the next response goes on from there.

A refused task (not whitelisted, not permitted, not available here, tool missing, no package
manager) answers an event stream too: the translated error line, `command-exec-error` and
`command-exec-completed`, so the panel shows why.
Which tasks exist: `functions.services.terminal`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Query, Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool
from starlette.responses import StreamingResponse

import functions.core.messages_terminal  # noqa: F401 - registers the terminal's messages
from functions.core.i18n import SUPPORTED_LANGS, get_lang, t
from functions.core.responses import ApiError, Envelope, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.routes.admin.deps import AdminContext, require
from functions.routes.shapes import TerminalCheck, TerminalSettings
from functions.services import jobs
from functions.services import terminal as service

router = APIRouter(prefix="/Terminal", tags=["admin-terminal"])
config_router = APIRouter(prefix="/ajax", tags=["admin-terminal"])
routers = (router, config_router)  # what this module serves (functions.routes.admin.registry)
PERMISSION = "routine/terminal"

LINK_SUCCESS = "command-link-success"
EXEC_SUCCESS = "command-exec-success"
EXEC_ERROR = "command-exec-error"
EXEC_COMPLETED = "command-exec-completed"
POLL_SECONDS = 0.2
HEARTBEAT_SECONDS = 15.0
AWS_WAIT_SECONDS = 10.0
RETRY_MS = 500
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


class Stream:
    """Formats the events of one task's stream."""

    def __init__(self, command: str, uuid: str, extend: str) -> None:
        self.command, self.uuid, self.extend = command, uuid, extend

    def event(self, data: str, event_id: str = "") -> str:
        body = json.dumps(
            {"data": data, "uuid": self.uuid, "extend": self.extend, "key": self.command}, ensure_ascii=False
        )
        return (f"id: {event_id}\n" if event_id else "") + f"data: {body}\n\n"


async def _refused(stream: Stream, message: str) -> AsyncIterator[str]:
    yield stream.event(f"Error: {message}")
    yield stream.event(EXEC_ERROR)
    yield stream.event(EXEC_COMPLETED)


async def _follow(
    request: Request, stream: Stream, job_id: str, after: int, replay_only: bool
) -> AsyncIterator[str]:
    yield stream.event(LINK_SUCCESS, service.event_id(job_id, after))
    started = last_sent = time.monotonic()
    sent_lines = False
    while True:
        lines = await run_in_threadpool(jobs.read_lines, job_id, after)
        for seq, text in lines:
            after = seq
            yield stream.event(text, service.event_id(job_id, seq))
        if lines:
            last_sent, sent_lines = time.monotonic(), True
            continue  # there may be more than one page
        job = await run_in_threadpool(jobs.get_job, job_id)
        if job is None or job.status in jobs.FINISHED:
            # The last lines may have been written between the read above and this one (a job writes
            # its lines before its final status): send them before saying it ended.
            for seq, text in await run_in_threadpool(jobs.read_lines, job_id, after):
                after = seq
                yield stream.event(text, service.event_id(job_id, seq))
            done = job is not None and job.status == "done"
            yield stream.event(EXEC_SUCCESS if done else EXEC_ERROR, service.event_id(job_id, after))
            yield stream.event(EXEC_COMPLETED, service.event_id(job_id, after))
            return
        now = time.monotonic()
        if replay_only and (sent_lines and now - last_sent > 0.3 or now - started > AWS_WAIT_SECONDS):
            # Lambda: end this response; EventSource comes back with Last-Event-ID after RETRY_MS.
            yield f"retry: {RETRY_MS}\n\n"
            return
        if not replay_only and await request.is_disconnected():
            return  # the task goes on; a reconnect follows it again
        if now - last_sent > HEARTBEAT_SECONDS:
            last_sent = now
            yield ": keep-alive\n\n"
        await asyncio.sleep(POLL_SECONDS)


@router.get("/check", name="admin_terminal_check", response_model=Envelope[TerminalCheck])
def check(ctx: Annotated[AdminContext, require(PERMISSION)]) -> dict[str, object]:
    """A plain JSON call the panel makes just before it opens a stream: through the request client, an
    expired token is refreshed (body code 409) and a refusal shown, which EventSource cannot do."""
    return success({"mode": service.mode(), "tasks": service.available(grant=ctx.grant)})


@router.get("/index", name="admin_terminal_index", response_class=StreamingResponse)
async def index(
    request: Request,
    ctx: Annotated[AdminContext, require(PERMISSION)],
    command: Annotated[str, Query(max_length=64)] = "",
    uuid: Annotated[str, Query(max_length=64)] = "",
    extend: Annotated[str, Query(max_length=255)] = "",
    lang: Annotated[str, Query(max_length=8)] = "",
) -> StreamingResponse:
    """Run whitelisted task `command` (or follow it again after `Last-Event-ID`) as server-sent events."""
    language = lang if lang in SUPPORTED_LANGS else get_lang()
    stream = Stream(command, uuid, extend)

    def respond(body: AsyncIterator[str]) -> StreamingResponse:
        return StreamingResponse(body, media_type="text/event-stream", headers=SSE_HEADERS)

    spec = service.task(command)
    if spec is None:
        return respond(_refused(stream, t("The command was not allowed to be executed", language)))
    if not service.permitted(spec, ctx.grant):
        # Each task needs the permission of what it does (a publish: the Publish button's), not only
        # the terminal's; following such a task's job after a reconnect too.
        return respond(_refused(stream, t("You do not have permission to operate!", language)))
    if not service.UUID_PATTERN.fullmatch(uuid):
        return respond(_refused(stream, t("Incorrect parameter!", language)))
    replay_only = service.mode() == "aws"
    resume = service.parse_event_id(request.headers.get("last-event-id", ""))
    if resume is not None:
        job = await run_in_threadpool(jobs.get_job, resume[0])
        if service.attachable(job, command, uuid, ctx.id, ctx.is_super):
            return respond(_follow(request, stream, resume[0], resume[1], replay_only))
        return respond(_refused(stream, t("Incorrect parameter!", language)))
    try:
        job = await run_in_threadpool(service.start, command, uuid, extend, ctx.id, ctx.grant)
    except service.TaskRefused as refused:
        return respond(_refused(stream, t(refused.message, language, **refused.params)))
    return respond(_follow(request, stream, job.id, 0, replay_only))


class TerminalConfigBody(Schema):
    manager: str | None = Field(default=None, max_length=16)
    port: str | int | None = Field(default=None)
    automaticCleanupTask: str | int | None = Field(default=None)  # noqa: N815 - the client's field name


@config_router.post(
    "/changeTerminalConfig",
    name="admin_ajax_change_terminal_config",
    response_model=Envelope[TerminalSettings],
)
def change_terminal_config(
    body: TerminalConfigBody, ctx: Annotated[AdminContext, require(PERMISSION)]
) -> dict[str, object]:
    """Save the terminal's settings; answers `{manager, port, automatic_cleanup_task, …}`."""
    changes: dict[str, str] = {}
    if body.manager is not None:
        if body.manager not in service.MANAGER_CHOICES:
            raise ApiError("Unknown package manager")
        changes["manager"] = body.manager
    if body.port is not None:
        port = str(body.port).strip()
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise ApiError("The port must be a number from 1 to 65535")
        changes["port"] = str(int(port))
    if body.automaticCleanupTask is not None:
        value = str(body.automaticCleanupTask)
        if value not in ("0", "1"):
            raise ApiError("Automatic cleanup must be 0 or 1")
        changes["automatic_cleanup_task"] = value
    service.save_config(changes)
    return success(service.client_config(ctx.grant), "Terminal settings saved")
