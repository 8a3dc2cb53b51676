"""Export (functions.publish.export): the back office's enabled rows become the site's data files —
both languages (one falls back to the other), local dates, a summary from the body when none was
written, drafts left out, uploaded pictures resized into responsive WebP with a JPEG twin, the
company identity from Config — and the files pass the site's own record checks. DynamoDB Local."""

from __future__ import annotations

import json
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from functions.core.settings import REPO_ROOT
from functions.models.design import Record
from functions.publish import export, site_records
from functions.publish.site_data.checks import load_records


def _row(design: str, item_id: int, values: dict[str, Any]) -> None:
    Record(design, item_id, design=design, data=json.dumps(values, ensure_ascii=False)).save()


def _exported_from_tables(monkeypatch: pytest.MonkeyPatch, **records: Callable[..., Any]) -> dict[str, str]:
    """The export takes each data file `name` from a table of its own (a new designed table, its rows
    made into records by `records[name]`); returns the tables' names by data file."""
    designs = {name: f"business/x{uuid.uuid4().hex[:8]}" for name in records}
    for name, design in designs.items():
        monkeypatch.setitem(export.EXPORTS, name, site_records.Export(design, records[name]))
    monkeypatch.setattr(export, "design_fields", lambda name: {} if name in designs.values() else None)
    return designs


def test_enabled_news_rows_become_the_sites_news_file(dynamodb, tmp_path: Path, monkeypatch) -> None:
    design = _exported_from_tables(monkeypatch, news=site_records.news_record)["news"]
    _row(
        design,
        1,
        {
            "title": "东湖绿道开放",
            "title_en": "East Lake greenway opens",
            "summary": "全线开放",
            "summary_en": "Open end to end",
            "publish_time": 1_767_196_800,
            "status": "enable",
        },
    )
    _row(
        design,
        2,
        {
            "title": "只有中文",
            "content": "<p>正文<b>第一段</b></p>",
            "publish_time": 1_767_200_000,
            "status": "enable",
        },
    )
    _row(design, 3, {"title": "草稿", "publish_time": 1_767_300_000, "status": "disable"})

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    assert "news.json" in export.export_site_data(content / "data")
    news = json.loads((content / "data" / "news.json").read_text(encoding="utf-8"))
    assert [n["id"] for n in news] == ["2", "1"]  # newest first, the draft left out
    assert news[1]["title"] == {"zh-cn": "东湖绿道开放", "en": "East Lake greenway opens"}
    # 2026-01-01 00:00 in Shanghai is 2025-12-31 16:00 UTC: the company's local date.
    assert news[1]["date"] == "2026-01-01"
    assert news[0]["title"] == {"zh-cn": "只有中文", "en": "只有中文"}
    assert news[0]["summary"] == {"zh-cn": "正文 第一段", "en": "正文 第一段"}

    records = load_records(content)  # the site's checks (both languages, dates, ids)
    assert [r["id"] for r in records["news"]] == ["2", "1"]
    assert records["news"][0]["body"] == {"zh-cn": "<p>正文<b>第一段</b></p>", "en": ""}
    assert (content / "data" / "awards.json").read_bytes() == (
        REPO_ROOT / "content/data/awards.json"
    ).read_bytes()


def test_a_long_body_makes_a_short_summary() -> None:
    text = "word " * 100
    summary = site_records.plain(f"<p>{text}</p>")
    assert summary.endswith("…") and len(summary) <= site_records.SUMMARY_CHARS + 1 and "  " not in summary
    assert site_records.plain("<p>A &amp; B</p>") == "A & B"


def _png(width: int, height: int, alpha: bool = False) -> bytes:
    import io

    from PIL import Image

    image = Image.new(
        "RGBA" if alpha else "RGB", (width, height), (11, 93, 75, 128) if alpha else (11, 93, 75)
    )
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_an_uploaded_picture_becomes_responsive_webp_with_a_jpeg_twin(dynamodb, tmp_path: Path) -> None:
    from functions.publish.images import SiteImages
    from functions.publish.site_data.localise import picture
    from functions.services.storage import get_storage

    key = f"storage/test/{uuid.uuid4().hex}.png"
    get_storage().put(key, _png(2400, 1200), "image/png")
    content, cache = tmp_path / "content", tmp_path / "cache"
    (content / "images").mkdir(parents=True)
    images = SiteImages(content, cache)

    rel = images.publish("/" + key)
    assert rel is not None and rel.startswith("images/records/") and rel.endswith(".webp")
    made = sorted(p.name for p in (content / "images/records").iterdir())
    stem = Path(rel).stem
    assert made == sorted([f"{stem}.webp", f"{stem}-480w.webp", f"{stem}-960w.webp", f"{stem}.jpg"])
    shown = picture(content, rel, "绿色")
    assert (shown.width, shown.height) == (1600, 800)  # at most MAX_WIDTH wide, proportions kept
    assert shown.fallback == f"/images/records/{stem}.jpg"
    assert shown.srcset.split(", ")[0] == f"/images/records/{stem}-480w.webp 480w"
    assert images.rendered == 1

    # The next publish copies the cached files; the same upload gives the same names.
    again = SiteImages(tmp_path / "other", cache)
    assert again.publish("/" + key) == rel and again.rendered == 0

    # A transparent picture keeps a PNG twin; a file that is not a picture, or a missing one, is left out.
    clear = f"storage/test/{uuid.uuid4().hex}.png"
    get_storage().put(clear, _png(300, 200, alpha=True), "image/png")
    twin = Path(images.publish("/" + clear) or "").with_suffix(".png")
    assert (content / twin).is_file()
    fake = f"storage/test/{uuid.uuid4().hex}.jpg"
    get_storage().put(fake, b"%PDF-1.4 not a picture", "image/jpeg")
    assert images.publish("/" + fake) is None
    assert images.publish("/storage/test/missing.png") is None
    assert images.publish("/storage/../etc/passwd") is None
    assert images.publish("/images/../../etc/passwd") is None


def test_seeded_rows_publish_every_record_type(isolated_tables, tmp_path: Path) -> None:
    from functions.models.config import Config
    from functions.seed import seed
    from functions.services.designs import get_design
    from functions.services.fields import request_model  # noqa: F401 (the seed validates rows with it)

    seed(isolated_tables)
    item = Config.get("site", "record_number")
    item.value = "浙ICP备2026000001号-9"
    item.save()
    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    names = export.export_site_data(content / "data")
    assert {
        "site.json", "news.json", "notices.json", "jobs.json", "carousel.json", "staff.json",
        "awards.json", "qualifications.json", "services.json", "pages.json", "history.json",
    } <= set(names)  # fmt: skip
    assert get_design("business/project") is not None
    # Each new design came with its menu and buttons (the rules an admin group is granted).
    from tests.api.admin_support import all_rule_names

    rules = set(all_rule_names())
    for table in ("award", "qualification", "history", "service", "page"):
        menu = f"business/{table}"
        assert {menu} | {f"{menu}/{b}" for b in ("index", "add", "edit", "del", "sortable")} <= rules

    records = load_records(content)  # every file passes the site's checks
    site = json.loads((content / "data/site.json").read_text(encoding="utf-8"))
    assert site["recordNumber"] == "浙ICP备2026000001号-9"
    # Three of the four demo slides have a picture; the fourth is left out, not shown broken.
    assert len(records["carousel"]) == 3
    assert all(r["link"].startswith("/") for r in records["carousel"])
    projects = {r["id"]: r for r in records["projects"]}
    assert "riverside-park" in projects and projects["riverside-park"]["featured"] is True
    assert (
        projects["riverside-park"]["category"]["en"]
        and "<h2>" in projects["riverside-park"]["body_html"]["en"]
    )
    assert [r["name"]["en"] for r in records["staff"]][0] == "Zhou Min"  # the highest weigh first
    assert (
        len(records["jobs"]) == 5 and records["jobs"][0]["kind"]["en"] == "Full-time"
    )  # one demo job is a draft
    departments = {r["department"]["zh-cn"]: r["department"]["en"] for r in records["jobs"]}
    assert departments["市政环卫事业部"] == "Municipal Sanitation"  # the English careers page is English
    places = {r["city"]["zh-cn"]: r["city"]["en"] for r in records["jobs"]}
    assert places["江苏省 南京市 鼓楼区"] == "Gulou District, Nanjing, Jiangsu"  # so are its places
    # The equipment page counts the vehicles in service by kind; a kind with none is left out.
    cars = json.loads((REPO_ROOT / "functions/data/demo/car.json").read_text(encoding="utf-8"))
    expected = {}
    for car in cars:
        if car["status"] == "in_service":
            expected[car["kind"]] = expected.get(car["kind"], 0) + 1
    assert {r["kind"]: r["count"] for r in records["equipment"]} == expected
    # Awards, qualifications and services are the seed files' records, from the seeded rows.
    for name in ("awards", "qualifications"):
        seed = json.loads((REPO_ROOT / f"content/data/{name}.json").read_text(encoding="utf-8"))
        seed.sort(key=lambda r: r["sort"])
        assert [(r["id"], r["title"]) for r in records[name]] == [(r["id"], r["title"]) for r in seed]
    icons = ["broom", "building", "leaf", "parking", "water", "chip"]
    assert [r["icon"] for r in records["services"]] == icons
    assert sorted(r["id"] for r in records["pages"]) == [
        "about", "about-contact", "about-history", "about-organization", "culture",
    ]  # fmt: skip
    # The history is the seed file's milestones, from the seeded rows (`sort`: the rows' places in the
    # back office's weigh order, which the seed file does not know).
    seed = json.loads((REPO_ROOT / "content/data/history.json").read_text(encoding="utf-8"))
    unsorted = [{k: v for k, v in r.items() if k != "sort"} for r in records["history"]]
    assert unsorted == [{k: v for k, v in r.items() if k != "sort"} for r in seed]


def test_a_published_award_reaches_the_awards_page_in_both_languages_and_a_draft_does_not(
    dynamodb, tmp_path: Path, monkeypatch
) -> None:
    from tests.site.conftest import run_build

    design = _exported_from_tables(monkeypatch, awards=site_records.award_record)["awards"]
    award = {
        "title": "东湖绿道示范工程",
        "title_en": "East Lake Greenway Model Project",
        "issuer": "省住房和城乡建设厅",
        "issuer_en": "Provincial Housing Department",
        "year": 2026,
        "description": "绿道养护获评示范工程。",
        "image": "/images/awards/award-3.webp",
        "weigh": 100,
        "status": "enable",
    }
    _row(design, 1, award)
    _row(design, 2, award | {"title": "尚未公布的奖项", "title_en": "Unannounced award", "status": "disable"})
    _row(design, 3, award | {"title": "没有图片的奖项", "image": ""})  # a certificate without a picture
    _row(design, 4, award | {"title": "第二个奖项", "title_en": "", "slug": "second-award", "weigh": 200})

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    export.export_site_data(content / "data")
    awards = load_records(content)["awards"]
    assert [a["id"] for a in awards] == ["second-award", "award-1"]  # higher weigh first; slug or row
    assert awards[0]["title"] == {"zh-cn": "第二个奖项", "en": "第二个奖项"}  # no English: the Chinese
    assert awards[1]["image_alt"] == {"zh-cn": "东湖绿道示范工程", "en": "East Lake Greenway Model Project"}

    site = run_build(content, tmp_path / "site")
    zh = (site / "jiang/index.html").read_text(encoding="utf-8")
    en = (site / "en/jiang/index.html").read_text(encoding="utf-8")
    assert "东湖绿道示范工程" in zh and "省住房和城乡建设厅" in zh and "绿道养护获评示范工程。" in zh
    assert 'href="#view-award-1"' in zh and 'id="view-second-award"' in zh
    assert "East Lake Greenway Model Project" in en and "Provincial Housing Department" in en
    for html in (zh, en):
        assert "尚未公布" not in html and "Unannounced" not in html and "没有图片" not in html
        assert "城市环境卫生管理优秀单位" not in html  # the seed file was replaced, not added to


def test_qualifications_services_and_pages_export_from_their_rows(
    dynamodb, tmp_path: Path, monkeypatch
) -> None:
    designs = _exported_from_tables(
        monkeypatch,
        qualifications=site_records.qualification_record,
        services=site_records.service_record,
        pages=site_records.page_record,
    )
    cert = {
        "title": "城市道路清扫一级资质",
        "issuer": "市环卫协会",
        "number": "HW-2026-001",
        "valid_until": "2029-06-30",
        "scope": "道路清扫保洁",
        "scope_en": "Street cleaning",
        "image": "/images/qualifications/cert-2.webp",
        "status": "enable",
    }
    _row(designs["qualifications"], 1, cert)
    _row(designs["qualifications"], 2, cert | {"number": ""})  # no certificate number: left out
    _row(designs["services"], 1, {"title": "河道保洁", "title_en": "River cleaning", "icon": "local-water"})
    _row(designs["services"], 2, {"title": "停车", "icon": "fa fa-car", "weigh": 5})  # no drawing on the site
    _row(designs["services"], 3, {"title": "草稿", "icon": "local-leaf", "status": "disable"})
    body = "<h2>使命</h2><p>让城市更干净。</p>"
    _row(designs["pages"], 1, {"slug": "culture", "title": "企业文化", "content": body, "status": "enable"})
    _row(designs["pages"], 2, {"slug": "culture", "title": "新草稿", "content": body, "status": "disable"})
    _row(designs["pages"], 3, {"slug": "about", "title": "关于我们", "title_en": "About", "content": ""})

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    export.export_site_data(content / "data")
    loaded = load_records(content)
    (qualification,) = loaded["qualifications"]
    assert qualification["number"] == "HW-2026-001" and qualification["valid_until"] == "2029-06-30"
    assert qualification["scope"] == {"zh-cn": "道路清扫保洁", "en": "Street cleaning"}
    assert [(s["title"]["en"], s["icon"]) for s in loaded["services"]] == [
        ("停车", "skyline"),
        ("River cleaning", "water"),
    ]
    pages = {p["id"]: p for p in loaded["pages"]}  # the draft is left out
    assert set(pages) == {"culture", "about"}
    # A row without text of its own changes the title and keeps the Markdown page's text and description.
    assert pages["about"]["title"] == {"zh-cn": "关于我们", "en": "About"}
    assert "body" not in pages["about"] and "description" not in pages["about"]
    page = pages["culture"]
    assert page["title"]["en"] == "企业文化"
    assert page["body"] == {"zh-cn": body, "en": ""}
    assert page["description"] == {"zh-cn": "使命 让城市更干净。", "en": "使命 让城市更干净。"}
