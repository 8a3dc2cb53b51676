"""The site config service: values from DynamoDB, per-language texts, the in-process cache."""

from __future__ import annotations

import pytest

from functions.models import Config
from functions.services.site_config import (
    SITE_GROUP,
    clear_cache,
    get_site_config,
    get_upload_config,
    seed_site_config,
)


@pytest.fixture
def seeded(dynamodb):
    seed_site_config()
    clear_cache()
    yield dynamodb
    clear_cache()


def _set_version(value: str) -> None:
    item = Config.get(SITE_GROUP, "version")
    item.value = value
    item.save()


def test_values_are_cached_until_clear_cache(seeded) -> None:
    original = get_site_config("zh-cn", seeded)["version"]
    try:
        _set_version("v7.7.7")
        assert get_site_config("zh-cn", seeded)["version"] == original
        clear_cache()
        assert get_site_config("zh-cn", seeded)["version"] == "v7.7.7"
    finally:
        _set_version(original)
        clear_cache()


def test_cache_can_be_disabled(seeded) -> None:
    uncached = seeded.model_copy(update={"config_cache_seconds": 0})
    original = get_site_config("zh-cn", uncached)["version"]
    try:
        _set_version("v8.8.8")
        assert get_site_config("zh-cn", uncached)["version"] == "v8.8.8"
    finally:
        _set_version(original)
        clear_cache()


def test_texts_follow_the_language_with_zh_cn_fallback(seeded) -> None:
    assert get_site_config("zh-cn", seeded)["siteName"] == "城市运营公司"
    assert get_site_config("en", seeded)["siteName"] == "City Operations Company"
    item = Config.get(SITE_GROUP, "site_name")
    original = item.value
    try:
        item.value = {"zh-cn": "只有中文"}
        item.save()
        clear_cache()
        assert get_site_config("en", seeded)["siteName"] == "只有中文"
    finally:
        item.value = original
        item.save()
        clear_cache()


def test_upload_limits_come_from_server_settings(seeded) -> None:
    custom = seeded.model_copy(update={"upload_max_bytes": 1234, "config_cache_seconds": 0})
    upload = get_site_config("en", custom)["upload"]
    assert upload["maxsize"] == 1234
    assert upload["mode"] == "local"


def test_uploads_through_the_api_are_capped_by_what_lambda_can_carry(seeded) -> None:
    lambda_like = seeded.model_copy(
        update={"api_upload_max_bytes": 4 * 1024 * 1024, "config_cache_seconds": 0}
    )
    local = get_site_config("en", lambda_like)["upload"]
    assert local["mode"] == "local" and local["maxsize"] == 4 * 1024 * 1024
    # On AWS the stack makes remote (presigned POST to the bucket) the default: files up to the full limit.
    remote_default = lambda_like.model_copy(update={"upload_mode_default": "remote"})
    remote = get_upload_config(remote_default, items={})
    assert remote["mode"] == "remote" and remote["maxsize"] == 10 * 1024 * 1024
