"""The CloudFront viewer-request/response function against the shared routing contract.

tests/routing_cases.json is also what the local gateway is tested against, so production and
`make run` route every case alike. The function runs under node with a fake KeyValueStore holding
the contract's "files"; each case is also matched against the distribution's cache behaviors in
the synthesized template (first matching path pattern wins, as in CloudFront).
"""

from __future__ import annotations

import fnmatch
import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
FUNCTION_JS = REPO_ROOT / "infra" / "cityops_infra" / "viewer_request.js"
HARNESS = Path(__file__).with_name("viewer_request_harness.js")
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def run_function(events: list[dict], files: list[str], *, kvs_down: bool = False) -> list[dict]:
    payload = {"source": str(FUNCTION_JS), "files": files, "kvsDown": kvs_down, "events": events}
    done = subprocess.run(
        [NODE, str(HARNESS)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def request_event(uri: str, query: dict | None = None, cookies: dict | None = None) -> dict:
    """CloudFront's event: query parameters and cookies as {name: {"value": ...}}."""
    return {
        "version": "1.0",
        "context": {"eventType": "viewer-request"},
        "viewer": {"ip": "198.51.100.7"},
        "request": {
            "method": "GET",
            "uri": uri,
            "querystring": {k: {"value": v} for k, v in (query or {}).items()},
            "headers": {},
            "cookies": {k: {"value": v} for k, v in (cookies or {}).items()},
        },
    }


def response_event(uri: str, status: int = 200) -> dict:
    event = request_event(uri)
    event["context"]["eventType"] = "viewer-response"
    event["response"] = {"statusCode": status, "statusDescription": "OK", "headers": {}, "cookies": {}}
    return event


def rewrite(uris: list[str], files: list[str], **kwargs) -> list[str]:
    return [r["uri"] for r in run_function([request_event(u) for u in uris], files, **kwargs)]


def expected_uri(case: dict) -> str:
    return "/app/" + case.get("app_file", "index.html") if case.get("spa") else "/" + case["file"]


@pytest.fixture(scope="module")
def behaviors(resources: dict) -> list[dict]:
    """The distribution's behaviors in CloudFront's evaluation order, the default last."""
    (distribution,) = [r for r in resources.values() if r["Type"] == "AWS::CloudFront::Distribution"]
    config = distribution["Properties"]["DistributionConfig"]
    return [*config["CacheBehaviors"], {**config["DefaultCacheBehavior"], "PathPattern": "*"}]


@pytest.fixture(scope="module")
def origins_by_id(resources: dict) -> dict[str, dict]:
    (distribution,) = [r for r in resources.values() if r["Type"] == "AWS::CloudFront::Distribution"]
    return {o["Id"]: o for o in distribution["Properties"]["DistributionConfig"]["Origins"]}


def matching_behavior(path: str, behaviors: list[dict]) -> dict:
    return next(b for b in behaviors if fnmatch.fnmatchcase(path, b["PathPattern"]))


def event_types(behavior: dict) -> set[str]:
    return {a["EventType"] for a in behavior.get("FunctionAssociations", [])}


def test_viewer_request_rewrites_every_case(routing: dict) -> None:
    cases = [c for c in routing["cases"] if not c.get("api") and not c.get("upload")]
    events = [request_event(c["path"], c.get("query"), c.get("cookies")) for c in cases]
    got = [r["uri"] for r in run_function(events, routing["files"])]
    mismatches = [
        (c["path"], uri, expected_uri(c)) for c, uri in zip(cases, got, strict=True) if uri != expected_uri(c)
    ]
    assert mismatches == []


def test_viewer_response_status_for_every_static_case(routing: dict) -> None:
    """404 for unknown paths whether CloudFront hands the response event the original or the rewritten URI."""
    cases = [c for c in routing["cases"] if "file" in c]
    events = [response_event(c["path"]) for c in cases] + [response_event("/" + c["file"]) for c in cases]
    statuses = [r["statusCode"] for r in run_function(events, routing["files"])]
    expected = [c["status"] for c in cases] * 2
    paths = [c["path"] for c in cases] + ["/" + c["file"] for c in cases]
    assert list(zip(paths, statuses, strict=True)) == list(zip(paths, expected, strict=True))


def test_viewer_response_leaves_errors_alone(routing: dict) -> None:
    (result,) = run_function([response_event("/jiang", status=304)], routing["files"])
    assert result["statusCode"] == 304


def test_every_case_reaches_the_right_behavior(
    routing: dict, behaviors: list[dict], origins_by_id: dict
) -> None:
    for case in routing["cases"]:
        behavior = matching_behavior(case["path"], behaviors)
        origin = origins_by_id[behavior["TargetOriginId"]]
        if case.get("api"):
            assert behavior["PathPattern"] == "/srv/*", case
            assert "CustomOriginConfig" in origin, case  # the HTTP API, not a bucket
            assert event_types(behavior) == set(), case  # the API path is never rewritten
        elif case.get("upload"):
            assert behavior["PathPattern"] == "/storage/*", case
            assert event_types(behavior) == set(), case  # the object key is the path itself
            assert "S3OriginConfig" in origin and origin.get("OriginAccessControlId"), case
        elif case.get("spa"):
            assert behavior["PathPattern"] != "*", case
            assert event_types(behavior) == {"viewer-request"}, case
            assert "S3OriginConfig" in origin and origin.get("OriginAccessControlId"), case
        else:
            assert behavior["PathPattern"] == "*", case
            assert event_types(behavior) == {"viewer-request", "viewer-response"}, case


def test_unknown_section_paths_need_the_section_index(routing: dict) -> None:
    """The /about and /xiang fallbacks come from the KeyValueStore, not from a guess."""
    files = [f for f in routing["files"] if f not in ("about/index.html", "en/xiang/index.html")]
    assert rewrite(["/about/no/such/page", "/en/xiang/unknown", "/xiang/unknown"], files) == [
        "/404.html",
        "/en/404.html",
        "/xiang/index.html",
    ]


def test_encoded_paths_are_looked_up_decoded_and_forwarded_encoded() -> None:
    files = ["index.html", "404.html", "xiang/index.html", "xiang/河边公园/index.html", "about/index.html"]
    assert rewrite(
        ["/xiang/%E6%B2%B3%E8%BE%B9%E5%85%AC%E5%9B%AD", "/xiang/%E6%B2%B3", "/about/%ZZ"], files
    ) == [
        "/xiang/%E6%B2%B3%E8%BE%B9%E5%85%AC%E5%9B%AD/index.html",
        "/xiang/index.html",
        "/404.html",
    ]


def test_store_unavailable_passes_requests_to_the_origin(routing: dict) -> None:
    """Without the store the origin decides: S3's 403 becomes the 404 page by the error response."""
    got = rewrite(["/jiang", "/robots.txt", "/admin/login", "/nowhere/"], routing["files"], kvs_down=True)
    assert got == [
        "/jiang/index.html",
        "/robots.txt",
        "/app/prerender/admin-login.zh-cn.light.html",
        "/nowhere/index.html",
    ]


def test_function_fits_cloudfront_limits() -> None:
    assert len(FUNCTION_JS.read_bytes()) < 10 * 1024  # CloudFront Functions: 10 KB of code


def test_template_loads_the_function_source_with_the_store(resources: dict) -> None:
    (function,) = [r for r in resources.values() if r["Type"] == "AWS::CloudFront::Function"]
    config = function["Properties"]["FunctionConfig"]
    assert config["Runtime"] == "cloudfront-js-2.0"
    assert function["Properties"]["FunctionCode"] == FUNCTION_JS.read_text(encoding="utf-8")
    assert len(config["KeyValueStoreAssociations"]) == 1
    assert function["Properties"]["AutoPublish"] is True
    assert [r for r in resources.values() if r["Type"] == "AWS::CloudFront::KeyValueStore"]
