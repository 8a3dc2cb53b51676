"""Member-area units without DynamoDB: amounts, account classification, captcha drawing, the message
catalogue, and the senders (real SMTP conversation with the local capture, the SMS outbox, SES and
SNS requests through moto)."""

from __future__ import annotations

import io

import pytest

from functions.core.i18n import MESSAGES, t
from functions.core.messages_members import MEMBER_MESSAGES
from functions.core.settings import Settings
from functions.local.dynamodb import free_port
from functions.models.user import cents_to_yuan
from functions.services import captcha, senders
from functions.services.members import classify


@pytest.mark.parametrize(
    ("cents", "text"), [(0, "0.00"), (5, "0.05"), (1230, "12.30"), (-5, "-0.05"), (-123456, "-1234.56")]
)
def test_cents_to_yuan(cents: int, text: str) -> None:
    assert cents_to_yuan(cents) == text


@pytest.mark.parametrize(
    ("account", "field"),
    [("alice", "username"), ("a@b.cn", "email"), ("13912345678", "mobile"), ("1391234567", "username")],
)
def test_classify(account: str, field: str) -> None:
    assert classify(account) == field


def test_captcha_ids_and_answers() -> None:
    assert captcha.valid_id("abcdEFGH-_12")
    for bad in (None, "", "short", "x" * 65, "has space1", "äöüäöüäöü"):
        assert not captcha.valid_id(bad)
    answers = {captcha.new_answer() for _ in range(50)}
    assert len(answers) > 40
    for answer in answers:
        assert len(answer) == captcha.LENGTH
        assert not set(answer) & set("0O1lIo")


def test_captcha_png_is_a_picture_of_the_right_size() -> None:
    from PIL import Image

    data = captcha.render_png("AbC4")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == (captcha.WIDTH * captcha.SCALE, captcha.HEIGHT * captcha.SCALE)
    # Not blank: many colours.
    assert len(image.convert("RGB").getcolors(maxcolors=100_000) or []) > 50


def test_every_member_message_has_both_languages() -> None:
    for key, entry in MEMBER_MESSAGES.items():
        assert entry.get("zh-cn") and entry.get("en"), key
        assert MESSAGES[key] == entry, f"{key} is overridden elsewhere"


def test_code_messages_fill_their_parameters() -> None:
    params = {"action": t("event.user_register", lang="en"), "code": "123456", "minutes": 10, "site": "X"}
    text = t("mail.code.body", lang="en", **params)
    assert "register your member account" in text and "123456" in text and "10 minutes" in text
    assert "123456" in t("sms.code.body", lang="zh-cn", **params)


def _settings(tmp_path, **values) -> Settings:
    return Settings(sms_outbox_dir=tmp_path / "sms", **values)


def test_smtp_sender_talks_to_the_capture(tmp_path) -> None:
    from functions.local import smtp

    port = free_port()
    controller = smtp.start(tmp_path / "mail", port, announce=False)
    try:
        senders.send_email(
            "someone@example.com", "主题 Subject", "正文 123456", _settings(tmp_path, smtp_port=port)
        )
    finally:
        controller.stop()
    (message,) = smtp.read_messages(tmp_path / "mail")
    assert message["To"] == "someone@example.com"
    assert message["Subject"] == "主题 Subject"
    assert "正文 123456" in message.get_body(preferencelist=("plain",)).get_content()


def test_smtp_sender_reports_an_unreachable_server(tmp_path) -> None:
    with pytest.raises(senders.SendError):
        senders.send_email("a@example.com", "s", "t", _settings(tmp_path, smtp_port=free_port()))


def test_outbox_sender_writes_one_readable_file(tmp_path) -> None:
    settings = _settings(tmp_path)
    senders.send_sms("13912345678", "【城运】验证码 123456", settings)
    (path,) = (tmp_path / "sms").glob("*.txt")
    assert "13912345678" in path.name
    assert path.read_text(encoding="utf-8") == "To: 13912345678\n\n【城运】验证码 123456\n"


@pytest.fixture
def aws(monkeypatch):
    from moto import mock_aws

    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    with mock_aws():
        yield


def test_ses_sender_sends_through_sesv2(tmp_path, aws) -> None:
    import boto3
    from moto.core import DEFAULT_ACCOUNT_ID
    from moto.ses.models import ses_backends

    settings = _settings(tmp_path, mail_backend="ses", mail_from="noreply@cityops.example")
    boto3.client("ses", region_name=settings.aws_region).verify_email_identity(
        EmailAddress=settings.mail_from
    )
    senders.send_email("member@example.com", "Your code", "Code 654321", settings)
    (sent,) = ses_backends[DEFAULT_ACCOUNT_ID][settings.aws_region].sent_messages
    assert sent.destinations["ToAddresses"] == ["member@example.com"]
    assert sent.subject == "Your code" and "654321" in sent.body


def test_ses_sender_reports_refusals(tmp_path, aws) -> None:
    settings = _settings(tmp_path, mail_backend="ses", mail_from="unverified@cityops.example")
    with pytest.raises(senders.SendError):
        senders.send_email("member@example.com", "s", "t", settings)


def test_sns_sender_publishes_to_the_chinese_number(tmp_path, aws) -> None:
    from moto.core import DEFAULT_ACCOUNT_ID
    from moto.sns.models import sns_backends

    settings = _settings(tmp_path, sms_backend="sns")
    senders.send_sms("13912345678", "code 111222", settings)
    messages = list(sns_backends[DEFAULT_ACCOUNT_ID][settings.aws_region].sms_messages.values())
    assert messages == [("+8613912345678", "code 111222")]
    assert not (tmp_path / "sms").exists()


def test_sns_sender_sends_the_stages_sender_id_and_origination_number(tmp_path, monkeypatch) -> None:
    import boto3
    from botocore.stub import Stubber

    settings = _settings(
        tmp_path, sms_backend="sns", sms_sender_id="CityOps", sms_origination_number="+8610690000"
    )
    client = boto3.client(
        "sns", region_name=settings.aws_region, aws_access_key_id="x", aws_secret_access_key="x"
    )
    stubber = Stubber(client)
    stubber.add_response(
        "publish",
        {"MessageId": "m-1"},
        {
            "PhoneNumber": "+8613912345678",
            "Message": "code 333444",
            "MessageAttributes": {
                "AWS.SNS.SMS.SMSType": {"DataType": "String", "StringValue": "Transactional"},
                "AWS.SNS.SMS.SenderID": {"DataType": "String", "StringValue": "CityOps"},
                "AWS.MM.SMS.OriginationNumber": {"DataType": "String", "StringValue": "+8610690000"},
            },
        },
    )
    monkeypatch.setattr(boto3, "client", lambda *args, **kwargs: client)
    with stubber:
        senders.send_sms("13912345678", "code 333444", settings)
    stubber.assert_no_pending_responses()


def test_sms_sender_settings_are_validated(tmp_path) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        _settings(tmp_path, sms_sender_id="not a sender id!")
    with pytest.raises(ValidationError):
        _settings(tmp_path, sms_origination_number="10690000")
