"""Export (functions.publish.export): the back office's enabled news rows become the site's news.json
— both languages (one falls back to the other), local dates, a summary from the body when none was
written, drafts left out — and the file passes the site's own record checks. DynamoDB Local."""

from __future__ import annotations

import json
import shutil
import uuid
from pathlib import Path
from typing import Any

from functions.core.settings import REPO_ROOT
from functions.models.design import Record
from functions.publish import export
from functions.publish.records import load_records


def _row(design: str, item_id: int, values: dict[str, Any]) -> None:
    Record(design, item_id, design=design, data=json.dumps(values, ensure_ascii=False)).save()


def test_enabled_news_rows_become_the_sites_news_file(dynamodb, tmp_path: Path, monkeypatch) -> None:
    design = f"business/n{uuid.uuid4().hex[:8]}"
    monkeypatch.setitem(export.EXPORTS, "news", export.Export(design, export.news_record))
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
    assert export.export_site_data(content / "data") == ["news.json"]
    news = json.loads((content / "data" / "news.json").read_text(encoding="utf-8"))
    assert [n["id"] for n in news] == ["news-2", "news-1"]  # newest first, the draft left out
    assert news[1]["title"] == {"zh-cn": "东湖绿道开放", "en": "East Lake greenway opens"}
    # 2026-01-01 00:00 in Shanghai is 2025-12-31 16:00 UTC: the company's local date.
    assert news[1]["date"] == "2026-01-01"
    assert news[0]["title"] == {"zh-cn": "只有中文", "en": "只有中文"}
    assert news[0]["summary"] == {"zh-cn": "正文 第一段", "en": "正文 第一段"}

    records = load_records(content)  # the site's checks (both languages, dates, ids)
    assert [r["id"] for r in records["news"]] == ["news-2", "news-1"]
    assert (content / "data" / "awards.json").read_bytes() == (
        REPO_ROOT / "content/data/awards.json"
    ).read_bytes()


def test_a_long_body_makes_a_short_summary() -> None:
    text = "word " * 100
    summary = export.plain(f"<p>{text}</p>")
    assert summary.endswith("…") and len(summary) <= export.SUMMARY_CHARS + 1 and "  " not in summary
    assert export.plain("<p>A &amp; B</p>") == "A & B"
