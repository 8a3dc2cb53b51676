"""What the two "send me a code" routes share (`POST /api/Ems/send`, `functions.routes.api.ems`, and
`POST /api/Sms/sendSms`, `functions.routes.api.sms`): the body's captcha (`CodeRequest`), the
per-IP rate limit and the answer "Sent successfully" (`add_send_route`); the whole check and
sending is `functions.services.codes.request_code`.

This module does not use `from __future__ import annotations`: the endpoint annotates its body
parameter with the route's own schema, which FastAPI must be able to evaluate.
"""

from typing import Any

from functions.core.responses import Envelope, success
from functions.core.routing import APIRouter
from functions.routes.deps import OptionalUser, rate_limited
from functions.services import codes


class CodeRequest(codes.CaptchaAnswer):
    """A code request; a subclass adds its target and event fields and names them in `request()`."""

    def request(self) -> tuple[codes.Channel, str, str]:
        """The channel, the target (address or number) and the event."""
        raise NotImplementedError


def add_send_route(router: APIRouter, path: str, name: str, body_type: type[CodeRequest], doc: str) -> None:
    """`POST <path>` on `router`: check and send a code for the request in a `body_type` body."""

    @router.post(
        path,
        name=name,
        description=doc,
        response_model=Envelope[None],
        dependencies=[rate_limited("send_code")],
    )
    def send(body: body_type, user: OptionalUser) -> dict[str, Any]:  # type: ignore[valid-type]
        sent: CodeRequest = body
        channel, target, event = sent.request()
        codes.request_code(channel, target, event, *sent.captcha(), user)
        return success(None, "Sent successfully")
