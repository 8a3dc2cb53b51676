"""CDK app entry point: `cd infra && npx aws-cdk@2.1148.x synth` (or `python app.py`).

Context (`-c name=value`):
- `lambda_dir`: the API function's code directory, built by `python infra/package_lambda.py`
  (default `build/lambda`; a relative path is taken from the repository root).
- `prefix`: resource name prefix (default `cityops`): tables `<prefix>-<model table>`, the uploads
  bucket `<prefix>-uploads-<account>-<region>`.
- `stack_name`: default `CityOps`.
- `alarm_email`: optional address subscribed to the alarm topic.

The stack is environment-agnostic: account and region come from the deploying credentials.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import aws_cdk as cdk

INFRA_DIR = Path(__file__).resolve().parent
REPO_ROOT = INFRA_DIR.parent
# The table definitions come from the models in the `functions` package at the repository root.
for path in (str(REPO_ROOT), str(INFRA_DIR)):
    if path not in sys.path:
        sys.path.insert(0, path)

from cityops_infra.stack import CityOpsStack  # noqa: E402
from cityops_infra.tables import table_specs  # noqa: E402

DEFAULT_LAMBDA_DIR = "build/lambda"


def lambda_dir_from(app: cdk.App) -> Path:
    value = app.node.try_get_context("lambda_dir") or DEFAULT_LAMBDA_DIR
    path = Path(value)
    path = path if path.is_absolute() else REPO_ROOT / path
    if not (path / "functions" / "handler.py").is_file():
        raise SystemExit(
            f"{path} holds no Lambda package (functions/handler.py is missing): "
            "run `python infra/package_lambda.py` first, or pass -c lambda_dir=<dir>"
        )
    return path


def build_app(app: cdk.App | None = None) -> cdk.App:
    app = app or cdk.App()
    prefix = app.node.try_get_context("prefix") or "cityops"
    if not re.fullmatch(r"[a-z][a-z0-9-]{1,20}", prefix):
        raise SystemExit(f"prefix {prefix!r}: use 2-21 lowercase letters, digits or hyphens")
    CityOpsStack(
        app,
        app.node.try_get_context("stack_name") or "CityOps",
        description="CityOps web site: CloudFront, S3, the API function and DynamoDB tables",
        lambda_dir=lambda_dir_from(app),
        tables=table_specs(),
        prefix=prefix,
        alarm_email=app.node.try_get_context("alarm_email"),
    )
    return app


if __name__ == "__main__":
    build_app().synth()
