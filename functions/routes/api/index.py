"""`GET /api/index/index`: what the React app needs before anything else (DESIGN §3): the site config
of SPEC §3, the language list, the upload config and the logged-in member (
`userInfo` is the member info of SPEC §3 when a valid `ba-user-token` is sent, else null)."""

from __future__ import annotations

from typing import Any

from functions.core.i18n import DEFAULT_LANG, FALLBACK_LANG, LANGUAGES
from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.routes.deps import Lang, OptionalUser, SettingsDep
from functions.routes.shapes import MemberInfo, SiteConfig, UploadConfig
from functions.services.member_info import member_info
from functions.services.site_config import get_site_config

router = APIRouter(prefix="/index", tags=["index"])


class LangItem(Model):
    name: str
    value: str


class LangConfig(Model):
    default: str
    fallback: str
    list: list[LangItem]


class IndexData(Model):
    site: SiteConfig
    lang: LangConfig
    upload: UploadConfig
    userInfo: MemberInfo | None = None


@router.get(
    "/index", name="index_index", response_model=Envelope[IndexData], response_model_exclude_unset=True
)
def index(lang: Lang, settings: SettingsDep, user: OptionalUser) -> dict[str, Any]:
    """Site config, languages, upload config and the current member."""
    site = get_site_config(lang, settings)
    return success(
        {
            "site": site,
            "lang": {"default": DEFAULT_LANG, "fallback": FALLBACK_LANG, "list": list(LANGUAGES)},
            "upload": site["upload"],
            "userInfo": member_info(user) if user is not None else None,
        }
    )
