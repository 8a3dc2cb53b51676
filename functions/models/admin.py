"""Back-office administrators.

Ids are numbers from the `admin` sequence. Usernames are unique case-insensitively through a
`Unique` guard item (`admin.username#<lower-case name>`) written in the same transaction as the
admin; the guard is also the strongly consistent username → id lookup used by login. Passwords are
stored only as Argon2id hashes. Times are unix seconds.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    NumberAttribute,
)

from functions.core.security import hash_password
from functions.models.account import AccountMixin
from functions.models.base import BaseModel
from functions.models.counter import next_id
from functions.models.listing import ConstantPart, Listed
from functions.models.unique import insert_guarded, owned_by, unique_key

USERNAME_SCOPE = "admin.username"


class Admin(AccountMixin, Listed, ConstantPart, BaseModel):
    logical_name = "admin"

    id = NumberAttribute(hash_key=True)
    # The account attributes (username, password_hash, status, lockout, …): AccountMixin.
    is_super = BooleanAttribute(attr_name="super", default=False)
    # Typed by what it holds (PynamoDB types a list by its element attribute class).
    group_ids: ListAttribute[int] = ListAttribute(of=NumberAttribute, default=list)  # type: ignore[arg-type]

    @classmethod
    def create(
        cls,
        username: str,
        password: str,
        *,
        nickname: str = "",
        is_super: bool = False,
        group_ids: list[int] | None = None,
        email: str = "",
        mobile: str = "",
        **profile: Any,
    ) -> Admin:
        """Create an admin, with any other attributes of the row in `profile` (avatar, motto, status…);
        raises `DuplicateError` when the username is taken (any letter case)."""
        admin = cls(
            next_id("admin"),
            username=username,
            nickname=nickname or username,
            password_hash=hash_password(password),
            is_super=is_super,
            group_ids=list(group_ids or []),
            email=email,
            mobile=mobile,
            **profile,
        )
        insert_guarded(admin, {username: unique_key(USERNAME_SCOPE, username)}, taken=username)
        return admin

    @classmethod
    def get_by_username(cls, username: str) -> Admin | None:
        return owned_by(cls, USERNAME_SCOPE, username)

    @classmethod
    def any_exists(cls) -> bool:
        """Whether at least one admin exists. A one-item Scan: for the seed and scripts, never a request."""
        return next(iter(cls.scan(limit=1)), None) is not None

    def to_public(self) -> dict[str, Any]:
        """The admin info the client keeps (SPEC §3), without tokens."""
        return {
            **self.pick("id", "username", "nickname", "avatar"),
            "lastlogintime": self.last_login_time,
            "super": self.is_super,
            "group_arr": list(self.group_ids or []),
        }
