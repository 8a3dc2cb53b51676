"""`buildSuffixSvg`: a small SVG file-type icon showing a file's extension, for use as <img src>.

Hostile input cannot get through: the suffix is cut to letters and digits (at most 6, upper-cased)
and then XML-escaped anyway; the background must be a colour in one of the forms `#rgb`, `#rgba`,
`#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` / `rgba(r, g, b, a)` with numbers in range, or a plain CSS
colour name of letters only — anything else falls back to a colour derived from the suffix. The
response is `image/svg+xml` with `Content-Security-Policy: default-src 'none'; style-src
'unsafe-inline'` and nosniff, so even opened directly nothing in it can run.

The icon depends on nothing but its two inputs, so it is public: the `batoken`/`ba-user-token` the
client may append (SPEC §7) is accepted and ignored, and the answer may be cached.
"""

from __future__ import annotations

import hashlib
import re
from xml.sax.saxutils import escape

HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
RGB_COLOUR = re.compile(
    r"rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d{1,3}|1\.0+)\s*)?\)"
)
NAMED_COLOUR = re.compile(r"[a-zA-Z]{3,20}")
PALETTE = ("#1677ff", "#13a8a8", "#52c41a", "#fa8c16", "#eb2f96", "#722ed1", "#f5222d", "#2f54eb")
CSP = "default-src 'none'; style-src 'unsafe-inline'"


def clean_suffix(suffix: str | None) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9]", "", (suffix or "").rsplit(".", 1)[-1])[:6].upper()
    return cleaned or "FILE"


def clean_colour(background: str | None, suffix: str) -> str:
    value = (background or "").strip()
    if HEX_COLOUR.fullmatch(value) or NAMED_COLOUR.fullmatch(value):
        return value
    match = RGB_COLOUR.fullmatch(value)
    if match and all(int(part) <= 255 for part in match.groups()[:3]):
        return value
    index = int(hashlib.md5(suffix.encode(), usedforsecurity=False).hexdigest(), 16) % len(PALETTE)
    return PALETTE[index]


def build_suffix_svg(suffix: str | None, background: str | None = None) -> str:
    text = clean_suffix(suffix)
    colour = clean_colour(background, text)
    font_size = 14 if len(text) <= 3 else 11 if len(text) <= 4 else 9
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
        '<path d="M14 4h26l14 14v38a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z" fill="#f0f2f5"'
        ' stroke="#c9cdd4" stroke-width="1.5"/>'
        '<path d="M40 4v10a4 4 0 0 0 4 4h10" fill="#e3e6eb" stroke="#c9cdd4" stroke-width="1.5"/>'
        f'<rect x="4" y="32" width="46" height="20" rx="3" fill="{escape(colour, {chr(34): "&quot;"})}"/>'
        f'<text x="27" y="46.5" font-family="Arial, Helvetica, sans-serif" font-size="{font_size}"'
        f' font-weight="bold" fill="#ffffff" text-anchor="middle">{escape(text)}</text>'
        "</svg>"
    )
