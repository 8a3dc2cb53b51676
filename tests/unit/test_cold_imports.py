"""What a cold Lambda does before and during its first request (DESIGN §5: cold start), checked by
what a fresh interpreter imports and builds, never by timing it (`bench/cold_start.py` measures).

Each case runs in a fresh interpreter with the production settings Lambda has: it imports
`functions.handler`, then hands the handler API Gateway events for requests that need no DynamoDB,
and reports the modules loaded after each step.
- Importing the handler imports no route module and nothing heavy that most requests never use
  (Pillow, argon2, Jinja/Pelican, boto3, smtplib, PyJWT).
- A members' call imports the members' route modules only, a back-office call the back office's only,
  and neither drags in those heavy modules at module level.
- Routes declared with `functions.core.routing.APIRouter` never build their own FastAPI state (the
  including app builds what it serves), and once the OpenAPI document is built every declared route
  is served, at its path, with its methods.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
ORIGIN_SECRET = "o" * 40
HEAVY = ("PIL", "argon2", "jinja2", "pelican", "markdown", "boto3", "smtplib", "jwt")
API_ROUTES = "functions.routes.api."
ADMIN_ROUTES = "functions.routes.admin."
API_SVG = "/srv/api/ajax/buildSuffixSvg"
ADMIN_SVG = "/srv/admin/ajax/buildSuffixSvg"

SCRIPT = """
import json, sys

def loaded():
    return sorted(sys.modules)

report = {}
import functions.handler as handler
report["import"] = loaded()

class Context:
    function_name = "cityops-api"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:cityops-api"
    aws_request_id = "cold-imports"

def event(path):
    return {
        "version": "2.0", "routeKey": "$default", "rawPath": path, "rawQueryString": "suffix=pdf",
        "headers": {"host": "api.example", "x-origin-verify": ORIGIN_SECRET,
                    "cloudfront-viewer-address": "203.0.113.9:443"},
        "requestContext": {"http": {"method": "GET", "path": path, "protocol": "HTTP/1.1",
                                    "sourceIp": "203.0.113.9", "userAgent": "test"},
                           "requestId": "cold-imports", "stage": "$default"},
        "isBase64Encoded": False,
    }

for path in PATHS:
    result = handler.handler(event(path), Context())
    report[path] = {"status": result["statusCode"], "type": result["headers"].get("content-type"),
                    "loaded": loaded()}

from fastapi.routing import iter_route_contexts
from functions.core.routing import DeferredAPIRoute
from functions.routes import admin, api

app = handler._asgi.app
app.openapi()
declared, deferred, built = [], 0, []
for prefix, package in (("/srv/api", api), ("/srv/admin", admin)):
    for router in package.ROUTERS:
        for route in router.routes:
            declared += [[method, prefix + route.path] for method in sorted(route.methods)]
            if isinstance(route, DeferredAPIRoute):
                deferred += 1
                if route.built:
                    built.append(route.path)
served = [[method, context.path] for context in iter_route_contexts(app.routes)
          if context.path.startswith(("/srv/api/", "/srv/admin/")) for method in sorted(context.methods)]
report["routes"] = {"declared": declared, "served": served, "deferred": deferred, "built": built}
print(json.dumps(report))
"""


@cache
def cold_run(*paths: str) -> dict[str, Any]:
    """Import the handler in a fresh interpreter, serve `paths` in order and build the OpenAPI."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CITYOPS_", "AWS_"))}
    env.update(
        CITYOPS_ENV="production",
        CITYOPS_JWT_SECRET="j" * 48,
        CITYOPS_CLIENT_IP_SOURCE="cloudfront",
        CITYOPS_ORIGIN_VERIFY_SECRET=ORIGIN_SECRET,
        CITYOPS_AWS_REGION="us-east-1",
        AWS_DEFAULT_REGION="us-east-1",
    )
    script = f"PATHS = {list(paths)!r}\nORIGIN_SECRET = {ORIGIN_SECRET!r}\n" + SCRIPT
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def under(modules: list[str], *prefixes: str) -> list[str]:
    return [m for m in modules if m.startswith(prefixes) or m in {p.rstrip(".") for p in prefixes}]


def test_importing_the_handler_imports_no_route_module_and_nothing_heavy() -> None:
    loaded = cold_run(API_SVG)["import"]
    assert "functions.app" in loaded
    assert under(loaded, API_ROUTES, ADMIN_ROUTES) == []
    assert under(loaded, *(f"{name}." for name in HEAVY)) == []


def test_a_members_call_imports_the_members_routes_only() -> None:
    report = cold_run(API_SVG, ADMIN_SVG)
    first = report[API_SVG]
    assert (first["status"], first["type"]) == (200, "image/svg+xml")
    assert "functions.routes.api.user" in first["loaded"]
    assert "functions.routes.api.account.profile" in first["loaded"]
    assert under(first["loaded"], ADMIN_ROUTES) == []
    assert under(first["loaded"], *(f"{name}." for name in HEAVY)) == []
    second = report[ADMIN_SVG]
    assert (second["status"], second["type"]) == (200, "image/svg+xml")
    assert "functions.routes.admin.auth.admin" in second["loaded"]


def test_a_back_office_call_imports_the_back_office_routes_only() -> None:
    report = cold_run(ADMIN_SVG, "/srv/api/no-such-call")
    first = report[ADMIN_SVG]
    assert (first["status"], first["type"]) == (200, "image/svg+xml")
    assert "functions.routes.admin.routine.config" in first["loaded"]
    assert under(first["loaded"], API_ROUTES) == []
    assert under(first["loaded"], *(f"{name}." for name in HEAVY)) == []
    assert report["/srv/api/no-such-call"]["status"] == 404


def test_every_declared_route_is_served_and_deferred_routes_build_nothing_themselves() -> None:
    routes = cold_run(API_SVG, ADMIN_SVG)["routes"]
    assert len(routes["declared"]) > 50
    assert sorted(routes["served"]) == sorted(routes["declared"])
    assert routes["deferred"] > 0
    assert routes["built"] == []
