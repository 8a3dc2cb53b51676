"""`make deploy`, `make diff`, `make destroy`: the pinned CLI, non-interactive, per-stage context, and
the CLI synthesizing exactly the template the other infra tests check."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.infra.conftest import INFRA_DIR, REPO_ROOT, STAGE, synth_context

CLI = REPO_ROOT / "node_modules" / ".bin" / "cdk"


def make_dry_run(target: str, stage: str) -> str:
    # A stamp that does not exist: the Lambda packages count as not built yet.
    stamp = "LAMBDA_STAMP=build/.never-built"
    done = subprocess.run(
        ["make", "-n", target, f"STAGE={stage}", stamp],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cli_is_pinned_in_package_json_and_the_lockfile() -> None:
    package = json.loads((REPO_ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((REPO_ROOT / "package-lock.json").read_text(encoding="utf-8"))
    version = package["devDependencies"]["aws-cdk"]
    assert version.startswith("2.1148.") and version[0].isdigit()  # exact, never a range
    assert lock["packages"]["node_modules/aws-cdk"]["version"] == version
    pyproject = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"aws-cdk-lib==' in pyproject and '"cdk-nag==' in pyproject


def test_deploy_runs_the_pinned_cli_without_prompts() -> None:
    commands = make_dry_run("deploy", "dev")
    cdk_lines = [line for line in commands.splitlines() if "node_modules/.bin/cdk" in line]
    # Synthesis (with cdk-nag) first, offline: a bad template fails before any AWS call.
    steps = [line.split("node_modules/.bin/cdk ")[1].split()[0] for line in cdk_lines]
    assert steps == ["synth", "bootstrap", "deploy"]
    deploy = cdk_lines[2]
    assert "--require-approval never" in deploy and "-c stage=dev" in deploy and "--all" in deploy
    # Synthesis and deploy name the origin-verify secret's current version (looked up when they run).
    for line in (cdk_lines[0], deploy):
        assert "-c origin_verify_version=$(" in line and "infra/app.py --origin-verify-version dev)" in line
    assert "npx" not in commands
    assert "infra/package_lambda.py" in commands  # the code is built first
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert "export CDK_DISABLE_CLI_TELEMETRY := true" in makefile


def test_diff_and_destroy_name_the_stage() -> None:
    assert "diff -c stage=dev" in make_dry_run("diff", "dev")
    assert "destroy --all -c stage=dev --force" in make_dry_run("destroy", "dev")


@pytest.mark.parametrize("stage", ["prod", "production"])
def test_destroy_refuses_a_production_stage(stage: str) -> None:
    done = subprocess.run(
        ["make", "destroy", f"STAGE={stage}"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "refuses" in done.stderr
    assert "cdk destroy" not in done.stdout.replace("node_modules/.bin/cdk destroy", "")


def test_a_stage_is_required() -> None:
    done = subprocess.run(["make", "deploy"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "Set STAGE" in done.stderr


def test_the_cli_synthesizes_the_template_the_tests_check(
    lambda_dir: Path, content_dirs: dict, template, tmp_path: Path
) -> None:
    """`cdk synth` through the pinned CLI, from infra/ with cdk.json, without credentials: the same
    template as the session's in-process synthesis (same app entry, same context)."""
    context = synth_context(lambda_dir, content_dirs)
    flags = [
        f
        for key in ("stage", "lambda_dir", "app_dir", "alarm_email", "mail_from")
        for f in ("-c", f"{key}={context[key]}")
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "CDK_DEFAULT_"))} | {
        "AWS_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
        "CDK_DISABLE_CLI_TELEMETRY": "true",
    }
    done = subprocess.run(
        [str(CLI), "synth", *flags, "-o", str(tmp_path), "--quiet"],
        cwd=INFRA_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert context["stage"] == STAGE
    cli_template = json.loads((tmp_path / f"CityOps-{STAGE}.template.json").read_text(encoding="utf-8"))
    ours = template.to_json()
    assert sorted(cli_template["Resources"]) == sorted(ours["Resources"])
    for logical_id, resource in cli_template["Resources"].items():
        assert resource == ours["Resources"][logical_id], logical_id
    assert cli_template == ours


def test_after_deploy_prints_the_site_and_how_to_read_the_admin_password(tmp_path: Path) -> None:
    outputs = tmp_path / "outputs.json"
    command = "aws secretsmanager get-secret-value --secret-id cityops-prod/first-admin --region us-east-1"
    outputs.write_text(
        json.dumps(
            {"CityOps-prod": {"SiteUrl": "https://d111.cloudfront.net", "FirstAdminPassword": command}}
        )
    )
    done = subprocess.run(
        [
            str(REPO_ROOT / ".venv" / "bin" / "python"),
            str(INFRA_DIR / "app.py"),
            "--after-deploy",
            str(outputs),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "https://d111.cloudfront.net" in done.stdout and command in done.stdout
