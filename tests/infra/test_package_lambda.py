"""The Lambda packaging script, checked without the network: its pip command and what it copies."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = REPO_ROOT / "infra" / "package_lambda.py"


def option_values(command: list[str], option: str) -> list[str]:
    return [command[i + 1] for i, arg in enumerate(command) if arg == option]


def write_files(root: Path, *relatives: str) -> None:
    """Small Python files at `relatives` under `root` (folders made as needed)."""
    for relative in relatives:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text("x = 1\n")


def test_dry_run_plans_an_arm64_python312_wheel_install(tmp_path: Path) -> None:
    target = tmp_path / "lambda"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--dry-run", "--target", str(target)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    plan = json.loads(done.stdout)
    assert not target.exists()  # a dry run installs nothing
    pip = plan["pip"]
    assert pip[1:4] == ["-m", "pip", "install"]
    assert option_values(pip, "--target") == [str(target)]
    assert "manylinux2014_aarch64" in option_values(pip, "--platform")
    assert all(p.endswith("_aarch64") for p in option_values(pip, "--platform"))
    assert "--only-binary=:all:" in pip
    assert option_values(pip, "--python-version") == ["3.12"]
    assert option_values(pip, "--implementation") == ["cp"]
    dependencies = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "dependencies"
    ]
    assert pip[-len(dependencies) :] == dependencies

    files = plan["files"]
    assert "functions/__init__.py" in files
    assert not [f for f in files if f.startswith("functions/local/")]
    assert not [f for f in files if "__pycache__" in f or f.endswith(".pyc")]


def test_copy_keeps_the_package_and_drops_development_code(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    source = tmp_path / "functions"
    write_files(
        source,
        "__init__.py",
        "handler.py",
        "core/settings.py",
        "locales/en.json",
        "local/run.py",
        "local/gateway.py",
        "core/__pycache__/settings.cpython-312.pyc",
        "tests/test_something.py",
        "services/test_storage.py",
        "services/storage.py",
        ".pytest_cache/v/cache/nodeids",
    )

    target = tmp_path / "build"
    copied = package_lambda.copy_package(target, source)
    assert sorted(p.as_posix() for p in copied) == [
        "__init__.py",
        "core/settings.py",
        "handler.py",
        "locales/en.json",
        "services/storage.py",
    ]
    shipped = sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())
    assert shipped == [f"functions/{p.as_posix()}" for p in sorted(copied)]


def test_the_real_package_ships_no_drawing_scripts() -> None:
    """Hand-run scripts (tools/artwork.py draws content/images/) stay out of the function's code."""
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    shipped = [p.as_posix() for p in package_lambda.source_files()]
    assert "app.py" in shipped
    assert not [p for p in shipped if "artwork" in p or p.startswith("local/")]


def test_dry_run_plans_the_crt_layer_and_drops_the_runtime_sdk(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    plan = package_lambda.build(tmp_path / "lambda", dry_run=True)
    crt = plan["crt_pip"]
    assert option_values(crt, "--target") == [str(tmp_path / "lambda-crt" / "python")]
    infra_extra = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    (pin,) = [d for d in infra_extra["infra"] if d.startswith("awscrt==")]
    assert crt[-1] == pin
    assert set(plan["removed_from_package"]) == {"boto3", "botocore", "s3transfer"}


def test_strip_removes_the_sdk_stubs_and_scripts(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    write_files(
        tmp_path,
        "boto3/__init__.py",
        "boto3-1.40.0.dist-info/METADATA",
        "botocore/__init__.py",
        "botocore-1.40.0.dist-info/METADATA",
        "s3transfer/__init__.py",
        "bin/fastapi",
        "pydantic/__init__.py",
        "pydantic/main.pyi",
        "pydantic-2.0.dist-info/METADATA",
        "jmespath/__init__.py",
    )
    package_lambda.strip_installed(tmp_path)
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert left == ["jmespath/__init__.py", "pydantic-2.0.dist-info/METADATA", "pydantic/__init__.py"]


def test_bytecode_is_python312_and_never_checked_against_the_source(tmp_path: Path) -> None:
    """The runtime's file system is read-only and the CDK's zip resets timestamps: only unchecked
    hash-based .pyc files of the runtime's Python are used there."""
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("VALUE = 42\n")
    python = package_lambda.find_python312()
    subprocess.run(package_lambda.compile_command(tmp_path, python), check=True, timeout=120)
    (pyc,) = (tmp_path / "pkg" / "__pycache__").glob("*.pyc")
    assert pyc.name == "mod.cpython-312.pyc"
    flags = int.from_bytes(pyc.read_bytes()[4:8], "little")
    assert flags == 0b01  # hash-based, check_source off (PEP 552)


def test_the_api_package_carries_the_seed_chart_and_the_contact_template(tmp_path: Path) -> None:
    """The organisation chart editor opens the seeded chart before its first save, and the contact
    form without JavaScript is drawn by the theme's template; on AWS the API reads both from the
    package (beside functions/, as in the repository)."""
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    plan = package_lambda.build(tmp_path / "lambda", dry_run=True)
    assert plan["api_seed_files"] == ["content/data/org.json", "theme/templates/contact-form.html"]
    assert all((REPO_ROOT / name).is_file() for name in plan["api_seed_files"])
