"""The application logger: aws-lambda-powertools' `Logger(service="cityops")`, JSON lines on stdout.

Import `logger` from here everywhere. Never log request headers (tokens travel in `batoken` and
`ba-user-token`), query strings (some calls carry `batoken` there), passwords or request bodies.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger

logger = Logger(service="cityops")
