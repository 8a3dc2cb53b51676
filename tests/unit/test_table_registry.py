"""The registry of back-office tables (`functions.routes.admin.registry`): the recycle bin's restore and
purge and the sensitive-data log's rollback find a row's table by its path whichever route modules the
process had imported before (a Lambda serving only `/admin/security/dataRecycleLog/restore` imports the
security modules; the registry finds the rest itself), and every table the back office serves is in it."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import functions.routes.admin
from functions.routes.admin.table.generic import Table

REPO_ROOT = Path(__file__).resolve().parents[2]

# In a fresh interpreter: only what a restore or a rollback imports, then each table path looked up.
# The package `functions.routes.admin` is entered without running its `__init__` (which imports every
# route module for `ROUTERS`): the lookup must not depend on what happened to be imported.
SCRIPT = """
import importlib.util, json, sys
spec = importlib.util.find_spec("functions.routes.admin")
package = importlib.util.module_from_spec(spec)
sys.modules["functions.routes.admin"] = package  # its submodules import; its __init__ never runs
from functions.routes.admin.security import data_recycle_log, sensitive_data_log
found = {}
for path in PATHS:
    recycle, sensitive = data_recycle_log.table_for(path), sensitive_data_log.table_for(path)
    found[path] = [getattr(recycle, "path", None), getattr(sensitive, "path", None)]
print(json.dumps(found))
"""


def served_tables() -> set[str]:
    """The path of every concrete table class in the back office's route modules (the security
    screens' own tables watch the others and are never watched)."""
    for module in pkgutil.walk_packages(functions.routes.admin.__path__, "functions.routes.admin."):
        importlib.import_module(module.name)
    classes, found = [Table], set()
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        path = cls.__dict__.get("path")
        if isinstance(path, str) and not path.startswith("security/"):
            found.add(path)
    return found


def test_a_restore_or_rollback_finds_every_table_from_the_security_screens_alone() -> None:
    paths = sorted(served_tables())
    assert {"auth/admin", "user/moneyLog", "routine/config", "routine/attachment"} <= set(paths)
    script = f"PATHS = {paths!r}\n" + SCRIPT
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found == {path: [path, path] for path in paths}
