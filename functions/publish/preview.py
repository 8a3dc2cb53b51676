"""A row of a designed table shown as its public page before it is published (issue 36 part 7).

`preview_page(design, draft, lang)` answers the HTML of the page the row would have on the site, in
one language, made the way a publish makes it — the same export (`export.export_site_data`, with
the row as the site's only record whatever its status and publish time: `export.Draft`; no table is
read whole, so a preview costs the same at any table size) and the same Pelican build
(`build.build`) with the site's theme — in a temporary folder that is removed
afterwards: nothing is written to the site, the database or the upload storage (pictures resized for
it go to the resize cache only, as a publish's do).

The page is shown by the back office in a sandboxed frame (`srcdoc`: no script runs, nothing of the
admin's origin is reachable from it): its theme files and the site's pictures load from the live
site, and the pictures of uploads — not on the site before a publish — from their upload address
(/storage/…). Links open in a new tab.

On AWS the API function carries neither Pelican nor the site's sources: it asks the rebuild function
(which has both) to build the preview and waits for its answer (`remote_pages`, a synchronous invoke;
`rebuild.handler` answers `{"preview": …}` events with `preview_event`). Importing this module never
imports Pelican.

A build makes both languages: the other one is kept for a short while (`RECENT`, in memory, by the
design and the row's values), so switching the language of a preview does not build again.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from functions.core import messages_publish  # noqa: F401 - registers the publish messages' catalog
from functions.core.i18n import get_lang, reset_lang, set_lang
from functions.core.responses import ApiError
from functions.core.settings import get_settings
from functions.publish.export import ADDRESSES, Draft, export_site_data, record_address
from functions.publish.images import OUTPUT_DIR, SiteImages
from functions.publish.site_records import export_of

LANGS = ("zh-cn", "en")
LANG_PREFIX = {"zh-cn": "", "en": "/en"}
# The page that shows every record of a type with no page of its own.
LIST_PAGES = {
    "jobs": "/jobs/",
    "carousel": "/",
    "services": "/",
    "staff": "/yuangong/",
    "history": "/about/history/",
}
RECENT_SECONDS = 120
RECENT_SIZE = 8
# Pages of recent previews: key → (when built, {lang: answer}).
RECENT: OrderedDict[str, tuple[float, dict[str, dict[str, Any]]]] = OrderedDict()
RECENT_LOCK = threading.Lock()
PICTURE_RE = re.compile(rf"/{OUTPUT_DIR}/(?P<stem>[0-9a-f]{{24}})(?:-\d+w)?\.(?:webp|jpg|png)")


def page_address(name: str, record_id: str) -> str:
    """The site path (zh-cn) of the page showing a record; an anchor on it when the record has one."""
    if name in ADDRESSES or name == "pages":
        return record_address(name, record_id)
    return LIST_PAGES[name]


def framed(html: str, sources: dict[str, str]) -> str:
    """The built page as the preview frame shows it: uploads' pictures from their upload address,
    links in a new tab."""
    html = PICTURE_RE.sub(lambda m: sources.get(m["stem"], m[0]), html)
    return html.replace("<head>", '<head>\n<base target="_blank">', 1)


def preview_page(design: str, draft: Draft, lang: str) -> dict[str, Any]:
    """`{html, path, lang}`: the page of `draft` in `lang`, and its address on the site."""
    key = hashlib.sha256(
        json.dumps([design, draft.id, draft.values], sort_keys=True, default=str).encode()
    ).hexdigest()
    with RECENT_LOCK:
        built, pages = RECENT.get(key, (0.0, {}))
    if time.monotonic() - built < RECENT_SECONDS and lang in pages:
        return pages[lang]
    pages = remote_pages(design, draft) if get_settings().rebuild_function else build_pages(design, draft)
    with RECENT_LOCK:
        RECENT[key] = (time.monotonic(), pages)
        while len(RECENT) > RECENT_SIZE:
            RECENT.popitem(last=False)
    return pages[lang]


def remote_pages(design: str, draft: Draft, lambda_client: Any = None) -> dict[str, dict[str, Any]]:
    """`build_pages` run by the rebuild function (AWS); its refusal is this request's, in its language."""
    import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

    client = lambda_client or boto3.client("lambda")
    event = {"preview": {"design": design, "id": draft.id, "values": draft.values, "lang": get_lang()}}
    answer = client.invoke(
        FunctionName=get_settings().rebuild_function,
        InvocationType="RequestResponse",
        Payload=json.dumps(event, ensure_ascii=False, default=str).encode(),
    )
    result = json.loads(answer["Payload"].read() or b"{}")
    if answer.get("FunctionError") or "pages" not in result and "refused" not in result:
        raise RuntimeError(f"preview: {result.get('errorMessage') or answer.get('FunctionError')}")
    if "refused" in result:
        raise ApiError(str(result["refused"]), http_status=400)
    return dict(result["pages"])


def preview_event(event: dict[str, Any]) -> dict[str, Any]:
    """The rebuild function's answer to a preview (`remote_pages`): `{"pages"}`, or `{"refused"}` with
    the message in the asker's language."""
    token = set_lang(str(event.get("lang") or ""))
    try:
        draft = Draft(str(event["design"]), int(event["id"]), dict(event["values"]))
        return {"pages": build_pages(draft.design, draft)}
    except ApiError as exc:
        return {"refused": exc.translated()}
    finally:
        reset_lang(token)


def build_pages(design: str, draft: Draft) -> dict[str, dict[str, Any]]:
    """The page of `draft` in every language, built as a publish builds the site."""
    from functions.publish.build import build  # deferred: Pelican (the API function on AWS has none)

    name = export_of(design)
    if name is None:
        raise ApiError(
            "This table is not shown on the public site: it has no page to preview", http_status=400
        )
    settings = get_settings()
    site_dir = Path(settings.site_dir)
    with tempfile.TemporaryDirectory(prefix="cityops-preview-") as tmp:
        content = Path(tmp) / "content"
        shutil.copytree(settings.content_dir, content)
        images = SiteImages(content)
        export_site_data(content / "data", draft=draft, images=images)
        if draft.record is None:
            raise ApiError(
                "The site would not show this row: fill in its title (and its picture, where the page "
                "needs one)",
                http_status=400,
            )
        address = page_address(name, draft.record["id"])
        output = Path(tmp) / "out"
        build(content, output, settings.public_url, previous=site_dir if site_dir.is_dir() else None)
        pages = {}
        for lang in LANGS:
            path = LANG_PREFIX[lang] + address
            html = (output / path.split("#")[0].strip("/") / "index.html").read_text(encoding="utf-8")
            pages[lang] = {"html": framed(html, images.sources), "path": path, "lang": lang}
    return pages
