"""The security headers of every response, defined once (DESIGN §8).

Read by three places so that development and production send the same headers:
- `functions/local/gateway.py`: static pages, the React app and uploads on the local origin;
- `functions/core/middleware.py`: every API response (`api_headers`);
- `infra/cityops_infra/stack.py`: the CloudFront ResponseHeadersPolicies of the site and of
  `/storage/*` (`tests/infra/test_security_headers.py` compares both with the gateway's answers).

HSTS is sent only over https (`https=True`): a browser ignores it over http, and the local origin
speaks http. Only the standard library is imported: the CDK app imports this module too.
"""

from __future__ import annotations

HSTS_MAX_AGE = 730 * 86400  # two years
STRICT_TRANSPORT_SECURITY = f"max-age={HSTS_MAX_AGE}; includeSubDomains"
CONTENT_TYPE_OPTIONS = "nosniff"
FRAME_OPTIONS = "DENY"
REFERRER_POLICY = "strict-origin-when-cross-origin"
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()"

# A static site plus the React app: scripts and styles from this origin (antd injects inline
# styles), images and icon fonts/style sheets from https, API calls to this origin and presigned
# POSTs to S3, back-office iframe menus from https.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline' https:",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data: https:",
        "connect-src 'self' https://*.s3.amazonaws.com https://*.amazonaws.com",
        "frame-src 'self' https:",
        "frame-ancestors 'none'",
        "form-action 'self' https://*.amazonaws.com",
        "base-uri 'self'",
        "object-src 'none'",
        "upgrade-insecure-requests",
    ]
)
# Uploaded files come from members and admins: never let one run as a page of this origin (images,
# audio and video still show in the browser's own viewer).
UPLOADS_CONTENT_SECURITY_POLICY = (
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox"
)
# API answers are JSON: they are never shown as a page, so they send no referrer at all. They get no
# CSP from here: a route that serves something else sets its own (SVG icons, the upload form) and the
# development-only /srv/docs page needs its scripts.
API_REFERRER_POLICY = "no-referrer"


def _common(csp: str, https: bool) -> dict[str, str]:
    if not https:  # like HSTS, upgrading requests only makes sense on an https origin
        csp = "; ".join(d for d in csp.split("; ") if d != "upgrade-insecure-requests")
    headers = {
        "Content-Security-Policy": csp,
        "X-Content-Type-Options": CONTENT_TYPE_OPTIONS,
        "X-Frame-Options": FRAME_OPTIONS,
        "Referrer-Policy": REFERRER_POLICY,
        "Permissions-Policy": PERMISSIONS_POLICY,
    }
    if https:
        headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY
    return headers


def site_headers(https: bool) -> dict[str, str]:
    """Static pages and the React app (CloudFront: the `SecurityHeaders` policy)."""
    return _common(CONTENT_SECURITY_POLICY, https)


def upload_headers(https: bool) -> dict[str, str]:
    """Uploaded files under /storage/ (CloudFront: the `UploadsHeaders` policy)."""
    return _common(UPLOADS_CONTENT_SECURITY_POLICY, https)


def api_headers() -> dict[str, str]:
    """API responses (added by `RequestContextMiddleware` to every answer). HSTS for them is added by
    CloudFront (the `ApiHeaders` policy), the one place that knows the viewer spoke https."""
    return {
        "X-Content-Type-Options": CONTENT_TYPE_OPTIONS,
        "X-Frame-Options": FRAME_OPTIONS,
        "Referrer-Policy": API_REFERRER_POLICY,
        "Permissions-Policy": PERMISSIONS_POLICY,
        "Cache-Control": "no-store",
    }
