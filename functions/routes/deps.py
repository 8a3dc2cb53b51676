"""Dependencies shared by the routes, as `Annotated` aliases:
`def route(lang: Lang, settings: SettingsDep)`."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from functions.core.i18n import get_lang
from functions.core.settings import Settings, get_settings


def current_lang() -> str:
    """The request's language, negotiated by `RequestContextMiddleware` (zh-cn or en)."""
    return get_lang()


Lang = Annotated[str, Depends(current_lang)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
