"""Publishing in the browser: an admin presses "Publish site" in the back office and sees the status
go to done, the changed pages and the log; the header indicator follows; the local server then serves
the new build (its own site folder, swapped atomically). Screenshots in /tmp/shots/publish/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from functions.local.harness import LocalServer, local_server
from tests.e2e.test_admin import admin_password, log_in

SHOTS = Path("/tmp/shots/publish")


@pytest.fixture(scope="module")
def publish_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LocalServer, Path]]:
    site = tmp_path_factory.mktemp("publish") / "site"
    limits = {f"CITYOPS_RATE_{a}_LIMIT": "1000000" for a in ("ADMIN_LOGIN", "CAPTCHA", "REFRESH")}
    env = {**limits, "CITYOPS_SITE_DIR": str(site)}
    with local_server(tmp_path_factory.mktemp("var"), table_prefix="e2e-publish-", env=env) as running:
        yield running, site


def test_admin_publishes_the_site_and_sees_it_done(publish_server, browser: Browser) -> None:
    server, site = publish_server
    password = admin_password(server)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang, width, height in (
        ("zh-CN", 1440, 900),
        ("en-US", 390, 844),
        ("zh-CN", 390, 844),
        ("en-US", 1440, 900),
    ):
        context = browser.new_context(locale="zh-CN", viewport={"width": width, "height": height})
        page: Page = context.new_page()
        page.set_default_timeout(20_000)
        try:
            log_in(page, server, "admin", password)
            page.goto(server.url("/admin/routine/publish", lang))
            button = page.get_by_test_id("publish-site")
            expect(button).to_be_visible()
            status = page.get_by_test_id("publish-status")
            page.wait_for_load_state("networkidle")
            before = status.get_attribute("data-job") if status.count() else None
            button.click()
            # The job this click started (not the previous one) goes to done.
            expect(status).not_to_have_attribute("data-job", before or "-", timeout=30_000)
            expect(status).to_have_attribute("data-status", "done", timeout=60_000)
            expect(status).to_have_text("Done" if lang == "en-US" else "已完成")
            expect(page.get_by_test_id("publish-log")).to_contain_text("done")
            expect(button).not_to_have_class(re.compile("ant-btn-loading"))
            expect(page.get_by_test_id("publish-indicator")).to_be_visible()
            shot = SHOTS / f"publish-{lang}-{width}x{height}.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 0
        finally:
            context.close()
    assert site.is_symlink() and (site / "index.html").is_file()
    home = httpx.get(server.url("/"), timeout=10)
    assert home.status_code == 200 and re.search(r"<html", home.text)
