"""The production stack: one CloudFront origin in front of S3 (site, uploads) and the API function.

Routing (the production twin of functions/local/gateway.py; contract: tests/routing_cases.json):

| path pattern                     | origin        | function                        | cache           |
|----------------------------------|---------------|---------------------------------|-----------------|
| /srv/*                           | HTTP API      | none                            | disabled        |
| /app/*                           | site bucket   | none                            | optimized       |
| /admin /admin/* /user /user/*    | site bucket   | viewer request -> /app/index.html | short         |
| /404 /401                        | site bucket   | viewer request -> /app/index.html | short         |
| /storage/*                       | uploads bucket| none                            | optimized       |
| default (*)                      | site bucket   | viewer request + viewer response | optimized      |

/user/login and /admin/login: the viewer request answers with their pre-rendered page,
/app/prerender/<screen>.<lang>.<theme>.html (viewer_request.js).

The API is an API Gateway HTTP API (payload format 2.0, what Mangum reads) rather than a Lambda
Function URL with origin access control: with OAC, CloudFront signs requests to a Function URL but
Lambda does not accept unsigned payloads, so every browser POST/PUT (JSON or a multipart upload)
would have to carry its own SHA-256 in `x-amz-content-sha256`. The HTTP API needs nothing from the
client. Its execute-api endpoint stays reachable, but the API answers only requests carrying the
`X-Origin-Verify` secret CloudFront adds (CITYOPS_CLIENT_IP_SOURCE=cloudfront): it then trusts
CloudFront-Viewer-Address as the caller's address (see infra/README.md, "Client address").

Unknown static paths: the viewer-request function rewrites them to the language's 404.html
(/404.html or /en/404.html) and the viewer-response function sets status 404. The distribution's
only error response maps S3's 403 (a missing object: OAC grants no s3:ListBucket) to /404.html
with status 404, for objects the KeyValueStore lists but S3 lacks. A 404 is deliberately not
mapped: error responses apply to the whole distribution and would replace the API's own 404
envelope. For the same reason the API must not answer HTTP 403.

The rebuild function (publish -> Pelican -> changed files to the site bucket + KeyValueStore +
invalidation of the changed paths) is `_rebuild_function` below; the API invokes it asynchronously.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from aws_cdk import (
    Annotations,
    Aws,
    CfnOutput,
    CustomResource,
    Duration,
    FileSystem,
    RemovalPolicy,
    Size,
    Stack,
)
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_apigatewayv2_integrations as apigwv2_integrations
from aws_cdk import aws_certificatemanager as acm
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as cloudwatch_actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as s3deploy
from aws_cdk import aws_secretsmanager as secretsmanager
from aws_cdk import aws_ses as ses
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as sns_subscriptions
from aws_cdk import aws_wafv2 as wafv2
from cdk_nag import NagSuppressions
from constructs import Construct

from functions.core import security_headers

from .config import StageConfig
from .tables import Index, Key, TableSpec

VIEWER_REQUEST_JS = Path(__file__).with_name("viewer_request.js")

API_PATH_PATTERN = "/srv/*"
APP_PATH_PATTERN = "/app/*"
UPLOADS_PATH_PATTERN = "/storage/*"
SPA_PATH_PATTERNS = ("/admin", "/admin/*", "/user", "/user/*", "/404", "/401")
NOT_FOUND_PAGE = "/404.html"

# The security headers (CSP, HSTS, nosniff, framing, referrer and permissions policies) are defined
# once, in functions/core/security_headers.py, and read by the local gateway, the API and this stack.
# The origin-verify header: CloudFront adds it to every request to the API with a secret value; the
# API (CITYOPS_CLIENT_IP_SOURCE=cloudfront) refuses requests without it, so it can trust
# CloudFront-Viewer-Address as the caller's address (functions/core/client_ip.py).
ORIGIN_VERIFY_HEADER = "X-Origin-Verify"
# What the API reads from a request (CloudFront forwards only these, plus all query strings): the
# language, the two token headers, the body's type, the user agent (admin log, sessions), a request
# id, and CloudFront-Viewer-Address, which CloudFront itself sets to the viewer's ip:port. An allow
# list rather than the managed AllViewerExceptHostHeader policy: a custom policy cannot combine "all
# viewer headers except Host" with a CloudFront header, and forwarding Host breaks API Gateway.
API_FORWARDED_HEADERS = (
    "Accept",
    "Accept-Language",
    "think-lang",
    "batoken",
    "ba-user-token",
    "Content-Type",
    "User-Agent",
    "X-Request-Id",
    "CloudFront-Viewer-Address",
)
# Cache-Control of the uploaded files: pages and theme files are not content-hashed (short cache);
# the React build's chunks are (immutable); the app shell names the current chunks (revalidate).
SITE_CACHE_CONTROL = "public, max-age=300"
CHUNK_CACHE_CONTROL = "public, max-age=31536000, immutable"
SHELL_CACHE_CONTROL = "no-cache"
# The app's pages (they name the hashed chunks, so they change with every build): its index.html and the
# login screens pre-rendered by the build (webapp/scripts/prerender.mjs), which the viewer-request
# function picks by language and theme.
APP_SHELL_FILES = ("index.html", "prerender/*")
# The WAF's per-IP rate rule covers login, registration, the code-sending paths and the contact form
# (the API counts stricter limits of its own; this stops a flood before it reaches Lambda).
RATE_LIMITED_PATHS = (
    "/srv/admin/index/login",
    "/srv/api/user/checkIn",
    "/srv/api/Sms/sendSms",
    "/srv/api/Ems/send",
    "/srv/api/account/retrievePassword",
    "/srv/api/contact/send",
    "/srv/api/contact/form",
)
# One JSON line per API request in the access log group.
# Alarm thresholds.
ALARM_5XX_PERCENT = 5
ALARM_P99_MS = 3000
# The DynamoDB operations the per-table alarms watch: system errors of the six the app relies on,
# throttles of the first four (an alarm's metric math takes at most 10 metrics).
DYNAMODB_OPERATIONS = (
    dynamodb.Operation.GET_ITEM,
    dynamodb.Operation.PUT_ITEM,
    dynamodb.Operation.UPDATE_ITEM,
    dynamodb.Operation.QUERY,
    dynamodb.Operation.BATCH_GET_ITEM,
    dynamodb.Operation.TRANSACT_WRITE_ITEMS,
)
LAMBDA_BASIC_EXECUTION = (
    "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"
)
TABLE_INDEXES = "regex:/^Resource::<Table.+\\.Arn>\\/index\\/\\*$/"
# What grant_read_data / grant_read_write_data allow on a table (without the stream actions).
TABLE_READ_ACTIONS = [
    "dynamodb:BatchGetItem",
    "dynamodb:Query",
    "dynamodb:GetItem",
    "dynamodb:Scan",
    "dynamodb:ConditionCheckItem",
    "dynamodb:DescribeTable",
]
TABLE_WRITE_ACTIONS = [
    "dynamodb:BatchWriteItem",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:DeleteItem",
]
# Tables the rebuild function writes (its job, log lines and lock); it only reads the others.
JOB_TABLES = ("job", "job_line", "job_lock")
S3_GRANT_ACTIONS = [
    f"Action::s3:{action}*" for action in ("GetBucket", "GetObject", "List", "Abort", "DeleteObject")
]
API_ACCESS_LOG_FORMAT = {
    "requestId": "$context.requestId",
    "ip": "$context.identity.sourceIp",
    "method": "$context.httpMethod",
    "path": "$context.path",
    "status": "$context.status",
    "latencyMs": "$context.responseLatency",
    "integrationError": "$context.integrationErrorMessage",
    "time": "$context.requestTime",
}
_REFERRER_POLICIES = {
    policy.value.lower().replace("_", "-"): policy for policy in cloudfront.HeadersReferrerPolicy
}
_FRAME_OPTIONS = {option.value: option for option in cloudfront.HeadersFrameOption}

_ATTRIBUTE_TYPES = {
    "S": dynamodb.AttributeType.STRING,
    "N": dynamodb.AttributeType.NUMBER,
    "B": dynamodb.AttributeType.BINARY,
}
_PROJECTIONS = {
    "ALL": dynamodb.ProjectionType.ALL,
    "KEYS_ONLY": dynamodb.ProjectionType.KEYS_ONLY,
    "INCLUDE": dynamodb.ProjectionType.INCLUDE,
}


def suppress(
    construct: Construct,
    reasons: dict[str, str],
    *,
    applies_to: list[str] | None = None,
    children: bool = False,
) -> None:
    """cdk-nag suppressions, each with its reason (`{"AwsSolutions-XX": "why"}`); `applies_to` narrows
    an IAM4/IAM5 suppression to the named findings (regexes allowed as `regex:/…/`)."""
    rules = []
    for rule_id, reason in reasons.items():
        rule: dict = {"id": rule_id, "reason": reason}
        if applies_to and rule_id in ("AwsSolutions-IAM4", "AwsSolutions-IAM5"):
            rule["applies_to"] = applies_to
        rules.append(rule)
    NagSuppressions.add_resource_suppressions(construct, rules, apply_to_children=children)


def _suppress_python_runtime(function: lambda_.Function) -> None:
    """The cdk-nag findings every function of the `functions` package has, with their reasons."""
    suppress(
        function,
        {
            "AwsSolutions-L1": "python3.12 on purpose: the package's bytecode is compiled for it "
            "(infra/package_lambda.py); a newer runtime needs the package rebuilt for it first.",
            "AwsSolutions-IAM4": "AWSLambdaBasicExecutionRole only lets the function write its "
            "own CloudWatch logs.",
        },
        applies_to=[LAMBDA_BASIC_EXECUTION],
        children=True,
    )


def _attribute(key: Key) -> dynamodb.Attribute:
    return dynamodb.Attribute(name=key.name, type=_ATTRIBUTE_TYPES[key.type])


def _index_options(index: Index) -> dict:
    options: dict = {
        "index_name": index.name,
        "sort_key": _attribute(index.sort) if index.sort else None,
        "projection_type": _PROJECTIONS[index.projection],
    }
    if index.non_key_attributes:
        options["non_key_attributes"] = list(index.non_key_attributes)
    return options


class CityOpsStack(Stack):
    """Buckets, tables, the API function behind an HTTP API, and the CloudFront distribution."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        lambda_dir: Path,
        site_dir: Path,
        app_dir: Path,
        tables: list[TableSpec],
        **kwargs,
    ) -> None:
        super().__init__(scope, construct_id, **kwargs)
        if not tables:
            raise ValueError("no DynamoDB tables: functions.models defines no models")
        self.config = config
        self.prefix = config.prefix
        self.table_prefix = f"{self.prefix}-"
        self.data_removal = config.data_removal_policy

        self.log_bucket = self._log_bucket()
        self.site_bucket = self._site_bucket()
        self.uploads_bucket_name = f"{self.prefix}-uploads-{Aws.ACCOUNT_ID}-{Aws.REGION}"
        self.uploads_bucket = self._uploads_bucket()
        self.tables = {spec.name: self._table(spec) for spec in tables}
        # Tables with indexes: only their `index/*` is granted (each ARN counts towards the size of the
        # functions' inline policy, which CDK splits into managed overflow policies past 10 KB).
        self._indexed = {
            id(self.tables[spec.name]) for spec in tables if spec.global_indexes or spec.local_indexes
        }
        self.jwt_secret = self._generated_secret(
            "JwtSecret",
            "Signing key of the API's access tokens; read by the functions at cold start "
            "(AWSCURRENT signs, AWSPREVIOUS is still accepted during a rotation)",
        )
        self.origin_verify_secret = self._generated_secret(
            "OriginVerifySecret",
            "Value of the X-Origin-Verify header CloudFront adds to API requests: the API answers "
            "only requests that carry it (AWSCURRENT or AWSPREVIOUS)",
        )
        self.admin_secret = secretsmanager.Secret(
            self,
            "FirstAdminSecret",
            secret_name=f"{self.prefix}/first-admin",  # also in the FirstAdminPassword output
            description="The first admin's user name and password, written once by the deploy's "
            "bootstrap when it creates that admin",
            removal_policy=RemovalPolicy.DESTROY,
        )
        suppress(
            self.admin_secret,
            {
                "AwsSolutions-SMG4": "A one-time initial password: the admin changes it in the back "
                "office after the first login; rotating the secret would not change the account.",
            },
        )
        self.crt_layer = lambda_.LayerVersion(
            self,
            "CrtLayer",
            code=lambda_.Code.from_asset(str(lambda_dir.parent / f"{lambda_dir.name}-crt")),
            compatible_runtimes=[lambda_.Runtime.PYTHON_3_12],
            compatible_architectures=[lambda_.Architecture.ARM_64],
            description="awscrt for botocore (SigV4A, needed by the CloudFront KeyValueStore API)",
        )
        self.code = lambda_.Code.from_asset(str(lambda_dir))
        self.rebuild_dir = lambda_dir.parent / f"{lambda_dir.name}-rebuild"
        self.api_function = self._api_function()
        self.http_api = self._http_api()
        self.paths_store = cloudfront.KeyValueStore(
            self, "SitePaths", comment="Published files of site/ (one key per file path)"
        )
        self.viewer_function = cloudfront.Function(
            self,
            "ViewerRequest",
            comment="Routing: SPA paths, directory indexes, section fallbacks, 404",
            code=cloudfront.FunctionCode.from_file(file_path=str(VIEWER_REQUEST_JS)),
            runtime=cloudfront.FunctionRuntime.JS_2_0,
            key_value_store=self.paths_store,
        )
        self.web_acl = self._web_acl()
        self.distribution = self._distribution()
        self._finish_uploads_bucket()
        self.api_function.add_environment("CITYOPS_PUBLIC_URL", self.public_url)
        self.content_dirs = (lambda_dir, site_dir, app_dir)
        self.deployments = self._upload_site(site_dir, app_dir)
        self.bootstrap = self._bootstrap()
        self._alarms()
        self._rebuild_function()
        self._mail_identity()
        self._outputs()

    @property
    def public_url(self) -> str:
        host = self.config.domain_names[0] if self.config.domain_names else None
        return f"https://{host or self.distribution.distribution_domain_name}"

    # Storage -------------------------------------------------------------------------------------

    def _bucket(
        self, construct_id: str, log_prefix: str | None, disposable: bool = False, **props
    ) -> s3.Bucket:
        """A private, encrypted, TLS-only bucket. With `log_prefix`, ACLs are off (the bucket owns every
        object) and its access logs go to the log bucket under s3/<log_prefix>/. A `disposable` bucket
        is rebuilt on every deploy: emptied and removed with the stack; any other keeps its data as the
        stage's removal policy says (emptied with the stack except in production)."""
        if log_prefix is not None:
            props |= {
                "object_ownership": s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
                "server_access_logs_bucket": self.log_bucket,
                "server_access_logs_prefix": f"s3/{log_prefix}/",
            }
        return s3.Bucket(
            self,
            construct_id,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED,
            enforce_ssl=True,
            removal_policy=RemovalPolicy.DESTROY if disposable else self.data_removal,
            auto_delete_objects=disposable or not self.config.production,
            **props,
        )

    def _log_bucket(self) -> s3.Bucket:
        """Access logs of CloudFront (standard logging needs ACLs: object writer) and of the buckets."""
        bucket = self._bucket(
            "LogBucket",
            None,
            object_ownership=s3.ObjectOwnership.OBJECT_WRITER,
            lifecycle_rules=[s3.LifecycleRule(expiration=Duration.days(self.config.access_log_days))],
        )
        suppress(bucket, {"AwsSolutions-S1": "The access-log bucket itself: logging it would loop."})
        return bucket

    def _site_bucket(self) -> s3.Bucket:
        # Rebuilt from the sources and the tables on every deploy: nothing to keep.
        return self._bucket("SiteBucket", "site", disposable=True)

    def _uploads_bucket(self) -> s3.Bucket:
        # A name derived from the stage, account and region: the distribution reaches the bucket by
        # that name, so the bucket's CORS rule may name the distribution's domain without a cycle.
        return self._bucket(
            "UploadsBucket",
            "uploads",
            bucket_name=self.uploads_bucket_name,
            versioned=True,
            lifecycle_rules=[
                s3.LifecycleRule(abort_incomplete_multipart_upload_after=Duration.days(7)),
                # Remote-mode uploads land under incoming/ and are moved to storage/ by the callback;
                # whatever a browser posted but never confirmed is removed after a day.
                s3.LifecycleRule(
                    id="ExpireUnconfirmedUploads", prefix="incoming/", expiration=Duration.days(1)
                ),
                # Versioning keeps an overwritten or deleted file recoverable for 30 days.
                s3.LifecycleRule(id="ExpireOldVersions", noncurrent_version_expiration=Duration.days(30)),
            ],
        )

    def _finish_uploads_bucket(self) -> None:
        # The browser posts files straight to S3 with a presigned POST from the site's origin.
        self.uploads_bucket.add_cors_rule(
            allowed_methods=[s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
            allowed_origins=[
                f"https://{self.distribution.distribution_domain_name}",
                *(f"https://{name}" for name in self.config.domain_names),
            ],
            allowed_headers=["*"],
            exposed_headers=["ETag", "Location"],
            max_age=3000,
        )
        # Origin access control for the /storage/* behavior (the origin only knows the bucket name).
        self.uploads_bucket.add_to_resource_policy(
            iam.PolicyStatement(
                sid="AllowCloudFrontRead",
                principals=[iam.ServicePrincipal("cloudfront.amazonaws.com")],
                actions=["s3:GetObject"],
                resources=[self.uploads_bucket.arn_for_objects("*")],
                conditions={"StringEquals": {"AWS:SourceArn": self.distribution.distribution_arn}},
            )
        )

    def _table(self, spec: TableSpec) -> dynamodb.Table:
        table = dynamodb.Table(
            self,
            f"Table-{spec.name}",
            table_name=f"{self.table_prefix}{spec.name}",
            partition_key=_attribute(spec.partition),
            sort_key=_attribute(spec.sort) if spec.sort else None,
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True
            ),
            time_to_live_attribute=spec.ttl_attribute,
            encryption=dynamodb.TableEncryption.AWS_MANAGED,
            deletion_protection=self.config.production,
            removal_policy=self.data_removal,
        )
        for index in spec.global_indexes:
            table.add_global_secondary_index(
                partition_key=_attribute(index.partition), **_index_options(index)
            )
        for index in spec.local_indexes:
            options = _index_options(index)
            options["sort_key"] = _attribute(index.sort)
            table.add_local_secondary_index(**options)
        return table

    # API -----------------------------------------------------------------------------------------

    def _generated_secret(self, construct_id: str, description: str) -> secretsmanager.Secret:
        secret = secretsmanager.Secret(
            self,
            construct_id,
            secret_name=f"{self.prefix}/{construct_id}",
            description=description,
            generate_secret_string=secretsmanager.SecretStringGenerator(
                password_length=64, exclude_punctuation=True
            ),
            removal_policy=RemovalPolicy.DESTROY,
        )
        suppress(
            secret,
            {
                "AwsSolutions-SMG4": "Rotated by the operator with `aws secretsmanager put-secret-value` "
                "(infra/README.md): the functions accept AWSCURRENT and AWSPREVIOUS, and "
                "CloudFront's copy of the origin-verify value changes only with a deploy, so an "
                "automatic schedule could lock CloudFront out."
            },
        )
        return secret

    def _function_environment(self) -> dict[str, str]:
        """What both functions need to build `Settings`: secrets are named by ARN and read at cold
        start (functions/core/secrets.py), never carried in the configuration."""
        return {
            "CITYOPS_ENV": "production",
            "CITYOPS_TABLE_PREFIX": self.table_prefix,
            "CITYOPS_AWS_REGION": Aws.REGION,
            "CITYOPS_JWT_SECRET_ARN": self.jwt_secret.secret_arn,
            "CITYOPS_CLIENT_IP_SOURCE": "cloudfront",
            "CITYOPS_ORIGIN_VERIFY_SECRET_ARN": self.origin_verify_secret.secret_arn,
            "CITYOPS_UPLOADS_BUCKET": self.uploads_bucket.bucket_name,
            "CITYOPS_MAIL_BACKEND": "ses",
            "CITYOPS_MAIL_FROM": self.config.sender,
            "CITYOPS_SMS_BACKEND": "sns",
            **({"CITYOPS_SMS_SENDER_ID": self.config.sms_sender_id} if self.config.sms_sender_id else {}),
            **(
                {"CITYOPS_SMS_ORIGINATION_NUMBER": self.config.sms_origination_number}
                if self.config.sms_origination_number
                else {}
            ),
            "CITYOPS_API_URL": "/srv",
            # Browser uploads go straight to the bucket (presigned POST); an admin who switches Config to
            # local mode gets a 4 MB limit, what one Lambda invocation can carry base64-encoded.
            "CITYOPS_UPLOAD_MODE_DEFAULT": "remote",
            "CITYOPS_API_UPLOAD_MAX_BYTES": str(4 * 1024 * 1024),
        }

    def _python_function(
        self, construct_id: str, *, description: str, handler: str, service: str, **options
    ) -> lambda_.Function:
        """A function of the `functions` package (python3.12, arm64) that builds `Settings`: it may
        read the two secrets and read and write every table."""
        function = lambda_.Function(
            self,
            construct_id,
            description=description,
            runtime=lambda_.Runtime.PYTHON_3_12,
            architecture=lambda_.Architecture.ARM_64,
            handler=handler,
            code=self.code,
            memory_size=1024,
            log_group=self._log_group(construct_id.replace("Function", "Logs")),
            environment={**self._function_environment(), "POWERTOOLS_SERVICE_NAME": service},
            **options,
        )
        self.jwt_secret.grant_read(function)
        self.origin_verify_secret.grant_read(function)
        self._grant_tables(function, TABLE_READ_ACTIONS + TABLE_WRITE_ACTIONS, self.tables.values())
        _suppress_python_runtime(function)
        return function

    def _grant_site_paths(self, function: lambda_.Function, *store_actions: str) -> None:
        """Lets a function that publishes the site change the KeyValueStore of public paths (besides
        describing it, the named `cloudfront-keyvaluestore:` actions) and invalidate the distribution."""
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="SitePaths",
                actions=[
                    "cloudfront-keyvaluestore:DescribeKeyValueStore",
                    *(f"cloudfront-keyvaluestore:{action}" for action in store_actions),
                ],
                resources=[self.paths_store.key_value_store_arn],
            )
        )
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="Invalidate",
                actions=["cloudfront:CreateInvalidation"],
                resources=[
                    f"arn:{Aws.PARTITION}:cloudfront::{Aws.ACCOUNT_ID}:distribution/"
                    f"{self.distribution.distribution_id}"
                ],
            )
        )

    def _grant_tables(
        self, function: lambda_.Function, actions: list[str], tables: Iterable[dynamodb.Table]
    ) -> None:
        """One statement for `actions` on `tables` and the indexes of those that have some (one statement
        per table, as the grant helpers write them, overflows the role's inline policy once there are a
        few dozen tables)."""
        resources: list[str] = []
        for table in tables:
            resources.append(table.table_arn)
            if id(table) in self._indexed:
                resources.append(f"{table.table_arn}/index/*")
        if resources:
            function.add_to_role_policy(iam.PolicyStatement(actions=actions, resources=resources))

    def _allow_wildcards(self, function: lambda_.Function, reason: str, findings: list[str]) -> None:
        """IAM5 suppressions on a function's policy: the CDK grants' `index/*` of each table, plus
        `findings` (the grant helpers' action wildcards, object ARNs, resource-less actions)."""
        suppress(
            function,
            {
                "AwsSolutions-IAM5": "Table indexes (grant_read_write_data: Query on the table's own "
                "indexes). " + reason
            },
            applies_to=[TABLE_INDEXES, *findings],
            children=True,
        )

    def _api_function(self) -> lambda_.Function:
        # Only CloudFront reaches the API: the caller is CloudFront-Viewer-Address, trusted because
        # the request carries the origin-verify secret (functions/core/client_ip.py).
        function = self._python_function(
            "ApiFunction",
            description="CityOps API (FastAPI behind Mangum)",
            handler="functions.handler.handler",
            service="cityops-api",
            timeout=Duration.seconds(29),
        )
        self.uploads_bucket.grant_read(function)
        self.uploads_bucket.grant_put(function)
        self.uploads_bucket.grant_delete(function)
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="SendMail",
                actions=["ses:SendEmail", "ses:SendRawEmail"],
                # The sender's own identities: its address and its domain (whichever was verified).
                resources=[
                    f"arn:{Aws.PARTITION}:ses:{Aws.REGION}:{Aws.ACCOUNT_ID}:identity/{identity}"
                    for identity in (self.config.sender, self.config.sender.rpartition("@")[2])
                ],
            )
        )
        # SMS to a phone number has no resource ARN; deny publishing to any topic or application
        # endpoint, so the grant means "SMS" only.
        function.add_to_role_policy(
            iam.PolicyStatement(sid="SendSms", actions=["sns:Publish"], resources=["*"])
        )
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="NoTopicPublish",
                effect=iam.Effect.DENY,
                actions=["sns:Publish"],
                resources=[f"arn:{Aws.PARTITION}:sns:*:*:*"],
            )
        )
        self._allow_wildcards(
            function,
            "The uploads bucket's objects (the storage service reads, writes and deletes any "
            "uploaded file) with the S3 grant helpers' actions; sns:Publish to phone numbers has no "
            "resource ARN (topics are denied).",
            [*S3_GRANT_ACTIONS, "Resource::<UploadsBucket5E5E9B64.Arn>/*", "Resource::*"],
        )
        return function

    def _log_group(self, construct_id: str) -> logs.LogGroup:
        return logs.LogGroup(
            self,
            construct_id,
            retention=self.config.log_retention,
            removal_policy=RemovalPolicy.DESTROY,
        )

    def _http_api(self) -> apigwv2.HttpApi:
        api = apigwv2.HttpApi(
            self,
            "HttpApi",
            api_name=f"{self.prefix}-api",
            description="CityOps API; reached through CloudFront at /srv/*",
            default_integration=apigwv2_integrations.HttpLambdaIntegration(
                "ApiIntegration",
                self.api_function,
                payload_format_version=apigwv2.PayloadFormatVersion.VERSION_2_0,
            ),
        )
        stage = api.default_stage.node.default_child
        stage.add_property_override("DefaultRouteSettings.ThrottlingRateLimit", 100)
        stage.add_property_override("DefaultRouteSettings.ThrottlingBurstLimit", 200)
        self.api_access_logs = self._log_group("ApiAccessLogs")
        stage.access_log_settings = apigwv2.CfnStage.AccessLogSettingsProperty(
            destination_arn=self.api_access_logs.log_group_arn,
            format=json.dumps(API_ACCESS_LOG_FORMAT, separators=(",", ":")),
        )
        suppress(
            api,
            {
                "AwsSolutions-APIG4": "Authorization is the application's (admin and member tokens, "
                "DESIGN §3); API Gateway only forwards, and the app answers 404 without CloudFront's "
                "origin-verify header.",
            },
            children=True,
        )
        return api

    def _web_acl(self) -> wafv2.CfnWebACL | None:
        """A CloudFront-scoped web ACL: AWS managed common and known-bad-input rules, and a per-IP
        rate limit on login, registration and code sending. CloudFront-scoped WAF resources exist only
        in us-east-1; in another region the stack has no WAF (a warning says so; infra/README.md)."""
        if self.region != "us-east-1":
            Annotations.of(self).add_warning_v2(
                "cityops:no-waf",
                f"region {self.region}: a CloudFront web ACL must be created in us-east-1; no WAF",
            )
            return None

        def visibility(name: str) -> wafv2.CfnWebACL.VisibilityConfigProperty:
            return wafv2.CfnWebACL.VisibilityConfigProperty(
                cloud_watch_metrics_enabled=True, metric_name=name, sampled_requests_enabled=True
            )

        def managed(name: str, priority: int, count: tuple[str, ...] = ()) -> wafv2.CfnWebACL.RuleProperty:
            return wafv2.CfnWebACL.RuleProperty(
                name=name,
                priority=priority,
                override_action=wafv2.CfnWebACL.OverrideActionProperty(none={}),
                statement=wafv2.CfnWebACL.StatementProperty(
                    managed_rule_group_statement=wafv2.CfnWebACL.ManagedRuleGroupStatementProperty(
                        vendor_name="AWS",
                        name=name,
                        rule_action_overrides=[
                            wafv2.CfnWebACL.RuleActionOverrideProperty(
                                name=rule, action_to_use=wafv2.CfnWebACL.RuleActionProperty(count={})
                            )
                            for rule in count
                        ]
                        or None,
                    )
                ),
                visibility_config=visibility(name),
            )

        paths = [
            wafv2.CfnWebACL.StatementProperty(
                byte_match_statement=wafv2.CfnWebACL.ByteMatchStatementProperty(
                    field_to_match=wafv2.CfnWebACL.FieldToMatchProperty(uri_path={}),
                    positional_constraint="EXACTLY",
                    search_string=path.lower(),
                    text_transformations=[
                        wafv2.CfnWebACL.TextTransformationProperty(priority=0, type="LOWERCASE")
                    ],
                )
            )
            for path in RATE_LIMITED_PATHS
        ]
        rate_rule = wafv2.CfnWebACL.RuleProperty(
            name="LoginAndCodeRate",
            priority=0,
            action=wafv2.CfnWebACL.RuleActionProperty(block={}),
            statement=wafv2.CfnWebACL.StatementProperty(
                rate_based_statement=wafv2.CfnWebACL.RateBasedStatementProperty(
                    aggregate_key_type="IP",
                    limit=self.config.waf_rate_limit,
                    evaluation_window_sec=300,
                    scope_down_statement=wafv2.CfnWebACL.StatementProperty(
                        or_statement=wafv2.CfnWebACL.OrStatementProperty(statements=paths)
                    ),
                )
            ),
            visibility_config=visibility("LoginAndCodeRate"),
        )
        return wafv2.CfnWebACL(
            self,
            "WebAcl",
            scope="CLOUDFRONT",
            default_action=wafv2.CfnWebACL.DefaultActionProperty(allow={}),
            visibility_config=visibility(f"{self.prefix}-web-acl"),
            rules=[
                rate_rule,
                # Uploads through the API carry bodies up to the upload limit (10 MB): the common
                # rules' 8 KB body-size rule only counts.
                managed("AWSManagedRulesCommonRuleSet", 1, count=("SizeRestrictions_BODY",)),
                managed("AWSManagedRulesKnownBadInputsRuleSet", 2),
            ],
        )

    # CloudFront ----------------------------------------------------------------------------------

    def _distribution(self) -> cloudfront.Distribution:
        site_origin = origins.S3BucketOrigin.with_origin_access_control(self.site_bucket)
        uploads_by_name = s3.Bucket.from_bucket_attributes(
            self, "UploadsBucketByName", bucket_name=self.uploads_bucket_name, region=Aws.REGION
        )
        uploads_origin = origins.S3BucketOrigin.with_origin_access_control(
            uploads_by_name, origin_access_levels=[cloudfront.AccessLevel.READ]
        )
        api_origin = origins.HttpOrigin(
            f"{self.http_api.api_id}.execute-api.{Aws.REGION}.{Aws.URL_SUFFIX}",
            protocol_policy=cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            read_timeout=Duration.seconds(30),
            # A dynamic reference: the template holds the secret's ARN, CloudFormation the value.
            custom_headers={ORIGIN_VERIFY_HEADER: self.origin_verify_secret.secret_value.unsafe_unwrap()},
        )
        api_requests = cloudfront.OriginRequestPolicy(
            self,
            "ApiRequests",
            comment="The API's request headers and the viewer's address (CloudFront-Viewer-Address)",
            header_behavior=cloudfront.OriginRequestHeaderBehavior.allow_list(*API_FORWARDED_HEADERS),
            query_string_behavior=cloudfront.OriginRequestQueryStringBehavior.all(),
            cookie_behavior=cloudfront.OriginRequestCookieBehavior.none(),
        )

        security = self._headers_policy(
            "SecurityHeaders",
            "HSTS, nosniff, DENY framing, referrer and permissions policies, CSP: site and React app",
            security_headers.site_headers(https=True),
        )
        uploads_security = self._headers_policy(
            "UploadsHeaders",
            "Uploaded files: sandboxed, never a page of this origin",
            security_headers.upload_headers(https=True),
        )
        # The API sets its own headers (functions/core/security_headers.py api_headers); CloudFront adds
        # HSTS, which only it can (it knows the viewer spoke https).
        api_security = self._headers_policy(
            "ApiHeaders",
            "HSTS on API answers",
            {"Strict-Transport-Security": security_headers.STRICT_TRANSPORT_SECURITY},
        )
        html_cache = cloudfront.CachePolicy(
            self,
            "AppShellCache",
            comment="The React app's index.html: short TTL so a new build shows quickly",
            default_ttl=Duration.minutes(1),
            min_ttl=Duration.seconds(0),
            max_ttl=Duration.minutes(5),
            enable_accept_encoding_gzip=True,
            enable_accept_encoding_brotli=True,
        )
        viewer_request = cloudfront.FunctionAssociation(
            function=self.viewer_function, event_type=cloudfront.FunctionEventType.VIEWER_REQUEST
        )
        viewer_response = cloudfront.FunctionAssociation(
            function=self.viewer_function, event_type=cloudfront.FunctionEventType.VIEWER_RESPONSE
        )

        def static(origin: cloudfront.IOrigin, **options) -> cloudfront.BehaviorOptions:
            options.setdefault("cache_policy", cloudfront.CachePolicy.CACHING_OPTIMIZED)
            options.setdefault("response_headers_policy", security)
            return cloudfront.BehaviorOptions(
                origin=origin,
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                allowed_methods=cloudfront.AllowedMethods.ALLOW_GET_HEAD,
                compress=True,
                **options,
            )

        behaviors = {
            API_PATH_PATTERN: cloudfront.BehaviorOptions(
                origin=api_origin,
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
                allowed_methods=cloudfront.AllowedMethods.ALLOW_ALL,
                cache_policy=cloudfront.CachePolicy.CACHING_DISABLED,
                origin_request_policy=api_requests,
                response_headers_policy=api_security,
                compress=True,
            ),
            APP_PATH_PATTERN: static(site_origin),
        }
        for pattern in SPA_PATH_PATTERNS:
            behaviors[pattern] = static(
                site_origin, cache_policy=html_cache, function_associations=[viewer_request]
            )
        behaviors[UPLOADS_PATH_PATTERN] = static(uploads_origin, response_headers_policy=uploads_security)

        certificate = (
            acm.Certificate.from_certificate_arn(self, "Certificate", self.config.certificate_arn)
            if self.config.certificate_arn
            else None
        )
        distribution = cloudfront.Distribution(
            self,
            "Distribution",
            comment=f"CityOps {self.config.stage}: static site, React app, /srv API",
            default_root_object="index.html",
            domain_names=list(self.config.domain_names) or None,
            certificate=certificate,
            # TLS 1.2+ with a custom domain; *.cloudfront.net's policy is CloudFront's (see CFR4 below).
            minimum_protocol_version=(
                cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 if certificate else None
            ),
            web_acl_id=self.web_acl.attr_arn if self.web_acl else None,
            enable_logging=True,
            log_bucket=self.log_bucket,
            log_file_prefix="cloudfront/",
            http_version=cloudfront.HttpVersion.HTTP2_AND_3,
            price_class=cloudfront.PriceClass.PRICE_CLASS_100,
            default_behavior=static(site_origin, function_associations=[viewer_request, viewer_response]),
            additional_behaviors=behaviors,
            error_responses=[
                cloudfront.ErrorResponse(
                    http_status=403,
                    response_http_status=404,
                    response_page_path=NOT_FOUND_PAGE,
                    ttl=Duration.seconds(10),
                )
            ],
        )
        # The uploads bucket's own policy grants this distribution read (_finish_uploads_bucket).
        Annotations.of(distribution).acknowledge_warning(
            "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
            "the uploads bucket's policy is added on the bucket itself",
        )
        if not certificate:
            suppress(
                distribution,
                {
                    "AwsSolutions-CFR4": "Without a custom domain the distribution uses the *.cloudfront.net "
                    "certificate, whose security policy CloudFront fixes; with domain_names and "
                    "certificate_arn the stage gets TLSv1.2_2021."
                },
            )
        suppress(
            distribution, {"AwsSolutions-CFR1": "A public web site: no geographic restriction is wanted."}
        )
        if not self.web_acl:
            suppress(
                distribution,
                {
                    "AwsSolutions-CFR2": "The web ACL is attached when the stack is in us-east-1 (the only "
                    "region where CloudFront-scoped WAF exists); see infra/README.md."
                },
            )
        return distribution

    def _headers_policy(
        self, construct_id: str, comment: str, headers: dict[str, str]
    ) -> cloudfront.ResponseHeadersPolicy:
        """A response headers policy sending exactly `headers` (a dict of functions.core.security_headers),
        overriding what the origin sent."""
        remaining = dict(headers)
        security: dict = {}
        if "Strict-Transport-Security" in remaining:
            if remaining.pop("Strict-Transport-Security") != security_headers.STRICT_TRANSPORT_SECURITY:
                raise ValueError("only the shared STRICT_TRANSPORT_SECURITY value is supported")
            security["strict_transport_security"] = cloudfront.ResponseHeadersStrictTransportSecurity(
                access_control_max_age=Duration.seconds(security_headers.HSTS_MAX_AGE),
                include_subdomains=True,
                override=True,
            )
        if "X-Content-Type-Options" in remaining:
            if remaining.pop("X-Content-Type-Options") != "nosniff":
                raise ValueError("X-Content-Type-Options can only be nosniff")
            security["content_type_options"] = cloudfront.ResponseHeadersContentTypeOptions(override=True)
        if "X-Frame-Options" in remaining:
            security["frame_options"] = cloudfront.ResponseHeadersFrameOptions(
                frame_option=_FRAME_OPTIONS[remaining.pop("X-Frame-Options")], override=True
            )
        if "Referrer-Policy" in remaining:
            security["referrer_policy"] = cloudfront.ResponseHeadersReferrerPolicy(
                referrer_policy=_REFERRER_POLICIES[remaining.pop("Referrer-Policy")], override=True
            )
        if "Content-Security-Policy" in remaining:
            security["content_security_policy"] = cloudfront.ResponseHeadersContentSecurityPolicy(
                content_security_policy=remaining.pop("Content-Security-Policy"), override=True
            )
        custom = [
            cloudfront.ResponseCustomHeader(header=name, value=value, override=True)
            for name, value in remaining.items()
        ]
        return cloudfront.ResponseHeadersPolicy(
            self,
            construct_id,
            comment=comment,
            security_headers_behavior=cloudfront.ResponseSecurityHeadersBehavior(**security),
            custom_headers_behavior=(
                cloudfront.ResponseCustomHeadersBehavior(custom_headers=custom) if custom else None
            ),
        )

    # Deploy: files and the bootstrap ---------------------------------------------------------

    def _upload_site(self, site_dir: Path, app_dir: Path) -> list[s3deploy.BucketDeployment]:
        """The static site at the bucket's root (pruned: a page removed from the build goes) and the
        React build under app/: hashed chunks are never pruned, so a tab still running the previous
        build can load its lazy chunks; app/index.html and the pre-rendered login screens (app/prerender/)
        are sent with no-cache."""
        for directory, what in ((site_dir, "make site"), (app_dir, "make webapp")):
            if not (directory / "index.html").is_file():
                raise SystemExit(f"{directory} has no index.html: run `{what}` first")
        site = self._deploy_to_site(
            "DeploySite", site_dir, ["app", "app/*"], SITE_CACHE_CONTROL, exclude=["app/*"], prune=True
        )
        chunks = self._deploy_to_site(
            "DeployAppChunks", app_dir, [*APP_SHELL_FILES], CHUNK_CACHE_CONTROL, destination_key_prefix="app/"
        )
        shell = self._deploy_to_site(
            "DeployAppShell",
            app_dir,
            ["*", *(f"!{f}" for f in APP_SHELL_FILES)],
            SHELL_CACHE_CONTROL,
            destination_key_prefix="app/",
            exclude=["*"],
            include=[*APP_SHELL_FILES],
        )
        # The shell names chunks: upload it only once they are in place.
        shell.node.add_dependency(chunks)
        (provider,) = [c for c in self.node.children if c.node.id.startswith("Custom::CDKBucketDeployment")]
        suppress(
            provider,
            {
                "AwsSolutions-L1": "The CDK's BucketDeployment provider: its runtime is the CDK's choice.",
                "AwsSolutions-IAM4": "AWSLambdaBasicExecutionRole: the provider's own logs.",
                "AwsSolutions-IAM5": "The CDK's BucketDeployment copies from the CDK asset bucket to the "
                "site bucket's objects (any key under the prefix) with the S3 grant helpers' actions.",
            },
            applies_to=[
                LAMBDA_BASIC_EXECUTION,
                *S3_GRANT_ACTIONS,
                "regex:/^Resource::arn:aws:s3:::cdk-.+-assets-.+\\/\\*$/",
                "Resource::<SiteBucket397A1860.Arn>/*",
            ],
            children=True,
        )
        return [site, chunks, shell]

    def _deploy_to_site(
        self,
        construct_id: str,
        directory: Path,
        leave_out: list[str],
        cache_control: str,
        prune=False,
        **props,
    ) -> s3deploy.BucketDeployment:
        """Uploads `directory` but its files matching `leave_out` to the site bucket, sent with the header
        `Cache-Control: <cache_control>`; `prune`: the bucket's files the upload does not have go."""
        return s3deploy.BucketDeployment(
            self,
            construct_id,
            sources=[s3deploy.Source.asset(str(directory), exclude=leave_out)],
            destination_bucket=self.site_bucket,
            prune=prune,
            cache_control=[s3deploy.CacheControl.from_string(cache_control)],
            memory_limit=512,
            **props,
        )

    def _bootstrap(self) -> CustomResource:
        """A custom resource run on every deploy that changes the code or the site: seeds the tables
        (rules, groups, config), creates the first admin once (password into FirstAdminSecret), writes
        the KeyValueStore keys of the published site and invalidates the distribution
        (functions/deploy/bootstrap.py)."""
        function = self._python_function(
            "BootstrapFunction",
            description="Deploy bootstrap: seed, first admin, KeyValueStore, invalidation",
            handler="functions.deploy.bootstrap.handler",
            service="cityops-bootstrap",
            layers=[self.crt_layer],
            timeout=Duration.minutes(10),
        )
        # functions.seed.seed() first runs create_tables(), which finds the tables (ListTables has
        # no resource) and checks their TTL; it creates nothing, since the stack made them.
        function.add_to_role_policy(
            iam.PolicyStatement(sid="FindTables", actions=["dynamodb:ListTables"], resources=["*"])
        )
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="TableTtl",
                actions=["dynamodb:DescribeTimeToLive"],
                resources=[table.table_arn for table in self.tables.values()],
            )
        )
        self._allow_wildcards(
            function,
            "The site bucket's objects (listed to write the KeyValueStore keys) with the S3 read "
            "grant's actions; dynamodb:ListTables has no resource ARN.",
            [*S3_GRANT_ACTIONS[:3], "Resource::<SiteBucket397A1860.Arn>/*", "Resource::*"],
        )
        self.admin_secret.grant_write(function)
        self.admin_secret.grant_read(function)
        self.site_bucket.grant_read(function)
        self._grant_site_paths(function, "ListKeys", "UpdateKeys")
        resource = CustomResource(
            self,
            "Bootstrap",
            service_token=function.function_arn,
            resource_type="Custom::CityOpsBootstrap",
            properties={
                "SiteBucket": self.site_bucket.bucket_name,
                "KeyValueStoreArn": self.paths_store.key_value_store_arn,
                "DistributionId": self.distribution.distribution_id,
                "AdminSecretArn": self.admin_secret.secret_arn,
                # Any change of the code, the site or the app runs the bootstrap again.
                "Version": self._deploy_version(),
            },
        )
        for deployment in self.deployments:
            resource.node.add_dependency(deployment)
        self.bootstrap_function = function
        return resource

    def _deploy_version(self) -> str:
        return "/".join(FileSystem.fingerprint(str(path)) for path in self.content_dirs)

    # Operations ----------------------------------------------------------------------------------

    def _alarms(self) -> None:
        """Alarms (all to the SNS topic; `alarm_email` subscribes an address) and a dashboard.

        The app turns exceptions into 500 envelopes, so the API is watched by its HTTP answers (5xx
        rate, p99 latency at API Gateway), not only by Lambda's Errors. DynamoDB: one alarm per table
        on SystemErrors and throttled requests of the operations the app uses, gathered in one
        composite alarm that notifies."""
        topic = sns.Topic(
            self, "AlarmTopic", display_name=f"CityOps {self.config.stage} alarms", enforce_ssl=True
        )
        if self.config.alarm_email:
            topic.add_subscription(sns_subscriptions.EmailSubscription(self.config.alarm_email))
        self.alarm_topic = topic
        action = cloudwatch_actions.SnsAction(topic)
        five_minutes = Duration.minutes(5)
        api_dimensions = {"ApiId": self.http_api.api_id, "Stage": "$default"}

        def api_metric(name: str, statistic: str) -> cloudwatch.Metric:
            return cloudwatch.Metric(
                namespace="AWS/ApiGateway",
                metric_name=name,
                dimensions_map=api_dimensions,
                statistic=statistic,
                period=five_minutes,
            )

        requests = api_metric("Count", "Sum")
        server_errors = api_metric("5xx", "Sum")
        latency = api_metric("Latency", "p99")
        error_rate = cloudwatch.MathExpression(
            expression="IF(requests >= 20, 100 * errors / requests, 0)",
            using_metrics={"errors": server_errors, "requests": requests},
            label="API 5xx rate (%)",
            period=five_minutes,
        )
        alarms = {
            "Api5xxRate": (
                error_rate,
                ALARM_5XX_PERCENT,
                2,
                f"More than {ALARM_5XX_PERCENT} % of API answers were 5xx (5 min, at least 20 requests)",
            ),
            "ApiLatencyP99": (
                latency,
                ALARM_P99_MS,
                3,
                f"The API's p99 latency was over {ALARM_P99_MS} ms for 15 minutes",
            ),
            "ApiThrottles": (
                self.api_function.metric_throttles(period=five_minutes, statistic="Sum"),
                1,
                1,
                "The API function was throttled (account or reserved concurrency reached)",
            ),
            "ApiErrors": (
                self.api_function.metric_errors(period=five_minutes, statistic="Sum"),
                1,
                1,
                "The API function raised errors (unhandled exceptions or timeouts)",
            ),
        }
        for construct_id, (metric, threshold, periods, description) in alarms.items():
            self._alarm(construct_id, metric, threshold, periods, description).add_alarm_action(action)

        table_alarms = [self._table_alarm(name, table) for name, table in self.tables.items()]
        dynamo = cloudwatch.CompositeAlarm(
            self,
            "DynamoDbErrors",
            alarm_description="A DynamoDB table answered with system errors or throttled requests",
            alarm_rule=cloudwatch.AlarmRule.any_of(*table_alarms),
        )
        dynamo.add_alarm_action(action)
        self._dashboard(requests, server_errors, error_rate, latency)

    def _alarm(
        self, construct_id: str, metric: cloudwatch.IMetric, threshold: float, periods: int, description: str
    ) -> cloudwatch.Alarm:
        return cloudwatch.Alarm(
            self,
            construct_id,
            alarm_description=description,
            metric=metric,
            threshold=threshold,
            evaluation_periods=periods,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
        )

    def _table_alarm(self, name: str, table: dynamodb.Table) -> cloudwatch.Alarm:
        def metric(metric_name: str, operation: dynamodb.Operation) -> cloudwatch.Metric:
            return cloudwatch.Metric(
                namespace="AWS/DynamoDB",
                metric_name=metric_name,
                dimensions_map={"TableName": table.table_name, "Operation": operation.value},
                statistic="Sum",
                period=Duration.minutes(5),
            )

        using = {f"e{i}": metric("SystemErrors", op) for i, op in enumerate(DYNAMODB_OPERATIONS)}
        using |= {f"t{i}": metric("ThrottledRequests", op) for i, op in enumerate(DYNAMODB_OPERATIONS[:4])}
        both = cloudwatch.MathExpression(
            expression="SUM(METRICS())",
            using_metrics=using,
            label=f"{name}: system errors + throttled requests",
            period=Duration.minutes(5),
        )
        return self._alarm(
            f"DynamoDbErrors-{name}", both, 1, 1, f"Table {name}: system errors or throttled requests"
        )

    def _dashboard(self, requests, server_errors, error_rate, latency) -> None:
        api = self.api_function
        five_minutes = Duration.minutes(5)
        dashboard = cloudwatch.Dashboard(
            self,
            "Dashboard",
            dashboard_name=f"{self.prefix}-operations",
            default_interval=Duration.hours(6),
        )
        dashboard.add_widgets(
            cloudwatch.GraphWidget(title="API requests and 5xx", left=[requests, server_errors], width=8),
            cloudwatch.GraphWidget(title="API 5xx rate (%)", left=[error_rate], width=8),
            cloudwatch.GraphWidget(
                title="API latency",
                left=[latency, latency.with_(statistic="p50", label="p50")],
                width=8,
            ),
        )
        dashboard.add_widgets(
            cloudwatch.GraphWidget(
                title="API function",
                left=[api.metric_invocations(period=five_minutes), api.metric_errors(period=five_minutes)],
                right=[api.metric_throttles(period=five_minutes)],
                width=8,
            ),
            cloudwatch.GraphWidget(
                title="API function duration",
                left=[
                    api.metric_duration(period=five_minutes, statistic=s) for s in ("p50", "p99", "Maximum")
                ],
                width=8,
            ),
            cloudwatch.GraphWidget(
                title="Bootstrap (deploy) function",
                left=[self.bootstrap_function.metric_errors(period=five_minutes)],
                width=8,
            ),
        )
        dashboard.add_widgets(
            cloudwatch.LogQueryWidget(
                title="Latest API errors (structured logs)",
                log_group_names=[api.log_group.log_group_name],
                query_lines=[
                    "fields @timestamp, level, message, request_id, path, status",
                    'filter level = "ERROR" or status >= 500',
                    "sort @timestamp desc",
                    "limit 50",
                ],
                width=24,
            )
        )

    def _rebuild_function(self) -> None:
        """The publish/rebuild function (functions/publish/rebuild.py, DESIGN §7): the API invokes it
        asynchronously (no retries: a failed publish is a failed job the admin sees, and an alarm);
        it reads the tables (published records, Config), writes only the job tables, builds with
        Pelican (the zip `<lambda_dir>-rebuild` from infra/package_lambda.py carries Pelican, content/
        and theme/), writes the site bucket, the KeyValueStore of public paths (awscrt layer: SigV4A)
        and invalidates changed paths on this distribution."""
        name = f"{self.prefix}-rebuild"
        function = lambda_.Function(
            self,
            "RebuildFunction",
            function_name=name,
            description="Publish: Pelican build, changed files to the site bucket, paths, invalidation",
            runtime=lambda_.Runtime.PYTHON_3_12,
            architecture=lambda_.Architecture.ARM_64,
            handler="functions.publish.rebuild.handler",
            code=lambda_.Code.from_asset(str(self.rebuild_dir)),
            memory_size=2048,
            ephemeral_storage_size=Size.mebibytes(2048),
            timeout=Duration.minutes(15),
            retry_attempts=0,
            layers=[self.crt_layer],
            log_group=self._log_group("RebuildLogs"),
            environment={
                **self._function_environment(),
                "POWERTOOLS_SERVICE_NAME": "cityops-rebuild",
                "CITYOPS_PUBLIC_URL": self.public_url,
                "CITYOPS_SITE_BUCKET": self.site_bucket.bucket_name,
                "CITYOPS_PATHS_STORE_ARN": self.paths_store.key_value_store_arn,
                "CITYOPS_DISTRIBUTION_ID": self.distribution.distribution_id,
            },
        )
        self.jwt_secret.grant_read(function)
        self.origin_verify_secret.grant_read(function)
        jobs = [table for logical, table in self.tables.items() if logical in JOB_TABLES]
        self._grant_tables(function, TABLE_READ_ACTIONS, self.tables.values())
        self._grant_tables(function, TABLE_WRITE_ACTIONS, jobs)
        self.site_bucket.grant_read_write(function)
        self.site_bucket.grant_delete(function)
        self._grant_site_paths(function, "UpdateKeys")
        _suppress_python_runtime(function)
        self._allow_wildcards(
            function,
            "The site bucket's objects (the publish writes changed files and deletes removed ones) "
            "with the S3 grant helpers' actions.",
            [*S3_GRANT_ACTIONS, "Action::s3:PutObject*", "Resource::<SiteBucket397A1860.Arn>/*"],
        )
        # The API starts it by name (a reference would make a cycle: API -> rebuild -> distribution ->
        # HTTP API -> API); only the API's role may invoke it.
        self.api_function.add_environment("CITYOPS_REBUILD_FUNCTION", name)
        # A resource policy (same account: it suffices), so the API role's own policy stays as is.
        api_role = self.api_function.role
        assert api_role is not None
        function.add_permission(
            "ApiStartsRebuild",
            principal=iam.ArnPrincipal(api_role.role_arn),
            action="lambda:InvokeFunction",
        )
        # The terminal's "data-upgrade" on AWS: the rebuild function asks the bootstrap function (the
        # one that may write every table) to run the seed, and waits for its answer.
        function.add_environment("CITYOPS_BOOTSTRAP_FUNCTION", self.bootstrap_function.function_name)
        rebuild_role = function.role
        assert rebuild_role is not None
        self.bootstrap_function.add_permission(
            "RebuildUpgradesData",
            principal=iam.ArnPrincipal(rebuild_role.role_arn),
            action="lambda:InvokeFunction",
        )
        failures = self._alarm(
            "RebuildErrorsAlarm",
            function.metric_errors(period=Duration.minutes(5), statistic="Sum"),
            1,
            1,
            "A publish (rebuild function) failed: the live site is unchanged; see the job log in the "
            "back office (Routine > Publish site) and the function's logs.",
        )
        failures.add_alarm_action(cloudwatch_actions.SnsAction(self.alarm_topic))
        self.rebuild_function = function

    def _mail_identity(self) -> None:
        """An SES domain identity for the sender's domain when the stage names a sender (`mail_from`):
        SES then gives three DKIM records (outputs `MailDkim1..3`, "name CNAME value"); once they are
        in DNS the domain is verified and the API can send. Without `mail_from` nothing is created."""
        if not self.config.mail_from:
            return
        identity = ses.EmailIdentity(
            self,
            "MailIdentity",
            identity=ses.Identity.domain(self.config.sender.rpartition("@")[2]),
        )
        for index in (1, 2, 3):
            CfnOutput(
                self,
                f"MailDkim{index}",
                description="Publish this CNAME record to verify the sender's domain in SES",
                value=f"{getattr(identity, f'dkim_dns_token_name{index}')} CNAME "
                f"{getattr(identity, f'dkim_dns_token_value{index}')}",
            )

    def _outputs(self) -> None:
        CfnOutput(self, "SiteUrl", value=self.public_url)
        CfnOutput(self, "DistributionDomainName", value=self.distribution.distribution_domain_name)
        CfnOutput(
            self,
            "FirstAdminPassword",
            description="How to read the first admin's password",
            value=f"aws secretsmanager get-secret-value --secret-id {self.prefix}/first-admin "
            f"--region {Aws.REGION} --query SecretString --output text",
        )
        CfnOutput(self, "DistributionId", value=self.distribution.distribution_id)
        CfnOutput(self, "SiteBucketName", value=self.site_bucket.bucket_name)
        CfnOutput(self, "UploadsBucketName", value=self.uploads_bucket.bucket_name)
        CfnOutput(self, "SitePathsStoreArn", value=self.paths_store.key_value_store_arn)
        CfnOutput(self, "ApiEndpoint", value=self.http_api.api_endpoint)
        CfnOutput(self, "TablePrefix", value=self.table_prefix)
