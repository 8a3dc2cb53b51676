"""The menu rules a fresh installation has (`DEFAULT_ADMIN_RULES`: the back office's menus, folders and
their buttons; `DEFAULT_USER_RULES`: the member centre's menus), seeded by
`functions.services.rules.seed_rules`. A design's own menu is made from the same kind of spec
(`functions.services.designs`).
"""

from __future__ import annotations

from typing import Any

# `_menu` and `_folder`: (name, zh-cn title, en title, icon, weigh, …); a menu's `path` and `component`
# are its name (unless `component` is given); buttons are (action, zh-cn, en).
_VIEW, _ADD, _EDIT, _DEL, _SORT = (
    ("index", "查看", "View"),
    ("add", "添加", "Add"),
    ("edit", "编辑", "Edit"),
    ("del", "删除", "Delete"),
    ("sortable", "快速排序", "Sort"),
)
CRUD = (_VIEW, _ADD, _EDIT, _DEL)


Button = tuple[str, str, str]


def _menu(
    name: str, zh: str, en: str, icon: str, weigh: int, buttons: tuple[Button, ...] = ()
) -> dict[str, Any]:
    """A menu of the default rules and its buttons (none: a member's menu)."""
    menu: dict[str, Any] = {"name": name, "title": (zh, en), "icon": icon, "weigh": weigh}
    if buttons:
        menu["buttons"] = buttons
    return menu


def _folder(
    name: str,
    zh: str,
    en: str,
    icon: str,
    weigh: int,
    children: list[dict[str, Any]],
    buttons: tuple[Button, ...] = (),
) -> dict[str, Any]:
    """A menu folder (`menu_dir`) of the default rules: its menus, and buttons of its own."""
    return {**_menu(name, zh, en, icon, weigh, buttons), "type": "menu_dir", "children": children}


_AUTH_MENUS = [
    _menu("auth/group", "角色组管理", "Admin groups", "TeamOutlined", 99, CRUD),
    _menu("auth/admin", "管理员管理", "Administrators", "UserOutlined", 98, CRUD),
    _menu("auth/rule", "菜单规则管理", "Menu rules", "MenuOutlined", 97, (*CRUD, _SORT)),
    _menu("auth/adminLog", "管理员日志管理", "Admin log", "HistoryOutlined", 96, (_VIEW,)),
]


_USER_MENUS = [
    _menu("user/user", "会员管理", "Members", "UserOutlined", 99, CRUD),
    _menu("user/group", "会员分组管理", "Member groups", "TeamOutlined", 98, CRUD),
    _menu("user/rule", "会员规则管理", "Member rules", "MenuOutlined", 97, (*CRUD, _SORT)),
    _menu(
        "user/moneyLog",
        "会员余额管理",
        "Balance log",
        "WalletOutlined",
        96,
        (_VIEW, ("add", "调整余额", "Adjust balance")),
    ),
    _menu(
        "user/scoreLog",
        "会员积分管理",
        "Points log",
        "StarOutlined",
        95,
        (_VIEW, ("add", "调整积分", "Adjust points")),
    ),
]


_CRUD_MENUS = [
    _menu(
        "crud/crud",
        "生成",
        "Generate",
        "CodeOutlined",
        99,
        (_VIEW, ("generate", "生成", "Generate"), _DEL, ("export", "导出代码", "Export as code")),
    ),
    _menu("crud/log", "CRUD 记录", "CRUD log", "HistoryOutlined", 98, (_VIEW,)),
]


_ROUTINE_MENUS = [
    _menu(
        "routine/config",
        "系统配置",
        "System config",
        "ControlOutlined",
        99,
        (
            _VIEW,
            ("edit", "编辑", "Edit"),
            ("add", "添加配置项", "Add item"),
            ("del", "删除配置项", "Delete item"),
        ),
    ),
    _menu("routine/attachment", "附件管理", "Attachments", "PaperClipOutlined", 98, (_VIEW, _EDIT, _DEL)),
    _menu("routine/adminInfo", "个人资料", "Profile", "IdcardOutlined", 97, (_VIEW, _EDIT)),
    _menu(
        "routine/publish",
        "发布网站",
        "Publish site",
        "BuildOutlined",
        96,
        (_VIEW, ("publish", "发布", "Publish")),
    ),
    _menu(
        "routine/orgChart",
        "组织架构",
        "Organisation chart",
        "ApartmentOutlined",
        95,
        (_VIEW, ("edit", "保存", "Save")),
    ),
]


_SECURITY_MENUS = [
    _menu(
        "security/dataRecycleLog",
        "数据回收站",
        "Recycle bin",
        "DeleteOutlined",
        99,
        (_VIEW, ("restore", "还原", "Restore"), ("del", "清除", "Purge")),
    ),
    _menu("security/dataRecycle", "数据回收规则", "Recycle rules", "SafetyCertificateOutlined", 98, CRUD),
    _menu(
        "security/sensitiveDataLog",
        "敏感数据日志",
        "Sensitive-data log",
        "RollbackOutlined",
        97,
        (_VIEW, ("rollback", "回滚", "Roll back"), ("del", "清除", "Purge")),
    ),
    _menu(
        "security/sensitiveData",
        "敏感数据规则",
        "Sensitive-data rules",
        "EyeInvisibleOutlined",
        96,
        CRUD,
    ),
]


_ACCOUNT_MENUS = [
    _menu("account/overview", "账户概览", "Overview", "HomeOutlined", 99),
    _menu("account/profile", "个人资料", "Profile", "IdcardOutlined", 98),
    _menu("account/changePassword", "修改密码", "Change password", "LockOutlined", 97),
    _menu("account/balance", "余额记录", "Balance", "WalletOutlined", 96),
    _menu("account/integral", "积分记录", "Integral", "StarOutlined", 95),
]

DEFAULT_ADMIN_RULES: list[dict[str, Any]] = [
    _menu("dashboard", "控制台", "Dashboard", "DashboardOutlined", 999),
    _folder("auth", "权限管理", "Permissions", "SafetyCertificateOutlined", 100, _AUTH_MENUS),
    _folder("user", "会员管理", "Members", "SmileOutlined", 90, _USER_MENUS),
    # The business tables are designed tables: their menus come from the designs
    # (functions/data/designs/, `functions.services.designs`).
    _folder("business", "业务管理", "Business", "AppstoreOutlined", 75, []),
    _folder("crud", "CRUD", "CRUD", "BuildOutlined", 70, _CRUD_MENUS),
    # The build-task terminal is a panel of the header, not a page: one button rule
    # (routine/terminal) runs its whitelisted tasks and saves its settings.
    _folder(
        "routine",
        "常规管理",
        "Routine",
        "SettingOutlined",
        80,
        _ROUTINE_MENUS,
        buttons=(("terminal", "终端", "Terminal"),),
    ),
    _folder("security", "安全", "Security", "LockOutlined", 65, _SECURITY_MENUS),
]

DEFAULT_USER_RULES: list[dict[str, Any]] = [
    _folder("account", "我的账户", "My account", "UserOutlined", 100, _ACCOUNT_MENUS),
]

# The back office's built-in routes that are no menu rule (`/srv/admin/<prefix>/…`): every other
# built-in router serves a rule path above. A design may not take either (`designs.is_builtin_path`);
# tests/api/test_design_rules.py checks this list against the route table, so a new built-in router
# without a menu rule fails there until it is named here.
ROUTES_WITHOUT_RULES = ("ajax", "index", "Terminal", "Alioss")
