"""Server messages of the public contact form (zh-cn and en; the texts are in `messages/contact.toml`),
merged into `functions.core.i18n.MESSAGES` when this module is imported (by
`functions.services.contact`). The captcha messages are the members' (`functions.core.messages_members`),
the field checks those of `functions.core.i18n`."""

from __future__ import annotations

import functions.core.messages_members  # noqa: F401 - the captcha messages
from functions.core.i18n import add_catalog

CONTACT_MESSAGES: dict[str, dict[str, str]] = add_catalog("contact")
