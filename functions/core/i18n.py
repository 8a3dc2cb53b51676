"""Server-side messages in Simplified Chinese (zh-cn, default and fallback) and English.

Keys are the English source text (as in SPEC §5 and §8), so a key that is missing from the catalogue
still reads sensibly. `t("key", **params)` translates into the language of the current request:
`RequestContextMiddleware` picks it once per request (header `think-lang` first, then
`Accept-Language`, else zh-cn) and stores it in a context variable, so services and exception
handlers can call `t()` without passing the request around. Parameters use `str.format` names
(`{url}`); parameter values are inserted as-is and never parsed as templates themselves.

The texts themselves are data: TOML catalogs in `functions/core/messages/` (`common.toml` loaded here,
the others by the `functions.core.messages_<name>` modules), merged into `MESSAGES`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from contextvars import ContextVar, Token
from pathlib import Path

DEFAULT_LANG = "zh-cn"
FALLBACK_LANG = "zh-cn"
SUPPORTED_LANGS = ("zh-cn", "en")
# The language switcher's list (SPEC §3 "Language config").
LANGUAGES: tuple[dict[str, str], ...] = (
    {"name": "zh-cn", "value": "简体中文"},
    {"name": "en", "value": "English"},
)

# The message catalogs are data: one TOML file per part of the API in functions/core/messages/ (a table
# per message, keyed by the English source text, with its zh-cn and en texts). common.toml is loaded
# here; each other catalog by its module functions.core.messages_<name> when that module is imported.
CATALOG_DIR = Path(__file__).with_name("messages")


def load_catalog(name: str) -> dict[str, dict[str, str]]:
    """The catalog `messages/<name>.toml`: {key: {"zh-cn": text, "en": text}}."""
    with (CATALOG_DIR / f"{name}.toml").open("rb") as handle:
        return tomllib.load(handle)


MESSAGES: dict[str, dict[str, str]] = load_catalog("common")


def add_catalog(name: str) -> dict[str, dict[str, str]]:
    """Merge the catalog `messages/<name>.toml` into MESSAGES (a later catalog wins on a shared key) and
    return it."""
    catalog = load_catalog(name)
    MESSAGES.update(catalog)
    return catalog


# HTTP status → message key (SPEC §8; 405, 413, 415, 429 added for the API's own answers).
STATUS_MESSAGES: dict[int, str] = {
    302: "Interface redirected!",
    400: "Incorrect parameter!",
    401: "You do not have permission to operate!",
    403: "You do not have permission to operate!",
    404: "Error requesting address: {url}",
    405: "Method not allowed!",
    408: "Request timed out!",
    409: "The same data already exists in the system!",
    413: "Request body is too large!",
    415: "Unsupported media type!",
    422: "Incorrect parameter!",
    429: "Too many requests, please try again later!",
    500: "Server internal error!",
    501: "Service not implemented!",
    502: "Gateway error!",
    503: "Service unavailable!",
    504: "The service is temporarily unavailable Please try again later!",
    505: "HTTP version is not supported!",
}
OTHER_STATUS_MESSAGE = "Abnormal problem, please contact the website administrator!"

_current_lang: ContextVar[str] = ContextVar("cityops_lang", default=DEFAULT_LANG)


def normalize_lang(tag: str | None) -> str | None:
    """Map a language tag to a supported language: zh, zh-CN, zh-Hans… → zh-cn; en, en-US… → en."""
    if not tag:
        return None
    tag = tag.strip().lower().replace("_", "-")
    if tag == "zh" or tag.startswith("zh-"):
        return "zh-cn"
    if tag == "en" or tag.startswith("en-"):
        return "en"
    return None


def parse_accept_language(header: str) -> list[str]:
    """Language tags of an Accept-Language header, best first (q=0 and malformed q dropped)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(think_lang: str | None, accept_language: str | None) -> str:
    """The request language: `think-lang` if supported, else the best supported Accept-Language, else
    zh-cn."""
    chosen = normalize_lang(think_lang)
    if chosen:
        return chosen
    if accept_language:
        for tag in parse_accept_language(accept_language):
            chosen = normalize_lang(tag)
            if chosen:
                return chosen
    return DEFAULT_LANG


def lang_from_headers(headers: Mapping[str, str]) -> str:
    """Negotiate from a case-insensitive header mapping (Starlette `Headers`)."""
    return negotiate(headers.get("think-lang"), headers.get("accept-language"))


def get_lang() -> str:
    """The language of the current request (zh-cn outside a request)."""
    return _current_lang.get()


def set_lang(lang: str) -> Token[str]:
    return _current_lang.set(lang if lang in SUPPORTED_LANGS else DEFAULT_LANG)


def reset_lang(token: Token[str]) -> None:
    _current_lang.reset(token)


def t(key: str, /, lang: str | None = None, **params: object) -> str:
    """Translate `key` into `lang` (default: the current request's), falling back to zh-cn, then the key."""
    entry = MESSAGES.get(key)
    text = key if entry is None else entry.get(lang or _current_lang.get()) or entry.get(FALLBACK_LANG) or key
    if not params:
        return text
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError):
        return text


def status_message(status: int, lang: str | None = None, **params: object) -> str:
    """The translated message for an HTTP status (SPEC §8), e.g. 404 → 'Error requesting address: …'."""
    return t(STATUS_MESSAGES.get(status, OTHER_STATUS_MESSAGE), lang, **params)
