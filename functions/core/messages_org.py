"""Server messages of the organisation chart (routine/orgChart, `functions.services.org_chart`), zh-cn
and en (the texts are in `messages/org.toml`), merged into `functions.core.i18n.MESSAGES` when this
module is imported (by the service)."""

from __future__ import annotations

from functions.core.i18n import add_catalog

ORG_MESSAGES: dict[str, dict[str, str]] = add_catalog("org")
