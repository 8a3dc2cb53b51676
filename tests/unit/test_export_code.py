"""Export as code: the files generated from a table design pass the linters the repository runs
(ruff with the repository's settings, tsc in strict mode) and carry the design's fields and texts."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from functions.services.designs import DesignDoc
from functions.services.export_code import export_files, export_zip

ROOT = Path(__file__).resolve().parents[2]
WORDS = {"zh": "工单", "en": "Work orders"}
DESIGN = DesignDoc.model_validate(
    {
        "name": "business/workOrder",
        "title": WORDS,
        "fields": [
            {"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string", "search": True},
            {"name": "fee", "title": {"zh": "费用", "en": "Fee"}, "type": "money"},
            {"name": "done", "title": {"zh": "完成", "en": "Done"}, "type": "switch"},
            {"name": "photos", "title": {"zh": "照片", "en": "Photos"}, "type": "images"},
            {"name": "pin", "title": {"zh": "密码", "en": "PIN"}, "type": "password"},
            {"name": "ticket", "title": {"zh": "编号", "en": "Ticket"}, "type": "token"},
            {
                "name": "level",
                "title": {"zh": "级别", "en": "Level"},
                "type": "select",
                "options": [{"value": "a", "label": {"zh": "甲", "en": "A"}}],
            },
        ],
    }
)


def test_the_export_holds_a_model_a_router_a_page_schema_and_both_locales() -> None:
    files = export_files(DESIGN)
    assert sorted(files) == [
        "functions/models/work_order.py",
        "functions/routes/admin/business/work_order.py",
        "webapp/src/features/admin/business/workOrder/schema.ts",
        "webapp/src/locales/en/admin/business/workOrder.json",
        "webapp/src/locales/zh-cn/admin/business/workOrder.json",
    ]
    assert "class WorkOrder(Listed, BaseModel):" in files["functions/models/work_order.py"]
    assert 'path = "business/workOrder"' in files["functions/routes/admin/business/work_order.py"]
    assert json.loads(files["webapp/src/locales/en/admin/business/workOrder.json"])["fields"]["fee"] == "Fee"
    assert json.loads(files["webapp/src/locales/zh-cn/admin/business/workOrder.json"])["table"] == "工单"
    route = files["functions/routes/admin/business/work_order.py"]
    # A password is kept as its hash and never answered; a token is the server's, given on create.
    assert 'values["pin"] = hash_password(values["pin"])' in route
    assert 'values["ticket"] = str(uuid.uuid4())' in route
    assert '"pin"' not in route.split("fields = ")[1].split(")")[0]
    assert "ticket:" not in route.split("class WorkOrderIn")[1].split("class WorkOrderEdit")[0]
    with zipfile.ZipFile(io.BytesIO(export_zip(DESIGN))) as archive:
        assert sorted(archive.namelist()) == sorted(files)


def test_the_exported_code_passes_ruff_and_tsc(tmp_path: Path) -> None:
    for path, text in export_files(DESIGN).items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    python = [str(p) for p in tmp_path.rglob("*.py")]
    ruff = shutil.which("ruff", path=str(ROOT / ".venv" / "bin")) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed (make install)")
    config = str(ROOT / "pyproject.toml")
    for command in (
        [ruff, "check", "--config", config, *python],
        [ruff, "format", "--check", "--config", config, *python],
    ):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
    tsc = ROOT / "webapp" / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "the web app's packages are not installed (make install)"
    schema = next(tmp_path.rglob("schema.ts"))
    done = subprocess.run(
        [str(tsc), "--noEmit", "--strict", "--target", "es2022", "--module", "esnext", str(schema)],
        cwd=tmp_path,  # not the repository: its root node_modules/@types (tools' types) are not the page's
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
