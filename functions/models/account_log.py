"""Balance and points logs of members: one row per change, written in the same transaction as the
change itself (`functions.services.wallet`) and never edited or deleted.

Key: `user_id` (hash) + `seq` (range), where `seq` is the member's running log number
(`User.money_log_count` / `score_log_count` after the change). Listing a member's log newest first
is a Query; page `p` of size `l` is the `seq` range `[total-p*l+1, total-(p-1)*l]` — a key range,
never an offset scan. Money values are integer cents, points integers.

`id` is a table-wide number (sequence `user_money_log` / `user_score_log`) and `part` the UTC month
(`functions.models.listing.MonthBucketed`), so the back office lists every member's rows newest first
through `by_part`, one Query per month; the row counts move in the same transaction as the change.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel
from functions.models.listing import MonthBucketed, part_index


class _LogBase(MonthBucketed, BaseModel):
    user_id = NumberAttribute(hash_key=True)
    seq = NumberAttribute(range_key=True)
    id = NumberAttribute()
    part = UnicodeAttribute()
    change = NumberAttribute()
    before = NumberAttribute()
    after = NumberAttribute()
    memo = UnicodeAttribute(default="")
    admin_id = NumberAttribute(default=0)

    by_part = part_index()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": int(self.id),
            "seq": int(self.seq),
            "user_id": int(self.user_id),
            "change": int(self.change),
            "before": int(self.before),
            "after": int(self.after),
            "memo": self.memo,
            "create_time": int(self.create_time),
        }


class MoneyLog(_LogBase):
    logical_name = "user_money_log"
    kind: ClassVar[str] = "money"  # `functions.services.wallet`'s name of what it counts (cents)


class ScoreLog(_LogBase):
    logical_name = "user_score_log"
    kind: ClassVar[str] = "score"  # points
