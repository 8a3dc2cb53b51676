"""Every back-office list (a built-in table's index and the designed tables') declares its parameters in
the OpenAPI, once for all (`functions.services.crud_table.ListQuery`), so the generated client types
every list call; and they are read as leniently as a list always read them."""

from __future__ import annotations

import json

from functions.openapi import openapi_document
from functions.services.crud_table import ListQuery

LIST_PARAMETERS = {
    "page": "integer",
    "limit": "integer",
    "cursor": "string",
    "quick_search": "string",
    "search": "string",
    "order": "string",
    "select": "boolean",
    "initKey": "string",
    "initValue": "string",
}


def test_every_list_operation_declares_the_list_parameters() -> None:
    lists = {}
    for path, operations in openapi_document()["paths"].items():
        for method, operation in operations.items():
            answer = json.dumps(operation["responses"].get("200", {}))
            if path.startswith("/srv/admin/") and ("TableList" in answer or "DesignedList" in answer):
                declared = {
                    p["name"]: p["schema"]["type"]
                    for p in operation.get("parameters", [])
                    if p["in"] == "query"
                }
                lists[f"{method.upper()} {path}"] = declared
    assert len(lists) >= 16 and "GET /srv/admin/{path}/index" in lists
    assert lists == {name: LIST_PARAMETERS for name in lists}


def test_the_search_parameter_documents_its_conditions_and_operators() -> None:
    operation = openapi_document()["paths"]["/srv/admin/auth/admin/index"]["get"]
    search = next(p for p in operation["parameters"] if p["name"] == "search")["schema"]
    assert search["contentMediaType"] == "application/json"
    operators = search["contentSchema"]["items"]["properties"]["operator"]["enum"]
    assert operators == [
        "eq",
        "ne",
        "gt",
        "gte",
        "lt",
        "lte",
        "like",
        "notlike",
        "in",
        "notin",
        "range",
        "notrange",
        "null",
        "notnull",
    ]


def test_unreadable_or_out_of_range_values_are_read_as_before() -> None:
    query = ListQuery.model_validate(
        {
            "page": "x",
            "limit": "5000",
            "quick_search": "  " + "q" * 300,
            "select": "yes",
            "cursor": "c" * 5000,
        }
    )
    assert (query.page, query.limit, query.quick_search, query.select) == (1, 1000, "q" * 100, True)
    assert len(query.cursor) == 4096
    low = ListQuery.model_validate(
        {"page": "0", "limit": "-3", "select": "no", "initKey": "id", "initValue": "1,2"}
    )
    assert (low.page, low.limit, low.select, low.init_key, low.init_value) == (1, 1, False, "id", "1,2")
    assert ListQuery.model_validate({"page": "", "limit": ""}).model_dump()["limit"] == 10
