"""Create the tables of the models and describe them for infrastructure code.

`create_tables()` is idempotent: it creates the missing tables (PAY_PER_REQUEST, with their GSIs
and LSIs) and, when `wait` is true, waits until they are active and turns on TTL for a model that
declares a `TTLAttribute` (e.g. `expires_at`). It runs against whatever `configure_models()` set,
DynamoDB Local in development and tests.

`describe_tables()` returns plain dicts (logical name, keys and their types, indexes, TTL
attribute) so that the CDK app in `infra/` defines the very same tables without importing PynamoDB
internals.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from pynamodb.exceptions import TableError
from pynamodb.indexes import GlobalSecondaryIndex, Index

from functions.models import ALL_MODELS
from functions.models.base import BILLING_MODE, BaseModel


def _models(models: Iterable[type[BaseModel]] | None) -> list[type[BaseModel]]:
    if models is None:
        return list(ALL_MODELS)
    return list(models)


def _key(attributes: dict[str, Any], python_name: str | None) -> dict[str, str] | None:
    if python_name is None:
        return None
    attribute = attributes[python_name]
    return {"name": attribute.attr_name, "type": attribute.attr_type}


def _describe_index(index: Index) -> dict[str, Any]:
    attributes = index.Meta.attributes
    hash_name = next(name for name, attr in attributes.items() if attr.is_hash_key)
    range_name = next((name for name, attr in attributes.items() if attr.is_range_key), None)
    projection = index.Meta.projection
    return {
        "name": index.Meta.index_name,
        "hash_key": _key(attributes, hash_name),
        "range_key": _key(attributes, range_name),
        "projection": projection.projection_type,
        "non_key_attributes": list(projection.non_key_attributes or []),
    }


def describe_model(model: type[BaseModel]) -> dict[str, Any]:
    """A plain description of one model's table."""
    attributes = model.get_attributes()
    ttl = model._ttl_attribute()
    gsis: list[dict[str, Any]] = []
    lsis: list[dict[str, Any]] = []
    for index in model._indexes.values():
        (gsis if isinstance(index, GlobalSecondaryIndex) else lsis).append(_describe_index(index))
    return {
        "model": model.__name__,
        "logical_name": model.logical_name,
        "hash_key": _key(attributes, model._hash_keyname),
        "range_key": _key(attributes, model._range_keyname),
        "global_secondary_indexes": gsis,
        "local_secondary_indexes": lsis,
        "ttl_attribute": ttl.attr_name if ttl is not None else None,
        "billing_mode": BILLING_MODE,
    }


def describe_tables(models: Iterable[type[BaseModel]] | None = None) -> list[dict[str, Any]]:
    """Descriptions of every table (default: `ALL_MODELS`), e.g.
    `{"logical_name": "admin", "hash_key": {"name": "id", "type": "N"}, "range_key": None,
    "global_secondary_indexes": [], "local_secondary_indexes": [], "ttl_attribute": None, …}`."""
    return [describe_model(model) for model in _models(models)]


def _existing_table_names(models: list[type[BaseModel]]) -> set[str]:
    """All table names in the account/endpoint, from ListTables (one call per 100 tables)."""
    if not models:
        return set()
    client = models[0]._get_connection().connection.client
    names: set[str] = set()
    for page in client.get_paginator("list_tables").paginate():
        names.update(page["TableNames"])
    return names


def _create_if_missing(model: type[BaseModel]) -> bool:
    try:
        # TTL is turned on by _ensure_ttl once the table is active.
        model.create_table(wait=False, billing_mode=BILLING_MODE, ignore_update_ttl_errors=True)
    except TableError as exc:
        if "ResourceInUseException" in str(exc.cause_response_code or exc):
            return False  # created concurrently by someone else
        raise
    return True


def _add_missing_indexes(model: type[BaseModel], description: dict[str, Any]) -> bool:
    """A table created before a model gained a GSI (a developer's kept var/dynamodb) gets it now.

    DynamoDB adds one GSI per UpdateTable call; returns True when one was requested (wait, repeat)."""
    present = {index["IndexName"] for index in description.get("GlobalSecondaryIndexes", [])}
    wanted = [
        index for index in describe_model(model)["global_secondary_indexes"] if index["name"] not in present
    ]
    if not wanted:
        return False
    index = wanted[0]
    keys = [key for key in (index["hash_key"], index["range_key"]) if key]
    projection: dict[str, Any] = {"ProjectionType": index["projection"]}
    if index["non_key_attributes"]:
        projection["NonKeyAttributes"] = index["non_key_attributes"]
    client = model._get_connection().connection.client
    client.update_table(
        TableName=model.Meta.table_name,
        AttributeDefinitions=[{"AttributeName": key["name"], "AttributeType": key["type"]} for key in keys],
        GlobalSecondaryIndexUpdates=[
            {
                "Create": {
                    "IndexName": index["name"],
                    "KeySchema": [
                        {"AttributeName": key["name"], "KeyType": kind}
                        for key, kind in zip(keys, ("HASH", "RANGE"), strict=False)
                    ],
                    "Projection": projection,
                }
            }
        ],
    )
    return True


def _rebuild_with_missing_indexes(model: type[BaseModel], existing: set[str]) -> None:
    """DynamoDB Local (a developer's kept var/dynamodb): a table that lacks an index the model now
    declares is copied aside, recreated with every index and filled again.

    DynamoDB Local 3.x sometimes leaves an index added by UpdateTable in CREATING for ever, so the
    online path of `_add_missing_indexes` cannot be relied on there. The rows are first copied into
    `<table>.rebuild` (kept if anything fails, and used by the next start to finish the job), so a
    crash part-way never loses them. This reads the whole table, which is fine for one developer's
    local data and never happens on AWS, where the stack owns the indexes."""
    client = model._get_connection().connection.client
    name = model.Meta.table_name
    backup = f"{name}.rebuild"
    has_name, has_backup = name in existing, backup in existing
    if has_backup and has_name and _lacks_indexes(model):
        # The copy aside was interrupted: the original is whole, start again.
        client.delete_table(TableName=backup)
        client.get_waiter("table_not_exists").wait(TableName=backup)
        has_backup = False
    if not has_backup:
        if not _lacks_indexes(model):
            return
        description = model.describe_table()
        client.create_table(
            TableName=backup,
            KeySchema=description["KeySchema"],
            AttributeDefinitions=description["AttributeDefinitions"],
            BillingMode=BILLING_MODE,
        )
        client.get_waiter("table_exists").wait(TableName=backup)
        _copy_rows(client, name, backup)
        client.delete_table(TableName=name)
        client.get_waiter("table_not_exists").wait(TableName=name)
        has_name = False
    if not has_name:
        _create_if_missing(model)
        _wait_active(model)
    _copy_rows(client, backup, name)  # puts are idempotent: a repeated copy-back is harmless
    client.delete_table(TableName=backup)


def _lacks_indexes(model: type[BaseModel]) -> bool:
    present = {index["IndexName"] for index in model.describe_table().get("GlobalSecondaryIndexes", [])}
    return any(index["name"] not in present for index in describe_model(model)["global_secondary_indexes"])


def _copy_rows(client: Any, source: str, target: str) -> None:
    for page in client.get_paginator("scan").paginate(TableName=source):
        items = page["Items"]
        for start in range(0, len(items), 25):
            requests = [{"PutRequest": {"Item": item}} for item in items[start : start + 25]]
            while requests:
                unprocessed = client.batch_write_item(RequestItems={target: requests})["UnprocessedItems"]
                requests = unprocessed.get(target, [])


def _wait_active(model: type[BaseModel], timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while True:
        description = model.describe_table()
        indexes = description.get("GlobalSecondaryIndexes", [])
        if description.get("TableStatus") == "ACTIVE" and all(
            index.get("IndexStatus", "ACTIVE") == "ACTIVE" for index in indexes
        ):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"table {model.Meta.table_name} is not active after {timeout} s")
        time.sleep(0.5)


def _ensure_ttl(model: type[BaseModel]) -> None:
    ttl = model._ttl_attribute()
    if ttl is None:
        return
    client = model._get_connection().connection.client
    current = client.describe_time_to_live(TableName=model.Meta.table_name)["TimeToLiveDescription"]
    if current.get("TimeToLiveStatus") in {"ENABLED", "ENABLING"}:
        return
    model._get_connection().update_time_to_live(ttl.attr_name)


def create_tables(wait: bool = True, models: Iterable[type[BaseModel]] | None = None) -> list[str]:
    """Create the missing tables; returns the names of those created. Safe to call repeatedly."""
    selected = list(_models(models))
    existing = _existing_table_names(selected)
    missing = [model for model in selected if model.Meta.table_name not in existing]
    created = [model.Meta.table_name for model in missing if _create_if_missing(model)]
    if wait:
        for model in missing:
            _wait_active(model)
        for model in selected:
            name = model.Meta.table_name
            if name in created and f"{name}.rebuild" not in existing:
                pass  # created just now, with every index the model declares
            elif getattr(model.Meta, "host", None):
                _rebuild_with_missing_indexes(model, existing | set(created))
            elif model not in missing:
                while _add_missing_indexes(model, model.describe_table()):
                    _wait_active(model)
            _ensure_ttl(model)
    return created


def delete_tables(models: Iterable[type[BaseModel]] | None = None) -> None:
    """Delete the tables that exist (tests and local resets only)."""
    for model in _models(models):
        if model.exists():
            model.delete_table()
