"""The back office's routine/attachment table: `/admin/routine/attachment/index|edit|del`.

Listing, filters (`search` conditions on topic, mimetype, storage, admin_id, user_id, name…),
quick search (name, topic, url) and paging are the generic table's. Editing changes only the shown
name. Deleting a row removes the stored file when no other row refers to it
(`functions.services.attachments.delete`).
"""

from typing import Annotated, Any

from fastapi import Request
from pydantic import Field

from functions.core.i18n import t
from functions.core.responses import ApiError, Envelope, Model, success
from functions.core.validators import Schema
from functions.models.attachment import Attachment, guard_key
from functions.models.unique import Unique
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table.generic import Table
from functions.routes.admin.table.shapes import parse_ids, row_shape
from functions.services import attachments
from functions.services.attachment_usage import usage as find_usage


class AttachmentEdit(Schema):
    id: int
    name: str = Field(min_length=1, max_length=255)


class AttachmentTable(Table):
    path = "routine/attachment"
    model = Attachment
    fields = (
        "id",
        "topic",
        "url",
        "name",
        "size",
        "mimetype",
        "width",
        "height",
        "sha1",
        "storage",
        "admin_id",
        "user_id",
        "uploader",
        "quote",
        "create_time",
        "last_upload_time",
    )
    quick_search = ("name", "topic", "url")
    actions = ("index", "edit", "del")
    edit_schema = AttachmentEdit
    row_model = row_shape("AttachmentRow", Attachment, fields, uploader=str)
    default_order = ("id", True)

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        row = item.to_public()
        row["uploader"] = "admin" if item.admin_id else "user"
        return row

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        return attachments.rename(item, body.name)

    def unique_guards(self, item: Any) -> list[tuple[str, str, Unique]]:
        key = guard_key(item.storage, item.topic, item.uploader, item.sha1)
        return [(t("File"), item.name, Unique(key, owner=""))]

    def purged(self, item: Any) -> None:
        attachments.release_file(item.storage, item.key)

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        count = 0
        for item in items:
            attachments.delete(item)
            count += 1
        return count


table = AttachmentTable()
router = table.router()


class AttachmentUse(Model):
    table: str
    title: str
    id: int
    field: str
    field_title: str


class AttachmentUsage(Model):
    """Where the attachments are used (`functions.services.attachment_usage`): by attachment id, every
    row of a designed table whose upload fields hold its URL (from the rows' file references: exact
    whatever the tables' sizes)."""

    uses: dict[str, list[AttachmentUse]]


@router.get("/usage", name="routine_attachment_usage", response_model=Envelope[AttachmentUsage])
def usage(
    request: Request, ctx: Annotated[AdminContext, require("routine/attachment/del")]
) -> dict[str, Any]:
    """Before a delete: where these attachments (ids[]=…, at most 100) are used, to warn the admin."""
    wanted = sorted(set(parse_ids(request)))[:100]
    if not wanted:
        raise ApiError("Incorrect parameter!")
    rows = [row for row in Attachment.batch_get(wanted)]
    found = find_usage(sorted({row.url for row in rows}))
    return success({"uses": {str(int(row.id)): found.get(row.url, []) for row in rows}})
