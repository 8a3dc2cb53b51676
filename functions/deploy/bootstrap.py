"""The deploy's bootstrap: a CloudFormation custom resource (`Custom::CityOpsBootstrap`, infra/)
that leaves a working product after every deploy, and never loses what admins published. Each step is
idempotent:

1. Secrets named by ARN are loaded (functions/core/secrets.py), the models pointed at the tables.
2. The first admin, only while no admin exists: a random password is written to the
   `FirstAdminSecret` first (`{"username": "admin", "password": …}`), then the admin is created, so
   the password is never lost. Later deploys never touch the admin or the secret.
3. `functions.seed.seed()`: site config, member config, config items, menu rules and groups, each
   only when missing. The designed tables' demo rows are loaded only by the deploy that created the
   first admin (a fresh stage): a table an admin emptied stays empty.
4. A publish (`functions.services.publish_jobs.request_publish`, source "deploy"): the rebuild function
   (started asynchronously, as the API starts it) builds the public site from the tables with the
   stage's public URL and publishes only what changed against the manifest in the site bucket (files,
   KeyValueStore keys, invalidation), under the publish lock. The deploy itself uploads no page and
   prunes nothing, so nothing published is lost and the manifest survives.

Delete events do nothing (the data and the secret belong to the stack's resources). The response
carries `AdminCreated` and `PublishJob` (the job the back office shows under Routine > Publish site),
never the password.

Imports: what the steps need (boto3, the secrets and settings, the models, the seed, the publish
request) is imported inside them, not at the top. `handler` runs the steps inside its `try`, so even
a failed import is answered FAILED to CloudFormation; a failure while this module loads would leave
the stack waiting for an answer that never comes (up to an hour). Not a cold-start matter: every
create or update needs them all.

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
from collections.abc import Callable
from typing import Any

from functions.core.log import logger

PUBLISH_REASON = "deploy"


def ensure_first_admin(secretsmanager: Any, secret_arn: str) -> bool:
    """Create the first admin unless an admin exists; True if it was created now."""
    from functions.models import Admin, DuplicateError  # deferred: see the module docstring
    from functions.seed import FIRST_ADMIN_USERNAME  # deferred: see the module docstring

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


def _clients() -> dict[str, Any]:
    import boto3  # deferred: see the module docstring

    return {"secretsmanager": boto3.client("secretsmanager")}


def run(properties: dict[str, Any], request_id: str, clients: dict[str, Any] | None = None) -> dict[str, str]:
    """One bootstrap (create or update event); returns the custom resource's Data."""
    from functions.core.secrets import load_secrets  # deferred: see the module docstring
    from functions.core.settings import get_settings  # deferred: see the module docstring
    from functions.models import configure_models  # deferred: see the module docstring
    from functions.seed import seed  # deferred: see the module docstring
    from functions.services.publish_jobs import request_publish  # deferred: see the module docstring

    clients = clients or _clients()
    load_secrets(clients["secretsmanager"])
    settings = get_settings()
    configure_models(settings)
    created = ensure_first_admin(clients["secretsmanager"], properties["AdminSecretArn"])
    seed(settings, demo_rows=created)
    job = request_publish(f"{PUBLISH_REASON} {request_id}", source=PUBLISH_REASON)
    logger.info("bootstrap done", extra={"admin_created": created, "publish_job": job.id})
    return {"AdminCreated": "true" if created else "false", "PublishJob": str(job.id)}


def upgrade_data(clients: dict[str, Any] | None = None) -> dict[str, list[str]]:
    """Seed what is missing and upgrade the data (the terminal's "data-upgrade" on AWS)."""
    from functions.core.secrets import load_secrets  # deferred: see the module docstring
    from functions.core.settings import get_settings  # deferred: see the module docstring
    from functions.models import Admin, configure_models  # deferred: see the module docstring
    from functions.seed import seed  # deferred: see the module docstring

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
