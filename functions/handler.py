"""The Lambda entry point: Mangum around `create_app()`, with powertools' Lambda context in the logs.

API Gateway / CloudFront pass the path unchanged (`/srv/…`), so no base path is stripped.
"""

from __future__ import annotations

from typing import Any

from mangum import Mangum

from functions.app import create_app
from functions.core.log import logger
from functions.core.secrets import load_secrets

load_secrets()  # before the settings are first read: secrets named by ARN (CITYOPS_*_SECRET_ARN)
_asgi = Mangum(create_app(), lifespan="off")


@logger.inject_lambda_context(clear_state=True)
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return _asgi(event, context)
