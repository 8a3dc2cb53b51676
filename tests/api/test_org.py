# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""The organisation chart API (routine/orgChart) against DynamoDB Local: the seed before the first
save, save and load, the server's checks (names in both languages, one root, ids, depth, size), the
root that cannot be deleted, concurrent saves, permissions, the publish a save schedules and the data
file a publish writes."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from functions.core.settings import REPO_ROOT, get_settings
from functions.services import org_chart
from tests.api.admin_support import AdminUser, make_admin, ok  # noqa: F401

INDEX = "/srv/admin/routine/orgChart/index"
EDIT = "/srv/admin/routine/orgChart/edit"
EN = {"Accept-Language": "en"}


@pytest.fixture(autouse=True)
def fresh_chart(admin_seed: None) -> Iterator[None]:
    """Every test starts before the first save (the chart is one item)."""
    from functions.models.org import CHART_ID, OrgChart

    OrgChart(CHART_ID).delete()
    yield
    OrgChart(CHART_ID).delete()


def load(api: httpx.Client, admin: AdminUser) -> dict[str, Any]:
    return ok(api.get(INDEX, headers=admin.headers))


def save(api: httpx.Client, admin: AdminUser, tree: dict[str, Any], version: int) -> dict[str, Any]:
    return api.post(EDIT, json={"tree": tree, "version": version}, headers={**admin.headers, **EN}).json()


def find(node: dict[str, Any], node_id: str) -> dict[str, Any]:
    stack = [node]
    while stack:
        item = stack.pop()
        if item["id"] == node_id:
            return item
        stack.extend(item["children"])
    raise KeyError(node_id)


def node(node_id: str, pid: str, label: str = "新部门", label_en: str = "New unit") -> dict[str, Any]:
    return {"id": node_id, "pid": pid, "label": label, "label_en": label_en, "children": []}


def test_before_the_first_save_the_chart_is_the_seed_file(api: httpx.Client, super_admin: AdminUser) -> None:
    data = load(api, super_admin)
    seed = json.loads((REPO_ROOT / "content" / "data" / "org.json").read_text(encoding="utf-8"))
    assert data["version"] == 0
    assert data["tree"] == seed
    assert data["tree"]["label"] == "董事会" and data["tree"]["label_en"] == "Board of Directors"
    assert [c["label_en"] for c in find(data["tree"], "general-manager")["children"]] == [
        "Operating divisions",
        "Support departments",
    ]
    assert data["limits"] == {
        "maxNodes": org_chart.MAX_NODES,
        "maxDepth": org_chart.MAX_DEPTH,
        "labelMax": org_chart.LABEL_MAX,
        "classNames": list(org_chart.CLASS_NAMES),
    }


def test_save_then_load_and_a_stale_save_is_refused(api: httpx.Client, super_admin: AdminUser) -> None:
    tree = load(api, super_admin)["tree"]
    find(tree, "support")["children"].append(node("legal", "support", "  法务部 ", "Legal Affairs"))
    find(tree, "finance")["hidden"] = True
    find(tree, "sanitation")["disabled"] = True
    find(tree, "sanitation")["style"] = {"borderColor": "#1677FF"}
    body = save(api, super_admin, tree, 0)
    assert body["code"] == 1, body
    assert body["msg"] == "Saved; the site will be published shortly"
    assert body["data"]["version"] == 1

    again = load(api, super_admin)
    assert again["version"] == 1 and again["update_time"] > 0
    legal = find(again["tree"], "legal")
    assert legal["label"] == "法务部" and legal["isLeaf"] is True and legal["pid"] == "support"
    assert find(again["tree"], "finance")["hidden"] is True
    assert find(again["tree"], "sanitation")["disabled"] is True
    assert find(again["tree"], "sanitation")["style"] == {"borderColor": "#1677ff"}

    # Another editor still holding version 0 saves: refused, nothing overwritten.
    stale = save(api, super_admin, load_seed(), 0)
    assert stale["code"] == 0 and stale["msg"].startswith("Someone else saved the organisation chart")
    assert find(load(api, super_admin)["tree"], "legal")["label_en"] == "Legal Affairs"
    assert save(api, super_admin, again["tree"], 1)["data"]["version"] == 2


def load_seed() -> dict[str, Any]:
    return org_chart.seed_tree()


def broken(change: Any) -> dict[str, Any]:
    tree = copy.deepcopy(load_seed())
    change(tree)
    return tree


def chain(depth: int) -> dict[str, Any]:
    root = node("c1", "")
    current = root
    for level in range(2, depth + 1):
        child = node(f"c{level}", current["id"])
        current["children"].append(child)
        current = child
    return root


def wide(count: int) -> dict[str, Any]:
    root = node("w0", "")
    root["children"] = [node(f"w{i}", "w0") for i in range(1, count)]
    return root


CASES = [
    (
        "empty English name",
        lambda t: find(t, "finance").update(label_en="  "),
        "Unit “财务部” needs a Chinese and an English name of at most 60 characters",
        "finance",
    ),
    (
        "Chinese name too long",
        lambda t: find(t, "finance").update(label="财" * 61),
        "needs a Chinese and an English name of at most 60 characters",
        "finance",
    ),
    (
        "two lines",
        lambda t: find(t, "finance").update(label_en="Fin\nance"),
        "HTTP400",
        None,
    ),
    (
        "duplicate id",
        lambda t: find(t, "support")["children"].append(node("finance", "support", "财务二部", "Finance 2")),
        "Unit “财务二部” appears twice in the chart",
        "finance",
    ),
    (
        "parent id that is not the parent",
        lambda t: find(t, "finance").update(pid="divisions"),
        "Unit “财务部” does not belong to the unit it is placed under",
        "finance",
    ),
    (
        "unknown type",
        lambda t: find(t, "finance").update(className="fancy"),
        "Unit “财务部” has an unknown type",
        "finance",
    ),
    (
        "accent that is not a colour",
        lambda t: find(t, "finance").update(style={"borderColor": "red; background:url(x)"}),
        "Unit “财务部”: the accent colour must be a colour like #1677ff",
        "finance",
    ),
    (
        "hidden root",
        lambda t: t.update(hidden=True),
        "The top unit “董事会” cannot be hidden",
        "board",
    ),
]


@pytest.mark.parametrize(("case", "change", "message", "node_id"), CASES, ids=[c[0] for c in CASES])
def test_the_server_checks_the_tree(
    api: httpx.Client, super_admin: AdminUser, case: str, change: Any, message: str, node_id: str | None
) -> None:
    response = api.post(
        EDIT, json={"tree": broken(change), "version": 0}, headers={**super_admin.headers, **EN}
    )
    body = response.json()
    if message == "HTTP400":  # malformed input never reaches the rules
        assert response.status_code == 400, body
    else:
        assert body["code"] == 0 and message in body["msg"], body
        assert body["data"] == {"node": node_id}
    assert load(api, super_admin)["version"] == 0  # nothing was saved


def test_depth_and_size_limits(api: httpx.Client, super_admin: AdminUser) -> None:
    deep = save(api, super_admin, chain(org_chart.MAX_DEPTH + 1), 0)
    assert deep["code"] == 0 and "the chart can have at most 10 levels" in deep["msg"], deep
    many = save(api, super_admin, wide(org_chart.MAX_NODES + 1), 0)
    assert many["code"] == 0 and many["msg"] == "The organisation chart can have at most 300 units", many
    # At the limits it is accepted (with the root kept: the seed's root is "board").
    tree = chain(org_chart.MAX_DEPTH)
    tree.update(id="board", label="董事会", label_en="Board")
    tree["children"][0]["pid"] = "board"
    assert save(api, super_admin, tree, 0)["code"] == 1


def test_the_root_cannot_be_deleted(api: httpx.Client, super_admin: AdminUser) -> None:
    seed = load(api, super_admin)["tree"]
    promoted = find(seed, "general-manager")
    promoted["pid"] = ""
    body = save(api, super_admin, promoted, 0)
    assert body["code"] == 0 and body["msg"] == "The root node cannot be deleted", body
    assert body["data"] == {"node": "board"}
    zh = api.post(EDIT, json={"tree": promoted, "version": 0}, headers=super_admin.headers).json()
    assert zh["msg"] == "根节点不能删除"
    # The root can be renamed and disabled.
    seed = load(api, super_admin)["tree"]
    seed.update(label="董事会（新）", disabled=True)
    assert save(api, super_admin, seed, 0)["code"] == 1
    assert load(api, super_admin)["tree"]["label"] == "董事会（新）"


def test_permissions(api: httpx.Client, admin_seed: None) -> None:
    viewer = make_admin(api, ["routine/orgChart", "routine/orgChart/index"])
    editor = make_admin(api, ["routine/orgChart", "routine/orgChart/index", "routine/orgChart/edit"])
    stranger = make_admin(api, ["dashboard"])
    tree = load(api, viewer)["tree"]
    refused = api.post(EDIT, json={"tree": tree, "version": 0}, headers={**viewer.headers, **EN}).json()
    assert refused["code"] == 401 and refused["msg"] == "You do not have permission to operate!"
    assert api.get(INDEX, headers=stranger.headers).json()["code"] == 401
    assert api.get(INDEX).json()["code"] == 302  # no token: log in again
    assert save(api, editor, tree, 0)["code"] == 1


def test_a_save_schedules_a_publish(
    api: httpx.Client, super_admin: AdminUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.services import jobs
    from functions.services import publish_jobs as service

    started: list[str] = []
    monkeypatch.setattr(get_settings(), "publish_auto", True)
    monkeypatch.setattr(service, "start", lambda job_id, delay: started.append(job_id))
    assert save(api, super_admin, load(api, super_admin)["tree"], 0)["code"] == 1
    assert len(started) == 1
    job = jobs.get_job(started[0])
    assert job is not None and job.kind == service.KIND
    assert json.loads(job.params)["source"] == "org"
    jobs.set_status(job.id, "done")  # never built: leave no queued publish behind


def test_publish_writes_the_saved_chart_as_org_json(
    api: httpx.Client, super_admin: AdminUser, tmp_path: Path
) -> None:
    from functions.publish.export import export_site_data

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)  # a publish exports into a copy of content/
    assert org_chart.write_data_file(tmp_path) == []  # never saved: the seed file stays
    tree = load(api, super_admin)["tree"]
    find(tree, "divisions")["children"].append(node("ports", "divisions", "港口事业部", "Ports Division"))
    save(api, super_admin, tree, 0)
    assert "org.json" in export_site_data(content / "data")
    written = json.loads((content / "data" / "org.json").read_text(encoding="utf-8"))
    assert find(written, "ports")["label_en"] == "Ports Division"
    assert written == load(api, super_admin)["tree"]
