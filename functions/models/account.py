"""What every login account has, admins (`functions.models.admin`) and members
(`functions.models.user`) alike: `AccountMixin`.

- `username` (unique per audience through a `Unique` guard), `nickname`, `avatar`, `email`,
  `mobile`, `motto`, `status` ("enable" | "disable");
- `password_hash`: Argon2id only (`set_password`);
- `login_failures` / `lock_until`: the login lockout's counter and lock (unix seconds, 0 = not
  locked), handled by `functions.services.lockout`;
- `last_login_time`, `last_login_ip`, `create_time`, `update_time` (unix seconds).

The account rules shared by both audiences (captcha, logout, uniqueness, password rule) are in
`functions.services.accounts`.
"""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.core.security import hash_password
from functions.models.base import Timestamped, now

STATUS_ENABLED = "enable"
STATUS_DISABLED = "disable"


class AccountMixin(Timestamped):
    """The attributes and behaviour shared by `Admin` and `User` (mixed into a PynamoDB model)."""

    username = UnicodeAttribute()
    nickname = UnicodeAttribute(default="")
    avatar = UnicodeAttribute(default="")
    email = UnicodeAttribute(default="")
    mobile = UnicodeAttribute(default="")
    password_hash = UnicodeAttribute()
    status = UnicodeAttribute(default=STATUS_ENABLED)
    motto = UnicodeAttribute(default="")
    login_failures = NumberAttribute(default=0)
    # Login is refused until this unix time after too many failures (see services.lockout).
    lock_until = NumberAttribute(default=0)
    last_login_time = NumberAttribute(null=True)
    last_login_ip = UnicodeAttribute(default="")

    def set_password(self, password: str) -> None:
        """Store a new Argon2id hash (saved with the next `save()`/`update()`)."""
        self.password_hash = hash_password(password)
        self.update_time = now()

    @property
    def enabled(self) -> bool:
        return self.status == STATUS_ENABLED
