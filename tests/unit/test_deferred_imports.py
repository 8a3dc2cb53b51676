"""Every import inside a function body in `functions/` says why it is not at the top of its module.

An import at the top is where a reader (and `lint-imports`) expects a module's dependencies; one hidden
in a function is kept only for a reason worth writing down (issue 35): a heavy module kept off the
Lambda's cold start with its measured cost (`tests/unit/test_cold_imports.py` checks the cold start
itself), or a constraint the module docstring names. The reason is a `#` comment on the import's line
or directly above it that says "deferred" or "imported here".
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

FUNCTIONS = Path(__file__).resolve().parents[2] / "functions"
REASON = re.compile(r"deferred|imported here", re.IGNORECASE)


def _comment_of(lines: list[str], node: ast.Import | ast.ImportFrom) -> str:
    """The comments on the import's lines and the comment block directly above it, as one text."""
    found = [line.split("#", 1)[1] for line in lines[node.lineno - 1 : node.end_lineno] if "#" in line]
    above: list[str] = []
    index = node.lineno - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        above.insert(0, lines[index].strip().lstrip("#").strip())
        index -= 1
    return " ".join(above + found)


def unexplained_imports(root: Path = FUNCTIONS) -> list[str]:
    """`path:line import` of each import inside a function with no comment saying why."""
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                imports = isinstance(inner, ast.Import | ast.ImportFrom)
                if imports and not REASON.search(_comment_of(lines, inner)):
                    where = f"{path.relative_to(root.parent)}:{inner.lineno}"
                    found.add(f"{where} {lines[inner.lineno - 1].strip()}")
    return sorted(found)


def test_every_import_inside_a_function_says_why_it_is_deferred() -> None:
    assert unexplained_imports() == []


def test_the_check_sees_an_unexplained_import_and_accepts_an_explained_one(tmp_path: Path) -> None:
    (tmp_path / "functions").mkdir()
    (tmp_path / "functions" / "sample.py").write_text(
        "def plain():\n"
        "    import json\n"
        "\n"
        "\n"
        "def explained():\n"
        "    import boto3  # deferred: ~25 ms at cold start\n"
        "    # Imported here for the cold start: Pillow takes ~11 ms\n"
        "    from PIL import Image\n"
        "\n"
        "\n"
        "def noqa_only():\n"
        "    import os  # noqa: PLC0415\n",
        encoding="utf-8",
    )
    assert unexplained_imports(tmp_path / "functions") == [
        "functions/sample.py:12 import os  # noqa: PLC0415",
        "functions/sample.py:2 import json",
    ]
