"""Server-side caches and the registry behind `POST /admin/ajax/clearCache {type}`.

A module that keeps something in memory registers how to clear it:

    from functions.services.caches import register_cache
    register_cache("menus", clear_menu_cache)

`clear(type)` clears one registered cache, or every one for type "all"; it returns the names
cleared and raises `KeyError` for an unknown type. "config" (the site configuration of
`functions.services.site_config`) is built in. Registration is per process: each Lambda instance
keeps its own memory, so a clear reaches the instance that served it, and the other instances
catch up when their caches expire (`settings.config_cache_seconds`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from functions.services import site_config

_lock = threading.Lock()
_registry: dict[str, Callable[[], None]] = {}


def register_cache(name: str, clear: Callable[[], None]) -> None:
    """Register (or replace) the cache `name` and the function that clears it."""
    if not name or name == "all":
        raise ValueError("a cache needs a name other than 'all'")
    with _lock:
        _registry[name] = clear


def registered() -> list[str]:
    _builtin()
    with _lock:
        return sorted(_registry)


def _builtin() -> None:
    with _lock:
        _registry.setdefault("config", site_config.clear_cache)


def clear(kind: str) -> list[str]:
    """Clear the cache `kind` (or "all"); returns the names cleared."""
    _builtin()
    with _lock:
        if kind == "all":
            targets = dict(_registry)
        elif kind in _registry:
            targets = {kind: _registry[kind]}
        else:
            raise KeyError(kind)
    for clear_one in targets.values():
        clear_one()
    return sorted(targets)
