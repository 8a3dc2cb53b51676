"""`POST /api/Ems/send {email, event, extras}`: send a verification code by e-mail.

`event`: user_register, user_retrieve_pwd, user_email_verify, user_change_email (see
`functions.services.codes`). The image captcha is required: `extras.captchaId` +
`extras.captchaInfo` (or the same names at the top level). The verify/change events need the
member's `ba-user-token`. Limits: one e-mail per address per 60 s, 10 per day, and 10 codes (SMS
and e-mail together) per IP per hour (Settings `rate_send_code_*`; HTTP 429 beyond it); the code is
valid 10 minutes. The e-mail is written in the request's language. Answers `msg` "Sent successfully".
"""

from __future__ import annotations

from pydantic import Field

from functions.routes.send_code import CodeRequest, send_router


class EmsBody(CodeRequest, channel="email", target="email", event="event"):
    email: str = Field(default="", max_length=254)
    event: str = Field(default="", max_length=64)


router = send_router("/Ems", "/send", "ems_send", EmsBody, "Send a code by e-mail for an event.")
