"""Recording back-office write requests in the admin log.

Every POST/PUT/PATCH/DELETE under /admin is recorded by the permission dependency before the
handler runs (so a refused or failed change is recorded too): admin id and username, URL path,
method, title (the titles of the rule that guards the route and its parent, in both languages, e.g.
"管理员管理 - 添加｜Admins - Add", shown in the reader's language),
the request data (JSON body fields and query parameters), IP and user agent. Login attempts are
recorded by the login route with the username they named (admin id 0 when it failed).

Masking: any field whose name contains password, pass, pwd, token, secret or captcha — at any depth
— is stored as "******"; anything nested deeper than `MAX_DEPTH` is stored as "…" (the input guard
already refuses bodies nested deeper than 32, this keeps the log safe whatever it is given). A
multipart body (file upload) is not read: only its file names appear.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from functions.models.admin_log import AdminLog
from functions.models.base import run_transaction
from functions.models.counter import next_id
from functions.models.listing import count_rows
from functions.services import stats

# A title is kept in both languages, "中文｜English", so the log reads in its reader's language
# (`title_in`) and a quick search finds a row in either; rows written before hold one language.
TITLE_JOIN = "｜"
# Writes any logged-in admin may make (no menu rule names them), by the end of their URL path.
OWN_ACTIONS = {
    "/ajax/upload": ("上传文件", "Upload a file"),
    "/Alioss/params": ("准备上传文件", "Prepare a file upload"),
    "/Alioss/callback": ("上传文件", "Upload a file"),
    "/ajax/clearCache": ("清除缓存", "Clear cache"),
}
OWN_ACTION = ("个人操作", "Own account action")
LOGIN_TITLE = ("登录", "Login")


def both_titles(zh: str, en: str) -> str:
    return zh if zh == en else f"{zh}{TITLE_JOIN}{en}"


def title_in(title: str, lang: str) -> str:
    """A stored title in `lang` (zh-cn or en)."""
    zh, joined, en = title.partition(TITLE_JOIN)
    return en if joined and lang == "en" else zh


def own_action_title(url: str) -> str:
    """The title of a write that needs no menu rule (`deps.LOGGED_IN`), in both languages."""
    return both_titles(*next((t for end, t in OWN_ACTIONS.items() if url.endswith(end)), OWN_ACTION))


MASK = "******"
SECRET_PARTS = ("password", "pass", "pwd", "token", "secret", "captcha")
MAX_DATA = 8000
MAX_UA = 255
MAX_DEPTH = 32


def is_secret(name: str) -> bool:
    lowered = name.lower()
    return any(part in lowered for part in SECRET_PARTS)


def mask(value: Any, depth: int = 0) -> Any:
    """A copy of `value` with every secret-named field replaced by `MASK`, cut at `MAX_DEPTH`."""
    if isinstance(value, Mapping | list) and depth >= MAX_DEPTH:
        return "…"
    if isinstance(value, Mapping):
        return {k: (MASK if is_secret(str(k)) else mask(v, depth + 1)) for k, v in value.items()}
    if isinstance(value, list):
        return [mask(v, depth + 1) for v in value]
    return value


def mask_fields(data: dict[str, Any], names: set[str]) -> dict[str, Any]:
    """`data` with the top-level fields `names` (secrets whatever their names) replaced by `MASK`."""
    return {k: (MASK if k in names else v) for k, v in data.items()}


def serialize(data: Any) -> str:
    text = json.dumps(mask(data), ensure_ascii=False, separators=(",", ":"), default=str)
    return text if len(text) <= MAX_DATA else text[:MAX_DATA] + "…"


def record(
    *,
    admin_id: int,
    username: str,
    url: str,
    method: str,
    title: str,
    data: Any,
    ip: str,
    useragent: str,
) -> AdminLog:
    row = AdminLog(
        next_id("admin_log"),
        admin_id=admin_id,
        username=username,
        url=url[:500],
        method=method,
        title=title[:200],
        data=serialize(data),
        ip=ip,
        useragent=(useragent or "")[:MAX_UA],
    )
    keep = AdminLog.retention_months()
    if keep:
        row.expire_at = timedelta(days=31 * (keep + 1))  # after its month has left the listed window

    def build(tx: Any) -> None:
        tx.save(row, condition=AdminLog.id.does_not_exist())
        count_rows(tx, row, 1)

    run_transaction(build)
    stats.bump(stats.ADMIN_ACTION)
    return row
