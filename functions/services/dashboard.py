"""The back office's dashboard (`GET /admin/dashboard/index`): what it shows and what each part costs.

No part reads a whole table (DESIGN §5/§6); each is a counter, a BatchGet of per-day counters or a
bounded Query:

- **counts**: members and admins (row counters, `functions.models.listing.total_rows`); members who
  joined today (from the sign-up trend); enquiries waiting (rows of the designed table
  `business/contact` whose `status` is `new`: the menu badge's Count Query of the filter index
  holding `status`, stopped at `contact.BADGE_CAP`, so "100+" rather than a full count); attachments
  and the bytes they hold (counters kept with the rows: `Attachment.tallies`).
- **trend** over the last 7 or 30 days (China Standard Time days): member sign-ups and enquiries are
  counted from the newest rows back to the first row older than the window (ids grow with time; at
  most `MAX_READ` rows, and a series says `complete: false` when that bound cut it); admin logins,
  member logins and back-office write actions are per-day counters (`functions.services.stats`,
  zero for days before they were counted). There is no visit counter: the public site is static
  and counts nothing, so the dashboard shows no visits.
- **storage**: bytes and files per kind of file (image, video, …): twelve counters, one BatchGet.
- **recent**: the newest admin-log rows (`RECENT`): everyone's for a super admin, one's own for the
  others (as the admin-log page scopes them); a Query of the current month's bucket (and the
  months before it while there are fewer rows).
- **members**: the newest members (`RECENT_MEMBERS`), only for an admin who may list members.
- **entrances**: the Config item `dashboard.quick_entrance` (key: title, "中文|English" or one
  text for both; value: a back-office path), kept only when the path is a menu page the admin may
  open (the menu tree of `/admin/index/index`), with the page's icon.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

from functions.core.i18n import get_lang
from functions.models.admin import Admin
from functions.models.admin_log import AdminLog
from functions.models.attachment import BYTES_COUNTER, FILE_KINDS, Attachment, kind_counter
from functions.models.config import Config
from functions.models.counter import Counter
from functions.models.design import Record, record_scope
from functions.models.listing import PART, month_buckets, total_rows
from functions.models.user import User
from functions.services import admin_log, contact, stats
from functions.services.config_items import builtin_item
from functions.services.design_doc import get_design, load_doc
from functions.services.listing import MAX_READ
from functions.services.permissions import AdminContext, menu_tree

ENQUIRY_DESIGN = contact.DESIGN
RECENT = 8
RECENT_MEMBERS = 6
ENTRANCE_GROUP, ENTRANCE_ITEM = "dashboard", "quick_entrance"


def _daily(rows: Iterable[Any], time_of: Any, days: int) -> dict[str, Any]:
    values, complete = stats.daily_counts(rows, time_of, days, MAX_READ)
    return {"values": [v["value"] for v in values], "complete": complete}


def _counter_series(metric: str, days: int) -> dict[str, Any]:
    return {"values": [v["value"] for v in stats.series(metric, days)], "complete": True}


def _enquiry_rows() -> Iterator[Record] | None:
    """The enquiries, newest first (None when the table is not there)."""
    design = get_design(ENQUIRY_DESIGN)
    if design is None:
        return None
    doc = load_doc(design)
    if not doc.time_series:
        return Record.query(ENQUIRY_DESIGN, scan_index_forward=False, limit=MAX_READ + 1)
    months = month_buckets(record_scope(ENQUIRY_DESIGN))

    def newest_first() -> Iterator[Record]:
        for month in months:
            yield from Record.query(f"{ENQUIRY_DESIGN}#{month}", scan_index_forward=False, limit=MAX_READ + 1)

    return newest_first()


def pending_enquiries() -> tuple[int | None, bool]:
    """(enquiries waiting, whether there may be more than that: the count stops at `BADGE_CAP`);
    None when there is no enquiries table. The menu badge counts the same (`services.contact`)."""
    if get_design(ENQUIRY_DESIGN) is None:
        return None, False
    count = contact.pending_count()
    return count, count >= contact.BADGE_CAP


def trend(days: int) -> dict[str, Any]:
    """Dates and series (`name`, `values`, `complete`) of the last `days` days, oldest first."""
    members = User.by_part.query(PART, scan_index_forward=False, limit=MAX_READ + 1)
    series = [{"name": "signups", **_daily(members, lambda u: u.join_time or u.create_time, days)}]
    enquiries = _enquiry_rows()
    if enquiries is not None:
        series.append({"name": "enquiries", **_daily(enquiries, lambda r: r.create_time, days)})
    series += [
        {"name": "member_logins", **_counter_series(stats.MEMBER_LOGIN, days)},
        {"name": "admin_logins", **_counter_series(stats.ADMIN_LOGIN, days)},
        {"name": "admin_actions", **_counter_series(stats.ADMIN_ACTION, days)},
    ]
    dates = [f"{d:%Y-%m-%d}" for d in stats.window_dates(days)]
    return {"dates": dates, "series": series}


def storage() -> dict[str, Any]:
    """Bytes and files of the attachments, in total and per kind of file (largest first)."""
    names = [BYTES_COUNTER] + [kind_counter(m, k) for k in FILE_KINDS for m in ("bytes", "files")]
    found = {c.name: int(c.value or 0) for c in Counter.batch_get(names)}
    kinds: list[dict[str, Any]] = [
        {
            "kind": k,
            "bytes": found.get(kind_counter("bytes", k), 0),
            "files": found.get(kind_counter("files", k), 0),
        }
        for k in FILE_KINDS
    ]
    kinds = sorted((k for k in kinds if k["files"] > 0), key=lambda k: -int(k["bytes"]))
    return {"bytes": found.get(BYTES_COUNTER, 0), "files": total_rows(Attachment), "kinds": kinds}


def recent_activity(ctx: AdminContext) -> list[dict[str, Any]]:
    if ctx.is_super:
        rows: Iterable[AdminLog] = (
            row
            for month in month_buckets(AdminLog)
            for row in AdminLog.by_part.query(month, scan_index_forward=False, limit=RECENT)
        )
    else:
        rows = AdminLog.by_admin.query(ctx.id, scan_index_forward=False, limit=RECENT)
    lang = get_lang()
    return [
        {
            **{k: row.to_row()[k] for k in ("id", "admin_id", "username", "method", "url", "create_time")},
            "title": admin_log.title_in(row.title, lang),
        }
        for row in islice(rows, RECENT)
    ]


def recent_members(ctx: AdminContext) -> list[dict[str, Any]] | None:
    if not ctx.grant.allows("user/user/index"):
        return None
    members = User.by_part.query(PART, scan_index_forward=False, limit=RECENT_MEMBERS)
    return [
        {
            "id": int(u.id),
            "username": u.username,
            "nickname": u.nickname,
            "avatar": u.avatar,
            "join_time": int(u.join_time or u.create_time or 0),
        }
        for u in islice(members, RECENT_MEMBERS)
    ]


def entrance_title(key: str, lang: str) -> str:
    """The title of an entrance in `lang`: "中文|English" (either side may be empty), or one text."""
    zh, _, en = key.partition("|")
    zh, en = zh.strip(), en.strip()
    return (en or zh) if lang == "en" else (zh or en)


def _menu_pages(nodes: list[dict[str, Any]], pages: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    for node in nodes:
        if node["type"] == "menu" and node["menu_type"] == "tab":
            pages["/admin/" + str(node["path"]).strip("/")] = node
        _menu_pages(node.get("children", []), pages)
    return pages


def quick_entrances(ctx: AdminContext) -> list[dict[str, Any]]:
    """The configured entrances the admin may open: `{title, path, icon}`."""
    try:
        configured = Config.get(ENTRANCE_GROUP, ENTRANCE_ITEM).value
    except Config.DoesNotExist:
        default = builtin_item(ENTRANCE_GROUP, ENTRANCE_ITEM)
        configured = default.value if default is not None else []
    lang = get_lang()
    pages = _menu_pages(menu_tree(ctx.grant, lang, ctx.rules), {})
    entrances = []
    for entry in configured if isinstance(configured, list) else []:
        raw = str(entry.get("value", "")).strip() if isinstance(entry, dict) else ""
        path = "/admin/" + raw.removeprefix("/admin/").strip("/") if raw else ""
        page = pages.get(path)
        if page is None:
            continue  # not a page, or not one this admin may open
        title = entrance_title(str(entry.get("key", "")), lang) or str(page["title"])
        entrances.append({"title": title, "path": path, "icon": page["icon"]})
    return entrances


def dashboard(ctx: AdminContext, days: int) -> dict[str, Any]:
    series = trend(days)
    pending, more = pending_enquiries()
    store = storage()
    return {
        "counts": {
            "members": total_rows(User),
            "admins": total_rows(Admin),
            "today_signups": series["series"][0]["values"][-1],
            "enquiries_pending": pending,
            "enquiries_more": more,
            "attachments": store["files"],
            "storage_bytes": store["bytes"],
        },
        "trend": series,
        "storage": store,
        "recent": recent_activity(ctx),
        "members": recent_members(ctx),
        "entrances": quick_entrances(ctx),
    }
