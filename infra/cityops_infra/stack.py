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

The rebuild function (publish -> Pelican -> site bucket + KeyValueStore + invalidation) is a later
issue: see `_rebuild_function` below for what it will need.
"""

from __future__ import annotations

from pathlib import Path

from aws_cdk import (
    Annotations,
    Aws,
    CfnOutput,
    Duration,
    RemovalPolicy,
    Stack,
)
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_apigatewayv2_integrations as apigwv2_integrations
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as cloudwatch_actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_secretsmanager as secretsmanager
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as sns_subscriptions
from constructs import Construct

from functions.core import security_headers

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
        lambda_dir: Path,
        tables: list[TableSpec],
        prefix: str = "cityops",
        alarm_email: str | None = None,
        **kwargs,
    ) -> None:
        super().__init__(scope, construct_id, **kwargs)
        if not tables:
            raise ValueError("no DynamoDB tables: functions.models defines no models")
        self.prefix = prefix
        self.table_prefix = f"{prefix}-"

        self.site_bucket = self._site_bucket()
        self.uploads_bucket_name = f"{prefix}-uploads-{Aws.ACCOUNT_ID}-{Aws.REGION}"
        self.uploads_bucket = self._uploads_bucket()
        self.tables = {spec.name: self._table(spec) for spec in tables}
        self.jwt_secret = secretsmanager.Secret(
            self,
            "JwtSecret",
            description="Signing key of the API's access tokens (CITYOPS_JWT_SECRET)",
            generate_secret_string=secretsmanager.SecretStringGenerator(
                password_length=64, exclude_punctuation=True
            ),
        )
        self.origin_verify_secret = secretsmanager.Secret(
            self,
            "OriginVerifySecret",
            description="Value of the X-Origin-Verify header CloudFront adds to API requests "
            "(CITYOPS_ORIGIN_VERIFY_SECRET): the API answers only requests that carry it",
            generate_secret_string=secretsmanager.SecretStringGenerator(
                password_length=64, exclude_punctuation=True
            ),
        )
        self.api_function = self._api_function(lambda_dir)
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
        self.distribution = self._distribution()
        self._finish_uploads_bucket()
        self.api_function.add_environment(
            "CITYOPS_PUBLIC_URL", f"https://{self.distribution.distribution_domain_name}"
        )
        self._alarms(alarm_email)
        self._rebuild_function()
        self._outputs()

    # Storage -------------------------------------------------------------------------------------

    def _site_bucket(self) -> s3.Bucket:
        return s3.Bucket(
            self,
            "SiteBucket",
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED,
            enforce_ssl=True,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
            removal_policy=RemovalPolicy.RETAIN,
        )

    def _uploads_bucket(self) -> s3.Bucket:
        # A fixed name (prefix, account, region): the distribution reaches the bucket by that name,
        # so the bucket's CORS rule may name the distribution's domain without a dependency cycle.
        return s3.Bucket(
            self,
            "UploadsBucket",
            bucket_name=self.uploads_bucket_name,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED,
            enforce_ssl=True,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
            removal_policy=RemovalPolicy.RETAIN,
            lifecycle_rules=[
                s3.LifecycleRule(abort_incomplete_multipart_upload_after=Duration.days(7)),
                # Remote-mode uploads land under incoming/ and are moved to storage/ by the callback;
                # whatever a browser posted but never confirmed is removed after a day.
                s3.LifecycleRule(
                    id="ExpireUnconfirmedUploads", prefix="incoming/", expiration=Duration.days(1)
                ),
            ],
        )

    def _finish_uploads_bucket(self) -> None:
        # The browser posts files straight to S3 with a presigned POST from the site's origin.
        self.uploads_bucket.add_cors_rule(
            allowed_methods=[s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
            allowed_origins=[f"https://{self.distribution.distribution_domain_name}"],
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
            deletion_protection=True,
            removal_policy=RemovalPolicy.RETAIN,
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

    def _api_function(self, lambda_dir: Path) -> lambda_.Function:
        function = lambda_.Function(
            self,
            "ApiFunction",
            description="CityOps API (FastAPI behind Mangum)",
            runtime=lambda_.Runtime.PYTHON_3_12,
            architecture=lambda_.Architecture.ARM_64,
            handler="functions.handler.handler",
            code=lambda_.Code.from_asset(str(lambda_dir)),
            memory_size=1024,
            timeout=Duration.seconds(29),
            log_group=logs.LogGroup(
                self,
                "ApiLogs",
                retention=logs.RetentionDays.ONE_MONTH,
                removal_policy=RemovalPolicy.DESTROY,
            ),
            environment={
                "CITYOPS_ENV": "production",
                "CITYOPS_TABLE_PREFIX": self.table_prefix,
                "CITYOPS_AWS_REGION": Aws.REGION,
                "CITYOPS_UPLOADS_BUCKET": self.uploads_bucket.bucket_name,
                # A CloudFormation dynamic reference: the template holds only the secret's ARN;
                # CloudFormation resolves the value when it deploys the function.
                "CITYOPS_JWT_SECRET": self.jwt_secret.secret_value.unsafe_unwrap(),
                # Only CloudFront reaches the API: the caller is CloudFront-Viewer-Address, trusted
                # because the request carries the origin-verify secret (functions/core/client_ip.py).
                "CITYOPS_CLIENT_IP_SOURCE": "cloudfront",
                "CITYOPS_ORIGIN_VERIFY_SECRET": self.origin_verify_secret.secret_value.unsafe_unwrap(),
                "CITYOPS_MAIL_BACKEND": "ses",
                "CITYOPS_SMS_BACKEND": "sns",
                "CITYOPS_API_URL": "/srv",
                "POWERTOOLS_SERVICE_NAME": "cityops-api",
            },
        )
        for table in self.tables.values():
            table.grant_read_write_data(function)
        self.uploads_bucket.grant_read(function)
        self.uploads_bucket.grant_put(function)
        self.uploads_bucket.grant_delete(function)
        function.add_to_role_policy(
            iam.PolicyStatement(
                sid="SendMail",
                actions=["ses:SendEmail", "ses:SendRawEmail"],
                resources=[f"arn:{Aws.PARTITION}:ses:{Aws.REGION}:{Aws.ACCOUNT_ID}:identity/*"],
            )
        )
        # SMS to a phone number has no resource ARN to scope the permission to.
        function.add_to_role_policy(
            iam.PolicyStatement(sid="SendSms", actions=["sns:Publish"], resources=["*"])
        )
        return function

    def _http_api(self) -> apigwv2.HttpApi:
        api = apigwv2.HttpApi(
            self,
            "HttpApi",
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
        return api

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

        distribution = cloudfront.Distribution(
            self,
            "Distribution",
            comment="CityOps: static site, React app, /srv API",
            default_root_object="index.html",
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

    # Operations ----------------------------------------------------------------------------------

    def _alarms(self, alarm_email: str | None) -> None:
        topic = sns.Topic(self, "AlarmTopic", display_name="CityOps alarms")
        if alarm_email:
            topic.add_subscription(sns_subscriptions.EmailSubscription(alarm_email))
        alarm = cloudwatch.Alarm(
            self,
            "ApiErrors",
            alarm_description="The API function raised errors (unhandled exceptions or timeouts)",
            metric=self.api_function.metric_errors(period=Duration.minutes(5), statistic="Sum"),
            threshold=1,
            evaluation_periods=1,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
        )
        alarm.add_alarm_action(cloudwatch_actions.SnsAction(topic))

    def _rebuild_function(self) -> None:
        """Placeholder spot for the publish/rebuild function (a later issue), not a resource yet.

        It will run Pelican on the published records and need: site_bucket.grant_read_write,
        `cloudfront-keyvaluestore:DescribeKeyValueStore/PutKey/DeleteKey/UpdateKeys` on
        `self.paths_store` (one key per published file, see viewer_request.js), read on the tables,
        and `cloudfront:CreateInvalidation` on `self.distribution`.
        """

    def _outputs(self) -> None:
        CfnOutput(self, "SiteUrl", value=f"https://{self.distribution.distribution_domain_name}")
        CfnOutput(self, "DistributionId", value=self.distribution.distribution_id)
        CfnOutput(self, "SiteBucketName", value=self.site_bucket.bucket_name)
        CfnOutput(self, "UploadsBucketName", value=self.uploads_bucket.bucket_name)
        CfnOutput(self, "SitePathsStoreArn", value=self.paths_store.key_value_store_arn)
        CfnOutput(self, "ApiEndpoint", value=self.http_api.api_endpoint)
        CfnOutput(self, "TablePrefix", value=self.table_prefix)
