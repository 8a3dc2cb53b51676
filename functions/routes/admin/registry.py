"""The back office's route modules and tables, found in this package: a new table page is its route
module (`functions/routes/admin/<area>/<name>.py` with a `router`, and a `table` when it is a generic
table), and nothing lists it again.

- `route_modules()`: every module of the package that has a `router` (a module serving more than one
  names them all in `routers`), in name order, `designed` last (its paths take what no built-in route
  serves). `functions.routes.admin.ROUTERS` is their routers.
- `tables()`: every back-office table by its rule path, the one list the recycle bin and the
  sensitive-data log find a row's table in (restore, purge, rollback, the tables a rule can name). It
  imports every route module, so the lookup never depends on which modules a process happened to
  import; `tests/unit/test_table_registry.py` checks it from a process that imported only the security
  screens. Designed tables are found by their design (`designed.find_table`); the security screens'
  own tables are not listed (`watchable` False): they watch the others and are never watched.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

from fastapi import APIRouter

from functions.routes.admin import designed
from functions.routes.admin.table.generic import Table

PACKAGE = __name__.rpartition(".")[0]
SHARED = frozenset({"deps", "registry", "table"})  # the package's shared pieces: no routes of their own


@functools.cache
def route_modules() -> tuple[ModuleType, ...]:
    """The route modules of the back office (see the module docstring)."""
    found = []
    for info in pkgutil.walk_packages([str(Path(__file__).parent)], f"{PACKAGE}."):
        if info.name.removeprefix(f"{PACKAGE}.").split(".")[0] in SHARED or info.ispkg:
            continue
        module = importlib.import_module(info.name)
        if isinstance(getattr(module, "router", None), APIRouter) and module is not designed:
            found.append(module)
    return (*sorted(found, key=lambda module: module.__name__), designed)


def routers() -> list[APIRouter]:
    return [router for module in route_modules() for router in getattr(module, "routers", (module.router,))]


@functools.cache
def tables() -> dict[str, Table]:
    """Every watchable back-office table by its rule path."""
    found = (getattr(module, "table", None) for module in route_modules())
    return {table.path: table for table in found if isinstance(table, Table) and table.watchable}


def table_for(path: str) -> Table | None:
    """The table at a rule path, built-in or designed (None: no such table now)."""
    return tables().get(path) or designed.find_table(path)
