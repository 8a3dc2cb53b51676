"""Answer shapes that more than one route module returns (the OpenAPI components the generated web
client types are named after): the member info (SPEC §3) and log rows, the menu tree of the admin and member
shells, the site config (SPEC §3) and the terminal's settings (SPEC §7).

A shape that only one module returns lives beside its route."""

from __future__ import annotations

from typing import Literal

from functions.core.responses import Model, Shape
from functions.models.rule import MENU_TYPES, USER_RULE_TYPES


class MemberInfo(Shape):
    """The member info of SPEC §3 (`User.to_public()`): `money` in yuan as a string ("12.30"),
    `score` an integer; login and registration add `token` and `refresh_token`."""

    id: int
    username: str
    nickname: str
    email: str
    mobile: str
    avatar: str
    gender: int
    birthday: str
    money: str
    score: int
    lastlogintime: int | None = None
    lastloginip: str
    jointime: int | None = None
    motto: str
    region: list[str]
    region_names: list[str]
    token: str | None = None
    refresh_token: str | None = None


class MemberLogin(Shape):
    """The answer of a member login or registration."""

    userInfo: MemberInfo  # noqa: N815 - the client's field names
    routePath: str  # noqa: N815


class LogRow(Model):
    """A member's balance-log row (amounts in yuan strings) or points-log row (integers)."""

    id: int
    seq: int
    user_id: int
    change: str | int
    before: str | int
    after: str | int
    memo: str
    create_time: int


class MenuNode(Model):
    """A rule the account may see (`functions.services.permissions.menu_tree`): a menu directory, a
    menu (opened as a tab, a link or an iframe) or a button (an authorised action), with the rules
    under it in `children` (absent on a leaf). `type` is an admin rule type or a member one
    (`USER_RULE_TYPES`, a superset of `ADMIN_RULE_TYPES`): the forms of both rule tables accept
    nothing else."""

    id: int
    pid: int
    type: Literal[USER_RULE_TYPES]  # type: ignore[valid-type]
    title: str
    name: str
    path: str
    icon: str
    menu_type: Literal[MENU_TYPES]  # type: ignore[valid-type]
    url: str
    component: str
    keepalive: bool
    children: list[MenuNode] | None = None


class UploadConfig(Model):
    mode: str
    maxsize: int
    mimetype: str
    savename: str


class SiteConfig(Model):
    siteName: str
    comcont: str
    recordNumber: str
    version: str
    cdnUrl: str
    apiUrl: str
    upload: UploadConfig


class TerminalCheck(Model):
    """Where tasks run ("local" or "aws") and the tasks that can run there."""

    mode: str
    tasks: list[str]


class TerminalSettings(TerminalCheck):
    """The terminal's settings as the back office's shell gets them
    (`functions.services.terminal.client_config()`)."""

    npm_package_manager: str
    install_service_port: str
    automatic_cleanup_task: str
