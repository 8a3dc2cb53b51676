"""System config (routine/config):

- `GET  /admin/routine/config/index`   (routine/config/index) → `{list: [groups with items], remark}`
- `POST /admin/routine/config/edit`    (routine/config/edit)  `{group, values: {name: value}}`; the
  groups themselves are the value of `site.config_group` (add or remove a group by saving it)
- `POST /admin/routine/config/add`     (routine/config/add)   a new item
- `DELETE /admin/routine/config/del?group=&name=` (routine/config/del) a non-built-in item
- `POST /admin/routine/config/sendTestMail` (routine/config/edit) `{to}`: one mail through the
  saved SMTP settings (under `make run`: the local capture)

The items and their storage: `functions.services.config_items`.

The sensitive-data log watches config values like any table's fields (`ConfigTable`, table path
`routine/config`, listed in `functions.routes.admin.registry` but serving the routes above): a rule's fields
are `group.name` (e.g. `site.record_number`); a group's save writes all its changed items and the
log rows of the watched ones in one DynamoDB transaction, a password item is logged only as changed,
and a rollback is a save of the one item through the same path.
"""

from __future__ import annotations

import builtins
import re
from typing import Annotated, Any, Literal

from fastapi import Query, Request
from pydantic import BaseModel, Field

from functions.core.i18n import get_lang, t
from functions.core.responses import ApiError, Envelope, Shape, success
from functions.core.routing import APIRouter
from functions.core.validators import MULTILINE, Email, Name, Required, Schema, Text
from functions.models.config import Config
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table.generic import Table
from functions.services import config_items, config_titles, senders
from functions.services.site_config import get_site_config

router = APIRouter(prefix="/routine/config", tags=["admin"])


class ConfigItemOut(Shape):
    """An item as the config page shows it (`config_items.public_item`): a password item's `value` is
    "" and `has_value` says whether one is stored; `content` holds the options of a choice item."""

    group: str
    name: str
    title: str
    tip: str
    type: str
    value: Any = None
    has_value: bool
    content: dict[str, str] | None = None
    rule: str
    weigh: int
    builtin: bool


class ConfigGroupOut(Shape):
    """A config group (a tab of the page) in order, with its items."""

    name: str
    title: str
    title_en: str = ""
    list: builtins.list[ConfigItemOut]


class ConfigGroups(BaseModel):
    list: builtins.list[ConfigGroupOut]
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


SECRET_NAME = re.compile(r"pass|pwd|token|secret|(^|_)key$", re.IGNORECASE)


def is_secret(item: Config) -> bool:
    """A password item, or one named like a secret (an API key): logged only as changed."""
    return item.value_type == "password" or bool(SECRET_NAME.search(item.name))


def field_of(item: Config) -> str:
    """The field a sensitive-data rule names a config item by."""
    return f"{item.group}.{item.name}"


class ConfigTable(Table):
    """The config items as one table for the sensitive-data log: its "row" holds every item's value
    under `group.name`; each stored item gives its own field (a password: none, it is a secret)."""

    path = "routine/config"
    model = Config
    actions = ("index", "edit")
    edit_schema = ConfigSave

    def field_names(self) -> list[str]:
        names = {(group, name) for group, name in config_items.builtin_names()}
        for group in config_items.group_names():
            names |= {(item.group, item.name) for item in Config.query_group(group)}
        return [f"{group}.{name}" for group, name in sorted(names)]

    def field_titles(self, names: set[str]) -> dict[str, str]:
        lang = get_lang()
        titles = {}
        for group in {name.partition(".")[0] for name in names}:
            for item in config_items.group_items(group):
                shown = config_titles.localize(item.group, item.name, {"title": item.title}, lang)
                titles[field_of(item)] = str(shown["title"])
        return titles

    def secret_names(self, items: list[Any] | None = None) -> set[str]:
        return {field_of(item) for item in items or [] if is_secret(item)}

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return {field_of(item): None if is_secret(item) else item.value}

    def secret_value(self, item: Any, name: str) -> Any:
        return item.value if field_of(item) == name else None

    def edited_items(self, item: Any, body: Any) -> list[Any]:
        """A group's save: every item of the group (a rollback: the one item)."""
        return [item] if item is not None else config_items.group_items(body.group)

    def logged_item(self, log: Any) -> Any | None:
        group, _, name = str(log.field).partition(".")
        try:
            return Config.get(group, name, consistent_read=True)
        except Config.DoesNotExist:
            return None

    def edit_body(self, values: dict[str, Any]) -> Any:
        (name, value), *_ = [(key, value) for key, value in values.items() if key != "id"]
        group, _, item = name.partition(".")
        return super().edit_body({"group": group, "values": {item: value}})

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return config_items.save_group(body.group, body.values)


table = ConfigTable()  # `functions.routes.admin.registry` lists it (its routes are this module's own)


@router.get("/index", name="routine_config_index", response_model=Envelope[ConfigGroups])
def config_index(ctx: Annotated[AdminContext, require("routine/config/index")]) -> dict[str, Any]:
    """Every config group with its items (secrets blanked)."""
    return success({"list": config_items.read_groups(), "remark": ""})


@router.post("/edit", name="routine_config_edit", response_model=Envelope[None])
def config_edit(
    body: ConfigSave, request: Request, ctx: Annotated[AdminContext, require("routine/config/edit")]
) -> dict[str, Any]:
    """Save the values of one group (one transaction, with the sensitive-data log rows of watched
    values); an empty password keeps the stored one."""
    table.edit_item(None, body, ctx, request)
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
        senders.send_test_mail(
            body.to,
            f"{t('This is a test mail')} - {site}",
            t("If you can read this, the mail settings of {site} work.", site=site),
        )
    except (OSError, ValueError) as exc:
        raise ApiError("Sending the test mail failed: {reason}", params={"reason": str(exc)[:200]}) from exc
    return success(None, "Test mail sent, please check the inbox")
