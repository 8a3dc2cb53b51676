# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Authorization matrix of the back office, built from the app's own route table.

Every route under /srv/admin (except the login call itself) is called as: no token, a member's
token, a forged admin token, an admin lacking the permission, an admin holding it (not super), and
a super admin. A route added without a permission declaration fails `test_every_route_declares`;
a route added with one is covered by the matrix automatically.

Expected: no/member/forged token → body code 302 (log in again, routeName adminLogin);
lacking → body code 401 'You do not have permission to operate!' (HTTP 200); holding and super →
neither (the call reaches its handler, whose own answer may be a validation error for the empty
body the matrix sends). Public routes are reachable by everyone; "logged-in" routes by any admin.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import jwt
import pytest

from functions.app import create_app
from functions.routes.admin.deps import DESIGNED_PATH, LOGGED_IN, PUBLIC, route_permissions
from functions.services.terminal import SUPER, TASKS, TERMINAL
from tests.api.admin_support import AdminUser, all_rule_names, make_admin  # noqa: F401

# Designed tables are served by routes whose path is data (`/admin/{path}/index`, permission
# `{path}/index`): the matrix calls them for one designed table.
DESIGNED = "business/matrixTable"


def _concrete(text: str) -> str:
    return text.replace("{path:path}", DESIGNED).replace(DESIGNED_PATH, DESIGNED)


ROUTES = [(m, _concrete(p), [_concrete(d) for d in ds]) for m, p, ds in route_permissions(create_app())]
MATRIX = [r for r in ROUTES if not (r[1].endswith("/index/login") and r[0] == "POST")]


def test_every_route_declares_exactly_one_permission() -> None:
    assert len(ROUTES) > 40
    missing = [(m, p) for m, p, declared in ROUTES if len(declared) != 1]
    assert not missing, f"admin routes without exactly one permission declaration: {missing}"


@pytest.fixture(scope="module", autouse=True)
def private_site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The matrix presses "Publish site" (routine/publish/publish): build into a private folder."""
    from functions.core.settings import get_settings
    from functions.services import jobs
    from functions.services.publish_jobs import KIND

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(get_settings(), "site_dir", tmp_path_factory.mktemp("matrix") / "site")
        yield
        deadline = time.monotonic() + 60  # let the publishes it started finish in the private folder
        while time.monotonic() < deadline:
            latest = jobs.latest_jobs(KIND, 1)
            if not latest or latest[0].status in jobs.FINISHED:
                break
            time.sleep(0.2)


@pytest.fixture(scope="module")
def designed_table(admin_seed: None) -> str:
    from functions.services.designs import DesignDoc, get_design, save_design

    if get_design(DESIGNED) is None:
        field = {"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string"}
        save_design(
            DesignDoc.model_validate(
                {"name": DESIGNED, "title": {"zh": "矩阵", "en": "Matrix"}, "fields": [field]}
            )
        )
    return DESIGNED


def test_declared_permissions_are_seeded_rules(designed_table: str) -> None:
    names = set(all_rule_names())
    unknown = {d[0] for _, _, d in ROUTES if d[0] not in (PUBLIC, LOGGED_IN) and d[0] not in names}
    assert not unknown, f"permissions that no rule can grant: {unknown}"


@pytest.fixture(scope="module")
def actors(api: httpx.Client, designed_table: str, super_admin: AdminUser) -> dict[str, Any]:
    from functions.core.settings import get_settings
    from functions.models.user import User
    from functions.services.sessions import open_session
    from tests.api.admin_support import unique

    member = User.create(unique("m"), "Member_pass1")
    member_token = open_session("user", member.id, remember=False)["token"]
    now = int(time.time())
    claims = {"sub": str(super_admin.id), "kind": "admin", "sid": "forged", "iat": now, "exp": now + 600}
    forged_wrong_key = jwt.encode(claims, "not-the-secret-" * 4, algorithm="HS256")
    forged_no_session = jwt.encode(claims, get_settings().jwt_secret, algorithm="HS256")
    permissions = sorted({d[0] for _, _, d in ROUTES if d[0] not in (PUBLIC, LOGGED_IN)})
    lacking = make_admin(api, ["dashboard"] if "dashboard" not in permissions else [])
    holding = make_admin(api, sorted(set(all_rule_names())))
    assert not holding.info["super"] and not lacking.info["super"]
    return {
        "member": member_token,
        "forged_key": forged_wrong_key,
        "forged_sid": forged_no_session,
        "lacking": lacking,
        "holding": holding,
        "super": super_admin,
    }


def call(api: httpx.Client, method: str, path: str, token: str | None) -> httpx.Response:
    headers = {"batoken": token} if token else {}
    if method in ("POST", "PUT", "PATCH"):
        return api.request(method, path, json={}, headers=headers)
    return api.request(method, path, headers=headers)


def is_login_again(response: httpx.Response) -> bool:
    body = response.json()
    return response.status_code == 200 and body["code"] == 302 and body["data"]["routeName"] == "adminLogin"


def is_refused(response: httpx.Response) -> bool:
    body = response.json()
    return (
        response.status_code == 200
        and body["code"] == 401
        and body["msg"] == "You do not have permission to operate!"
    )


def passes(response: httpx.Response) -> bool:
    """The call reached its handler (a non-JSON answer, e.g. an SVG image, counts)."""
    if not response.headers.get("content-type", "").startswith("application/json"):
        return response.status_code == 200
    body = response.json()
    return body["code"] not in (302, 401, 409) and response.status_code != 404


@pytest.mark.parametrize(("method", "path", "declared"), MATRIX, ids=[f"{m} {p}" for m, p, _ in MATRIX])
def test_matrix(
    api: httpx.Client, actors: dict[str, Any], method: str, path: str, declared: list[str]
) -> None:
    permission = declared[0]
    en = {"Accept-Language": "en"}
    api.headers.update(en)
    try:
        if path.endswith("/index/logout"):
            # Logout must work for anyone (it only ends the session it is given).
            throwaway = make_admin(api, [])
            for token in (None, actors["member"], actors["forged_key"], throwaway.token):
                assert passes(call(api, method, path, token)), token
            return
        outcomes = {
            "none": call(api, method, path, None),
            "member": call(api, method, path, actors["member"]),
            "forged_key": call(api, method, path, actors["forged_key"]),
            "forged_sid": call(api, method, path, actors["forged_sid"]),
            "lacking": call(api, method, path, actors["lacking"].token),
            "holding": call(api, method, path, actors["holding"].token),
            "super": call(api, method, path, actors["super"].token),
        }
    finally:
        for key in en:
            api.headers.pop(key, None)
    if permission == PUBLIC:
        for name, response in outcomes.items():
            assert passes(response), (name, response.text[:300])
        return
    for name in ("none", "member", "forged_key", "forged_sid"):
        assert is_login_again(outcomes[name]), (name, outcomes[name].json())
    if permission == LOGGED_IN:
        assert passes(outcomes["lacking"]), outcomes["lacking"].json()
    else:
        assert is_refused(outcomes["lacking"]), outcomes["lacking"].json()
    assert passes(outcomes["holding"]), outcomes["holding"].json()
    assert passes(outcomes["super"]), outcomes["super"].json()


def test_refusal_is_translated(api: httpx.Client, actors: dict[str, Any]) -> None:
    response = api.get("/srv/admin/auth/admin/index", headers=actors["lacking"].headers)
    body = response.json()
    assert response.status_code == 200 and body["code"] == 401
    assert body["msg"] == "您没有权限进行此操作！"


# --- The terminal's tasks: behind the one route /Terminal/index, each needs the permission of its action


def test_every_terminal_task_declares_a_permission_a_rule_can_grant(designed_table: str) -> None:
    names = set(all_rule_names())
    assert {spec.permission for spec in TASKS.values()} <= names | {SUPER}
    # The tasks that act beyond the terminal need more than the terminal's own rule.
    assert TASKS["publish"].permission == TASKS["cdn-clear"].permission == "routine/publish/publish"
    assert TASKS["data-upgrade"].permission == SUPER
    assert all(spec.permission == TERMINAL for name, spec in TASKS.items() if "." in name)


@pytest.fixture(scope="module")
def terminal_actors(api: httpx.Client, actors: dict[str, Any]) -> dict[str, Any]:
    return {
        "terminal": make_admin(api, ["routine/terminal"]),
        "holding": actors["holding"],  # every rule, not super
        "super": actors["super"],
    }


@pytest.mark.parametrize("command", sorted(TASKS))
def test_terminal_task_matrix(api: httpx.Client, terminal_actors: dict[str, Any], command: str) -> None:
    """Each actor is offered the task (the shell's list, the check before a stream) exactly when it holds
    the task's permission; a task it may not run is refused before anything starts."""
    from functions.services import jobs
    from functions.services.publish_jobs import KIND as PUBLISH_KIND
    from functions.services.terminal import KIND

    spec = TASKS[command]
    for name, admin in terminal_actors.items():
        # "holding" holds every rule: all but what only a super admin may do.
        allowed = (
            name == "super" or spec.permission == TERMINAL or (name == "holding" and spec.permission != SUPER)
        )
        listed = api.get("/srv/admin/Terminal/check", headers=admin.headers).json()["data"]["tasks"]
        shell = api.get("/srv/admin/index/index", headers=admin.headers).json()["data"]["terminal"]["tasks"]
        assert (command in listed) is allowed and (command in shell) is allowed, (name, command)
        if allowed:
            continue  # not run here: the tasks install packages, build, publish (tests/api/test_terminal.py)
        before = (len(jobs.latest_jobs(KIND, 100)), len(jobs.latest_jobs(PUBLISH_KIND, 100)))
        params = {"command": command, "uuid": "matrix-1", "batoken": admin.token, "lang": "en"}
        body = api.get("/srv/admin/Terminal/index", params=params, timeout=60).text
        assert "Error: You do not have permission to operate!" in body and "command-exec-error" in body
        assert "command-link-success" not in body, (name, command)
        assert (len(jobs.latest_jobs(KIND, 100)), len(jobs.latest_jobs(PUBLISH_KIND, 100))) == before


# --- Data scope: the rows of a designed table an admin limited to some rows may reach --------------
# Every designed route is probed as an admin whose group is limited ("own": the rows it created;
# "group": the rows of its group's admins) with three rows: its own, another admin's, a missing one.
# What the caller learns of another admin's row must be exactly what it learns of a missing row, and
# the row must be unchanged; its own row it reaches. A designed route added without a probe here
# fails `test_every_designed_route_is_probed_for_data_scope`.

SCOPED = "business/matrixScope"
MISSING = 999_999_999


def _without_time(answer: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in answer.items() if k != "time"}


def _listed(api: httpx.Client, who: Any, row: int, **params: Any) -> bool:
    answer = api.get(f"/srv/admin/{SCOPED}/index", params={"limit": 100, **params}, headers=who.headers)
    return row in {int(r["id"]) for r in answer.json()["data"]["list"]}


def _probe_index(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    return (
        _listed(api, who, row),
        _listed(api, who, row, quick_search="matrix"),
        _listed(api, who, row, initKey="id", initValue=str(row)),
    )


def _probe_related(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    answer = api.get(f"/srv/admin/{SCOPED}/related", params={"field": "link"}, headers=who.headers)
    return row in {int(r["id"]) for r in answer.json()["data"]["list"]}


def _probe_read(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    return _without_time(api.get(f"/srv/admin/{SCOPED}/edit", params={"id": row}, headers=who.headers).json())


def _probe_save(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    body = {"id": row, "title": "matrix changed"}
    return _without_time(api.post(f"/srv/admin/{SCOPED}/edit", json=body, headers=who.headers).json())


def _probe_delete(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    return _without_time(
        api.delete(f"/srv/admin/{SCOPED}/del", params={"ids[]": [row]}, headers=who.headers).json()
    )


def _probe_sort(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    body = {"id": anchor, "targetId": row}
    return _without_time(api.post(f"/srv/admin/{SCOPED}/sortable", json=body, headers=who.headers).json())


def _probe_preview_saved(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    params = {"id": row, "lang": "en"}
    return _without_time(api.get(f"/srv/admin/{SCOPED}/preview", params=params, headers=who.headers).json())


def _probe_preview_unsaved(api: httpx.Client, who: Any, row: int, anchor: int) -> Any:
    body = {"id": row, "title": "matrix previewed"}
    answer = api.post(f"/srv/admin/{SCOPED}/preview", params={"lang": "en"}, json=body, headers=who.headers)
    return _without_time(answer.json())


# (method, action) -> its probe, or why the route takes no row of the table.
DATA_SCOPE_PROBES: dict[tuple[str, str], Any] = {
    ("GET", "index"): _probe_index,
    ("GET", "related"): _probe_related,
    ("GET", "edit"): _probe_read,
    ("POST", "edit"): _probe_save,
    ("DELETE", "del"): _probe_delete,
    ("POST", "sortable"): _probe_sort,
    ("GET", "preview"): _probe_preview_saved,
    ("POST", "preview"): _probe_preview_unsaved,
    ("GET", "design"): "answers the design, no row",
    ("POST", "add"): "adds a row of the caller's own (its creator: tests/api/test_data_scope.py)",
}


def test_every_designed_route_is_probed_for_data_scope() -> None:
    designed = {(m, p.rsplit("/", 1)[1]) for m, p, d in ROUTES if d[0].startswith(f"{DESIGNED}/")}
    assert designed == set(DATA_SCOPE_PROBES)


@pytest.fixture(scope="module")
def scoped_rows(api: httpx.Client, actors: dict[str, Any], super_admin: AdminUser) -> dict[str, Any]:
    """The table (a weigh to sort by, a relation to itself for the picker), an "own" and a "group"
    admin holding every rule of it, a group mate, and an admin of every row who adds the others' rows."""
    from functions.models.group import AdminGroup
    from functions.services.designs import DesignDoc, get_design, save_design
    from tests.api.admin_support import make_group, rule_ids

    if get_design(SCOPED) is None:
        fields = [
            {"name": "title", "title": {"zh": "标题", "en": "Title"}, "type": "string", "search": True},
            {"name": "weigh", "title": {"zh": "权重", "en": "Weight"}, "type": "weigh", "sort": True},
            {
                "name": "link",
                "title": {"zh": "关联", "en": "Link"},
                "type": "remoteselect",
                "relation": {"design": SCOPED, "label": "title"},
            },
        ]
        doc = {"name": SCOPED, "title": {"zh": "范围矩阵", "en": "Scope matrix"}, "fields": fields}
        save_design(DesignDoc.model_validate(doc))
    names = [n for n in all_rule_names() if n == SCOPED or n.startswith(f"{SCOPED}/")]
    admins: dict[str, Any] = {}
    for scope in ("own", "group"):
        group_id = make_group(rule_ids(names))
        group = AdminGroup.get(group_id)
        group.data_scope = scope
        group.save()
        admins[scope] = make_admin(api, group_id=group_id)
    mate = make_admin(api, group_id=admins["group"].group_id)
    every = actors["holding"]  # every rule, every row

    def add(who: Any, title: str) -> int:
        answer = api.post(f"/srv/admin/{SCOPED}/add", json={"title": title}, headers=who.headers).json()
        assert answer["code"] == 1, answer
        return int(answer["data"]["id"])

    return {"admins": admins, "mate": mate, "every": every, "add": add, "super": super_admin}


@pytest.mark.parametrize("scope", ["own", "group"])
@pytest.mark.parametrize(
    ("method", "action"),
    [key for key, probe in DATA_SCOPE_PROBES.items() if callable(probe)],
    ids=[f"{m} {a}" for (m, a), probe in DATA_SCOPE_PROBES.items() if callable(probe)],
)
def test_data_scope_matrix(
    api: httpx.Client, scoped_rows: dict[str, Any], scope: str, method: str, action: str
) -> None:
    probe = DATA_SCOPE_PROBES[(method, action)]
    who, add = scoped_rows["admins"][scope], scoped_rows["add"]
    anchor = add(who, "matrix anchor")
    others = add(scoped_rows["every"], "matrix of another")
    reachable = add(scoped_rows["mate"] if scope == "group" else who, "matrix reachable")

    def stored(row: int) -> Any:
        return _probe_read(api, scoped_rows["super"], row, anchor)

    before = stored(others)
    assert probe(api, who, others, anchor) == probe(api, who, MISSING, anchor)
    assert stored(others) == before  # nothing changed
    assert probe(api, who, reachable, anchor) != probe(api, who, MISSING, anchor)
    # The admin of every row reaches the other row (the probe itself works).
    assert probe(api, scoped_rows["every"], others, add(scoped_rows["every"], "matrix anchor")) != probe(
        api, scoped_rows["every"], MISSING, anchor
    )
