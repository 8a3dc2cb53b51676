"""Records and catalogue: the data files the back office will publish into are validated with
messages that name the file, record and field; localisation falls back to zh-cn; image variants
become srcset; every template message has a Chinese translation."""

from __future__ import annotations

import gettext
import json
import re
import shutil
from pathlib import Path

import pytest

from functions.publish.site_data.checks import load_records, load_site
from functions.publish.site_data.localise import format_date, localise, picture, pick
from functions.publish.site_data.schema import RECORD_TYPES, RecordError
from functions.publish.catalog import CatalogError, compile_catalogues, parse_po
from tests.site.conftest import REPO_ROOT

CONTENT = REPO_ROOT / "content"


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A writable copy of the real data files (images are shared through a symlink)."""
    (tmp_path / "data").mkdir()
    for path in (CONTENT / "data").glob("*.json"):
        shutil.copy(path, tmp_path / "data" / path.name)
    (tmp_path / "images").symlink_to(CONTENT / "images")
    return tmp_path


def edit(content: Path, name: str, change) -> None:
    path = content / "data" / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_real_records_are_valid_and_complete() -> None:
    data = load_records(CONTENT)
    assert set(data) == set(RECORD_TYPES)
    for name, rows in data.items():
        # pages.json is written by a publish only (business/page); the Markdown pages are its seed.
        assert rows or name == "pages", f"no {name} records"
    assert not (CONTENT / "data/pages.json").exists()
    assert "riverside-park" in [p["id"] for p in data["projects"]]
    assert [n["date"] for n in data["news"]] == sorted((n["date"] for n in data["news"]), reverse=True)
    assert [s["sort"] for s in data["staff"]] == sorted(s["sort"] for s in data["staff"])


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (
            "projects",
            lambda d: d[0]["title"].pop("en"),
            r"projects\.json record 0\.title: expected an object",
        ),
        ("staff", lambda d: d[1].pop("role"), r"staff\.json record 1: missing field 'role'"),
        (
            "awards",
            lambda d: d[0].update(image="images/awards/nope.webp"),
            r"record 0\.image: expected the path",
        ),
        ("news", lambda d: d[0].update(date="18/03/2025"), r"record 0\.date: expected a date"),
        ("projects", lambda d: d[1].update(id=d[0]["id"]), r"record 1: duplicate id"),
        ("projects", lambda d: d[0].update(id="Riverside Park"), r"record 0\.id: expected a lowercase slug"),
        ("equipment", lambda d: d[0].update(colour="green"), r"record 0: unknown fields \['colour'\]"),
        (
            "carousel",
            lambda d: d[0].update(link="xiang/riverside-park"),
            r"record 0\.link: expected a site path",
        ),
    ],
)
def test_invalid_records_are_rejected(content: Path, name: str, change, message: str) -> None:
    edit(content, name, change)
    with pytest.raises(RecordError, match=message):
        load_records(content)


def test_site_identity_requires_every_field(content: Path) -> None:
    edit(content, "site", lambda d: d.pop("recordNumber"))
    with pytest.raises(RecordError, match="recordNumber"):
        load_site(content)


def test_localise_picks_language_and_renders_markdown() -> None:
    row = load_records(CONTENT)["projects"][0]
    zh = localise("projects", row, "zh-cn", CONTENT, "")
    en = localise("projects", row, "en", CONTENT, "/en")
    assert zh["title"] == row["title"]["zh-cn"] and en["title"] == row["title"]["en"]
    assert en["url"] == f"/en/xiang/{row['id']}/" and zh["url"] == f"/xiang/{row['id']}/"
    assert "<h2>" in en["body"] and "<ul>" in en["body"]
    assert pick({"zh-cn": "中文", "en": ""}, "en") == "中文"
    assert format_date("2025-03-08", "en") == "8 March 2025"
    assert format_date("2025-03-08", "zh-cn") == "2025年3月8日"


def test_picture_has_size_and_srcset_of_its_variants() -> None:
    shown = picture(CONTENT, "images/projects/riverside-park.webp", "alt")
    assert (shown.width, shown.height) == (960, 600)
    assert shown.srcset == (
        "/images/projects/riverside-park-480w.webp 480w, /images/projects/riverside-park.webp 960w"
    )


def test_images_stay_small() -> None:
    total = sum(p.stat().st_size for p in (CONTENT / "images").rglob("*") if p.is_file())
    assert total < 400 * 1024, f"content/images is {total // 1024} KB"


def test_every_template_message_is_translated(tmp_path: Path) -> None:
    templates = (REPO_ROOT / "theme" / "templates").glob("*.html")
    used = set()
    for template in templates:
        used |= set(re.findall(r"_\((['\"])(.+?)\1", template.read_text(encoding="utf-8")))
    msgids = {msgid for _, msgid in used}
    conf = (REPO_ROOT / "pelicanconf.py").read_text(encoding="utf-8")
    msgids |= set(re.findall(r'\("/[a-z/]*", "([^"]+)"\)', conf))  # NAV_ITEMS
    assert len(msgids) > 40
    compile_catalogues(REPO_ROOT / "theme" / "translations", tmp_path)
    zh = gettext.translation("messages", tmp_path, ["zh-cn"])
    untranslated = sorted(m for m in msgids if zh.gettext(m) == m)
    assert not untranslated, f"add these to theme/translations/zh-cn/LC_MESSAGES/messages.po: {untranslated}"


def test_po_parser_handles_continuations_and_rejects_plurals() -> None:
    text = 'msgid ""\nmsgstr "h"\n\nmsgid "a"\n"b"\nmsgstr "甲"\n"乙"\n\n#, fuzzy\nmsgid "c"\nmsgstr "丙"\n'
    assert parse_po(text) == {"": "h", "ab": "甲乙"}
    with pytest.raises(CatalogError):
        parse_po('msgid "x"\nmsgid_plural "xs"\nmsgstr[0] "y"\n')
