"""The PynamoDB models, one module per aggregate, and their registry.

`ALL_MODELS` lists every table model; `configure_models(settings)` must run before any model is
used (it binds table names and the endpoint: see `functions.models.base`). `infra/` reads
`functions.models.tables.describe_tables()` to create the same tables in CDK. Add new models to
`ALL_MODELS`.
"""

from __future__ import annotations

from collections.abc import Iterable

from functions.core.settings import Settings, get_settings
from functions.models.admin import Admin
from functions.models.base import BaseModel, DuplicateError, configure, transact_write
from functions.models.config import Config
from functions.models.counter import Counter, next_id
from functions.models.unique import Unique

ALL_MODELS: tuple[type[BaseModel], ...] = (Config, Admin, Unique, Counter)


def configure_models(
    settings: Settings | None = None, models: Iterable[type[BaseModel]] | None = None
) -> None:
    """Bind `models` (default: `ALL_MODELS`) to the table prefix, endpoint and region of `settings`."""
    configure(ALL_MODELS if models is None else models, settings or get_settings())


__all__ = [
    "ALL_MODELS",
    "Admin",
    "BaseModel",
    "Config",
    "Counter",
    "DuplicateError",
    "Unique",
    "configure_models",
    "next_id",
    "transact_write",
]
