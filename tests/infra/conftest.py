"""Infra fixtures: the stack is synthesized once per session (synthesis takes a while).

The API function's code for the synthesized stack is a small directory holding only the
`functions/` package, copied by the packaging script's own copy step (no pip download).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
INFRA_DIR = REPO_ROOT / "infra"
ROUTING_CASES = REPO_ROOT / "tests" / "routing_cases.json"

os.environ.setdefault("CDK_DISABLE_CLI_TELEMETRY", "true")
# jsii warns on every start that Node 20 is past end of life; the machines run Node 20 (DESIGN §3).
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
for _path in (str(REPO_ROOT), str(INFRA_DIR)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


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
def app_stack(lambda_dir: Path, table_specs, tmp_path_factory: pytest.TempPathFactory):
    import aws_cdk as cdk
    from cityops_infra.stack import CityOpsStack

    app = cdk.App(outdir=str(tmp_path_factory.mktemp("cdk.out")))
    return CityOpsStack(app, "CityOpsTest", lambda_dir=lambda_dir, tables=table_specs, prefix="cityops")


@pytest.fixture(scope="session")
def template(app_stack):
    from aws_cdk.assertions import Template

    return Template.from_stack(app_stack)


@pytest.fixture(scope="session")
def resources(template) -> dict:
    """The synthesized template as plain JSON: {logical id: resource}."""
    return template.to_json()["Resources"]
