"""System config (routine/config):

- `GET  /admin/routine/config/index`   (routine/config/index) → `{list: [groups with items], remark}`
- `POST /admin/routine/config/edit`    (routine/config/edit)  `{group, values: {name: value}}`; the
  groups themselves are the value of `site.config_group` (add or remove a group by saving it)
- `POST /admin/routine/config/add`     (routine/config/add)   a new item
- `DELETE /admin/routine/config/del?group=&name=` (routine/config/del) a non-built-in item
- `POST /admin/routine/config/sendTestMail` (routine/config/edit) `{to}`: one mail through the
  saved SMTP settings (under `make run`: the local capture)

The items and their storage: `functions.services.config_items`.
"""

from __future__ import annotations

import builtins
from typing import Annotated, Any, Literal

from fastapi import Query
from pydantic import BaseModel, Field

from functions.core.i18n import t
from functions.core.responses import ApiError, Envelope, success
from functions.core.routing import APIRouter
from functions.core.validators import MULTILINE, Email, Name, Required, Schema, Text
from functions.routes.admin.deps import AdminContext, require
from functions.services import config_items
from functions.services.site_config import get_site_config

router = APIRouter(prefix="/routine/config", tags=["admin"])


class ConfigGroups(BaseModel):
    list: builtins.list[dict[str, Any]]
    remark: str


class ConfigAdded(BaseModel):
    name: str


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


@router.get("/index", name="routine_config_index", response_model=Envelope[ConfigGroups])
def config_index(ctx: Annotated[AdminContext, require("routine/config/index")]) -> dict[str, Any]:
    """Every config group with its items (secrets blanked)."""
    return success({"list": config_items.read_groups(), "remark": ""})


@router.post("/edit", name="routine_config_edit", response_model=Envelope[None])
def config_edit(
    body: ConfigSave, ctx: Annotated[AdminContext, require("routine/config/edit")]
) -> dict[str, Any]:
    """Save the values of one group; an empty password keeps the stored one."""
    config_items.save_group(body.group, body.values)
    return success(None, "Saved successfully")


@router.post("/add", name="routine_config_add", response_model=Envelope[ConfigAdded])
def config_add(
    body: ConfigAdd, ctx: Annotated[AdminContext, require("routine/config/add")]
) -> dict[str, Any]:
    """Add a config item to a group."""
    item = config_items.add_item(body.model_dump())
    return success({"name": item.name}, "Added successfully")


@router.delete("/del", name="routine_config_del", response_model=Envelope[None])
def config_del(
    ctx: Annotated[AdminContext, require("routine/config/del")],
    group: Annotated[str, Query(min_length=1, max_length=40)],
    name: Annotated[str, Query(min_length=1, max_length=100)],
) -> dict[str, Any]:
    """Delete an item that is not built in."""
    config_items.delete_item(group, name)
    return success(None, "Deleted successfully")


@router.post("/sendTestMail", name="routine_config_sendTestMail", response_model=Envelope[None])
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
