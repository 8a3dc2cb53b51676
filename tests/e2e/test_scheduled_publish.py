"""Scheduled publishing as an editor meets it (issue 36 item 8), zh-cn at 1440 px and English at 390 px:
a news item added in the back office with a publish time an hour ahead is not on the public site, and
the publish page lists it under 定时发布 / Scheduled with its time; moved to a few seconds ahead (as a
colleague's edit would), it reaches the public news page by itself — nobody presses 发布网站 — and leaves
the scheduled list. The e2e server's clock looks every 2 s (`CITYOPS_PUBLISH_SCHEDULE_SECONDS`)."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.e2e.steps import add_dialog, admin_headers, open_tab, screenshot, settled
from tests.e2e.test_admin import admin_page
from tests.e2e.words import ADMIN_TEXT as TEXT

SHOTS = Path("/tmp/shots/scheduled")
WORDS = {"zh": {"scheduled": "定时发布"}, "en": {"scheduled": "Scheduled"}}
# The browser's local time `seconds` from now, as the date-time picker takes it.
LOCAL_TIME = """(seconds) => {
  const d = new Date(Date.now() + seconds * 1000), p = (n) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  return `${day} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}"""


def _news_page(server, lang: str) -> str:
    return httpx.get(server.url("/en/news/" if lang == "en" else "/news/"), timeout=10).text


def _wait_for_news(server, lang: str, title: str, timeout: float = 90) -> None:
    """The public news list shows `title` (the publish that puts it there runs in the background)."""
    deadline = time.monotonic() + timeout
    while title not in _news_page(server, lang):
        assert time.monotonic() < deadline, f"{title!r} did not reach the news page by itself"
        time.sleep(0.5)


def _scheduled_card(page: Page, server, lang: str):
    tab = open_tab(page, server, "/admin/routine/publish", lang)
    card = tab.locator(".ant-card").filter(has=page.get_by_text(WORDS[lang]["scheduled"], exact=True))
    expect(card).to_be_visible()
    return card


def test_a_news_item_scheduled_for_later_reaches_the_site_by_itself(
    server, browser: Browser, lang: str, width: int, height: int
) -> None:
    text = TEXT[lang]
    title = f"scheduled-{uuid.uuid4().hex[:6]}"
    with admin_page(browser, server, width, height) as page:
        news = open_tab(page, server, "/admin/business/news", lang)
        expect(news.locator("[data-design]")).to_be_visible()
        dialog = add_dialog(page, text, news)
        settled(dialog)
        dialog.get_by_label(text["title"], exact=True).fill(title)
        when = dialog.get_by_label(text["time"], exact=True)
        when.click()
        when.fill(page.evaluate(LOCAL_TIME, 3600))
        page.keyboard.press("Enter")
        dialog.get_by_label(text["title"], exact=True).click()  # closes the picker
        dialog.get_by_role("button", name=re.compile(text["save"])).click()
        expect(page.get_by_text(text["added"])).to_be_visible()

        # The publish its save started leaves it out and lists it, with its time, until then.
        card = _scheduled_card(page, server, lang)
        expect(card.get_by_text(title, exact=True)).to_be_visible(timeout=60_000)
        screenshot(page, SHOTS / f"scheduled-{lang}-{width}.png")
        assert title not in _news_page(server, lang)

        # A colleague moves its time to a few seconds from now: the site shows it when that comes.
        auth = admin_headers(page)
        found = httpx.get(
            server.url("/srv/admin/business/news/index"),
            params={"quick_search": title},
            headers=auth,
            timeout=20,
        ).json()["data"]["list"]
        assert [row["title"] for row in found] == [title]
        row = httpx.get(
            server.url("/srv/admin/business/news/edit"),
            params={"id": found[0]["id"]},
            headers=auth,
            timeout=20,
        ).json()["data"]["row"]
        soon = int(time.time()) + 5
        edited = httpx.post(
            server.url("/srv/admin/business/news/edit"),
            json={**row, "publish_time": soon},
            headers=auth,
            timeout=20,
        ).json()
        assert edited["code"] == 1, edited
        _wait_for_news(server, lang, title)
        assert time.time() >= soon  # not before its time

        card = _scheduled_card(page, server, lang)
        expect(card.get_by_text(title, exact=True)).to_have_count(0)
