"""Server messages of the member area (zh-cn and en; the texts are in `messages/members.toml`), merged
into `functions.core.i18n.MESSAGES` when this module is imported (the member routes and services import
it). Includes the texts of the e-mails and SMS that carry verification codes."""

from __future__ import annotations

from functions.core.i18n import add_catalog

MEMBER_MESSAGES: dict[str, dict[str, str]] = add_catalog("members")
