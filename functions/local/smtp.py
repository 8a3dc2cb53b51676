"""A local SMTP server that captures outgoing mail for developers (aiosmtpd).

The API sends e-mail codes through a real SMTP conversation; under `make run` this server accepts
them and writes each message to var/mail/<time>-<n>.eml, printing one line per message so the
developer can open it. Nothing leaves the machine.
"""

from __future__ import annotations

import itertools
import time
from email import message_from_bytes, policy
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

_counter = itertools.count(1)


class MailCapture:
    """aiosmtpd handler: store every accepted message as an .eml file."""

    def __init__(self, mail_dir: Path, announce: bool = True) -> None:
        self.mail_dir = mail_dir
        self.announce = announce
        mail_dir.mkdir(parents=True, exist_ok=True)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        content = envelope.original_content or envelope.content or b""
        data = content if isinstance(content, bytes) else content.encode()
        path = self.mail_dir / f"{time.strftime('%Y%m%d-%H%M%S')}-{next(_counter):04d}.eml"
        path.write_bytes(data)
        if self.announce:
            message = message_from_bytes(data, policy=policy.default)
            print(f"[mail] to {', '.join(envelope.rcpt_tos)}: {message['subject']} → {path}", flush=True)
        return "250 Message accepted for delivery"


def start(mail_dir: Path, port: int, host: str = "127.0.0.1", announce: bool = True) -> Controller:
    controller = Controller(MailCapture(mail_dir, announce), hostname=host, port=port)
    controller.start()
    return controller


def read_messages(mail_dir: Path) -> list:
    """Every captured message, oldest first, as email.message.EmailMessage objects."""
    return [message_from_bytes(p.read_bytes(), policy=policy.default) for p in sorted(mail_dir.glob("*.eml"))]
