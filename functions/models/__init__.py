"""The PynamoDB models, one module per aggregate, and their registry.

`ALL_MODELS` lists every table model; `configure_models(settings)` must run before any model is
used (it binds table names and the endpoint: see `functions.models.base`). `infra/` reads
`functions.models.tables.describe_tables()` to create the same tables in CDK. Add new models to
`ALL_MODELS`.
"""

from __future__ import annotations

from collections.abc import Iterable

from functions.core.settings import Settings, get_settings
from functions.models.account_log import MoneyLog, ScoreLog
from functions.models.admin import Admin
from functions.models.admin_log import AdminLog
from functions.models.attachment import Attachment
from functions.models.base import BaseModel, DuplicateError, configure, transact_write
from functions.models.captcha import Captcha
from functions.models.code import VerifyCode
from functions.models.config import Config
from functions.models.counter import Counter, next_id
from functions.models.design import Design, DesignLog, Record
from functions.models.group import AdminGroup, UserGroup
from functions.models.job import Job, JobLine, JobLock
from functions.models.org import OrgChart
from functions.models.rate_limit import RateCounter
from functions.models.rule import AdminRule, UserRule
from functions.models.security import RecycleLog, RecycleRule, SensitiveLog, SensitiveRule
from functions.models.session import RefreshToken, Session
from functions.models.unique import Unique
from functions.models.user import User

ALL_MODELS: tuple[type[BaseModel], ...] = (
    Config,
    Admin,
    Unique,
    Counter,
    AdminRule,
    AdminGroup,
    AdminLog,
    UserRule,
    UserGroup,
    Attachment,
    Session,
    RefreshToken,
    Captcha,
    VerifyCode,
    User,
    MoneyLog,
    ScoreLog,
    RateCounter,
    Design,
    DesignLog,
    Record,
    Job,
    JobLine,
    JobLock,
    RecycleRule,
    RecycleLog,
    SensitiveRule,
    SensitiveLog,
    OrgChart,
)


def configure_models(
    settings: Settings | None = None, models: Iterable[type[BaseModel]] | None = None
) -> None:
    """Bind `models` (default: `ALL_MODELS`) to the table prefix, endpoint and region of `settings`."""
    configure(ALL_MODELS if models is None else models, settings or get_settings())


__all__ = [
    "ALL_MODELS",
    "Admin",
    "AdminGroup",
    "AdminLog",
    "AdminRule",
    "Attachment",
    "Captcha",
    "BaseModel",
    "Config",
    "Counter",
    "Design",
    "DesignLog",
    "Record",
    "Job",
    "JobLine",
    "JobLock",
    "DuplicateError",
    "MoneyLog",
    "OrgChart",
    "RateCounter",
    "RecycleLog",
    "RecycleRule",
    "SensitiveLog",
    "SensitiveRule",
    "RefreshToken",
    "ScoreLog",
    "Session",
    "Unique",
    "User",
    "UserGroup",
    "UserRule",
    "VerifyCode",
    "configure_models",
    "next_id",
    "transact_write",
]
