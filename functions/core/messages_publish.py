"""Server messages of the site's publish (`functions.publish`), zh-cn and en (the texts are in
`messages/publish.toml`), merged into `functions.core.i18n.MESSAGES` when this module is imported (by
the export)."""

from __future__ import annotations

from functions.core.i18n import add_catalog

PUBLISH_MESSAGES: dict[str, dict[str, str]] = add_catalog("publish")
