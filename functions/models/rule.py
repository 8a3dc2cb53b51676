"""Menu rules (permission nodes) of the back office (`AdminRule`) and of the member center
(`UserRule`): one tree per audience.

- `type`: menu_dir (a folder in the menu), menu (a screen), button (an action on a screen; its
  `name` is the permission `<screen path>/<action>`, e.g. `auth/admin/add`). Member rules also know
  route (a route without menu entry), nav (top navigation) and nav_user_menu.
- `menu_type`: tab (a routed page, opened as a tab), link (opens `url` in a new window), iframe
  (`url` inside the shell at /admin/iframe/{encoded url}).
- `title` is the Simplified Chinese title, `title_en` the English one (empty: the Chinese title is
  shown); `label(lang)` picks one.
- `name` is unique within a tree (guarded by `Unique` items `admin_rule.name#…`/`user_rule.name#…`).
- Order: `weigh` descending, then `id` ascending (siblings only; drag-sorting rewrites `weigh`).
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import BooleanAttribute, NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Timestamped
from functions.models.listing import ConstantPart
from functions.models.stamp import Stamped

STATUS_ENABLED = "enable"
STATUS_DISABLED = "disable"
ADMIN_RULE_TYPES = ("menu_dir", "menu", "button")
USER_RULE_TYPES = ("route", "menu_dir", "menu", "nav_user_menu", "nav", "button")
MENU_TYPES = ("tab", "link", "iframe")


class _RuleBase(Stamped, ConstantPart, Timestamped, BaseModel):
    # Every request reads the whole tree (`permissions.load_rules`): it is kept in memory, checked by stamp.

    id = NumberAttribute(hash_key=True)
    pid = NumberAttribute(default=0)
    rule_type = UnicodeAttribute(attr_name="type", default="menu")
    title = UnicodeAttribute(default="")
    title_en = UnicodeAttribute(default="")
    name = UnicodeAttribute()
    path = UnicodeAttribute(default="")
    icon = UnicodeAttribute(default="")
    menu_type = UnicodeAttribute(default="tab")
    url = UnicodeAttribute(default="")
    component = UnicodeAttribute(default="")
    keepalive = BooleanAttribute(default=False)
    remark = UnicodeAttribute(default="")
    weigh = NumberAttribute(default=0)
    status = UnicodeAttribute(default=STATUS_ENABLED)

    @property
    def enabled(self) -> bool:
        return self.status == STATUS_ENABLED

    def label(self, lang: str) -> str:
        return (self.title_en or self.title) if lang == "en" else (self.title or self.title_en)

    def to_row(self) -> dict[str, Any]:
        return {
            **self.pick("id", "pid"),
            "type": self.rule_type,
            **self.pick("title", "title_en", "name", "path", "icon", "menu_type", "url", "component"),
            **self.pick("keepalive", "remark", "weigh", "status", "create_time", "update_time"),
        }


class AdminRule(_RuleBase):
    logical_name = "admin_rule"


class UserRule(_RuleBase):
    logical_name = "user_rule"

    # Member rules that a visitor may open without logging in (BuildAdmin's no_login_valid).
    no_login_valid = BooleanAttribute(default=False)

    def to_row(self) -> dict[str, Any]:
        return {**super().to_row(), "no_login_valid": self.no_login_valid}


def sort_key(rule: _RuleBase) -> tuple[int, int]:
    return (-int(rule.weigh or 0), int(rule.id))
