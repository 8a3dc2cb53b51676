"""The caller's address, taken from what the platform sets — never from a client-supplied hop.

`X-Forwarded-For` is never read: anyone can send it, and trusting its first hop let a client pick
the address that per-IP rate limits count, that the admin log records and that `last_login_ip`
keeps. Instead, by `Settings.client_ip_source` (`CITYOPS_CLIENT_IP_SOURCE`):

- `peer` (default): `scope["client"]`. Locally that is the socket peer (uvicorn; the local gateway
  calls the API in process, so the scope is the browser's connection). On AWS behind API Gateway,
  Mangum puts `requestContext.http.sourceIp` there — the address that connected to API Gateway.
- `cloudfront` (production: the API is reached only through CloudFront): the viewer address
  CloudFront puts in `CloudFront-Viewer-Address` (`ip:port`; IPv6 as `2001:db8::1:443`, brackets
  tolerated). It is trusted only when the request carries `X-Origin-Verify` equal to
  `Settings.origin_verify_secret` — the custom origin header CloudFront adds (a viewer's own header
  of that name is overwritten by CloudFront). `OriginVerifyMiddleware` refuses every request
  without it, so a caller that goes around CloudFront straight to API Gateway gets nowhere; should
  one reach `client_ip` anyway, the peer address is used.

The secret is compared in constant time and never logged or echoed.
"""

from __future__ import annotations

import hmac
import ipaddress

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from functions.core.i18n import status_message
from functions.core.middleware import send_envelope
from functions.core.responses import FAILURE
from functions.core.secrets import accepted_values, refresh
from functions.core.settings import Settings, get_settings

VIEWER_ADDRESS_HEADER = "cloudfront-viewer-address"
ORIGIN_VERIFY_HEADER = "x-origin-verify"
ORIGIN_VERIFY_VARIABLE = "CITYOPS_ORIGIN_VERIFY_SECRET"
MAX_LENGTH = 64


def _peer(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0])[:MAX_LENGTH] if client else ""


def parse_viewer_address(value: str) -> str:
    """The IP address of a `CloudFront-Viewer-Address` value ("ip:port"), normalised; "" if malformed."""
    value = value.strip()
    if value.startswith("["):  # "[2001:db8::1]:443"
        host, _, rest = value[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    else:
        host, _, port = value.rpartition(":")
    if not port.isdigit():
        return ""
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return ""


def came_through_cloudfront(headers: Headers, settings: Settings) -> bool:
    """Whether the request carries CloudFront's origin-verify secret."""
    secret = settings.origin_verify_secret.get_secret_value()
    given = headers.get(ORIGIN_VERIFY_HEADER, "").encode()

    def matches() -> bool:
        accepted = accepted_values(ORIGIN_VERIFY_VARIABLE, secret) if secret else ()
        return any(hmac.compare_digest(given, value.encode()) for value in accepted)

    # During a rotation the previous value is still accepted; a value this container does not know may
    # be the new one CloudFront sends after the deploy that followed a rotation: the secret is read
    # again (at most once a minute) and compared once more (core/secrets.py).
    return matches() or (bool(given) and refresh(ORIGIN_VERIFY_VARIABLE) and matches())


def client_ip_of(scope: Scope, settings: Settings | None = None) -> str:
    """The caller's address for an ASGI `scope` (see the module doc)."""
    settings = settings or get_settings()
    if settings.client_ip_source == "cloudfront":
        headers = Headers(scope=scope)
        if came_through_cloudfront(headers, settings):
            viewer = parse_viewer_address(headers.get(VIEWER_ADDRESS_HEADER, ""))
            if viewer:
                return viewer
    return _peer(scope)


def client_ip(request: HTTPConnection) -> str:
    """The caller's address of a request (route dependencies, the admin log, login bookkeeping)."""
    return client_ip_of(request.scope)


class OriginVerifyMiddleware:
    """With `client_ip_source = "cloudfront"`, refuse (HTTP 404 with the envelope, as if nothing were
    there) every request that lacks CloudFront's origin-verify secret: the API answers only through
    CloudFront. With `peer` it does nothing."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            settings = get_settings()
            if settings.client_ip_source == "cloudfront" and not came_through_cloudfront(
                Headers(scope=scope), settings
            ):
                await send_envelope(send, 404, FAILURE, status_message(404))
                return
        await self.app(scope, receive, send)
