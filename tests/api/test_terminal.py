# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The build-task terminal (functions.services.terminal, functions.routes.admin.terminal) over HTTP
against DynamoDB Local: a real whitelisted command streamed line by line as server-sent events, a
reconnect that resumes from Last-Event-ID without running the task again, the Lambda mode where each
response replays the job log and closes, refused commands, refused callers, and the settings call."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from functions.core.settings import get_settings
from functions.services import jobs
from functions.services import terminal as service
from tests.api.admin_support import AdminUser, make_admin, ok  # noqa: F401

URL = "/srv/admin/Terminal/index"


def sse(text: str) -> list[dict[str, Any]]:
    """The events of an event-stream body: `{"id", "retry", "data"}` (data parsed as JSON)."""
    events = []
    for block in text.split("\n\n"):
        event: dict[str, Any] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            if name == "data":
                event["data"] = json.loads(value)
            elif name in ("id", "retry"):
                event[name] = value
        if event:
            events.append(event)
    return events


def datas(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["data"] for e in events if "data" in e]


def run(
    api: httpx.Client, admin: AdminUser, command: str, uuid: str = "task-1", **headers: str
) -> tuple[httpx.Response, list[dict[str, Any]]]:
    """Open the stream the way EventSource does (token in the query) and read it to its end."""
    params = {"command": command, "uuid": uuid, "extend": "", "batoken": admin.token}
    response = api.get(URL, params=params, headers=headers, timeout=60)
    return response, sse(response.text)


def test_local_streams_a_real_command_line_by_line(api: httpx.Client, super_admin: AdminUser) -> None:
    assert service.mode() == "local"
    params = {"command": "test.npm", "uuid": "local-1", "extend": "x", "batoken": super_admin.token}
    arrivals: list[tuple[float, str]] = []
    with api.stream("GET", URL, params=params, timeout=60) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        buffer = ""
        for chunk in response.iter_text():
            buffer += chunk
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                for event in sse(block + "\n\n"):
                    arrivals.append((time.monotonic(), event["data"]["data"]))
    lines = [text for _, text in arrivals]
    assert lines[0] == "command-link-success"
    assert lines[1] == "> npm --version"
    version = lines[2]
    assert version.split(".")[0].isdigit(), lines
    assert lines[-3:] == ["exitCode: 0", "command-exec-success", "command-exec-completed"]
    # The panel's fields come back on every event.
    first = sse(f"data: {json.dumps({'data': 'x'})}\n\n")
    assert first[0]["data"]["data"] == "x"


def test_events_carry_the_task_and_a_resumable_id(api: httpx.Client, super_admin: AdminUser) -> None:
    response, events = run(api, super_admin, "test.npm", uuid="ids-1")
    assert all(e["data"]["uuid"] == "ids-1" and e["data"]["key"] == "test.npm" for e in events)
    job_id, seq = service.parse_event_id(events[-1]["id"]) or ("", 0)
    job = jobs.get_job(job_id)
    assert job is not None and job.kind == "terminal" and job.status == "done"
    assert job.params_doc()["command"] == "test.npm" and job.by == super_admin.id
    assert seq == job.last_seq == 3  # "> npm --version", the version, "exitCode: 0"


def test_a_reconnect_resumes_after_last_event_id_and_does_not_run_again(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    _, events = run(api, super_admin, "test.npm", uuid="resume-1")
    first_line = next(e for e in events if e["data"]["data"] == "> npm --version")
    job_id, _ = service.parse_event_id(first_line["id"]) or ("", 0)
    before = len(jobs.latest_jobs(service.KIND, 100))
    _, again = run(api, super_admin, "test.npm", uuid="resume-1", **{"Last-Event-ID": first_line["id"]})
    lines = datas(again)
    assert lines[0] == "command-link-success"
    assert "> npm --version" not in lines  # only what came after the last event received
    assert lines[-3:] == ["exitCode: 0", "command-exec-success", "command-exec-completed"]
    assert len(jobs.latest_jobs(service.KIND, 100)) == before  # nothing started again
    assert all(service.parse_event_id(e["id"])[0] == job_id for e in again if "id" in e)  # type: ignore[index]


def test_a_failing_command_ends_with_exec_error(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(service.TASKS, "test.npm", service.Task("test.npm", argv=("npm", "no-such-cmd")))
    _, events = run(api, super_admin, "test.npm", uuid="fail-1")
    lines = datas(events)
    assert lines[-2:] == ["command-exec-error", "command-exec-completed"]
    assert any(line.startswith("exitCode: ") and line != "exitCode: 0" for line in lines)


@pytest.mark.parametrize("command", ["rm -rf /", "test.npm; ls", "web-build", "web-build.bash", "", "../x"])
def test_commands_outside_the_whitelist_are_refused(
    api: httpx.Client, super_admin: AdminUser, command: str
) -> None:
    before = len(jobs.latest_jobs(service.KIND, 100))
    response, events = run(api, super_admin, command, uuid="refused-1")
    assert response.status_code == 200
    assert datas(events) == [
        "Error: 不允许执行该命令",
        "command-exec-error",
        "command-exec-completed",
    ]
    assert len(jobs.latest_jobs(service.KIND, 100)) == before


def test_a_refusal_is_in_the_language_asked_for(api: httpx.Client, super_admin: AdminUser) -> None:
    params = {"command": "nope", "uuid": "u", "batoken": super_admin.token, "lang": "en"}
    events = sse(api.get(URL, params=params).text)
    assert datas(events)[0] == "Error: The command was not allowed to be executed"


def test_a_missing_tool_is_explained(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(
        service.TASKS, "test.cnpm", service.Task("test.cnpm", argv=("cityops-no-such-tool", "--version"))
    )
    params = {"command": "test.cnpm", "uuid": "u2", "batoken": super_admin.token, "lang": "en"}
    lines = datas(sse(api.get(URL, params=params).text))
    assert lines == [
        "Error: cityops-no-such-tool is not installed on the server: choose another package manager",
        "command-exec-error",
        "command-exec-completed",
    ]


def test_bad_uuid_is_refused(api: httpx.Client, super_admin: AdminUser) -> None:
    _, events = run(api, super_admin, "test.npm", uuid="<script>")
    assert datas(events)[:2] == ["Error: 参数不正确！", "command-exec-error"]


def test_callers_without_login_or_permission_are_refused(api: httpx.Client, admin_seed: None) -> None:
    response = api.get(URL, params={"command": "test.npm", "uuid": "x"})
    body = response.json()
    assert body["code"] == 302 and body["data"]["routeName"] == "adminLogin"
    lacking = make_admin(api, ["routine/publish"])
    body = api.get(URL, params={"command": "test.npm", "uuid": "x", "batoken": lacking.token}).json()
    assert body["code"] == 401
    holding = make_admin(api, ["routine/terminal"])
    response, events = run(api, holding, "test.npm", uuid="holder-1")
    assert datas(events)[-1] == "command-exec-completed"


def test_another_admins_task_cannot_be_followed(api: httpx.Client, super_admin: AdminUser) -> None:
    _, events = run(api, super_admin, "test.npm", uuid="mine-1")
    other = make_admin(api, ["routine/terminal"])
    _, stolen = run(api, other, "test.npm", uuid="mine-1", **{"Last-Event-ID": events[1]["id"]})
    assert datas(stolen)[:2] == ["Error: 参数不正确！", "command-exec-error"]


# --- Lambda: no shell; tasks are jobs of the rebuild function, each response replays and closes ------


class FakeCloudFront:
    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def create_invalidation(self, **request: Any) -> dict[str, Any]:
        self.calls.append(request)
        return {"Invalidation": {"Id": "I2TERMINAL"}}


@pytest.fixture
def on_lambda(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    invoked: list[dict[str, Any]] = []
    monkeypatch.setattr(get_settings(), "rebuild_function", "cityops-test-rebuild")
    monkeypatch.setattr(get_settings(), "distribution_id", "E2TEST")
    monkeypatch.setattr(service, "invoke_rebuild", invoked.append)
    yield invoked


def test_lambda_replays_the_job_log_from_last_event_id_and_closes(
    api: httpx.Client, super_admin: AdminUser, on_lambda: list[dict[str, Any]]
) -> None:
    assert service.mode() == "aws"
    started = time.monotonic()
    _, first = run(api, super_admin, "cdn-clear", uuid="aws-1")
    assert time.monotonic() - started < 5  # a short response, not a long stream
    assert datas(first) == ["command-link-success", "queued: cdn-clear"]
    assert first[-1]["retry"] == "500"  # EventSource comes back soon
    assert len(on_lambda) == 1 and on_lambda[0]["task"] == "cdn-clear"
    job_id = on_lambda[0]["job_id"]
    last_id = [e for e in first if "id" in e][-1]["id"]
    assert last_id == f"{job_id}:1"

    # The rebuild function runs the job (here in-process with a CloudFront stand-in).
    cloudfront = FakeCloudFront()
    assert service.run_aws_task(job_id, "cdn-clear", cloudfront=cloudfront)
    assert cloudfront.calls[0]["DistributionId"] == "E2TEST"
    assert cloudfront.calls[0]["InvalidationBatch"]["Paths"]["Items"] == ["/*"]

    _, second = run(api, super_admin, "cdn-clear", uuid="aws-1", **{"Last-Event-ID": last_id})
    lines = datas(second)
    assert "queued: cdn-clear" not in lines  # replayed from after the last event received
    assert lines == [
        "command-link-success",
        "invalidation I2TERMINAL of /* on E2TEST",
        "done",
        "command-exec-success",
        "command-exec-completed",
    ]
    assert len(on_lambda) == 1  # the reconnect did not start the task again


def test_lambda_resumes_mid_job(
    api: httpx.Client, super_admin: AdminUser, on_lambda: list[dict[str, Any]]
) -> None:
    _, first = run(api, super_admin, "cdn-clear", uuid="aws-2")
    job_id = on_lambda[0]["job_id"]
    jobs.set_status(job_id, "building")
    jobs.append_lines(job_id, ["step 1", "step 2"])
    _, second = run(api, super_admin, "cdn-clear", uuid="aws-2", **{"Last-Event-ID": first[-2]["id"]})
    assert datas(second) == ["command-link-success", "step 1", "step 2"]
    assert second[-1]["retry"] == "500"
    jobs.append_lines(job_id, ["step 3"])
    jobs.set_status(job_id, "failed")
    last = [e for e in second if "id" in e][-1]["id"]
    _, third = run(api, super_admin, "cdn-clear", uuid="aws-2", **{"Last-Event-ID": last})
    assert datas(third) == ["command-link-success", "step 3", "command-exec-error", "command-exec-completed"]


def test_lines_written_just_before_the_end_are_sent_before_it(
    api: httpx.Client,
    super_admin: AdminUser,
    on_lambda: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A job writes its last line, then its final status; the stream reads lines, then the status. When
    both writes land between those two reads, the last line must still reach the admin."""
    _, first = run(api, super_admin, "cdn-clear", uuid="aws-3")
    job_id = on_lambda[0]["job_id"]
    jobs.set_status(job_id, "building")
    real_read_lines = jobs.read_lines

    def read_then_finish(wanted: str, after: int, limit: int = 500) -> list[tuple[int, str]]:
        lines = real_read_lines(wanted, after, limit)
        job = jobs.get_job(job_id)
        if wanted == job_id and not lines and job is not None and job.status != "done":
            jobs.append_lines(job_id, ["done"])
            jobs.set_status(job_id, "done")
        return lines

    monkeypatch.setattr(jobs, "read_lines", read_then_finish)
    _, second = run(api, super_admin, "cdn-clear", uuid="aws-3", **{"Last-Event-ID": first[-2]["id"]})
    assert datas(second) == ["command-link-success", "done", "command-exec-success", "command-exec-completed"]


def test_lambda_refuses_tasks_that_need_a_shell(
    api: httpx.Client, super_admin: AdminUser, on_lambda: list[dict[str, Any]]
) -> None:
    params = {"command": "web-build.npm", "uuid": "aws-3", "batoken": super_admin.token, "lang": "en"}
    lines = datas(sse(api.get(URL, params=params).text))
    assert lines[0] == "Error: This task needs a shell: run it on a development machine (make run)"
    assert lines[1:] == ["command-exec-error", "command-exec-completed"]
    assert on_lambda == []
    tasks = ok(api.get("/srv/admin/index/index", headers=super_admin.headers))["terminal"]["tasks"]
    assert sorted(tasks) == ["cdn-clear", "data-upgrade", "publish"]


def test_rebuild_function_runs_terminal_tasks(monkeypatch: pytest.MonkeyPatch, dynamodb: Any) -> None:
    import boto3

    from functions.publish import rebuild

    cloudfront = FakeCloudFront()
    monkeypatch.setattr(get_settings(), "distribution_id", "E2TEST")
    monkeypatch.setattr(boto3, "client", lambda name, **kwargs: cloudfront)
    job = jobs.create_job(service.KIND, by=None, params={"command": "cdn-clear", "uuid": "r"})
    assert rebuild.handler({"job_id": job.id, "task": "cdn-clear"}) == {"job_id": job.id, "ok": True}
    done = jobs.get_job(job.id)
    assert done is not None and done.status == "done" and len(cloudfront.calls) == 1
    bad = jobs.create_job(service.KIND, by=None, params={})
    with pytest.raises(RuntimeError):
        rebuild.handler({"job_id": bad.id, "task": "format-disk"})
    assert [text for _, text in jobs.read_lines(bad.id, 0)] == ["Error: unknown task 'format-disk'"]


class FakeLambda:
    """The rebuild function's Lambda client: records each invoke, answers like the bootstrap function."""

    def __init__(self, answer: dict[str, Any], error: str | None = None) -> None:
        self.calls: list[dict[str, Any]] = []
        self.answer, self.error = answer, error

    def invoke(self, **request: Any) -> dict[str, Any]:
        self.calls.append(request)
        reply: dict[str, Any] = {"StatusCode": 200, "Payload": io.BytesIO(json.dumps(self.answer).encode())}
        return reply | ({"FunctionError": self.error} if self.error else {})


def test_data_upgrade_on_lambda_runs_in_the_bootstrap_function(
    api: httpx.Client,
    super_admin: AdminUser,
    on_lambda: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(get_settings(), "bootstrap_function", "cityops-test-bootstrap")
    _, first = run(api, super_admin, "data-upgrade", uuid="aws-up")
    assert datas(first) == ["command-link-success", "queued: data-upgrade"]
    job_id = on_lambda[0]["job_id"]
    client = FakeLambda({"lines": ["tables are up to date"]})
    assert service.run_aws_task(job_id, "data-upgrade", lambda_client=client)
    (call,) = client.calls
    assert call["FunctionName"] == "cityops-test-bootstrap" and call["InvocationType"] == "RequestResponse"
    assert json.loads(call["Payload"]) == {"task": "data-upgrade"}
    _, second = run(api, super_admin, "data-upgrade", uuid="aws-up", **{"Last-Event-ID": f"{job_id}:1"})
    assert datas(second)[1:3] == ["cityops-test-bootstrap: tables are up to date", "done"]
    assert "command-exec-success" in datas(second)
    # The bootstrap function failed: the job fails and says why.
    failed = jobs.create_job(service.KIND, by=None, params={"command": "data-upgrade", "uuid": "f"})
    broken = FakeLambda({"errorMessage": "no admin yet"}, error="Unhandled")
    assert not service.run_aws_task(failed.id, "data-upgrade", lambda_client=broken)
    assert [text for _, text in jobs.read_lines(failed.id, 0)] == [
        "Error: cityops-test-bootstrap: no admin yet"
    ]


# --- Settings ---------------------------------------------------------------------------------------


def test_change_terminal_config(api: httpx.Client, super_admin: AdminUser) -> None:
    url = "/srv/admin/ajax/changeTerminalConfig"
    defaults = ok(api.get("/srv/admin/index/index", headers=super_admin.headers))["terminal"]
    assert defaults["npm_package_manager"] == "pnpm" and defaults["install_service_port"] == "8000"
    assert defaults["automatic_cleanup_task"] == "1" and defaults["mode"] == "local"
    assert "web-build.pnpm" in defaults["tasks"] and "publish" in defaults["tasks"]
    try:
        saved = ok(
            api.post(
                url,
                json={"manager": "npm", "port": "8080", "automaticCleanupTask": "0"},
                headers=super_admin.headers,
            )
        )
        assert saved["npm_package_manager"] == "npm" and saved["install_service_port"] == "8080"
        again = ok(api.get("/srv/admin/index/index", headers=super_admin.headers))["terminal"]
        assert again["automatic_cleanup_task"] == "0" and again["npm_package_manager"] == "npm"
        for bad, message in (
            ({"manager": "bash"}, "未知的包管理器"),
            ({"port": "80; rm"}, "端口必须是 1 到 65535 之间的数字"),
            ({"port": 70000}, "端口必须是 1 到 65535 之间的数字"),
            ({"automaticCleanupTask": "2"}, "自动清理只能是 0 或 1"),
        ):
            body = api.post(url, json=bad, headers=super_admin.headers).json()
            assert body["code"] == 0 and body["msg"] == message, bad
    finally:
        ok(
            api.post(
                url,
                json={"manager": "pnpm", "port": 8000, "automaticCleanupTask": 1},
                headers=super_admin.headers,
            )
        )
    lacking = make_admin(api, ["routine/publish"])
    assert api.post(url, json={"manager": "npm"}, headers=lacking.headers).json()["code"] == 401


def test_check_before_a_stream(api: httpx.Client, super_admin: AdminUser) -> None:
    data = ok(api.get("/srv/admin/Terminal/check", headers=super_admin.headers))
    assert data["mode"] == "local" and "test.npm" in data["tasks"]
    lacking = make_admin(api, ["routine/publish"])
    assert api.get("/srv/admin/Terminal/check", headers=lacking.headers).json()["code"] == 401


# --- Each task needs the permission of its action; no package manager runs nothing -----------------


def test_each_task_needs_the_permission_of_what_it_does(api: httpx.Client, admin_seed: None) -> None:
    from functions.services import publish_jobs as publish

    terminal_only = make_admin(api, ["routine/terminal"])
    publisher = make_admin(api, ["routine/terminal", "routine/publish/publish"])
    before = (len(jobs.latest_jobs(service.KIND, 100)), len(jobs.latest_jobs(publish.KIND, 100)))
    for command in ("publish", "cdn-clear", "data-upgrade"):
        for lang, message in (
            ("zh-cn", "您没有权限进行此操作！"),
            ("en", "You do not have permission to operate!"),
        ):
            params = {
                "command": command,
                "uuid": f"deny-{command}",
                "batoken": terminal_only.token,
                "lang": lang,
            }
            lines = datas(sse(api.get(URL, params=params, timeout=60).text))
            assert lines == [f"Error: {message}", "command-exec-error", "command-exec-completed"], command
    _, events = run(api, publisher, "data-upgrade", uuid="deny-upgrade")
    assert datas(events)[0] == "Error: 您没有权限进行此操作！"
    # Nothing started: no terminal job, no publish.
    assert (len(jobs.latest_jobs(service.KIND, 100)), len(jobs.latest_jobs(publish.KIND, 100))) == before

    # The shell and the check before a stream list only what the admin may run.
    for admin, missing, present in (
        (terminal_only, {"publish", "cdn-clear", "data-upgrade"}, {"test.npm", "web-build.pnpm"}),
        (publisher, {"data-upgrade"}, {"publish", "cdn-clear", "test.npm"}),
    ):
        listed = set(ok(api.get("/srv/admin/Terminal/check", headers=admin.headers))["tasks"])
        assert not listed & missing and present <= listed
        shell = ok(api.get("/srv/admin/index/index", headers=admin.headers))["terminal"]["tasks"]
        assert set(shell) == listed

    # Holding the action's permission, the task runs (clearing caches: quick and harmless).
    _, events = run(api, publisher, "cdn-clear", uuid="allow-cdn")
    assert datas(events)[-2:] == ["command-exec-success", "command-exec-completed"]


def test_with_no_package_manager_no_package_manager_task_runs(
    api: httpx.Client, super_admin: AdminUser
) -> None:
    url = "/srv/admin/ajax/changeTerminalConfig"
    ok(api.post(url, json={"manager": "none"}, headers=super_admin.headers))
    try:
        before = len(jobs.latest_jobs(service.KIND, 100))
        for command in ("test.npm", "web-install.pnpm", "web-build.yarn", "test-web.npm"):
            for lang, message in (
                (
                    "zh-cn",
                    "包管理器设置为“无”（命令需手动执行）：请先在终端的包管理器设置中选择一个，再执行此任务",
                ),
                (
                    "en",
                    "The package manager is set to none (commands run by hand): choose one in the terminal's "
                    "package manager setting to run this task",
                ),
            ):
                params = {"command": command, "uuid": "none-1", "batoken": super_admin.token, "lang": lang}
                lines = datas(sse(api.get(URL, params=params, timeout=60).text))
                assert lines == [f"Error: {message}", "command-exec-error", "command-exec-completed"], command
        assert len(jobs.latest_jobs(service.KIND, 100)) == before  # nothing ran
        # Tasks without a package manager still run.
        _, events = run(api, super_admin, "cdn-clear", uuid="none-cdn")
        assert datas(events)[-2:] == ["command-exec-success", "command-exec-completed"]
    finally:
        ok(api.post(url, json={"manager": "pnpm"}, headers=super_admin.headers))
