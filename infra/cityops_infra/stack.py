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
    SecretValue,
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
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as scheduler_targets
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
UPLOADS_PREFIX = "storage/"  # every uploaded file's key (functions/services/storage.py)
SPA_PATH_PATTERNS = ("/admin", "/admin/*", "/user", "/user/*", "/404", "/401")
NOT_FOUND_PAGE = "/404.html"
# The stage's `price_class` setting -> CloudFront's price class (infra/README.md: edges and costs).
PRICE_CLASSES = {
    "100": cloudfront.PriceClass.PRICE_CLASS_100,
    "200": cloudfront.PriceClass.PRICE_CLASS_200,
    "All": cloudfront.PriceClass.PRICE_CLASS_ALL,
}

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
# WAF: the window of the per-IP rate rule; the envelope a block answers with (429 rate limit, 403 a
# managed rule), under these body keys.
WAF_RATE_WINDOW_SECONDS = 300
WAF_BODY_KEYS = {429: "ApiRateLimited", 403: "ApiBlocked"}
ADMIN_API_PREFIX = "/srv/admin/"
ADMIN_LOGIN = "/srv/admin/index/login"
# The rules of the two managed rule groups (AWS WAF developer guide, "Baseline rule groups" and
# "Known bad inputs"), each overridden to block with the envelope (a name WAF does not know is ignored).
WAF_MANAGED_RULES = {
    "AWSManagedRulesCommonRuleSet": (
        "NoUserAgent_HEADER",
        "UserAgent_BadBots_HEADER",
        "SizeRestrictions_QUERYSTRING",
        "SizeRestrictions_Cookie_HEADER",
        "SizeRestrictions_BODY",
        "SizeRestrictions_URIPATH",
        "EC2MetaDataSSRF_BODY",
        "EC2MetaDataSSRF_COOKIE",
        "EC2MetaDataSSRF_URIPATH",
        "EC2MetaDataSSRF_QUERYARGUMENTS",
        "GenericLFI_QUERYARGUMENTS",
        "GenericLFI_URIPATH",
        "GenericLFI_BODY",
        "RestrictedExtensions_URIPATH",
        "RestrictedExtensions_QUERYARGUMENTS",
        "GenericRFI_QUERYARGUMENTS",
        "GenericRFI_BODY",
        "GenericRFI_URIPATH",
        "CrossSiteScripting_COOKIE",
        "CrossSiteScripting_QUERYARGUMENTS",
        "CrossSiteScripting_BODY",
        "CrossSiteScripting_URIPATH",
    ),
    "AWSManagedRulesKnownBadInputsRuleSet": (
        "JavaDeserializationRCE_HEADER",
        "JavaDeserializationRCE_BODY",
        "JavaDeserializationRCE_URIPATH",
        "JavaDeserializationRCE_QUERYSTRING",
        "Host_localhost_HEADER",
        "PROPFIND_METHOD",
        "ExploitablePaths_URIPATH",
        "Log4JRCE_HEADER",
        "Log4JRCE_QUERYSTRING",
        "Log4JRCE_BODY",
        "Log4JRCE_URIPATH",
    ),
}


def waf_block_bodies() -> dict[int, str]:
    """The JSON envelope a WAF block answers with, per status: the API's own message for the status
    (functions.core.i18n), in both languages (a static body cannot follow the request's language; the
    web app shows its own text for the HTTP status anyway)."""
    from functions.core.i18n import MESSAGES, STATUS_MESSAGES

    bodies = {}
    for status in WAF_BODY_KEYS:
        texts = MESSAGES[STATUS_MESSAGES[status]]
        message = f"{texts['zh-cn']} {texts['en']}"
        bodies[status] = json.dumps(
            {"code": 0, "msg": message, "time": 0, "data": None}, ensure_ascii=False, separators=(",", ":")
        )
    return bodies


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
# The deploy's bootstrap seeds and starts the publish (seconds to a minute); CloudFormation gives up on
# its answer a minute after the function's own timeout.
BOOTSTRAP_TIMEOUT = Duration.minutes(5)
BOOTSTRAP_SERVICE_TIMEOUT = Duration.minutes(6)
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
        },
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
        app_dir: Path,
        tables: list[TableSpec],
        origin_verify_version: str | None = None,
        **kwargs,
    ) -> None:
        super().__init__(scope, construct_id, **kwargs)
        if not tables:
            raise ValueError("no DynamoDB tables: functions.models defines no models")
        self.config = config
        self.prefix = config.prefix
        self.table_prefix = f"{self.prefix}-"
        self.data_removal = config.data_removal_policy
        self.origin_verify_version = origin_verify_version or None

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
        self.rebuild_function_name = f"{self.prefix}-rebuild"
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
        # What a deploy changes that the bootstrap must act on: the functions' code, the rebuild's code
        # with the site's sources (content/, theme/), the React build.
        self.content_dirs = (lambda_dir, self.rebuild_dir, app_dir)
        self.deployments = self._upload_app(app_dir)
        self.bootstrap_function = self._bootstrap_function()
        self._alarms()
        self._rebuild_function()
        self.bootstrap = self._bootstrap()
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
            **self._own_logs(construct_id, construct_id.replace("Function", "Logs")),
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
        # The role is the function's sibling (_own_logs): its policies are suppressed there.
        for construct in (function, function.role):
            suppress(
                construct,
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

    def _own_logs(self, function_id: str, logs_id: str) -> dict:
        """A function's log group and a role that may write only to it (not the managed
        AWSLambdaBasicExecutionRole, which may create and write any log group of the account)."""
        log_group = self._log_group(logs_id)
        role = iam.Role(
            self,
            f"{function_id}Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"{function_id}: its own log group, and the grants added to it",
        )
        log_group.grant_write(role)
        return {"log_group": log_group, "role": role}

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
        """A CloudFront-scoped web ACL: a per-IP rate limit on login, registration, code sending and the
        contact form, and AWS managed common and known-bad-input rules. CloudFront-scoped WAF resources
        exist only in us-east-1; in another region the stack has no WAF (a warning says so).

        Every block answers with the API's envelope (`waf_block_bodies`): 429 for the rate limit, 403
        for a managed rule. A custom response takes precedence over the distribution's 403 -> /404.html
        error response, so a rate-limited login says "too many requests", not "page not found". The
        managed rules' own blocks are overridden rule by rule to that response (WAF_MANAGED_RULES; a
        rule AWS adds later blocks with the plain 403, i.e. /404.html). The common rules do not inspect
        the back office's API (`/srv/admin/…` but its login): admins save rich text (HTML with links,
        images, styles) that the cross-site-scripting and file-inclusion body rules would block; the API
        authenticates those calls and sanitises the HTML itself."""
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

        def block(status: int, headers: dict[str, str] | None = None) -> wafv2.CfnWebACL.RuleActionProperty:
            return wafv2.CfnWebACL.RuleActionProperty(
                block=wafv2.CfnWebACL.BlockActionProperty(
                    custom_response=wafv2.CfnWebACL.CustomResponseProperty(
                        response_code=status,
                        custom_response_body_key=WAF_BODY_KEYS[status],
                        response_headers=[
                            wafv2.CfnWebACL.CustomHTTPHeaderProperty(name=name, value=value)
                            for name, value in (headers or {}).items()
                        ]
                        or None,
                    )
                )
            )

        def path(constraint: str, value: str) -> wafv2.CfnWebACL.StatementProperty:
            return wafv2.CfnWebACL.StatementProperty(
                byte_match_statement=wafv2.CfnWebACL.ByteMatchStatementProperty(
                    field_to_match=wafv2.CfnWebACL.FieldToMatchProperty(uri_path={}),
                    positional_constraint=constraint,
                    search_string=value.lower(),
                    text_transformations=[
                        wafv2.CfnWebACL.TextTransformationProperty(priority=0, type="LOWERCASE")
                    ],
                )
            )

        def negate(statement: wafv2.CfnWebACL.StatementProperty) -> wafv2.CfnWebACL.StatementProperty:
            return wafv2.CfnWebACL.StatementProperty(
                not_statement=wafv2.CfnWebACL.NotStatementProperty(statement=statement)
            )

        def managed(
            name: str, priority: int, count: tuple[str, ...] = (), scope=None
        ) -> wafv2.CfnWebACL.RuleProperty:
            overrides = [
                wafv2.CfnWebACL.RuleActionOverrideProperty(
                    name=rule,
                    action_to_use=(
                        wafv2.CfnWebACL.RuleActionProperty(count={}) if rule in count else block(403)
                    ),
                )
                for rule in WAF_MANAGED_RULES[name]
            ]
            return wafv2.CfnWebACL.RuleProperty(
                name=name,
                priority=priority,
                override_action=wafv2.CfnWebACL.OverrideActionProperty(none={}),
                statement=wafv2.CfnWebACL.StatementProperty(
                    managed_rule_group_statement=wafv2.CfnWebACL.ManagedRuleGroupStatementProperty(
                        vendor_name="AWS",
                        name=name,
                        rule_action_overrides=overrides,
                        scope_down_statement=scope,
                    )
                ),
                visibility_config=visibility(name),
            )

        rate_rule = wafv2.CfnWebACL.RuleProperty(
            name="LoginAndCodeRate",
            priority=0,
            action=block(429, {"Retry-After": str(WAF_RATE_WINDOW_SECONDS)}),
            statement=wafv2.CfnWebACL.StatementProperty(
                rate_based_statement=wafv2.CfnWebACL.RateBasedStatementProperty(
                    aggregate_key_type="IP",
                    limit=self.config.waf_rate_limit,
                    evaluation_window_sec=WAF_RATE_WINDOW_SECONDS,
                    scope_down_statement=wafv2.CfnWebACL.StatementProperty(
                        or_statement=wafv2.CfnWebACL.OrStatementProperty(
                            statements=[path("EXACTLY", p) for p in RATE_LIMITED_PATHS]
                        )
                    ),
                )
            ),
            visibility_config=visibility("LoginAndCodeRate"),
        )
        # Everything but the back office's API after its login.
        not_back_office = negate(
            wafv2.CfnWebACL.StatementProperty(
                and_statement=wafv2.CfnWebACL.AndStatementProperty(
                    statements=[path("STARTS_WITH", ADMIN_API_PREFIX), negate(path("EXACTLY", ADMIN_LOGIN))]
                )
            )
        )
        return wafv2.CfnWebACL(
            self,
            "WebAcl",
            scope="CLOUDFRONT",
            default_action=wafv2.CfnWebACL.DefaultActionProperty(allow={}),
            visibility_config=visibility(f"{self.prefix}-web-acl"),
            custom_response_bodies={
                WAF_BODY_KEYS[status]: wafv2.CfnWebACL.CustomResponseBodyProperty(
                    content_type="APPLICATION_JSON", content=body
                )
                for status, body in waf_block_bodies().items()
            },
            rules=[
                rate_rule,
                # Uploads through the API carry bodies up to the upload limit: the common rules' 8 KB
                # body-size rule only counts.
                managed(
                    "AWSManagedRulesCommonRuleSet", 1, count=("SizeRestrictions_BODY",), scope=not_back_office
                ),
                managed("AWSManagedRulesKnownBadInputsRuleSet", 2),
            ],
        )

    # CloudFront ----------------------------------------------------------------------------------

    def _origin_verify_value(self) -> str:
        """CloudFront's copy of the origin-verify secret: a dynamic reference (the template holds the
        secret's ARN, CloudFormation resolves the value). CloudFormation resolves it again only when the
        template changes, so the reference names the secret's current version (`make deploy` looks it
        up: `app.py --origin-verify-version`): a deploy after a rotation changes the template and
        CloudFront gets the new value. Without a version (the stage's first deploy, when the secret
        does not exist yet) the reference is versionless."""
        if not self.origin_verify_version:
            return self.origin_verify_secret.secret_value.unsafe_unwrap()
        return SecretValue.secrets_manager(
            self.origin_verify_secret.secret_arn, version_id=self.origin_verify_version
        ).unsafe_unwrap()

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
            custom_headers={ORIGIN_VERIFY_HEADER: self._origin_verify_value()},
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
            # 200 by default: the edges of Asia (Hong Kong, Taiwan, Japan, Singapore, Korea, India)
            # serve the Chinese-language audience; 100 would serve it from North America and Europe.
            price_class=PRICE_CLASSES[self.config.price_class],
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

    def _upload_app(self, app_dir: Path) -> list[s3deploy.BucketDeployment]:
        """The React build under app/ (hashed chunks are never pruned, so a tab still running the
        previous build can load its lazy chunks; app/index.html and the pre-rendered login screens
        (app/prerender/) are sent with no-cache). The public site is not uploaded: it is built from the
        tables by the rebuild function, which the bootstrap starts on every deploy (a deploy never
        replaces or prunes what admins published, nor the publish manifest)."""
        if not (app_dir / "index.html").is_file():
            raise SystemExit(f"{app_dir} has no index.html: run `make webapp` first")
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
                "AwsSolutions-IAM4": "AWSLambdaBasicExecutionRole (create and write any log group of "
                "the account) on the CDK's BucketDeployment provider, whose role the CDK makes; the "
                "provider only writes its own logs.",
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
        return [chunks, shell]

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

    def _bootstrap_function(self) -> lambda_.Function:
        """The function of the custom resource run on every deploy (functions/deploy/bootstrap.py):
        seeds the tables (rules, groups, config; demo rows only on the first deploy), creates the first
        admin once (password into FirstAdminSecret) and starts a publish: the rebuild function builds
        the public site from the tables and publishes only what changed (files, KeyValueStore keys,
        invalidation), under the publish lock. It touches neither the site bucket nor the store."""
        function = self._python_function(
            "BootstrapFunction",
            description="Deploy bootstrap: seed, first admin, start the publish",
            handler="functions.deploy.bootstrap.handler",
            service="cityops-bootstrap",
            timeout=BOOTSTRAP_TIMEOUT,
        )
        # Starts the publish as the API does (functions.services.publish_jobs.start); by name, allowed by the
        # rebuild function's resource policy (_rebuild_function).
        function.add_environment("CITYOPS_REBUILD_FUNCTION", self.rebuild_function_name)
        # One publish at the end, not one per demo row the seed saves (functions.services.publish_jobs).
        function.add_environment("CITYOPS_PUBLISH_AUTO", "0")
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
        self._allow_wildcards(function, "dynamodb:ListTables has no resource ARN.", ["Resource::*"])
        self.admin_secret.grant_write(function)
        self.admin_secret.grant_read(function)
        return function

    def _bootstrap(self) -> CustomResource:
        """The custom resource: runs the bootstrap function after the app's files and the rebuild
        function are in place, whenever the code, the site's sources or the app changed. CloudFormation
        waits at most BOOTSTRAP_SERVICE_TIMEOUT for its answer (not the default hour, twice with the
        rollback)."""
        resource = CustomResource(
            self,
            "Bootstrap",
            service_token=self.bootstrap_function.function_arn,
            resource_type="Custom::CityOpsBootstrap",
            service_timeout=BOOTSTRAP_SERVICE_TIMEOUT,
            properties={
                "AdminSecretArn": self.admin_secret.secret_arn,
                # Any change of the code, the site's sources or the app runs the bootstrap again.
                "Version": self._deploy_version(),
            },
        )
        for dependency in (*self.deployments, self.rebuild_function):
            resource.node.add_dependency(dependency)
        return resource

    def _deploy_version(self) -> str:
        return "/".join(FileSystem.fingerprint(str(path)) for path in self.content_dirs)

    # Operations ----------------------------------------------------------------------------------

    def _alarms(self) -> None:
        """The alarms an operator acts on, to the SNS topic (`alarm_email` subscribes an address; a
        production stage refuses to synthesize without one), and a dashboard.

        - `Api5xx`: any 5xx answer of the API in 5 minutes. The app answers its own errors as 500
          envelopes (Lambda's Errors stays 0), and a crash, a timeout or a throttle is a 5xx at API
          Gateway too, so the answers are what is watched; one 5xx is enough (no minimum traffic).
        - `RebuildErrorsAlarm` (`_rebuild_function`): a failed publish.
        DynamoDB errors and throttles surface as API 5xx; latency is on the dashboard. Two alarm metrics
        cost $0.20 a month per stage (infra/README.md, costs)."""
        topic = sns.Topic(
            self, "AlarmTopic", display_name=f"CityOps {self.config.stage} alarms", enforce_ssl=True
        )
        if self.config.alarm_email:
            topic.add_subscription(sns_subscriptions.EmailSubscription(self.config.alarm_email))
        else:
            Annotations.of(self).add_warning_v2(
                "cityops:no-alarm-email",
                f"stage {self.config.stage}: no alarm_email, the alarms notify nobody",
            )
        self.alarm_topic = topic
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
        self._alarm(
            "Api5xx",
            server_errors,
            1,
            1,
            "The API answered with a 5xx (an application error, a crash, a timeout or a throttle): see "
            "the dashboard's latest API errors",
        )
        self._dashboard(requests, server_errors, latency)

    def _alarm(
        self, construct_id: str, metric: cloudwatch.IMetric, threshold: float, periods: int, description: str
    ) -> cloudwatch.Alarm:
        alarm = cloudwatch.Alarm(
            self,
            construct_id,
            alarm_description=description,
            metric=metric,
            threshold=threshold,
            evaluation_periods=periods,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
        )
        alarm.add_alarm_action(cloudwatch_actions.SnsAction(self.alarm_topic))
        return alarm

    def _dashboard(self, requests, server_errors, latency) -> None:
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
            cloudwatch.GraphWidget(
                title="API 5xx rate (%)",
                left=[
                    cloudwatch.MathExpression(
                        expression="IF(requests > 0, 100 * errors / requests, 0)",
                        using_metrics={"errors": server_errors, "requests": requests},
                        label="API 5xx rate (%)",
                        period=Duration.minutes(5),
                    )
                ],
                width=8,
            ),
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
        name = self.rebuild_function_name
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
            **self._own_logs("RebuildFunction", "RebuildLogs"),
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
        # Pictures and carousel slides of the published records are uploaded files (`/storage/…`):
        # the build reads them (functions/publish/images.py: GetObject of `storage/…` keys) and never
        # writes the bucket.
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="ReadUploads",
                actions=["s3:GetObject"],
                resources=[self.uploads_bucket.arn_for_objects(f"{UPLOADS_PREFIX}*")],
            )
        )
        self._grant_site_paths(function, "UpdateKeys")
        _suppress_python_runtime(function)
        self._allow_wildcards(
            function,
            "The site bucket's objects (the publish writes changed files and deletes removed ones) "
            "and the uploads bucket's objects (read: the records' pictures) with the S3 grant "
            "helpers' actions.",
            [
                *S3_GRANT_ACTIONS,
                "Action::s3:PutObject*",
                "Resource::<SiteBucket397A1860.Arn>/*",
                "Resource::<UploadsBucket5E5E9B64.Arn>/storage/*",
            ],
        )
        # The API and the deploy's bootstrap start it by name (a reference would make a cycle: API ->
        # rebuild -> distribution -> HTTP API -> API; bootstrap <-> rebuild); only their roles may
        # invoke it, by resource policy (same account: it suffices), so their roles' policies stay as is.
        self.api_function.add_environment("CITYOPS_REBUILD_FUNCTION", name)
        for construct_id, starter in (
            ("ApiStartsRebuild", self.api_function),
            ("DeployStartsRebuild", self.bootstrap_function),
        ):
            assert starter.role is not None
            function.add_permission(
                construct_id,
                principal=iam.ArnPrincipal(starter.role.role_arn),
                action="lambda:InvokeFunction",
            )
        # Scheduled rows (issue 36 item 8): every minute EventBridge Scheduler starts this function with
        # `{"scheduled": true}`; when a row's publish time comes within that minute it waits for it and
        # starts a publish the way the API does (an invoke of itself with a new job id, by name: its
        # own role may, by resource policy). Cost: 43,200 short invocations a month (~$0.25).
        function.add_environment("CITYOPS_REBUILD_FUNCTION", name)
        own_role = function.role
        assert own_role is not None
        function.add_permission(
            "ScheduleStartsRebuild",
            principal=iam.ArnPrincipal(own_role.role_arn),
            action="lambda:InvokeFunction",
        )
        schedule_role = iam.Role(
            self,
            "ScheduledPublishRole",
            description="EventBridge Scheduler: start the rebuild function every minute",
            assumed_by=iam.ServicePrincipal(
                "scheduler.amazonaws.com", conditions={"StringEquals": {"aws:SourceAccount": Aws.ACCOUNT_ID}}
            ),
        )
        scheduler.Schedule(
            self,
            "ScheduledPublish",
            description="Publish rows whose publish time has come (functions/publish/rebuild.py)",
            schedule=scheduler.ScheduleExpression.rate(Duration.minutes(1)),
            target=scheduler_targets.LambdaInvoke(
                function,
                input=scheduler.ScheduleTargetInput.from_object({"scheduled": True}),
                retry_attempts=0,
                role=schedule_role,
            ),
        )
        suppress(
            schedule_role,
            {"AwsSolutions-IAM5": "grant_invoke names the function and its versions (`<arn>:*`)."},
            applies_to=["Resource::<RebuildFunction08BA4E6F.Arn>:*"],
            children=True,
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
        self._alarm(
            "RebuildErrorsAlarm",
            function.metric_errors(period=Duration.minutes(5), statistic="Sum"),
            1,
            1,
            "A publish (rebuild function) failed: the live site is unchanged; see the job log in the "
            "back office (Routine > Publish site) and the function's logs.",
        )
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
