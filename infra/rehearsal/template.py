"""The stage's template, synthesized as `make deploy` synthesizes it, and its local counterpart.

`synthesize()` builds the CDK app of infra/app.py in this process (cdk.json's context, the stage, the
rehearsal's packages and `-c origin_verify_version=…` as `make deploy` passes it) and returns the stack's
CloudFormation template as JSON. `Stage` creates every resource the functions reach from that template
(tables in DynamoDB Local, buckets, secrets, the distribution, topics, subscriptions, alarms and the
mail identity in moto, the KeyValueStore in its stand-in) and resolves the intrinsics of a function's
environment (Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split) to those local resources.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import string
import sys
from pathlib import Path
from typing import Any

INFRA_DIR = Path(__file__).resolve().parents[1]
REPO_ROOT = INFRA_DIR.parent
ACCOUNT = "123456789012"  # moto's default account
REGION = "us-east-1"
STAGE = "prod"
# What a production stage must name (tests/infra/conftest.py gives the same).
DEPLOY_SETTINGS = {"alarm_email": "ops@example.com", "mail_from": "noreply@example.com"}
DYNAMIC_REFERENCE = re.compile(r"\{\{resolve:secretsmanager:([^:}]+(?::[^:}]+){6})?([^}]*)\}\}")


def code_placeholder(directory: Path) -> Path:
    """What the synthesis is given as the functions' code: the `functions/` package alone (the
    packaging script's own copy step) and empty -crt/-rebuild folders, as tests/infra/conftest.py
    does. The template is the same but for the assets' hashes (the rehearsal runs the built packages
    themselves), and hashing the built folders would cost more than the rest of the synthesis."""
    import package_lambda

    target = directory / "lambda"
    if not (target / "functions" / "handler.py").exists():
        package_lambda.copy_package(target)
        (directory / "lambda-crt" / "python").mkdir(parents=True, exist_ok=True)
        (directory / "lambda-rebuild").mkdir(parents=True, exist_ok=True)
    return target


def synthesize(code_dir: Path, out_dir: Path, origin_verify_version: str = "", stage: str = STAGE) -> dict:
    """The stack's template as `cdk synth -c stage=<stage>` writes it (cdk-nag included), with
    `code_dir` as the functions' code (`-c lambda_dir`)."""
    for path in (str(REPO_ROOT), str(INFRA_DIR)):
        if path not in sys.path:
            sys.path.insert(0, path)
    os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
    os.environ.setdefault("CDK_DISABLE_CLI_TELEMETRY", "true")
    import aws_cdk as cdk
    from app import build_app, cdk_context

    context = cdk_context(
        stage=stage,
        lambda_dir=str(code_dir),
        app_dir=str(REPO_ROOT / "webapp" / "dist"),
        **DEPLOY_SETTINGS,
        **({"origin_verify_version": origin_verify_version} if origin_verify_version else {}),
    )
    saved = {k: os.environ.get(k) for k in ("CDK_DEFAULT_ACCOUNT", "CDK_DEFAULT_REGION")}
    os.environ.pop("CDK_DEFAULT_ACCOUNT", None)
    os.environ["CDK_DEFAULT_REGION"] = REGION
    try:
        app = build_app(cdk.App(outdir=str(out_dir), context=context))
        assembly = app.synth()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    (stack,) = [s for s in assembly.stacks if s.stack_name == f"CityOps-{stage}"]
    return json.loads(Path(stack.template_full_path).read_text(encoding="utf-8"))


def of_type(template: dict, kind: str) -> dict[str, dict]:
    return {k: v for k, v in template["Resources"].items() if v["Type"] == kind}


def generated_secret(spec: dict) -> str:
    """A value as Secrets Manager's GenerateSecretString would make it."""
    excluded = set(spec.get("ExcludeCharacters", ""))
    alphabet = string.ascii_letters + string.digits
    if not spec.get("ExcludePunctuation"):
        alphabet += "!#$%&()*+,-.:;<=>?@[]^_{|}~"
    alphabet = "".join(c for c in alphabet if c not in excluded)
    value = "".join(secrets.choice(alphabet) for _ in range(int(spec.get("PasswordLength", 32))))
    if spec.get("SecretStringTemplate") and spec.get("GenerateStringKey"):
        return json.dumps({**json.loads(spec["SecretStringTemplate"]), spec["GenerateStringKey"]: value})
    return value


class Unresolvable(KeyError):
    """An intrinsic the rehearsal has no local value for."""


class Stage:
    """The local resources of one stack, created from its template; `resolve` turns a template value
    into the local one."""

    def __init__(self, template: dict, clients: dict[str, Any], kvs: Any, dynamodb: Any) -> None:
        self.template = template
        self.clients = clients
        self.kvs = kvs
        self.dynamodb = dynamodb
        self.refs: dict[str, str] = {}  # logical id -> what Ref gives
        self.attributes: dict[tuple[str, str], str] = {}  # (logical id, attribute) -> Fn::GetAtt
        self.function_names: dict[str, str] = {}  # logical id -> local function name
        self.buckets: dict[str, str] = {}  # bucket name -> logical id
        self.tables: dict[str, str] = {}  # table name -> logical id

    # -- intrinsics ------------------------------------------------------------------------------
    def resolve(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if not isinstance(value, dict):
            return value
        if len(value) != 1 or not next(iter(value)).startswith(("Ref", "Fn::")):
            return {k: self.resolve(v) for k, v in value.items()}
        ((name, argument),) = value.items()
        if name == "Ref":
            return self._ref(argument)
        if name == "Fn::GetAtt":
            logical, attribute = argument if isinstance(argument, list) else argument.split(".", 1)
            if (logical, attribute) not in self.attributes:
                raise Unresolvable(f"Fn::GetAtt {logical}.{attribute}")
            return self.attributes[(logical, attribute)]
        if name == "Fn::Join":
            separator, parts = argument
            return separator.join(str(self.resolve(p)) for p in parts)
        if name == "Fn::Select":
            index, items = argument
            return self.resolve(items)[int(self.resolve(index))]
        if name == "Fn::Split":
            separator, text = argument
            return str(self.resolve(text)).split(separator)
        if name == "Fn::Sub":
            text, variables = (argument, {}) if isinstance(argument, str) else argument
            local = {k: str(self.resolve(v)) for k, v in variables.items()}

            def one(match: re.Match) -> str:
                key = match.group(1)
                if key in local:
                    return local[key]
                if "." in key:
                    return str(self.resolve({"Fn::GetAtt": key.split(".", 1)}))
                return str(self._ref(key))

            return re.sub(r"\$\{([^}!]+)\}", one, text)
        raise Unresolvable(name)

    def _ref(self, logical: str) -> str:
        pseudo = {
            "AWS::Region": REGION,
            "AWS::AccountId": ACCOUNT,
            "AWS::Partition": "aws",
            "AWS::URLSuffix": "amazonaws.com",
            "AWS::StackName": f"CityOps-{STAGE}",
            "AWS::NoValue": "",
        }
        if logical in pseudo:
            return pseudo[logical]
        if logical not in self.refs:
            raise Unresolvable(f"Ref {logical}")
        return self.refs[logical]

    def resolve_secret_references(self, text: str) -> str:
        """`{{resolve:secretsmanager:<arn>:SecretString::<version id>}}` as CloudFormation resolves it
        when it deploys: the value of that version (AWSCURRENT without one)."""

        def one(match: re.Match) -> str:
            reference = match.group(0)[len("{{resolve:secretsmanager:") : -2]
            parts = reference.split(":")
            arn = ":".join(parts[:7])
            version_id = parts[10] if len(parts) > 10 and parts[10] else None
            ask: dict[str, str] = {"SecretId": arn}
            if version_id:
                ask["VersionId"] = version_id
            return self.clients["secretsmanager"].get_secret_value(**ask)["SecretString"]

        return re.sub(r"\{\{resolve:secretsmanager:[^}]+\}\}", one, text)

    # -- resources -------------------------------------------------------------------------------
    def create(self) -> None:
        """Every resource a function reaches, in dependency order."""
        resources = self.template["Resources"]
        for logical, resource in resources.items():
            if resource["Type"] == "AWS::IAM::Role":
                self.refs[logical] = f"rehearsal-{logical}"
                self.attributes[(logical, "Arn")] = f"arn:aws:iam::{ACCOUNT}:role/rehearsal-{logical}"
        for logical in of_type(self.template, "AWS::S3::Bucket"):
            self._bucket(logical)
        for logical, resource in of_type(self.template, "AWS::SecretsManager::Secret").items():
            self._secret(logical, resource["Properties"])
        for logical in of_type(self.template, "AWS::CloudFront::KeyValueStore"):
            arn = self.kvs.create_store(f"rehearsal-{logical}")
            self.refs[logical] = arn
            self.attributes[(logical, "Arn")] = arn
            self.attributes[(logical, "Id")] = arn.rsplit("/", 1)[1]
        for logical, resource in of_type(self.template, "AWS::DynamoDB::Table").items():
            self._table(logical, resource["Properties"])
        for logical in of_type(self.template, "AWS::Lambda::Function"):
            self._function_name(logical)
        for logical in of_type(self.template, "AWS::CloudFront::Distribution"):
            self._distribution(logical)
        for logical in of_type(self.template, "AWS::SNS::Topic"):
            arn = self.clients["sns"].create_topic(Name=f"rehearsal-{logical}")["TopicArn"]
            self.refs[logical] = arn
            self.attributes[(logical, "TopicArn")] = arn
        for resource in of_type(self.template, "AWS::SNS::Subscription").values():
            properties = self.resolve(resource["Properties"])
            self.clients["sns"].subscribe(
                TopicArn=properties["TopicArn"],
                Protocol=properties["Protocol"],
                Endpoint=properties["Endpoint"],
            )
        for resource in of_type(self.template, "AWS::SES::EmailIdentity").values():
            identity = self.resolve(resource["Properties"]["EmailIdentity"])
            if "@" in identity:
                self.clients["ses"].verify_email_identity(EmailAddress=identity)
            else:
                self.clients["ses"].verify_domain_identity(Domain=identity)
        for logical, resource in of_type(self.template, "AWS::CloudWatch::Alarm").items():
            self._alarm(logical, resource["Properties"])

    def _bucket(self, logical: str) -> None:
        name = re.sub(r"[^a-z0-9-]", "", f"rehearsal-{logical.lower()}")[:63]
        self.clients["s3"].create_bucket(Bucket=name)
        self.refs[logical] = name
        self.buckets[name] = logical
        for attribute, value in {
            "Arn": f"arn:aws:s3:::{name}",
            "DomainName": f"{name}.s3.amazonaws.com",
            "RegionalDomainName": f"{name}.s3.{REGION}.amazonaws.com",
        }.items():
            self.attributes[(logical, attribute)] = value

    def _secret(self, logical: str, properties: dict) -> None:
        name = self.resolve(properties.get("Name")) or f"rehearsal/{logical}"
        value = properties.get("SecretString") or generated_secret(properties.get("GenerateSecretString", {}))
        arn = self.clients["secretsmanager"].create_secret(Name=name, SecretString=value)["ARN"]
        self.refs[logical] = arn
        self.attributes[(logical, "Id")] = arn

    def _table(self, logical: str, properties: dict) -> None:
        properties = self.resolve(properties)
        name = properties["TableName"]
        ask: dict[str, Any] = {
            "TableName": name,
            "KeySchema": properties["KeySchema"],
            "AttributeDefinitions": properties["AttributeDefinitions"],
            "BillingMode": "PAY_PER_REQUEST",
        }
        indexes = [
            {k: v for k, v in index.items() if k in ("IndexName", "KeySchema", "Projection")}
            for index in properties.get("GlobalSecondaryIndexes", [])
        ]
        if indexes:
            ask["GlobalSecondaryIndexes"] = indexes
        self.dynamodb.create_table(**ask)
        if properties.get("TimeToLiveSpecification", {}).get("Enabled"):
            self.dynamodb.update_time_to_live(
                TableName=name,
                TimeToLiveSpecification={
                    "Enabled": True,
                    "AttributeName": properties["TimeToLiveSpecification"]["AttributeName"],
                },
            )
        arn = f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/{name}"
        self.refs[logical] = name
        self.tables[name] = logical
        self.attributes[(logical, "Arn")] = arn
        if properties.get("StreamSpecification"):
            self.attributes[(logical, "StreamArn")] = f"{arn}/stream/rehearsal"

    def _function_name(self, logical: str) -> None:
        properties = self.template["Resources"][logical]["Properties"]
        try:
            name = self.resolve(properties.get("FunctionName")) or f"rehearsal-{logical}"[:64]
        except Unresolvable:
            name = f"rehearsal-{logical}"[:64]
        self.refs[logical] = name
        self.function_names[logical] = name
        self.attributes[(logical, "Arn")] = f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{name}"

    def _distribution(self, logical: str) -> None:
        config = {
            "CallerReference": logical,
            "Comment": "rehearsal",
            "Enabled": True,
            "Origins": {"Quantity": 1, "Items": [{"Id": "site", "DomainName": "site.s3.amazonaws.com"}]},
            "DefaultCacheBehavior": {"TargetOriginId": "site", "ViewerProtocolPolicy": "allow-all"},
        }
        made = self.clients["cloudfront"].create_distribution(DistributionConfig=config)["Distribution"]
        self.refs[logical] = made["Id"]
        self.attributes[(logical, "DomainName")] = made["DomainName"]
        self.attributes[(logical, "Id")] = made["Id"]

    def _alarm(self, logical: str, properties: dict) -> None:
        try:
            properties = self.resolve(properties)
        except Unresolvable:
            return  # an alarm on a resource the rehearsal has not (the HTTP API's, the WAF's)
        keys = (
            "AlarmName",
            "AlarmDescription",
            "ActionsEnabled",
            "AlarmActions",
            "OKActions",
            "MetricName",
            "Namespace",
            "Statistic",
            "Dimensions",
            "Period",
            "EvaluationPeriods",
            "DatapointsToAlarm",
            "Threshold",
            "ComparisonOperator",
            "TreatMissingData",
            "Metrics",
        )
        ask = {k: properties[k] for k in keys if k in properties}
        ask.setdefault("AlarmName", f"rehearsal-{logical}")
        self.clients["cloudwatch"].put_metric_alarm(**ask)

    # -- functions ---------------------------------------------------------------------------------
    def functions(self) -> dict[str, dict]:
        """Handler -> {logical, name, environment, layers} of each function of the `functions` package."""
        found: dict[str, dict] = {}
        for logical, resource in of_type(self.template, "AWS::Lambda::Function").items():
            properties = resource["Properties"]
            handler = properties.get("Handler", "")
            if not handler.startswith("functions."):
                continue
            found[handler] = {
                "logical": logical,
                "name": self.function_names[logical],
                "environment": {
                    k: str(self.resolve(v))
                    for k, v in properties.get("Environment", {}).get("Variables", {}).items()
                },
                "layers": properties.get("Layers", []),
                "timeout": int(properties.get("Timeout", 3)),
                "memory": int(properties.get("MemorySize", 128)),
            }
        return found
