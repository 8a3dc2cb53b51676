"""`POST /api/Sms/sendSms {mobile, template_code, extras}`: send a verification code by SMS.

`template_code` is the event (user_register, user_retrieve_pwd, user_mobile_verify,
user_change_mobile; see `functions.services.codes`). The image captcha is required: send its id and
answer as `extras.captchaId` and `extras.captchaInfo` (top-level `captchaId`/`captchaInfo` are
accepted too). The verify/change events need the member's `ba-user-token`. Limits: one SMS per
number per 60 s, 10 per day, and 10 codes (SMS and e-mail together) per IP per hour (Settings
`rate_send_code_*`; HTTP 429 beyond it); the code is valid 10 minutes. Answers `msg` "Sent successfully".
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from functions.core.responses import Envelope, success
from functions.core.routing import APIRouter
from functions.routes.deps import OptionalUser, rate_limited
from functions.services import codes

router = APIRouter(prefix="/Sms", tags=["codes"])


class SmsBody(codes.CaptchaAnswer):
    mobile: str = Field(default="", max_length=32)
    template_code: str = Field(default="", max_length=64)


@router.post(
    "/sendSms", name="sms_send", response_model=Envelope[None], dependencies=[rate_limited("send_code")]
)
def send_sms(body: SmsBody, user: OptionalUser) -> dict[str, Any]:
    """Send a code by SMS for an event."""
    codes.request_code("mobile", body.mobile, body.template_code, *body.captcha(), user)
    return success(None, "Sent successfully")
