"""How authenticated API throughput changes with what the permission checks read (issue 37 item 6).

    .venv/bin/python -m bench.api_growth [--requests 600] [--concurrency 16]

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
Flat means each point's ratio stays near the first point's. Writes bench/results/api_growth.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

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


def _point(state: dict, env: dict[str, str], requests: int, concurrency: int) -> dict:
    rps: dict[str, float] = {}
    for name, target, headers, path in (
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
    ):
        proc, base = _serve(target, env)
        try:
            rps[name] = round(asyncio.run(_load(base + path, headers, requests, concurrency)), 1)
        finally:
            proc.terminate()
            proc.wait()
    return {
        **rps,
        "member_ratio": round(rps["member"] / rps["bare"], 3),
        "admin_ratio": round(rps["admin"] / rps["bare"], 3),
        "load_average": round(os.getloadavg()[0], 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--concurrency", type=int, default=16)
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
            points[label] = _point(state, env, args.requests, args.concurrency)
            print(label, points[label], flush=True)
    record("api_growth", {"requests": args.requests, "concurrency": args.concurrency, "points": points})
    return 0


if __name__ == "__main__":
    sys.exit(main())
