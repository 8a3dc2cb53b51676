"""The organisation chart (routine/orgChart; the rules are in `functions.services.org_chart`):

- `GET  /admin/routine/orgChart/index` (routine/orgChart/index) → `{tree, version, update_time, limits}`:
  the chart (the seed file content/data/org.json until the first save; then `version` ≥ 1).
- `POST /admin/routine/orgChart/edit` (routine/orgChart/edit) `{tree, version}` → the saved chart:
  the whole tree, based on `version` (the one loaded). Refused, naming the unit (`data.node`), when a
  rule is broken, when the root is not the stored root ("The root node cannot be deleted"), or when
  someone saved in between. A save schedules a publish of the site (/about/organization).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from functions.core.responses import Envelope, Model, success
from functions.core.routing import APIRouter
from functions.core.validators import Schema
from functions.routes.admin.deps import AdminContext, require
from functions.services import org_chart
from functions.services.publish_jobs import public_data_changed

router = APIRouter(prefix="/routine/orgChart", tags=["admin"])


class OrgNode(Schema):
    """SPEC §3 tree node, with the name in both languages (`label` zh-cn, `label_en`)."""

    id: str = Field(min_length=1, max_length=40)
    pid: str = Field("", max_length=40)
    label: str = Field(max_length=200)
    label_en: str = Field(max_length=200)
    expand: bool = True
    isLeaf: bool = False  # noqa: N815 - SPEC §3 field name
    hidden: bool = False
    disabled: bool = False
    className: str = Field("", max_length=40)  # noqa: N815 - SPEC §3 field name
    style: dict[str, str] = Field(default_factory=dict, max_length=4)
    children: list[OrgNode] = Field(default_factory=list, max_length=org_chart.MAX_NODES)


class OrgChartLimits(BaseModel):
    maxNodes: int  # noqa: N815 - JSON field
    maxDepth: int  # noqa: N815 - JSON field
    labelMax: int  # noqa: N815 - JSON field
    classNames: list[str]  # noqa: N815 - JSON field


class OrgChartData(Model):
    tree: OrgNode
    version: int
    update_time: int
    limits: OrgChartLimits


class OrgChartSave(Schema):
    tree: OrgNode
    version: int = Field(ge=0)


@router.get("/index", name="routine_orgChart_index", response_model=Envelope[OrgChartData])
def org_chart_index(_: Annotated[AdminContext, require("routine/orgChart/index")]) -> dict[str, Any]:
    """The organisation chart and its limits."""
    return success({**org_chart.load_chart(), "limits": org_chart.limits()})


@router.post("/edit", name="routine_orgChart_edit", response_model=Envelope[OrgChartData])
def org_chart_edit(
    body: OrgChartSave, ctx: Annotated[AdminContext, require("routine/orgChart/edit")]
) -> dict[str, Any]:
    """Save the whole chart; the site is published shortly after."""
    saved = org_chart.save_chart(body.tree.model_dump(), body.version, int(ctx.admin.id))
    public_data_changed("routine/orgChart", "organisation chart saved", by=int(ctx.admin.id), source="org")
    return success({**saved, "limits": org_chart.limits()}, "Saved; the site will be published shortly")
