"""Per-stage settings (infra/cityops_infra/config.py): names derived from the stage, data kept only
where it must be, and the context that `make deploy STAGE=…` passes."""

from __future__ import annotations

import pytest
from aws_cdk import RemovalPolicy


def config(**context):
    """The stage's settings; a production stage gets the alarm address and the sender it must name."""
    from app import cdk_context
    from cityops_infra.config import stage_config

    from tests.infra.conftest import DEPLOY_SETTINGS

    return stage_config(cdk_context(**{**DEPLOY_SETTINGS, **context}))


def test_two_stages_share_no_name() -> None:
    dev, prod = config(stage="dev"), config(stage="prod")
    assert (dev.prefix, dev.stack_name) == ("cityops-dev", "CityOps-dev")
    assert (prod.prefix, prod.stack_name) == ("cityops-prod", "CityOps-prod")


def test_production_keeps_its_data_and_other_stages_do_not() -> None:
    assert config(stage="prod").production
    assert config(stage="prod").data_removal_policy == RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
    assert not config(stage="dev").production
    assert config(stage="dev").data_removal_policy == RemovalPolicy.DESTROY
    assert config(stage="dev", production="true").production  # -c production=true


def test_command_line_values_override_cdk_json() -> None:
    staged = config(
        stage="prod",
        alarm_email="ops@example.com",
        domain_names='["www.example.com", "example.com"]',
        certificate_arn="arn:aws:acm:us-east-1:123456789012:certificate/abc",
        log_retention_days="90",
    )
    assert staged.alarm_email == "ops@example.com"
    assert staged.domain_names == ("www.example.com", "example.com")
    assert staged.sender == "noreply@example.com"  # the production stage's own mail_from
    assert staged.log_retention_days == 90
    other = config(
        stage="dev",
        mail_from=None,
        domain_names='["www.example.com"]',
        certificate_arn="arn:aws:acm:us-east-1:123456789012:certificate/abc",
    )
    assert other.sender == "noreply@www.example.com"


@pytest.mark.parametrize(
    ("context", "message"),
    [
        ({}, "no stage"),
        ({"stage": "Prod"}, "lowercase"),
        ({"stage": "x" * 13}, "2-12"),
        ({"stage": "dev", "domain_names": "www.example.com"}, "go together"),
        ({"stage": "dev", "stages": {"dev": {"colour": "red"}}}, "unknown settings"),
    ],
)
def test_bad_context_is_refused(context: dict, message: str) -> None:
    from cityops_infra.config import stage_config

    with pytest.raises(SystemExit, match=message):
        stage_config(context)
