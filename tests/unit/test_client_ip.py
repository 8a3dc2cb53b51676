"""The caller's address (functions/core/client_ip.py): what the platform sets, never a client hop."""

from __future__ import annotations

import pytest
from pydantic import SecretStr, ValidationError

from functions.core.client_ip import client_ip_of, parse_viewer_address
from functions.core.settings import Settings

SECRET = "x" * 40


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("198.51.100.10:46532", "198.51.100.10"),
        ("2001:db8:85a3::8a2e:370:7334:46532", "2001:db8:85a3::8a2e:370:7334"),
        ("2001:0db8:0000:0000:0000:0000:0000:0001:443", "2001:db8::1"),
        ("[2001:db8::1]:443", "2001:db8::1"),
        ("198.51.100.10", ""),  # no port: not what CloudFront sends
        ("not-an-ip:80", ""),
        ("", ""),
        ("198.51.100.10:80, 10.0.0.1:1", ""),
    ],
)
def test_viewer_address_parsing(value: str, expected: str) -> None:
    assert parse_viewer_address(value) == expected


def scope(headers: dict[str, str], peer: str = "192.0.2.7") -> dict:
    return {
        "type": "http",
        "client": (peer, 5000),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }


def test_peer_mode_ignores_every_header() -> None:
    settings = Settings(client_ip_source="peer")
    headers = {"X-Forwarded-For": "203.0.113.1", "CloudFront-Viewer-Address": "203.0.113.2:1"}
    assert client_ip_of(scope({**headers, "X-Origin-Verify": SECRET}), settings) == "192.0.2.7"


def test_cloudfront_mode_trusts_the_viewer_address_only_with_the_secret() -> None:
    settings = Settings(client_ip_source="cloudfront", origin_verify_secret=SecretStr(SECRET))
    viewer = {"CloudFront-Viewer-Address": "203.0.113.2:1234", "X-Forwarded-For": "203.0.113.9"}
    assert client_ip_of(scope({**viewer, "X-Origin-Verify": SECRET}), settings) == "203.0.113.2"
    assert client_ip_of(scope({**viewer, "X-Origin-Verify": "nope"}), settings) == "192.0.2.7"
    assert client_ip_of(scope(viewer), settings) == "192.0.2.7"


def test_cloudfront_mode_needs_a_secret() -> None:
    with pytest.raises(ValidationError, match="CITYOPS_ORIGIN_VERIFY_SECRET"):
        Settings(client_ip_source="cloudfront")
    with pytest.raises(ValidationError):
        Settings(client_ip_source="cloudfront", origin_verify_secret=SecretStr("short"))
    assert SECRET not in repr(Settings(client_ip_source="cloudfront", origin_verify_secret=SecretStr(SECRET)))
