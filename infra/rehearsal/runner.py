"""What runs inside one rehearsal container (a fresh python3.12, `-I -B`: isolated and never writing
bytecode, like Lambda's read-only runtime). Started by `container.Container`:

    python3.12 -I -B runner.py <handler> <calls.jsonl> <path> [<path> …]

`<path>`s go first on sys.path in Lambda's order: the function's code (/var/task), its layers
(/opt/python), then the SDK the runtime ships (boto3, botocore, s3transfer). The handler module is
imported once (the INIT phase); then each line on stdin is one invocation `{"event", "request_id"}` and
each line written to the result pipe its answer `{"ok": true, "result"}` or `{"ok": false,
"errorType", "errorMessage", "trace"}`. Whatever the function prints or logs goes to stderr (the
container's log), never into the answers.

Every AWS call the function makes is recorded (botocore's `before-parameter-build` event, registered on
every botocore session: boto3's clients and PynamoDB's own) as one JSON line in `<calls.jsonl>`:
`{"service", "operation", "params"}` with the parameters that name resources (buckets, keys, tables,
secrets, functions, stores, distributions, topics, sender).
"""

import importlib
import json
import os
import sys
import time
import traceback

NAMING = (
    "Bucket",
    "Key",
    "TableName",
    "SecretId",
    "FunctionName",
    "InvocationType",
    "KvsARN",
    "DistributionId",
    "TopicArn",
    "PhoneNumber",
    "Source",
    "FromEmailAddress",
    "IndexName",
    "VersionStage",
)


def main() -> None:
    handler_name, calls_path, *paths = sys.argv[1:]
    sys.path[:0] = paths
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # the function's prints and logs: the container's log (stderr)
    calls = open(calls_path, "a", buffering=1)  # noqa: SIM115 - open for the container's life

    def names(params: dict) -> dict:
        found = {k: params[k] for k in NAMING if isinstance(params.get(k), str)}
        for kind in ("TransactItems", "RequestItems"):
            if kind in params:  # DynamoDB transactions and batches: the tables and what is done to each
                items = params[kind]
                if isinstance(items, dict):
                    found[kind] = {table: len(requests) for table, requests in items.items()}
                else:
                    found[kind] = [
                        [action, body.get("TableName")] for item in items for action, body in item.items()
                    ]
        return found

    def record(event_name, params, model, context=None, **_):
        service = event_name.split(".")[1]
        named = names(params)
        source = params.get("CopySource")
        if source:  # CopyObject reads its source
            named["CopySource"] = {"Bucket": source["Bucket"]} if isinstance(source, dict) else str(source)
        if (context or {}).get("is_presign_request"):  # a presigned URL or POST: the caller uses it
            named["presign"] = True
        calls.write(json.dumps({"service": service, "operation": model.name, "params": named}) + "\n")

    import botocore.session

    original = botocore.session.Session.__init__

    def watched(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.register("before-parameter-build.*.*", record)

    botocore.session.Session.__init__ = watched

    module_name, _, function_name = handler_name.rpartition(".")
    started = time.monotonic()
    module = importlib.import_module(module_name)
    handler = getattr(module, function_name)
    sys.stderr.write(f"[rehearsal] INIT {handler_name} {time.monotonic() - started:.2f}s\n")

    class Context:
        function_name = os.environ.get("AWS_LAMBDA_FUNCTION_NAME", "rehearsal")
        function_version = "$LATEST"
        memory_limit_in_mb = int(os.environ.get("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "128"))
        invoked_function_arn = f"arn:aws:lambda:us-east-1:123456789012:function:{function_name}"
        log_group_name = f"/aws/lambda/{function_name}"
        log_stream_name = "rehearsal"
        aws_request_id = ""
        deadline = 0.0

        def get_remaining_time_in_millis(self) -> int:
            return max(0, int((self.deadline - time.monotonic()) * 1000))

    timeout = float(os.environ.get("REHEARSAL_TIMEOUT", "900"))
    for line in sys.stdin:
        request = json.loads(line)
        context = Context()
        context.aws_request_id = request["request_id"]
        context.deadline = time.monotonic() + timeout
        try:
            result = handler(request["event"], context)
            answer = {"ok": True, "result": result}
        except Exception as error:  # noqa: BLE001 - reported as Lambda reports an unhandled error
            answer = {
                "ok": False,
                "errorType": type(error).__name__,
                "errorMessage": str(error),
                "trace": traceback.format_exc(),
            }
        answers.write(json.dumps(answer, default=str) + "\n")


if __name__ == "__main__":
    main()
