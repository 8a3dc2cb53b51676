"""Dependencies an endpoint brings to its route (`functions.core.routing.with_dependencies`, which
`functions.routes.deps.rate_limited` uses)."""

from __future__ import annotations

import pytest
from fastapi import Depends, FastAPI
from fastapi.testclient import TestClient

from functions.core.routing import APIRouter, with_dependencies


def test_the_route_runs_its_own_dependencies_then_the_endpoints() -> None:
    calls: list[str] = []
    router = APIRouter(prefix="/unit")

    @router.get("/ping", dependencies=[Depends(lambda: calls.append("route"))])
    @with_dependencies(Depends(lambda: calls.append("first")))
    @with_dependencies(Depends(lambda: calls.append("second")))
    def ping() -> dict[str, str]:
        calls.append("endpoint")
        return {"ok": "yes"}

    app = FastAPI()
    app.include_router(router)
    answer = TestClient(app).get("/unit/ping")
    assert answer.json() == {"ok": "yes"}
    assert calls == ["route", "first", "second", "endpoint"]


def test_written_above_the_route_decorator_it_is_refused() -> None:
    router = APIRouter()

    def ping() -> None: ...

    router.get("/ping")(ping)
    with pytest.raises(TypeError, match="below the route's"):
        with_dependencies(Depends(lambda: None))(ping)
