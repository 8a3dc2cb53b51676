"""Build the API function's code directory without Docker.

    python infra/package_lambda.py              # -> build/lambda/
    python infra/package_lambda.py --dry-run    # print the pip command and the files to copy, as JSON

1. `pip install --target build/lambda --platform manylinux2014_aarch64 --only-binary=:all:
   --python-version 3.12 --implementation cp <[project].dependencies of pyproject.toml>`: wheels
   for the function's arm64 / python3.12 runtime, whatever machine runs the script. The Lambda
   runtime (Amazon Linux 2023, glibc 2.34) also accepts manylinux_2_28 wheels, which some packages
   publish instead of manylinux2014, so that tag is allowed too.
2. A copy of the `functions/` package without `functions/local/` (development only: DynamoDB Local,
   the SMTP capture, the local gateway), tests and caches.

The CDK app takes the directory from `-c lambda_dir=…` (default build/lambda).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TARGET = REPO_ROOT / "build" / "lambda"
PYTHON_VERSION = "3.12"
PLATFORMS = ("manylinux2014_aarch64", "manylinux_2_28_aarch64")
PACKAGE = "functions"
# Paths inside functions/ that never ship: development-only code, tests and caches.
EXCLUDED_DIRS = frozenset({"local", "tests", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache"})
EXCLUDED_SUFFIXES = (".pyc", ".pyo")


def runtime_dependencies(pyproject: Path = REPO_ROOT / "pyproject.toml") -> list[str]:
    with pyproject.open("rb") as handle:
        return list(tomllib.load(handle)["project"]["dependencies"])


def pip_command(target: Path, dependencies: list[str]) -> list[str]:
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target)]
    for platform in PLATFORMS:
        command += ["--platform", platform]
    command += [
        "--only-binary=:all:",
        "--python-version",
        PYTHON_VERSION,
        "--implementation",
        "cp",
        "--upgrade",
        "--no-compile",
        *dependencies,
    ]
    return command


def _excluded(relative: Path) -> bool:
    """`relative` is a path inside the package directory."""
    if relative.parts and relative.parts[0] == "local":
        return True
    if any(part in EXCLUDED_DIRS or part.startswith("test_") for part in relative.parts):
        return True
    return relative.name.endswith(EXCLUDED_SUFFIXES) or relative.name == "conftest.py"


def source_files(source: Path = REPO_ROOT / PACKAGE) -> list[Path]:
    """The files of the package that go into the function, relative to the package directory."""
    return sorted(
        path.relative_to(source)
        for path in source.rglob("*")
        if path.is_file() and not _excluded(path.relative_to(source))
    )


def copy_package(target: Path, source: Path = REPO_ROOT / PACKAGE) -> list[Path]:
    destination = target / PACKAGE
    if destination.exists():
        shutil.rmtree(destination)
    files = source_files(source)
    for relative in files:
        (destination / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / relative, destination / relative)
    return files


def build(target: Path = DEFAULT_TARGET, *, dry_run: bool = False) -> dict[str, object]:
    command = pip_command(target, runtime_dependencies())
    plan = {
        "target": str(target),
        "pip": command,
        "files": [f"{PACKAGE}/{p.as_posix()}" for p in source_files()],
    }
    if dry_run:
        return plan
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    subprocess.run(command, check=True)  # noqa: S603 - fixed argument list, no shell
    copy_package(target)
    return plan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--target", type=Path, default=DEFAULT_TARGET, help="output directory (default build/lambda)"
    )
    parser.add_argument("--dry-run", action="store_true", help="print the plan as JSON, install nothing")
    args = parser.parse_args(argv)
    plan = build(args.target.resolve(), dry_run=args.dry_run)
    if args.dry_run:
        print(json.dumps(plan, indent=2))
    else:
        print(f"Lambda code in {plan['target']} ({len(plan['files'])} package files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
