"""`POST /api/Sms/sendSms {mobile, template_code, extras}`: send a verification code by SMS.

`template_code` is the event (user_register, user_retrieve_pwd, user_mobile_verify,
user_change_mobile; see `functions.services.codes`). The image captcha is required: send its id and
answer as `extras.captchaId` and `extras.captchaInfo` (top-level `captchaId`/`captchaInfo` are
accepted too). The verify/change events need the member's `ba-user-token`. Limits: one SMS per
number per 60 s, 10 per day, and 10 codes (SMS and e-mail together) per IP per hour (Settings
`rate_send_code_*`; HTTP 429 beyond it); the code is valid 10 minutes. Answers `msg` "Sent successfully".
"""

from __future__ import annotations

from pydantic import Field

from functions.routes.send_code import CodeRequest, send_router


class SmsBody(CodeRequest, channel="mobile", target="mobile", event="template_code"):
    mobile: str = Field(default="", max_length=32)
    template_code: str = Field(default="", max_length=64)


router = send_router("/Sms", "/sendSms", "sms_send", SmsBody, "Send a code by SMS for an event.")
