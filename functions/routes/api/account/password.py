"""Member change password and forgotten password:

- `POST /api/account/changePassword {oldPassword, newPassword}` (member token): the new one follows
  the password rule (`functions.services.accounts.require_password`); every other session of the
  member is revoked (the client logs out afterwards).
- `POST /api/account/retrievePassword {type: "email"|"mobile", account, captcha, password}` (no
  login): reset a forgotten password with the code sent to `account` (event user_retrieve_pwd);
  revokes every session. Shares the per-IP budget of code sending (`rate_send_code_*`); an
  unregistered address answers like a wrong code.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import Envelope, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.models.user import User
from functions.routes.deps import UserClaims, member_rule, rate_limited
from functions.services import accounts, members

router = APIRouter(prefix="/account", tags=["account"])


class ChangePasswordBody(Schema):
    oldPassword: str = Field(default="", max_length=256)
    newPassword: str = Field(default="", max_length=256)


class RetrieveBody(Schema):
    type: Literal["email", "mobile"]
    account: str = Field(default="", max_length=254)
    captcha: str = Field(default="", max_length=16)
    password: str = Field(default="", max_length=256)


@router.post("/changePassword", name="account_change_password", response_model=Envelope[None])
def change_password(
    body: ChangePasswordBody, user: Annotated[User, member_rule("account/changePassword")], claims: UserClaims
) -> dict[str, Any]:
    """Change the password (revokes the member's other sessions)."""
    accounts.change_password("user", user, body.oldPassword, body.newPassword, claims.sid)
    return success(None, "Password changed, please log in again")


@router.post("/retrievePassword", name="account_retrieve_password", response_model=Envelope[None])
@rate_limited("send_code")
def retrieve_password(body: RetrieveBody) -> dict[str, Any]:
    """Reset a forgotten password with an e-mail or SMS code."""
    target = accounts.contact_value(body.type, body.account)
    accounts.require_password(body.password)
    members.retrieve_password(body.type, target, body.captcha, body.password)
    return success(None, "Password reset, please log in with the new password")
