"""The committed TypeScript client (`webapp/src/lib/api/generated/`, from `webapp/openapi.json`) is what
the current API generates: the OpenAPI document is rebuilt from `create_app()` and the client is
regenerated into a temporary folder with the pinned `@hey-api/openapi-ts`; any difference fails.
Fix a failure with `cd webapp && npm run gen:api` and commit the result."""

from __future__ import annotations

import filecmp
import json
import os
import subprocess
from pathlib import Path

import pytest

from functions.openapi import openapi_document

REPO_ROOT = Path(__file__).resolve().parents[2]
WEBAPP = REPO_ROOT / "webapp"
COMMITTED_SPEC = WEBAPP / "openapi.json"
COMMITTED_CLIENT = WEBAPP / "src" / "lib" / "api" / "generated"
GENERATOR = WEBAPP / "node_modules" / ".bin" / "openapi-ts"


def files_under(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_committed_openapi_document_matches_the_api() -> None:
    assert COMMITTED_SPEC.exists(), "webapp/openapi.json is missing: run `cd webapp && npm run gen:api`"
    assert json.loads(COMMITTED_SPEC.read_text("utf-8")) == openapi_document(), (
        "webapp/openapi.json differs from the API: run `cd webapp && npm run gen:api` and commit"
    )


def test_committed_client_matches_a_fresh_generation(tmp_path: Path) -> None:
    if not GENERATOR.exists():
        pytest.skip("webapp/node_modules is not installed (npm ci in webapp/)")
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(openapi_document(), indent=2, ensure_ascii=False) + "\n", "utf-8")
    out = tmp_path / "generated"
    env = {**os.environ, "OPENAPI_TS_INPUT": str(spec), "OPENAPI_TS_OUTPUT": str(out)}
    subprocess.run(
        [str(GENERATOR), "-f", "openapi-ts.config.mjs", "-s"], cwd=WEBAPP, env=env, check=True, timeout=180
    )
    fresh, committed = files_under(out), files_under(COMMITTED_CLIENT)
    assert sorted(fresh) == sorted(committed), "generated files differ: run `cd webapp && npm run gen:api`"
    changed = [name for name in fresh if fresh[name] != committed[name]]
    assert not changed, f"the committed client is out of date ({changed}): run `cd webapp && npm run gen:api`"
    assert filecmp.dircmp(out, COMMITTED_CLIENT).diff_files == []
