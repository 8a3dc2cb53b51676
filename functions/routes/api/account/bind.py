"""Changing a bound e-mail/mobile (member token), two steps:

1. `POST /api/account/verification {type: "email"|"mobile", captcha, password}`: with a value bound,
   `captcha` is the code sent to it (event user_email_verify / user_mobile_verify); with none bound,
   the account password. → `{type, accountVerificationToken}` (valid 10 minutes).
2. `POST /api/account/changeBind {type, email|mobile, captcha, accountVerificationToken}`: `captcha`
   is the code sent to the new value (event user_change_email / user_change_mobile); the new value
   must be unused. → `{userInfo}`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.models.user import User
from functions.routes.deps import member_rule
from functions.routes.shapes import MemberInfo
from functions.services import accounts, members
from functions.services.member_info import member_info

router = APIRouter(prefix="/account", tags=["account"])


class VerificationBody(Schema):
    type: Literal["email", "mobile"]
    captcha: str = Field(default="", max_length=16)
    password: str = Field(default="", max_length=256)


class VerificationData(Model):
    type: str
    accountVerificationToken: str  # noqa: N815 - the client's field name


class BoundData(Model):
    userInfo: MemberInfo  # noqa: N815 - the client's field name


class ChangeBindBody(Schema):
    type: Literal["email", "mobile"]
    email: str = Field(default="", max_length=254)
    mobile: str = Field(default="", max_length=32)
    captcha: str = Field(default="", max_length=16)
    accountVerificationToken: str = Field(default="", max_length=128)


@router.post("/verification", name="account_verification", response_model=Envelope[VerificationData])
def verification(
    body: VerificationBody, user: Annotated[User, member_rule("account/profile")]
) -> dict[str, Any]:
    """Step 1 of changing a bound e-mail/mobile: prove the account."""
    token = members.verify_account(user, body.type, body.captcha, body.password)
    return success({"type": body.type, "accountVerificationToken": token}, "Account verified")


@router.post(
    "/changeBind",
    name="account_change_bind",
    response_model=Envelope[BoundData],
    response_model_exclude_unset=True,
)
def change_bind(
    body: ChangeBindBody, user: Annotated[User, member_rule("account/profile")]
) -> dict[str, Any]:
    """Step 2: bind the new e-mail/mobile."""
    value = accounts.contact_value(body.type, body.email if body.type == "email" else body.mobile)
    members.change_bind(user, body.type, value, body.captcha, body.accountVerificationToken)
    return success({"userInfo": member_info(user)}, "Bound successfully")
