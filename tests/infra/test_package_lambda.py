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
    dependencies = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert pip[-len(dependencies) :] == dependencies

    files = plan["files"]
    assert "functions/__init__.py" in files
    assert not [f for f in files if f.startswith("functions/local/")]
    assert not [f for f in files if "__pycache__" in f or f.endswith(".pyc")]


def test_copy_keeps_the_package_and_drops_development_code(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO_ROOT / "infra"))
    import package_lambda

    source = tmp_path / "functions"
    for relative in (
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
    ):
        (source / relative).parent.mkdir(parents=True, exist_ok=True)
        (source / relative).write_text("x = 1\n")

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
