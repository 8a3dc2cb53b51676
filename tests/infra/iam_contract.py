"""IAM as a contract: every AWS call a function's code makes in a test is recorded (botocore's
`before-parameter-build` event on the clients and the default session) and checked against that
function's policy in the synthesized template. A call the policy does not allow fails the test — the
way a missing grant (the rebuild's read of the uploads bucket) shows before a deploy does.

What is checked: the IAM action of each call (`s3:PutObject`, `secretsmanager:GetSecretValue`,
`lambda:InvokeFunction`…) against the Allow statements of the role's policies (IAM wildcards), minus
its Deny statements; for S3, also the bucket (the statement's resources must name the bucket the call
went to, through the test's bucket name -> logical id map); for Lambda's Invoke, the called function's
resource policy (`AWS::Lambda::Permission` naming the caller's role). Not checked: other resource ARNs
(secrets, the store, the distribution are matched by action only) and DynamoDB (PynamoDB's own
botocore session, not recorded here)."""

from __future__ import annotations

import fnmatch
from typing import Any

from test_infra_stack import _actions, _statements, of_type, refs

# The IAM action of a call, where it is not `<service>:<operation>`.
SERVICE_PREFIXES = {"secrets-manager": "secretsmanager"}
ACTIONS = {
    ("s3", "ListObjectsV2"): "s3:ListBucket",
    ("s3", "HeadObject"): "s3:GetObject",
    ("s3", "DeleteObjects"): "s3:DeleteObject",
    ("lambda", "Invoke"): "lambda:InvokeFunction",
}


class Recorder:
    """The calls made through the watched event emitters: (service, operation, params)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, dict[str, Any]]] = []

    def watch(self, *emitters: Any) -> Recorder:
        for events in emitters:
            events.register("before-parameter-build.*.*", self._record)
        return self

    def _record(self, event_name: str, params: dict[str, Any], model: Any, **_: Any) -> None:
        self.calls.append((event_name.split(".")[1], model.name, dict(params)))


def iam_action(service: str, operation: str) -> str:
    return ACTIONS.get((service, operation)) or f"{SERVICE_PREFIXES.get(service, service)}:{operation}"


def _matches(pattern: str, action: str) -> bool:
    return fnmatch.fnmatchcase(action.lower(), pattern.lower())


def violations(
    resources: dict,
    handler: str,
    calls: list[tuple[str, str, dict[str, Any]]],
    buckets: dict[str, str],
    functions: dict[str, str] | None = None,
) -> list[str]:
    """The calls the policy of the function with `handler` does not allow. `buckets` maps the test's
    bucket names to the template's bucket logical ids, `functions` the names of invoked functions to
    their logical ids."""
    (function_id, function) = [
        (k, v)
        for k, v in of_type(resources, "AWS::Lambda::Function").items()
        if v["Properties"].get("Handler") == handler
    ][0]
    role_id = function["Properties"]["Role"]["Fn::GetAtt"][0]
    statements = _statements(resources, function["Properties"])
    found: list[str] = []
    for service, operation, params in calls:
        action = iam_action(service, operation)
        if service == "lambda" and operation == "Invoke":
            target = (functions or {}).get(params["FunctionName"])
            granted = any(
                refs(p["Properties"]["FunctionName"]) == {target}
                and refs(p["Properties"]["Principal"]) == {role_id}
                and _matches(p["Properties"]["Action"], action)
                for p in of_type(resources, "AWS::Lambda::Permission").values()
            )
            if not granted:
                found.append(f"{action} on {params['FunctionName']}")
            continue
        bucket = buckets.get(params.get("Bucket", "")) if service == "s3" else None
        if service == "s3" and bucket is None:
            found.append(f"{action} on an unknown bucket {params.get('Bucket')}")
            continue

        def covers(statement: dict, bucket: str | None = bucket, action: str = action) -> bool:
            if not any(_matches(a, action) for a in _actions(statement)):
                return False
            return bucket is None or bucket in refs(statement["Resource"])

        denied = any(s.get("Effect") == "Deny" and covers(s) for s in statements)
        allowed = any(s.get("Effect", "Allow") == "Allow" and covers(s) for s in statements)
        if denied or not allowed:
            where = f" on bucket {params.get('Bucket')}" if bucket else ""
            found.append(f"{action}{where}")
    return sorted(set(found))
