"""The throughput baseline of DESIGN §5: a bare ASGI endpoint doing one DynamoDB GetItem.

Served by uvicorn in bench.api_throughput; reads the item named by the environment
(BENCH_TABLE, BENCH_KEY_JSON) from DynamoDB Local through boto3 and answers its JSON.
"""

import json
import os

import boto3

_client = boto3.client("dynamodb", endpoint_url=os.environ["CITYOPS_DYNAMODB_ENDPOINT"])
_table = os.environ["BENCH_TABLE"]
_key = json.loads(os.environ["BENCH_KEY_JSON"])


async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    item = _client.get_item(TableName=_table, Key=_key)["Item"]
    body = json.dumps({"code": 1, "data": {"id": item["id"]["N"]}}).encode()
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]}
    )
    await send({"type": "http.response.body", "body": body})
