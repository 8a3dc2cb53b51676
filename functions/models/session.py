"""Login sessions of admins and members, and their refresh tokens.

- `Session` (key `sid`): one per login. `kind` is "admin" or "user", `owner` is `<kind>#<subject id>`
  (GSI `owner-index`, so "revoke every session of this account" is a Query). `revoked` is set by
  logout, a password change, disabling the account or a replayed refresh token. `expires_at` is the
  TTL attribute (DynamoDB deletes the row some time after it passes; code checks it itself).
- `RefreshToken` (key `token_hash`, the SHA-256 of the token): one item per refresh token ever
  issued. Rotation marks the presented item `used` (conditionally, so two concurrent refreshes with
  the same token cannot both win) and writes the next one in the same transaction. A used item is
  kept until the session expires: presenting it again is a replay, and the whole session is revoked —
  except within `Settings.refresh_grace_seconds` of its rotation (`rotated_at`), when it gets the
  same new pair again (two tabs refreshing at once).

Access tokens (JWT) carry `sid`; every authenticated request reads the session row by key, so a
revocation takes effect at once. Times are unix seconds.
"""

from __future__ import annotations

from pynamodb.attributes import BooleanAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import KeysOnlyProjection

from functions.models.base import BaseModel, Created, Expiring, Timestamped, now
from functions.models.listing import key_index


class Session(Timestamped, Expiring, BaseModel):
    logical_name = "session"

    sid = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute()
    subject_id = UnicodeAttribute()
    owner = UnicodeAttribute()
    remember = BooleanAttribute(default=False)
    refresh_hash = UnicodeAttribute(default="")
    revoked = BooleanAttribute(default=False)
    revoke_reason = UnicodeAttribute(default="")
    ip = UnicodeAttribute(default="")
    user_agent = UnicodeAttribute(default="")

    owner_index = key_index(
        "owner-index", "owner", UnicodeAttribute, range_attr="create_time", projection=KeysOnlyProjection()
    )

    @property
    def expires_ts(self) -> int:
        return int(self.expires_at.timestamp())

    def active(self, at: int | None = None) -> bool:
        return not self.revoked and self.expires_ts > (now() if at is None else at)


def owner_key(kind: str, subject_id: str | int) -> str:
    return f"{kind}#{subject_id}"


class RefreshToken(Created, Expiring, BaseModel):
    logical_name = "refresh_token"

    token_hash = UnicodeAttribute(hash_key=True)
    sid = UnicodeAttribute()
    kind = UnicodeAttribute()
    used = BooleanAttribute(default=False)
    rotated_at = NumberAttribute(default=0)  # when `used` was set (the grace window counts from it)
