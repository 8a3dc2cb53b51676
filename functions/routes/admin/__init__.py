"""Back-office calls (`/srv/admin/…`), one module per resource, named after its menu rule's path:
`auth/group.py` serves `/admin/auth/group/…`, `user/money_log.py` `/admin/user/moneyLog/…`.
`ROUTERS` is every module's router, found by `registry.route_modules` (a new module is served as
soon as it exists). Route modules never import each other: what they share is in `table/` (the
generic table), `registry.py` (the modules and tables), `deps.py` (permissions) and
`functions.services`; a table specialised for one area lives with it (`user/account_log.py`,
`security/watched.py`).

Every route here must declare its permission with `functions.routes.admin.deps.require(...)` (or
`public()`); `tests/api/test_admin_matrix.py` enumerates the routes and fails for one that does not.
"""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.admin.registry import routers

ROUTERS: list[APIRouter] = routers()
