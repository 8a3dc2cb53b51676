"""The member center (`/api/account/…`); every call needs the member token (`ba-user-token`), except
`retrievePassword`.

Amounts: balances are stored as integer cents and returned as yuan decimal strings with two
decimals ("12.30", "-0.50"); points are integers.

- `GET overview` → `{money, score, recent: {money: [...], score: [...]}, chart: {days: [7 ×
  "YYYY-MM-DD"], money: [7 yuan strings], score: [7 ints]}}`: the latest 5 changes of each kind
  and the net change per day (China time) over the last 7 days, today last.
- `GET profile` → `{userInfo, accountVerificationType: ["email", "mobile"]}`;
  `POST profile {nickname, avatar, gender 0|1|2, birthday "YYYY-MM-DD"|"", motto, region}` →
  `{userInfo}`. `region` is the province/city/district codes top down (`["44", "4403", "440305"]`,
  a prefix of it, or `[]` to clear; left out = unchanged), checked against the area data of
  `GET /api/ajax/area`; `userInfo` carries `region` and `region_names`.
- Changing a bound e-mail/mobile takes two steps:
  1. `POST verification {type: "email"|"mobile", captcha, password}`: with a value bound, `captcha`
     is the code sent to it (event user_email_verify / user_mobile_verify); with none bound, the
     account password. → `{type, accountVerificationToken}` (valid 10 minutes).
  2. `POST changeBind {type, email|mobile, captcha, accountVerificationToken}`: `captcha` is the code
     sent to the new value (event user_change_email / user_change_mobile); the new value must be
     unused. → `{userInfo}`.
- `POST changePassword {oldPassword, newPassword}`: the new one follows the password rule; every
  other session of the member is revoked (the client logs out afterwards).
- `GET balance` / `GET integral` `?page=1&limit=10` (limit 1–100) → `{list, total}`, newest first;
  rows `{id, seq, user_id, change, before, after, memo, create_time}`.
- `POST retrievePassword {type: "email"|"mobile", account, captcha, password}`: reset a forgotten
  password with the code sent to `account` (event user_retrieve_pwd); revokes every session. Shares
  the per-IP budget of code sending (`rate_send_code_*`); an unregistered address answers like a
  wrong code.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import Field

import functions.core.messages_members  # noqa: F401 - registers the member messages
from functions.core.responses import ApiError, Envelope, success
from functions.core.validators import Schema, Text, Url, check_email, check_mobile, check_password
from functions.routes.deps import CurrentUser, UserClaims, rate_limited
from functions.services import members, wallet

router = APIRouter(prefix="/account", tags=["account"])

Page = Query(default=1, ge=1, le=100000)
Limit = Query(default=10, ge=1, le=100)


class ProfileBody(Schema):
    nickname: str = Field(default="", max_length=50)
    avatar: Url = Field(default="", max_length=500)
    gender: int = 0
    birthday: str = Field(default="", max_length=10)
    motto: Text = Field(default="", max_length=255)
    region: list[Annotated[str, Field(max_length=12)]] | None = Field(default=None, max_length=3)


class VerificationBody(Schema):
    type: Literal["email", "mobile"]
    captcha: str = Field(default="", max_length=16)
    password: str = Field(default="", max_length=256)


class ChangeBindBody(Schema):
    type: Literal["email", "mobile"]
    email: str = Field(default="", max_length=254)
    mobile: str = Field(default="", max_length=32)
    captcha: str = Field(default="", max_length=16)
    accountVerificationToken: str = Field(default="", max_length=128)


class ChangePasswordBody(Schema):
    oldPassword: str = Field(default="", max_length=256)
    newPassword: str = Field(default="", max_length=256)


class RetrieveBody(Schema):
    type: Literal["email", "mobile"]
    account: str = Field(default="", max_length=254)
    captcha: str = Field(default="", max_length=16)
    password: str = Field(default="", max_length=256)


def _fail_if(problem: str | None) -> None:
    if problem:
        raise ApiError(problem)


def _check_target(kind: str, value: str) -> str:
    value = value.strip()
    _fail_if(check_email(value) if kind == "email" else check_mobile(value))
    return value


@router.get("/overview", name="account_overview", response_model=Envelope[dict[str, Any]])
def overview(user: CurrentUser) -> dict[str, Any]:
    """Balance, points, recent changes and the 7-day chart."""
    return success(members.overview(user))


@router.get("/profile", name="account_profile", response_model=Envelope[dict[str, Any]])
def profile(user: CurrentUser) -> dict[str, Any]:
    """The member's profile."""
    return success({"userInfo": user.to_public(), "accountVerificationType": ["email", "mobile"]})


@router.post("/profile", name="account_profile_save", response_model=Envelope[dict[str, Any]])
def save_profile(body: ProfileBody, user: CurrentUser) -> dict[str, Any]:
    """Save nickname, avatar, gender, birthday, motto and region."""
    members.update_profile(user, body.model_dump())
    return success({"userInfo": user.to_public()}, "Saved successfully")


@router.post("/verification", name="account_verification", response_model=Envelope[dict[str, Any]])
def verification(body: VerificationBody, user: CurrentUser) -> dict[str, Any]:
    """Step 1 of changing a bound e-mail/mobile: prove the account."""
    token = members.verify_account(user, body.type, body.captcha, body.password)
    return success({"type": body.type, "accountVerificationToken": token}, "Account verified")


@router.post("/changeBind", name="account_change_bind", response_model=Envelope[dict[str, Any]])
def change_bind(body: ChangeBindBody, user: CurrentUser) -> dict[str, Any]:
    """Step 2: bind the new e-mail/mobile."""
    value = _check_target(body.type, body.email if body.type == "email" else body.mobile)
    members.change_bind(user, body.type, value, body.captcha, body.accountVerificationToken)
    return success({"userInfo": user.to_public()}, "Bound successfully")


@router.post("/changePassword", name="account_change_password", response_model=Envelope[None])
def change_password(body: ChangePasswordBody, user: CurrentUser, claims: UserClaims) -> dict[str, Any]:
    """Change the password (revokes the member's other sessions)."""
    if not body.oldPassword:
        raise ApiError("Please enter your password")
    _fail_if(check_password(body.newPassword))
    members.change_password(user, body.oldPassword, body.newPassword, claims.sid)
    return success(None, "Password changed, please log in again")


@router.get("/balance", name="account_balance", response_model=Envelope[dict[str, Any]])
def balance(user: CurrentUser, page: int = Page, limit: int = Limit) -> dict[str, Any]:
    """The balance log, newest first (amounts in yuan strings)."""
    data = wallet.list_log("money", user, page, limit)
    data["list"] = [members.money_row(row) for row in data["list"]]
    return success(data)


@router.get("/integral", name="account_integral", response_model=Envelope[dict[str, Any]])
def integral(user: CurrentUser, page: int = Page, limit: int = Limit) -> dict[str, Any]:
    """The points log, newest first."""
    return success(wallet.list_log("score", user, page, limit))


@router.post(
    "/retrievePassword",
    name="account_retrieve_password",
    response_model=Envelope[None],
    dependencies=[rate_limited("send_code")],
)
def retrieve_password(body: RetrieveBody) -> dict[str, Any]:
    """Reset a forgotten password with an e-mail or SMS code."""
    target = _check_target(body.type, body.account)
    _fail_if(check_password(body.password))
    members.retrieve_password(body.type, target, body.captcha, body.password)
    return success(None, "Password reset, please log in with the new password")
