# ruff: noqa: F811 - the fixtures imported from the support modules are parameters of the tests
"""The back-office dashboard: its numbers follow what is written (members, logins, enquiries,
uploads, deletes and restores), what it lists follows the admin's rules, and the quick entrances
come from the Config item `dashboard.quick_entrance`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.admin_support import (
    EN,
    PASSWORD,
    ZH,
    AdminUser,
    make_admin,
    ok,
    post,
    post_member,
    unique,
)
from tests.api.members_support import login as member_login
from tests.api.uploads_support import (
    admin_headers,  # noqa: F401
    recycled_attachments,
    unique_png,
    upload,
    upload_env,  # noqa: F401
    zip_bytes,
)

DASHBOARD = "/srv/admin/dashboard/index"
CONTACT_FILE = Path(__file__).parents[2] / "functions/data/designs/contact.json"


def board(api: httpx.Client, who: AdminUser, days: int = 7, **headers: str) -> dict[str, Any]:
    return ok(api.get(DASHBOARD, params={"days": days}, headers={**who.headers, **EN, **headers}))


def latest(data: dict[str, Any], name: str) -> int:
    """Today's value of one trend series."""
    series = {s["name"]: s for s in data["trend"]["series"]}
    return int(series[name]["values"][-1])


@pytest.fixture(scope="module")
def contact_table(admin_seed: None) -> None:
    """The seeded enquiries table (business/contact), as `make run` has it."""
    from functions.services.designs import DesignDoc, get_design, save_design

    if get_design("business/contact") is None:
        save_design(DesignDoc.model_validate_json(CONTACT_FILE.read_text(encoding="utf-8")), confirm=True)


def test_numbers_and_trends_follow_sign_ups_logins_and_enquiries(
    api: httpx.Client, contact_table: None, super_admin: AdminUser
) -> None:
    before = board(api, super_admin, days=30)
    assert len(before["trend"]["dates"]) == 30
    assert [s["name"] for s in before["trend"]["series"]] == [
        "signups",
        "enquiries",
        "member_logins",
        "admin_logins",
        "admin_actions",
    ]
    assert all(len(s["values"]) == 30 and s["complete"] for s in before["trend"]["series"])

    # A member added in the back office, then logging in; another admin logging in.
    name = unique("dm")
    assert post_member(api, super_admin, username=name)["code"] == 1
    signed_in = member_login(api, name, PASSWORD)
    assert signed_in["code"] == 1, signed_in
    make_admin(api, ["dashboard"])
    # Two enquiries, one of them already handled.
    for status in ("new", "handled"):
        body = {
            "name": "王敏",
            "phone": "13912345678",
            "subject": "保洁报价",
            "message": "请联系我",
            "status": status,
        }
        assert post(api, "business/contact/add", super_admin, body)["code"] == 1

    after = board(api, super_admin, days=30)
    counts, was = after["counts"], before["counts"]
    assert counts["members"] == was["members"] + 1
    assert counts["today_signups"] == was["today_signups"] + 1 == latest(after, "signups")
    assert counts["enquiries_pending"] == was["enquiries_pending"] + 1 and counts["enquiries_more"] is False
    assert counts["admins"] == was["admins"] + 1
    assert latest(after, "signups") == latest(before, "signups") + 1
    assert latest(after, "enquiries") == latest(before, "enquiries") + 2
    assert latest(after, "member_logins") == latest(before, "member_logins") + 1
    assert latest(after, "admin_logins") == latest(before, "admin_logins") + 1
    assert latest(after, "admin_actions") >= latest(before, "admin_actions") + 3
    assert after["trend"]["dates"][-1] > after["trend"]["dates"][0]

    # A failed login counts nowhere.
    failed = api.post("/srv/admin/index/login", json={"username": super_admin.username, "password": "nope1"})
    assert failed.json()["code"] == 0
    assert latest(board(api, super_admin), "admin_logins") == latest(after, "admin_logins")

    week = board(api, super_admin, days=7)
    assert len(week["trend"]["dates"]) == 7 and week["trend"]["dates"][-1] == after["trend"]["dates"][-1]
    assert api.get(DASHBOARD, params={"days": 400}, headers=super_admin.headers).json()["code"] == 0


def test_storage_follows_uploads_deletes_and_restores(
    api: httpx.Client, upload_env: Any, admin_headers: dict[str, str], super_admin: AdminUser
) -> None:
    from functions.services.recycle import seed_recycle_rules

    seed_recycle_rules()  # attachments deleted are kept in the recycle bin, as seeded
    before = board(api, super_admin)["storage"]
    png, archive = unique_png((40, 30)), zip_bytes()
    image = upload(api, "/srv/admin/ajax/upload", admin_headers, "photo.png", png, "image/png").json()
    packed = upload(
        api, "/srv/admin/ajax/upload", admin_headers, f"{unique('z')}.zip", archive + unique().encode()
    ).json()
    assert image["code"] == 1 and packed["code"] == 1, (image, packed)
    sizes = {"image": len(png), "archive": len(archive) + len(unique())}

    def kinds(storage: dict[str, Any]) -> dict[str, tuple[int, int]]:
        return {k["kind"]: (k["bytes"], k["files"]) for k in storage["kinds"]}

    during = board(api, super_admin)
    storage = during["storage"]
    assert storage["bytes"] == before["bytes"] + sum(sizes.values())
    assert storage["files"] == before["files"] + 2 == during["counts"]["attachments"]
    assert during["counts"]["storage_bytes"] == storage["bytes"]
    for kind, size in sizes.items():
        old_bytes, old_files = kinds(before).get(kind, (0, 0))
        assert kinds(storage)[kind] == (old_bytes + size, old_files + 1)
    assert [k["bytes"] for k in storage["kinds"]] == sorted(
        (k["bytes"] for k in storage["kinds"]), reverse=True
    )

    row_id = image["data"]["file"]["id"]
    gone = api.delete("/srv/admin/routine/attachment/del", headers=admin_headers, params={"ids[]": [row_id]})
    assert gone.json()["data"]["count"] == 1
    deleted = board(api, super_admin)["storage"]
    assert deleted["bytes"] == storage["bytes"] - sizes["image"]
    assert kinds(deleted).get("image", (0, 0)) == kinds(before).get("image", (0, 0))

    kept = recycled_attachments(api, admin_headers)
    copy = next(r["id"] for r in kept if r["item_id"] == row_id)
    restored = post(api, "security/dataRecycleLog/restore", super_admin, {"ids": [copy]})
    assert restored["code"] == 1, restored
    assert board(api, super_admin)["storage"]["bytes"] == storage["bytes"]


def test_seed_adds_up_the_storage_of_attachments_from_before_the_counters(
    api: httpx.Client, upload_env: Any, admin_headers: dict[str, str], super_admin: AdminUser
) -> None:
    from functions.models.attachment import Attachment
    from functions.models.counter import Counter
    from functions.models.listing import ensure_tallies

    upload(api, "/srv/admin/ajax/upload", admin_headers, "seeded.png", unique_png(), "image/png")
    counted = board(api, super_admin)["storage"]
    for name in ["bytes#attachment", "bytes#attachment#image", "files#attachment#image"]:
        Counter(name).delete()
    assert board(api, super_admin)["storage"]["bytes"] == 0
    assert ensure_tallies([Attachment]) == ["attachment"]
    assert board(api, super_admin)["storage"] == counted
    assert ensure_tallies([Attachment]) == [], "counted once, then left alone"


def test_lists_and_entrances_follow_the_admins_rules(
    api: httpx.Client, contact_table: None, super_admin: AdminUser
) -> None:
    limited = make_admin(api, ["dashboard", "user", "user/user", "user/user/index"])
    only_home = make_admin(api, ["dashboard"])
    post_member(api, super_admin)

    mine = board(api, limited)
    # Recent activity: one's own rows (the login), never another admin's.
    assert mine["recent"] and {r["admin_id"] for r in mine["recent"]} == {limited.id}
    everyone = board(api, super_admin)["recent"]
    assert len(everyone) <= 8 and {r["admin_id"] for r in everyone} >= {super_admin.id, only_home.id}
    assert [r["id"] for r in everyone] == sorted((r["id"] for r in everyone), reverse=True)
    # Newest members: only for an admin who may list them.
    assert mine["members"] and len(mine["members"]) <= 6
    assert board(api, only_home)["members"] is None

    # Entrances: the seeded ones this admin may open, titled in the request's language.
    assert mine["entrances"] == [{"title": "Members", "path": "/admin/user/user", "icon": "UserOutlined"}]
    assert board(api, limited, **ZH)["entrances"][0]["title"] == "会员管理"
    assert board(api, only_home)["entrances"] == []
    # The super admin: the seeded entrances of the pages that exist here (the designed tables
    # other than enquiries may not in this test database), in their configured order.
    from functions.services.config_items import DEFAULT_ITEMS

    defaults = DEFAULT_ITEMS["dashboard"]["quick_entrance"][2]
    seeded = [e["value"] for e in defaults]
    designs = all_designs()
    expected = [
        p for p in seeded if not p.startswith("/admin/business/") or p.removeprefix("/admin/") in designs
    ]
    assert "/admin/business/contact" in expected and "/admin/user/user" in expected
    assert [e["path"] for e in board(api, super_admin)["entrances"]] == expected

    # Edited on the Config page: one title for both languages, a path without /admin, a page that
    # does not exist and an outside address are left out; an empty title takes the page's.
    entries = [
        {"key": "会员", "value": "user/user"},
        {"key": "", "value": "/admin/routine/config"},
        {"key": "Nowhere", "value": "/admin/no/such"},
        {"key": "Outside", "value": "https://example.com/"},
    ]
    saved = post(
        api, "routine/config/edit", super_admin, {"group": "dashboard", "values": {"quick_entrance": entries}}
    )
    assert saved["code"] == 1, saved
    try:
        assert board(api, limited)["entrances"] == [
            {"title": "会员", "path": "/admin/user/user", "icon": "UserOutlined"}
        ]
        shown = board(api, super_admin)["entrances"]
        assert [(e["title"], e["path"]) for e in shown] == [
            ("会员", "/admin/user/user"),
            ("System config", "/admin/routine/config"),
        ]
    finally:
        post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "dashboard", "values": {"quick_entrance": defaults}},
        )


def all_designs() -> list[str]:
    from functions.models.design import Design
    from functions.models.listing import PART

    return [d.name for d in Design.by_part.query(PART)]


def test_the_dashboard_needs_its_rule(api: httpx.Client, admin_seed: None) -> None:
    nobody = make_admin(api, ["user/user"])
    body = api.get(DASHBOARD, headers=nobody.headers).json()
    assert body["code"] == 401
