"""`make rehearse`: production rehearsed offline, end to end (infra/rehearsal/, infra/README.md).

The built Lambda packages (infra/package_lambda.py --arch native: same code and layout as the arm64
ones) run as separate processes like Lambda containers, with the environment the synthesized
template gives each function, against DynamoDB Local, moto's server and the stand-ins of
infra/rehearsal/standins.py: deploy -> first admin logs in -> uploads an image, edits news with it,
publishes -> the bucket and the KeyValueStore serve the page with the image -> deploy again -> nothing
published is lost -> rotate both secrets -> the API answers, no one is logged out -> a forced publish
failure raises the alarm.

IAM as a contract: every AWS call each function made during the rehearsal (DynamoDB included) is
checked against that function's policy in the same template (iam_contract.py).

The packages are built once into build/rehearse/ (PyPI; ~3 minutes) and again only when what they
are made of changed. The rehearsal itself: 9 min 21 s measured on the shared 2-core machine at load
~20, 3 min 29 s at load ~9 (three syntheses with cdk-nag, three bootstraps seeding 29 tables, six
Pelican builds: the deploys', the admin's, and the failed publish's two).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
BUILD = REPO_ROOT / "build" / "rehearse"
STAMP = BUILD / ".built"
SOURCES = (
    "functions",
    "content",
    "theme",
    "pelicanconf.py",
    "publishconf.py",
    "pyproject.toml",
    "infra/package_lambda.py",
)

pytestmark = [pytest.mark.timeout(1200), pytest.mark.xdist_group("rehearse")]


def _newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = REPO_ROOT / name
        files = (
            [path]
            if path.is_file()
            else [p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        )
        newest = max([newest, *(p.stat().st_mtime for p in files)])
    return newest


def built_packages() -> Path:
    """build/rehearse/{lambda,lambda-crt,lambda-rebuild} for this machine, built when stale."""
    import package_lambda

    if not STAMP.exists() or STAMP.stat().st_mtime < _newest_source():
        package_lambda.build(BUILD / "lambda", arch="native")
        STAMP.touch()
    return BUILD


@pytest.fixture(scope="module")
def rehearsal(tmp_path_factory: pytest.TempPathFactory):
    import package_lambda
    from rehearsal.scenario import Rehearsal, RehearsalFailed

    build = built_packages()
    run = Rehearsal(build, tmp_path_factory.mktemp("rehearsal"), package_lambda.find_python312())
    try:
        report = run.run()
        error = None
    except RehearsalFailed as failure:
        report, error = run.report, failure
    return report, error, run.work


def test_production_is_rehearsed_end_to_end(rehearsal) -> None:
    report, error, work = rehearsal
    assert error is None, f"{error}\n(steps passed: {report.steps}; logs in {work})"
    assert (
        report.steps[-2].startswith("a forced publish failure raises the alarm")
        and report.steps[-1] == "done"
    )
    assert report.facts["routing_cases"] > 10
    assert report.facts["alarm_emails"] == ["ops@example.com"]


def _contract(report, template: dict | None = None) -> dict[str, list[str]]:
    from iam_contract import violations

    resources = (template or report.template)["Resources"]
    names = {arn: logical for logical, arn in _named(report).items()}
    return {
        handler: violations(
            resources,
            handler,
            [(c["service"], c["operation"], c["params"]) for c in calls],
            report.buckets,
            functions=report.functions,
            tables=report.tables,
            named=names,
        )
        for handler, calls in report.calls.items()
    }


def _named(report) -> dict[str, str]:
    """Logical id -> the local ARN or id of the secrets, the store and the distribution."""
    from rehearsal.template import of_type

    found = {}
    for kind in (
        "AWS::SecretsManager::Secret",
        "AWS::CloudFront::KeyValueStore",
        "AWS::CloudFront::Distribution",
    ):
        for logical in of_type(report.template, kind):
            found[logical] = report.facts["refs"][logical]
    return found


def test_every_aws_call_of_each_function_is_allowed_by_its_policy(rehearsal) -> None:
    report, _, _ = rehearsal
    assert set(report.calls) == {
        "functions.handler.handler",
        "functions.deploy.bootstrap.handler",
        "functions.publish.rebuild.handler",
    }
    for handler, calls in report.calls.items():
        services = {c["service"] for c in calls}
        assert {"dynamodb", "secrets-manager"} <= services, (handler, services)
    assert _contract(report) == {handler: [] for handler in report.calls}


def test_the_contract_fails_a_call_the_policy_does_not_allow(rehearsal) -> None:
    """Without the rebuild's grant on the uploads bucket (issue 34, item 2), its reads of the news
    picture are refused by the contract; without its job-table writes, its DynamoDB writes are."""
    report, _, _ = rehearsal
    template = copy.deepcopy(report.template)
    for resource in template["Resources"].values():
        if resource["Type"] == "AWS::IAM::Policy":
            statements = resource["Properties"]["PolicyDocument"]["Statement"]
            statements[:] = [s for s in statements if s.get("Sid") != "ReadUploads"]
    uploads = next(name for name, logical in report.buckets.items() if logical.startswith("UploadsBucket"))
    assert (
        f"s3:GetObject on bucket {uploads}"
        in _contract(report, template)["functions.publish.rebuild.handler"]
    )


if str(REPO_ROOT / "infra") not in sys.path:  # conftest.py puts it there; also when run alone
    sys.path.insert(0, str(REPO_ROOT / "infra"))
