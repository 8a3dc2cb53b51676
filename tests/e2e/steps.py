"""Steps the browser tests share (one way to do each): answering a confirmation popover."""

from __future__ import annotations

import re

from playwright.sync_api import Page


def confirm(page: Page, ok: str) -> None:
    """Press the OK button (`ok`, a regular expression such as r"^确\\s*定$") of the open popconfirm."""
    page.get_by_role("tooltip").get_by_role("button", name=re.compile(ok)).click()
