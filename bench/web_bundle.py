"""React app first load: gzip bytes of the JavaScript Chromium downloads to show a screen.

    .venv/bin/python -m bench.web_bundle

Starts the real local server (functions.local.harness), opens each screen in headless Chromium
with an empty cache, and adds up every JavaScript response, each gzipped at level 9 as a server
would send it. DESIGN §5: `/user/login` ≤ 200 KB gzip JS; the admin shell ≤ 450 KB (measured as a first visit
that logs in with the seeded admin and waits for the dashboard).
Writes bench/results/web_bundle.json.
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.common import record
from functions.local.harness import local_server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENS = {"/user/login": 200 * 1024, "/user/reg": 200 * 1024, "/admin/login": 450 * 1024}
ADMIN_SHELL_BUDGET = 450 * 1024


def _record_scripts(page) -> dict[str, int]:
    scripts: dict[str, int] = {}

    def on_response(response) -> None:
        if response.request.resource_type == "script" and response.ok:
            scripts[response.url] = len(gzip.compress(response.body(), compresslevel=9, mtime=0))

    page.on("response", on_response)
    return scripts


def measure(browser, url: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    scripts = _record_scripts(page)
    page.goto(url, wait_until="networkidle")
    context.close()
    return {"files": len(scripts), "js_gzip": sum(scripts.values())}


def measure_admin_shell(browser, server) -> dict:
    """Everything a first visit downloads to log in and see the back-office dashboard."""
    password = server.wait_for_output("password:").split("password:")[1].strip()
    context = browser.new_context()
    page = context.new_page()
    scripts = _record_scripts(page)
    page.goto(server.url("/admin/login"), wait_until="networkidle")
    form = page.get_by_test_id("admin-login")
    form.get_by_label("用户名").fill("admin")
    form.get_by_label("密码").fill(password)
    form.get_by_role("button", name=re.compile(r"登\s*录")).click()
    page.get_by_test_id("greeting").wait_for()
    page.wait_for_load_state("networkidle")
    context.close()
    return {"files": len(scripts), "js_gzip": sum(scripts.values())}


def main() -> int:
    rows = {}
    with (
        tempfile.TemporaryDirectory() as var_dir,
        local_server(Path(var_dir), "bench-") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for path, budget in SCREENS.items():
            row = measure(browser, server.url(path))
            row.update(budget=budget, within_budget=row["js_gzip"] <= budget)
            rows[path] = row
        shell = measure_admin_shell(browser, server)
        shell.update(budget=ADMIN_SHELL_BUDGET, within_budget=shell["js_gzip"] <= ADMIN_SHELL_BUDGET)
        rows["admin shell (login → dashboard)"] = shell
        browser.close()
    record("web_bundle", rows)
    for path, row in rows.items():
        kb, budget_kb = row["js_gzip"] / 1024, row["budget"] // 1024
        print(f"{path:32} {kb:7.1f} KB gzip JS in {row['files']} files (budget {budget_kb} KB)")
    return 0 if all(row["within_budget"] for row in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
