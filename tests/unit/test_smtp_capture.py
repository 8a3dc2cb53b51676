"""The SMTP capture accepts a real SMTP conversation and keeps the message readable."""

import smtplib
from email.message import EmailMessage

from functions.local import smtp
from functions.local.dynamodb import free_port


def test_message_sent_over_smtp_is_written_to_the_mail_folder(tmp_path) -> None:
    port = free_port()
    controller = smtp.start(tmp_path, port, announce=False)
    try:
        message = EmailMessage()
        message["From"] = "noreply@cityops.local"
        message["To"] = "member@example.com"
        message["Subject"] = "验证码 / Verification code"
        message.set_content("您的验证码是 482913。")
        with smtplib.SMTP("127.0.0.1", port, timeout=5) as client:
            client.send_message(message)
    finally:
        controller.stop()
    [received] = smtp.read_messages(tmp_path)
    assert received["To"] == "member@example.com"
    assert received["Subject"] == "验证码 / Verification code"
    assert "482913" in received.get_content()
