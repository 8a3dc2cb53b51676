"""A function's containers: each one a python3.12 process running `runner.py` on the built package,
with the environment the template gives the function plus what Lambda's runtime sets and where the
local services are. A container is kept warm between invocations (its module state, its cached
secrets), as Lambda keeps it; `Functions` starts another when every container of the function is busy,
or when asked for a cold one."""

from __future__ import annotations

import datetime
import json
import subprocess
import threading
import uuid
from pathlib import Path
from typing import Any

RUNNER = Path(__file__).with_name("runner.py")


class ContainerCrashed(RuntimeError):
    """The process ended (an INIT failure, a crash): its log says why."""


class Container:
    def __init__(
        self,
        python: str,
        handler: str,
        paths: list[Path],
        environment: dict[str, str],
        calls: Path,
        log: Path,
    ) -> None:
        self.log = log
        self.lock = threading.Lock()
        self.log_file = log.open("ab")
        self.process = subprocess.Popen(  # noqa: S603 - fixed argument list
            [python, "-I", "-B", str(RUNNER), handler, str(calls), *(str(p) for p in paths)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log_file,
            env=environment,
            cwd=paths[0],
            text=True,
        )

    def invoke(self, event: Any) -> dict:
        with self.lock:
            assert self.process.stdin is not None and self.process.stdout is not None
            request = {"event": event, "request_id": str(uuid.uuid4())}
            try:
                self.process.stdin.write(json.dumps(request) + "\n")
                self.process.stdin.flush()
            except BrokenPipeError as error:
                raise ContainerCrashed(self._tail()) from error
            line = self.process.stdout.readline()
            if not line:
                raise ContainerCrashed(self._tail())
            return json.loads(line)

    def _tail(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log_file.close()


class Functions:
    """Lambda for the rehearsal: the functions of the template, their containers, async invocations
    and the `AWS/Lambda` metrics (Invocations, Errors) the alarms watch."""

    def __init__(
        self,
        python: str,
        specs: dict[str, dict],
        work: Path,
        base_environment: dict[str, str],
        cloudwatch: Any,
    ) -> None:
        self.python = python
        self.specs = {spec["name"]: spec for spec in specs.values()}
        self.work = work
        self.base = base_environment
        self.cloudwatch = cloudwatch
        self.containers: dict[str, list[Container]] = {name: [] for name in self.specs}
        self.busy: set[int] = set()
        self.lock = threading.Condition()
        self.pending = 0
        self.answers: list[tuple[str, dict]] = []  # (function name, answer) of every invocation

    def calls_file(self, name: str) -> Path:
        return self.work / f"calls-{name}.jsonl"

    def calls(self, name: str) -> list[dict]:
        path = self.calls_file(name)
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]

    def start(self, name: str) -> Container:
        spec = self.specs[name]
        environment = {
            **self.base,
            **spec["environment"],
            "AWS_LAMBDA_FUNCTION_NAME": name,
            "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": str(spec["memory"]),
            "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
            "AWS_EXECUTION_ENV": "AWS_Lambda_python3.12",
            "LAMBDA_TASK_ROOT": str(spec["code"]),
            "REHEARSAL_TIMEOUT": str(spec["timeout"]),
        }
        number = len(self.containers[name]) + 1
        tmp = self.work / f"tmp-{name}-{number}"
        tmp.mkdir(parents=True, exist_ok=True)
        environment["TMPDIR"] = str(tmp)  # Lambda's /tmp, one per container
        container = Container(
            self.python,
            spec["handler"],
            [spec["code"], *spec["layer_dirs"], spec["sdk"]],
            environment,
            self.calls_file(name),
            self.work / f"log-{name}-{number}.txt",
        )
        with self.lock:
            self.containers[name].append(container)
        return container

    def _take(self, name: str) -> Container:
        with self.lock:
            for container in self.containers[name]:
                if id(container) not in self.busy and container.process.poll() is None:
                    self.busy.add(id(container))
                    return container
        container = self.start(name)
        with self.lock:
            self.busy.add(id(container))
        return container

    def run(self, name: str, event: Any, container: Container | None = None) -> dict:
        """One invocation, in `container` or an idle (else a new) one of the function."""
        chosen = container or self._take(name)
        try:
            answer = chosen.invoke(event)
        except ContainerCrashed as crash:
            answer = {"ok": False, "errorType": "Runtime.ExitError", "errorMessage": str(crash)}
        finally:
            with self.lock:
                self.busy.discard(id(chosen))
        with self.lock:
            self.answers.append((name, answer))
        self._metrics(name, failed=not answer["ok"])
        return answer

    def _metrics(self, name: str, failed: bool) -> None:
        now = datetime.datetime.now(datetime.UTC)
        dimensions = [{"Name": "FunctionName", "Value": name}]
        self.cloudwatch.put_metric_data(
            Namespace="AWS/Lambda",
            MetricData=[
                {"MetricName": "Invocations", "Dimensions": dimensions, "Value": 1, "Timestamp": now},
                {
                    "MetricName": "Errors",
                    "Dimensions": dimensions,
                    "Value": 1 if failed else 0,
                    "Timestamp": now,
                },
            ],
        )

    def invoke(self, name: str, payload: bytes, asynchronous: bool) -> tuple[bytes, bool]:
        """Lambda's Invoke API (the stand-in's endpoint calls it)."""
        if name not in self.specs:
            return json.dumps({"Message": f"Function not found: {name}"}).encode(), True
        event = json.loads(payload or b"{}")
        if not asynchronous:
            answer = self.run(name, event)
            body = answer["result"] if answer["ok"] else {k: answer[k] for k in ("errorType", "errorMessage")}
            return json.dumps(body).encode(), not answer["ok"]
        with self.lock:
            self.pending += 1

        def background() -> None:
            try:
                self.run(name, event)
            finally:
                with self.lock:
                    self.pending -= 1
                    self.lock.notify_all()

        threading.Thread(target=background, daemon=True).start()
        return b"", False

    def wait_idle(self, timeout: float) -> bool:
        """Until no asynchronous invocation is queued or running."""
        with self.lock:
            return self.lock.wait_for(lambda: self.pending == 0, timeout=timeout)

    def stop(self) -> None:
        for containers in self.containers.values():
            for container in containers:
                container.stop()
