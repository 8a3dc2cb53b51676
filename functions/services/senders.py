"""Pluggable senders of e-mail and SMS, chosen by settings.

E-mail (`settings.mail_backend`):
- "smtp": a real SMTP conversation with `settings.smtp_host:smtp_port` through smtplib (under
  `make run` the local capture writes each message to var/mail/*.eml);
- "ses": Amazon SES through boto3 `sesv2.send_email` (simple content, UTF-8).
The Config screen's Mail tab (`mail` group) holds an SMTP server of the admins' own; its test mail
(`send_test_mail`) goes through that server with its login and encryption.
SMS (`settings.sms_backend`):
- "outbox": one UTF-8 text file per message in `settings.sms_outbox_dir`
  (`<yyyymmdd-hhmmss>-<mobile>-<random>.txt`, first line `To: <mobile>`, then the text), for a
  developer to read;
- "sns": Amazon SNS `publish` to `+86<mobile>` as a transactional SMS, with the sender ID and
  origination number of the stage when set (`sns_attributes`).

Every sender raises `SendError` when the message could not be handed over. What only one backend
needs (smtplib and the e-mail classes, boto3) is imported when that backend sends.
"""

from __future__ import annotations

import secrets
import time
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from functions.core.log import logger
from functions.core.settings import Settings, get_settings
from functions.models.config import Config


class SendError(Exception):
    """The message could not be delivered to the mail server / SMS service."""


def send_email(to: str, subject: str, text: str, settings: Settings | None = None) -> None:
    settings = settings or get_settings()
    if settings.mail_backend == "ses":
        _send_ses(to, subject, text, settings)
    else:
        _send_smtp(to, subject, text, settings)


def _message(sender: str, to: str, subject: str, text: str) -> Any:
    """A plain-text UTF-8 message (an `email.message.EmailMessage`)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2].rstrip(">") or None)
    message.set_content(text)
    return message


def _send_smtp(to: str, subject: str, text: str, settings: Settings) -> None:
    import smtplib  # deferred: ~2 ms at cold start; only a mail sent by SMTP needs it

    message = _message(formataddr(("City Operations", settings.mail_from)), to, subject, text)
    try:
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=10) as smtp:
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as exc:
        logger.warning("smtp send failed", extra={"error": type(exc).__name__})
        raise SendError("smtp") from exc


def mail_settings() -> dict[str, Any]:
    """The SMTP server of the Config screen's Mail tab; an empty server, port or sender is the
    stage's (`settings.smtp_host`, `smtp_port`, `mail_from`)."""
    settings = get_settings()
    stored = {i.name: i.value for i in Config.query_group("mail")}
    port = stored.get("smtp_port")
    return {
        "host": stored.get("smtp_server") or settings.smtp_host,
        "port": int(port) if port not in (None, "") else settings.smtp_port,
        "user": stored.get("smtp_user") or "",
        "password": stored.get("smtp_pass") or "",
        "verification": stored.get("smtp_verification") or "none",
        "sender": stored.get("smtp_sender_mail") or settings.mail_from,
        "sender_name": stored.get("smtp_sender_name") or "",
    }


def send_test_mail(to: str, subject: str, text: str) -> None:
    """Send one plain-text mail through the Mail tab's SMTP server, with its login and encryption
    (raises OSError / smtplib's errors on failure: the route says why)."""
    import smtplib  # deferred: ~2 ms at cold start; only a mail sent by SMTP needs it

    conf = mail_settings()
    sender = formataddr((conf["sender_name"], conf["sender"])) if conf["sender_name"] else conf["sender"]
    message = _message(sender, to, subject, text)
    if conf["verification"] == "SSL":
        client: smtplib.SMTP = smtplib.SMTP_SSL(conf["host"], conf["port"], timeout=10)
    else:
        client = smtplib.SMTP(conf["host"], conf["port"], timeout=10)
    with client:
        if conf["verification"] == "TLS":
            client.starttls()
        if conf["user"]:
            client.login(conf["user"], conf["password"])
        client.send_message(message)


def _send_ses(to: str, subject: str, text: str, settings: Settings) -> None:
    import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

    client = boto3.client("sesv2", region_name=settings.aws_region)
    try:
        client.send_email(
            FromEmailAddress=settings.mail_from,
            Destination={"ToAddresses": [to]},
            Content={
                "Simple": {
                    "Subject": {"Data": subject, "Charset": "UTF-8"},
                    "Body": {"Text": {"Data": text, "Charset": "UTF-8"}},
                }
            },
        )
    except (BotoCoreError, ClientError) as exc:
        logger.warning("ses send failed", extra={"error": type(exc).__name__})
        raise SendError("ses") from exc


def send_sms(mobile: str, text: str, settings: Settings | None = None) -> None:
    settings = settings or get_settings()
    if settings.sms_backend == "sns":
        _send_sns(mobile, text, settings)
    else:
        _send_outbox(mobile, text, settings)


def _send_outbox(mobile: str, text: str, settings: Settings) -> None:
    folder = settings.sms_outbox_dir
    try:
        folder.mkdir(parents=True, exist_ok=True)
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{mobile}-{secrets.token_hex(3)}.txt"
        (folder / name).write_text(f"To: {mobile}\n\n{text}\n", encoding="utf-8")
    except OSError as exc:
        raise SendError("outbox") from exc
    print(f"[sms] to {mobile} → {folder / name}", flush=True)


def sns_attributes(settings: Settings) -> dict[str, dict[str, str]]:
    """The SNS message attributes of a code SMS: transactional, plus the stage's sender ID and
    origination number when it sets them (`CITYOPS_SMS_SENDER_ID`, `CITYOPS_SMS_ORIGINATION_NUMBER`)."""
    attributes = {"AWS.SNS.SMS.SMSType": {"DataType": "String", "StringValue": "Transactional"}}
    if settings.sms_sender_id:
        attributes["AWS.SNS.SMS.SenderID"] = {"DataType": "String", "StringValue": settings.sms_sender_id}
    if settings.sms_origination_number:
        attributes["AWS.MM.SMS.OriginationNumber"] = {
            "DataType": "String",
            "StringValue": settings.sms_origination_number,
        }
    return attributes


def _send_sns(mobile: str, text: str, settings: Settings) -> None:
    import boto3  # deferred: boto3 adds ~25 ms to a cold start (botocore is loaded already)

    client = boto3.client("sns", region_name=settings.aws_region)
    try:
        client.publish(
            PhoneNumber=f"+86{mobile}",
            Message=text,
            MessageAttributes=sns_attributes(settings),
        )
    except (BotoCoreError, ClientError) as exc:
        logger.warning("sns publish failed", extra={"error": type(exc).__name__})
        raise SendError("sns") from exc
