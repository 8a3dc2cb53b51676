"""DynamoDB table definitions, derived from the PynamoDB models in `functions.models`.

The models are the single source of truth: `functions.models.tables.describe_tables()` describes
every model of `ALL_MODELS` (logical name, key names and types, secondary indexes, TTL attribute)
and the stack creates exactly those tables, named `<table prefix><logical name>`. The API function
gets the same prefix in `CITYOPS_TABLE_PREFIX`, and `configure_models()` names its tables the
same way, so code and template cannot drift.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Key:
    name: str
    type: str  # DynamoDB scalar type: "S", "N" or "B"


@dataclass(frozen=True)
class Index:
    name: str
    partition: Key
    sort: Key | None
    projection: str  # "ALL", "KEYS_ONLY" or "INCLUDE"
    non_key_attributes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableSpec:
    name: str  # logical name, without the prefix
    model: str  # the model class, for messages
    partition: Key
    sort: Key | None
    ttl_attribute: str | None
    global_indexes: tuple[Index, ...] = ()
    local_indexes: tuple[Index, ...] = ()


def _key(raw: dict[str, str] | None) -> Key | None:
    return Key(raw["name"], raw["type"]) if raw else None


def _keys(raw: dict[str, Any], owner: str) -> dict[str, Any]:
    """The partition and sort keys of a table or an index (`owner` names it if the hash key is missing)."""
    partition = _key(raw["hash_key"])
    if partition is None:
        raise ValueError(f"{owner} has no hash key")
    return {"partition": partition, "sort": _key(raw.get("range_key"))}


def _index(raw: dict[str, Any]) -> Index:
    return Index(
        name=raw["name"],
        **_keys(raw, f"index {raw.get('name')!r}"),
        projection=raw.get("projection", "ALL"),
        non_key_attributes=tuple(raw.get("non_key_attributes") or ()),
    )


def spec_from_description(raw: dict[str, Any]) -> TableSpec:
    """A TableSpec from one entry of `describe_tables()`."""
    return TableSpec(
        name=raw["logical_name"],
        model=raw.get("model", raw["logical_name"]),
        **_keys(raw, f"model {raw.get('model')!r}"),
        ttl_attribute=raw.get("ttl_attribute"),
        global_indexes=tuple(_index(i) for i in raw.get("global_secondary_indexes", [])),
        local_indexes=tuple(_index(i) for i in raw.get("local_secondary_indexes", [])),
    )


def table_specs(descriptions: Iterable[dict[str, Any]] | None = None) -> list[TableSpec]:
    """One TableSpec per table, from `describe_tables()` unless `descriptions` are given."""
    if descriptions is None:
        from functions.models.tables import describe_tables

        descriptions = describe_tables()
    specs: dict[str, TableSpec] = {}
    for raw in descriptions:
        spec = spec_from_description(raw)
        if spec.name in specs:
            raise ValueError(f"{specs[spec.name].model} and {spec.model} both claim table {spec.name!r}")
        specs[spec.name] = spec
    return sorted(specs.values(), key=lambda s: s.name)
