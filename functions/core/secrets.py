"""Secrets from AWS Secrets Manager, read once at cold start (`load_secrets`).

On AWS the functions' configuration names each secret by ARN only (`CITYOPS_JWT_SECRET_ARN`,
`CITYOPS_ORIGIN_VERIFY_SECRET_ARN`): the values never appear in the function's configuration.
`load_secrets()` reads each one (stage AWSCURRENT) into the variable `Settings` reads
(`CITYOPS_JWT_SECRET`, `CITYOPS_ORIGIN_VERIFY_SECRET`) and the previous version (stage AWSPREVIOUS,
when there is one) into `<variable>_PREVIOUS`, before the settings are first built; later calls
change nothing (the values are cached in the process environment for the container's life).

Rotation without a redeploy: `aws secretsmanager put-secret-value` makes the new value AWSCURRENT
and moves AWSPREVIOUS to the old one. A container started afterwards signs with the new key and
still accepts the old one (`accepted_values`), so tokens signed by containers that started before
the rotation keep working until they expire.

A variable already set (development, tests) is left alone; without `*_ARN` nothing is read.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

# Variable read by Settings -> variable naming the secret's ARN.
SECRET_VARIABLES = {
    "CITYOPS_JWT_SECRET": "CITYOPS_JWT_SECRET_ARN",
    "CITYOPS_ORIGIN_VERIFY_SECRET": "CITYOPS_ORIGIN_VERIFY_SECRET_ARN",
}
PREVIOUS_SUFFIX = "_PREVIOUS"


def load_secrets(client: Any = None) -> list[str]:
    """Read the secrets named by ARN into the environment; returns the variables set now."""
    loaded: list[str] = []
    for variable, arn_variable in SECRET_VARIABLES.items():
        arn = os.environ.get(arn_variable)
        if not arn or os.environ.get(variable):
            continue
        if client is None:
            import boto3

            client = boto3.client("secretsmanager")
        os.environ[variable] = client.get_secret_value(SecretId=arn)["SecretString"]
        try:
            previous = client.get_secret_value(SecretId=arn, VersionStage="AWSPREVIOUS")["SecretString"]
        except client.exceptions.ResourceNotFoundException:
            previous = ""
        if previous:
            os.environ[variable + PREVIOUS_SUFFIX] = previous
        loaded.append(variable)
    return loaded


def accepted_values(variable: str, current: str) -> tuple[str, ...]:
    """The values to accept for a secret: the current one, then the previous one during a rotation.

    `current` is what Settings holds (e.g. `settings.jwt_secret`); hooks:
    `jwt.decode` tries each of `accepted_values("CITYOPS_JWT_SECRET", settings.jwt_secret)`, and the
    origin-verify check compares with each of `accepted_values("CITYOPS_ORIGIN_VERIFY_SECRET", …)`.
    """
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
