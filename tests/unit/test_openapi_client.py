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


def _untyped(schema: dict[str, object], schemas: dict[str, dict[str, object]]) -> bool:
    """An object schema that names none of its keys (`dict[str, Any]`): no properties and no typed
    additionalProperties."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        schema = schemas[ref.rsplit("/", 1)[-1]]
    extra = schema.get("additionalProperties")
    return (
        not schema.get("properties")
        and not any(k in schema for k in ("anyOf", "oneOf", "allOf", "items", "enum", "const"))
        and schema.get("type") in ("object", None)
        and (extra is None or extra is True or extra == {})
    )


def test_every_json_answer_has_a_typed_data_shape() -> None:
    """No route answers an untyped envelope (`dict[str, Any]`, `Envelope[dict]`): each JSON 200
    answer is an envelope whose `data` is a declared shape (or null), so the generated client's types
    are the real ones. Answers that are not JSON (files, images, the terminal's event stream) are
    not envelopes and are left out."""
    document = openapi_document()
    schemas = document["components"]["schemas"]
    untyped = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            content = operation.get("responses", {}).get("200", {}).get("content", {})
            if "application/json" not in content:
                continue
            schema = content["application/json"].get("schema", {})
            ref = schema.get("$ref", "")
            envelope = schemas[ref.rsplit("/", 1)[-1]] if ref else schema
            data = envelope.get("properties", {}).get("data")
            if data is None or (data.get("type") != "null" and _untyped(data, schemas)):
                untyped.append(f"{method.upper()} {path}")
    assert not untyped, f"answers without a typed data shape: {untyped}"
