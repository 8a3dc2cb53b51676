"""The deploy's bootstrap: a CloudFormation custom resource (`Custom::CityOpsBootstrap`, infra/)
that leaves a working product after every deploy. Each step is idempotent:

1. Secrets named by ARN are loaded (functions/core/secrets.py), the models pointed at the tables.
2. The first admin, only while no admin exists: a random password is written to the
   `FirstAdminSecret` first (`{"username": "admin", "password": …}`), then the admin is created, so
   the password is never lost. Later deploys never touch the admin or the secret.
3. `functions.seed.seed()`: site config, member config, config items, menu rules and groups, each
   only when missing (it creates no admin, since one exists by then).
4. The CloudFront KeyValueStore gets one key per published file of the site bucket (everything
   but `app/`, the key format of infra/README.md), and loses the keys of files that are gone.
5. One invalidation of `/*`, after the keys, so the viewer-request function and the cache agree.

Delete events do nothing (the data and the secret belong to the stack's resources). The response
carries `AdminCreated` only, never the password.

The back office's terminal task "data-upgrade" on AWS: the rebuild function invokes this function with
`{"task": "data-upgrade"}` and waits; step 3 runs alone (`upgrade_data`) and the answer's `lines` say
what was done. It never creates an admin: with none yet it refuses (the next deploy creates it, with
its password in the secret).
"""

from __future__ import annotations

import json
import secrets
import traceback
import urllib.request
from collections.abc import Callable, Iterable
from typing import Any

from functions.core.log import logger

APP_PREFIX = "app/"
MAX_KEY_BYTES = 512
KEYS_PER_UPDATE = 50  # UpdateKeys takes at most 50 puts and deletes per call
KEY_VALUE = "1"


def ensure_first_admin(secretsmanager: Any, secret_arn: str) -> bool:
    """Create the first admin unless an admin exists; True if it was created now."""
    from functions.models import Admin, DuplicateError
    from functions.seed import FIRST_ADMIN_USERNAME

    if Admin.any_exists():
        return False
    password = secrets.token_urlsafe(18)
    secretsmanager.put_secret_value(
        SecretId=secret_arn,
        SecretString=json.dumps({"username": FIRST_ADMIN_USERNAME, "password": password}),
    )
    try:
        Admin.create(FIRST_ADMIN_USERNAME, password, nickname="Admin", is_super=True, group_ids=[1])
    except DuplicateError:
        return False
    return True


def published_paths(s3: Any, bucket: str) -> set[str]:
    """The site's files in the bucket (not the React build under app/), as KeyValueStore keys."""
    paths: set[str] = set()
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for item in page.get("Contents", []):
            key = item["Key"]
            if key.startswith(APP_PREFIX) or key.endswith("/"):
                continue
            if len(key.encode()) > MAX_KEY_BYTES:
                logger.warning("path too long for the KeyValueStore, skipped", extra={"path": key})
                continue
            paths.add(key)
    return paths


def stored_keys(kvs: Any, store_arn: str) -> set[str]:
    keys: set[str] = set()
    request: dict[str, Any] = {"KvsARN": store_arn}
    while True:
        answer = kvs.list_keys(**request)
        keys.update(item["Key"] for item in answer.get("Items", []))
        if not answer.get("NextToken"):
            return keys
        request["NextToken"] = answer["NextToken"]


def _batches(items: list[dict[str, Any]], size: int) -> Iterable[list[dict[str, Any]]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def sync_key_value_store(kvs: Any, store_arn: str, paths: set[str]) -> dict[str, int]:
    """Make the store hold exactly `paths` (puts first, then deletes); returns the counts."""
    existing = stored_keys(kvs, store_arn)
    changes = [{"Put": {"Key": p, "Value": KEY_VALUE}} for p in sorted(paths - existing)]
    changes += [{"Delete": {"Key": k}} for k in sorted(existing - paths)]
    if changes:
        etag = kvs.describe_key_value_store(KvsARN=store_arn)["ETag"]
        for batch in _batches(changes, KEYS_PER_UPDATE):
            request: dict[str, Any] = {"KvsARN": store_arn, "IfMatch": etag}
            puts = [c["Put"] for c in batch if "Put" in c]
            deletes = [c["Delete"] for c in batch if "Delete" in c]
            if puts:
                request["Puts"] = puts
            if deletes:
                request["Deletes"] = deletes
            etag = kvs.update_keys(**request)["ETag"]
    return {"put": len(paths - existing), "deleted": len(existing - paths)}


def invalidate(cloudfront: Any, distribution_id: str, reference: str) -> str:
    answer = cloudfront.create_invalidation(
        DistributionId=distribution_id,
        InvalidationBatch={"Paths": {"Quantity": 1, "Items": ["/*"]}, "CallerReference": reference},
    )
    return answer["Invalidation"]["Id"]


def _clients() -> dict[str, Any]:
    import boto3

    return {
        name: boto3.client(name)
        for name in ("secretsmanager", "s3", "cloudfront-keyvaluestore", "cloudfront")
    }


def run(properties: dict[str, Any], request_id: str, clients: dict[str, Any] | None = None) -> dict[str, str]:
    """One bootstrap (create or update event); returns the custom resource's Data."""
    from functions.core.secrets import load_secrets
    from functions.core.settings import get_settings
    from functions.models import configure_models
    from functions.seed import seed

    clients = clients or _clients()
    load_secrets(clients["secretsmanager"])
    settings = get_settings()
    configure_models(settings)
    created = ensure_first_admin(clients["secretsmanager"], properties["AdminSecretArn"])
    seed(settings)
    counts = sync_key_value_store(
        clients["cloudfront-keyvaluestore"],
        properties["KeyValueStoreArn"],
        published_paths(clients["s3"], properties["SiteBucket"]),
    )
    invalidation = invalidate(clients["cloudfront"], properties["DistributionId"], request_id)
    logger.info("bootstrap done", extra={"admin_created": created, **counts, "invalidation": invalidation})
    return {
        "AdminCreated": "true" if created else "false",
        "KeysPut": str(counts["put"]),
        "KeysDeleted": str(counts["deleted"]),
    }


def upgrade_data(clients: dict[str, Any] | None = None) -> dict[str, list[str]]:
    """Seed what is missing and upgrade the data (the terminal's "data-upgrade" on AWS)."""
    from functions.core.secrets import load_secrets
    from functions.core.settings import get_settings
    from functions.models import Admin, configure_models
    from functions.seed import seed

    load_secrets(clients["secretsmanager"] if clients else None)
    settings = get_settings()
    configure_models(settings)
    if not Admin.any_exists():
        raise RuntimeError("no admin yet: deploy again (the deploy creates the first admin)")
    seed(settings)
    logger.info("data upgraded")
    return {"lines": ["tables, default config, rules, groups, designs and demo rows are up to date"]}


def _respond(event: dict[str, Any], status: str, reason: str, data: dict[str, str]) -> None:
    body = json.dumps(
        {
            "Status": status,
            "Reason": reason[:3000],
            "PhysicalResourceId": event.get("PhysicalResourceId") or f"{event['StackId']}/bootstrap",
            "StackId": event["StackId"],
            "RequestId": event["RequestId"],
            "LogicalResourceId": event["LogicalResourceId"],
            "Data": data,
        }
    ).encode()
    url = event["ResponseURL"]
    if not url.startswith("https://"):
        raise ValueError("the response URL must be https")
    request = urllib.request.Request(  # noqa: S310 - CloudFormation's presigned https URL
        url, data=body, method="PUT", headers={"Content-Type": "", "Content-Length": str(len(body))}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
        answer.read()


def handler(
    event: dict[str, Any],
    context: Any,
    *,
    runner: Callable[[dict[str, Any], str], dict[str, str]] = run,
    respond: Callable[[dict[str, Any], str, str, dict[str, str]], None] = _respond,
) -> dict[str, list[str]] | None:
    """CloudFormation's entry point: always answers, SUCCESS or FAILED (a crash would hang the stack).
    A terminal task (`{"task": "data-upgrade"}`) is answered to its caller instead; its errors raise."""
    if event.get("task") == "data-upgrade":
        return upgrade_data()
    try:
        data = (
            {}
            if event["RequestType"] == "Delete"
            else runner(event["ResourceProperties"], event["RequestId"])
        )
    except Exception as error:  # noqa: BLE001 - reported to CloudFormation, which rolls back
        logger.error("bootstrap failed", extra={"error": traceback.format_exc()})
        respond(event, "FAILED", f"{type(error).__name__}: {error}", {})
        return None
    respond(event, "SUCCESS", "bootstrap done", data)
    return None
