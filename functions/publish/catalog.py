"""Compile the theme's gettext catalogues (.po → .mo) for the build.

The theme keeps its translations as text (theme/translations/<lang>/LC_MESSAGES/messages.po); the
binary .mo files are build output, written next to the site build in a temporary folder, so no
compiled file is committed and no gettext tool has to be installed. Only what the theme uses is
supported: msgctxt-free singular messages, with multi-line strings and the usual escapes.
"""

from __future__ import annotations

import ast
import struct
from pathlib import Path


class CatalogError(ValueError):
    """A .po file that this small parser cannot read."""


def parse_po(text: str, source: str = "<po>") -> dict[str, str]:
    """Return {msgid: msgstr} for every translated message (fuzzy and empty ones are skipped)."""
    messages: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None
    fuzzy = False  # the entry being read is fuzzy
    next_fuzzy = False  # a "#, fuzzy" comment precedes the next msgid

    def flush() -> None:
        nonlocal msgid, msgstr, fuzzy
        if msgid is not None and msgstr is not None:
            key, value = "".join(msgid), "".join(msgstr)
            if value and not fuzzy:
                messages[key] = value
        msgid = msgstr = None
        fuzzy = False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#,") and "fuzzy" in line:
            next_fuzzy = True
            continue
        if line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            fuzzy, next_fuzzy = next_fuzzy, False
            msgid = []
            current = msgid
            line = line[len("msgid ") :]
        elif line.startswith("msgstr "):
            if msgid is None:
                raise CatalogError(f"{source}:{number}: msgstr without msgid")
            msgstr = []
            current = msgstr
            line = line[len("msgstr ") :]
        elif line.startswith(("msgctxt", "msgid_plural", "msgstr[")):
            raise CatalogError(f"{source}:{number}: contexts and plurals are not supported")
        if current is None or not (line.startswith('"') and line.endswith('"')):
            raise CatalogError(f"{source}:{number}: expected a quoted string")
        current.append(ast.literal_eval(line))
    flush()
    return messages


def write_mo(messages: dict[str, str], path: Path) -> None:
    """Write a GNU .mo file (little endian, no hash table) that `gettext` can load."""
    header = {"": "Content-Type: text/plain; charset=UTF-8\n"}
    items = sorted({**header, **messages}.items())
    ids = [key.encode() for key, _ in items]
    strs = [value.encode() for _, value in items]
    count = len(items)
    ids_table_at = 7 * 4
    strs_table_at = ids_table_at + count * 8
    data_at = strs_table_at + count * 8
    id_entries, str_entries, blob = [], [], b""
    for raw in ids:
        id_entries.append((len(raw), data_at + len(blob)))
        blob += raw + b"\0"
    for raw in strs:
        str_entries.append((len(raw), data_at + len(blob)))
        blob += raw + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, ids_table_at, strs_table_at, 0, 0)
    out += b"".join(struct.pack("<2I", *entry) for entry in id_entries)
    out += b"".join(struct.pack("<2I", *entry) for entry in str_entries)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + blob)


def compile_catalogues(source_dir: Path, target_dir: Path, domain: str = "messages") -> list[str]:
    """Compile every <lang>/LC_MESSAGES/<domain>.po under source_dir into target_dir; return langs."""
    langs = []
    for po in sorted(source_dir.glob(f"*/LC_MESSAGES/{domain}.po")):
        lang = po.parent.parent.name
        messages = parse_po(po.read_text(encoding="utf-8"), str(po))
        write_mo(messages, target_dir / lang / "LC_MESSAGES" / f"{domain}.mo")
        langs.append(lang)
    return langs
