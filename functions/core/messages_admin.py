"""Server messages of the back office (zh-cn and en; the texts are in `messages/admin.toml`), merged
into `functions.core.i18n.MESSAGES` when this module is imported (by `functions.routes.admin.deps`, so
once the back office's routes are loaded). Kept apart from the common catalog so that the back office's
texts live in one place."""

from __future__ import annotations

from functions.core.i18n import add_catalog

ADMIN_MESSAGES: dict[str, dict[str, str]] = add_catalog("admin")
