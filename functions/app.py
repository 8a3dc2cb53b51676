"""`create_app()`: the FastAPI application, served by Mangum on Lambda and by uvicorn locally.

Every route lives under `settings.api_url` (`/srv`), in production (CloudFront forwards `/srv/*`
unchanged) and locally alike: `GET /srv/api/index/index`, OpenAPI at `/srv/openapi.json`, Swagger UI
at `/srv/docs` outside production. Operation ids are the route names (`index_index`), so the
generated TypeScript client stays stable.

FastAPI documents request validation failures as HTTP 422; this API answers them with HTTP 400 and
the envelope, so the generated schema is corrected to say so, and every operation also declares the
transport errors any call may get — 400 (malformed input, refused characters, nesting), 413 (body
too large), 429 (rate limit) and 500 — each with the envelope (`_document_400`), so that clients and
the fuzzer (tests/api/test_fuzz.py) know them.

Building the app only builds objects: no network, no DynamoDB calls (cold start matters). The route
modules are imported on first use, one audience at a time (`ROUTE_GROUPS`, `functions.core.routing`):
the members' calls (`functions.routes.api.ROUTERS`) when the first request under `/srv/api` arrives,
the back office's (`functions.routes.admin.ROUTERS`) with the first under `/srv/admin`, both when the
OpenAPI document is built or the app's routes are listed.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

from functions.core.client_ip import OriginVerifyMiddleware
from functions.core.errors import install_exception_handlers
from functions.core.log import logger
from functions.core.middleware import BodyLimitMiddleware, InputGuardMiddleware, RequestContextMiddleware
from functions.core.responses import SafeJSONResponse
from functions.core.routing import include_deferred
from functions.core.settings import Settings, get_settings
from functions.models import configure_models

# (path under the API prefix, package whose ROUTERS serve it), in the order of the OpenAPI document.
ROUTE_GROUPS = (("/api", "functions.routes.api"), ("/admin", "functions.routes.admin"))


def route_id(route: APIRoute) -> str:
    """OpenAPI operation id: the route's explicit name."""
    return route.name


_ERROR_ENVELOPE = {
    "title": "ErrorEnvelope",
    "type": "object",
    "required": ["code", "msg", "time", "data"],
    "properties": {
        "code": {"type": "integer", "title": "Code"},
        "msg": {"type": "string", "title": "Msg"},
        "time": {"type": "integer", "title": "Time"},
        "data": {"title": "Data"},
    },
}


_TRANSPORT_ERRORS = {
    "400": "Malformed request (envelope code 0; for invalid fields data.errors lists them)",
    "413": "Request body too large (envelope code 0)",
    "429": "Too many requests (envelope code 0, Retry-After header)",
    "500": "Unexpected server error (envelope code 0, generic message)",
}


def _document_400(app: FastAPI) -> None:
    """Replace FastAPI's 422 responses in the OpenAPI schema by the 400 envelope the API really sends,
    and declare the other transport errors (`_TRANSPORT_ERRORS`) on every operation."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = generate()
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                responses = operation.setdefault("responses", {})
                responses.pop("422", None)
                for status, description in _TRANSPORT_ERRORS.items():
                    responses.setdefault(
                        status,
                        {
                            "description": description,
                            "content": {
                                "application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}
                            },
                        },
                    )
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
        schemas["ErrorEnvelope"] = _ERROR_ENVELOPE
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    logger.setLevel(settings.log_level)
    configure_models(settings)
    prefix = settings.api_url.rstrip("/")
    app = FastAPI(
        title="City Operations Company API",
        version="1.0.0",
        openapi_url=f"{prefix}/openapi.json",
        docs_url=f"{prefix}/docs" if settings.env != "production" else None,
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,
        generate_unique_id_function=route_id,
        default_response_class=SafeJSONResponse,
    )
    for path, package in ROUTE_GROUPS:
        include_deferred(app, package, prefix + path)
    install_exception_handlers(app)
    _document_400(app)
    # Added last = outermost: the request context wraps the body limit, which wraps the input guard.
    app.add_middleware(InputGuardMiddleware)
    app.add_middleware(BodyLimitMiddleware, max_body_bytes=settings.max_body_bytes)
    # Production (client_ip_source=cloudfront): only requests that came through CloudFront get in.
    app.add_middleware(OriginVerifyMiddleware)
    app.add_middleware(RequestContextMiddleware)
    return app
