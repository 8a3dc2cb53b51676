"""The organisation chart (routine/orgChart): one item holding the whole tree, versioned.

The chart is small (at most `functions.services.org_chart.MAX_NODES` nodes, well under DynamoDB's
400 KB item limit) and always read and written whole — the editor loads it, edits it in the browser
and saves it — so it is one item, `id` "chart": a save is one conditional PutItem on `version`
(optimistic locking: a save based on an older version is refused), a read one GetItem.
"""

from __future__ import annotations

from pynamodb.attributes import JSONAttribute, NumberAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Updated

CHART_ID = "chart"


class OrgChart(Updated, BaseModel):
    logical_name = "org_chart"

    id = UnicodeAttribute(hash_key=True)
    tree = JSONAttribute()  # the root node (SPEC §3 tree node), children nested
    version = NumberAttribute(default=0)  # 1 on the first save, + 1 on every save
    update_by = NumberAttribute(null=True)  # admin id
