"""The own profile (routine/adminInfo):

- `GET  /admin/routine/adminInfo/index` (routine/adminInfo/index) → `{info}`
- `POST /admin/routine/adminInfo/edit`  (routine/adminInfo/edit) nickname, avatar, motto, e-mail,
  mobile; a new password needs the current one and ends the admin's other sessions.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from functions.core.responses import Envelope, Shape, success
from functions.core.routing import APIRouter
from functions.core.validators import AvatarUrl, Motto, OptionalEmail, OptionalMobile, Required, Schema
from functions.routes.admin.deps import AdminContext, require
from functions.routes.deps import AdminClaims
from functions.services import admins

router = APIRouter(prefix="/routine/adminInfo", tags=["admin"])


class AdminProfile(Shape):
    id: int
    username: str
    nickname: str
    avatar: str
    email: str
    mobile: str
    motto: str
    last_login_time: int | None = None
    last_login_ip: str
    create_time: int
    super: bool


class AdminProfileData(BaseModel):
    info: AdminProfile


class ProfileEdit(Schema):
    nickname: Required
    avatar: AvatarUrl = ""
    motto: Motto = ""
    email: OptionalEmail = ""
    mobile: OptionalMobile = ""
    password: str = Field("", max_length=64)
    old_password: str = Field("", max_length=64)


def profile(ctx: AdminContext) -> dict[str, Any]:
    admin = ctx.admin
    return {
        "id": admin.id,
        "username": admin.username,
        "nickname": admin.nickname,
        "avatar": admin.avatar,
        "email": admin.email,
        "mobile": admin.mobile,
        "motto": admin.motto,
        "last_login_time": admin.last_login_time,
        "last_login_ip": admin.last_login_ip,
        "create_time": admin.create_time,
        "super": ctx.is_super,
    }


@router.get("/index", name="routine_adminInfo_index", response_model=Envelope[AdminProfileData])
def info_index(ctx: Annotated[AdminContext, require("routine/adminInfo/index")]) -> dict[str, Any]:
    """The own profile."""
    return success({"info": profile(ctx)})


@router.post("/edit", name="routine_adminInfo_edit", response_model=Envelope[AdminProfileData])
def info_edit(
    body: ProfileEdit, claims: AdminClaims, ctx: Annotated[AdminContext, require("routine/adminInfo/edit")]
) -> dict[str, Any]:
    """Change the own profile; a new password needs `old_password` and ends the other sessions."""
    values = body.model_dump(exclude={"old_password"})
    admins.edit_own_profile(ctx.admin, values, body.old_password, claims.sid)
    return success({"info": profile(ctx)}, "Saved successfully")
