"""Back-office lists at 100, 10,000 and 100,000 rows: a page must cost the same at every size.

    .venv/bin/python -m bench.list_scale [--sizes 100,10000,100000] [--repeat 15]

Starts DynamoDB Local in memory and the product's API on uvicorn (in this process, so that a botocore
hook sees every Query the lists send), logs in a super admin, then for each size fills the admin log
and the members table up to that many rows (BatchWriteItem through `functions.models.listing.bulk_put`,
which also sets the row counters; log rows spread over the last twelve months, one member in ten
disabled) and times over HTTP, median of `--repeat` requests:

- admin log: page 1, page 2 through the cursor, a quick search (a word in one row in a thousand);
- members: page 1, page 2 through the cursor, the status filter (disabled: through its index);
- a designed table (`business/benchOrders`, rows in the data engine's single table): page 1, page 2,
  its indexed status filter, a quick search, and the time of saving a row (POST add);

and records the items each kind of request read (DynamoDB's `ScannedCount`, and the consumed read
capacity). DESIGN §5: page 1 and the next page at 100,000 rows ≤ 1.5 × the same at 100 rows; a
filtered page reads ≤ 2,000 items. Writes bench/results/list_scale.json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from typing import Any

import httpx

from bench.common import local_dynamodb, record
from functions.local import dynamodb

BUDGET_RATIO = 1.5
FILTER_BUDGET = 2000
NEEDLE = "needle"


class Reads:
    """Items read and read capacity of the Queries sent while `active` (a botocore hook)."""

    def __init__(self) -> None:
        self.items = 0
        self.capacity = 0.0

    def __call__(self, parsed: dict[str, Any], **_: Any) -> None:
        self.items += int(parsed.get("ScannedCount", 0))
        self.capacity += float((parsed.get("ConsumedCapacity") or {}).get("CapacityUnits", 0))


def _serve(app: Any) -> tuple[Any, str]:
    import uvicorn

    port = dynamodb.free_port()
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def _reserve_ids(sequence: str, count: int) -> int:
    """Take `count` ids of `sequence` at once (as `next_id` takes one); returns the first."""
    from functions.models.counter import Counter

    item = Counter(sequence)
    item.update(actions=[Counter.value.add(count)])
    return int(item.value) - count + 1


def _fill_log(target: int, have: int, admin_id: int) -> None:
    from functions.models.admin_log import AdminLog
    from functions.models.listing import bulk_put

    now = int(time.time())
    year = 365 * 86400
    count = target - have
    start_id = _reserve_ids("admin_log", count)
    rows = []
    for n in range(count):
        position = have + n  # rows are written oldest first: ids and times grow together
        rows.append(
            AdminLog(
                start_id + n,
                admin_id=admin_id,
                username="admin",
                url="/srv/admin/user/user/edit",
                method="POST",
                title=f"{NEEDLE} edit" if position % 1000 == 500 else "Edit member",
                data="{}",
                ip="127.0.0.1",
                create_time=now - year + int(position * year / max(target, 1)),
            )
        )
        if len(rows) == 5000:
            bulk_put(rows)
            rows = []
    bulk_put(rows)


def _fill_members(target: int, have: int) -> None:
    from functions.models.listing import bulk_put
    from functions.models.user import User

    count = target - have
    start_id = _reserve_ids("user", count)
    rows = []
    now = int(time.time())
    for n in range(count):
        position = have + n
        rows.append(
            User(
                start_id + n,
                username=f"member{position}",
                nickname=f"Member {position}",
                email=f"member{position}@example.com",
                mobile="",
                password_hash="-",
                status="disable" if position % 10 == 3 else "enable",
                create_time=now - 86400 + position,
                join_time=now - 86400 + position,
            )
        )
        if len(rows) == 5000:
            bulk_put(rows)
            rows = []
    bulk_put(rows)


DESIGNED = "business/benchOrders"


def _design() -> None:
    from functions.services.designs import DesignDoc, save_design

    words = {"zh": "工单", "en": "Orders"}
    save_design(
        DesignDoc.model_validate(
            {
                "name": DESIGNED,
                "title": words,
                "fields": [
                    {"name": "title", "title": words, "type": "string", "search": True, "required": True},
                    {"name": "state", "title": words, "type": "status", "index": True},
                    {"name": "due", "title": words, "type": "datetime", "sort": True},
                ],
            }
        )
    )


def _fill_designed(target: int, have: int) -> None:
    import json

    from functions.models.design import Record, filter_key, record_scope
    from functions.models.listing import bulk_put

    count = target - have
    start_id = _reserve_ids(record_scope(DESIGNED), count)
    now = int(time.time())
    rows = []
    for n in range(count):
        position = have + n
        state = "disable" if position % 10 == 3 else "enable"
        title = f"{NEEDLE} order" if position % 1000 == 500 else f"Order {position}"
        rows.append(
            Record(
                DESIGNED,
                start_id + n,
                design=DESIGNED,
                data=json.dumps({"title": title, "state": state, "due": now + position}),
                f1=filter_key(DESIGNED, "state", state),
                n1=now + position,
                create_time=now,
                update_time=now,
            )
        )
        if len(rows) == 5000:
            bulk_put(rows)
            rows = []
    bulk_put(rows)


def _save_ms(client: httpx.Client, repeat: int) -> float:
    times = []
    for n in range(repeat + 1):
        started = time.perf_counter()
        answer = client.post(f"/srv/admin/{DESIGNED}/add", json={"title": f"saved {n}", "due": 1_800_000_000})
        if answer.json().get("code") != 1:
            raise RuntimeError(answer.text[:300])
        if n:  # the first one warms up
            times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 2)


def _median_ms(
    client: httpx.Client, path: str, params: dict[str, Any], repeat: int, reads: Reads
) -> dict[str, Any]:
    times = []
    items = capacity = 0.0
    answer: dict[str, Any] = {}
    client.get(path, params=params)  # warm up (first use of the route, connections)
    for _ in range(repeat):
        reads.items, reads.capacity = 0, 0.0
        started = time.perf_counter()
        response = client.get(path, params=params)
        times.append((time.perf_counter() - started) * 1000)
        answer = response.json()
        if response.status_code != 200 or answer.get("code") != 1:
            raise RuntimeError(f"{path} {params}: {response.status_code} {response.text[:300]}")
        items, capacity = max(items, reads.items), max(capacity, reads.capacity)
    return {
        "ms": round(statistics.median(times), 2),
        "items_read": int(items),
        "read_capacity": round(capacity, 1),
        "total": answer["data"]["total"],
        "more": answer["data"]["more"],
        "rows": len(answer["data"]["list"]),
        "cursor": answer["data"]["cursor"],
    }


def _measure(client: httpx.Client, repeat: int, reads: Reads) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, path, filter_params in (
        ("admin_log", "/srv/admin/auth/adminLog/index", {"quick_search": NEEDLE}),
        (
            "members",
            "/srv/admin/user/user/index",
            {"search": '[{"field":"status","operator":"eq","val":"disable"}]'},
        ),
        (
            "designed",
            f"/srv/admin/{DESIGNED}/index",
            {"search": '[{"field":"state","operator":"eq","val":"disable"}]'},
        ),
    ):
        page1 = _median_ms(client, path, {"limit": 10}, repeat, reads)
        page2 = _median_ms(client, path, {"limit": 10, "page": 2, "cursor": page1["cursor"]}, repeat, reads)
        filtered = _median_ms(client, path, {"limit": 10, **filter_params}, repeat, reads)
        for result in (page1, page2, filtered):
            result.pop("cursor")
        out[name] = {"page1": page1, "page2": page2, "filtered": filtered}
    out["designed"]["quick_search"] = _median_ms(
        client, f"/srv/admin/{DESIGNED}/index", {"limit": 10, "quick_search": NEEDLE}, repeat, reads
    )
    out["designed"]["quick_search"].pop("cursor")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,10000,100000")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    with local_dynamodb(CITYOPS_ADMIN_LOG_RETENTION_MONTHS="0"):
        from functions.app import create_app
        from functions.core.settings import get_settings
        from functions.models.admin import Admin
        from functions.models.admin_log import AdminLog
        from functions.models.user import User
        from functions.seed import seed
        from functions.services.sessions import open_session

        get_settings.cache_clear()
        seed()
        admin = Admin.get_by_username("admin")
        assert admin is not None
        token = open_session("admin", int(admin.id), remember=True)["token"]
        server, base = _serve(create_app())  # create_app binds the models to new connections
        reads = Reads()
        from functions.models.design import Record

        _design()
        # The tables share one client (BaseModel._get_connection): register the counter once per client.
        listed = (m._get_connection().connection.client for m in (AdminLog, User, Record))
        clients = {id(c): c for c in listed}
        for client in clients.values():
            client.meta.events.register("after-call.dynamodb.Query", reads)
        results: dict[str, Any] = {}
        have = 0
        try:
            with httpx.Client(base_url=base, headers={"batoken": token}, timeout=60) as client:
                for size in sizes:
                    started = time.perf_counter()
                    _fill_log(size, have, int(admin.id))
                    _fill_members(size, have)
                    _fill_designed(size, have)
                    have = size
                    print(
                        f"filled {size} rows per table in {time.perf_counter() - started:.1f} s", flush=True
                    )
                    results[str(size)] = _measure(client, args.repeat, reads)
                    results[str(size)]["designed"]["save_ms"] = _save_ms(client, args.repeat)
                    print(f"  {size}: {results[str(size)]}", flush=True)
        finally:
            server.should_exit = True
    small, large = results[str(sizes[0])], results[str(sizes[-1])]
    ratios = {
        f"{table}.{page}": round(large[table][page]["ms"] / small[table][page]["ms"], 3)
        for table in ("admin_log", "members", "designed")
        for page in ("page1", "page2")
    }
    ratios["designed.save"] = round(large["designed"]["save_ms"] / small["designed"]["save_ms"], 3)
    filtered_max = max(
        r[t]["filtered"]["items_read"] for r in results.values() for t in ("admin_log", "members")
    )
    within = all(ratio <= BUDGET_RATIO for ratio in ratios.values()) and filtered_max <= FILTER_BUDGET
    record(
        "list_scale",
        {
            "sizes": sizes,
            "repeat": args.repeat,
            "results": results,
            "ratios_largest_to_smallest": ratios,
            "budget_ratio": BUDGET_RATIO,
            "filtered_items_read_max": filtered_max,
            "filtered_budget": FILTER_BUDGET,
            "within_budget": within,
        },
    )
    print(f"ratios {sizes[-1]} vs {sizes[0]} rows: {ratios} (budget ≤ {BUDGET_RATIO})")
    print(f"filtered pages read at most {filtered_max} items (budget ≤ {FILTER_BUDGET})")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
