"""Member common calls (SPEC §7): `/api/ajax/upload`, `/api/ajax/area`, `/api/ajax/buildSuffixSvg`,
and remote-mode `/api/Alioss/params` + `/api/Alioss/callback`.

Uploading needs a logged-in member (`ba-user-token`); areas and the suffix icon are public (the
registration and profile forms use the city input; the icon shows only its own inputs).
"""

from __future__ import annotations

from fastapi import Depends

from functions.core.routing import APIRouter
from functions.routes import upload_form
from functions.routes.deps import CurrentUser
from functions.services.uploads import Uploader

router = APIRouter(prefix="/ajax", tags=["ajax"])
alioss = APIRouter(prefix="/Alioss", tags=["ajax"])


def member_uploader(user: CurrentUser) -> Uploader:
    return Uploader("user", int(user.id))


upload_form.add_shared_routes(router, alioss, Depends(member_uploader), name_prefix="")
