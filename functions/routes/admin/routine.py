"""Routine screens: system config (routine/config) and the own profile (routine/adminInfo).

- `GET  /admin/routine/config/index`   (routine/config/index) → `{list: [groups with items], remark}`
- `POST /admin/routine/config/edit`    (routine/config/edit)  `{group, values: {name: value}}`
- `POST /admin/routine/config/add`     (routine/config/add)   a new item
- `DELETE /admin/routine/config/del?group=&name=` (routine/config/del) a non-built-in item
- `POST /admin/routine/config/sendTestMail` (routine/config/edit) `{to}`: one mail through the
  saved SMTP settings (under `make run`: the local capture)
- `GET  /admin/routine/adminInfo/index` (routine/adminInfo/index) → `{info}`
- `POST /admin/routine/adminInfo/edit`  (routine/adminInfo/edit) nickname, avatar, motto, e-mail,
  mobile; a new password needs the current one and ends the admin's other sessions.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import Field

from functions.core.i18n import t
from functions.core.responses import ApiError, success
from functions.core.security import verify_password
from functions.core.validators import MULTILINE, Email, Name, Required, Schema, Text, Url, check_password
from functions.routes.admin.auth import check_contact
from functions.routes.admin.deps import AdminContext, require
from functions.routes.deps import AdminClaims
from functions.services import config_items
from functions.services.sessions import revoke_all
from functions.services.site_config import get_site_config

config_router = APIRouter(prefix="/routine/config", tags=["admin"])
info_router = APIRouter(prefix="/routine/adminInfo", tags=["admin"])


class ConfigSave(Schema):
    group: str = Field(min_length=1, max_length=40)
    values: Annotated[dict[str, Any], MULTILINE]


class ConfigAdd(Schema):
    group: str = Field(min_length=1, max_length=40)
    name: Name
    title: Required
    type: Literal[config_items.ITEM_TYPES]  # type: ignore[valid-type]
    tip: Text = Field("", max_length=255)
    content: Annotated[dict[str, str] | None, MULTILINE] = None
    rule: str = Field("", max_length=100)
    weigh: int = 0
    value: Annotated[Any, MULTILINE] = None


class TestMail(Schema):
    to: Email


@config_router.get("/index", name="routine_config_index")
def config_index(ctx: Annotated[AdminContext, require("routine/config/index")]) -> dict[str, Any]:
    """Every config group with its items (secrets blanked)."""
    return success({"list": config_items.read_groups(), "remark": ""})


@config_router.post("/edit", name="routine_config_edit")
def config_edit(
    body: ConfigSave, ctx: Annotated[AdminContext, require("routine/config/edit")]
) -> dict[str, Any]:
    """Save the values of one group; an empty password keeps the stored one."""
    config_items.save_group(body.group, body.values)
    return success(None, "Saved successfully")


@config_router.post("/add", name="routine_config_add")
def config_add(
    body: ConfigAdd, ctx: Annotated[AdminContext, require("routine/config/add")]
) -> dict[str, Any]:
    """Add a config item to a group."""
    item = config_items.add_item(body.model_dump())
    return success({"name": item.name}, "Added successfully")


@config_router.delete("/del", name="routine_config_del")
def config_del(
    ctx: Annotated[AdminContext, require("routine/config/del")],
    group: Annotated[str, Query(min_length=1, max_length=40)],
    name: Annotated[str, Query(min_length=1, max_length=100)],
) -> dict[str, Any]:
    """Delete an item that is not built in."""
    config_items.delete_item(group, name)
    return success(None, "Deleted successfully")


@config_router.post("/sendTestMail", name="routine_config_sendTestMail")
def send_test_mail(
    body: TestMail, ctx: Annotated[AdminContext, require("routine/config/edit")]
) -> dict[str, Any]:
    """Send a test mail with the saved SMTP settings."""
    site = get_site_config()["siteName"]
    try:
        config_items.send_test_mail(
            body.to,
            f"{t('This is a test mail')} - {site}",
            t("If you can read this, the mail settings of {site} work.", site=site),
        )
    except (OSError, ValueError) as exc:
        raise ApiError("Sending the test mail failed: {reason}", params={"reason": str(exc)[:200]}) from exc
    return success(None, "Test mail sent, please check the inbox")


class ProfileEdit(Schema):
    nickname: Required
    avatar: Url = Field("", max_length=500)
    motto: Text = Field("", max_length=255)
    email: str = Field("", max_length=100)
    mobile: str = Field("", max_length=20)
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


@info_router.get("/index", name="routine_adminInfo_index")
def info_index(ctx: Annotated[AdminContext, require("routine/adminInfo/index")]) -> dict[str, Any]:
    """The own profile."""
    return success({"info": profile(ctx)})


@info_router.post("/edit", name="routine_adminInfo_edit")
def info_edit(
    body: ProfileEdit, claims: AdminClaims, ctx: Annotated[AdminContext, require("routine/adminInfo/edit")]
) -> dict[str, Any]:
    """Change the own profile; a new password needs `old_password` and ends the other sessions."""
    check_contact(body.email, body.mobile)
    admin = ctx.admin
    if body.password:
        key = check_password(body.password)
        if key:
            raise ApiError(key)
        if not verify_password(admin.password_hash, body.old_password):
            raise ApiError("The old password is incorrect")
        admin.set_password(body.password)
    admin.nickname = body.nickname.strip()
    admin.avatar = body.avatar
    admin.motto = body.motto
    admin.email = body.email
    admin.mobile = body.mobile
    admin.save()
    if body.password:
        revoke_all("admin", admin.id, except_sid=claims.sid, reason="password-changed")
    return success({"info": profile(ctx)}, "Saved successfully")


ROUTERS = [config_router, info_router]
