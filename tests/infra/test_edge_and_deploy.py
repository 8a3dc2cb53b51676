"""What the deploy itself does (uploads with cache headers, the bootstrap custom resource) and the
edge (WAF, TLS, access logs), for production and for a second stage with a custom domain in another
region."""

from __future__ import annotations

import json

import pytest
from test_infra_stack import of_type, only, refs


@pytest.fixture(scope="module")
def distribution(resources: dict) -> dict:
    return only(resources, "AWS::CloudFront::Distribution")[1]["Properties"]["DistributionConfig"]


def _deployments(resources: dict) -> dict[str, dict]:
    found = {k: v for k, v in resources.items() if v["Type"] == "Custom::CDKBucketDeployment"}
    return {
        next(n for n in ("DeployAppChunks", "DeployAppShell") if k.startswith(n)): v for k, v in found.items()
    }


def test_app_chunks_are_kept_and_the_shell_follows_them(resources: dict) -> None:
    deployments = _deployments(resources)
    chunks = deployments["DeployAppChunks"]["Properties"]
    assert chunks["Prune"] is False and chunks["DestinationBucketKeyPrefix"] == "app/"
    assert chunks["SystemMetadata"] == {"cache-control": "public, max-age=31536000, immutable"}
    shell = deployments["DeployAppShell"]
    assert shell["Properties"]["Prune"] is False
    assert shell["Properties"]["Include"] == ["index.html", "prerender/*"]
    assert shell["Properties"]["SystemMetadata"] == {"cache-control": "no-cache"}
    chunks_id = next(k for k, v in resources.items() if v is deployments["DeployAppChunks"])
    assert any(dep.startswith(chunks_id.rsplit("Custom", 1)[0]) for dep in shell["DependsOn"])


def test_bootstrap_runs_after_the_uploads_with_what_it_needs(resources: dict) -> None:
    bootstrap_id, bootstrap = only(resources, "Custom::CityOpsBootstrap")
    props = bootstrap["Properties"]
    function_id = props["ServiceToken"]["Fn::GetAtt"][0]
    assert function_id.startswith("BootstrapFunction")
    assert refs(props["AdminSecretArn"]) == {next(k for k in resources if k.startswith("FirstAdminSecret"))}
    deployment_ids = {k for k, v in resources.items() if v["Type"] == "Custom::CDKBucketDeployment"}
    assert deployment_ids <= set(bootstrap["DependsOn"])

    function = resources[function_id]["Properties"]
    assert function["Handler"] == "functions.deploy.bootstrap.handler"
    api = next(
        v
        for v in of_type(resources, "AWS::Lambda::Function").values()
        if v["Properties"].get("Handler") == "functions.handler.handler"
    )
    assert "Layers" not in api["Properties"]  # the API never imports awscrt

    role_id = function["Role"]["Fn::GetAtt"][0]
    statements = [
        s
        for p in of_type(resources, "AWS::IAM::Policy").values()
        if {"Ref": role_id} in p["Properties"]["Roles"]
        for s in p["Properties"]["PolicyDocument"]["Statement"]
    ]
    (put,) = [s for s in statements if "secretsmanager:PutSecretValue" in s["Action"]]
    assert refs(put["Resource"]) == {next(k for k in resources if k.startswith("FirstAdminSecret"))}


def test_waf_limits_login_registration_and_codes_and_runs_managed_rules(
    resources: dict, distribution: dict
) -> None:
    acl_id, acl = only(resources, "AWS::WAFv2::WebACL")
    props = acl["Properties"]
    assert props["Scope"] == "CLOUDFRONT"
    rules = {r["Name"]: r for r in props["Rules"]}
    rate = rules["LoginAndCodeRate"]["Statement"]["RateBasedStatement"]
    assert rate["AggregateKeyType"] == "IP" and rate["Limit"] == 300
    paths = {
        s["ByteMatchStatement"]["SearchString"]
        for s in rate["ScopeDownStatement"]["OrStatement"]["Statements"]
    }
    assert paths == {
        "/srv/admin/index/login",
        "/srv/api/user/checkin",
        "/srv/api/sms/sendsms",
        "/srv/api/ems/send",
        "/srv/api/account/retrievepassword",
        "/srv/api/contact/send",
        "/srv/api/contact/form",
    }
    assert "Block" in rules["LoginAndCodeRate"]["Action"]  # with the envelope: test_production_safety.py
    assert "AWSManagedRulesCommonRuleSet" in rules and "AWSManagedRulesKnownBadInputsRuleSet" in rules
    assert distribution["WebACLId"] == {"Fn::GetAtt": [acl_id, "Arn"]}


def test_cloudfront_access_logs(resources: dict, distribution: dict) -> None:
    logging = distribution["Logging"]
    assert refs(logging["Bucket"]) == {next(k for k in resources if k.startswith("LogBucket"))}
    assert logging["Prefix"] == "cloudfront/"


@pytest.fixture(scope="module")
def second_stage(lambda_dir, content_dirs, tmp_path_factory) -> dict:
    """`make deploy STAGE=dev -c domain_names=… -c certificate_arn=… -c region=eu-west-1`."""
    import aws_cdk as cdk
    from app import build_app
    from aws_cdk.assertions import Annotations, Match, Template

    from tests.infra.conftest import synth_context

    context = synth_context(
        lambda_dir,
        content_dirs,
        stage="dev",
        region="eu-west-1",
        domain_names='["www.example.com"]',
        certificate_arn="arn:aws:acm:us-east-1:123456789012:certificate/abc",
        mail_from="noreply@mail.example.com",
    )
    app = build_app(cdk.App(outdir=str(tmp_path_factory.mktemp("dev.out")), context=context))
    (stack,) = [c for c in app.node.children if c.node.id == "CityOps-dev"]
    synthesized = Template.from_stack(stack).to_json()
    annotations = Annotations.from_stack(stack)
    synthesized["nag"] = [
        f"{item.id}: {item.entry.data}"
        for find in (annotations.find_error, annotations.find_warning)
        for item in find("*", Match.string_like_regexp("AwsSolutions-.*"))
    ]
    return synthesized


@pytest.fixture(scope="module")
def second_resources(second_stage: dict) -> dict:
    return second_stage["Resources"]


def test_the_second_stage_is_cdk_nag_clean_too(second_stage: dict) -> None:
    assert second_stage["nag"] == []


def test_a_named_sender_gets_its_ses_domain_identity(second_stage: dict, resources: dict) -> None:
    (identity,) = of_type(second_stage["Resources"], "AWS::SES::EmailIdentity").values()
    assert identity["Properties"]["EmailIdentity"] == "mail.example.com"
    assert {"MailDkim1", "MailDkim2", "MailDkim3"} <= set(second_stage["Outputs"])
    api = next(
        v
        for v in of_type(second_stage["Resources"], "AWS::Lambda::Function").values()
        if v["Properties"].get("Handler") == "functions.handler.handler"
    )
    assert api["Properties"]["Environment"]["Variables"]["CITYOPS_MAIL_FROM"] == "noreply@mail.example.com"
    (prod_identity,) = of_type(resources, "AWS::SES::EmailIdentity").values()  # prod must name one
    assert prod_identity["Properties"]["EmailIdentity"] == "example.com"


def test_custom_domain_gets_tls12_and_its_certificate(second_resources: dict) -> None:
    config = only(second_resources, "AWS::CloudFront::Distribution")[1]["Properties"]["DistributionConfig"]
    assert config["Aliases"] == ["www.example.com"]
    certificate = config["ViewerCertificate"]
    assert certificate["MinimumProtocolVersion"] == "TLSv1.2_2021"
    assert certificate["AcmCertificateArn"].startswith("arn:aws:acm:us-east-1:")
    assert certificate["SslSupportMethod"] == "sni-only"
    (uploads,) = [
        v for k, v in of_type(second_resources, "AWS::S3::Bucket").items() if k.startswith("UploadsBucket")
    ]
    (rule,) = uploads["Properties"]["CorsConfiguration"]["CorsRules"]
    assert "https://www.example.com" in rule["AllowedOrigins"]  # presigned POSTs from the custom domain


def test_another_region_has_no_waf_and_another_stage_shares_no_name(
    second_resources: dict, resources: dict
) -> None:
    assert not of_type(second_resources, "AWS::WAFv2::WebACL")

    def names(rs: dict) -> set[str]:
        found = set()
        for resource in rs.values():
            for key in ("TableName", "BucketName", "Name", "DashboardName"):
                value = resource["Properties"].get(key) if "Properties" in resource else None
                if isinstance(value, str):
                    found.add(value)
                elif isinstance(value, dict) and "Fn::Join" in value:  # a Ref is a generated name
                    found.add(json.dumps(value, sort_keys=True))
        return found

    shared = names(second_resources) & names(resources)
    assert names(second_resources) and not shared, shared


def test_a_non_production_stage_deletes_its_data_with_the_stack(second_resources: dict) -> None:
    for logical_id, table in of_type(second_resources, "AWS::DynamoDB::Table").items():
        assert table["DeletionPolicy"] == "Delete", logical_id
        assert table["Properties"]["DeletionProtectionEnabled"] is False, logical_id
    (uploads,) = [
        v for k, v in of_type(second_resources, "AWS::S3::Bucket").items() if k.startswith("UploadsBucket")
    ]
    assert uploads["DeletionPolicy"] == "Delete"


def test_outputs_tell_the_operator_where_the_site_and_the_password_are(template) -> None:
    outputs = template.to_json()["Outputs"]
    command = json.dumps(outputs["FirstAdminPassword"]["Value"])
    assert "aws secretsmanager get-secret-value --secret-id cityops-prod/first-admin" in command
    assert {"SiteUrl", "DistributionDomainName", "SitePathsStoreArn", "DistributionId"} <= set(outputs)
