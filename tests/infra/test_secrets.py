"""functions/core/secrets.py against moto's Secrets Manager: values read by ARN at cold start, the
previous version kept for a rotation, nothing read when the value is already set."""

from __future__ import annotations

import boto3
import pytest
from moto import mock_aws

VARIABLES = ("CITYOPS_JWT_SECRET", "CITYOPS_ORIGIN_VERIFY_SECRET")


@pytest.fixture
def client(no_secrets, monkeypatch: pytest.MonkeyPatch):
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    with mock_aws():
        yield boto3.client("secretsmanager", region_name="us-east-1")


class Recording:
    """Wraps the client and records each GetSecretValue request."""

    def __init__(self, client) -> None:
        self.client = client
        self.exceptions = client.exceptions
        self.calls: list[dict] = []

    def get_secret_value(self, **request):
        self.calls.append(request)
        return self.client.get_secret_value(**request)


def test_reads_current_values_by_arn(client, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from functions.core.secrets import load_secrets

    arns = {}
    for variable in VARIABLES:
        arns[variable] = client.create_secret(Name=variable, SecretString=f"{variable}-v1" * 4)["ARN"]
        monkeypatch.setenv(f"{variable}_ARN", arns[variable])
    recording = Recording(client)
    assert load_secrets(recording) == list(VARIABLES)
    for variable in VARIABLES:
        assert os.environ[variable] == f"{variable}-v1" * 4
        assert f"{variable}_PREVIOUS" not in os.environ  # no rotation yet
    assert recording.calls == [
        {"SecretId": arns["CITYOPS_JWT_SECRET"]},
        {"SecretId": arns["CITYOPS_JWT_SECRET"], "VersionStage": "AWSPREVIOUS"},
        {"SecretId": arns["CITYOPS_ORIGIN_VERIFY_SECRET"]},
        {"SecretId": arns["CITYOPS_ORIGIN_VERIFY_SECRET"], "VersionStage": "AWSPREVIOUS"},
    ]
    # Cached for the container's life: a second call reads nothing.
    assert load_secrets(recording) == [] and len(recording.calls) == 4


def test_after_a_rotation_both_keys_are_accepted(client, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from functions.core.secrets import accepted_values, load_secrets

    arn = client.create_secret(Name="jwt", SecretString="old" * 12)["ARN"]
    client.put_secret_value(SecretId=arn, SecretString="new" * 12)  # the operator's rotation
    monkeypatch.setenv("CITYOPS_JWT_SECRET_ARN", arn)
    assert load_secrets(client) == ["CITYOPS_JWT_SECRET"]
    assert os.environ["CITYOPS_JWT_SECRET"] == "new" * 12
    assert accepted_values("CITYOPS_JWT_SECRET", "new" * 12) == ("new" * 12, "old" * 12)
    assert accepted_values("CITYOPS_ORIGIN_VERIFY_SECRET", "x" * 40) == ("x" * 40,)


def test_a_value_already_set_is_not_read(client, monkeypatch: pytest.MonkeyPatch) -> None:
    from functions.core.secrets import load_secrets

    monkeypatch.setenv("CITYOPS_JWT_SECRET", "local" * 10)
    monkeypatch.setenv("CITYOPS_JWT_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:x")
    recording = Recording(client)
    assert load_secrets(recording) == [] and recording.calls == []


def test_tokens_signed_with_the_previous_key_still_verify(
    no_secrets, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.core.security import TokenInvalid, create_access_token, decode_access_token
    from functions.core.settings import Settings

    old = Settings(jwt_secret="old" * 12)
    new = Settings(jwt_secret="new" * 12)
    before = create_access_token(7, "admin", "sid-1", settings=old)
    with pytest.raises(TokenInvalid):
        decode_access_token(before, settings=new)
    monkeypatch.setenv("CITYOPS_JWT_SECRET_PREVIOUS", "old" * 12)  # what load_secrets sets after a rotation
    assert decode_access_token(before, settings=new).sid == "sid-1"
    assert (
        decode_access_token(create_access_token(7, "admin", "sid-2", settings=new), settings=new).sid
        == "sid-2"
    )
    with pytest.raises(TokenInvalid):
        decode_access_token(
            create_access_token(7, "admin", "x", settings=Settings(jwt_secret="z" * 36)), settings=new
        )


def test_origin_verify_accepts_the_previous_value_during_a_rotation(
    no_secrets, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.datastructures import Headers

    from functions.core.client_ip import ORIGIN_VERIFY_HEADER, came_through_cloudfront
    from functions.core.settings import Settings

    settings = Settings(client_ip_source="cloudfront", origin_verify_secret="n" * 40)

    def through(value: str) -> bool:
        return came_through_cloudfront(Headers({ORIGIN_VERIFY_HEADER: value}), settings)

    assert through("n" * 40) and not through("o" * 40) and not through("")
    monkeypatch.setenv("CITYOPS_ORIGIN_VERIFY_SECRET_PREVIOUS", "o" * 40)
    assert through("n" * 40) and through("o" * 40) and not through("x" * 40)


COLD_START = """
import os, boto3
from moto import mock_aws
with mock_aws():
    client = boto3.client("secretsmanager", region_name="us-east-1")
    for name in ("CITYOPS_JWT_SECRET", "CITYOPS_ORIGIN_VERIFY_SECRET"):
        arn = client.create_secret(Name=name, SecretString=name.lower() * 3)["ARN"]
        os.environ[name + "_ARN"] = arn
    import functions.handler  # what the Lambda runtime imports: reads both secrets, builds the app
    from functions.core.settings import get_settings
    settings = get_settings()
    assert settings.jwt_secret == "cityops_jwt_secret" * 3
    assert settings.origin_verify_secret.get_secret_value() == "cityops_origin_verify_secret" * 3
    print("ok")
"""


def test_the_handler_starts_in_production_with_secrets_named_by_arn_only() -> None:
    """The function's configuration as the stack sets it (no secret value): the cold start reads the
    values before the settings are first built."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if not k.startswith(("CITYOPS_", "AWS_"))} | {
        "CITYOPS_ENV": "production",
        "CITYOPS_CLIENT_IP_SOURCE": "cloudfront",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
    }
    done = subprocess.run(
        [sys.executable, "-c", COLD_START],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")


@pytest.fixture
def reads(client, monkeypatch: pytest.MonkeyPatch):
    """Secrets Manager reads made through the default session (what `refresh` uses), counted."""
    counted: list[str] = []
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    boto3.setup_default_session(region_name="us-east-1")
    boto3.DEFAULT_SESSION.events.register(
        "before-parameter-build.secrets-manager.GetSecretValue",
        lambda params, **_: counted.append(params["SecretId"]),
    )
    yield counted
    boto3.DEFAULT_SESSION = None


def test_a_warm_container_accepts_tokens_signed_after_a_rotation(
    client, reads: list, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Container W started before the rotation (knows only k1); container N after it (signs with k2).
    W re-reads the secret when N's token does not verify, accepts it, and signs with k2 from then on,
    so no one is logged out whichever container answers."""
    import jwt

    from functions.core.security import TokenInvalid, create_access_token, decode_access_token
    from functions.core.settings import Settings

    arn = client.create_secret(Name="jwt", SecretString="k1" * 20)["ARN"]
    monkeypatch.setenv("CITYOPS_JWT_SECRET_ARN", arn)
    warm = Settings(jwt_secret="k1" * 20)
    client.put_secret_value(SecretId=arn, SecretString="k2" * 20)  # the operator's rotation
    newer = create_access_token(7, "admin", "sid-n", settings=Settings(jwt_secret="k2" * 20))

    assert decode_access_token(newer, settings=warm).sid == "sid-n"
    assert reads == [arn, arn]  # AWSCURRENT and AWSPREVIOUS, once
    mine = create_access_token(7, "admin", "sid-w", settings=warm)
    assert jwt.decode(mine, "k2" * 20, algorithms=["HS256"])["sid"] == "sid-w"  # W signs with k2 now
    assert decode_access_token(mine, settings=warm).sid == "sid-w"

    # A forged token makes no more reads: at most one refresh a minute.
    claims = jwt.decode(mine, "k2" * 20, algorithms=["HS256"])
    forged = jwt.encode(claims, "z" * 40, algorithm="HS256")
    for _ in range(3):
        with pytest.raises(TokenInvalid):
            decode_access_token(forged, settings=warm)
    assert len(reads) == 2
    from functions.core.secrets import REFRESH_SECONDS

    assert REFRESH_SECONDS <= 60


def test_a_warm_container_accepts_cloudfronts_new_origin_value(
    client, reads: list, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a rotation and the deploy that hands CloudFront the new value, a container started
    before the rotation re-reads the secret instead of answering 404 to every /srv call."""
    from starlette.datastructures import Headers

    from functions.core.client_ip import ORIGIN_VERIFY_HEADER, came_through_cloudfront
    from functions.core.settings import Settings

    arn = client.create_secret(Name="origin", SecretString="v1" * 20)["ARN"]
    monkeypatch.setenv("CITYOPS_ORIGIN_VERIFY_SECRET_ARN", arn)
    warm = Settings(client_ip_source="cloudfront", origin_verify_secret="v1" * 20)

    def through(value: str) -> bool:
        return came_through_cloudfront(Headers({ORIGIN_VERIFY_HEADER: value}), warm)

    assert through("v1" * 20) and reads == []
    client.put_secret_value(SecretId=arn, SecretString="v2" * 20)
    assert through("v2" * 20) and through("v1" * 20)  # the new value, and the previous one meanwhile
    assert len(reads) == 2
    assert not through("forged" * 8) and not through("") and len(reads) == 2


def test_an_unreachable_secrets_manager_refuses_the_value_as_before(
    no_secrets, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.core.secrets import refresh

    class Unreachable:
        def get_secret_value(self, **request):
            raise ConnectionError("no route to Secrets Manager")

    monkeypatch.setenv("CITYOPS_JWT_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:jwt")
    assert refresh("CITYOPS_JWT_SECRET", Unreachable(), now=1000.0) is False
    assert refresh("CITYOPS_JWT_SECRET", Unreachable(), now=1001.0) is False  # and not retried at once
