"""Print the API's OpenAPI document (the one `/srv/openapi.json` serves), built from `create_app()`
without a server, DynamoDB or network:

    .venv/bin/python -m functions.openapi > webapp/openapi.json

`npm run gen:api` (webapp/) runs this and generates the TypeScript client in
`webapp/src/lib/api/generated/` from it; `tests/unit/test_openapi_client.py` fails when the
committed client differs from what the current API generates.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from functions.app import create_app


def openapi_document() -> dict[str, Any]:
    return create_app().openapi()


def main() -> None:
    sys.stdout.write(json.dumps(openapi_document(), indent=2, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    main()
