"""End to end: a member uploads an avatar in the profile form, an admin uploads a site image in the
Config screen; both are shown, stored under /storage/ and served with the sandboxing headers; the
admin then finds them in routine/attachment.

Accounts and their sessions are created directly in the server's DynamoDB Local (the login screens
have their own tests); the browser gets the tokens as the login would store them.
"""

from __future__ import annotations

import io
import json
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from functions.local.harness import LocalServer

pytestmark = pytest.mark.e2e


@dataclass
class Seeded:
    member: dict
    admin: dict


@pytest.fixture(scope="module")
def seeded(server: LocalServer) -> Iterator[Seeded]:
    from functions.core.settings import get_settings
    from functions.local.dynamodb import local_credentials
    from functions.models import configure_models
    from functions.models.admin import Admin
    from functions.models.config import Config
    from functions.models.user import User
    from functions.services.member_info import member_info
    from functions.services.sessions import open_session

    local_credentials()
    settings = get_settings().model_copy(
        update={"dynamodb_endpoint": server.dynamodb_endpoint, "table_prefix": "e2e-"}
    )
    configure_models(settings)
    try:
        suffix = uuid.uuid4().hex[:8]
        user = User.create(f"up{suffix}", "Pass_word1", nickname="上传会员")
        admin = Admin.create(f"ad{suffix}", "Pass_word1", is_super=True)
        Config("site", "site_logo", title="站点标志", value_type="image", value="", weigh=50).save()
        member_token = open_session("user", user.id, remember=False)["token"]
        admin_token = open_session("admin", admin.id, remember=False)["token"]
        yield Seeded(
            member={**member_info(user), "token": member_token, "refreshToken": ""},
            admin={**admin.to_public(), "token": admin_token, "refreshToken": ""},
        )
    finally:
        configure_models(get_settings())


def _png(colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), colour).save(buffer, "PNG")
    return buffer.getvalue()


def _store(page: Page, server: LocalServer, key: str, value: dict) -> None:
    page.goto(server.url("/404"))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(value)])


def _check_served(page: Page, server: LocalServer, url: str) -> None:
    response = page.request.get(server.url(url))
    assert response.status == 200
    assert response.headers["content-type"].startswith("image/png")
    assert "sandbox" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"


def test_member_uploads_an_avatar_and_sees_it(server: LocalServer, seeded: Seeded, page: Page) -> None:
    _store(page, server, "cityops.userInfo", seeded.member)
    page.goto(server.url("/user/account/profile"))
    form = page.get_by_test_id("profile-form")
    expect(form).to_be_visible()
    field = form.get_by_test_id("upload-image")
    field.locator("input[type=file]").set_input_files(
        {"name": "我的头像.png", "mimeType": "image/png", "buffer": _png((20, 120, 200))}
    )
    thumb = field.locator("img").first
    expect(thumb).to_have_attribute("src", re.compile(r"^/storage/avatar/\d{8}/[^/]+\.png$"))
    expect(thumb).to_have_js_property("naturalWidth", 40)
    url = thumb.get_attribute("src")
    _check_served(page, server, url)

    # A file of the wrong type is refused in the browser with the SPEC message.
    field.locator("input[type=file]").set_input_files(
        {"name": "notes.exe", "mimeType": "application/octet-stream", "buffer": b"MZ"}
    )
    expect(page.get_by_text("不允许上传此类型的文件！")).to_be_visible()

    # The region ("city" input of the area API): province, then city, then district.
    form.get_by_label("所在地区").click()
    for name in ("广东省", "深圳市", "南山区"):
        page.get_by_role("menuitemcheckbox", name=name, exact=True).click()
    expect(form.get_by_text("广东省 / 深圳市 / 南山区").filter(visible=True)).to_be_visible()

    # Saved with the profile and shown again after a reload.
    with page.expect_response("**/srv/api/account/profile") as saved:
        form.locator("button[type=submit]").click()
    assert saved.value.json()["data"]["userInfo"]["region"] == ["44", "4403", "440305"]
    page.reload()
    form = page.get_by_test_id("profile-form")
    expect(form.get_by_test_id("upload-image").locator("img").first).to_have_attribute("src", url)
    expect(form.get_by_text("广东省 / 深圳市 / 南山区").filter(visible=True)).to_be_visible()


def test_admin_uploads_a_config_image_and_finds_it_in_attachments(
    server: LocalServer, seeded: Seeded, page: Page
) -> None:
    _store(page, server, "cityops.adminInfo", seeded.admin)
    page.goto(server.url("/admin/routine/config"))
    label = page.get_by_text("站点标志", exact=True).first
    expect(label).to_be_visible()
    field = page.get_by_test_id("upload-image").first
    field.locator("input[type=file]").set_input_files(
        {"name": "logo.png", "mimeType": "image/png", "buffer": _png((200, 60, 20))}
    )
    thumb = field.locator("img").first
    expect(thumb).to_have_attribute("src", re.compile(r"^/storage/config/\d{8}/logo[0-9a-f]{40}\.png$"))
    expect(thumb).to_have_js_property("naturalWidth", 40)
    _check_served(page, server, thumb.get_attribute("src"))

    page.goto(server.url("/admin/routine/attachment"))
    row = page.locator("tr", has_text="logo.png").first
    expect(row).to_be_visible()
    expect(row.locator("img").first).to_have_attribute("src", re.compile(r"/storage/config/"))
    expect(page.locator("tr", has_text="我的头像.png").first).to_be_visible()
