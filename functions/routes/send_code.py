"""What the two "send me a code" routes share (`POST /api/Ems/send`, `functions.routes.api.ems`, and
`POST /api/Sms/sendSms`, `functions.routes.api.sms`): the body's captcha (`CodeRequest`), the
per-IP rate limit and the answer "Sent successfully" (`send_router`); the whole check and
sending is `functions.services.codes.request_code`.

This module does not use `from __future__ import annotations`: the endpoint annotates its body
parameter with the route's own schema, which FastAPI must be able to evaluate.
"""

from typing import Any, ClassVar

from functions.core.responses import Envelope, success
from functions.core.routing import APIRouter
from functions.routes.deps import OptionalUser, rate_limited
from functions.services import codes


class CodeRequest(codes.CaptchaAnswer):
    """A code request. A subclass adds its target and event fields and names them, with its channel,
    in the class keywords: `class EmsBody(CodeRequest, channel="email", target="email", event="event")`."""

    code_fields: ClassVar[tuple[codes.Channel, str, str]]

    def __init_subclass__(cls, *, channel: codes.Channel, target: str, event: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.code_fields = (channel, target, event)

    def request(self) -> tuple[codes.Channel, str, str]:
        """The channel, the target (address or number) and the event."""
        channel, target, event = self.code_fields
        return channel, getattr(self, target), getattr(self, event)


def send_router(prefix: str, path: str, name: str, body_type: type[CodeRequest], doc: str) -> APIRouter:
    """The router of `POST <prefix><path>`: check and send a code for the request in a `body_type` body."""
    router = APIRouter(prefix=prefix, tags=["codes"])

    @router.post(path, name=name, description=doc, response_model=Envelope[None])
    @rate_limited("send_code")
    def send(body: body_type, user: OptionalUser) -> dict[str, Any]:  # type: ignore[valid-type]
        sent: CodeRequest = body
        channel, target, event = sent.request()
        codes.request_code(channel, target, event, *sent.captcha(), user)
        return success(None, "Sent successfully")

    return router
