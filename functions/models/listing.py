"""Listing without Scan: every back-office table carries a constant partition attribute `part`
("all") and a GSI `part-id-index` (`part` hash, `id` range), so "every row of the table, newest
first" is one paginated Query (`Model.by_part.query(PART, scan_index_forward=False)`).

The back office's tables are small (rules, groups, admins) or read a page at a time; the generic
table service (`functions.services.crud_table`) filters, sorts and pages the rows of that Query.
"""

from __future__ import annotations

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

PART = "all"
PART_INDEX = "part-id-index"


def part_index(name: str = PART_INDEX) -> GlobalSecondaryIndex:
    """A GSI on (`part`, `id`) with every attribute projected; assign it as `by_part = part_index()`."""

    class PartIndex(GlobalSecondaryIndex):
        class Meta:
            index_name = name
            projection = AllProjection()

        part = UnicodeAttribute(hash_key=True)
        id = NumberAttribute(range_key=True)

    return PartIndex()


def owner_index(name: str, owner_attr: str) -> GlobalSecondaryIndex:
    """A GSI on (`<owner_attr>` number, `id`): the rows of one owner (e.g. one admin's log rows)."""

    attrs = {
        owner_attr: NumberAttribute(hash_key=True),
        "id": NumberAttribute(range_key=True),
        "Meta": type("Meta", (), {"index_name": name, "projection": AllProjection()}),
    }
    return type("OwnerIndex", (GlobalSecondaryIndex,), attrs)()
