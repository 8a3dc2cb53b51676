"""Site configuration items (the back office's Config screen), grouped: reading a whole group
(e.g. "site") is one Query on the hash key `group`, sorted by `name`.

`value` is stored as JSON. Items of `type` "i18n" hold one text per language,
`{"zh-cn": "…", "en": "…"}`; the reader picks the request's language (fallback zh-cn).
"""

from __future__ import annotations

from pynamodb.attributes import JSONAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PutError

from functions.models.base import BaseModel, Updated


class Config(Updated, BaseModel):
    logical_name = "config"

    group = UnicodeAttribute(hash_key=True)
    name = UnicodeAttribute(range_key=True)
    title = UnicodeAttribute(default="")
    tip = UnicodeAttribute(default="")
    # string | number | i18n | select | switch | textarea …: how the back office edits `value`.
    value_type = UnicodeAttribute(attr_name="type", default="string")
    value = JSONAttribute(null=True)
    # Options of select/radio types, validation rule names, extra attributes: editor details.
    content = JSONAttribute(null=True)
    rule = UnicodeAttribute(default="")
    weigh = NumberAttribute(default=0)

    def save_if_missing(self) -> bool:
        """Write this item unless one with the same group and name exists (seeding never overwrites
        what an admin changed); returns whether it was written."""
        try:
            self.save(condition=Config.name.does_not_exist())
        except PutError as exc:
            if exc.cause_response_code == "ConditionalCheckFailedException":
                return False
            raise
        return True

    @classmethod
    def query_group(cls, group: str) -> list[Config]:
        """Every item of `group` (one Query)."""
        return list(cls.query(group))
