"""CDK app entry point. `make deploy STAGE=<stage>` runs the pinned CLI (`npx cdk`, root
package.json) with this file as the app and `-c stage=<stage>`; the tests build the same app with
the same context (`cdk_context()`: `cdk.json`'s context plus the stage).

Context (`-c name=value`):
- `stage` (required): the stage's name; its settings come from `cdk.json` → `context.stages.<stage>`
  and top-level `-c` keys (see `cityops_infra/config.py`). Every resource name is derived from it.
- `lambda_dir`: the functions' code directory, built by `python infra/package_lambda.py`
  (default `build/lambda`; a relative path is taken from the repository root).
- `app_dir`: the React build (`webapp/dist/`) uploaded by the deploy (default relative to the
  repository root). The public site is not uploaded: the rebuild function builds it from the tables
  (and the site's sources in its package), started by the deploy's bootstrap.

- `origin_verify_version`: the origin-verify secret's current version id, looked up by `make deploy`
  (`app.py --origin-verify-version STAGE`), so that a deploy after a rotation hands CloudFront the new
  value (`CityOpsStack._origin_verify_value`).

Account and region come from the deploying credentials (the CLI's CDK_DEFAULT_ACCOUNT /
CDK_DEFAULT_REGION), unless the stage sets `region`.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

# jsii warns on every start that Node 20 is past end of life; the machines run Node 20 (DESIGN §3).
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")

import aws_cdk as cdk  # noqa: E402
from cdk_nag import AwsSolutionsChecks  # noqa: E402

INFRA_DIR = Path(__file__).resolve().parent
REPO_ROOT = INFRA_DIR.parent
# The table definitions come from the models in the `functions` package at the repository root.
for path in (str(REPO_ROOT), str(INFRA_DIR)):
    if path not in sys.path:
        sys.path.insert(0, path)

from cityops_infra.config import DEFAULT_REGION, KEYS, stage_config  # noqa: E402
from cityops_infra.stack import CityOpsStack  # noqa: E402
from cityops_infra.tables import table_specs  # noqa: E402

DEFAULT_LAMBDA_DIR = "build/lambda"
DEFAULT_APP_DIR = "webapp/dist"


def cdk_context(**overrides: Any) -> dict[str, Any]:
    """The context `cdk deploy` gives the app: cdk.json's `context` plus `-c` overrides."""
    context = json.loads((INFRA_DIR / "cdk.json").read_text(encoding="utf-8"))["context"]
    return {**context, **overrides}


def _directory(app: cdk.App, key: str, default: str) -> Path:
    path = Path(app.node.try_get_context(key) or default)
    return path if path.is_absolute() else REPO_ROOT / path


def lambda_dir_from(app: cdk.App) -> Path:
    path = _directory(app, "lambda_dir", DEFAULT_LAMBDA_DIR)
    if not (path / "functions" / "handler.py").is_file():
        raise SystemExit(
            f"{path} holds no Lambda package (functions/handler.py is missing): "
            "run `python infra/package_lambda.py` first, or pass -c lambda_dir=<dir>"
        )
    return path


def _context(app: cdk.App) -> dict[str, Any]:
    keys = ("stage", "stages", *KEYS)
    return {key: app.node.try_get_context(key) for key in keys}


def build_app(app: cdk.App | None = None) -> cdk.App:
    """The app `cdk` runs. cdk-nag's AwsSolutions checks run on every synthesis: an unsuppressed
    error fails `cdk synth`/`deploy` (each suppression carries its reason in cityops_infra/)."""
    app = app or cdk.App()
    cdk.Aspects.of(app).add(AwsSolutionsChecks(verbose=True))
    config = stage_config(_context(app))
    region = config.region or os.environ.get("CDK_DEFAULT_REGION") or DEFAULT_REGION
    CityOpsStack(
        app,
        config.stack_name,
        description=f"CityOps web site ({config.stage}): CloudFront, S3, the API function, DynamoDB",
        env=cdk.Environment(account=os.environ.get("CDK_DEFAULT_ACCOUNT"), region=region),
        config=config,
        lambda_dir=lambda_dir_from(app),
        app_dir=_directory(app, "app_dir", DEFAULT_APP_DIR),
        tables=table_specs(),
        origin_verify_version=app.node.try_get_context("origin_verify_version"),
    )
    return app


def refuse_production(stage: str) -> int:
    """`make destroy`'s guard: exit status 1 for a production stage."""
    config = stage_config(cdk_context(stage=stage), deployable=False)
    if config.production:
        print(f"stage {stage!r} is a production stage: `make destroy` refuses to delete it", file=sys.stderr)
        return 1
    return 0


def after_deploy(outputs_file: Path) -> int:
    """What `make deploy` prints last: the site's address and how to read the first admin's password."""
    outputs = json.loads(outputs_file.read_text(encoding="utf-8"))
    for stack, values in outputs.items():
        print(f"{stack}: {values.get('SiteUrl')}")
        print("  first admin (user name and password, written once by the first deploy):")
        print(f"    {values.get('FirstAdminPassword')}")
    return 0


def origin_verify_version(stage: str, client: Any = None) -> str:
    """The AWSCURRENT version id of the stage's origin-verify secret, "" when it does not exist yet (the
    stage's first deploy) or cannot be read (no credentials: a synthesis offline)."""
    config = stage_config(cdk_context(stage=stage), deployable=False)
    name = f"{config.prefix}/OriginVerifySecret"
    try:
        if client is None:
            import boto3

            region = config.region or os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
            client = boto3.client("secretsmanager", region_name=region or DEFAULT_REGION)
        versions = client.describe_secret(SecretId=name).get("VersionIdsToStages", {})
    except Exception as error:  # noqa: BLE001 - no secret, no credentials: a versionless reference
        print(f"origin-verify secret {name}: no version ({type(error).__name__})", file=sys.stderr)
        return ""
    return next((version for version, stages in versions.items() if "AWSCURRENT" in stages), "")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--refuse-production"] and len(argv) == 2:
        return refuse_production(argv[1])
    if argv[:1] == ["--origin-verify-version"] and len(argv) == 2:
        print(origin_verify_version(argv[1]))
        return 0
    if argv[:1] == ["--after-deploy"] and len(argv) == 2:
        return after_deploy(Path(argv[1]))
    if argv:
        raise SystemExit(
            "usage: app.py [--refuse-production STAGE | --origin-verify-version STAGE | "
            "--after-deploy OUTPUTS_JSON]"
        )
    build_app().synth()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
