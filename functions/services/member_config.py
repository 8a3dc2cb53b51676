"""Member-area switches, kept as `Config` items of group `user` (editable in the back office's
Config screen; missing items fall back to the defaults below):

- `login_captcha` (switch, default on): whether member login asks for the image captcha.
  Registration and sending a code always ask for it.
- `register_verify` (select none | email | mobile, default email): what a new member proves at
  registration. "email"/"mobile": that address/number plus the code sent to it; "none": only
  username and password.
"""

from __future__ import annotations

from typing import Any

from functions.models.config import Config

GROUP = "user"
REGISTER_TYPES = ("none", "email", "mobile")
DEFAULTS: dict[str, tuple[str, str, Any, dict[str, Any] | None]] = {
    "login_captcha": ("会员登录验证码", "switch", True, None),
    "register_verify": (
        "会员注册验证方式",
        "select",
        "email",
        {"none": "无需验证", "email": "邮箱验证码", "mobile": "手机验证码"},
    ),
}


def _value(name: str) -> Any:
    try:
        value = Config.get(GROUP, name).value
    except Config.DoesNotExist:
        value = None
    return DEFAULTS[name][2] if value is None else value


def login_captcha_enabled() -> bool:
    value = _value("login_captcha")
    if isinstance(value, str):
        return value.strip().lower() not in {"0", "false", "off", ""}
    return bool(value)


def register_verify_type() -> str:
    value = _value("register_verify")
    return value if value in REGISTER_TYPES else DEFAULTS["register_verify"][2]


def seed_member_config() -> list[str]:
    """Write the default items that do not exist yet (never overwrites)."""
    written = []
    # The list shows the higher weigh first: the seed order is kept with 0, -1, -2, …
    for index, (name, (title, value_type, value, content)) in enumerate(DEFAULTS.items()):
        item = Config(
            GROUP, name, title=title, value_type=value_type, value=value, content=content, weigh=-index
        )
        if item.save_if_missing():
            written.append(name)
    return written
