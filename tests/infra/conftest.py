"""Infra fixtures: the stack is synthesized once per session (synthesis takes a while).

The app is built exactly as `make deploy STAGE=prod` builds it: `infra/app.py`'s `build_app` with
`cdk.json`'s context (`cdk_context`) and `-c stage=…`; only the directories differ. The function's
code is a small directory holding only the `functions/` package, copied by the packaging script's
own copy step (no pip download); the site and the app are a few placeholder files.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
INFRA_DIR = REPO_ROOT / "infra"
ROUTING_CASES = REPO_ROOT / "tests" / "routing_cases.json"
# The stage the session synthesizes: production, as `make deploy STAGE=prod` does (cdk.json).
STAGE = "prod"
# What a production stage must name (infra/cityops_infra/config.py refuses to synthesize without
# them); `make deploy STAGE=prod` takes them from cdk.json, the tests pass them as `-c key=value`.
DEPLOY_SETTINGS = {"alarm_email": "ops@example.com", "mail_from": "noreply@example.com"}
# What the CLI adds to every synthesis (`cdk synth`/`deploy` defaults): construct paths and asset
# metadata in the template, and the CDKMetadata resource.
CLI_CONTEXT = {
    "aws:cdk:enable-path-metadata": True,
    "aws:cdk:enable-asset-metadata": True,
    "aws:cdk:version-reporting": True,
}

os.environ.setdefault("CDK_DISABLE_CLI_TELEMETRY", "true")
# jsii warns on every start that Node 20 is past end of life; the machines run Node 20 (DESIGN §3).
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
for _path in (str(REPO_ROOT), str(INFRA_DIR)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


@pytest.fixture
def no_secrets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The deployed secrets' variables (value, previous value, ARN) unset for the test, and put back
    afterwards as they were, including what `load_secrets` itself writes into os.environ meanwhile.

    Set before removed, so that monkeypatch records each one: removing a variable that is absent
    records nothing, and a secret read by the test then stayed for every later test and server."""
    from functions.core.secrets import PREVIOUS_SUFFIX, SECRET_VARIABLES, forget_refreshed

    for variable, arn_variable in SECRET_VARIABLES.items():
        for name in (variable, variable + PREVIOUS_SUFFIX, arn_variable):
            monkeypatch.setenv(name, "")
            monkeypatch.delenv(name)
    forget_refreshed()  # what a refresh read is the process's, like the variables: a fresh container
    yield
    forget_refreshed()


@pytest.fixture(scope="session")
def routing() -> dict:
    return json.loads(ROUTING_CASES.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def lambda_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import package_lambda

    target = tmp_path_factory.mktemp("lambda")
    package_lambda.copy_package(target)
    return target


@pytest.fixture(scope="session")
def table_specs():
    from cityops_infra.tables import table_specs

    specs = table_specs()
    if not specs:
        pytest.fail("functions.models defines no PynamoDB models: there is no table to deploy")
    return specs


@pytest.fixture(scope="session")
def content_dirs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A placeholder app build (the deploy uploads no site: the rebuild function builds it)."""
    root = tmp_path_factory.mktemp("content")
    files = {
        "app/index.html": "<div id=root></div>",
        "app/assets/index-abc123.js": "console.log(1)",
    }
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    return {"app_dir": str(root / "app")}


def synth_context(lambda_dir: Path, content_dirs: dict[str, str], stage: str = STAGE, **overrides) -> dict:
    """What `cdk deploy -c stage=<stage>` gives the app, with the test's directories."""
    from app import cdk_context

    crt = lambda_dir.parent / f"{lambda_dir.name}-crt" / "python"
    crt.mkdir(parents=True, exist_ok=True)
    (lambda_dir.parent / f"{lambda_dir.name}-rebuild").mkdir(parents=True, exist_ok=True)
    settings = {**DEPLOY_SETTINGS, **overrides}
    return cdk_context(stage=stage, lambda_dir=str(lambda_dir), **content_dirs, **CLI_CONTEXT, **settings)


@pytest.fixture(scope="session")
def cdk_app(lambda_dir: Path, content_dirs, tmp_path_factory: pytest.TempPathFactory):
    import aws_cdk as cdk
    from app import build_app

    context = synth_context(lambda_dir, content_dirs)
    with pytest.MonkeyPatch.context() as mp:
        # What the CLI sets without credentials but with AWS_REGION=us-east-1 (test_deploy.py runs it
        # and compares); the WAF exists only in us-east-1.
        mp.delenv("CDK_DEFAULT_ACCOUNT", raising=False)
        mp.setenv("CDK_DEFAULT_REGION", "us-east-1")
        app = build_app(cdk.App(outdir=str(tmp_path_factory.mktemp("cdk.out")), context=context))
    return app


@pytest.fixture(scope="session")
def app_stack(cdk_app):
    (stack,) = [c for c in cdk_app.node.children if c.node.id == f"CityOps-{STAGE}"]
    return stack


@pytest.fixture(scope="session")
def template(app_stack):
    from aws_cdk.assertions import Template

    return Template.from_stack(app_stack)


@pytest.fixture(scope="session")
def resources(template) -> dict:
    """The synthesized template as plain JSON: {logical id: resource}."""
    return template.to_json()["Resources"]
