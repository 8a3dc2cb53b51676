"""Stand-ins, with AWS's own wire format, for what neither moto nor DynamoDB Local serves:

- the CloudFront KeyValueStore API (`cloudfront-keyvaluestore`, REST-JSON: DescribeKeyValueStore,
  ListKeys, GetKey, PutKey, DeleteKey, UpdateKeys with If-Match/ETag versions and ConflictException),
  reached by botocore's own endpoint rules: they put the account id in front of the configured host
  (`<account>.kvs.rehearsal`), which no resolver knows, so the functions reach it through this server as
  their HTTP proxy (`HTTP_PROXY`; everything else is in `NO_PROXY`);
- Lambda's Invoke (`POST /2015-03-31/functions/<name>/invocations`): `RequestResponse` runs the function
  in one of its containers and answers its result (`X-Amz-Function-Error` on an error), `Event` answers
  202 and runs it in the background, as Lambda does; a function error is counted in CloudWatch's
  `AWS/Lambda` `Errors` metric of the function (what the alarms watch);
- CloudFormation's response URL (https, as the bootstrap requires): a PUT is kept as the custom
  resource's answer.

`force_failure(operation)` makes the store answer the next calls of an operation with
AccessDeniedException (the rehearsal's forced publish failure).
"""

from __future__ import annotations

import datetime
import json
import ssl
import threading
import uuid
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

ACCOUNT = "123456789012"


class KeyValueStores:
    def __init__(self) -> None:
        self.stores: dict[str, dict[str, Any]] = {}
        self.failing: set[str] = set()
        self.lock = threading.Lock()

    def create_store(self, name: str) -> str:
        arn = f"arn:aws:cloudfront::{ACCOUNT}:key-value-store/{uuid.uuid5(uuid.NAMESPACE_URL, name)}"
        self.stores[arn] = {"keys": {}, "version": 1, "created": datetime.datetime.now(datetime.UTC)}
        return arn

    def keys(self, arn: str) -> dict[str, str]:
        with self.lock:
            return dict(self.stores[arn]["keys"])

    def force_failure(self, operation: str, on: bool = True) -> None:
        (self.failing.add if on else self.failing.discard)(operation)

    def handle(
        self, method: str, path: str, query: dict, headers: Any, body: bytes
    ) -> tuple[int, dict, dict]:
        parts = [unquote(p) for p in path.strip("/").split("/")]
        if len(parts) < 2 or parts[0] != "key-value-stores":
            return _error(404, "ResourceNotFoundException", path)
        arn, rest = parts[1], parts[2:]
        operation = {
            ("GET", 0): "DescribeKeyValueStore",
            ("GET", 1): "ListKeys",
            ("POST", 1): "UpdateKeys",
            ("GET", 2): "GetKey",
            ("PUT", 2): "PutKey",
            ("DELETE", 2): "DeleteKey",
        }.get((method, len(rest)))
        if operation is None:
            return _error(400, "ValidationException", f"{method} {path}")
        if operation in self.failing:
            return _error(403, "AccessDeniedException", f"{operation} refused (forced by the rehearsal)")
        with self.lock:
            store = self.stores.get(arn)
            if store is None:
                return _error(404, "ResourceNotFoundException", arn)
            keys = store["keys"]
            size = sum(len(k) + len(v) for k, v in keys.items())
            etag = {"ETag": f"v{store['version']}"}
            if operation == "DescribeKeyValueStore":
                created = store["created"].timestamp()
                return (
                    200,
                    etag,
                    {"ItemCount": len(keys), "TotalSizeInBytes": size, "KvsARN": arn, "Created": created},
                )
            if operation == "ListKeys":
                names = sorted(keys)
                start = int(query.get("NextToken", ["0"])[0])
                count = min(int(query.get("MaxResults", ["50"])[0]), 50)
                page = names[start : start + count]
                answer: dict[str, Any] = {"Items": [{"Key": k, "Value": keys[k]} for k in page]}
                if start + count < len(names):
                    answer["NextToken"] = str(start + count)
                return 200, {}, answer
            if operation == "GetKey":
                if rest[1] not in keys:
                    return _error(404, "ResourceNotFoundException", rest[1])
                return (
                    200,
                    {},
                    {
                        "Key": rest[1],
                        "Value": keys[rest[1]],
                        "ItemCount": len(keys),
                        "TotalSizeInBytes": size,
                    },
                )
            if headers.get("If-Match") != etag["ETag"]:
                return _error(409, "ConflictException", "the store changed since its ETag was read")
            request = json.loads(body or b"{}")
            if operation == "UpdateKeys":
                if len(request.get("Puts", [])) + len(request.get("Deletes", [])) > 50:
                    return _error(400, "ValidationException", "at most 50 keys per update")
                for item in request.get("Puts", []):
                    keys[item["Key"]] = item["Value"]
                for item in request.get("Deletes", []):
                    keys.pop(item["Key"], None)
            elif operation == "PutKey":
                keys[rest[1]] = request["Value"]
            else:
                keys.pop(rest[1], None)
            store["version"] += 1
            size = sum(len(k) + len(v) for k, v in keys.items())
            return 200, {"ETag": f"v{store['version']}"}, {"ItemCount": len(keys), "TotalSizeInBytes": size}


def _error(status: int, kind: str, message: str) -> tuple[int, dict, dict]:
    return status, {"x-amzn-ErrorType": kind}, {"Message": message}


class Endpoints:
    """One HTTP server for the store (as a proxy) and Lambda's Invoke; one https server for
    CloudFormation's response URL."""

    def __init__(self, kvs: KeyValueStores, invoke: Callable[[str, bytes, bool], tuple[bytes, bool]]) -> None:
        self.kvs = kvs
        self.invoke = invoke
        self.responses: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def _send(self, status: int, headers: dict, body: bytes) -> None:
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _any(self) -> None:
                body = self._body()
                url = urlsplit(self.path)
                if url.path.startswith("/key-value-stores/"):
                    status, headers, answer = outer.kvs.handle(
                        self.command, url.path, parse_qs(url.query), self.headers, body
                    )
                    self._send(
                        status, {"Content-Type": "application/json", **headers}, json.dumps(answer).encode()
                    )
                    return
                if url.path.startswith("/2015-03-31/functions/") and url.path.endswith("/invocations"):
                    name = unquote(url.path.split("/")[3]).rsplit(":", 1)[-1]
                    asynchronous = self.headers.get("X-Amz-Invocation-Type") == "Event"
                    payload, failed = outer.invoke(name, body, asynchronous)
                    headers = {"Content-Type": "application/json", "X-Amz-Executed-Version": "$LATEST"}
                    if failed:
                        headers["X-Amz-Function-Error"] = "Unhandled"
                    self._send(202 if asynchronous else 200, headers, payload)
                    return
                if self.command == "PUT" and url.path.startswith("/cloudformation/"):
                    outer.responses.append(json.loads(body))
                    self._send(200, {}, b"")
                    return
                self._send(404, {}, b"not a rehearsal endpoint")

            do_GET = do_POST = do_PUT = do_DELETE = _any

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.https = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.threads: list[threading.Thread] = []

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}"

    @property
    def https_url(self) -> str:
        return f"https://localhost:{self.https.server_address[1]}"

    def start(self, certificate: Path, key: Path) -> None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        self.https.socket = context.wrap_socket(self.https.socket, server_side=True)
        for server in (self.http, self.https):
            thread = threading.Thread(target=server.serve_forever, daemon=True)
            thread.start()
            self.threads.append(thread)

    def stop(self) -> None:
        for server in (self.http, self.https):
            server.shutdown()
            server.server_close()


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A certificate for `localhost` (the CloudFormation response URL's host) and its key."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "localhost.pem", directory / "localhost.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_path, key_path
