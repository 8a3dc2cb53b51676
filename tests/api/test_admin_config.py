"""The back office's Config screen: secrets never answered, the site config, and the test mail through
a real SMTP conversation."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api.admin_support import (
    EN,
    AdminUser,
    delete,
    ok,
    post,
    unique,
)


# --- config -----------------------------------------------------------------------------------------
def test_config_secrets_and_site_config(api: httpx.Client, admin_seed: None, super_admin: AdminUser) -> None:
    from functions.models.config import Config

    assert (
        post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "mail", "values": {"smtp_pass": "hunter2-secret"}},
        )["code"]
        == 1
    )
    groups = ok(api.get("/srv/admin/routine/config/index", headers=super_admin.headers))["list"]
    mail = next(g for g in groups if g["name"] == "mail")
    secret = next(i for i in mail["list"] if i["name"] == "smtp_pass")
    assert secret["value"] == "" and secret["has_value"] is True
    assert "hunter2-secret" not in json.dumps(groups)
    # An empty submit keeps the stored secret.
    assert (
        post(api, "routine/config/edit", super_admin, {"group": "mail", "values": {"smtp_pass": ""}})["code"]
        == 1
    )
    assert Config.get("mail", "smtp_pass").value == "hunter2-secret"
    # The site name edited here is what /api/index/index serves (restored afterwards: other suites
    # read the default site config).
    from functions.services.site_config import DEFAULT_SITE_ITEMS, clear_cache

    new_name = {"zh-cn": "测试站点" + unique(""), "en": "Test site"}
    try:
        saved = post(
            api, "routine/config/edit", super_admin, {"group": "site", "values": {"site_name": new_name}}
        )
        assert saved["code"] == 1
        assert api.get("/srv/api/index/index").json()["data"]["site"]["siteName"] == new_name["zh-cn"]
        assert api.get("/srv/api/index/index", headers=EN).json()["data"]["site"]["siteName"] == "Test site"
    finally:
        Config.get("site", "site_name").update(actions=[Config.value.set(DEFAULT_SITE_ITEMS["site_name"][2])])
        clear_cache()
    bad = post(
        api,
        "routine/config/edit",
        super_admin,
        {"group": "security", "values": {"admin_login_captcha": "maybe"}},
    )
    assert bad["code"] == 0
    added = post(
        api,
        "routine/config/add",
        super_admin,
        {"group": "site", "name": unique("x_"), "title": "Colour", "type": "color", "value": "#ff0000"},
    )
    assert added["code"] == 1, added
    gone = delete(api, "routine/config/del", super_admin, group="site", name=added["data"]["name"])
    assert gone["code"] == 1
    builtin = delete(api, "routine/config/del", super_admin, group="site", name="site_name")
    assert builtin["msg"] == "Built-in config items cannot be deleted"


def test_send_test_mail_through_smtp(
    api: httpx.Client, admin_seed: None, super_admin: AdminUser, tmp_path: Any
) -> None:
    from functions.local.dynamodb import free_port
    from functions.local.smtp import read_messages, start

    port = free_port()
    controller = start(tmp_path, port, announce=False)
    try:
        saved = post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "mail", "values": {"smtp_server": "127.0.0.1", "smtp_port": port, "smtp_pass": ""}},
        )
        assert saved["code"] == 1
        body = post(api, "routine/config/sendTestMail", super_admin, {"to": "ops@example.com"})
        assert body["code"] == 1, body
        messages = read_messages(tmp_path)
        assert len(messages) == 1 and messages[0]["To"] == "ops@example.com"
    finally:
        controller.stop()
        post(
            api,
            "routine/config/edit",
            super_admin,
            {"group": "mail", "values": {"smtp_server": "", "smtp_port": ""}},
        )
