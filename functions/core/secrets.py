"""Secrets from AWS Secrets Manager, read once at cold start (`load_secrets`).

On AWS the functions' configuration names each secret by ARN only (`CITYOPS_JWT_SECRET_ARN`,
`CITYOPS_ORIGIN_VERIFY_SECRET_ARN`): the values never appear in the function's configuration.
`load_secrets()` reads each one (stage AWSCURRENT) into the variable `Settings` reads
(`CITYOPS_JWT_SECRET`, `CITYOPS_ORIGIN_VERIFY_SECRET`) and the previous version (stage AWSPREVIOUS,
when there is one) into `<variable>_PREVIOUS`, before the settings are first built; later calls
change nothing (the values are cached in the process environment for the container's life).

Rotation without a redeploy: `aws secretsmanager put-secret-value` makes the new value AWSCURRENT
and moves AWSPREVIOUS to the old one. A container started afterwards signs with the new key and
still accepts the old one (`accepted_values`). A warm container started before the rotation knows
only the old values: when a value it is given does not match (a token signed by a newer container,
CloudFront's new origin-verify value), `refresh` reads the secret again (at most once per
`REFRESH_SECONDS` per secret, so forged values cannot make it call Secrets Manager on every request)
and the check is made again with the fresh values; from then on it also signs with the new key
(`current_value`).

A variable already set (development, tests) is left alone; without `*_ARN` nothing is read.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from functions.core.log import logger

T = TypeVar("T")

# Variable read by Settings -> variable naming the secret's ARN.
SECRET_VARIABLES = {
    "CITYOPS_JWT_SECRET": "CITYOPS_JWT_SECRET_ARN",
    "CITYOPS_ORIGIN_VERIFY_SECRET": "CITYOPS_ORIGIN_VERIFY_SECRET_ARN",
}
PREVIOUS_SUFFIX = "_PREVIOUS"
REFRESH_SECONDS = 60.0
# Variable -> (current, previous) as re-read by `refresh` after a value did not match; the time of the
# last refresh per variable.
_fresh: dict[str, tuple[str, str]] = {}
_refreshed_at: dict[str, float] = {}


def load_secrets(client: Any = None) -> list[str]:
    """Read the secrets named by ARN into the environment; returns the variables set now."""
    loaded: list[str] = []
    for variable, arn_variable in SECRET_VARIABLES.items():
        arn = os.environ.get(arn_variable)
        if not arn or os.environ.get(variable):
            continue
        if client is None:
            import boto3  # deferred: ~25 ms to import; only a process given *_ARN (AWS) needs it

            client = boto3.client("secretsmanager")
        os.environ[variable], previous = _read(client, arn)
        if previous:
            os.environ[variable + PREVIOUS_SUFFIX] = previous
        loaded.append(variable)
    return loaded


def _read(client: Any, arn: str) -> tuple[str, str]:
    current = client.get_secret_value(SecretId=arn)["SecretString"]
    try:
        previous = client.get_secret_value(SecretId=arn, VersionStage="AWSPREVIOUS")["SecretString"]
    except client.exceptions.ResourceNotFoundException:
        previous = ""
    return current, previous


def refresh(variable: str, client: Any = None, now: float | None = None) -> bool:
    """Read the secret of `variable` again (after a value did not match); True when its values changed.
    Nothing is read without its `*_ARN`, nor twice within REFRESH_SECONDS."""
    arn = os.environ.get(SECRET_VARIABLES[variable], "")
    moment = time.monotonic() if now is None else now
    last = _refreshed_at.get(variable)
    if not arn or (last is not None and moment - last < REFRESH_SECONDS):
        return False
    _refreshed_at[variable] = moment
    try:
        if client is None:
            import boto3  # deferred: ~25 ms to import; only a process given *_ARN (AWS) needs it

            client = boto3.client("secretsmanager")
        current, previous = _read(client, arn)
    except Exception:  # noqa: BLE001 - Secrets Manager unreachable: the value is refused as before
        logger.warning("could not read the secret again", extra={"variable": variable}, exc_info=True)
        return False
    before = _fresh.get(variable) or (
        os.environ.get(variable, ""),
        os.environ.get(variable + PREVIOUS_SUFFIX, ""),
    )
    _fresh[variable] = (current, previous)
    return (current, previous) != before


def forget_refreshed() -> None:
    """Drop what `refresh` read (tests: each starts as a fresh container)."""
    _fresh.clear()
    _refreshed_at.clear()


def current_value(variable: str, configured: str) -> str:
    """The value to sign with: the re-read current value after a refresh, else what Settings holds."""
    return _fresh[variable][0] if variable in _fresh else configured


def accepted_values(variable: str, current: str) -> tuple[str, ...]:
    """The values to accept for a secret: the current one, then the previous one during a rotation
    (both as re-read by `refresh`, once it ran).

    `current` is what Settings holds (e.g. `settings.jwt_secret`); hooks:
    `jwt.decode` tries each of `accepted_values("CITYOPS_JWT_SECRET", settings.jwt_secret)`, and the
    origin-verify check compares with each of `accepted_values("CITYOPS_ORIGIN_VERIFY_SECRET", …)`.
    """
    if variable in _fresh:
        current, previous = _fresh[variable]
    else:
        previous = os.environ.get(variable + PREVIOUS_SUFFIX, "")
    return (current, previous) if previous and previous != current else (current,)


def first_accepted(check: Callable[[str], T], values: Sequence[str], retry_on: type[Exception]) -> T:
    """`check(value)` with the first of `values` it accepts: `retry_on` (e.g. a bad signature) moves on
    to the next value; the last value's outcome, success or error, is the answer."""
    for value in values[:-1]:
        try:
            return check(value)
        except retry_on:
            continue
    return check(values[-1])
