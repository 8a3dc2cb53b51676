"""The site configuration of SPEC §3 (siteName, comcont, recordNumber, version, cdnUrl, apiUrl,
upload), assembled from the `site` group of `Config` items with defaults for missing items.

- Textual items have one value per language (`type` "i18n"); the caller's language is picked with
  zh-cn as fallback. `comcont` is the company contact line shown in the footer.
- `apiUrl` comes from `settings.api_url` (routing depends on it, so it is not editable).
- `upload.maxsize`, `upload.savename` are server settings (`upload_max_bytes`, `upload_savename`):
  the request body limit must stay above them; in local mode `maxsize` is also capped by
  `api_upload_max_bytes` (what a request through API Gateway and Lambda can carry), so the browser
  refuses a larger file with the SPEC message and the upload route refuses it too. `upload.mode`
  (default `settings.upload_mode_default`) and `upload.mimetype` are Config items.
- The raw items are cached in memory for `settings.config_cache_seconds`; the back office's
  "clear cache" action and config edits call `clear_cache()`.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from functions.core.i18n import FALLBACK_LANG, get_lang
from functions.core.settings import Settings, get_settings
from functions.models.config import Config

SITE_GROUP = "site"

# The seeded defaults: name → (title, type, value). Used as fallback when an item is missing.
DEFAULT_SITE_ITEMS: dict[str, tuple[str, str, Any]] = {
    "site_name": ("站点名称", "i18n", {"zh-cn": "城市运营公司", "en": "City Operations Company"}),
    "comcont": (
        "联系方式",
        "i18n",
        {
            "zh-cn": "服务热线：400-826-1180　地址：滨江新区创业大道88号城市运营大厦12层",
            "en": (
                "Hotline: 400-826-1180 · Address: 12F City Operations Tower, 88 Chuangye Avenue, "
                "Binjiang New District"
            ),
        },
    ),
    "record_number": ("备案号", "string", "苏ICP备2024018866号-1"),
    # Company identity on the public site (the publish overlays content/data/site.json with these).
    "company_intro": (
        "公司简介",
        "i18n",
        {
            "zh-cn": (
                "城市运营公司为城市、园区和社区提供市政环卫、物业与设施管理、园林绿化、"
                "智慧停车和城市运行管理服务。"
            ),
            "en": (
                "City Operations Company keeps cities, campuses and neighbourhoods running: municipal "
                "sanitation, property and facility management, landscaping, smart parking and city "
                "operations centres."
            ),
        },
    ),
    "hotline": ("服务热线", "string", "400-826-1180"),
    "company_email": ("联系邮箱", "string", "service@cityops.example.cn"),
    "company_address": (
        "公司地址",
        "i18n",
        {
            "zh-cn": "滨江新区创业大道88号城市运营大厦12层",
            "en": "12F City Operations Tower, 88 Chuangye Avenue, Binjiang New District",
        },
    ),
    "office_hours": (
        "服务时间",
        "i18n",
        {
            "zh-cn": "服务热线24小时值守；办公时间：周一至周五 8:30–17:30",
            "en": "Hotline staffed 24/7; office hours Monday to Friday 8:30–17:30",
        },
    ),
    "version": ("版本号", "string", "v1.0.0"),
    "cdn_url": ("CDN 地址", "string", ""),
    "upload_mode": ("上传方式", "select", "local"),
    "upload_mimetype": (
        "允许上传的文件类型",
        "string",
        "jpg,png,bmp,jpeg,gif,webp,zip,rar,xls,xlsx,doc,docx,wav,mp4,mp3,txt,pdf",
    ),
}

_lock = threading.Lock()
_cache: tuple[float, dict[str, Any]] | None = None


def clear_cache() -> None:
    """Forget the cached items: the next read goes to DynamoDB."""
    global _cache
    with _lock:
        _cache = None


def _load_items(settings: Settings) -> dict[str, Any]:
    global _cache
    current = _cache
    if current is not None and time.monotonic() < current[0]:
        return current[1]
    items = {item.name: item.value for item in Config.query_group(SITE_GROUP)}
    if settings.config_cache_seconds > 0:
        with _lock:
            _cache = (time.monotonic() + settings.config_cache_seconds, items)
    return items


def _text(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        chosen = value.get(lang) or value.get(FALLBACK_LANG)
        return chosen if isinstance(chosen, str) else ""
    return "" if value is None else str(value)


def _item(items: dict[str, Any], name: str) -> Any:
    value = items.get(name)
    return DEFAULT_SITE_ITEMS[name][2] if value is None else value


def get_upload_config(
    settings: Settings | None = None, items: dict[str, Any] | None = None
) -> dict[str, Any]:
    """SPEC §3 `upload`: {mode, maxsize (bytes), mimetype (comma-separated), savename}."""
    settings = settings or get_settings()
    items = _load_items(settings) if items is None else items
    saved_mode = items.get("upload_mode")
    mode = (
        _text(saved_mode, FALLBACK_LANG) if saved_mode is not None else ""
    ) or settings.upload_mode_default
    maxsize = settings.upload_max_bytes
    if mode == "local":
        maxsize = min(maxsize, settings.api_upload_max_bytes)
    return {
        "mode": mode,
        "maxsize": maxsize,
        "mimetype": _text(_item(items, "upload_mimetype"), FALLBACK_LANG) or settings.upload_mimetypes,
        "savename": settings.upload_savename,
    }


def get_site_config(lang: str | None = None, settings: Settings | None = None) -> dict[str, Any]:
    """SPEC §3 site config in `lang` (default: the current request's language)."""
    settings = settings or get_settings()
    lang = lang or get_lang()
    items = _load_items(settings)
    return {
        "siteName": _text(_item(items, "site_name"), lang),
        "comcont": _text(_item(items, "comcont"), lang),
        "recordNumber": _text(_item(items, "record_number"), lang),
        "version": _text(_item(items, "version"), lang),
        "cdnUrl": _text(_item(items, "cdn_url"), lang),
        "apiUrl": settings.api_url,
        "upload": get_upload_config(settings, items),
    }


def company_email(settings: Settings | None = None) -> str:
    """The site's contact e-mail (Config → site → 联系邮箱), "" when it is empty."""
    return _text(_item(_load_items(settings or get_settings()), "company_email"), FALLBACK_LANG).strip()


def seed_site_config() -> list[str]:
    """Write the default items that do not exist yet (never overwrites); returns the names written."""
    written = []
    # The list shows the higher weigh first: the seed order is kept with 0, -1, -2, …
    for index, (name, (title, value_type, value)) in enumerate(DEFAULT_SITE_ITEMS.items()):
        if name == "upload_mode":
            value = get_settings().upload_mode_default  # "remote" on AWS (set by the stack)
        item = Config(SITE_GROUP, name, title=title, value_type=value_type, value=value, weigh=-index)
        if item.save_if_missing():
            written.append(name)
    if written:
        clear_cache()
    return written
