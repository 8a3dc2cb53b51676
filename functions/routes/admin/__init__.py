"""Back-office calls (`/srv/admin/…`), one module per resource, named after its menu rule's path:
`auth/group.py` serves `/admin/auth/group/…`, `user/money_log.py` `/admin/user/moneyLog/…`.
Append each resource's router to `ROUTERS`. Route modules never import each other: what they share
is in `table/` (the generic table), `registry.py` (every table by its path), `deps.py` (permissions)
and `functions.services`; a table specialised for one area lives with it (`user/account_log.py`,
`security/watched.py`).

Every route here must declare its permission with `functions.routes.admin.deps.require(...)` (or
`public()`); `tests/api/test_admin_matrix.py` enumerates the routes and fails for one that does not.
"""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.admin import ajax, ajax_tables, dashboard, designed, index, terminal
from functions.routes.admin.auth import admin as auth_admin
from functions.routes.admin.auth import admin_log as auth_admin_log
from functions.routes.admin.auth import group as auth_group
from functions.routes.admin.auth import rule as auth_rule
from functions.routes.admin.crud import crud as crud_crud
from functions.routes.admin.crud import log as crud_log
from functions.routes.admin.routine import admin_info as routine_admin_info
from functions.routes.admin.routine import attachment as routine_attachment
from functions.routes.admin.routine import config as routine_config
from functions.routes.admin.routine import org_chart as routine_org_chart
from functions.routes.admin.routine import publish as routine_publish
from functions.routes.admin.security import data_recycle as security_data_recycle
from functions.routes.admin.security import data_recycle_log as security_data_recycle_log
from functions.routes.admin.security import sensitive_data as security_sensitive_data
from functions.routes.admin.security import sensitive_data_log as security_sensitive_data_log
from functions.routes.admin.user import group as user_group
from functions.routes.admin.user import money_log as user_money_log
from functions.routes.admin.user import rule as user_rule
from functions.routes.admin.user import score_log as user_score_log
from functions.routes.admin.user import user as user_user

ROUTERS: list[APIRouter] = [
    index.router,
    dashboard.router,
    auth_rule.router,
    auth_group.router,
    auth_admin.router,
    auth_admin_log.router,
    user_user.router,
    user_group.router,
    user_rule.router,
    user_money_log.router,
    user_score_log.router,
    routine_config.router,
    routine_admin_info.router,
    routine_publish.router,
    routine_org_chart.router,
    ajax.router,
    ajax.alioss,
    terminal.router,
    terminal.config_router,
    routine_attachment.router,
    crud_crud.router,
    crud_log.router,
    security_data_recycle.router,
    security_data_recycle_log.router,
    security_sensitive_data.router,
    security_sensitive_data_log.router,
    ajax_tables.router,
    designed.router,  # last: designed tables take the paths no built-in route serves
]
