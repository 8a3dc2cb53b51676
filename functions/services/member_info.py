"""The member info the client keeps (SPEC §3): one shape for login, profile, binding and the site's
index call. Kept apart from `members` so that the public index call imports no more than it needs."""

from __future__ import annotations

from typing import Any

from functions.core.i18n import get_lang
from functions.models.user import User, cents_to_yuan
from functions.services.area import region_names


def member_info(user: User) -> dict[str, Any]:
    """The member info the client keeps (SPEC §3), without tokens: `money` is yuan as a string with two
    decimals ("12.30"), `score` an integer, `region_names` in the request's language."""
    return {
        "id": user.id,
        "username": user.username,
        "nickname": user.nickname,
        "email": user.email,
        "mobile": user.mobile,
        "avatar": user.avatar,
        "gender": int(user.gender or 0),
        "birthday": user.birthday or "",
        "money": cents_to_yuan(int(user.money or 0)),
        "score": int(user.score or 0),
        "lastlogintime": user.last_login_time,
        "lastloginip": user.last_login_ip,
        "jointime": user.join_time,
        "motto": user.motto,
        "region": list(user.region or []),
        # Names for display, from the same data the profile form was checked against.
        "region_names": region_names(list(user.region or []), get_lang()) or [],
    }
