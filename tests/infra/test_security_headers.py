"""The local origin sends the security headers CloudFront sends in production (DESIGN §8): the
gateway's answers compared with the synthesized ResponseHeadersPolicies (one definition for both:
functions/core/security_headers.py)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from functions.local.gateway import Gateway

SECURITY_HEADERS = {
    "content-security-policy",
    "strict-transport-security",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "permissions-policy",
}


def policy_headers(config: dict) -> dict[str, str]:
    """The response headers a CloudFront ResponseHeadersPolicyConfig adds, as the browser sees them."""
    headers: dict[str, str] = {}
    security = config.get("SecurityHeadersConfig", {})
    if "StrictTransportSecurity" in security:
        hsts = security["StrictTransportSecurity"]
        value = f"max-age={hsts['AccessControlMaxAgeSec']}"
        value += "; includeSubDomains" if hsts.get("IncludeSubdomains") else ""
        value += "; preload" if hsts.get("Preload") else ""
        headers["strict-transport-security"] = value
    if "ContentTypeOptions" in security:
        headers["x-content-type-options"] = "nosniff"
    if "FrameOptions" in security:
        headers["x-frame-options"] = security["FrameOptions"]["FrameOption"]
    if "ReferrerPolicy" in security:
        headers["referrer-policy"] = security["ReferrerPolicy"]["ReferrerPolicy"]
    if "ContentSecurityPolicy" in security:
        headers["content-security-policy"] = security["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    for item in config.get("CustomHeadersConfig", {}).get("Items", []):
        headers[item["Header"].lower()] = item["Value"]
    return headers


@pytest.fixture(scope="module")
def distribution(resources: dict) -> dict:
    (found,) = [r for r in resources.values() if r["Type"] == "AWS::CloudFront::Distribution"]
    return found["Properties"]["DistributionConfig"]


@pytest.fixture(scope="module")
def behaviors(distribution: dict) -> dict[str, dict]:
    return {b["PathPattern"]: b for b in distribution["CacheBehaviors"]}


@pytest.fixture(scope="module")
def policies(resources: dict) -> dict[str, dict[str, str]]:
    """{logical id prefix: headers} of every ResponseHeadersPolicy of the stack."""
    found = {}
    for logical_id, resource in resources.items():
        if resource["Type"] == "AWS::CloudFront::ResponseHeadersPolicy":
            config = resource["Properties"]["ResponseHeadersPolicyConfig"]
            found[logical_id] = policy_headers(config)
    return found


def policy_of(policies: dict, distribution_behavior: dict) -> dict[str, str]:
    policy_id = distribution_behavior["ResponseHeadersPolicyId"]["Ref"]
    return policies[policy_id]


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    root = tmp_path_factory.mktemp("origin")
    site, dist, uploads = root / "site", root / "dist", root / "uploads"
    (site / "en").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>home</title>", encoding="utf-8")
    (site / "404.html").write_text("<!doctype html><title>404</title>", encoding="utf-8")
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>app</title>", encoding="utf-8")
    (dist / "assets" / "app.js").write_text("console.log(1)", encoding="utf-8")
    (uploads / "storage" / "a").mkdir(parents=True)
    (uploads / "storage" / "a" / "x.txt").write_text("hello", encoding="utf-8")
    app = Gateway(None, Path(site), Path(dist), Path(uploads))
    # https: as the viewer speaks to CloudFront (HSTS is only sent over https).
    return TestClient(app, base_url="https://cityops.test")


def sent(response: httpx.Response) -> dict[str, str]:
    return {name: value for name, value in response.headers.items() if name in SECURITY_HEADERS}


@pytest.mark.parametrize("path", ["/", "/nothing-here", "/admin/login", "/app/assets/app.js"])
def test_site_and_app_headers_equal_cloudfronts(gateway, policies, distribution, behaviors, path) -> None:
    behavior = behaviors.get("/app/*") if path.startswith("/app/") else distribution["DefaultCacheBehavior"]
    if path.startswith("/admin"):
        behavior = behaviors["/admin/*"]
    expected = policy_of(policies, behavior)
    response = gateway.get(path)
    assert sent(response) == expected
    assert set(expected) == SECURITY_HEADERS  # every one of them is sent


def test_upload_headers_equal_cloudfronts(gateway, policies, behaviors) -> None:
    expected = policy_of(policies, behaviors["/storage/*"])
    response = gateway.get("/storage/a/x.txt")
    assert response.status_code == 200
    assert sent(response) == expected
    assert "sandbox" in expected["content-security-policy"]


def test_plain_http_gets_no_hsts_and_no_upgrade(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    app = Gateway(None, tmp_path, tmp_path / "dist", tmp_path / "uploads")
    headers = TestClient(app, base_url="http://127.0.0.1:8000").get("/").headers
    assert "strict-transport-security" not in headers
    assert "upgrade-insecure-requests" not in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"]


def test_api_answers_get_hsts_from_cloudfront(policies, behaviors) -> None:
    from functions.core.security_headers import STRICT_TRANSPORT_SECURITY

    assert policy_of(policies, behaviors["/srv/*"]) == {
        "strict-transport-security": STRICT_TRANSPORT_SECURITY
    }
