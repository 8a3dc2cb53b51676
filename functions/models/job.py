"""Background jobs with a log (publish runs, terminal tasks): DESIGN §7.

- `Job` (key `id`, a time-sortable string: 13-digit milliseconds + random hex, so newer ids sort
  after older ones): `kind` ("publish", a terminal task, …), `status` (queued → building → done |
  failed), who started it (`by`, an admin id), `params` and `summary` as JSON, and `last_seq`, the
  sequence number of its last log line (an atomic counter). `kind-id-index` lists the jobs of one kind
  newest first, `part-id-index` (constant `part`) every job newest first: both are Queries.
- `editors`: the admins whose changes the job publishes (who started it, and whoever saved while it
  was still queued and joined it); `seen`: those of them who have since looked at its log. A failed
  publish is shown in the header of each editor not in `seen` (routine/publish `alert`). Both are
  sets, grown with atomic ADD updates (two saves joining at once both count).
- `JobLine` (key `job_id` + `seq`, seq 1, 2, 3…): one item per log line, written once and never
  rewritten; reading "the lines after N" is a Query on the range key (the terminal's SSE replay).
- `JobLock` (key `name`, e.g. `publish`): held by one job at a time; taken with a conditional put
  (absent, or expired: `until` in the past) so two jobs of the same exclusive kind never run at once.

Jobs and lines expire after `JOB_TTL_SECONDS` (TTL attribute `expires_at`).
"""

from __future__ import annotations

import json
from typing import Any

from pynamodb.attributes import NumberAttribute, NumberSetAttribute, TTLAttribute, UnicodeAttribute

from functions.models.base import BaseModel, Created, Timestamped
from functions.models.listing import ConstantPart, key_index, part_index

JOB_TTL_SECONDS = 90 * 24 * 3600


class Job(ConstantPart, Timestamped, BaseModel):
    logical_name = "job"

    id = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute()
    status = UnicodeAttribute(default="queued")
    by = NumberAttribute(null=True)
    params = UnicodeAttribute(default="{}")
    summary = UnicodeAttribute(default="{}")
    last_seq = NumberAttribute(default=0)
    start_time = NumberAttribute(default=0)
    end_time = NumberAttribute(default=0)
    editors = NumberSetAttribute(null=True)
    seen = NumberSetAttribute(null=True)
    expires_at = TTLAttribute(null=True)

    by_kind = key_index("kind-id-index", "kind", UnicodeAttribute, range_kind=UnicodeAttribute)
    by_part = part_index(id_kind=UnicodeAttribute)

    def params_doc(self) -> dict[str, Any]:
        return dict(json.loads(self.params or "{}"))

    def summary_doc(self) -> dict[str, Any]:
        return dict(json.loads(self.summary or "{}"))

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.pick("id", "kind", "status", "by"),
            "params": self.params_doc(),
            "summary": self.summary_doc(),
            "last_seq": int(self.last_seq or 0),
            "create_time": int(self.create_time),
            "update_time": int(self.update_time),
            "start_time": int(self.start_time or 0),
            "end_time": int(self.end_time or 0),
        }


class JobLine(Created, BaseModel):
    logical_name = "job_line"

    job_id = UnicodeAttribute(hash_key=True)
    seq = NumberAttribute(range_key=True)
    text = UnicodeAttribute(default="")
    expires_at = TTLAttribute(null=True)


class JobLock(Created, BaseModel):
    logical_name = "job_lock"

    name = UnicodeAttribute(hash_key=True)
    job_id = UnicodeAttribute()
    until = NumberAttribute()
