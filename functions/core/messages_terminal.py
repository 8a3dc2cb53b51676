"""Server messages of the build-task terminal (zh-cn and en; the texts are in `messages/terminal.toml`),
merged into `functions.core.i18n.MESSAGES` when this module is imported (by
`functions.routes.admin.terminal` and `functions.routes.admin.ajax`)."""

from __future__ import annotations

from functions.core.i18n import add_catalog

TERMINAL_MESSAGES: dict[str, dict[str, str]] = add_catalog("terminal")
