"""The synthesized production stack: storage, tables, the API function, the distribution."""

from __future__ import annotations

import fnmatch
import json
import re
import sys
from pathlib import Path

import pytest
from aws_cdk.assertions import Match

REPO_ROOT = Path(__file__).resolve().parents[2]
CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"
CACHING_OPTIMIZED = "658327ea-f89d-4fab-a63d-7e88639e58f6"
ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac"
SPA_PATTERNS = ["/admin", "/admin/*", "/user", "/user/*", "/404", "/401"]


def of_type(resources: dict, kind: str) -> dict[str, dict]:
    return {k: v for k, v in resources.items() if v["Type"] == kind}


def only(resources: dict, kind: str) -> tuple[str, dict]:
    (item,) = of_type(resources, kind).items()
    return item


def refs(value) -> set[str]:
    """Logical ids a template value refers to (Ref / Fn::GetAtt, not pseudo parameters), at any depth."""
    found: set[str] = set()
    if isinstance(value, dict):
        if "Ref" in value and not value["Ref"].startswith("AWS::"):
            found.add(value["Ref"])
        if "Fn::GetAtt" in value:
            found.add(value["Fn::GetAtt"][0])
        for item in value.values():
            found |= refs(item)
    elif isinstance(value, list):
        for item in value:
            found |= refs(item)
    return found


@pytest.fixture(scope="module")
def distribution(resources: dict) -> dict:
    return only(resources, "AWS::CloudFront::Distribution")[1]["Properties"]["DistributionConfig"]


@pytest.fixture(scope="module")
def behaviors(distribution: dict) -> dict[str, dict]:
    return {b["PathPattern"]: b for b in distribution["CacheBehaviors"]}


@pytest.fixture(scope="module")
def origins(distribution: dict) -> dict[str, dict]:
    return {o["Id"]: o for o in distribution["Origins"]}


@pytest.fixture(scope="module")
def api_function(resources: dict) -> tuple[str, dict]:
    functions = {
        k: v
        for k, v in of_type(resources, "AWS::Lambda::Function").items()
        if v["Properties"].get("Handler") == "functions.handler.handler"
    }
    assert len(functions) == 1
    return next(iter(functions.items()))


def bucket_ids(resources: dict) -> dict[str, str]:
    """{"site": …, "uploads": …, "log": …}: the served buckets and the access-log bucket."""
    names = {"SiteBucket": "site", "UploadsBucket": "uploads", "LogBucket": "log"}
    ids = {}
    for logical_id in of_type(resources, "AWS::S3::Bucket"):
        (kind,) = [kind for prefix, kind in names.items() if logical_id.startswith(prefix)]
        ids[kind] = logical_id
    return ids


def served_bucket_ids(resources: dict) -> dict[str, str]:
    return {k: v for k, v in bucket_ids(resources).items() if k != "log"}


# Storage -----------------------------------------------------------------------------------------


def test_private_encrypted_buckets(resources: dict) -> None:
    buckets = of_type(resources, "AWS::S3::Bucket")
    assert sorted(bucket_ids(resources)) == ["log", "site", "uploads"]
    for logical_id, bucket in buckets.items():
        props = bucket["Properties"]
        assert props["PublicAccessBlockConfiguration"] == {
            "BlockPublicAcls": True,
            "BlockPublicPolicy": True,
            "IgnorePublicAcls": True,
            "RestrictPublicBuckets": True,
        }, logical_id
        rules = props["BucketEncryption"]["ServerSideEncryptionConfiguration"]
        assert rules[0]["ServerSideEncryptionByDefault"]["SSEAlgorithm"] in ("AES256", "aws:kms"), logical_id
        # CloudFront's standard logs are written with ACLs: only the log bucket allows them.
        ownership = "ObjectWriter" if logical_id == bucket_ids(resources)["log"] else "BucketOwnerEnforced"
        assert props["OwnershipControls"]["Rules"] == [{"ObjectOwnership": ownership}], logical_id
        assert "AccessControl" not in props or logical_id == bucket_ids(resources)["log"], logical_id


def test_production_keeps_uploads_and_logs_except_when_the_first_create_fails(resources: dict) -> None:
    """RetainExceptOnCreate: kept on update and delete, removed if the stack's first create fails (so a
    retry is not blocked by a leftover bucket). The site bucket is rebuilt on every deploy: deleted."""
    ids = bucket_ids(resources)
    for kind in ("uploads", "log"):
        assert resources[ids[kind]]["DeletionPolicy"] == "RetainExceptOnCreate", kind
        assert resources[ids[kind]]["UpdateReplacePolicy"] == "Retain", kind
    assert resources[ids["site"]]["DeletionPolicy"] == "Delete"


def test_uploads_are_versioned_and_every_served_bucket_logs_access(resources: dict) -> None:
    ids = bucket_ids(resources)
    uploads = resources[ids["uploads"]]["Properties"]
    assert uploads["VersioningConfiguration"] == {"Status": "Enabled"}
    assert {
        "Id": "ExpireOldVersions",
        "NoncurrentVersionExpiration": {"NoncurrentDays": 30},
        "Status": "Enabled",
    } in (uploads["LifecycleConfiguration"]["Rules"])
    for kind in ("site", "uploads"):
        logging = resources[ids[kind]]["Properties"]["LoggingConfiguration"]
        assert logging["DestinationBucketName"] == {"Ref": ids["log"]}, kind
        assert logging["LogFilePrefix"] == f"s3/{kind}/", kind


def test_every_bucket_refuses_plain_http(resources: dict) -> None:
    policies = of_type(resources, "AWS::S3::BucketPolicy").values()
    for logical_id in of_type(resources, "AWS::S3::Bucket"):
        statements = [
            s
            for p in policies
            if p["Properties"]["Bucket"] == {"Ref": logical_id}
            for s in p["Properties"]["PolicyDocument"]["Statement"]
        ]
        assert any(
            s["Effect"] == "Deny" and s["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}
            for s in statements
        ), logical_id


def test_buckets_readable_only_by_this_distribution(resources: dict) -> None:
    distribution_id, _ = only(resources, "AWS::CloudFront::Distribution")
    policies = of_type(resources, "AWS::S3::BucketPolicy").values()
    for logical_id in served_bucket_ids(resources).values():
        (policy,) = [p for p in policies if p["Properties"]["Bucket"] == {"Ref": logical_id}]
        # Besides CloudFront, only the stack's own auto-delete function (empties a bucket the stack
        # deletes) appears.
        allows = [
            s
            for s in policy["Properties"]["PolicyDocument"]["Statement"]
            if s["Effect"] == "Allow" and "CustomS3AutoDeleteObjects" not in json.dumps(s["Principal"])
        ]
        assert allows, logical_id
        for statement in allows:
            assert statement["Principal"] == {"Service": "cloudfront.amazonaws.com"}, logical_id
            assert statement["Action"] == "s3:GetObject", logical_id
            assert distribution_id in refs(statement["Condition"]), logical_id


def test_unconfirmed_remote_uploads_expire(resources: dict) -> None:
    uploads = resources[bucket_ids(resources)["uploads"]]["Properties"]
    rules = uploads["LifecycleConfiguration"]["Rules"]
    assert {
        "Id": "ExpireUnconfirmedUploads",
        "Prefix": "incoming/",
        "ExpirationInDays": 1,
        "Status": "Enabled",
    } in rules


def test_uploads_cors_allows_presigned_post_from_the_site_only(resources: dict) -> None:
    distribution_id, _ = only(resources, "AWS::CloudFront::Distribution")
    uploads = resources[bucket_ids(resources)["uploads"]]["Properties"]
    (rule,) = uploads["CorsConfiguration"]["CorsRules"]
    assert "POST" in rule["AllowedMethods"] and "PUT" not in rule["AllowedMethods"]
    (origin,) = rule["AllowedOrigins"]
    assert origin != "*" and distribution_id in refs(origin)
    assert "https://" in json.dumps(origin)


# Tables ------------------------------------------------------------------------------------------


def test_every_table_has_pitr_on_demand_billing_and_protection(resources: dict) -> None:
    tables = of_type(resources, "AWS::DynamoDB::Table")
    assert tables
    for logical_id, table in tables.items():
        props = table["Properties"]
        assert props["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}, logical_id
        assert props["BillingMode"] == "PAY_PER_REQUEST", logical_id
        assert props["DeletionProtectionEnabled"] is True, logical_id
        assert table["DeletionPolicy"] == "RetainExceptOnCreate", logical_id
        assert props["TableName"].startswith("cityops-prod-"), logical_id


def _model_schema(model) -> dict:
    """What the model itself says about its table (PynamoDB's own schema, not describe_tables)."""
    schema = model._get_schema()
    ttl = model._ttl_attribute()
    return {
        "keys": sorted((k["AttributeName"], k["KeyType"]) for k in schema["key_schema"]),
        "types": {d["AttributeName"]: d["AttributeType"] for d in schema["attribute_definitions"]},
        "gsis": {
            i["index_name"]: sorted((k["AttributeName"], k["KeyType"]) for k in i["key_schema"])
            for i in schema["global_secondary_indexes"]
        },
        "lsis": {
            i["index_name"]: sorted((k["AttributeName"], k["KeyType"]) for k in i["key_schema"])
            for i in schema["local_secondary_indexes"]
        },
        "ttl": ttl.attr_name if ttl is not None else None,
    }


def test_every_model_has_its_table_with_matching_keys(resources: dict) -> None:
    from functions.models import ALL_MODELS

    tables = {
        t["Properties"]["TableName"]: t["Properties"]
        for t in of_type(resources, "AWS::DynamoDB::Table").values()
    }
    assert len(tables) == len({m.logical_name for m in ALL_MODELS})
    for model in ALL_MODELS:
        expected = _model_schema(model)
        props = tables[f"cityops-prod-{model.logical_name}"]
        assert sorted((k["AttributeName"], k["KeyType"]) for k in props["KeySchema"]) == expected["keys"], (
            model
        )
        for definition in props["AttributeDefinitions"]:
            assert expected["types"][definition["AttributeName"]] == definition["AttributeType"], model
        gsis = {
            i["IndexName"]: sorted((k["AttributeName"], k["KeyType"]) for k in i["KeySchema"])
            for i in props.get("GlobalSecondaryIndexes", [])
        }
        lsis = {
            i["IndexName"]: sorted((k["AttributeName"], k["KeyType"]) for k in i["KeySchema"])
            for i in props.get("LocalSecondaryIndexes", [])
        }
        assert gsis == expected["gsis"], model
        assert lsis == expected["lsis"], model
        if expected["ttl"]:
            assert props["TimeToLiveSpecification"] == {"AttributeName": expected["ttl"], "Enabled": True}, (
                model
            )
        else:
            assert "TimeToLiveSpecification" not in props, model


def test_table_specs_carry_indexes_and_ttl() -> None:
    """describe_tables() output with a GSI, an LSI and a TTL attribute becomes the same table."""
    from cityops_infra.tables import Index, Key, table_specs

    (spec,) = table_specs(
        [
            {
                "model": "Token",
                "logical_name": "token",
                "hash_key": {"name": "pk", "type": "S"},
                "range_key": {"name": "created", "type": "N"},
                "global_secondary_indexes": [
                    {
                        "name": "by-user",
                        "hash_key": {"name": "user_id", "type": "N"},
                        "range_key": None,
                        "projection": "INCLUDE",
                        "non_key_attributes": ["kind"],
                    }
                ],
                "local_secondary_indexes": [
                    {
                        "name": "by-kind",
                        "hash_key": {"name": "pk", "type": "S"},
                        "range_key": {"name": "kind", "type": "S"},
                        "projection": "KEYS_ONLY",
                        "non_key_attributes": [],
                    }
                ],
                "ttl_attribute": "expires_at",
            }
        ]
    )
    assert spec.partition == Key("pk", "S") and spec.sort == Key("created", "N")
    assert spec.ttl_attribute == "expires_at"
    assert spec.global_indexes == (Index("by-user", Key("user_id", "N"), None, "INCLUDE", ("kind",)),)
    assert spec.local_indexes == (Index("by-kind", Key("pk", "S"), Key("kind", "S"), "KEYS_ONLY"),)


# The API function --------------------------------------------------------------------------------


def test_api_function_runtime_and_handler(api_function: tuple[str, dict]) -> None:
    props = api_function[1]["Properties"]
    runtime = props["Runtime"]
    assert re.fullmatch(r"python3\.(\d+)", runtime) and int(runtime.split(".")[1]) >= 12
    assert props["Architectures"] == ["arm64"]
    assert props["Handler"] == "functions.handler.handler"
    env = props["Environment"]["Variables"]
    assert env["CITYOPS_ENV"] == "production"
    assert env["CITYOPS_TABLE_PREFIX"] == "cityops-prod-"
    # Uploads go to the bucket by presigned POST; through the API (local mode) at most 4 MB, what one
    # Lambda invocation carries base64-encoded.
    assert env["CITYOPS_UPLOAD_MODE_DEFAULT"] == "remote"
    assert int(env["CITYOPS_API_UPLOAD_MAX_BYTES"]) <= 4.5 * 1024 * 1024
    (uploads_ref,) = refs(env["CITYOPS_UPLOADS_BUCKET"])
    assert uploads_ref.startswith("UploadsBucket")


def _secret(resources: dict, logical_prefix: str) -> tuple[str, dict]:
    (item,) = [
        (k, v)
        for k, v in of_type(resources, "AWS::SecretsManager::Secret").items()
        if k.startswith(logical_prefix)
    ]
    return item


@pytest.mark.parametrize(
    ("logical_prefix", "variable"),
    [("JwtSecret", "CITYOPS_JWT_SECRET"), ("OriginVerifySecret", "CITYOPS_ORIGIN_VERIFY_SECRET")],
)
def test_secrets_are_generated_and_only_named_in_the_function_configuration(
    resources: dict, api_function, logical_prefix: str, variable: str
) -> None:
    """The function's configuration holds the secret's ARN, never its value (not even a dynamic
    reference CloudFormation would resolve into the configuration): it reads it at cold start."""
    secret_id, secret = _secret(resources, logical_prefix)
    assert "GenerateSecretString" in secret["Properties"]
    assert "SecretString" not in secret["Properties"]
    env = api_function[1]["Properties"]["Environment"]["Variables"]
    assert variable not in env
    assert env[f"{variable}_ARN"] == {"Ref": secret_id}
    assert "resolve:secretsmanager" not in json.dumps(env)
    statements = _statements(resources, api_function[1]["Properties"])
    assert any(
        "secretsmanager:GetSecretValue" in _actions(s) and secret_id in refs(s["Resource"])
        for s in statements
    )


def test_the_api_trusts_cloudfront_viewer_address_only_with_the_origin_secret(
    resources: dict, api_function, behaviors: dict, origins: dict
) -> None:
    """CloudFront forwards CloudFront-Viewer-Address (which it sets itself) and adds the secret
    X-Origin-Verify header; the API is told to read the caller's address from there."""
    env = api_function[1]["Properties"]["Environment"]["Variables"]
    assert env["CITYOPS_CLIENT_IP_SOURCE"] == "cloudfront"
    secret_id, _ = _secret(resources, "OriginVerifySecret")
    api = behaviors["/srv/*"]
    origin = origins[api["TargetOriginId"]]
    (header,) = origin["OriginCustomHeaders"]
    assert header["HeaderName"] == "X-Origin-Verify"
    assert "{{resolve:secretsmanager:" in json.dumps(header["HeaderValue"])
    assert refs(header["HeaderValue"]) == {secret_id}
    # The secret goes to the API origin only: no other origin carries custom headers.
    assert [o["Id"] for o in origins.values() if o.get("OriginCustomHeaders")] == [origin["Id"]]

    (policy_id,) = refs(api["OriginRequestPolicyId"])
    config = resources[policy_id]["Properties"]["OriginRequestPolicyConfig"]
    headers = config["HeadersConfig"]
    assert headers["HeaderBehavior"] == "whitelist"
    forwarded = {h.lower() for h in headers["Headers"]}
    assert "cloudfront-viewer-address" in forwarded
    # Host would break API Gateway; forwarding a header named like the secret one would be refused.
    assert not forwarded & {"host", "x-origin-verify", "x-forwarded-for"}
    assert {"batoken", "ba-user-token", "content-type", "accept-language", "think-lang"} <= forwarded
    assert len(forwarded) <= 10  # CloudFront's quota of headers per origin request policy
    assert config["QueryStringsConfig"]["QueryStringBehavior"] == "all"


def _statements(resources: dict, function_props: dict) -> list[dict]:
    """The role's statements, wherever CDK put them: its inline policy and, once that is full (one
    grant per table), the overflow managed policies attached to the same role."""
    role_id = function_props["Role"]["Fn::GetAtt"][0]
    policies = {**of_type(resources, "AWS::IAM::Policy"), **of_type(resources, "AWS::IAM::ManagedPolicy")}
    return [
        s
        for p in policies.values()
        if {"Ref": role_id} in p["Properties"].get("Roles", [])
        for s in p["Properties"]["PolicyDocument"]["Statement"]
    ]


def _actions(statement: dict) -> set[str]:
    actions = statement["Action"]
    return {actions} if isinstance(actions, str) else set(actions)


def test_api_function_may_use_each_table_and_nothing_broader(resources: dict, api_function) -> None:
    statements = _statements(resources, api_function[1]["Properties"])
    dynamo = [s for s in statements if any(a.startswith("dynamodb:") for a in _actions(s))]
    for statement in dynamo:
        assert statement["Resource"] != "*"
        assert not any(
            a in ("dynamodb:*", "dynamodb:DeleteTable", "dynamodb:CreateTable") for a in _actions(statement)
        )
    for table_id in of_type(resources, "AWS::DynamoDB::Table"):
        granted = set().union(*(_actions(s) for s in dynamo if table_id in refs(s["Resource"])))
        assert {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:Query"} <= granted, (
            table_id
        )


def test_api_function_may_use_uploads_and_send_mail_and_sms(resources: dict, api_function) -> None:
    statements = _statements(resources, api_function[1]["Properties"])
    uploads_id = bucket_ids(resources)["uploads"]
    site_id = bucket_ids(resources)["site"]
    assert uploads_id and site_id
    on_uploads = set().union(*(_actions(s) for s in statements if uploads_id in refs(s["Resource"])))
    for needed in ("s3:PutObject", "s3:GetObject", "s3:DeleteObject"):
        assert any(fnmatch.fnmatchcase(needed, granted) for granted in on_uploads), needed
    assert not [s for s in statements if site_id in refs(s["Resource"])]
    assert any({"ses:SendEmail", "ses:SendRawEmail"} <= _actions(s) for s in statements)
    assert any(_actions(s) == {"sns:Publish"} for s in statements)


def test_http_api_invokes_the_function_with_payload_v2(template, api_function) -> None:
    template.has_resource_properties(
        "AWS::ApiGatewayV2::Integration",
        {
            "IntegrationType": "AWS_PROXY",
            "PayloadFormatVersion": "2.0",
            "IntegrationUri": {"Fn::GetAtt": [api_function[0], "Arn"]},
        },
    )
    template.has_resource_properties("AWS::ApiGatewayV2::Route", {"RouteKey": "$default"})


# The distribution --------------------------------------------------------------------------------


def test_default_behavior_serves_the_site_bucket_through_oac(
    resources: dict, distribution: dict, origins
) -> None:
    default = distribution["DefaultCacheBehavior"]
    origin = origins[default["TargetOriginId"]]
    assert bucket_ids(resources)["site"] in refs(origin["DomainName"])
    assert origin["S3OriginConfig"] == {"OriginAccessIdentity": ""}
    oac_id = next(iter(refs(origin["OriginAccessControlId"])))
    oac = resources[oac_id]["Properties"]["OriginAccessControlConfig"]
    assert oac["OriginAccessControlOriginType"] == "s3" and oac["SigningBehavior"] == "always"
    assert default["ViewerProtocolPolicy"] == "redirect-to-https"
    assert {a["EventType"] for a in default["FunctionAssociations"]} == {"viewer-request", "viewer-response"}


def test_api_behavior(behaviors: dict, origins: dict, resources: dict) -> None:
    api = behaviors["/srv/*"]
    assert api["CachePolicyId"] == CACHING_DISABLED
    # A custom policy that names CloudFront-Viewer-Address (see the next test).
    assert api["OriginRequestPolicyId"] != ALL_VIEWER_EXCEPT_HOST_HEADER
    assert set(api["AllowedMethods"]) == {"GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"}
    assert "FunctionAssociations" not in api
    origin = origins[api["TargetOriginId"]]
    assert origin["CustomOriginConfig"]["OriginProtocolPolicy"] == "https-only"
    assert refs(origin["DomainName"]) == {only(resources, "AWS::ApiGatewayV2::Api")[0]}


def test_app_behavior_serves_the_react_build(behaviors: dict, distribution: dict) -> None:
    app = behaviors["/app/*"]
    assert app["TargetOriginId"] == distribution["DefaultCacheBehavior"]["TargetOriginId"]
    assert app["CachePolicyId"] == CACHING_OPTIMIZED
    assert "FunctionAssociations" not in app


def test_spa_paths_run_the_viewer_request_function(
    resources: dict, behaviors: dict, distribution: dict
) -> None:
    function_id, _ = only(resources, "AWS::CloudFront::Function")
    for pattern in SPA_PATTERNS:
        behavior = behaviors[pattern]
        assert behavior["TargetOriginId"] == distribution["DefaultCacheBehavior"]["TargetOriginId"], pattern
        (association,) = behavior["FunctionAssociations"]
        assert association["EventType"] == "viewer-request", pattern
        assert refs(association["FunctionARN"]) == {function_id}, pattern
    patterns = [b["PathPattern"] for b in distribution["CacheBehaviors"]]
    assert patterns.index("/srv/*") == 0  # nothing can shadow the API


def test_unknown_objects_show_the_404_page(distribution: dict) -> None:
    assert distribution["CustomErrorResponses"] == [
        {"ErrorCode": 403, "ResponseCode": 404, "ResponsePagePath": "/404.html", "ErrorCachingMinTTL": 10}
    ]
    assert distribution["DefaultRootObject"] == "index.html"


def test_security_headers_on_every_static_behavior(
    resources: dict, distribution: dict, behaviors: dict
) -> None:
    policies = of_type(resources, "AWS::CloudFront::ResponseHeadersPolicy")
    static = [
        distribution["DefaultCacheBehavior"],
        behaviors["/app/*"],
        *(behaviors[p] for p in SPA_PATTERNS),
    ]
    for behavior in static:
        (policy_id,) = refs(behavior["ResponseHeadersPolicyId"])
        headers = policies[policy_id]["Properties"]["ResponseHeadersPolicyConfig"]["SecurityHeadersConfig"]
        hsts = headers["StrictTransportSecurity"]
        assert hsts["AccessControlMaxAgeSec"] >= 31536000 and hsts["IncludeSubdomains"] is True
        assert headers["ContentTypeOptions"]["Override"] is True
        assert headers["FrameOptions"]["FrameOption"] == "DENY"
        assert headers["ReferrerPolicy"]["ReferrerPolicy"] == "strict-origin-when-cross-origin"
        csp = headers["ContentSecurityPolicy"]["ContentSecurityPolicy"]
        for directive in (
            "default-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ):
            assert directive in csp
        assert "'unsafe-eval'" not in csp and "script-src 'self' 'unsafe-inline'" not in csp


def test_uploads_are_served_sandboxed(resources: dict, behaviors: dict, origins: dict) -> None:
    behavior = behaviors["/storage/*"]
    origin = origins[behavior["TargetOriginId"]]
    assert "uploads" in json.dumps(origin["DomainName"]) and origin.get("OriginAccessControlId")
    policies = of_type(resources, "AWS::CloudFront::ResponseHeadersPolicy")
    (policy_id,) = refs(behavior["ResponseHeadersPolicyId"])
    csp = policies[policy_id]["Properties"]["ResponseHeadersPolicyConfig"]["SecurityHeadersConfig"][
        "ContentSecurityPolicy"
    ]["ContentSecurityPolicy"]
    assert "sandbox" in csp and "default-src 'none'" in csp


def test_outputs_for_the_publish_step(template) -> None:
    outputs = template.to_json()["Outputs"]
    for name in ("SiteUrl", "DistributionId", "SiteBucketName", "UploadsBucketName", "SitePathsStoreArn"):
        assert name in outputs
    template.has_output("SitePathsStoreArn", {"Value": Match.any_value()})


# The app entry point -----------------------------------------------------------------------------


def test_app_refuses_a_missing_lambda_package(tmp_path: Path) -> None:
    import aws_cdk as cdk

    sys.path.insert(0, str(REPO_ROOT / "infra"))
    from app import lambda_dir_from

    with pytest.raises(SystemExit, match="package_lambda.py"):
        lambda_dir_from(cdk.App(context={"lambda_dir": str(tmp_path)}))
    (tmp_path / "functions").mkdir()
    (tmp_path / "functions" / "handler.py").write_text("handler = None\n")
    assert lambda_dir_from(cdk.App(context={"lambda_dir": str(tmp_path)})) == tmp_path
