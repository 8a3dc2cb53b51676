"""The local origin: one ASGI app that routes like the CloudFront distribution does in production.

- `/srv/…`                          → the API (FastAPI; its routes carry the /srv prefix themselves)
- `/app/…`                          → the React build (webapp/dist)
- `/storage/…`                      → uploaded files (the uploads folder; the uploads bucket on AWS),
                                      served so that no script in them can run
- `/admin…`, `/user…`, `/404`, `/401` → the React app's index.html (client-side routes); the login
                                      screens `/user/login` and `/admin/login` → their pre-rendered
                                      page in the visitor's language and theme (`spa_file()`)
- everything else                   → the Pelican output in site/, with directory indexes,
                                      the /about/… and /xiang/… fallbacks, and the 404 page
                                      (status 404) for unknown paths.

`resolve()` and `spa_file()` hold these rules as pure functions; tests/routing_cases.json is the contract
they share with the CloudFront viewer-request function in infra/. Text files are sent gzip-compressed
to a browser that accepts it, as CloudFront does (`compress=True`).
"""

from __future__ import annotations

import mimetypes
import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qsl

from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from functions.core.security_headers import site_headers, upload_headers
from functions.services.storage import StorageError, check_key

API_PREFIX = "/srv"
APP_PREFIX = "/app/"
UPLOADS_PREFIX = "/storage/"
SPA_ROOTS = ("/admin", "/user")
SPA_PAGES = ("/404", "/401")
# Sub-trees whose unknown paths show the section's own index page (SPEC §2: "and any sub-path").
FALLBACK_SECTIONS = ("about", "xiang")
LANG_PREFIXES = ("en",)
# The login screens pre-rendered by the web app's build (webapp/src/lib/prerender.ts): path → file stem
# of webapp/dist/prerender/<stem>.<lang>.<theme>.html. The app keeps the visitor's language and theme in
# these cookies; `?lang=` (the public site's links) wins over the cookie, as in the app.
PRERENDERED = {"/user/login": "user-login", "/admin/login": "admin-login"}
APP_LANGUAGES = ("zh-cn", "en")
LANG_COOKIE = "cityops_lang"
THEME_COOKIE = "cityops_theme"

# The same headers as CloudFront's response headers policies (one definition:
# functions/core/security_headers.py); HSTS only when the request came over https.
STATIC_HEADERS = site_headers(https=False)
# Uploaded files are somebody else's content: never let them run as part of the site.
UPLOAD_HEADERS = upload_headers(https=False)


@dataclass(frozen=True)
class Route:
    kind: Literal["api", "spa", "static", "app", "upload"]
    file: str = ""  # relative to site/ (static), webapp/dist (app) or the uploads folder (upload)
    status: int = 200


def _is_under(path: str, root: str) -> bool:
    return path == root or path.startswith(root + "/")


def resolve(path: str, exists: Callable[[str], bool]) -> Route:
    """Decide what answers `path`. `exists(rel)` tells whether site/<rel> is a file."""
    if _is_under(path, API_PREFIX):
        return Route("api")
    if path.startswith(APP_PREFIX):
        return Route("app", path[len(APP_PREFIX) :])
    if path.startswith(UPLOADS_PREFIX):
        # Only keys the storage would accept (no NUL, control characters, `..`, backslashes…).
        try:
            return Route("upload", check_key(path.lstrip("/")))
        except StorageError:
            return Route("static", "404.html", 404)
    if any(_is_under(path, root) for root in SPA_ROOTS) or path in SPA_PAGES:
        return Route("spa", "index.html")

    segments = [s for s in path.split("/") if s]
    lang = segments[0] if segments and segments[0] in LANG_PREFIXES else ""
    prefix = f"{lang}/" if lang else ""
    not_found = Route("static", f"{prefix}404.html", 404)
    if any(s in (".", "..") or "\\" in s or "\x00" in s for s in segments):
        return not_found

    rel = posixpath.join(*segments) if segments else ""
    last = segments[-1] if segments else ""
    if path.endswith("/") or not rel or "." not in last:
        candidate = posixpath.join(rel, "index.html") if rel else "index.html"
    else:
        candidate = rel
    if exists(candidate):
        return Route("static", candidate)

    section_segments = segments[1:] if lang else segments
    if len(section_segments) > 1 and section_segments[0] in FALLBACK_SECTIONS:
        section_index = f"{prefix}{section_segments[0]}/index.html"
        if exists(section_index):
            return Route("static", section_index)
    return not_found


def spa_file(path: str, query: Mapping[str, str], cookies: Mapping[str, str]) -> str:
    """The file of webapp/dist that answers an app path: a login screen's pre-rendered page in the
    visitor's language and theme, index.html for every other path and for a login address whose query
    asks more than the language (e.g. `?to=`: the page then differs from the pre-rendered one)."""
    stem = PRERENDERED.get(path)
    if stem is None or any(key != "lang" for key in query):
        return "index.html"
    asked = query.get("lang", "").lower()
    lang = asked if asked in APP_LANGUAGES else cookies.get(LANG_COOKIE, "")
    lang = lang if lang in APP_LANGUAGES else APP_LANGUAGES[0]
    theme = "dark" if cookies.get(THEME_COOKIE) == "dark" else "light"
    return f"prerender/{stem}.{lang}.{theme}.html"


def _request_query(scope: Scope) -> dict[str, str]:
    return dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))


def _request_cookies(scope: Scope) -> dict[str, str]:
    header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"cookie"), "")
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


def _file_checker(root: Path) -> Callable[[str], bool]:
    # `root` is resolved on every call: site/ is a symlink that a publish swaps to a new build
    # (functions.publish.pipeline.swap_in), and each request must see the build live at that moment.
    def exists(rel: str) -> bool:
        try:
            base = root.resolve()
            target = (base / rel).resolve()
            return target.is_relative_to(base) and target.is_file()
        except (OSError, ValueError):  # e.g. a NUL byte or a name too long for the file system
            return False

    return exists


class Gateway:
    """ASGI app serving the three faces on one origin."""

    def __init__(self, api: ASGIApp | None, site_dir: Path, webapp_dist: Path, upload_dir: Path) -> None:
        self.api = api
        self.site_dir = site_dir
        self.webapp_dist = webapp_dist
        self.upload_dir = upload_dir
        self._site_exists = _file_checker(site_dir)
        self._app_exists = _file_checker(webapp_dist)
        self._upload_exists = _file_checker(upload_dir)
        # Pages, scripts and styles gzip-compressed like CloudFront's; the API answers are left alone.
        self._compressed = GZipMiddleware(self._serve_files, minimum_size=1024)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        if resolve(scope["path"], self._site_exists).kind == "api":
            if self.api is None:
                await PlainTextResponse("API not mounted", status_code=503)(scope, receive, send)
            else:
                await self.api(scope, receive, send)
            return
        await self._compressed(scope, receive, send)

    async def _serve_files(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = resolve(scope["path"], self._site_exists)
        if scope["method"] not in ("GET", "HEAD"):
            response: Response = PlainTextResponse(
                "Method Not Allowed", status_code=405, headers={"Allow": "GET, HEAD"}
            )
        else:
            if route.kind == "spa":
                route = Route("spa", spa_file(scope["path"], _request_query(scope), _request_cookies(scope)))
            response = self._file_response(route, https=scope.get("scheme") == "https")
        await response(scope, receive, send)

    def _file_response(self, route: Route, https: bool = False) -> Response:
        site = site_headers(https)
        if route.kind == "static":
            return self._serve(self.site_dir, route.file, route.status, immutable=False, headers=site)
        if route.kind == "spa":
            if not self._app_exists("index.html"):
                return PlainTextResponse("The React app is not built: run `make build`", status_code=503)
            # A pre-rendered page missing from an older build: the app draws the screen itself.
            page = route.file if route.file and self._app_exists(route.file) else "index.html"
            return self._serve(self.webapp_dist, page, 200, immutable=False, headers=site)
        if route.kind == "upload":
            if not self._upload_exists(route.file):
                return self._serve(self.site_dir, "404.html", 404, immutable=False, headers=site)
            return self._serve(
                self.upload_dir, route.file, 200, immutable=False, headers=upload_headers(https)
            )
        # /app/… assets: hashed file names, so they may be cached for good.
        if route.file and self._app_exists(route.file):
            return self._serve(
                self.webapp_dist, route.file, 200, immutable=route.file.startswith("assets/"), headers=site
            )
        return self._serve(self.site_dir, "404.html", 404, immutable=False, headers=site)

    def _serve(
        self, root: Path, rel: str, status: int, *, immutable: bool, headers: dict[str, str] = STATIC_HEADERS
    ) -> Response:
        path = root / rel
        if not path.is_file():
            return PlainTextResponse("Not Found", status_code=404, headers=headers)
        media_type, _ = mimetypes.guess_type(path.name)
        if media_type and (media_type.startswith("text/") or media_type in ("application/javascript",)):
            media_type += "; charset=utf-8"
        headers = dict(headers)
        headers["Cache-Control"] = "public, max-age=31536000, immutable" if immutable else "no-cache"
        return FileResponse(path, status_code=status, media_type=media_type, headers=headers)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
