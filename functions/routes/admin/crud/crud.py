"""The CRUD generator: `/admin/crud/crud/…` — the table designs (DESIGN §6).

| route                                   | permission           | answer                         |
|-----------------------------------------|----------------------|--------------------------------|
| GET    /admin/crud/crud/index            | `crud/crud/index`    | `{list, total}` of designs     |
| GET    /admin/crud/crud/edit?name=       | `crud/crud/index`    | `{design, version, rows}`      |
| GET    /admin/crud/crud/log?id=          | `crud/crud/index`    | `{design}` as saved in the log |
| POST   /admin/crud/crud/generate         | `crud/crud/generate` | `{name, version}`              |
| DELETE /admin/crud/crud/del?ids[]=&confirm= | `crud/crud/del`   | `{count}` rows deleted         |
| GET    /admin/crud/crud/export?name=     | `crud/crud/export`   | a zip of source files          |

`generate` takes `{design, confirm}`: the design (`functions.services.designs.DesignDoc`) is
validated, saved (a new version) and its table is usable at once under `/admin/<name>/…`. A save
that would drop values of a table with rows answers code 0 with `data.changes` until `confirm` is
true (a change that is always refused while the table has rows, an index moved, answers
`data.confirmable` false). The field types a design can use are in `functions.services.fields`.
`del` deletes a table with all its rows: `confirm` must repeat the table's name (its rule path), as
typed by the admin.
"""

import builtins
from typing import Annotated, Any

from fastapi import Query, Request
from fastapi.responses import Response
from pydantic import Field

from functions.core.responses import ApiError, CountData, Envelope, Model, Shape, success
from functions.core.routing import APIRouter
from functions.core.validators import INT_MAX, Schema
from functions.models.base import WatchedWriteError
from functions.models.design import DesignLog
from functions.routes.admin.deps import AdminContext, require
from functions.routes.admin.table.generic import origin_of
from functions.routes.admin.table.shapes import parse_ids
from functions.services import designs
from functions.services.designs import DesignDoc, StoredDesign
from functions.services.fields import TYPES
from functions.services.recycle import NOT_KEPT

router = APIRouter(prefix="/crud/crud", tags=["crud"])


class GenerateBody(Schema):
    design: DesignDoc
    confirm: bool = False
    # A new table (from a template, the CRUD log or a copy of another): refused when its name is taken.
    create: bool = False


class DesignSummary(Shape):
    id: int | None = None
    name: str | None = None
    title: dict[str, str] | None = None
    version: int | None = None
    fields: int | None = None
    rows: int | None = None
    update_time: int | None = None


class DesignList(Model):
    """Every design, and the field types a design can use."""

    list: builtins.list[DesignSummary]
    total: int
    types: builtins.list[str]


class DesignVersion(Model):
    """A design (a `DesignDoc` as saved, or as the CRUD log holds it) and its version; `rows`, the
    rows of its table, for a saved design."""

    design: StoredDesign
    version: int
    rows: int | None = None


class Generated(Model):
    name: str
    version: int


@router.get("/index", name="crud_crud_index", response_model=Envelope[DesignList])
def index(ctx: Annotated[AdminContext, require("crud/crud/index")]) -> dict[str, Any]:
    """Every design, newest first, with its row count; and the field types a design can use."""
    rows = []
    for design in designs.list_designs():
        doc = design.doc()
        rows.append(
            DesignSummary(
                id=int(design.id),
                name=design.name,
                title=doc.get("title", {}),
                version=int(design.version),
                fields=len(doc.get("fields", [])),
                rows=designs.row_count(design.name),
                update_time=int(design.update_time),
            ).model_dump()
        )
    return success({"list": rows, "total": len(rows), "types": sorted(TYPES)})


@router.get(
    "/edit", name="crud_crud_edit", response_model=Envelope[DesignVersion], response_model_exclude_unset=True
)
def edit(
    name: Annotated[str, Query(max_length=64)], ctx: Annotated[AdminContext, require("crud/crud/index")]
) -> dict[str, Any]:
    """One design, to open it in the generator."""
    design = designs.get_design(name)
    if design is None:
        raise ApiError("The table does not exist")
    return success({"design": design.doc(), "version": int(design.version), "rows": designs.row_count(name)})


@router.get(
    "/log", name="crud_crud_log", response_model=Envelope[DesignVersion], response_model_exclude_unset=True
)
def from_log(
    id: Annotated[int, Query(ge=0, le=INT_MAX)],  # noqa: A002
    ctx: Annotated[AdminContext, require("crud/crud/index")],
) -> dict[str, Any]:
    """A design as it was saved in the CRUD log (to start a new design from it)."""
    try:
        row = DesignLog.get(id)
    except DesignLog.DoesNotExist:
        raise ApiError("The record does not exist") from None
    return success(
        {"design": DesignDoc.model_validate_json(row.body).model_dump(), "version": int(row.version)}
    )


@router.post("/generate", name="crud_crud_generate", response_model=Envelope[Generated])
def generate(
    body: GenerateBody, ctx: Annotated[AdminContext, require("crud/crud/generate")]
) -> dict[str, Any]:
    """Save a design: the table is usable at once."""
    design = designs.save_design(
        body.design, admin_id=ctx.id, username=ctx.admin.username, confirm=body.confirm, create=body.create
    )
    return success({"name": design.name, "version": int(design.version)}, "Saved successfully")


class DeleteAnswer(Schema):
    count: int = Field(0, ge=0)


@router.delete("/del", name="crud_crud_del", response_model=Envelope[CountData])
def delete(
    request: Request,
    ctx: Annotated[AdminContext, require("crud/crud/del")],
    confirm: Annotated[str, Query(max_length=200, description="the table's name, typed to confirm")] = "",
) -> dict[str, Any]:
    """Delete designs by id, with their rows (kept in the recycle bin when a rule says so) and menu rules;
    `confirm` repeats the name of each table deleted (comma separated for several)."""
    wanted = set(parse_ids(request))
    if not wanted:
        raise ApiError("Incorrect parameter!")
    typed = {part.strip() for part in confirm.split(",") if part.strip()}
    chosen = [design for design in designs.list_designs() if int(design.id) in wanted]
    unconfirmed = [design.name for design in chosen if design.name not in typed]
    if unconfirmed:
        raise ApiError("Type the table's name {name} to confirm deleting it", params={"name": unconfirmed[0]})
    count = 0
    for design in chosen:
        origin = origin_of(ctx, request)
        try:
            designs.delete_design(design, admin_id=ctx.id, username=ctx.admin.username, origin=origin)
        except WatchedWriteError:
            raise ApiError(NOT_KEPT) from None
        count += 1
    if not count:
        raise ApiError("No rows were deleted")
    return success({"count": count}, "Deleted successfully")


@router.get("/export", name="crud_crud_export", response_class=Response)
def export(
    name: Annotated[str, Query(max_length=64)], ctx: Annotated[AdminContext, require("crud/crud/export")]
) -> Response:
    """Export as code: a zip with the model, router, page schema and locale files of a design."""
    # deferred: adds ~2.3 ms to the back office's cold start and only this export needs it
    from functions.services.export_code import export_zip

    design = designs.get_design(name)
    if design is None:
        raise ApiError("The table does not exist")
    filename = name.replace("/", "-") + ".zip"
    return Response(
        export_zip(designs.load_doc(design)),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
