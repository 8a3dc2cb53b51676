"""Production loses nothing (issue 34), read from the synthesized template of `make deploy STAGE=prod`:
the deploy never replaces the published site, the rebuild may read the uploads, CloudFront re-reads
the origin-verify secret after a rotation, the edges include Asia, the alarms reach someone, WAF blocks
answer with the API's envelope, the bootstrap cannot keep CloudFormation waiting an hour, and the
functions' roles may write only their own logs."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from test_infra_stack import _actions, _statements, of_type, only, refs

from tests.infra.conftest import REPO_ROOT, synth_context


def _function(resources: dict, handler: str) -> tuple[str, dict]:
    (item,) = [
        (k, v)
        for k, v in of_type(resources, "AWS::Lambda::Function").items()
        if v["Properties"].get("Handler") == handler
    ]
    return item


REBUILD = "functions.publish.rebuild.handler"
BOOTSTRAP = "functions.deploy.bootstrap.handler"
API = "functions.handler.handler"


# 1. A deploy never rolls the published site back ---------------------------------------------------


def test_the_deploy_uploads_only_the_app_and_prunes_nothing(resources: dict) -> None:
    deployments = of_type(resources, "Custom::CDKBucketDeployment")
    assert len(deployments) == 2  # the React build's chunks and its shell; no site/
    for logical_id, deployment in deployments.items():
        props = deployment["Properties"]
        assert props["DestinationBucketKeyPrefix"] == "app/", logical_id
        assert props["Prune"] is False, logical_id  # nothing published (nor the manifest) is deleted


def test_the_bootstrap_starts_the_rebuild_built_with_the_stages_public_url(resources: dict) -> None:
    rebuild_id, rebuild = _function(resources, REBUILD)
    bootstrap_id, bootstrap = _function(resources, BOOTSTRAP)
    (resource_id, resource) = only(resources, "Custom::CityOpsBootstrap")
    assert resource["Properties"]["ServiceToken"]["Fn::GetAtt"][0] == bootstrap_id
    # It runs once the new rebuild code (with the site's sources) is in place, and again whenever it
    # changes: the fingerprints of the functions' code, the rebuild package and the app.
    assert rebuild_id in resource["DependsOn"]
    assert len(resource["Properties"]["Version"].split("/")) == 3
    env = bootstrap["Properties"]["Environment"]["Variables"]
    assert env["CITYOPS_REBUILD_FUNCTION"] == rebuild["Properties"]["FunctionName"]
    assert env["CITYOPS_PUBLISH_AUTO"] == "0"  # the seed's demo rows do not each start a publish
    (permission,) = [
        p["Properties"]
        for p in of_type(resources, "AWS::Lambda::Permission").values()
        if refs(p["Properties"]["FunctionName"]) == {rebuild_id}
        and refs(p["Properties"]["Principal"]) == {bootstrap["Properties"]["Role"]["Fn::GetAtt"][0]}
    ]
    assert permission["Action"] == "lambda:InvokeFunction"
    # The rebuild links with the stage's address, never the repository's localhost build.
    public_url = rebuild["Properties"]["Environment"]["Variables"]["CITYOPS_PUBLIC_URL"]
    distribution_id, _ = only(resources, "AWS::CloudFront::Distribution")
    assert public_url == {"Fn::Join": ["", ["https://", {"Fn::GetAtt": [distribution_id, "DomainName"]}]]}
    # The deploy's bootstrap no longer writes the store or the bucket (the rebuild does, under its lock).
    statements = _statements(resources, bootstrap["Properties"])
    granted = set().union(*(_actions(s) for s in statements))
    assert not {a for a in granted if a.startswith(("cloudfront", "s3:"))}, granted
    assert "Layers" not in bootstrap["Properties"]


# 2. The rebuild reads the uploaded pictures -------------------------------------------------------


def test_the_rebuild_may_read_the_uploaded_files(resources: dict) -> None:
    _, rebuild = _function(resources, REBUILD)
    uploads_id = next(k for k in of_type(resources, "AWS::S3::Bucket") if k.startswith("UploadsBucket"))
    statements = [
        s for s in _statements(resources, rebuild["Properties"]) if uploads_id in refs(s["Resource"])
    ]
    (statement,) = statements
    assert _actions(statement) == {"s3:GetObject"}  # read only, the uploaded files' keys
    assert statement["Resource"]["Fn::Join"][1][-1] == "/storage/*"


# 3. CloudFront re-reads the origin-verify secret --------------------------------------------------


def _origin_header(resources: dict) -> object:
    config = only(resources, "AWS::CloudFront::Distribution")[1]["Properties"]["DistributionConfig"]
    (api,) = [o for o in config["Origins"] if "CustomOriginConfig" in o]
    (header,) = [h for h in api["OriginCustomHeaders"] if h["HeaderName"] == "X-Origin-Verify"]
    return header["HeaderValue"]


@pytest.fixture(scope="module")
def rotated(lambda_dir, content_dirs, tmp_path_factory) -> dict:
    """The same stage synthesized as `make deploy` does after a rotation: with the secret's version."""
    import aws_cdk as cdk
    from app import build_app
    from aws_cdk.assertions import Template

    context = synth_context(lambda_dir, content_dirs, origin_verify_version="version-2")
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("CDK_DEFAULT_ACCOUNT", raising=False)
        mp.setenv("CDK_DEFAULT_REGION", "us-east-1")
        app = build_app(cdk.App(outdir=str(tmp_path_factory.mktemp("rotated.out")), context=context))
    (stack,) = [c for c in app.node.children if c.node.id == "CityOps-prod"]
    return Template.from_stack(stack).to_json()["Resources"]


def test_a_deploy_after_a_rotation_hands_cloudfront_the_new_value(resources: dict, rotated: dict) -> None:
    secret_id = next(
        k for k in of_type(resources, "AWS::SecretsManager::Secret") if k.startswith("OriginVerify")
    )
    first = json.dumps(_origin_header(resources))
    after = json.dumps(_origin_header(rotated))
    assert "{{resolve:secretsmanager:" in first and secret_id in first
    # The version makes the template change, so CloudFormation resolves the reference again.
    assert after != first and ":SecretString:::version-2}}" in after and secret_id in after


def test_make_deploy_looks_up_the_secrets_current_version(monkeypatch: pytest.MonkeyPatch) -> None:
    import boto3
    from app import origin_verify_version
    from moto import mock_aws

    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    with mock_aws():
        client = boto3.client("secretsmanager", region_name="us-east-1")
        assert origin_verify_version("prod", client) == ""  # the first deploy: no secret yet
        client.create_secret(Name="cityops-prod/OriginVerifySecret", SecretString="a" * 64)
        first = origin_verify_version("prod", client)
        client.put_secret_value(SecretId="cityops-prod/OriginVerifySecret", SecretString="b" * 64)
        second = origin_verify_version("prod", client)
    assert first and second and first != second
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert "--origin-verify-version $(STAGE)" in makefile
    deploy = makefile.split("\ndeploy:", 1)[1].split("\n\n", 1)[0]
    assert deploy.count("$(ORIGIN_VERIFY)") == 2  # synth and deploy


# 5. Edges that serve Asia --------------------------------------------------------------------------


def test_the_distribution_serves_from_asian_edges(resources: dict) -> None:
    config = only(resources, "AWS::CloudFront::Distribution")[1]["Properties"]["DistributionConfig"]
    assert config["PriceClass"] == "PriceClass_200"


def test_the_price_class_is_a_stage_setting() -> None:
    from cityops_infra.config import stage_config

    assert stage_config({"stage": "dev"}).price_class == "200"
    assert stage_config({"stage": "dev", "price_class": "All"}).price_class == "All"
    with pytest.raises(SystemExit, match="price_class"):
        stage_config({"stage": "dev", "price_class": "300"})


# 6. Alarms that reach someone ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("missing", "message"), [("alarm_email", "without an alarm address"), ("mail_from", "without a sender")]
)
def test_production_refuses_to_synthesize_without_an_alarm_address_or_a_sender(
    missing: str, message: str
) -> None:
    from app import cdk_context
    from cityops_infra.config import stage_config

    context = cdk_context(stage="prod", alarm_email="ops@example.com", mail_from="noreply@example.com")
    context[missing] = None
    with pytest.raises(SystemExit, match=message) as refused:
        stage_config(context)
    if missing == "mail_from":
        assert "put-account-details --production-access-enabled" in str(refused.value)
    assert stage_config({"stage": "dev"}).alarm_email is None  # another stage may go without


def test_alarms_on_any_api_5xx_and_on_a_failed_publish_reach_the_address(resources: dict) -> None:
    (topic_id,) = of_type(resources, "AWS::SNS::Topic")
    (subscription,) = of_type(resources, "AWS::SNS::Subscription").values()
    assert subscription["Properties"]["Protocol"] == "email"
    assert subscription["Properties"]["Endpoint"] == "ops@example.com"
    assert refs(subscription["Properties"]["TopicArn"]) == {topic_id}
    alarms = {k: v["Properties"] for k, v in of_type(resources, "AWS::CloudWatch::Alarm").items()}
    assert not of_type(resources, "AWS::CloudWatch::CompositeAlarm")
    (api_5xx,) = [a for k, a in alarms.items() if k.startswith("Api5xx")]
    assert (api_5xx["Namespace"], api_5xx["MetricName"], api_5xx["Statistic"]) == (
        "AWS/ApiGateway",
        "5xx",
        "Sum",
    )
    assert api_5xx["Threshold"] == 1 and api_5xx["EvaluationPeriods"] == 1  # one 5xx, no minimum traffic
    rebuild_id, _ = _function(resources, REBUILD)
    (publish,) = [
        a
        for a in alarms.values()
        if a.get("Dimensions") == [{"Name": "FunctionName", "Value": {"Ref": rebuild_id}}]
    ]
    assert publish["MetricName"] == "Errors" and publish["Threshold"] == 1
    for alarm in alarms.values():
        assert alarm["AlarmActions"] == [{"Ref": topic_id}]
    # What an operator acts on, and no more: every alarm metric costs $0.10 a month.
    metrics = sum(len(a.get("Metrics", [])) or 1 for a in alarms.values())
    assert metrics <= 3, alarms.keys()


# 7. WAF blocks answer with the API's envelope -------------------------------------------------------


def _acl(resources: dict) -> dict:
    return only(resources, "AWS::WAFv2::WebACL")[1]["Properties"]


def test_waf_blocks_answer_429_and_403_with_the_api_envelope(resources: dict) -> None:
    acl = _acl(resources)
    bodies = acl["CustomResponseBodies"]
    for key in ("ApiRateLimited", "ApiBlocked"):
        assert bodies[key]["ContentType"] == "APPLICATION_JSON"
        envelope = json.loads(bodies[key]["Content"])
        assert set(envelope) == {"code", "msg", "time", "data"} and envelope["code"] == 0
    assert "请求过于频繁" in json.loads(bodies["ApiRateLimited"]["Content"])["msg"]
    assert "Too many requests" in json.loads(bodies["ApiRateLimited"]["Content"])["msg"]
    rules = {r["Name"]: r for r in acl["Rules"]}
    rate = rules["LoginAndCodeRate"]["Action"]["Block"]["CustomResponse"]
    assert rate["ResponseCode"] == 429 and rate["CustomResponseBodyKey"] == "ApiRateLimited"
    assert rate["ResponseHeaders"] == [{"Name": "Retry-After", "Value": "300"}]
    for name in ("AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"):
        overrides = rules[name]["Statement"]["ManagedRuleGroupStatement"]["RuleActionOverrides"]
        blocking = [o for o in overrides if "Block" in o["ActionToUse"]]
        assert len(blocking) >= 10, name
        for override in blocking:
            response = override["ActionToUse"]["Block"]["CustomResponse"]
            assert (response["ResponseCode"], response["CustomResponseBodyKey"]) == (403, "ApiBlocked")
    common = rules["AWSManagedRulesCommonRuleSet"]["Statement"]["ManagedRuleGroupStatement"]
    assert {"Name": "SizeRestrictions_BODY", "ActionToUse": {"Count": {}}} in common["RuleActionOverrides"]


def _rich_text_saves() -> list[str]:
    """The API's routes that save rich text, from its OpenAPI spec (webapp/openapi.json, checked for
    drift by the web app's tests): each designed table with a `richtext` field is saved by
    `/srv/admin/{path}/add|edit` (a table an admin designs later too), and the Config's `editor` items
    by `/srv/admin/routine/config/add|edit`."""
    spec = json.loads((REPO_ROOT / "webapp" / "openapi.json").read_text(encoding="utf-8"))
    posts = {path for path, methods in spec["paths"].items() if "post" in methods}
    saves = ["/srv/admin/routine/config/add", "/srv/admin/routine/config/edit"]
    assert {*saves, "/srv/admin/{path}/add", "/srv/admin/{path}/edit"} <= posts  # as the spec names them
    for path in sorted((REPO_ROOT / "functions" / "data" / "designs").glob("*.json")):
        design = json.loads(path.read_text(encoding="utf-8"))
        if any(field.get("type") == "richtext" for field in design.get("fields", [])):
            saves += [f"/srv/admin/{design['name']}/add", f"/srv/admin/{design['name']}/edit"]
    assert "/srv/admin/business/news/edit" in saves and len(saves) > 2 + 2 * 5  # news, page, job…
    return saves


def test_the_common_rules_leave_the_back_offices_rich_text_saves_alone(resources: dict) -> None:
    """The scope-down statement evaluated on the API's own routes: no save of a rich-text field (HTML
    with links, pictures, tables, which the cross-site-scripting and file-inclusion body rules would
    block) is inspected by the common rules; the back office's login and every route a visitor or
    member reaches (the contact form, sign-in, codes, uploads) are."""
    rules = {r["Name"]: r for r in _acl(resources)["Rules"]}
    scope = rules["AWSManagedRulesCommonRuleSet"]["Statement"]["ManagedRuleGroupStatement"][
        "ScopeDownStatement"
    ]

    def matches(statement: dict, uri: str) -> bool:
        if "NotStatement" in statement:
            return not matches(statement["NotStatement"]["Statement"], uri)
        if "AndStatement" in statement:
            return all(matches(s, uri) for s in statement["AndStatement"]["Statements"])
        if "OrStatement" in statement:
            return any(matches(s, uri) for s in statement["OrStatement"]["Statements"])
        byte = statement["ByteMatchStatement"]
        assert byte["FieldToMatch"] == {"UriPath": {}}
        assert byte["TextTransformations"] == [{"Priority": 0, "Type": "LOWERCASE"}]
        value, search = uri.lower(), byte["SearchString"]
        return value == search if byte["PositionalConstraint"] == "EXACTLY" else value.startswith(search)

    saves = _rich_text_saves()
    assert [saved for saved in saves if matches(scope, saved)] == []
    spec = json.loads((REPO_ROOT / "webapp" / "openapi.json").read_text(encoding="utf-8"))
    public = [
        p for p, methods in spec["paths"].items() if "post" in methods and not p.startswith("/srv/admin/")
    ]
    assert "/srv/api/contact/send" in public and "/srv/api/ajax/upload" in public
    for inspected in (*public, "/srv/admin/index/login", "/SRV/ADMIN/INDEX/LOGIN", "/news/1/", "/"):
        assert matches(scope, inspected), inspected


# 8. The smaller items ------------------------------------------------------------------------------


def test_cloudformation_waits_minutes_not_an_hour_for_the_bootstrap(resources: dict) -> None:
    (_, resource) = only(resources, "Custom::CityOpsBootstrap")
    _, bootstrap = _function(resources, BOOTSTRAP)
    timeout = int(resource["Properties"]["ServiceTimeout"])
    assert bootstrap["Properties"]["Timeout"] < timeout <= 600


def test_the_functions_may_write_only_their_own_logs(resources: dict) -> None:
    groups = of_type(resources, "AWS::Logs::LogGroup")
    for handler in (API, BOOTSTRAP, REBUILD):
        _, function = _function(resources, handler)
        role = resources[function["Properties"]["Role"]["Fn::GetAtt"][0]]["Properties"]
        assert "ManagedPolicyArns" not in role, handler  # no AWSLambdaBasicExecutionRole
        log_group = refs(function["Properties"]["LoggingConfig"]["LogGroup"])
        logs = [
            s
            for s in _statements(resources, function["Properties"])
            if any(a.startswith("logs:") for a in _actions(s))
        ]
        assert logs and all(refs(s["Resource"]) == log_group and log_group <= set(groups) for s in logs), (
            handler
        )


def test_the_lambda_packages_are_built_again_only_when_their_sources_change(tmp_path: Path) -> None:
    stamp = tmp_path / "lambda.built"

    def planned() -> str:
        done = subprocess.run(
            ["make", "-n", "lambda", f"LAMBDA_STAMP={stamp}"],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "package_lambda.py" in planned()  # never built
    stamp.touch()
    assert "package_lambda.py" not in planned()  # built since the last change: nothing to do
    import os

    os.utime(stamp, (0, 0))  # a source is newer than the build
    assert "package_lambda.py" in planned()
