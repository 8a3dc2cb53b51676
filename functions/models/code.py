"""Verification codes sent by e-mail or SMS, and their send limits (`functions.services.codes`).

One table, keyed by `key`:
- `code#<event>#<target>`: the current code for an event and a target (lower-case e-mail or a
  mobile number). Only `code_hash` (HMAC-SHA-256) is stored; `attempts` counts wrong guesses.
- `send#<target>#<yyyymmdd>`: that day's sends to a target: `count` and `last_sent` (the 60 s gap and
  the daily cap are one conditional update on this item).
- `pass#<kind>#<user id>`: the short-lived "account verified" token of the two-step change of a bound
  e-mail/mobile (`code_hash` holds the token's hash).
Every item carries the TTL attribute `expires_at`; code ignores expired items itself.
"""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Created, Expiring


class VerifyCode(Created, Expiring, BaseModel):
    logical_name = "verify_code"

    key = UnicodeAttribute(hash_key=True)
    code_hash = UnicodeAttribute(default="")
    attempts = NumberAttribute(default=0)
    # Sends today. Shadows the `Model.count` classmethod (never used on this model); kept: tests use it.
    count = NumberAttribute(default=0)  # type: ignore[assignment]
    last_sent = NumberAttribute(default=0)
