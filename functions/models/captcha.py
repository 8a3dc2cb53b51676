"""Image captchas: one item per captcha id chosen by the client (`GET /api/common/captcha?id=…`).

`answer` is stored lower-case (answers are case-insensitive). An item is single-use: checking it
deletes it, right or wrong. `expires_at` is the TTL attribute; code also refuses expired items.
"""

from __future__ import annotations

from pynamodb.attributes import UnicodeAttribute

from functions.models.base import BaseModel, Created, Expiring


class Captcha(Created, Expiring, BaseModel):
    logical_name = "captcha"

    id = UnicodeAttribute(hash_key=True)
    answer = UnicodeAttribute()
