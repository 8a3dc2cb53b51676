"""Export as code: a table design frozen into source files for a developer (DESIGN §6).

`export_files(doc)` returns `{path: text}` for a design, laid out as the repository is:

- `functions/models/<name>.py` — a PynamoDB model (one attribute per field, `part-id-index`);
- `functions/routes/admin/<dir>/<name>.py` — the request schema and a `Table` subclass serving
  `/admin/<rule path>/…` with the design's list settings;
- `webapp/src/features/admin/<rule path>/schema.ts` — the page's column and field schema;
- `webapp/src/locales/{zh-cn,en}/admin/<rule path>.json` — the titles in both languages.

`export_zip(doc)` packs them. The generated files pass ruff and tsc (`tests/unit/test_export_code.py`).
The exported table is a starting point: a developer registers the model in `ALL_MODELS` and the router
in `functions.routes.admin.ROUTERS`, then deletes the design so the two do not serve the same path.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from typing import Any

from functions.services.design_doc import DesignDoc, FieldDoc

_PY_TYPES = {
    "integer": ("int", "NumberAttribute", "0"),
    "float": ("float", "NumberAttribute", "0"),
    "money": ("int", "NumberAttribute", "0"),
    "datetime": ("int", "NumberAttribute", "0"),
    "year": ("int", "NumberAttribute", "0"),
    "weigh": ("int", "NumberAttribute", "0"),
    "remoteselect": ("int", "NumberAttribute", "0"),
    "switch": ("bool", "BooleanAttribute", "False"),
    "checkbox": ("list[str]", "JSONAttribute", "list"),
    "selects": ("list[str]", "JSONAttribute", "list"),
    "remoteselects": ("list[int]", "JSONAttribute", "list"),
    "images": ("list[str]", "JSONAttribute", "list"),
    "files": ("list[str]", "JSONAttribute", "list"),
    "city": ("list[str]", "JSONAttribute", "list"),
    "array": ("list[dict[str, str]]", "JSONAttribute", "list"),
}


def _snake(text: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", text).lower()


def _class(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[/_]", text) if part)


def _py(field: FieldDoc) -> tuple[str, str, str]:
    return _PY_TYPES.get(field.type, ("str", "UnicodeAttribute", '""'))


def _model(doc: DesignDoc, module: str, cls: str) -> str:
    attrs = {_py(f)[1] for f in doc.fields} | {"NumberAttribute", "UnicodeAttribute"}
    lines = [
        f'"""{doc.title.en or doc.title.zh} ({doc.name}),',
        f'exported from its table design (version {doc.version})."""',
        "",
        "from __future__ import annotations",
        "",
        f"from pynamodb.attributes import {', '.join(sorted(attrs))}",
        "",
        "from functions.models.base import BaseModel, now",
        "from functions.models.listing import PART, Listed, part_index",
        "",
        "",
        f"class {cls}(Listed, BaseModel):",
        f'    logical_name = "{module}"',
        "",
        "    class Meta:",
        f'        table_name = "{module}"',
        "",
        "    id = NumberAttribute(hash_key=True)",
        "    part = UnicodeAttribute(default=PART)",
    ]
    for field in doc.fields:
        _, attr, default = _py(field)
        value = "list" if default == "list" else default
        lines.append(f"    {field.name} = {attr}(default={value})")
    lines += [
        "    create_time = NumberAttribute(default=now)",
        "    update_time = NumberAttribute(default=now)",
        "",
        "    by_part = part_index()",
        "",
    ]
    return "\n".join(lines)


def _tuple(prefix: str, names: list[str]) -> str:
    """`prefix` + a tuple of strings laid out as `ruff format` lays it out."""
    quoted = [f'"{name}"' for name in names]
    one_line = f"{prefix}({', '.join(quoted)}{',' if len(quoted) == 1 else ''})"
    if len(one_line) <= 110:
        return one_line
    return prefix + "(\n" + "".join(f"        {q},\n" for q in quoted) + "    )"


def _route(doc: DesignDoc, module: str, cls: str) -> str:
    # A password is stored as its Argon2id hash and never answered; a token is given on create.
    passwords = [f.name for f in doc.fields if f.type == "password"]
    tokens = [f.name for f in doc.fields if f.type == "token"]
    names = [f.name for f in doc.fields if f.name not in passwords]
    search = [f.name for f in doc.fields if f.search] or ["id"]
    body = []
    for field in doc.fields:
        if field.name in tokens:
            continue
        kind, _, default = _py(field)
        value = "Field(default_factory=list)" if default == "list" else default
        body.append(f"    {field.name}: {kind} = {value}")
    fields = _tuple("    fields = ", ["id", *names, "create_time"])
    quick = _tuple("    quick_search = ", search)
    lines = [
        f'"""{doc.title.en or doc.title.zh}: `/admin/{doc.name}/index|add|edit|del`',
        f'(permissions `{doc.name}/<action>`), exported from its table design (version {doc.version})."""',
        "",
        *(["import uuid"] if tokens else []),
        "from typing import Any",
        "",
        "from pydantic import Field",
        "",
        *(["from functions.core.security import hash_password"] if passwords else []),
        "from functions.core.validators import Schema",
        f"from functions.models.{module} import {cls}",
        "from functions.routes.admin.deps import AdminContext",
        "from functions.routes.admin.table.generic import Table",
        "",
        "",
        f"class {cls}In(Schema):",
        *body,
        "",
        "",
        f"class {cls}Edit({cls}In):",
        "    id: int",
        "",
        "",
        f"class {cls}Table(Table):",
        f'    path = "{doc.name}"',
        f"    model = {cls}",
        fields,
        quick,
        f"    add_schema = {cls}In",
        f"    edit_schema = {cls}Edit",
        "",
        "    def create(self, body: Any, ctx: AdminContext) -> Any:",
        "        from functions.models.counter import next_id",
        "",
        "        values = body.model_dump()",
        *_secret_lines(passwords, tokens, "values"),
        f'        item = {cls}(next_id("{module}"), **values)',
        "        item.save()",
        "        return item",
        "",
        "    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:",
        '        for key, value in body.model_dump(exclude={"id"}).items():',
        *(
            [
                f"            if key in {_tuple('', passwords).strip()}:",
                "                if not value:",
                "                    continue  # empty: the password is kept",
                "                value = hash_password(value)",
            ]
            if passwords
            else []
        ),
        "            setattr(item, key, value)",
        "        item.save()",
        "        return item",
        "",
        "",
        f"router = {cls}Table().router()",
        "",
    ]
    return "\n".join(lines)


def _secret_lines(passwords: list[str], tokens: list[str], values: str) -> list[str]:
    lines = []
    for name in passwords:
        lines.append(
            f'        {values}["{name}"] = hash_password({values}["{name}"]) if {values}["{name}"] else ""'
        )
    for name in tokens:
        lines.append(f'        {values}["{name}"] = str(uuid.uuid4())')
    return lines


def _schema_ts(doc: DesignDoc) -> str:
    columns = [
        {
            "field": f.name,
            "type": f.type,
            "label": f"{doc.name}.{f.name}",
            "list": f.list,
            "required": f.required,
        }
        for f in doc.fields
    ]
    options = {f.name: [o.value for o in f.options] for f in doc.fields if f.options}
    return "\n".join(
        [
            f"/** {doc.title.en or doc.title.zh} ({doc.name}): exported from its table design. */",
            "export interface ExportedColumn {",
            "  field: string;",
            "  type: string;",
            "  label: string;",
            "  list: boolean;",
            "  required: boolean;",
            "}",
            "",
            f"export const path = {json.dumps(doc.name)};",
            "",
            f"export const columns: ExportedColumn[] = {json.dumps(columns, ensure_ascii=False, indent=2)};",
            "",
            f"export const options: Record<string, string[]> = {json.dumps(options, ensure_ascii=False)};",
            "",
        ]
    )


def _locale(doc: DesignDoc, lang: str) -> str:
    def pick(words: Any) -> str:
        return str((words.en or words.zh) if lang == "en" else (words.zh or words.en))

    texts = {"table": pick(doc.title), "fields": {f.name: pick(f.title) for f in doc.fields}}
    return json.dumps(texts, ensure_ascii=False, indent=2) + "\n"


def export_files(doc: DesignDoc) -> dict[str, str]:
    """The source files of a design (see the module docstring)."""
    folder, _, leaf = doc.name.rpartition("/")
    module = _snake(leaf)
    cls = _class(leaf)
    return {
        f"functions/models/{module}.py": _model(doc, module, cls),
        f"functions/routes/admin/{folder}/{module}.py": _route(doc, module, cls),
        f"webapp/src/features/admin/{doc.name}/schema.ts": _schema_ts(doc),
        f"webapp/src/locales/zh-cn/admin/{doc.name}.json": _locale(doc, "zh-cn"),
        f"webapp/src/locales/en/admin/{doc.name}.json": _locale(doc, "en"),
    }


def export_zip(doc: DesignDoc) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in export_files(doc).items():
            archive.writestr(path, text)
    return buffer.getvalue()
