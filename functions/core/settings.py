"""Settings from environment variables (prefix `CITYOPS_`), read once per process.

Outside development and test the JWT secret must be set explicitly: a default secret would let
anyone forge tokens, so `Settings` refuses to start with it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]
DEV_SECRET = "development-only-secret-change-me-0000000000"  # noqa: S105 - refused in production


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CITYOPS_", extra="ignore")

    env: Literal["development", "test", "production"] = "development"

    # DynamoDB: endpoint is set for DynamoDB Local, empty on AWS.
    dynamodb_endpoint: str | None = None
    aws_region: str = "us-east-1"
    table_prefix: str = "cityops-"

    # Tokens.
    jwt_secret: str = DEV_SECRET
    access_token_minutes: int = 15
    refresh_token_days: int = 14
    # A login without "remember me" gets no refresh token; its access token lasts this long instead.
    short_session_minutes: int = 240

    # Months of admin-log rows kept and listed (0: all); older rows expire through the table's TTL.
    admin_log_retention_months: int = Field(24, ge=0, le=1200)

    # Files: a local folder in development, an S3 bucket on AWS.
    upload_dir: Path = REPO_ROOT / "var" / "uploads"
    uploads_bucket: str | None = None

    # E-mail: SMTP (the local capture under `make run`) or SES on AWS.
    mail_backend: Literal["smtp", "ses"] = "smtp"
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 8025
    mail_from: str = "noreply@cityops.local"
    # SMS: an outbox folder locally, SNS on AWS.
    sms_backend: Literal["outbox", "sns"] = "outbox"
    sms_outbox_dir: Path = REPO_ROOT / "var" / "sms"
    # SNS sender settings (set by the stack from the stage's context; both optional): the sender ID shown
    # where carriers allow one, and the origination number (long code / toll-free) where they require one.
    sms_sender_id: str = Field("", max_length=11, pattern=r"^[A-Za-z0-9]*$")
    sms_origination_number: str = Field("", max_length=20, pattern=r"^(\+[0-9]{6,19})?$")

    # Static-site rebuild.
    site_dir: Path = REPO_ROOT / "site"
    content_dir: Path = REPO_ROOT / "content"
    # Publishing (`functions.services.publish_jobs`): a save's publish waits this long for further saves;
    # saves publish by themselves when `publish_auto` says so, else in development and where a rebuild
    # function is configured (AWS; the API invokes it with the job id).
    publish_debounce_seconds: float = 1.0
    publish_auto: bool | None = None
    # How often the local server looks for scheduled rows whose publish time has come (on AWS:
    # every minute, EventBridge Scheduler).
    publish_schedule_seconds: float = Field(15.0, gt=0, le=60)
    rebuild_function: str = ""
    # Where the rebuild function puts the site (set by the stack on AWS; `functions.publish.rebuild`), and
    # the function the back office's terminal invokes for a data upgrade (`functions.services.terminal`).
    site_bucket: str = ""
    paths_store_arn: str = ""
    distribution_id: str = ""
    bootstrap_function: str = ""

    # Public base URL of the site (canonical links, e-mails).
    public_url: str = "http://127.0.0.1:8000"
    api_url: str = "/srv"

    log_level: str = "INFO"

    # Requests: a body whose Content-Length exceeds this gets HTTP 413 before it is read.
    max_body_bytes: int = 16 * 1024 * 1024
    # Uploads (SPEC §3 site config `upload`): the server's limits, sent to the client by /api/index/index.
    upload_max_bytes: int = 10 * 1024 * 1024
    # The largest file a local-mode upload may send through the API itself. On Lambda the stack sets
    # 4 MB: a synchronous invocation carries at most 6 MB and API Gateway base64-encodes a binary body
    # (a third larger). Remote mode (presigned POST straight to the bucket) is not bound by it.
    api_upload_max_bytes: int = 10 * 1024 * 1024
    # `upload.mode` while Config has no `upload_mode` item saved: the stack sets "remote" on AWS.
    upload_mode_default: Literal["local", "remote"] = "local"
    upload_mimetypes: str = "jpg,png,bmp,jpeg,gif,webp,zip,rar,xls,xlsx,doc,docx,wav,mp4,mp3,txt,pdf"
    # Object keys of uploads; always under /storage/ (served there by the gateway and CloudFront).
    upload_savename: str = "/storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}"
    # How long the site configuration read from DynamoDB is kept in memory (0 disables the cache).
    config_cache_seconds: float = 30.0

    # Per-IP rate limits (`functions.services.rate_limit`): at most `<action>_limit` requests per
    # `<action>_window` seconds from one address; a limit of 0 turns that limiter off. They come on
    # top of the per-account login lockout and the per-target code-sending limits.
    rate_checkin_limit: int = 20  # POST /api/user/checkIn (member login and registration)
    rate_checkin_window: int = 300
    rate_admin_login_limit: int = 20  # POST /admin/index/login
    rate_admin_login_window: int = 300
    rate_send_code_limit: int = 10  # POST /api/Sms/sendSms and /api/Ems/send, one shared budget
    rate_send_code_window: int = 3600
    rate_captcha_limit: int = 60  # GET /api/common/captcha
    rate_captcha_window: int = 300
    rate_refresh_limit: int = 60  # POST /api/common/refreshToken
    rate_refresh_window: int = 300
    # POST /api/contact/send and /api/contact/form (enquiries of the public site), one shared budget;
    # a visitor without JavaScript posts twice per enquiry (the form, then the captcha step).
    rate_contact_limit: int = 10
    rate_contact_window: int = 3600

    # Where the caller's address comes from (`functions.core.client_ip`): "peer" is what the platform
    # puts in the ASGI scope (the socket peer locally, API Gateway's sourceIp on AWS); "cloudfront"
    # reads `CloudFront-Viewer-Address`, and then every request must carry `X-Origin-Verify` with
    # `origin_verify_secret` (CloudFront adds it as a custom origin header; others are refused).
    client_ip_source: Literal["peer", "cloudfront"] = "peer"
    origin_verify_secret: SecretStr = SecretStr("")
    # A refresh token presented again within this many seconds of its rotation (two tabs refreshing
    # at once) gets the same new pair instead of counting as a replay.
    refresh_grace_seconds: int = 30

    @model_validator(mode="after")
    def _refuse_default_secret(self) -> Settings:
        if self.env == "production" and (self.jwt_secret == DEV_SECRET or len(self.jwt_secret) < 32):
            raise ValueError(
                "CITYOPS_JWT_SECRET must be set to a random value of 32+ characters in production"
            )
        if self.client_ip_source == "cloudfront" and len(self.origin_verify_secret.get_secret_value()) < 32:
            raise ValueError(
                "CITYOPS_ORIGIN_VERIFY_SECRET must be set (32+ characters) when "
                "CITYOPS_CLIENT_IP_SOURCE=cloudfront"
            )
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
