"""The back office's Config screen (routine/config): groups of items, item types, saving, secrets.

Groups (tabs): `site` (basics; SPEC §3 site config, read by /api/index/index and the static site),
`mail` (SMTP), `security` (login switches), `user` (members), `dashboard` (the quick entrances), and
those an admin adds. As in BuildAdmin the list of groups is itself a config item, `site.config_group`
(type `config_group`: a list of `{name, title, title_en}`), edited on the Basics tab and saved with
it: a group is added or removed there. Group names are lower-case identifiers, titles are required
(the English one falls back to the Chinese), at most `MAX_GROUPS`; a group that still holds items,
or has built-in ones, cannot be removed, and a built-in group missing from the list (one added by a
later version) is shown after the listed ones. Each group is one Query on the `Config` table.

Item types: string, password, number, radio, checkbox, switch, textarea, array, datetime, date, time,
select, selects, editor, image, file, icon, color, and i18n (one text per language). `content`
holds the options of radio/checkbox/select/selects as `{value: label}`.

Secrets: the value of a password item is never sent back; the client gets `""` and
`has_value: true`, and saving an empty password keeps the stored one.

Built-in items (seeded here or by `site_config`) cannot be deleted; admins may add their own.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Iterable
from typing import Any

from pynamodb.exceptions import PutError, UpdateError

from functions.core.i18n import get_lang
from functions.core.responses import ApiError
from functions.core.validators import INT_MAX
from functions.models.base import WatchedTransaction, now, run_transaction
from functions.models.config import Config
from functions.services import config_titles, member_config, site_config
from functions.services.publish_jobs import public_data_changed

ITEM_TYPES = (
    "string",
    "password",
    "number",
    "radio",
    "checkbox",
    "switch",
    "textarea",
    "array",
    "datetime",
    "date",
    "time",
    "select",
    "selects",
    "editor",
    "image",
    "file",
    "icon",
    "color",
    "i18n",
)
GROUPS: list[dict[str, str]] = [
    {"name": "site", "title": "基础配置", "title_en": "Basics"},
    {"name": "mail", "title": "邮件配置", "title_en": "Mail"},
    {"name": "security", "title": "安全配置", "title_en": "Security"},
    {"name": "user", "title": "会员配置", "title_en": "Members"},
    {"name": "dashboard", "title": "控制台", "title_en": "Dashboard"},
]
GROUP_ITEM = "config_group"
GROUP_NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,29}")
GROUP_TITLE_MAX = 30
MAX_GROUPS = 20
# Changed items one save writes: one transaction holds them, a log row each and two counters (≤ 100).
MAX_SAVED = 45

# group → name → (title, type, value, content, tip)
DEFAULT_ITEMS: dict[str, dict[str, tuple[str, str, Any, Any, str]]] = {
    "site": {
        GROUP_ITEM: ("配置分组", GROUP_ITEM, [dict(g) for g in GROUPS], None, "含有配置项的分组不能删除"),
    },
    "mail": {
        "smtp_server": ("SMTP 服务器", "string", "", None, "留空则使用部署环境的默认邮件服务"),
        "smtp_port": ("SMTP 端口", "number", "", None, "留空则使用默认端口"),
        "smtp_user": ("SMTP 用户名", "string", "", None, ""),
        "smtp_pass": ("SMTP 密码", "password", "", None, ""),
        "smtp_verification": (
            "SMTP 加密方式",
            "select",
            "none",
            {"none": "无", "SSL": "SSL", "TLS": "TLS"},
            "",
        ),
        "smtp_sender_mail": ("发件人邮箱", "string", "", None, "留空则使用部署环境的默认发件人"),
        "smtp_sender_name": ("发件人名称", "string", "", None, ""),
    },
    "security": {
        "admin_login_captcha": ("后台登录验证码", "switch", False, None, "开启后，后台登录需填写图形验证码"),
    },
    "dashboard": {
        # Buttons on the dashboard: title → back-office path (`functions.services.dashboard`).
        "quick_entrance": (
            "快捷入口",
            "array",
            [
                {"key": "在线留言|Enquiries", "value": "/admin/business/contact"},
                {"key": "工单管理|Work orders", "value": "/admin/business/order"},
                {"key": "新闻动态|News", "value": "/admin/business/news"},
                {"key": "会员管理|Members", "value": "/admin/user/user"},
                {"key": "发布网站|Publish site", "value": "/admin/routine/publish"},
                {"key": "系统配置|System config", "value": "/admin/routine/config"},
            ],
            None,
            "控制台上的快捷按钮：键为标题（“中文|English”，只写一种则两种语言都用它），值为后台页面路径，"
            "如 /admin/user/user；管理员只看到自己有权打开的入口",
        ),
    },
}
SITE_CONTENT = {"upload_mode": {"local": "本地存储", "remote": "云存储"}}


def builtin_names() -> set[tuple[str, str]]:
    names = {("site", name) for name in site_config.DEFAULT_SITE_ITEMS}
    for group, items in DEFAULT_ITEMS.items():
        names |= {(group, name) for name in items}
    return names | {(member_config.GROUP, name) for name in member_config.DEFAULTS}


def seed_config_items() -> list[str]:
    """Write the built-in mail/security items that do not exist (never overwrites)."""
    written = []
    for group, items in DEFAULT_ITEMS.items():
        for weigh, (name, (title, value_type, value, content, tip)) in enumerate(items.items()):
            item = Config(
                group,
                name,
                title=title,
                value_type=value_type,
                value=value,
                content=content,
                tip=tip,
                # The list of groups comes last on its tab.
                weigh=-100 if name == GROUP_ITEM else -weigh,
            )
            if item.save_if_missing():
                written.append(f"{group}.{name}")
    for name, content in SITE_CONTENT.items():
        with contextlib.suppress(UpdateError):  # the site item may not exist yet: nothing to do
            Config("site", name).update(actions=[Config.content.set(content)], condition=Config.name.exists())
    return written


def configured_groups() -> list[dict[str, str]]:
    """The config groups (tabs) in order: the `config_group` item, or the built-in list."""
    try:
        value = Config.get(site_config.SITE_GROUP, GROUP_ITEM).value
    except Config.DoesNotExist:
        value = None
    try:
        groups = check_groups(value) if value else []
    except ApiError:  # a value written by hand that no longer passes: the built-in list
        groups = []
    listed = {g["name"] for g in groups}
    return groups + [dict(g) for g in GROUPS if g["name"] not in listed]


def group_names() -> set[str]:
    return {g["name"] for g in configured_groups()}


def check_groups(value: Any) -> list[dict[str, str]]:
    """A `config_group` value as stored: `[{name, title, title_en}]`, checked (ApiError otherwise)."""
    if not isinstance(value, list) or not value or len(value) > MAX_GROUPS:
        raise ApiError("Keep 1 to {count} config groups", params={"count": MAX_GROUPS})
    groups: list[dict[str, str]] = []
    for entry in value:
        if not isinstance(entry, dict) or not set(entry) <= {"name", "title", "title_en"}:
            raise ApiError("Incorrect parameter!")
        name = str(entry.get("name") or "").strip()
        title = str(entry.get("title") or "").strip()
        title_en = str(entry.get("title_en") or "").strip()
        if not GROUP_NAME_RE.fullmatch(name):
            raise ApiError(
                "A config group name starts with a lower-case letter and has only lower-case letters, "
                "digits and underscores (at most 30)"
            )
        if any(g["name"] == name for g in groups):
            raise ApiError("The config group {name} is listed twice", params={"name": name})
        if not title or len(title) > GROUP_TITLE_MAX or len(title_en) > GROUP_TITLE_MAX:
            raise ApiError(
                "Each config group needs a title of at most {count} characters",
                params={"count": GROUP_TITLE_MAX},
            )
        groups.append({"name": name, "title": title, "title_en": title_en or title})
    return groups


def _check_removed_groups(before: list[dict[str, str]], after: list[dict[str, str]]) -> None:
    """A group that still holds items, or has built-in ones, cannot be removed."""
    kept = {g["name"] for g in after}
    builtin_groups = {group for group, _ in builtin_names()}
    for group in before:
        name = group["name"]
        if name in kept:
            continue
        if name in builtin_groups or next(iter(Config.query(name, limit=1)), None) is not None:
            raise ApiError(
                "The config group {title} still has config items: delete them first",
                params={"title": group["title"]},
            )


def builtin_item(group: str, name: str) -> Config | None:
    """A built-in item that is missing from the table (not seeded yet), with its defaults."""
    if group == "site" and name in site_config.DEFAULT_SITE_ITEMS:
        title, value_type, value = site_config.DEFAULT_SITE_ITEMS[name]
        return Config(
            group, name, title=title, value_type=value_type, value=value, content=SITE_CONTENT.get(name)
        )
    if name in DEFAULT_ITEMS.get(group, {}):
        title, value_type, value, content, tip = DEFAULT_ITEMS[group][name]
        return Config(group, name, title=title, value_type=value_type, value=value, content=content, tip=tip)
    return None


def public_item(item: Config) -> dict[str, Any]:
    value = item.value
    has_value = value not in (None, "")
    if item.value_type == "password":
        value = ""
    elif item.value_type == GROUP_ITEM:
        value = configured_groups()  # with any built-in group the stored list lacks
    public = {
        "group": item.group,
        "name": item.name,
        "title": item.title,
        "tip": item.tip,
        "type": item.value_type,
        "value": value,
        "has_value": has_value,
        "content": item.content,
        "rule": item.rule,
        "weigh": item.weigh,
        "builtin": (item.group, item.name) in builtin_names(),
    }
    return config_titles.localize(item.group, item.name, public, get_lang())


def read_groups() -> list[dict[str, Any]]:
    groups = []
    for group in configured_groups():
        items = sorted(Config.query_group(group["name"]), key=lambda i: (-(i.weigh or 0), i.name))
        groups.append({**group, "list": [public_item(i) for i in items]})
    return groups


def _options(item: Config) -> set[str]:
    return {str(k) for k in (item.content or {})} if isinstance(item.content, dict) else set()


def coerce(item: Config, value: Any) -> Any:
    """The value to store for `item`, checked against its type (ApiError 'Incorrect parameter!')."""
    kind = item.value_type
    bad = ApiError("Incorrect parameter!")
    if kind == "switch":
        if isinstance(value, bool):
            return value
        if value in (0, 1, "0", "1", "true", "false"):
            return value in (1, "1", "true")
        raise bad
    if kind == "number":
        if value in ("", None):
            return ""
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise bad from None
        if not math.isfinite(number) or abs(number) > INT_MAX:
            raise bad  # "nan", "inf", "1e300": not a number a browser can hold
        return int(number) if number.is_integer() else number
    if kind in ("checkbox", "selects"):
        if not isinstance(value, list):
            raise bad
        options = _options(item)
        values = [str(v) for v in value]
        if options and not set(values) <= options:
            raise bad
        return values
    if kind in ("radio", "select"):
        value = "" if value is None else str(value)
        options = _options(item)
        if options and value and value not in options:
            raise bad
        return value
    if kind == "array":
        if not isinstance(value, list) or not all(
            isinstance(v, dict) and set(v) <= {"key", "value"} for v in value
        ):
            raise bad
        return [{"key": str(v.get("key", "")), "value": str(v.get("value", ""))} for v in value]
    if kind == GROUP_ITEM:
        return check_groups(value)
    if kind == "i18n":
        if isinstance(value, str):
            return {"zh-cn": value, "en": ""}
        if not isinstance(value, dict):
            raise bad
        return {lang: str(value.get(lang, "") or "") for lang in ("zh-cn", "en")}
    if value is None:
        return ""
    if not isinstance(value, str | int | float):
        raise bad
    text = str(value)
    if len(text) > 20000:
        raise bad
    return text


def group_items(group: str, names: Iterable[str] | None = None) -> list[Config]:
    """The stored items of `group`, and its built-in ones not stored yet (of `names`: every one)."""
    items = {i.name: i for i in Config.query_group(group)}
    wanted = {name for g, name in builtin_names() if g == group} if names is None else set(names)
    for name in wanted - set(items):
        default = builtin_item(group, name)
        if default is not None:
            items[name] = default
    return list(items.values())


def save_group(group: str, values: dict[str, Any]) -> int:
    """Save the given `name → value` pairs of `group` in one transaction (with the log rows of the
    watched values: `functions.services.sensitive`); unknown names are refused; returns the count."""
    if group not in group_names():
        raise ApiError("Unknown config group")
    items = {i.name: i for i in group_items(group, values)}
    unknown = set(values) - set(items)
    if unknown:
        raise ApiError("Incorrect parameter!")
    # Every value is checked before any is written: a refused one leaves the group as it was.
    updates: list[tuple[Config, Any]] = []
    for name, raw in values.items():
        item = items[name]
        if item.value_type == "password" and raw in ("", None):
            continue  # keep the stored secret
        value = coerce(item, raw)
        if value == item.value:
            continue
        if item.value_type == GROUP_ITEM:
            _check_removed_groups(configured_groups(), value)
        updates.append((item, value))
    if len(updates) > MAX_SAVED:
        raise ApiError("Save at most {count} changed config items at once", params={"count": MAX_SAVED})
    for item, value in updates:
        item.value = value
        item.update_time = now()

    def build(tx: WatchedTransaction) -> None:
        for item, _ in updates:
            tx.save(item)

    if updates:
        run_transaction(build)
    if group == "site":
        site_config.clear_cache()
        # The list of config groups is the back office's own: the public site does not change.
        if any(item.name != GROUP_ITEM for item, _ in updates):
            public_data_changed("routine/config", "site config saved", source="config")
    return len(updates)


def add_item(values: dict[str, Any]) -> Config:
    group = values["group"]
    if group not in group_names():
        raise ApiError("Unknown config group")
    if values["type"] not in ITEM_TYPES:
        raise ApiError("Incorrect parameter!")
    item = Config(
        group,
        values["name"],
        title=values["title"],
        tip=values.get("tip", ""),
        value_type=values["type"],
        content=values.get("content") or None,
        rule=values.get("rule", ""),
        weigh=values.get("weigh", 0),
    )
    item.value = (
        coerce(item, values.get("value"))
        if values.get("value") not in (None, "")
        else (
            False
            if values["type"] == "switch"
            else ([] if values["type"] in ("checkbox", "selects", "array") else "")
        )
    )
    try:
        item.save(condition=Config.name.does_not_exist())
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise ApiError("The config item already exists") from exc
        raise
    return item


def delete_item(group: str, name: str) -> None:
    if (group, name) in builtin_names():
        raise ApiError("Built-in config items cannot be deleted")
    try:
        Config.get(group, name).delete()
    except Config.DoesNotExist:
        raise ApiError("The record does not exist") from None
    if group == "site":
        site_config.clear_cache()


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
