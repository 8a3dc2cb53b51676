"""Build the functions' code directories without Docker.

    python infra/package_lambda.py              # -> build/lambda/ and build/lambda-crt/
    python infra/package_lambda.py --dry-run    # print the plan (pip commands, files) as JSON

1. `pip install --target build/lambda --platform manylinux2014_aarch64 --only-binary=:all:
   --python-version 3.12 --implementation cp <[project].dependencies of pyproject.toml>`: wheels
   for the functions' arm64 / python3.12 runtime, whatever machine runs the script. The Lambda
   runtime (Amazon Linux 2023, glibc 2.34) also accepts manylinux_2_28 wheels, which some packages
   publish instead of manylinux2014, so that tag is allowed too.
2. The SDK the runtime already ships (boto3, botocore, s3transfer: ~23 MB) is removed again: the
   functions use the runtime's. Their small dependencies (jmespath, dateutil, urllib3) stay, since
   aws-lambda-powertools imports them too. Type stubs (`*.pyi`) and scripts (`bin/`) go.
3. A copy of the `functions/` package without `functions/local/` (development only), tests and caches.
4. Bytecode: `python3.12 -m compileall --invalidation-mode unchecked-hash` over the whole directory.
   The runtime's file system is read-only, so without shipped bytecode every cold start compiles
   every module again (2.5-3.0 s of CPU instead of 0.9-1.3 s). Unchecked-hash .pyc files stay valid
   although the CDK's zip resets every file's timestamp. Needs a python3.12 (on PATH, or pyenv's).
5. `build/lambda-crt/python/`: awscrt (the version pinned in the `infra` extra), a layer for the
   rebuild function only (the one that writes the store): botocore needs it for SigV4A (the
   CloudFront KeyValueStore API); the API function does not carry it (it would slow its cold start).

6. `build/lambda-rebuild/`: the publish/rebuild function (functions/publish/rebuild.py): the same
   package and dependencies plus Pelican (`REBUILD_EXTRAS` of the `dev` extra) and what a build
   reads: content/, theme/, pelicanconf.py and publishconf.py (beside `functions/`, the repository
   root of `functions.core.settings.REPO_ROOT`). Still a zip, no container image.

`--arch x86_64` builds the same for an x86_64 processor (the cold-start benchmark runs it); `--arch
native` for this machine's processor, whichever it is (`make rehearse` runs the packages here:
build/rehearse/lambda, -crt, -rebuild, same code and layout as the arm64 ones).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TARGET = REPO_ROOT / "build" / "lambda"
PYTHON_VERSION = "3.12"
ARCHITECTURES = {"arm64": "aarch64", "x86_64": "x86_64"}
PACKAGE = "functions"
# Paths inside functions/ that never ship: development-only code, tests and caches.
EXCLUDED_DIRS = frozenset({"local", "tests", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache"})
EXCLUDED_SUFFIXES = (".pyc", ".pyo")
# Shipped by the Lambda Python runtime; removed from the package (with their .dist-info).
PROVIDED_BY_RUNTIME = ("boto3", "botocore", "s3transfer")
DEV_SUFFIXES = (".pyi",)
# What the rebuild function adds: Pelican and its plugins (named as in the `dev` extra), and the site's
# sources, copied next to functions/.
REBUILD_EXTRAS = ("pelican", "pelican-i18n-subsites", "jinja2")
SITE_SOURCES = ("content", "theme", "pelicanconf.py", "publishconf.py")
# Site files the API reads too, copied into the API package at the same path: the seeded organisation
# chart (the editor opens it before its first save: functions.services.org_chart.seed_file) and the
# theme's template of the contact form without JavaScript (functions.routes.api.contact).
API_SEED_FILES = ("content/data/org.json", "theme/templates/contact-form.html")


def native_arch() -> str:
    """This machine's processor as a Lambda architecture name."""
    machine = platform.machine().lower()
    for arch, name in ARCHITECTURES.items():
        if machine in (arch, name):
            return arch
    raise SystemExit(f"no Lambda architecture for this machine's processor {machine!r}")


def platforms(arch: str = "arm64") -> tuple[str, ...]:
    machine = ARCHITECTURES[native_arch() if arch == "native" else arch]
    return (f"manylinux2014_{machine}", f"manylinux_2_28_{machine}")


def runtime_dependencies(pyproject: Path = REPO_ROOT / "pyproject.toml") -> list[str]:
    with pyproject.open("rb") as handle:
        return list(tomllib.load(handle)["project"]["dependencies"])


def crt_requirement(pyproject: Path = REPO_ROOT / "pyproject.toml") -> str:
    """The awscrt pin of the `infra` extra (the rebuild function's layer)."""
    with pyproject.open("rb") as handle:
        extras = tomllib.load(handle)["project"]["optional-dependencies"]["infra"]
    (pin,) = [dependency for dependency in extras if dependency.startswith("awscrt==")]
    return pin


def rebuild_dependencies(pyproject: Path = REPO_ROOT / "pyproject.toml") -> list[str]:
    """The runtime dependencies plus the `dev` extra's Pelican requirements."""
    with pyproject.open("rb") as handle:
        extras = tomllib.load(handle)["project"]["optional-dependencies"]["dev"]

    def name(requirement: str) -> str:
        return requirement.split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower()

    return runtime_dependencies(pyproject) + [r for r in extras if name(r) in REBUILD_EXTRAS]


def copy_site_sources(target: Path, root: Path = REPO_ROOT) -> list[str]:
    copied = []
    for name in SITE_SOURCES:
        source, destination = root / name, target / name
        if source.is_dir():
            if destination.exists():
                shutil.rmtree(destination)
            shutil.copytree(source, destination, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, destination)
        copied.append(name)
    return copied


def pip_command(target: Path, dependencies: list[str], arch: str = "arm64") -> list[str]:
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target)]
    for tag in platforms(arch):
        command += ["--platform", tag]
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


def find_python312() -> str:
    """A python3.12 to compile with: CITYOPS_PYTHON312, python3.12 on PATH, or pyenv's newest 3.12."""
    candidates = [os.environ.get("CITYOPS_PYTHON312"), shutil.which("python3.12")]
    candidates += sorted(
        (str(p) for p in (Path.home() / ".pyenv" / "versions").glob("3.12*/bin/python3.12")), reverse=True
    )
    for candidate in candidates:
        # A pyenv shim on PATH fails unless 3.12 is the active version: take the real binary.
        if candidate and "/shims/" not in candidate and Path(candidate).is_file():
            return candidate
    raise SystemExit("python3.12 not found: install it or set CITYOPS_PYTHON312 (bytecode must match)")


def compile_command(target: Path, python: str) -> list[str]:
    return [python, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode", "unchecked-hash", str(target)]


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
    destination = target / source.name
    if destination.exists():
        shutil.rmtree(destination)
    files = source_files(source)
    for relative in files:
        (destination / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / relative, destination / relative)
    return files


def strip_installed(target: Path) -> list[str]:
    """Remove the runtime's SDK, type stubs and scripts from a pip --target directory."""
    removed: list[str] = []
    for entry in sorted(target.iterdir()):
        distribution = entry.name.split("-")[0].lower() if entry.name.endswith(".dist-info") else None
        if entry.name in PROVIDED_BY_RUNTIME or distribution in PROVIDED_BY_RUNTIME or entry.name == "bin":
            shutil.rmtree(entry)
            removed.append(entry.name)
    for path in sorted(target.rglob("*")):
        if path.is_file() and path.name.endswith(DEV_SUFFIXES):
            path.unlink()
    return removed


def zipped_size(directory: Path) -> int:
    """Bytes of the directory as a deflated zip (what the CDK uploads)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(directory.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(directory).as_posix())
    return buffer.tell()


def build(
    target: Path = DEFAULT_TARGET,
    *,
    dry_run: bool = False,
    arch: str = "arm64",
    dependencies: list[str] | None = None,
    packages: tuple[Path, ...] = (REPO_ROOT / PACKAGE,),
    crt: bool = True,
) -> dict[str, object]:
    dependencies = runtime_dependencies() if dependencies is None else dependencies
    crt_target = target.parent / f"{target.name}-crt"
    command = pip_command(target, dependencies, arch)
    crt_command = pip_command(crt_target / "python", [crt_requirement()], arch) if crt else None
    rebuild_target = target.parent / f"{target.name}-rebuild"
    rebuild_command = pip_command(rebuild_target, rebuild_dependencies(), arch) if crt else None
    plan: dict[str, object] = {
        "target": str(target),
        "pip": command,
        "crt_pip": crt_command,
        "rebuild_pip": rebuild_command,
        "rebuild_site_sources": list(SITE_SOURCES),
        "api_seed_files": list(API_SEED_FILES),
        "removed_from_package": list(PROVIDED_BY_RUNTIME),
        "files": [f"{p.name}/{f.as_posix()}" for p in packages for f in source_files(p)],
    }
    if dry_run:
        return plan
    python = find_python312()
    for directory, pip, folder in (
        (target, command, target),
        (crt_target, crt_command, crt_target / "python"),
        (rebuild_target, rebuild_command, rebuild_target),
    ):
        if pip is None:
            continue
        if directory.exists():
            shutil.rmtree(directory)
        folder.mkdir(parents=True)
        subprocess.run(pip, check=True)  # noqa: S603 - fixed argument list, no shell
        if directory in (target, rebuild_target):
            plan["removed"] = strip_installed(directory)
            for package in packages:
                copy_package(directory, package)
        if directory is rebuild_target:
            copy_site_sources(directory)
        if directory is target:
            for name in API_SEED_FILES:
                (directory / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(REPO_ROOT / name, directory / name)
        subprocess.run(compile_command(directory, python), check=True)  # noqa: S603
        plan[f"{directory.name}_zip_bytes"] = zipped_size(directory)
    return plan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--target", type=Path, default=DEFAULT_TARGET, help="output directory (default build/lambda)"
    )
    parser.add_argument("--arch", choices=[*sorted(ARCHITECTURES), "native"], default="arm64")
    parser.add_argument("--dry-run", action="store_true", help="print the plan as JSON, install nothing")
    args = parser.parse_args(argv)
    plan = build(args.target.resolve(), dry_run=args.dry_run, arch=args.arch)
    if args.dry_run:
        print(json.dumps(plan, indent=2))
    else:
        sizes = {k: v for k, v in plan.items() if k.endswith("_zip_bytes")}
        print(f"Lambda code in {plan['target']} ({len(plan['files'])} package files); zipped: {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
