"""Every back-office table by its rule path: the one list the recycle bin and the sensitive-data log
find a row's table in (restore, purge, rollback, the tables a rule can name), whichever route
modules a process has imported.

A new table is added here (and its router to `functions.routes.admin.ROUTERS`);
`tests/unit/test_table_registry.py` fails for a table served but not listed. Designed tables are
found by their design (`designed.find_table`). The security screens' own tables are not listed: they
watch the others and are never watched themselves (`functions.routes.admin.security.watched`).
"""

from functions.routes.admin import designed
from functions.routes.admin.auth import admin as auth_admin
from functions.routes.admin.auth import admin_log as auth_admin_log
from functions.routes.admin.auth import group as auth_group
from functions.routes.admin.auth import rule as auth_rule
from functions.routes.admin.crud import log as crud_log
from functions.routes.admin.routine import attachment as routine_attachment
from functions.routes.admin.routine import config as routine_config
from functions.routes.admin.table.generic import Table
from functions.routes.admin.user import group as user_group
from functions.routes.admin.user import money_log as user_money_log
from functions.routes.admin.user import rule as user_rule
from functions.routes.admin.user import score_log as user_score_log
from functions.routes.admin.user import user as user_user

TABLES: dict[str, Table] = {
    table.path: table
    for table in (
        auth_rule.table,
        auth_group.table,
        auth_admin.table,
        auth_admin_log.table,
        user_user.table,
        user_group.table,
        user_rule.table,
        user_money_log.table,
        user_score_log.table,
        routine_config.table,
        routine_attachment.table,
        crud_log.table,
    )
}


def table_for(path: str) -> Table | None:
    """The table at a rule path, built-in or designed (None: no such table now)."""
    return TABLES.get(path) or designed.find_table(path)
