"""The division names in both languages (functions/services/area.py, functions/data/area-en.tsv made by
tools/area_english.py): every division has an English name written in Latin letters, the names read as
English-language Chinese sources write them, and a region reads as one line in each language."""

from __future__ import annotations

import re

from functions.services import area


def _codes(path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t", 1)[0] for line in lines if line and not line.startswith("#")]


def test_every_division_has_an_english_name_in_latin_letters() -> None:
    assert _codes(area.ENGLISH_FILE) == _codes(area.DATA_FILE)
    latin = re.compile(r"^[A-Za-zü' -]+$")
    for code, name in area._english().items():
        assert latin.match(name), (code, name)


def test_names_read_as_english_sources_write_them() -> None:
    names = {code: area._label(code, area._tree()[0], "en") for code in area._english()}
    assert names["32"] == "Jiangsu" and names["3201"] == "Nanjing" and names["320106"] == "Gulou District"
    assert names["6101"] == "Xi'an" and names["3415"] == "Lu'an"  # the apostrophe between syllables
    assert names["50"] == "Chongqing"  # 重 read as chong in a place name
    assert names["2224"] == "Yanbian Autonomous Prefecture"  # the nationality left out of the name
    assert names["15"] == "Inner Mongolia"
    assert names["1101"] == "Beijing"  # a municipality's city level shows the municipality


def test_a_region_reads_as_one_line_in_each_language() -> None:
    assert area.place(["32", "3201", "320106"]) == "江苏省 南京市 鼓楼区"
    assert area.place(["32", "3201", "320106"], "en") == "Gulou District, Nanjing, Jiangsu"
    assert area.place(["11", "1101", "110101"], "en") == "Dongcheng District, Beijing"
    assert area.place(["11", "1101", "110101"]) == "北京市 东城区"
    assert area.place([]) == "" and area.place(["99"], "en") == ""
