"""Steps the browser tests share (one way to do each): answering a confirmation popover, waiting for
a menu to stop moving."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page


def confirm(page: Page, ok: str) -> None:
    """Press the OK button (`ok`, a regular expression such as r"^确\\s*定$") of the open popconfirm."""
    page.get_by_role("tooltip").get_by_role("button", name=re.compile(ok)).click()


def settled(area: Locator) -> None:
    """Wait until nothing in or around `area` moves: a drawer has slid in, a submenu has unfolded. A tap
    during those motions may land between items (a CI run lost one that way)."""
    area.evaluate(
        """(el) => Promise.all(
          el.ownerDocument.getAnimations()
            .filter((a) => a.effect && a.effect.target && a.effect.getComputedTiming().endTime !== Infinity)
            .filter((a) => el.contains(a.effect.target) || a.effect.target.contains(el))
            .map((a) => a.finished.catch(() => undefined)))"""
    )
