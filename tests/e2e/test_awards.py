"""Issue 13: the awards page (/jiang) is drawn from 荣誉证书 (business/award). An admin adds an award in the
back office — names in both languages, the issuer, the year from the year picker, a description and an
uploaded picture of the certificate — and saving it publishes: the award is on /jiang/ and /en/jiang/,
its picture resized into the site's images, and a visitor opens its large view. Deleting it takes it off
again. Screenshots in /tmp/shots/awards/."""

from __future__ import annotations

import io
import re
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.steps import delete_row
from tests.e2e.test_admin import admin_page
from tests.e2e.test_designed import (
    TEXT,
    _add_with_year,
    _added_row,
    _open_business,
    _wait_for_page,
)

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/awards")


def _certificate() -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (1200, 850), (250, 246, 232))
    draw = ImageDraw.Draw(image)
    draw.rectangle((40, 40, 1160, 810), outline=(176, 132, 40), width=16)
    draw.rectangle((420, 600, 780, 640), fill=(176, 40, 40))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_an_award_added_in_the_back_office_reaches_the_awards_page(server, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    mark = uuid.uuid4().hex[:6]
    zh_title, en_title = f"城市更新示范单位 {mark}", f"Urban Renewal Model Unit {mark}"
    with admin_page(browser, server, 1440, 900) as page:
        # Business › Awards, a menu of its own since the design was seeded.
        awards = _open_business(page, "荣誉证书", "award", "官网“荣誉证书”页", "城市环境卫生管理优秀单位")
        dialog = _add_with_year(page, awards, "获奖年份", "2026")
        dialog.get_by_label("奖项名称", exact=True).fill(zh_title)
        dialog.get_by_label("奖项名称（英文）", exact=True).fill(en_title)
        dialog.get_by_label("颁发单位", exact=True).fill("市住房和城乡建设局")
        dialog.get_by_label("颁发单位（英文）", exact=True).fill("Municipal Housing Bureau")
        dialog.get_by_label("获奖说明", exact=True).fill("老旧小区改造项目获评年度示范。")
        dialog.get_by_label("获奖说明（英文）", exact=True).fill("Estate renewal, model of the year.")
        dialog.get_by_test_id("upload-image").locator("input[type=file]").set_input_files(
            {"name": "certificate.png", "mimeType": "image/png", "buffer": _certificate()}
        )
        expect(dialog.get_by_test_id("upload-image").locator("img").first).to_have_attribute(
            "src", re.compile(r"^/storage/")
        )
        row = _added_row(page, awards, zh_title, "2026")
        page.screenshot(path=str(SHOTS / "admin-zh-1440.png"), full_page=True)

        # The save publishes: both languages list the award with its issuer and year.
        _wait_for_page(server, "/jiang/", [zh_title, "市住房和城乡建设局", "老旧小区改造项目获评年度示范。"])
        _wait_for_page(server, "/en/jiang/", [en_title, "Municipal Housing Bureau"])
        public = page.context.new_page()
        public.goto(server.url("/jiang/"))
        item = public.locator(".gallery-item").filter(has_text=zh_title)
        picture = item.locator("img")
        # The upload, resized at publish time: WebP widths for srcset, a JPEG twin as the <img> itself.
        expect(picture).to_have_attribute("src", re.compile(r"^/images/records/[0-9a-f]+\.jpg$"))
        webp = item.locator("source[type='image/webp']")
        expect(webp).to_have_attribute("srcset", re.compile(r"-480w\.webp 480w, .*-960w\.webp 960w"))
        expect(picture).to_have_attribute("alt", zh_title)  # no description written: the title
        expect(picture).to_have_js_property("complete", True)
        assert public.evaluate("img => img.naturalWidth", picture.element_handle()) > 0
        item.get_by_role("link").click()
        view = public.get_by_role("region", name=zh_title)
        expect(view).to_be_visible()
        expect(view).to_contain_text("市住房和城乡建设局")
        expect(view).to_contain_text("2026")
        public.screenshot(path=str(SHOTS / "jiang-zh-1440.png"))
        public.close()

        # Deleted in the back office, it leaves the site.
        delete_row(page, TEXT["zh"], row)
    _wait_for_absent(server, "/jiang/", zh_title)


def _wait_for_absent(server, path: str, text: str, timeout: float = 60) -> None:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text not in httpx.get(server.url(path), timeout=10).text:
            return
        time.sleep(0.5)
    raise AssertionError(f"{text!r} still on {path} after {timeout} s")
