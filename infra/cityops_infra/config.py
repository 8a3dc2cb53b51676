"""Per-stage settings of the CDK app, read from the context (`cdk.json` and `-c name=value`).

`make deploy STAGE=<stage>` runs `cdk deploy -c stage=<stage>`. The stage's settings are the
defaults below, overridden by `cdk.json` → `context.stages.<stage>`, overridden by a top-level
`-c key=value` (so `-c alarm_email=ops@example.com` works for any stage). Every resource name is
derived from the stage: stack `CityOps-<stage>`, tables `cityops-<stage>-<model>`, buckets
`cityops-<stage>-…`, so two stages never collide in one account.

Keys (all optional):

| key | meaning |
|---|---|
| `production` | true for the production stage: data is kept (RetainExceptOnCreate), `make destroy` refuses |
| `region` | region of the stack (default: the credentials' region, else us-east-1) |
| `domain_names` | list of custom host names for CloudFront (needs `certificate_arn`) |
| `certificate_arn` | ACM certificate in us-east-1 covering `domain_names` |
| `mail_from` | SES sender address (its domain gets an SES identity); required in production |
| `sms_sender_id` | SNS SMS sender ID (where the destination country allows one) |
| `sms_origination_number` | SNS origination number (E.164) for SMS |
| `alarm_email` | address subscribed to the alarm topic; required in production |
| `price_class` | CloudFront price class: `200` (default, edges in Asia too), `100` or `All` |
| `log_retention_days` | CloudWatch Logs retention of the functions and the API access log |
| `access_log_days` | days the CloudFront/S3 access logs are kept in the log bucket |
| `waf_rate_limit` | requests per 5 minutes per IP on login/registration/code paths (WAF) |
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from aws_cdk import RemovalPolicy
from aws_cdk import aws_logs as logs

STAGE_PATTERN = re.compile(r"[a-z][a-z0-9]{1,11}")
DEFAULT_REGION = "us-east-1"
PRODUCTION_STAGES = frozenset({"prod", "production"})
KEYS = (
    "production",
    "region",
    "domain_names",
    "certificate_arn",
    "mail_from",
    "sms_sender_id",
    "sms_origination_number",
    "alarm_email",
    "log_retention_days",
    "access_log_days",
    "waf_rate_limit",
    "price_class",
)
PRICE_CLASSES = ("100", "200", "All")
# What a production stage must name, and why (stage_config refuses to synthesize without it).
SES_SANDBOX_HELP = (
    "set mail_from (e.g. noreply@example.com) in cdk.json stages.<stage> or with -c mail_from=…: the "
    "stack creates the SES identity of its domain and prints three DKIM records to publish; then leave "
    "the SES sandbox: aws sesv2 put-account-details --production-access-enabled --mail-type "
    'TRANSACTIONAL --website-url https://<your site> --use-case-description "verification codes" '
    "(infra/README.md, Leaving the SES and SNS sandboxes)"
)
ALARM_HELP = (
    "set alarm_email (who is woken by a failed publish or an API 5xx) in cdk.json stages.<stage> or "
    "with -c alarm_email=…, and confirm the subscription e-mail AWS sends"
)


@dataclass(frozen=True)
class StageConfig:
    stage: str
    production: bool = False
    region: str | None = None
    domain_names: tuple[str, ...] = ()
    certificate_arn: str | None = None
    mail_from: str | None = None
    sms_sender_id: str | None = None
    sms_origination_number: str | None = None
    alarm_email: str | None = None
    log_retention_days: int = 30
    access_log_days: int = 90
    waf_rate_limit: int = 300
    price_class: str = "200"

    @property
    def prefix(self) -> str:
        """Prefix of every physical name: `cityops-<stage>`."""
        return f"cityops-{self.stage}"

    @property
    def stack_name(self) -> str:
        return f"CityOps-{self.stage}"

    @property
    def data_removal_policy(self) -> RemovalPolicy:
        """Where data is kept: retained on update or delete, but removed when the stack's first create
        fails (so a retry is not blocked by leftovers). Other stages delete their data with the stack."""
        return RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE if self.production else RemovalPolicy.DESTROY

    @property
    def log_retention(self) -> logs.RetentionDays:
        return _retention(self.log_retention_days)

    @property
    def sender(self) -> str:
        if self.mail_from:
            return self.mail_from
        if self.domain_names:
            return f"noreply@{self.domain_names[0]}"
        return "noreply@example.com"


# CloudWatch Logs' retention choices (days -> RetentionDays member name).
_RETENTIONS = {
    **{1: "ONE_DAY", 3: "THREE_DAYS", 7: "ONE_WEEK", 14: "TWO_WEEKS", 30: "ONE_MONTH", 60: "TWO_MONTHS"},
    **{90: "THREE_MONTHS", 180: "SIX_MONTHS", 365: "ONE_YEAR", 731: "TWO_YEARS", 1827: "FIVE_YEARS"},
    3653: "TEN_YEARS",
}


def _retention(days: int) -> logs.RetentionDays:
    """The shortest CloudWatch Logs retention of at least `days` days (at most ten years)."""
    name = next((name for value, name in _RETENTIONS.items() if value >= days), "TEN_YEARS")
    return getattr(logs.RetentionDays, name)


def _parse(value: Any) -> Any:
    """`-c key=value` arrives as a string; cdk.json values keep their JSON type."""
    if isinstance(value, str) and value[:1] in "[{" or value in ("true", "false"):
        return json.loads(value)
    return value


def stage_config(context: dict[str, Any], *, deployable: bool = True) -> StageConfig:
    """The stage's settings from a context dictionary (what `app.node.try_get_context` sees).
    `deployable=False` skips what only a deploy needs (a production stage's alarm address and sender):
    `make destroy`'s guard only asks whether the stage is a production one."""
    stage = context.get("stage")
    if not stage:
        raise SystemExit("no stage: run `make deploy STAGE=<stage>` (or pass -c stage=<stage>)")
    if not STAGE_PATTERN.fullmatch(stage):
        raise SystemExit(f"stage {stage!r}: use 2-12 lowercase letters or digits, starting with a letter")
    stages = _parse(context.get("stages") or {})
    values: dict[str, Any] = {"production": stage in PRODUCTION_STAGES}
    values.update(stages.get(stage) or {})
    for key in KEYS:
        if context.get(key) is not None:
            values[key] = _parse(context[key])
    unknown = sorted(set(values) - set(KEYS))
    if unknown:
        raise SystemExit(f"stage {stage!r}: unknown settings {unknown}")
    domains = values.get("domain_names") or ()
    values["domain_names"] = (domains,) if isinstance(domains, str) else tuple(domains)
    if bool(values["domain_names"]) != bool(values.get("certificate_arn")):
        raise SystemExit(f"stage {stage!r}: domain_names and certificate_arn go together")
    for key in ("log_retention_days", "access_log_days", "waf_rate_limit"):
        if key in values:
            values[key] = int(values[key])
    values["production"] = bool(values["production"])
    if "price_class" in values:
        values["price_class"] = str(values["price_class"])
        if values["price_class"] not in PRICE_CLASSES:
            raise SystemExit(f"stage {stage!r}: price_class is one of {', '.join(PRICE_CLASSES)}")
    if values["production"] and deployable:
        # A production stage must reach someone and be able to send codes from its first deploy.
        if not values.get("alarm_email"):
            raise SystemExit(f"stage {stage!r} is a production stage without an alarm address: {ALARM_HELP}")
        if not values.get("mail_from"):
            raise SystemExit(f"stage {stage!r} is a production stage without a sender: {SES_SANDBOX_HELP}")
    return StageConfig(stage=stage, **values)
