"""How the API's routes are built: on first use (cold start, DESIGN §5).

- `APIRouter` (the resource modules' routers: `router = APIRouter(prefix="/index", tags=["index"])`)
  is FastAPI's, but its routes are `DeferredAPIRoute`s. FastAPI builds a route completely when it is
  declared (`@router.get(...)`): it analyses the endpoint's signature and dependencies and builds a
  pydantic validator for every parameter and response model, about 1 ms per route. The FastAPI the
  API runs on (0.16x) does not copy routes when a router is included: the including router builds
  its own state for each of them from their *arguments* (path, endpoint, response_model…) the first
  time a request or the OpenAPI document needs it. The resource modules' routers are only ever
  included, so the state built at declaration was never used. A `DeferredAPIRoute` keeps the
  arguments and builds the rest only if the route itself is asked for something it has not got (a
  router served directly, or a FastAPI that copies routes when including them).
- `include_deferred(app, "functions.routes.admin", "/srv/admin")` includes the routers of a package's
  `ROUTERS` and imports that package only when something needs its routes: a request under its
  prefix, the OpenAPI document, or anything listing the app's routes (`fastapi.routing.
  iter_route_contexts`). `create_app()` mounts the members' calls and the back office this way, so a
  cold Lambda serving `/srv/api/…` never imports the back office's route modules, and the reverse.

An endpoint may bring dependencies of its own to the route it is declared on: `with_dependencies(...)`
marks it (how `functions.routes.deps.rate_limited` puts a route's per-IP limit beside its declaration),
and `APIRouter.add_api_route` appends them to the route's `dependencies`.

The API, its behaviour and its OpenAPI document are the same as with eagerly built routes
(`tests/unit/test_cold_imports.py`, `tests/unit/test_openapi_client.py`). Two consequences: a route
module that fails to import fails the first request of its audience (HTTP 500, logged) instead of
the Lambda's start — the tests import every route module —; and the routers of a deferred package
cannot bring startup/shutdown handlers or a lifespan (the app's are settled before they are
imported; the API has none).
"""

from __future__ import annotations

import importlib
import inspect
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import fastapi
from fastapi import params
from fastapi.routing import APIRoute
from starlette._utils import get_route_path
from starlette.routing import BaseRoute, Match, get_name
from starlette.types import Scope

_DEFAULTS: dict[str, Any] = {
    name: parameter.default
    for name, parameter in inspect.signature(APIRoute.__init__).parameters.items()
    if parameter.default is not inspect.Parameter.empty
}
# What `include_router()` reads from a route it includes, set from the arguments as they are.
_ARGUMENTS = (
    "response_model",
    "status_code",
    "summary",
    "description",
    "response_description",
    "deprecated",
    "operation_id",
    "response_model_include",
    "response_model_exclude",
    "response_model_by_alias",
    "response_model_exclude_unset",
    "response_model_exclude_defaults",
    "response_model_exclude_none",
    "include_in_schema",
    "response_class",
    "dependency_overrides_provider",
    "callbacks",
    "openapi_extra",
    "generate_unique_id_function",
    "strict_content_type",
    "max_body_size",
)


class DeferredAPIRoute(APIRoute):
    """An `APIRoute` that stores its arguments and runs `APIRoute.__init__` on first use: when any
    attribute it does not hold yet (dependant, response field, handler, path regex…) is read."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        if kwargs.get("form_limits") is not None:  # not used by this API: no shortcut for it
            super().__init__(path, endpoint, **kwargs)
            return
        self.__dict__["_deferred"] = (path, endpoint, kwargs)
        self.form_limits = {}  # what APIRoute makes of form_limits=None
        self.path = path
        self.endpoint = endpoint
        for name in _ARGUMENTS:
            setattr(self, name, kwargs.get(name, _DEFAULTS.get(name)))
        self.name = get_name(endpoint) if kwargs.get("name") is None else kwargs["name"]
        self.methods = {method.upper() for method in kwargs.get("methods") or ["GET"]}
        self.tags = list(kwargs.get("tags") or [])
        self.dependencies = list(kwargs.get("dependencies") or [])
        self.responses = dict(kwargs.get("responses") or {})
        self.stream_item_type = None

    @property
    def built(self) -> bool:
        """Whether `APIRoute.__init__` has run (tests check that including a router does not)."""
        return "_deferred" not in self.__dict__

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes the instance does not hold: build them, then look again.
        deferred = self.__dict__.get("_deferred")
        if deferred is None or name.startswith("__") or self.__dict__.get("_building"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        path, endpoint, kwargs = deferred
        self.__dict__["_building"] = True
        try:
            APIRoute.__init__(self, path, endpoint, **kwargs)
        finally:
            del self.__dict__["_building"]
        del self.__dict__["_deferred"]
        return getattr(self, name)


Endpoint = TypeVar("Endpoint", bound=Callable[..., Any])
_ADDED = "route_dependencies"  # the endpoint attribute with_dependencies() sets
_DECLARED = "route_declared"  # set on an endpoint once a route has been declared with it


def with_dependencies(*dependencies: params.Depends) -> Callable[[Endpoint], Endpoint]:
    """An endpoint decorator, written below the route's (`@router.post(...)` first): the route adds
    `dependencies` after those of its `dependencies=[...]`, in the order the decorators are written.
    Above the route's decorator it would come too late, so it refuses an endpoint that has a route."""

    def mark(endpoint: Endpoint) -> Endpoint:
        if getattr(endpoint, _DECLARED, False):
            raise TypeError(f"{endpoint.__qualname__}: put this decorator below the route's")
        # Decorators apply from the bottom up: put these before those of the decorators below, so
        # that they run in the order they are written.
        setattr(endpoint, _ADDED, (*dependencies, *getattr(endpoint, _ADDED, ())))
        return endpoint

    return mark


class APIRouter(fastapi.APIRouter):
    """FastAPI's `APIRouter` whose routes are `DeferredAPIRoute`s (unless `route_class` says otherwise)
    and add the dependencies their endpoint brings (`with_dependencies`)."""

    def __init__(self, *, route_class: type[APIRoute] = DeferredAPIRoute, **kwargs: Any) -> None:
        super().__init__(route_class=route_class, **kwargs)

    def add_api_route(
        self,
        path: str,
        endpoint: Callable[..., Any],
        *,
        dependencies: Sequence[params.Depends] | None = None,
        **kwargs: Any,
    ) -> None:
        added = getattr(endpoint, _ADDED, ())
        setattr(endpoint, _DECLARED, True)
        super().add_api_route(path, endpoint, dependencies=[*(dependencies or ()), *added], **kwargs)


class DeferredRouter(fastapi.APIRouter):
    """The routers of `<package>.ROUTERS`, imported and included the first time this router's routes
    are needed. `path` is the prefix it is included under: a request outside it needs none of them."""

    def __init__(self, package: str, path: str) -> None:
        super().__init__()
        self._package: str | None = package
        self._path = path
        self._lock = threading.RLock()
        self._importing = False

    @property
    def routes(self) -> list[BaseRoute]:
        if self.__dict__.get("_package") is not None:
            self._import_routers()
        return self._routes

    @routes.setter
    def routes(self, routes: list[BaseRoute]) -> None:
        self._routes = routes

    def _import_routers(self) -> None:
        with self._lock:  # other threads wait; this one gets the routes included so far
            if self._package is None or self._importing:
                return
            self._importing = True
            included = len(self._routes)
            try:
                for router in importlib.import_module(self._package).ROUTERS:
                    self.include_router(router)
            except BaseException:
                del self._routes[included:]  # tried again on next use
                raise
            finally:
                self._importing = False
            self._package = None

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if self.__dict__.get("_package") is not None:
            path = get_route_path(scope)
            if path != self._path and not path.startswith(self._path + "/"):
                return Match.NONE, {}
        return super().matches(scope)

    def _contains_router(self, router: fastapi.APIRouter, seen: set[int] | None = None) -> bool:
        # `include_router()` asks whether the router it includes contains the includer (a cycle):
        # routers not imported yet contain nothing. (Were this hook renamed, including would import
        # the package: still correct, only no longer deferred — test_cold_imports.py would say so.)
        if self.__dict__.get("_package") is not None:
            return False
        return super()._contains_router(router, seen)


def include_deferred(app: fastapi.FastAPI, package: str, prefix: str) -> None:
    """Include the routers of `<package>.ROUTERS` under `prefix`, imported on first use."""
    app.include_router(DeferredRouter(package, prefix), prefix=prefix)
