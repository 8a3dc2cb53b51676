"""The organisation chart: the tree the back office edits (routine/orgChart) and the public site shows
on /about/organization (SPEC §3 tree node, §5 "the tree does not allow the root node to be deleted").

A node is SPEC §3's tree node with the name in both languages:
`{id, pid, label (zh-cn), label_en, expand, isLeaf, hidden, disabled, className, style, children}`.
- `id`: 1–40 characters `A-Z a-z 0-9 _ -`, unique in the tree; `pid`: the parent's id ("" for the
  root). The tree is sent and stored nested (`children`), so it has exactly one root and no cycle;
  a `pid` that does not name the node it is under is refused.
- `label` and `label_en`: required, one line, at most `LABEL_MAX` characters each.
- `expand`: whether the editor shows the node's children (the public chart shows them all);
  `isLeaf` is recomputed (no children).
- `hidden`: the node and everything under it stay off the public site (the editor still shows them).
- `disabled`: the node is locked in the editor — it cannot be dragged, renamed, deleted or receive
  moved nodes until it is enabled again. It is an editing lock, not a visibility switch: the public
  chart shows a disabled node like any other.
- `className`: one of `CLASS_NAMES` (leadership, operating, support: how the node is drawn);
  `style`: at most `{"borderColor": "#rrggbb"}`, the node's accent colour (editor and site).
- At most `MAX_NODES` nodes and `MAX_DEPTH` levels (the root is level 1).
- The root can be renamed, disabled or restyled, never deleted, replaced or hidden: a save whose
  root is not the stored root is refused.

Storage: one `OrgChart` item (`functions.models.org`), saved whole with optimistic locking on
`version`. Until the first save the chart is the seed file content/data/org.json (what the site
shows before anyone edited it). Saving schedules a publish (`functions.services.publish_jobs`), which
writes the stored chart into the site's data folder as org.json (`write_data_file`, registered in
`functions.publish.export.WRITERS`); the Pelican plugin `functions.publish.orgchart` renders it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pynamodb.exceptions import PutError

import functions.core.messages_org  # noqa: F401 - registers the chart's messages
from functions.core.responses import ApiError
from functions.core.settings import get_settings
from functions.core.validators import check_line
from functions.models.base import now
from functions.models.org import CHART_ID, OrgChart
from functions.services.site_config import DEFAULT_SITE_ITEMS

MAX_NODES = 300
MAX_DEPTH = 10
LABEL_MAX = 60
ID_RE = re.compile(r"[A-Za-z0-9_-]{1,40}")
CLASS_NAMES = ("", "org-lead", "org-division", "org-support")
STYLE_KEYS = ("borderColor",)
COLOUR_RE = re.compile(r"#[0-9a-fA-F]{6}")
DATA_FILE = "org.json"
ROW_MAX = 6  # the public chart draws at most this many units side by side


def limits() -> dict[str, Any]:
    return {
        "maxNodes": MAX_NODES,
        "maxDepth": MAX_DEPTH,
        "labelMax": LABEL_MAX,
        "classNames": list(CLASS_NAMES),
    }


def _invalid(message: str, node: dict[str, Any] | None = None, **params: Any) -> ApiError:
    """A refusal naming the node it is about (`data.node`: its id, for the editor to select it)."""
    node_id = str(node.get("id", "")) if isinstance(node, dict) else ""
    name = str(node.get("label") or node_id) if isinstance(node, dict) else ""
    return ApiError(message, data={"node": node_id} if node_id else None, params={"name": name, **params})


def _label(node: dict[str, Any], key: str) -> str:
    value = node.get(key)
    text = value.strip() if isinstance(value, str) else ""
    if not text or len(text) > LABEL_MAX or check_line(text) is not None:
        raise _invalid(
            "Unit “{name}” needs a Chinese and an English name of at most {max} characters",
            node,
            max=LABEL_MAX,
        )
    return text


def _style(node: dict[str, Any]) -> dict[str, str]:
    style = node.get("style") or {}
    if not isinstance(style, dict) or any(
        key not in STYLE_KEYS or not isinstance(value, str) or not COLOUR_RE.fullmatch(value)
        for key, value in style.items()
    ):
        raise _invalid("Unit “{name}”: the accent colour must be a colour like #1677ff", node)
    return {key: value.lower() for key, value in style.items()}


def check_tree(tree: Any) -> dict[str, Any]:
    """The tree normalised (names trimmed, `isLeaf` recomputed, only the known keys), or an `ApiError`
    naming the first node that breaks a rule. Iterative: a malicious depth cannot exhaust the stack."""
    if not isinstance(tree, dict):
        raise ApiError("The organisation chart needs one top unit")
    root: dict[str, Any] = {}
    seen: set[str] = set()
    # (source node, normalised copy to fill, expected pid, level)
    stack: list[tuple[Any, dict[str, Any], str, int]] = [(tree, root, "", 1)]
    count = 0
    while stack:
        node, out, parent_id, level = stack.pop()
        if not isinstance(node, dict):
            raise ApiError("Incorrect parameter!")
        count += 1
        if count > MAX_NODES:
            raise ApiError("The organisation chart can have at most {max} units", params={"max": MAX_NODES})
        if level > MAX_DEPTH:
            raise _invalid(
                "Unit “{name}” is too deep: the chart can have at most {max} levels", node, max=MAX_DEPTH
            )
        node_id = node.get("id")
        if not isinstance(node_id, str) or not ID_RE.fullmatch(node_id):
            raise _invalid("Unit “{name}” has an invalid id", node)
        if node_id in seen:
            raise _invalid("Unit “{name}” appears twice in the chart", node)
        seen.add(node_id)
        if str(node.get("pid") or "") != parent_id:
            raise _invalid("Unit “{name}” does not belong to the unit it is placed under", node)
        class_name = node.get("className") or ""
        if class_name not in CLASS_NAMES:
            raise _invalid("Unit “{name}” has an unknown type", node)
        children = node.get("children") or []
        if not isinstance(children, list):
            raise ApiError("Incorrect parameter!")
        flags = {key: bool(node.get(key, default)) for key, default in (("expand", True), ("hidden", False))}
        out.update(
            id=node_id,
            pid=parent_id,
            label=_label(node, "label"),
            label_en=_label(node, "label_en"),
            expand=flags["expand"],
            isLeaf=not children,
            hidden=flags["hidden"],
            disabled=bool(node.get("disabled", False)),
            className=class_name,
            style=_style(node),
            children=[],
        )
        copies: list[dict[str, Any]] = [{} for _ in children]
        out["children"] = copies
        # Reversed onto the stack: nodes are checked in reading order (depth first, top to bottom).
        stack.extend(
            (child, into, node_id, level + 1)
            for child, into in reversed(list(zip(children, copies, strict=True)))
        )
    if root["hidden"]:
        raise _invalid("The top unit “{name}” cannot be hidden", root)
    return root


def seed_file() -> Path:
    return get_settings().content_dir / "data" / DATA_FILE


def seed_tree() -> dict[str, Any]:
    """The chart before its first save: content/data/org.json, else a top unit alone (the API
    package on AWS does not carry content/)."""
    path = seed_file()
    if path.is_file():
        return check_tree(json.loads(path.read_text(encoding="utf-8")))
    name = DEFAULT_SITE_ITEMS["site_name"][2]
    return check_tree({"id": "root", "label": name["zh-cn"], "label_en": name["en"]})


def stored() -> OrgChart | None:
    try:
        return OrgChart.get(CHART_ID, consistent_read=True)
    except OrgChart.DoesNotExist:
        return None


def load_chart() -> dict[str, Any]:
    """`{tree, version, update_time}`; version 0 = never saved (the tree is the seed)."""
    item = stored()
    if item is None:
        return {"tree": seed_tree(), "version": 0, "update_time": 0}
    return {"tree": item.tree, "version": int(item.version), "update_time": int(item.update_time)}


def save_chart(tree: Any, version: int, by: int | None) -> dict[str, Any]:
    """Validate and store `tree` as the next version after `version` (the one the editor loaded);
    refused when someone saved in between, or when the root is not the stored root."""
    clean = check_tree(tree)
    current = load_chart()
    if int(current["version"]) != version:
        raise ApiError(
            "Someone else saved the organisation chart meanwhile: reload it, then make your changes again"
        )
    if clean["id"] != current["tree"]["id"]:
        raise _invalid("The root node cannot be deleted", current["tree"])
    item = OrgChart(CHART_ID, tree=clean, version=version + 1, update_time=now(), update_by=by)
    condition = OrgChart.id.does_not_exist() if version == 0 else OrgChart.version == version
    try:
        item.save(condition=condition)
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise ApiError(
                "Someone else saved the organisation chart meanwhile: reload it, then make your changes again"
            ) from exc
        raise
    return {"tree": clean, "version": version + 1, "update_time": int(item.update_time)}


def write_data_file(data_dir: Path) -> list[str]:
    """Publish: the saved chart as `<data_dir>/org.json` (a chart never saved leaves the seed file)."""
    item = stored()
    if item is None:
        return []
    path = data_dir / DATA_FILE
    path.write_text(json.dumps(item.tree, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return [path.name]


def public_tree(tree: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the site shows in `lang`: hidden nodes (and what is under them) left out, one name.
    `tree` is a checked tree (`check_tree`), so its root is never hidden. `layout` says how a wide
    screen draws a node's children: "row" (side by side, when some have units of their own and they
    are at most `ROW_MAX`) or "stack" (one under the other); a phone stacks every level."""

    def visit(node: dict[str, Any], level: int) -> dict[str, Any]:
        label = node["label_en"] if lang == "en" else node["label"]
        children = [visit(child, level + 1) for child in node["children"] if not child["hidden"]]
        branches = any(child["children"] for child in children)
        return {
            "id": node["id"],
            "label": label,
            "level": level,
            "className": node["className"],
            "style": node["style"],
            "layout": "row" if branches and len(children) <= ROW_MAX else "stack",
            "children": children,
        }

    return visit(tree, 1)
