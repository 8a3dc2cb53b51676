"""Table information for the CRUD generator (SPEC §7): `GET /admin/ajax/getTablePk?table=` and
`GET /admin/ajax/getTableFieldList?table=&clean=1|0` (permission `crud/crud/index`).

`table` is a designed table's rule path (`business/news`) or a built-in table's name (`admin`,
`user`, … — the `logical_name` of a model in `functions.models.ALL_MODELS`). The answer is
`{pk}` and `{pk, fieldList: {name: title}}`: a designed table's fields with their titles in the
request's language (`clean=0` adds `id`, `create_time` and `update_time`), a built-in table's
attributes by name. An unknown table answers code 0 "The table does not exist".
"""

from typing import Annotated, Any

from fastapi import Query

from functions.core.responses import ApiError, Envelope, Model, success
from functions.core.routing import APIRouter
from functions.models import ALL_MODELS
from functions.routes.admin.deps import AdminContext, require
from functions.services import designs
from functions.services.records import words

router = APIRouter(prefix="/ajax", tags=["admin"])
Table = Annotated[str, Query(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_/]+$")]


def _fields(table: str, clean: bool) -> tuple[str, dict[str, str]]:
    design = designs.get_design(table)
    if design is not None:
        doc = designs.load_doc(design)
        found = {f.name: words(f.title) for f in doc.fields}
        if not clean:
            found = {"id": "ID", **found, "create_time": "create_time", "update_time": "update_time"}
        return "id", found
    model = next((m for m in ALL_MODELS if m.logical_name == table), None)
    if model is None:
        raise ApiError("The table does not exist")
    names = sorted(model.get_attributes())
    if clean:
        names = [n for n in names if n != "part"]
    return str(model._hash_keyname), {name: name for name in names}


class TablePk(Model):
    pk: str


class TableFields(TablePk):
    """The primary key and the fields of a table, name → title."""

    fieldList: dict[str, str]  # noqa: N815 - the client's field name


@router.get("/getTablePk", name="ajax_getTablePk", response_model=Envelope[TablePk])
def get_table_pk(table: Table, ctx: Annotated[AdminContext, require("crud/crud/index")]) -> dict[str, Any]:
    """The primary key of a table."""
    pk, _ = _fields(table, clean=True)
    return success({"pk": pk})


@router.get("/getTableFieldList", name="ajax_getTableFieldList", response_model=Envelope[TableFields])
def get_table_field_list(
    table: Table,
    ctx: Annotated[AdminContext, require("crud/crud/index")],
    clean: Annotated[int, Query(ge=0, le=1)] = 1,
) -> dict[str, Any]:
    """The fields of a table with their titles."""
    pk, found = _fields(table, clean=bool(clean))
    return success({"pk": pk, "fieldList": found})
