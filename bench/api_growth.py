"""How authenticated API throughput changes with what the permission checks read (issue 37 item 6).

    .venv/bin/python -m bench.api_growth [--requests 600] [--concurrency 16] [--rounds 2]

Starts DynamoDB Local in memory, seeds it, then measures at four points (each adds to the one
before), each on a fresh uvicorn
(one worker) with the bare GetItem endpoint (`bench.bare_getitem`) measured beside it, so that each
point is a paired ratio (the machine is shared: absolute figures drift with its load):

1. as seeded: a member with one session, an admin (not super) in one group, the seeded rule trees;
2. the member has 1,000 sessions (the measured token is the last one);
3. 1,000 more member rules and 1,000 more admin rules, all granted to the member's and the admin's
   groups;
4. the admin belongs to 50 groups (50 member groups exist too).

The member's call is `GET /srv/api/account/profile` (the budgeted one, `bench.api_throughput`); the
admin's is `GET /srv/admin/index/badges` (a logged-in admin call: session, admin, rule tree, grant).
Flat means each point's ratio stays near the first point's. Each point also records the serving
process's CPU milliseconds per request (which moves far less with the shared machine's load than the
rates do) and the DynamoDB operations of one warm member and admin request (counted in this process on
the app served in memory). Writes bench/results/api_growth.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import httpx

from bench.api_throughput import _load, _serve
from bench.common import local_dynamodb, record

FIRST_ID = 700_000


def _setup() -> dict:
    from functions.core.settings import get_settings
    from functions.models.admin import Admin
    from functions.models.counter import next_id
    from functions.models.group import AdminGroup, UserGroup
    from functions.models.user import User
    from functions.seed import seed
    from functions.services.permissions import load_rules
    from functions.services.sessions import open_session

    get_settings.cache_clear()
    seed()
    from functions.models.rule import AdminRule, UserRule

    member_group = UserGroup(
        next_id("user_group"), name="growth", rules=[int(r.id) for r in load_rules(UserRule)]
    )
    member_group.save()
    admin_group = AdminGroup(
        next_id("admin_group"), name="growth", rules=[int(r.id) for r in load_rules(AdminRule)]
    )
    admin_group.save()
    user = User.create(
        "growthmember", "growth-password-1", email="growth@example.com", group_id=member_group.id
    )
    admin = Admin.create("growthadmin", "growth-password-1", group_ids=[int(admin_group.id)])
    return {
        "user": user,
        "admin": admin,
        "member_group": member_group,
        "admin_group": admin_group,
        "user_token": open_session("user", user.id, remember=True)["token"],
        "admin_token": open_session("admin", int(admin.id), remember=True)["token"],
    }


def _more_sessions(state: dict, count: int) -> None:
    from functions.services.sessions import open_session

    for _ in range(count - 1):
        open_session("user", state["user"].id, remember=False)
    state["user_token"] = open_session("user", state["user"].id, remember=True)["token"]


def _more_rules(state: dict, count: int) -> None:
    from functions.models.rule import AdminRule, UserRule

    for model, group in ((UserRule, state["member_group"]), (AdminRule, state["admin_group"])):
        ids = [FIRST_ID + i for i in range(count)]
        with model.batch_write() as batch:
            for rule_id in ids:
                batch.save(
                    model(
                        rule_id, pid=0, rule_type="button", name=f"growth/r{rule_id}", title=f"规则 {rule_id}"
                    )
                )
        group.rules = list(group.rules) + ids
        group.save()


def _more_groups(state: dict, count: int) -> None:
    from functions.models.counter import next_id
    from functions.models.group import AdminGroup, UserGroup

    rules = list(state["admin_group"].rules)
    ids = [int(state["admin_group"].id)]
    for i in range(count - 1):
        group = AdminGroup(next_id("admin_group"), name=f"growth {i}", rules=rules[i::count] or rules[:1])
        group.save()
        ids.append(int(group.id))
        UserGroup(next_id("user_group"), name=f"growth {i}", rules=[]).save()
    admin = state["admin"]
    admin.group_ids = ids
    admin.save()


def _fresh_tokens(state: dict) -> None:
    """New sessions of the member and the admin, their tokens used from now on (one more session each)."""
    from functions.services.sessions import open_session

    state["user_token"] = open_session("user", state["user"].id, remember=True)["token"]
    state["admin_token"] = open_session("admin", int(state["admin"].id), remember=True)["token"]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _targets(state: dict) -> list[tuple[str, list[str], dict[str, str], str]]:
    return [
        (
            "member",
            ["functions.app:create_app", "--factory"],
            {"ba-user-token": state["user_token"]},
            "/srv/api/account/profile",
        ),
        ("bare", ["bench.bare_getitem:app"], {}, "/"),
        (
            "admin",
            ["functions.app:create_app", "--factory"],
            {"batoken": state["admin_token"]},
            "/srv/admin/index/badges",
        ),
    ]


def _calls_per_request(state: dict) -> dict[str, list[str]]:
    """The DynamoDB operations of one member and one admin request, counted in this process on the app
    served in memory, after a first request of each (as a warm server answers)."""
    from botocore.client import BaseClient

    from functions.app import create_app

    calls: list[str] = []
    real = BaseClient._make_api_call

    def counting(self: Any, operation: str, params: Any) -> Any:
        calls.append(operation)
        return real(self, operation, params)

    async def run() -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            for name, _target, headers, path in _targets(state):
                if name == "bare":
                    continue
                await client.get(path, headers=headers)
                calls.clear()
                answer = (await client.get(path, headers=headers)).json()
                if answer.get("code") != 1:
                    raise RuntimeError(f"{path} answered {answer}")
                found[name] = list(calls)
        return found

    BaseClient._make_api_call = counting
    try:
        return asyncio.run(run())
    finally:
        BaseClient._make_api_call = real


def _point(state: dict, env: dict[str, str], requests: int, concurrency: int, rounds: int) -> dict:
    """Rounds alternate the three servers; the best round of each counts (requests per second), and
    the least CPU per request of its serving process (user + system, warm-up included, the first
    request not: a figure that moves little with the machine's load)."""
    rps: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for _ in range(rounds):
        _fresh_tokens(state)  # an access token lives 15 minutes; a slow point outlives one
        for name, target, headers, path in _targets(state):
            proc, base = _serve(target, env)
            try:
                httpx.get(base + path, headers=headers, timeout=120)  # imports the routes
                before = _cpu_seconds(proc.pid)
                rate = asyncio.run(_load(base + path, headers, requests, concurrency))
                rps.setdefault(name, []).append(rate)
                # `_load` sends `requests` warm-up requests, then `requests` measured ones.
                cpu.setdefault(name, []).append((_cpu_seconds(proc.pid) - before) * 1000 / (2 * requests))
            finally:
                proc.terminate()
                proc.wait()
    best = {name: round(max(values), 1) for name, values in rps.items()}
    return {
        **best,
        "member_ratio": round(best["member"] / best["bare"], 3),
        "admin_ratio": round(best["admin"] / best["bare"], 3),
        "cpu_ms_per_request": {name: round(min(values), 2) for name, values in cpu.items()},
        "dynamodb_calls_per_request": _calls_per_request(state),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    points: dict[str, dict] = {}
    with local_dynamodb():
        from functions.models.user import User

        state = _setup()
        env = {
            **os.environ,
            "BENCH_TABLE": User.Meta.table_name,
            "BENCH_KEY_JSON": json.dumps({"id": {"N": str(state["user"].id)}}),
        }
        steps = (
            ("as seeded", None),
            ("member with 1,000 sessions", lambda: _more_sessions(state, 1000)),
            ("+1,000 member and admin rules", lambda: _more_rules(state, 1000)),
            ("admin in 50 groups", lambda: _more_groups(state, 50)),
        )
        for label, grow in steps:
            if grow is not None:
                grow()
            points[label] = _point(state, env, args.requests, args.concurrency, args.rounds)
            print(label, points[label], flush=True)
    record(
        "api_growth",
        {"requests": args.requests, "concurrency": args.concurrency, "rounds": args.rounds, "points": points},
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
