"""The rehearsal: production's loop, run from the built packages against local services.

    deploy (bootstrap) -> the first admin logs in -> uploads an image, edits a news item with it,
    publishes -> the bucket and the KeyValueStore serve the page with the image (the viewer-request
    function in Node decides what each URL serves) -> deploy again -> nothing published is lost ->
    rotate the origin-verify secret and the JWT key -> the API still answers, no one is logged out,
    in a warm container and a new one, before and after the deploy that hands CloudFront the new
    value -> a forced publish failure raises the alarm (its SNS topic delivers), the site unchanged.

`Rehearsal(build_dir, work_dir).run()` returns a `Report`: the steps passed, every AWS call each
function made (`calls`, by handler), the template and the local stage (bucket and table names ->
logical ids) for the IAM contract (tests/infra/iam_contract.py). A failed expectation raises
`RehearsalFailed` naming the step; the functions' logs are in `work_dir`.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rehearsal.container import Container, Functions
from rehearsal.standins import Endpoints, KeyValueStores, self_signed
from rehearsal.template import ACCOUNT, REGION, REPO_ROOT, STAGE, Stage, code_placeholder, of_type, synthesize

API = "functions.handler.handler"
BOOTSTRAP = "functions.deploy.bootstrap.handler"
REBUILD = "functions.publish.rebuild.handler"
VIEWER_FUNCTION = REPO_ROOT / "infra" / "cityops_infra" / "viewer_request.js"
VIEWER_HARNESS = REPO_ROOT / "tests" / "infra" / "viewer_request_harness.js"
ROUTING_CASES = REPO_ROOT / "tests" / "routing_cases.json"
PUBLISH_WAIT_SECONDS = 240.0
VIEWER = "203.0.113.9:443"
# A published picture of a record: `<hash>.webp`, `<hash>-<width>w.webp`, its JPEG/PNG twin.
RECORD_IMAGE = re.compile(r"/images/records/([A-Za-z0-9_-]+\.(?:webp|jpg|png))")
RECORD_WEBP = re.compile(r"[0-9a-f]+\.webp")


class RehearsalFailed(AssertionError):
    """A step of the rehearsal did not give what production must."""


def expect(condition: Any, step: str, detail: Any = "") -> None:
    if not condition:
        raise RehearsalFailed(f"{step}: {detail}")


@dataclass
class Report:
    steps: list[str] = field(default_factory=list)
    calls: dict[str, list[dict]] = field(default_factory=dict)  # handler -> calls
    template: dict = field(default_factory=dict)
    buckets: dict[str, str] = field(default_factory=dict)
    tables: dict[str, str] = field(default_factory=dict)
    functions: dict[str, str] = field(default_factory=dict)  # local function name -> logical id
    facts: dict[str, Any] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)  # step -> how long it took


def runtime_sdk(directory: Path) -> Path:
    """What the Lambda runtime ships beside the function (boto3, botocore, s3transfer): this machine's
    copies, linked into one folder put after the package and its layers on sys.path."""
    import boto3
    import botocore
    import s3transfer

    directory.mkdir(parents=True, exist_ok=True)
    for module in (boto3, botocore, s3transfer):
        source = Path(module.__file__).parent
        link = directory / source.name
        if not link.exists():
            link.symlink_to(source, target_is_directory=True)
    return directory


def png(size: tuple[int, int] = (32, 20)) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(buffer, "PNG")
    return buffer.getvalue()


class Rehearsal:
    def __init__(self, build_dir: Path, work_dir: Path, python: str) -> None:
        self.build = build_dir
        self.work = work_dir
        self.python = python
        self.report = Report()
        self._stop: list[Any] = []

    # -- services ----------------------------------------------------------------------------------
    def _services(self) -> None:
        import logging

        import boto3
        from moto.server import ThreadedMotoServer

        logging.getLogger("werkzeug").setLevel(logging.WARNING)  # moto's server logs every request

        from functions.local import dynamodb

        port = dynamodb.free_port()
        self._dynamodb = dynamodb.start(port, log_path=self.work / "dynamodb.log")
        self._stop.append(lambda: dynamodb.stop(self._dynamodb))
        self.dynamodb_url = f"http://127.0.0.1:{port}"
        self.moto = ThreadedMotoServer(ip_address="127.0.0.1", port=dynamodb.free_port(), verbose=False)
        self.moto.start()
        self._stop.append(self.moto.stop)
        self.moto_url = f"http://127.0.0.1:{self.moto.get_host_and_port()[1]}"
        self.kvs = KeyValueStores()
        self.endpoints = Endpoints(
            self.kvs, lambda name, body, asynchronous: self.lambdas.invoke(name, body, asynchronous)
        )
        self.endpoints.start(*self_signed(self.work))
        self._stop.append(self.endpoints.stop)
        credentials = {
            "aws_access_key_id": "rehearsal",
            "aws_secret_access_key": "rehearsal",
            "region_name": REGION,
        }
        self.aws = {
            name: boto3.client(name, endpoint_url=self.moto_url, **credentials)
            for name in ("s3", "secretsmanager", "cloudfront", "sns", "sqs", "ses", "cloudwatch")
        }
        self.local_dynamodb = boto3.client("dynamodb", endpoint_url=self.dynamodb_url, **credentials)
        self.cert = self.work / "localhost.pem"

    def _environment(self) -> dict[str, str]:
        """What every container gets besides its function's variables: the runtime's (credentials,
        region) and where the local services are."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "TZ": ":UTC",
            "AWS_ACCESS_KEY_ID": "rehearsal",
            "AWS_SECRET_ACCESS_KEY": "rehearsal",
            "AWS_SESSION_TOKEN": "rehearsal",
            "AWS_REGION": REGION,
            "AWS_DEFAULT_REGION": REGION,
            "AWS_ENDPOINT_URL": self.moto_url,
            "AWS_ENDPOINT_URL_DYNAMODB": self.dynamodb_url,
            "AWS_ENDPOINT_URL_LAMBDA": self.endpoints.http_url,
            "AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE": "http://kvs.rehearsal",
            "HTTP_PROXY": self.endpoints.http_url,
            "NO_PROXY": "127.0.0.1,localhost",
            "SSL_CERT_FILE": str(self.cert),
        }

    # -- the deploy ----------------------------------------------------------------------------------
    def _synthesize(self, origin_verify_version: str = "") -> dict:
        out = self.work / f"cdk.out-{len(self.report.steps)}"
        return synthesize(code_placeholder(self.work / "synth"), out, origin_verify_version)

    def _bind_functions(self) -> None:
        specs = self.stage.functions()
        layers = {"functions.publish.rebuild.handler": [self.build / "lambda-crt" / "python"]}
        for handler, spec in specs.items():
            spec["handler"] = handler
            spec["code"] = self.build / ("lambda-rebuild" if handler == REBUILD else "lambda")
            spec["layer_dirs"] = layers.get(handler, []) if spec["layers"] else []
            spec["sdk"] = self.sdk
        expect(set(specs) == {API, BOOTSTRAP, REBUILD}, "template", f"functions {sorted(specs)}")
        if getattr(self, "lambdas", None) is None:
            self.lambdas = Functions(
                self.python, specs, self.work, self._environment(), self.aws["cloudwatch"]
            )
            self._stop.append(lambda: self.lambdas.stop())
        else:  # a deploy changes the functions' configuration: new containers from now on
            self.lambdas.stop()
            self.lambdas.specs = {spec["name"]: spec for spec in specs.values()}
            self.lambdas.containers = {spec["name"]: [] for spec in specs.values()}
        self.names = {handler: spec["name"] for handler, spec in specs.items()}
        self.report.functions = {spec["name"]: spec["logical"] for spec in specs.values()}

    def deploy(self, request_type: str, origin_verify_version: str = "") -> dict:
        """What `make deploy` does to the local stage: synthesize, create the resources (first deploy),
        upload the app as the template's BucketDeployment says, run the bootstrap custom resource and
        wait for the publish it starts."""
        template = self._synthesize(origin_verify_version)
        if request_type == "Create":
            self.stage = Stage(template, self.aws, self.kvs, self.local_dynamodb)
            self.stage.create()
        else:
            self.stage.template = template
        self.report.template = template
        self.report.facts["refs"] = dict(self.stage.refs)
        self.report.buckets = dict(self.stage.buckets)
        self.report.tables = dict(self.stage.tables)
        self._bind_functions()
        self._bucket_deployments(template)
        (logical, resource) = next(iter(of_type(template, "Custom::CityOpsBootstrap").items()))
        properties = self.stage.resolve(resource["Properties"])
        event = {
            "RequestType": request_type,
            "ServiceToken": properties.pop("ServiceToken"),
            "ResponseURL": f"{self.endpoints.https_url}/cloudformation/{logical}",
            "StackId": f"arn:aws:cloudformation:{REGION}:{ACCOUNT}:stack/CityOps-{STAGE}/rehearsal",
            "RequestId": f"rehearsal-{len(self.endpoints.responses) + 1}",
            "ResourceType": resource["Type"],
            "LogicalResourceId": logical,
            "ResourceProperties": properties,
        }
        if request_type == "Update":
            event["PhysicalResourceId"] = self.endpoints.responses[-1]["PhysicalResourceId"]
            event["OldResourceProperties"] = properties
        answer = self.lambdas.run(self.names[BOOTSTRAP], event)
        expect(answer["ok"], "bootstrap", answer)
        response = self.endpoints.responses[-1]
        expect(response["Status"] == "SUCCESS", "bootstrap answered CloudFormation", response)
        self.wait_for_publishes()
        self.cloudfront_header = self._origin_verify_header(template)
        return response

    def _bucket_deployments(self, template: dict) -> None:
        """Custom::CDKBucketDeployment: the app's files (webapp/dist) under their prefix."""
        for resource in of_type(template, "Custom::CDKBucketDeployment").values():
            properties = resource["Properties"]
            bucket = self.stage.resolve(properties["DestinationBucketName"])
            prefix = properties.get("DestinationBucketKeyPrefix", "")
            expect(
                bucket in self.stage.buckets and prefix.startswith("app"),
                "deploy",
                f"a BucketDeployment into {bucket}/{prefix}: only the app is uploaded by a deploy",
            )
            root = REPO_ROOT / "webapp" / "dist"
            for path in root.rglob("*"):
                if path.is_file():
                    key = f"{prefix.rstrip('/')}/{path.relative_to(root).as_posix()}"
                    self.aws["s3"].put_object(Bucket=bucket, Key=key, Body=path.read_bytes())

    def _origin_verify_header(self, template: dict) -> str:
        (distribution,) = of_type(template, "AWS::CloudFront::Distribution").values()
        for origin in distribution["Properties"]["DistributionConfig"]["Origins"]:
            for header in origin.get("OriginCustomHeaders", []):
                if header["HeaderName"].lower() == "x-origin-verify":
                    return self.stage.resolve_secret_references(
                        str(self.stage.resolve(header["HeaderValue"]))
                    )
        raise RehearsalFailed("template: no origin sends X-Origin-Verify")

    def wait_for_publishes(self) -> None:
        expect(self.lambdas.wait_idle(PUBLISH_WAIT_SECONDS), "publish", "still running")

    # -- CloudFront in front of the API ------------------------------------------------------------
    def forwarded_headers(self) -> set[str]:
        names: set[str] = set()
        for policy in of_type(self.stage.template, "AWS::CloudFront::OriginRequestPolicy").values():
            config = policy["Properties"]["OriginRequestPolicyConfig"]["HeadersConfig"]
            names |= {h.lower() for h in config.get("Headers", [])}
        return names

    def api(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        container: Container | None = None,
    ) -> tuple[int, dict]:
        """One request through CloudFront (forwarded headers, its origin-verify value, the viewer's
        address) and the HTTP API (payload 2.0) to the API function."""
        url = urllib.parse.urlsplit(path)
        given = {"content-type": "application/json", "accept-language": "en", **(headers or {})}
        allowed = self.forwarded_headers()
        sent = {k.lower(): v for k, v in given.items() if k.lower() in allowed}
        sent["cloudfront-viewer-address"] = VIEWER
        sent["x-origin-verify"] = self.cloudfront_header
        raw = b"" if body is None else json.dumps(body).encode()
        event = {
            "version": "2.0",
            "routeKey": "$default",
            "rawPath": url.path,
            "rawQueryString": url.query,
            "headers": sent,
            "requestContext": {
                "http": {
                    "method": method,
                    "path": url.path,
                    "protocol": "HTTP/1.1",
                    "sourceIp": "130.176.0.1",
                    "userAgent": "rehearsal",
                },
                "requestId": f"r{time.monotonic_ns()}",
                "routeKey": "$default",
                "stage": "$default",
                "accountId": ACCOUNT,
                "apiId": "rehearsal",
                "domainName": "rehearsal.execute-api.us-east-1.amazonaws.com",
                "domainPrefix": "rehearsal",
                "time": "",
                "timeEpoch": int(time.time() * 1000),
            },
            "isBase64Encoded": bool(raw),
            **({"body": base64.b64encode(raw).decode()} if raw else {}),
        }
        answer = self.lambdas.run(self.names[API], event, container)
        expect(answer["ok"], f"{method} {path}", answer)
        result = answer["result"]
        text = (
            base64.b64decode(result["body"])
            if result.get("isBase64Encoded")
            else result.get("body", "").encode()
        )
        try:
            return result["statusCode"], json.loads(text or b"{}")
        except ValueError:
            return result["statusCode"], {"text": text.decode(errors="replace")}

    def ok(
        self, method: str, path: str, body: Any = None, token: str = "", container: Container | None = None
    ) -> Any:
        status, answer = self.api(method, path, body, {"batoken": token} if token else {}, container)
        expect(status == 200 and answer.get("code") == 1, f"{method} {path}", (status, answer))
        return answer["data"]

    # -- CloudFront in front of the site -----------------------------------------------------------
    def site_bucket(self) -> str:
        return next(name for name, logical in self.stage.buckets.items() if logical.startswith("SiteBucket"))

    def uploads_bucket(self) -> str:
        return next(
            name for name, logical in self.stage.buckets.items() if logical.startswith("UploadsBucket")
        )

    def site_objects(self) -> dict[str, bytes]:
        """Every object of the site bucket but the app's (what the publish writes), with its bytes."""
        s3, bucket, found = self.aws["s3"], self.site_bucket(), {}
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
            for item in page.get("Contents", []):
                if not item["Key"].startswith("app/"):
                    found[item["Key"]] = s3.get_object(Bucket=bucket, Key=item["Key"])["Body"].read()
        return found

    def store_keys(self) -> list[str]:
        (arn,) = self.kvs.stores
        return sorted(self.kvs.keys(arn))

    def viewer(self, events: list[dict]) -> list[dict]:
        """The viewer function in Node, with the store's keys: its answer to each event."""
        payload = {
            "source": str(VIEWER_FUNCTION),
            "files": self.store_keys(),
            "kvsDown": False,
            "events": events,
        }
        done = subprocess.run(  # noqa: S603
            [shutil.which("node") or "node", str(VIEWER_HARNESS)],
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        expect(done.returncode == 0, "viewer-request function", done.stderr)
        return list(json.loads(done.stdout))

    @staticmethod
    def viewer_event(uri: str, kind: str = "viewer-request") -> dict:
        event: dict[str, Any] = {
            "version": "1.0",
            "context": {"eventType": kind},
            "viewer": {"ip": "203.0.113.9"},
            "request": {"method": "GET", "uri": uri, "querystring": {}, "headers": {}, "cookies": {}},
        }
        if kind == "viewer-response":
            event["response"] = {"statusCode": 200, "statusDescription": "OK", "headers": {}, "cookies": {}}
        return event

    def viewer_requests(self, uris: list[str]) -> list[str]:
        """The object key each URL asks for, as the viewer-request function rewrites it."""
        return [answer["uri"] for answer in self.viewer([self.viewer_event(uri) for uri in uris])]

    def serve(self, uri: str) -> tuple[int, bytes]:
        """What CloudFront answers for `uri` from the buckets: /storage/* from the uploads bucket as it
        is; anything else from the site bucket after the viewer-request function, with the status the
        viewer-response function gives (404 for a path the store does not list, though the bucket's
        404 page is what is read). A missing object is a 404 (the distribution's 403 -> /404.html)."""
        status = 200
        if uri.startswith("/storage/"):
            bucket, key = self.uploads_bucket(), uri
        else:
            request, response = self.viewer(
                [self.viewer_event(uri), self.viewer_event(uri, "viewer-response")]
            )
            bucket, key, status = self.site_bucket(), request["uri"], int(response["statusCode"])
        try:
            body = (
                self.aws["s3"]
                .get_object(Bucket=bucket, Key=urllib.parse.unquote(key).lstrip("/"))["Body"]
                .read()
            )
        except self.aws["s3"].exceptions.NoSuchKey:
            return 404, b""
        return status, body

    # -- alarms --------------------------------------------------------------------------------------
    def evaluate_alarms(self) -> list[str]:
        """CloudWatch's evaluation of the stage's metric alarms on what the functions reported: an alarm
        whose threshold is crossed goes to ALARM and notifies its actions (SNS topics)."""
        cloudwatch, fired = self.aws["cloudwatch"], []
        now = datetime.datetime.now(datetime.UTC)
        for alarm in cloudwatch.describe_alarms()["MetricAlarms"]:
            if "MetricName" not in alarm:
                continue
            span = datetime.timedelta(seconds=alarm["Period"] * alarm["EvaluationPeriods"])
            points = cloudwatch.get_metric_statistics(
                Namespace=alarm["Namespace"],
                MetricName=alarm["MetricName"],
                Dimensions=alarm.get("Dimensions", []),
                StartTime=now - span,
                EndTime=now + datetime.timedelta(minutes=1),
                Period=alarm["Period"],
                Statistics=[alarm.get("Statistic", "Sum")],
            )["Datapoints"]
            values = [p[alarm.get("Statistic", "Sum")] for p in points]
            compare = {
                "GreaterThanOrEqualToThreshold": lambda v, t: v >= t,
                "GreaterThanThreshold": lambda v, t: v > t,
                "LessThanThreshold": lambda v, t: v < t,
                "LessThanOrEqualToThreshold": lambda v, t: v <= t,
            }[alarm["ComparisonOperator"]]
            breaching = [v for v in values if compare(v, alarm["Threshold"])]
            if (
                len(breaching) >= alarm.get("DatapointsToAlarm", alarm["EvaluationPeriods"])
                and alarm["StateValue"] != "ALARM"
            ):
                cloudwatch.set_alarm_state(
                    AlarmName=alarm["AlarmName"], StateValue="ALARM", StateReason="rehearsal"
                )
                for action in alarm.get("AlarmActions", []):
                    message = {
                        "AlarmName": alarm["AlarmName"],
                        "NewStateValue": "ALARM",
                        "AlarmDescription": alarm.get("AlarmDescription", ""),
                    }
                    self.aws["sns"].publish(
                        TopicArn=action, Subject=f"ALARM: {alarm['AlarmName']}", Message=json.dumps(message)
                    )
                fired.append(alarm["AlarmName"])
        return fired

    # -- the scenario ------------------------------------------------------------------------------
    def step(self, name: str) -> None:
        now = time.monotonic()
        if self.report.steps:
            self.report.seconds[self.report.steps[-1]] = round(now - self._started, 1)
        self._started = now
        self.report.steps.append(name)
        print(f"[rehearse] {time.strftime('%H:%M:%S')} {name}", flush=True)

    def run(self) -> Report:
        self.work.mkdir(parents=True, exist_ok=True)
        self.sdk = runtime_sdk(self.work / "runtime-sdk")
        try:
            self._services()
            self._started = time.monotonic()
            self._scenario()
            self.step("done")
        finally:
            self.report.calls = (
                {handler: self.lambdas.calls(name) for handler, name in getattr(self, "names", {}).items()}
                if getattr(self, "lambdas", None)
                else {}
            )
            for stop in reversed(self._stop):
                with contextlib.suppress(Exception):  # stopping what may already have stopped
                    stop()
        return self.report

    def _scenario(self) -> None:
        s3 = self.aws["s3"]
        self.step("deploy: the stack's resources, the app, the bootstrap and the publish it starts")
        created = self.deploy("Create")
        expect(created["Data"].get("AdminCreated") == "true", "first deploy", created)
        admin = json.loads(
            self.aws["secretsmanager"].get_secret_value(
                SecretId=self.stage.resolve(
                    next(iter(of_type(self.stage.template, "Custom::CityOpsBootstrap").values()))[
                        "Properties"
                    ]["AdminSecretArn"]
                )
            )["SecretString"]
        )
        site = self.site_bucket()
        manifest = json.loads(s3.get_object(Bucket=site, Key="_publish/manifest.json")["Body"].read())
        expect(
            "index.html" in manifest and "index.html" in self.store_keys(),
            "first publish",
            sorted(manifest)[:5],
        )
        status, home = self.serve("/")
        public_url = self.stage.functions()[REBUILD]["environment"]["CITYOPS_PUBLIC_URL"]
        expect(status == 200 and b"127.0.0.1" not in home, "home page", home[:200])
        robots = self.serve("/robots.txt")[1].decode()
        expect(public_url in robots, "robots.txt names the stage's URL", robots)
        self.report.facts["public_url"] = public_url

        self.step("the first admin logs in (the password the deploy wrote to its secret)")
        status, login = self.api(
            "POST",
            "/srv/admin/index/login",
            {"username": admin["username"], "password": admin["password"], "keep": True},
        )
        expect(status == 200 and login.get("code") == 1, "login", login)
        token = login["data"]["userInfo"]["token"]

        self.step("uploads an image straight to the bucket (presigned POST) and records it")
        data = png()
        sha1 = hashlib.sha1(data).hexdigest()  # noqa: S324 - the API's upload checksum
        upload = {"name": "cover.png", "size": len(data), "type": "image/png", "sha1": sha1, "topic": "news"}
        prepared = self.ok("POST", "/srv/admin/Alioss/params", upload, token)
        import requests

        posted = requests.post(
            prepared["url"],
            data=dict(prepared["params"]),
            files={"file": ("cover.png", data, "image/png")},
            timeout=30,
        )
        expect(posted.status_code == 201, "browser upload", posted.text[:300])
        recorded = self.ok(
            "POST",
            "/srv/admin/Alioss/callback",
            {**upload, "url": prepared["fileUrl"], "token": prepared["token"]},
            token,
        )
        picture = recorded["file"]["url"]
        expect(
            picture.startswith("/storage/") and self.serve(picture) == (200, data),
            "uploaded file served",
            picture,
        )

        self.step("edits a news item with it and publishes")
        title = f"Rehearsal news {int(time.time())}"
        # An existing news item (the first deploy's demo rows), as an editor changes one: read it, change
        # its title, cover and body, save.
        listed = self.ok("GET", "/srv/admin/business/news/index?limit=1", None, token)["list"]
        expect(listed, "a news item to edit (the first deploy's demo rows)", listed)
        row = self.ok("GET", f"/srv/admin/business/news/edit?id={listed[0]['id']}", None, token)["row"]
        self.ok(
            "POST",
            "/srv/admin/business/news/edit",
            {
                **row,
                "title": title,
                "title_en": title,
                "cover": picture,
                "status": "enable",
                "content": f'<p>Rehearsal</p><p><img src="{picture}" alt="cover"></p>',
                "content_en": f'<p>Rehearsal</p><p><img src="{picture}" alt="cover"></p>',
                "publish_time": int(time.time()) - 60,
            },
            token,
        )
        edited = self.ok("GET", f"/srv/admin/business/news/edit?id={listed[0]['id']}", None, token)["row"]
        expect(edited["title"] == title and edited["cover"] == picture, "the edit read back", edited)
        self.ok("POST", "/srv/admin/routine/publish/publish", None, token)
        self.wait_for_publishes()
        current = self.ok("GET", "/srv/admin/routine/publish/index", None, token)["current"]
        expect(current["status"] == "done", "publish", current)

        self.step("the bucket and the KeyValueStore serve the page with the image")
        manifest = json.loads(s3.get_object(Bucket=site, Key="_publish/manifest.json")["Body"].read())
        pages = [
            k for k in manifest if k.startswith("en/news/") and k.endswith("index.html") and "/page/" not in k
        ]
        found = None
        for key in pages:
            text = s3.get_object(Bucket=site, Key=key)["Body"].read().decode()
            if title in text:
                found = key
                break
        expect(found, "news page published", pages[:10])
        uri = "/" + found[: -len("index.html")].rstrip("/")
        status, page = self.serve(uri)
        expect(status == 200 and title.encode() in page, f"GET {uri}", status)
        # The upload became the site's own pictures (functions/publish/images.py): a WebP, its width
        # variants and a twin under /images/records/; only uploads are published there.
        images = sorted(set(RECORD_IMAGE.findall(page.decode())))
        expect(
            any(RECORD_WEBP.fullmatch(image) for image in images),
            "the news page shows the uploaded picture",
            images or page[:300],
        )
        for image in images:
            status, body = self.serve(f"/images/records/{image}")
            expect(status == 200 and body, f"GET /images/records/{image}", status)
            if image.endswith(".webp"):
                expect(body[:4] == b"RIFF" and body[8:12] == b"WEBP", f"/images/records/{image}", body[:12])
        self.report.facts["news_uri"] = uri
        published = dict(manifest)
        keys_before = self.store_keys()

        self.step("routing cases: the viewer-request function serves each published file")
        routing = json.loads(ROUTING_CASES.read_text(encoding="utf-8"))
        cases = [
            c for c in routing["cases"] if "file" in c and c.get("status") == 200 and c["file"] in manifest
        ]
        got = self.viewer_requests([c["path"] for c in cases])
        wrong = [(c["path"], g) for c, g in zip(cases, got, strict=True) if g != "/" + c["file"]]
        expect(cases and not wrong, "routing cases", wrong)
        self.report.facts["routing_cases"] = len(cases)

        self.step("deploy again: nothing published is lost")
        updated = self.deploy("Update", self._origin_verify_version())
        expect(updated["Data"].get("AdminCreated") == "false", "second deploy", updated)
        manifest = json.loads(s3.get_object(Bucket=site, Key="_publish/manifest.json")["Body"].read())
        lost = sorted(set(published) - set(manifest))
        expect(not lost, "files lost by the deploy", lost[:10])
        missing = sorted(set(keys_before) - set(self.store_keys()))
        expect(not missing, "store keys lost by the deploy", missing[:10])
        expect(self.serve(uri)[0] == 200, f"GET {uri} after the deploy", "")
        # The publish the deploy started diffed against the manifest that survived it: it uploaded what
        # changed (nothing did), not every file again (issue 34, item 8).
        job_id = updated["Data"].get("PublishJob")
        job = self.ok("GET", f"/srv/admin/routine/publish/log?id={job_id}&after=0", None, token)["job"]
        summary = job["summary"]
        expect(
            job["status"] == "done" and summary.get("files", 0) > 0,
            "the deploy's publish",
            {k: job.get(k) for k in ("status", "params")},
        )
        expect(
            summary["written"] * 10 < summary["files"],
            "the deploy's publish uploads only what changed",
            {"written": summary["written"], "files": summary["files"], "changed": summary["changed"][:10]},
        )
        self.report.facts["deploy_publish"] = {
            "written": summary["written"],
            "files": summary["files"],
            "changed": summary["changed"][:20],
        }

        self.step("rotate the origin-verify secret and the JWT key")
        warm = self.lambdas.start(self.names[API])  # started before the rotation, warm after it
        login = self.api(
            "POST",
            "/srv/admin/index/login",
            {"username": admin["username"], "password": admin["password"], "keep": True},
            container=warm,
        )[1]
        old_token = login["data"]["userInfo"]["token"]
        self.ok("GET", "/srv/admin/routine/publish/index", None, old_token, container=warm)
        for variable in ("CITYOPS_JWT_SECRET_ARN", "CITYOPS_ORIGIN_VERIFY_SECRET_ARN"):
            arn = self.stage.functions()[API]["environment"][variable]
            self.aws["secretsmanager"].put_secret_value(
                SecretId=arn, SecretString=base64.urlsafe_b64encode(os.urandom(48)).decode()
            )

        self.step("the API still answers and no one is logged out (a warm container and a new one)")
        fresh = self.lambdas.start(self.names[API])
        self.ok("GET", "/srv/admin/routine/publish/index", None, old_token, container=fresh)
        new_login = self.api(
            "POST",
            "/srv/admin/index/login",
            {"username": admin["username"], "password": admin["password"], "keep": True},
            container=fresh,
        )[1]
        expect(new_login.get("code") == 1, "login in a new container", new_login)
        new_token = new_login["data"]["userInfo"]["token"]
        self.ok("GET", "/srv/admin/routine/publish/index", None, new_token, container=warm)
        self.ok("GET", "/srv/admin/routine/publish/index", None, old_token, container=warm)

        self.step("deploy after the rotation: CloudFront sends the new origin-verify value")
        old_header = self.cloudfront_header
        self.deploy("Update", self._origin_verify_version())
        expect(
            self.cloudfront_header != old_header,
            "CloudFront's origin-verify value after the deploy",
            "unchanged",
        )
        self.ok("GET", "/srv/admin/routine/publish/index", None, old_token)
        self.ok("GET", "/srv/admin/routine/publish/index", None, new_token)

        self.step("a forced publish failure raises the alarm; the live site stays as it was")
        queue = self.aws["sqs"].create_queue(QueueName="rehearsal-alarm-probe")["QueueUrl"]
        queue_arn = self.aws["sqs"].get_queue_attributes(QueueUrl=queue, AttributeNames=["QueueArn"])[
            "Attributes"
        ]["QueueArn"]
        topics = {self.stage.resolve({"Ref": t}) for t in of_type(self.stage.template, "AWS::SNS::Topic")}
        for topic in topics:
            self.aws["sns"].subscribe(TopicArn=topic, Protocol="sqs", Endpoint=queue_arn)
        expect(not self.evaluate_alarms(), "alarms before the failure", "an alarm fired already")
        self.ok(
            "POST",
            "/srv/admin/business/news/add",
            {
                "title": title + " (2)",
                "title_en": title + " (2)",
                "status": "enable",
                "content": "<p>x</p>",
                "publish_time": int(time.time()) - 30,
            },
            new_token,
        )
        self.kvs.force_failure("DescribeKeyValueStore")
        live = self.site_objects()
        keys_live = self.store_keys()
        self.ok("POST", "/srv/admin/routine/publish/publish", None, new_token)
        self.wait_for_publishes()
        self.kvs.force_failure("DescribeKeyValueStore", on=False)
        current = self.ok("GET", "/srv/admin/routine/publish/index", None, new_token)["current"]
        expect(current["status"] == "failed", "the failed publish", current)
        after = self.site_objects()
        changed = sorted(k for k in set(live) | set(after) if live.get(k) != after.get(k))
        expect(not changed, "the live site after a failed publish (files, manifest)", changed[:10])
        expect(self.store_keys() == keys_live, "the store's paths after a failed publish", "changed")
        fired = self.evaluate_alarms()
        expect(fired, "alarm", "no alarm fired on the failed publish")
        messages = self.aws["sqs"].receive_message(QueueUrl=queue, MaxNumberOfMessages=10).get("Messages", [])
        expect(messages, "the alarm topic delivered", "nothing")
        emails = [
            s["Endpoint"]
            for topic in topics
            for s in self.aws["sns"].list_subscriptions_by_topic(TopicArn=topic)["Subscriptions"]
            if s["Protocol"] == "email"
        ]
        expect(emails, "the alarm topic has the stage's e-mail subscription", topics)
        self.report.facts["alarms_fired"] = fired
        self.report.facts["alarm_emails"] = emails

    def _origin_verify_version(self) -> str:
        """What `make deploy` passes as `-c origin_verify_version` (app.py --origin-verify-version)."""
        from app import origin_verify_version

        return origin_verify_version(STAGE, client=self.aws["secretsmanager"])
