"""GET /srv/api/index/index over real HTTP: site config, languages, upload config, language choice."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest

from functions.models import Config
from functions.services.site_config import SITE_GROUP, clear_cache, seed_site_config
from tests.api.admin_support import failure

INDEX = "/srv/api/index/index"
# The static site's identity: the API's defaults must say the same (one company, one record number).
STATIC_SITE = json.loads((Path(__file__).parents[2] / "content" / "data" / "site.json").read_text("utf-8"))


@pytest.fixture
def seeded(dynamodb):
    seed_site_config()
    clear_cache()
    yield
    clear_cache()


def test_index_returns_site_config_languages_and_upload(api: httpx.Client, seeded) -> None:
    before = int(time.time())
    response = api.get(INDEX)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"code", "msg", "time", "data"}
    assert body["code"] == 1
    assert before <= body["time"] <= int(time.time()) + 1
    data = body["data"]
    site = data["site"]
    assert site["siteName"] == "城市运营公司"
    assert site["recordNumber"] == STATIC_SITE["recordNumber"]
    assert site["version"] == "v1.0.0"
    assert site["apiUrl"] == "/srv"
    assert site["cdnUrl"] == ""
    assert site["comcont"] == STATIC_SITE["comcont"]["zh-cn"]
    assert data["lang"] == {
        "default": "zh-cn",
        "fallback": "zh-cn",
        "list": [{"name": "zh-cn", "value": "简体中文"}, {"name": "en", "value": "English"}],
    }
    upload = data["upload"]
    assert upload == site["upload"]
    assert upload["mode"] == "local"
    assert upload["maxsize"] == 10 * 1024 * 1024
    assert "pdf" in upload["mimetype"].split(",")
    assert upload["savename"] == "/storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}"
    assert data["userInfo"] is None


def test_index_reads_config_items_from_dynamodb(api: httpx.Client, seeded) -> None:
    item = Config.get(SITE_GROUP, "site_name")
    original = item.value
    item.value = {"zh-cn": "测试城运", "en": "Test City Ops"}
    item.save()
    clear_cache()
    try:
        assert api.get(INDEX).json()["data"]["site"]["siteName"] == "测试城运"
        assert (
            api.get(INDEX, headers={"think-lang": "en"}).json()["data"]["site"]["siteName"] == "Test City Ops"
        )
    finally:
        item.value = original
        item.save()
        clear_cache()


@pytest.mark.parametrize(
    ("headers", "site_name"),
    [
        ({}, "城市运营公司"),
        ({"Accept-Language": "en"}, "City Operations Company"),
        ({"Accept-Language": "en-US,en;q=0.9,zh-CN;q=0.8"}, "City Operations Company"),
        ({"Accept-Language": "fr-FR, de;q=0.9, en;q=0.5"}, "City Operations Company"),
        ({"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}, "城市运营公司"),
        ({"Accept-Language": "zh-Hans"}, "城市运营公司"),
        ({"Accept-Language": "en;q=0.3, zh-TW;q=0.8"}, "城市运营公司"),
        ({"Accept-Language": "fr"}, "城市运营公司"),
        ({"think-lang": "en", "Accept-Language": "zh-CN"}, "City Operations Company"),
        ({"think-lang": "zh-cn", "Accept-Language": "en"}, "城市运营公司"),
        ({"think-lang": "klingon", "Accept-Language": "en"}, "City Operations Company"),
    ],
)
def test_language_is_chosen_from_think_lang_then_accept_language(
    api: httpx.Client, seeded, headers: dict[str, str], site_name: str
) -> None:
    body = api.get(INDEX, headers=headers).json()
    assert body["code"] == 1
    assert body["data"]["site"]["siteName"] == site_name


def test_defaults_apply_when_config_items_are_missing(api: httpx.Client, seeded) -> None:
    for item in Config.query_group(SITE_GROUP):
        item.delete()
    clear_cache()
    try:
        body = api.get(INDEX, headers={"Accept-Language": "en"}).json()
        site = body["data"]["site"]
        assert body["code"] == 1
        assert site["siteName"] == "City Operations Company"
        assert site["recordNumber"] == STATIC_SITE["recordNumber"]
        assert site["upload"]["mode"] == "local"
    finally:
        seed_site_config()
        clear_cache()


def test_api_responses_carry_security_headers(api: httpx.Client, seeded) -> None:
    response = api.get(INDEX, headers={"X-Request-Id": "req-123"})
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["x-request-id"] == "req-123"
    assert response.headers["content-type"].startswith("application/json")


def test_unknown_path_is_a_translated_404_envelope(api: httpx.Client) -> None:
    failure(api.get("/srv/api/nothing/here"), 404, "请求地址出错：/srv/api/nothing/here")
    english = api.get("/srv/api/nothing/here", headers={"Accept-Language": "en-GB"}).json()
    assert english["msg"] == "Error requesting address: /srv/api/nothing/here"


def test_paths_outside_the_api_prefix_are_not_served(api: httpx.Client) -> None:
    assert api.get("/api/index/index").status_code == 404


def test_wrong_method_is_a_405_envelope(api: httpx.Client) -> None:
    response = api.post(INDEX, json={})
    assert response.status_code == 405
    assert "GET" in response.headers["allow"]
    body = response.json()
    assert body["code"] == 0
    assert body["msg"] == "不支持该请求方法！"
    assert api.delete(INDEX, headers={"think-lang": "en"}).json()["msg"] == "Method not allowed!"


def test_openapi_uses_route_names_as_operation_ids(api: httpx.Client) -> None:
    response = api.get("/srv/openapi.json")
    assert response.status_code == 200
    operation = response.json()["paths"]["/srv/api/index/index"]["get"]
    assert operation["operationId"] == "index_index"
    assert api.get("/srv/docs").status_code == 200
