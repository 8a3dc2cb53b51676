"""Members (front-end users).

- Ids are numbers from the `user` sequence.
- Username, e-mail and mobile are unique case-insensitively through `Unique` guard items
  (`user.username#alice`, `user.email#a@b.c`, `user.mobile#13800000000`) written in the same
  transaction as the member; the guards are also the strongly consistent lookups used by login.
- `money` is integer cents and `score` integer points; both change only through
  `functions.services.wallet` (one transaction with the log row). `money_log_count` /
  `score_log_count` are the sequence numbers of the member's last log rows (also the totals).
- `status` "enable" | "disable". `login_failures` counts consecutive wrong passwords; `lock_until`
  (unix seconds, 0 = not locked) is set when the count reaches the limit.
- GSI `part-id-index` (`by_part`, see `functions.models.listing`) lets the back office list members
  by id with a Query, never a Scan; `status-id-index` and `group-id-index` list the members of one
  status or group (a filter, and "is this group still used?") the same way. The row count is the
  counter `rows#user`, kept in the transactions that add and delete members.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import ListAttribute, NumberAttribute, UnicodeAttribute

from functions.core.security import hash_password
from functions.models.account import AccountMixin
from functions.models.base import BaseModel, now
from functions.models.counter import next_id
from functions.models.listing import ConstantPart, Listed, key_index
from functions.models.unique import insert_guarded, owned_by, owner_of, unique_key

USERNAME_SCOPE = "user.username"
EMAIL_SCOPE = "user.email"
MOBILE_SCOPE = "user.mobile"
SCOPES: dict[str, str] = {"username": USERNAME_SCOPE, "email": EMAIL_SCOPE, "mobile": MOBILE_SCOPE}
DEFAULT_GROUP_ID = 1


class User(AccountMixin, Listed, ConstantPart, BaseModel):
    logical_name = "user"

    id = NumberAttribute(hash_key=True)
    # The account attributes (username, password_hash, status, lockout, …): AccountMixin.
    group_id = NumberAttribute(default=DEFAULT_GROUP_ID)
    gender = NumberAttribute(default=0)
    birthday = UnicodeAttribute(default="")
    money = NumberAttribute(default=0)
    score = NumberAttribute(default=0)
    money_log_count = NumberAttribute(default=0)
    score_log_count = NumberAttribute(default=0)
    # Province / city / district division codes, top down (`functions.services.area`); [] = not set.
    region: ListAttribute[str] = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    join_time = NumberAttribute(default=now)
    join_ip = UnicodeAttribute(default="")
    lang = UnicodeAttribute(default="")

    by_status = key_index("status-id-index", "status", UnicodeAttribute)
    by_group = key_index("group-id-index", "group_id")

    @classmethod
    def create(
        cls,
        username: str,
        password: str,
        *,
        email: str = "",
        mobile: str = "",
        nickname: str = "",
        join_ip: str = "",
        **profile: Any,
    ) -> User:
        """Create a member, with any other attributes of the row in `profile` (group_id, status, lang,
        avatar, gender, motto…; the attributes' defaults otherwise); raises `DuplicateError(field)`
        ("username", "email" or "mobile") when a unique value is taken (any letter case). Nothing is
        written then."""
        user = cls(
            next_id("user"),
            username=username,
            email=email,
            mobile=mobile,
            nickname=nickname or username,
            password_hash=hash_password(password),
            join_ip=join_ip[:64],
            **profile,
        )
        fields = {"username": username, "email": email, "mobile": mobile}
        guards = {name: unique_key(SCOPES[name], value) for name, value in fields.items() if value}
        insert_guarded(user, guards, taken="username")
        return user

    @classmethod
    def find(cls, user_id: int | str) -> User | None:
        try:
            return cls.get(int(user_id), consistent_read=True)
        except (cls.DoesNotExist, ValueError):
            return None

    @classmethod
    def get_by(cls, field: str, value: str) -> User | None:
        """The member whose `field` ("username", "email", "mobile") is `value` (case-insensitive)."""
        return owned_by(cls, SCOPES[field], value) if value else None

    @staticmethod
    def value_taken(field: str, value: str) -> bool:
        return owner_of(SCOPES[field], value) is not None


def cents_to_yuan(cents: int) -> str:
    """Integer cents as a decimal yuan string: 1230 → "12.30", -5 → "-0.05"."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}{whole}.{part:02d}"
