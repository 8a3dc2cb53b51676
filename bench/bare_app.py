"""The cold-start baseline of DESIGN §5: a bare FastAPI + Mangum + PynamoDB app with one route.

Imported by bench.cold_start in a fresh interpreter; the product's handler must stay within 1.3× of
it (DESIGN §5), import + first request each: the bare app's first request is one GetItem.
"""

import os

from fastapi import FastAPI
from mangum import Mangum
from pynamodb.attributes import UnicodeAttribute
from pynamodb.models import Model


class Item(Model):
    class Meta:
        table_name = "bench-item"
        region = "us-east-1"
        host = os.environ.get("BENCH_DYNAMODB_ENDPOINT")  # DynamoDB Local in bench.cold_start

    id = UnicodeAttribute(hash_key=True)
    name = UnicodeAttribute(default="")


app = FastAPI()


@app.get("/item/{item_id}")
def read_item(item_id: str) -> dict:
    return Item.get(item_id).attribute_values


handler = Mangum(app, lifespan="off")
