"""IAM as a contract: every AWS call a function's code makes in a test is recorded (botocore's
`before-parameter-build` event on the clients and the default session) and checked against that
function's policy in the synthesized template. A call the policy does not allow fails the test — the
way a missing grant (the rebuild's read of the uploads bucket) shows before a deploy does.

What is checked: the IAM action of each call (`s3:PutObject`, `secretsmanager:GetSecretValue`,
`lambda:InvokeFunction`…) against the Allow statements of the role's policies (IAM wildcards), minus
its Deny statements; for S3, also the bucket (the statement's resources must name the bucket the call
went to, through the test's bucket name -> logical id map); for Lambda's Invoke, the called function's
resource policy (`AWS::Lambda::Permission` naming the caller's role); for DynamoDB, the table (each
item of a transaction or batch as the action IAM evaluates for it: a transaction's Put is
`dynamodb:PutItem` on that item's table), through the `tables` name -> logical id map; for any other
named resource in `named` (a secret's ARN, the store's ARN, the distribution's id -> logical id), the
statement must name that resource. The rehearsal (tests/infra/test_rehearse.py) records the calls of
each function in its own process, PynamoDB's included, and gives every map; the module tests give the
buckets only (their DynamoDB is not recorded)."""

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


# A transaction's items: each evaluated as the single-item action on its table.
TRANSACT_ACTIONS = {
    "Put": "PutItem",
    "Update": "UpdateItem",
    "Delete": "DeleteItem",
    "ConditionCheck": "ConditionCheckItem",
    "Get": "GetItem",
}
# Parameters that name a resource a statement must name (besides Bucket and TableName).
NAMING_PARAMS = ("SecretId", "KvsARN", "DistributionId", "TopicArn")


def iam_action(service: str, operation: str) -> str:
    return ACTIONS.get((service, operation)) or f"{SERVICE_PREFIXES.get(service, service)}:{operation}"


def dynamodb_requests(operation: str, params: dict[str, Any]) -> list[tuple[str, str | None]]:
    """(IAM action, table name) of each request a DynamoDB call makes."""
    if operation in ("TransactWriteItems", "TransactGetItems"):
        pairs = []
        for item in params.get("TransactItems", []):
            if isinstance(item, dict):  # the raw parameters
                pairs += [(kind, body.get("TableName")) for kind, body in item.items()]
            else:  # as the rehearsal's runner records them: [kind, table]
                pairs.append((item[0], item[1]))
        return [(f"dynamodb:{TRANSACT_ACTIONS[kind]}", table) for kind, table in pairs]
    if operation in ("BatchWriteItem", "BatchGetItem"):
        return [(f"dynamodb:{operation}", table) for table in params.get("RequestItems", {})]
    return [(f"dynamodb:{operation}", params.get("TableName"))]


def s3_requests(operation: str, params: dict[str, Any]) -> list[tuple[str, str]]:
    """(IAM action, bucket) of what an S3 call asks. CopyObject is a read of the source and a write of
    the destination; a presigned POST (botocore builds it on the CreateBucket operation, marked
    `presign`) lets the browser do a PutObject signed by the function's role."""
    bucket = str(params.get("Bucket", ""))
    if operation == "CopyObject":
        source = params.get("CopySource", "")
        source_bucket = (
            source.get("Bucket", "") if isinstance(source, dict) else source.lstrip("/").split("/")[0]
        )
        return [("s3:PutObject", bucket), ("s3:GetObject", source_bucket)]
    if operation == "CreateBucket" and params.get("presign"):
        return [("s3:PutObject", bucket)]
    return [(iam_action("s3", operation), bucket)]


def _matches(pattern: str, action: str) -> bool:
    return fnmatch.fnmatchcase(action.lower(), pattern.lower())


def violations(
    resources: dict,
    handler: str,
    calls: list[tuple[str, str, dict[str, Any]]],
    buckets: dict[str, str],
    functions: dict[str, str] | None = None,
    tables: dict[str, str] | None = None,
    named: dict[str, str] | None = None,
) -> list[str]:
    """The calls the policy of the function with `handler` does not allow. `buckets` maps the test's
    bucket names to the template's bucket logical ids, `functions` the names of invoked functions to
    their logical ids, `tables` the table names, `named` other resources' ARNs or ids (when given,
    each DynamoDB call is checked; without it DynamoDB calls are not expected)."""
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
        if service == "dynamodb" and tables is not None:
            for table_action, table_name in dynamodb_requests(operation, params):
                table = tables.get(table_name or "")
                if table_name and table is None:
                    found.append(f"{table_action} on an unknown table {table_name}")
                    continue
                if not _allowed(statements, table_action, table):
                    found.append(f"{table_action} on table {table_name or '*'}")
            continue
        resource = next(
            ((named or {})[params[k]] for k in NAMING_PARAMS if params.get(k) in (named or {})), None
        )
        if resource is not None:
            if not _allowed(statements, action, resource):
                found.append(f"{action} on {resource}")
            continue
        if service == "s3":
            for s3_action, name in s3_requests(operation, params):
                bucket = buckets.get(name)
                if bucket is None:
                    found.append(f"{s3_action} on an unknown bucket {name}")
                elif not _allowed(statements, s3_action, bucket):
                    found.append(f"{s3_action} on bucket {name}")
            continue
        if not _allowed(statements, action, None):
            found.append(action)
    return sorted(set(found))


def _allowed(statements: list[dict], action: str, resource: str | None) -> bool:
    """Some Allow statement covers `action` on the resource with logical id `resource` (None: any
    resource, e.g. ListTables) and no Deny statement does."""

    def covers(statement: dict) -> bool:
        if not any(_matches(a, action) for a in _actions(statement)):
            return False
        named = statement["Resource"]
        return (
            resource is None
            or named == "*"
            or "*" in (named if isinstance(named, list) else [named])
            or (resource in refs(named))
        )

    denied = any(s.get("Effect") == "Deny" and covers(s) for s in statements)
    return not denied and any(s.get("Effect", "Allow") == "Allow" and covers(s) for s in statements)
