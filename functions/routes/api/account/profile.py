"""The member's profile (member token): `GET /api/account/profile` → `{userInfo,
accountVerificationType: ["email", "mobile"]}`; `POST /api/account/profile {nickname, avatar,
gender 0|1|2, birthday "YYYY-MM-DD"|"", motto, region}` → `{userInfo}`. `region` is the
province/city/district codes top down (`["44", "4403", "440305"]`, a prefix of it, or `[]` to clear;
left out = unchanged), checked against the area data of `GET /api/ajax/area`; `userInfo` carries
`region` and `region_names`."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import AvatarUrl, Motto, Schema
from functions.models.user import User
from functions.routes.deps import member_rule
from functions.routes.shapes import MemberInfo
from functions.services import members
from functions.services.member_info import member_info

router = APIRouter(prefix="/account", tags=["account"])


class MemberProfileData(Model):
    userInfo: MemberInfo  # noqa: N815 - the client's field names
    accountVerificationType: list[str]  # noqa: N815


class SavedProfile(Model):
    userInfo: MemberInfo  # noqa: N815 - the client's field name


class ProfileBody(Schema):
    nickname: str = Field(default="", max_length=50)
    avatar: AvatarUrl = ""
    gender: int = 0
    birthday: str = Field(default="", max_length=10)
    motto: Motto = ""
    region: list[Annotated[str, Field(max_length=12)]] | None = Field(default=None, max_length=3)


@router.get(
    "/profile",
    name="account_profile",
    response_model=Envelope[MemberProfileData],
    response_model_exclude_unset=True,
)
def profile(user: Annotated[User, member_rule("account/profile")]) -> dict[str, Any]:
    """The member's profile."""
    return success({"userInfo": member_info(user), "accountVerificationType": ["email", "mobile"]})


@router.post(
    "/profile",
    name="account_profile_save",
    response_model=Envelope[SavedProfile],
    response_model_exclude_unset=True,
)
def save_profile(body: ProfileBody, user: Annotated[User, member_rule("account/profile")]) -> dict[str, Any]:
    """Save nickname, avatar, gender, birthday, motto and region."""
    members.update_profile(user, body.model_dump())
    return success({"userInfo": member_info(user)}, "Saved successfully")
