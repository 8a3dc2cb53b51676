"""The public site's contact form (`/about/contact/`): enquiries stored in the designed table
`business/contact` and e-mailed to the admins (`functions.services.contact` has the rules).

- `POST /api/contact/send` (JSON, what the page's script sends) `{name, phone, email, company,
  subject, message, captchaId, captchaInfo, website}` → success with a thank-you `msg`. Fields that
  do not pass → HTTP 400, `data.errors` = [{field, msg, title}] (all of them; `msg` names the first);
  a missing or wrong captcha → body code 0 with the error on `captchaInfo`.
- `POST /api/contact/form` (`application/x-www-form-urlencoded`, the same form without JavaScript,
  plus `lang` = zh-cn | en): a sent enquiry answers **303** to the thank-you page of the visitor's
  language (`/about/contact/sent/`, `/en/about/contact/sent/`). Otherwise the answer is an HTML page
  of its own (no script, the site's style sheet) with the form filled in again and an image captcha
  whose id the server chose: 200 when only the captcha is missing (the static page cannot show one
  without a script, so a visitor without JavaScript always gets this step), 400 listing what to
  correct, 429 when the per-IP limit is reached, 404 when enquiries cannot be stored (no table). The button
  "Show another picture" (`refresh=1`) shows the page again with a new picture.
- `GET /api/contact/form` → 303 to the contact page (a reload or a bookmark of the page above).

Both POSTs count against one per-IP limit (Settings `rate_contact_*`, 10 per hour by default; the
address is `functions.core.client_ip`); a honeypot field `website` that people never fill gets the
success answer without anything being stored.
"""

from __future__ import annotations

import functools
import math
import secrets
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from functions.core.client_ip import client_ip
from functions.core.i18n import SUPPORTED_LANGS, get_lang, reset_lang, set_lang, t
from functions.core.responses import ApiError, Envelope, success
from functions.core.routing import APIRouter
from functions.core.settings import REPO_ROOT
from functions.core.validators import Schema, Text
from functions.routes.deps import rate_limited
from functions.services import contact, records
from functions.services.rate_limit import RateLimited, hit_for
from functions.services.site_config import get_site_config

router = APIRouter(prefix="/contact", tags=["contact"])

FORM_ACTION = "/srv/api/contact/form"
CAPTCHA_URL = "/srv/api/common/captcha"
MAX_FORM_FIELDS = 40
# The page below has no script and loads only the site's style sheet, favicon and captcha picture.
PAGE_CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
FORM_OPENAPI: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/x-www-form-urlencoded": {
                "schema": {
                    "type": "object",
                    "properties": {
                        **{name: {"type": "string"} for name in contact.FIELDS},
                        "lang": {"type": "string", "enum": list(SUPPORTED_LANGS)},
                        "captchaId": {"type": "string"},
                        "captchaInfo": {"type": "string"},
                        "website": {"type": "string"},
                        "refresh": {"type": "string"},
                    },
                }
            }
        },
    }
}
PAGE_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/html": {}}, "description": "The form again, with the captcha step"},
    303: {"description": "Sent: to the thank-you page of the visitor's language"},
    400: {"content": {"text/html": {}}, "description": "The form again, saying what to correct"},
    429: {"content": {"text/html": {}}, "description": "Too many enquiries from this address"},
    404: {"content": {"text/html": {}}, "description": "Enquiries cannot be stored (no enquiries table)"},
}


class ContactBody(Schema):
    """The form's fields. They are `Text` here only to be bounded: `contact.send` checks them all at
    once by the design (one-line fields without control characters…) and names each by its title."""

    name: Text = Field("", max_length=200)
    phone: Text = Field("", max_length=200)
    email: Text = Field("", max_length=254)
    company: Text = Field("", max_length=200)
    subject: Text = Field("", max_length=200)
    message: Text = Field("", max_length=10_000)
    website: Text = Field("", max_length=200)  # the honeypot: people leave it empty
    captchaId: str = Field("", max_length=64)  # noqa: N815 - the client's field names
    captchaInfo: str = Field("", max_length=16)  # noqa: N815


@router.post("/send", name="contact_send", response_model=Envelope[None])
@rate_limited("contact")
def send(body: ContactBody) -> dict[str, Any]:
    """Send an enquiry from the contact page's script."""
    contact.send(body.model_dump())
    return success(None, "Thank you: your enquiry has been sent, we will get back to you soon")


@router.get("/form", name="contact_form_page", response_class=RedirectResponse, status_code=303)
def form_page() -> RedirectResponse:
    """The contact page of the request's language."""
    return RedirectResponse(_site_path(get_lang(), "/about/contact/"), status_code=303)


@router.post(
    "/form",
    name="contact_form",
    response_class=HTMLResponse,
    responses=PAGE_RESPONSES,
    openapi_extra=FORM_OPENAPI,
)
async def form(request: Request) -> Response:
    """Send an enquiry by a plain form POST (no JavaScript): 303 when sent, else a page."""
    data = await _read_form(request)
    ip = client_ip(request)
    return await run_in_threadpool(_answer_form, data, ip)


# --- the plain form ------------------------------------------------------------------------------


async def _read_form(request: Request) -> dict[str, str]:
    """The URL-encoded fields (the first value of each); anything else reads as an empty form."""
    if not request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        return {}
    try:
        pairs = parse_qsl(
            (await request.body()).decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FORM_FIELDS
        )
    except (UnicodeDecodeError, ValueError):
        return {}
    data: dict[str, str] = {}
    for key, value in pairs:
        data.setdefault(key, value)
    return data


def _answer_form(data: dict[str, str], ip: str) -> Response:
    lang = data.get("lang") or ""
    lang = lang if lang in SUPPORTED_LANGS else get_lang()
    token = set_lang(lang)
    try:
        return _form_response(data, ip, lang)
    finally:
        reset_lang(token)


def _form_response(data: dict[str, str], ip: str, lang: str) -> Response:
    values = contact.clean(data)
    if data.get("refresh"):
        return _page(lang, values, status=200)
    try:
        hit_for("contact", ip)
        contact.send(data)
    except RateLimited as exc:
        notice = t("contact.page.limited", minutes=math.ceil(exc.retry_after / 60))
        return _page(lang, values, status=429, notice=notice, headers=exc.headers, show_form=False)
    except contact.ContactInvalid as exc:
        return _page(lang, values, status=400, errors=exc.errors)
    except contact.CaptchaRefused as exc:
        if exc.missing and not data.get(contact.CAPTCHA_INFO, "").strip():
            return _page(lang, values, status=200, notice=t("contact.page.step"))
        return _page(lang, values, status=400, errors=exc.data["errors"])
    except ApiError:
        # The enquiries table is not there (its design was deleted): nothing here accepts enquiries.
        return _page(lang, values, status=404, notice=t(contact.UNAVAILABLE), show_form=False)
    return RedirectResponse(_site_path(lang, "/about/contact/sent/"), status_code=303)


def _site_path(lang: str, path: str) -> str:
    return ("" if lang == "zh-cn" else f"/{lang}") + path


@functools.cache
def _template() -> Any:
    """The theme's `contact-form.html` (read once per process, on the first page drawn)."""
    # Imported here for the cold start: jinja2 takes about 80 ms to import (`python -X importtime -c
    # "import jinja2"`, 76-84 ms in three runs on the 2-core machine, 2026-11-29) and only this page,
    # which few visitors ever see, needs it; every member's first request would otherwise pay for it.
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(REPO_ROOT / "theme" / "templates"),
        autoescape=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    return environment.get_template("contact-form.html")


FIELD_INPUTS = {  # name → (input type, autocomplete)
    "phone": ("tel", "tel"),
    "email": ("email", "email"),
    "name": ("text", "name"),
    "company": ("text", "organization"),
}


def _field(field: Any, value: str, error: str | None) -> dict[str, Any]:
    """One labelled input of the design's field, with its error (`contact-form.html` draws it)."""
    name = field.name
    kind, complete = FIELD_INPUTS.get(name, ("text", "off"))
    help_text = t("contact.phone.help") if name == "phone" else ""
    return {
        "name": name,
        "label": records.words(field.title),
        "required": bool(field.required),
        "max": int(field.max) if field.max else 0,
        "described": ([f"err-{name}"] if error else []) + (["help-phone"] if help_text else []),
        "error": error or "",
        "help": help_text,
        "textarea": field.type == "textarea",
        "kind": kind,
        "complete": complete,
        "value": value,
        "wide": name in ("subject", "message"),
    }


def _page(
    lang: str,
    values: dict[str, str],
    *,
    status: int,
    notice: str = "",
    errors: list[dict[str, str]] | None = None,
    headers: dict[str, str] | None = None,
    show_form: bool = True,
) -> HTMLResponse:
    """The form page shown without JavaScript (see the module docstring), drawn by the theme's
    `contact-form.html`."""
    by_field = {entry["field"]: entry["msg"] for entry in errors or []}
    form: dict[str, Any] | None = None
    if show_form:
        try:
            doc, _ = contact.contact_design()
        except ApiError:
            doc = None
        if doc is not None:
            fields = [
                _field(f, values.get(f.name, ""), by_field.get(f.name))
                for f in doc.fields
                if f.name in contact.FIELDS
            ]
            captcha = {
                "id": secrets.token_urlsafe(18),
                "url": CAPTCHA_URL,
                "error": by_field.get(contact.CAPTCHA_INFO) or "",
            }
            form = {"action": FORM_ACTION, "lang": lang, "fields": fields, "captcha": captcha}
    page = _template().render(
        html_lang="zh-CN" if lang == "zh-cn" else "en",
        site=get_site_config(lang)["siteName"],
        home=_site_path(lang, "/"),
        back=_site_path(lang, "/about/contact/"),
        errors=[{"field": e["field"], "text": contact.message_of(e)} for e in errors or []],
        notice=(
            {
                "text": notice,
                **(
                    {"kind": "form-alert-error", "role": "alert"}
                    if status >= 400
                    else {"kind": "form-alert-info", "role": "status"}
                ),
            }
            if notice
            else None
        ),
        form=form,
        text={
            "title": t("contact.page.title"),
            "errors": t("contact.page.errors"),
            "back": t("contact.page.back"),
            "required": t("contact.required"),
            "captcha": t("contact.captcha"),
            "captcha_help": t("contact.captcha.help"),
            "captcha_alt": t("contact.captcha.alt"),
            "captcha_new": t("contact.captcha.new"),
            "send": t("contact.send"),
        },
    )
    return HTMLResponse(
        page, status_code=status, headers={**(headers or {}), "Content-Security-Policy": PAGE_CSP}
    )
