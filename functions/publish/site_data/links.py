"""Addresses: what editors type becomes a URL that stays inside its attribute and does what it says."""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit

from functions.publish.site_data.schema import URL_SAFE


def link_target(value: str) -> tuple[str, bool] | None:
    """(href, external) of a link an editor gave: a site path (`/xiang/riverside-park/`, made
    language-relative by the caller unless it is the app's) or a web address (`https://…`, `http://…`,
    `//host/…`: external). None for anything else (`javascript:`, `mailto:`, a bare word)."""
    text = value.strip()
    if not text or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in text):
        return None
    if text.startswith("//"):
        text = "https:" + text
    elif text.startswith("/"):
        return quote(text, safe=URL_SAFE), False
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:  # e.g. an unclosed IPv6 bracket
        return None
    if parts.scheme.lower() in ("http", "https") and host and "\\" not in parts.netloc:
        return quote(text, safe=URL_SAFE), True
    return None


def mailto(address: str, subject: str = "") -> str:
    """A `mailto:` URL for `address` (percent-encoded: a quote or `?` in it cannot end the address nor
    the attribute), with an optional subject."""
    href = "mailto:" + quote(address.strip(), safe="@!$'*+,;=-._~")
    return href + (f"?subject={quote(subject, safe='/')}" if subject else "")


def tel(number: str) -> str:
    """A `tel:` URL for a phone number as people write it (spaces and hyphens left out)."""
    return "tel:" + quote(re.sub(r"[\s-]", "", number), safe="+*#;=(),.")
