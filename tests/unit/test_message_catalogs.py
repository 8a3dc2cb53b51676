"""The server message catalogs (functions/core/messages/*.toml): every message has both languages."""

from __future__ import annotations

import importlib
import string

import pytest

from functions.core.i18n import CATALOG_DIR, MESSAGES, SUPPORTED_LANGS, load_catalog

CATALOGS = sorted(path.stem for path in CATALOG_DIR.glob("*.toml"))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_catalogs_are_there() -> None:
    assert {"common", "admin", "members", "contact", "org", "terminal"} <= set(CATALOGS)


@pytest.mark.parametrize("name", CATALOGS)
def test_every_message_has_both_languages_and_the_same_parameters(name: str) -> None:
    catalog = load_catalog(name)
    assert catalog, name
    for key, entry in catalog.items():
        assert isinstance(entry, dict) and set(entry) == set(SUPPORTED_LANGS), key
        assert all(isinstance(text, str) and text for text in entry.values()), key
        assert _fields(entry["zh-cn"]) == _fields(entry["en"]), key


@pytest.mark.parametrize("name", [name for name in CATALOGS if name != "common"])
def test_each_catalog_is_merged_by_its_module(name: str) -> None:
    importlib.import_module(f"functions.core.messages_{name}")
    for key, entry in load_catalog(name).items():
        assert MESSAGES[key] == entry, f"{key} has other texts in another catalog"
