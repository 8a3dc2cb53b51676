"""React app first load: gzip bytes of the JavaScript Chromium downloads to show a screen.

    .venv/bin/python -m bench.web_bundle

Starts the real local server (functions.local.harness), opens each screen in headless Chromium
with an empty cache, and adds up every JavaScript response, each gzipped at level 9 as a server
would send it. A pre-rendered login screen (webapp/scripts/prerender-boot.mjs) runs the app on the
visitor's first gesture: it is measured once the app has taken it over after a click on the page
(the files it prefetched before that are counted once). DESIGN §5: `/user/login` ≤ 250 KB gzip JS;
the back office's first screen — a first visit that logs in with the seeded admin and waits for the
dashboard drawn, at 1440 × 900 — ≤ 450 KB JS + CSS, everything it draws counted.

The dashboard draws its charts as plain SVG (`light-charts.tsx`); ECharts — the chunks the build's
manifest lists for `dashboard-charts.tsx` and not for the dashboard page — loads when the pointer is
on a chart (its tooltips). What that adds is a row of its own ("dashboard charts"); the first screen
says whether ECharts came with it (`echarts_on_first_screen`: over budget if so), and no other screen
measured here may load it (`echarts_elsewhere`). Writes bench/results/web_bundle.json.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.common import record
from functions.local.harness import local_server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
DIST = Path(__file__).resolve().parents[1] / "webapp" / "dist"
CHARTS_MODULE = "src/features/admin/dashboard/dashboard-charts.tsx"
DASHBOARD_MODULE = "src/features/admin/dashboard/dashboard-page.tsx"
SCREENS = {"/user/login": 250 * 1024, "/user/reg": 250 * 1024, "/admin/login": 450 * 1024}
ADMIN_SHELL_BUDGET = 450 * 1024


def _record_scripts(page, *, css: bool = False) -> dict[str, int]:
    """Gzip bytes of every JavaScript (and, with `css`, stylesheet) response of `page`, by URL."""
    kinds = ("script", "stylesheet") if css else ("script",)
    suffixes = (".js", ".css") if css else (".js",)
    scripts: dict[str, int] = {}

    def on_response(response) -> None:
        if response.ok and (response.request.resource_type in kinds or response.url.endswith(suffixes)):
            scripts[response.url] = len(gzip.compress(response.body(), compresslevel=9, mtime=0))

    page.on("response", on_response)
    return scripts


def chart_files() -> set[str]:
    """The file names of the chunks only the dashboard's charts load (from the build's manifest)."""
    manifest = json.loads((DIST / ".vite" / "manifest.json").read_text(encoding="utf-8"))

    def closure(key: str, seen: set[str]) -> set[str]:
        entry = manifest[key]
        if entry["file"] not in seen:
            seen.add(entry["file"])
            for dep in entry.get("imports", []):
                closure(dep, seen)
        return seen

    own = closure(CHARTS_MODULE, set()) - closure(DASHBOARD_MODULE, set())
    return {Path(f).name for f in own}


def _split(scripts: dict[str, int], charts: set[str]) -> tuple[dict[str, int], dict[str, int]]:
    lazy = {url: size for url, size in scripts.items() if url.rsplit("/", 1)[-1] in charts}
    return {url: size for url, size in scripts.items() if url not in lazy}, lazy


def measure(browser, url: str, charts: set[str]) -> dict:
    context = browser.new_context()
    page = context.new_page()
    scripts = _record_scripts(page)
    page.goto(url, wait_until="networkidle")
    if page.locator("#root[data-prerendered]").count():
        page.locator("main").click()
        page.locator("#root[data-prerendered]").wait_for(state="detached")
        page.wait_for_load_state("networkidle")
    context.close()
    _, lazy = _split(scripts, charts)
    return {"files": len(scripts), "js_gzip": sum(scripts.values()), "echarts_elsewhere": bool(lazy)}


def measure_admin_shell(browser, server, charts: set[str]) -> tuple[dict, dict]:
    """What a first visit downloads to log in and see the back-office dashboard drawn, JS and CSS,
    everything that screen draws counted (DESIGN §5); apart from it, what pointing at a chart adds
    (ECharts, for its tooltips: the first screen draws the charts as plain SVG)."""
    password = server.wait_for_output("password:").split("password:")[1].strip()
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    scripts = _record_scripts(page, css=True)
    page.goto(server.url("/admin/login"), wait_until="networkidle")
    form = page.get_by_test_id("admin-login")
    form.get_by_label("用户名").fill("admin")
    form.get_by_label("密码").fill(password)
    form.get_by_role("button", name=re.compile(r"登\s*录")).click()
    page.get_by_test_id("greeting").wait_for()
    page.get_by_test_id("trend-chart").locator("svg path").first.wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    first = dict(scripts)
    page.get_by_test_id("trend-chart").hover()
    page.locator("[data-testid=trend-chart]:not([data-light-chart]) svg").wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    context.close()
    added = {url: size for url, size in scripts.items() if url not in first}
    _, charts_first = _split(first, charts)
    return (
        {
            "files": len(first),
            "js_css_gzip": sum(first.values()),
            "js_gzip": sum(size for url, size in first.items() if not url.endswith(".css")),
            "echarts_on_first_screen": bool(charts_first),
        },
        {"files": len(added), "js_gzip": sum(added.values()), "budget": None, "within_budget": True},
    )


def main() -> int:
    rows = {}
    with (
        tempfile.TemporaryDirectory() as var_dir,
        local_server(Path(var_dir), "bench-") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        charts = chart_files()
        for path, budget in SCREENS.items():
            row = measure(browser, server.url(path), charts)
            row.update(budget=budget, within_budget=row["js_gzip"] <= budget and not row["echarts_elsewhere"])
            rows[path] = row
        shell, lazy = measure_admin_shell(browser, server, charts)
        shell.update(
            budget=ADMIN_SHELL_BUDGET,
            within_budget=shell["js_css_gzip"] <= ADMIN_SHELL_BUDGET and not shell["echarts_on_first_screen"],
        )
        rows["back office first screen (login → dashboard drawn, JS + CSS)"] = shell
        rows["dashboard charts (ECharts, when the pointer is on a chart)"] = lazy
        browser.close()
    record("web_bundle", rows)
    for path, row in rows.items():
        budget = f"budget {row['budget'] // 1024} KB" if row["budget"] else "lazy, no budget"
        size = row.get("js_css_gzip", row["js_gzip"])
        print(f"{path:32} {size / 1024:7.1f} KB gzip in {row['files']} files ({budget})")
    return 0 if all(row["within_budget"] for row in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
