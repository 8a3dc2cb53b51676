"""What a stage costs a month, recomputed from its synthesized template (list prices).

    python infra/costs.py infra/cdk.out/CityOps-prod.template.json    # the Markdown table

`cost_table(resources)` is the table of infra/README.md ("What a stage costs"); tests/infra/test_costs.py
recomputes it from the template the tests synthesize and fails when the README's copy differs, so a
change of the stack (an alarm, a secret, a WAF rule, a function on the edge) changes the README with it.

Fixed costs are counted from the template: the WAF web ACLs and their rules, the secrets, the alarms
(per metric they evaluate), the dashboards, and the functions a schedule starts whatever the traffic
(scheduled publishing: the rebuild function every minute, `SCHEDULED_RUN_SECONDS` a run at its memory
size, arm64 list prices; EventBridge Scheduler's own first 14 million invocations a month are free).
Traffic costs follow from page views with the assumptions of `TRAFFIC` (a Chinese-language audience
served from Asian edges: the default price class `200`): each page view is `REQUESTS_PER_VIEW`
requests and `BYTES_PER_VIEW` bytes; every request on the default behaviour runs the template's
CloudFront Functions (one invocation per association) and the viewer-request function reads the
KeyValueStore; the WAF inspects every request; `MISS_RATE` of the requests reach the site bucket. The
public pages call no API: the API, DynamoDB and the rebuild are the back office's, a few cents a month
at an office's pace, and not in the table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# List prices (USD), us-east-1 and CloudFront's Asian edges (Hong Kong, first 10 TB a month).
PRICES = {
    "waf_acl_month": 5.00,
    "waf_rule_month": 1.00,
    "waf_per_million_requests": 0.60,
    "secret_month": 0.40,
    "alarm_metric_month": 0.10,
    "dashboard_month": 3.00,
    "cloudfront_per_gb_asia": 0.120,
    "cloudfront_per_10k_https_asia": 0.0120,
    "cloudfront_function_per_million": 0.10,
    "kvs_per_million_reads": 0.03,
    "s3_per_thousand_get": 0.0004,
    "lambda_arm_per_gb_second": 0.0000133334,
    "lambda_per_million_requests": 0.20,
}
# CloudFront's always-free tier, every month: 1 TB out, 10 million requests, 2 million function runs.
FREE = {"gb": 1024, "requests": 10_000_000, "function_invocations": 2_000_000}
PAGE_VIEWS = (10_000, 1_000_000, 50_000_000)
# A page view: the HTML page, the stylesheet and two pictures (the median page is 6.5 KB gzipped
# with its stylesheet, bench/results/page_weight.json; the pictures are the site's 480/960 px WebP).
REQUESTS_PER_VIEW = 4
BYTES_PER_VIEW = 100 * 1024
KVS_READS_PER_REQUEST = 2  # viewer_request.js: the path, then at most its section's index
MISS_RATE = 0.10
# A scheduled start of a function that mostly finds nothing to do (the rebuild's minute: the secrets
# cached, one query for rows falling due), in a warm container.
SCHEDULED_RUN_SECONDS = 0.2
MINUTES_A_MONTH = 30 * 24 * 60
RATE_UNITS = {"minute": 1, "minutes": 1, "hour": 60, "hours": 60, "day": 1440, "days": 1440}
TRAFFIC = {
    "requests_per_view": REQUESTS_PER_VIEW,
    "bytes_per_view": BYTES_PER_VIEW,
    "kvs_reads_per_request": KVS_READS_PER_REQUEST,
    "miss_rate": MISS_RATE,
}


def _of_type(resources: dict, kind: str) -> list[dict]:
    return [r for r in resources.values() if r["Type"] == kind]


def fixed_costs(resources: dict) -> dict[str, float]:
    """Monthly costs that do not depend on traffic, by item (the label names the count)."""
    acls = _of_type(resources, "AWS::WAFv2::WebACL")
    rules = sum(len(acl["Properties"].get("Rules", [])) for acl in acls)
    secrets = len(_of_type(resources, "AWS::SecretsManager::Secret"))
    alarm_metrics = sum(
        len([m for m in a["Properties"]["Metrics"] if "MetricStat" in m])
        if "Metrics" in a["Properties"]
        else 1
        for a in _of_type(resources, "AWS::CloudWatch::Alarm")
    )
    dashboards = len(_of_type(resources, "AWS::CloudWatch::Dashboard"))
    runs, scheduled = scheduled_runs(resources)
    return {
        f"WAF: {len(acls)} web ACL, {rules} rules": len(acls) * PRICES["waf_acl_month"]
        + rules * PRICES["waf_rule_month"],
        f"Secrets Manager: {secrets} secrets": secrets * PRICES["secret_month"],
        f"CloudWatch: {alarm_metrics} alarm metrics": alarm_metrics * PRICES["alarm_metric_month"],
        f"CloudWatch: {dashboards} dashboard (free for an account's first three)": dashboards
        * PRICES["dashboard_month"],
        f"Lambda: {sum(runs):,} scheduled starts ({len(runs)} schedule)": scheduled,
    }


def scheduled_runs(resources: dict) -> tuple[list[int], float]:
    """Each schedule's starts a month (`rate(…)` expressions) and what its target function's runs cost
    (`SCHEDULED_RUN_SECONDS` at the function's memory size, plus the requests)."""
    runs, cost = [], 0.0
    for schedule in _of_type(resources, "AWS::Scheduler::Schedule"):
        properties = schedule["Properties"]
        expression = properties["ScheduleExpression"]
        if not (expression.startswith("rate(") and expression.endswith(")")):
            raise ValueError(f"costs.py counts rate() schedules only: {expression}")
        value, unit = expression[len("rate(") : -1].split()
        count = MINUTES_A_MONTH // (int(value) * RATE_UNITS[unit])
        target = properties["Target"]["Arn"]["Fn::GetAtt"][0]
        memory_gb = int(resources[target]["Properties"].get("MemorySize", 128)) / 1024
        cost += count * SCHEDULED_RUN_SECONDS * memory_gb * PRICES["lambda_arm_per_gb_second"]
        cost += count / 1e6 * PRICES["lambda_per_million_requests"]
        runs.append(count)
    return runs, cost


def edge_functions(resources: dict) -> int:
    """CloudFront Function invocations per request on the default behaviour."""
    (distribution,) = _of_type(resources, "AWS::CloudFront::Distribution")
    default = distribution["Properties"]["DistributionConfig"]["DefaultCacheBehavior"]
    return len(default.get("FunctionAssociations", []))


def traffic_costs(resources: dict, views: int) -> dict[str, float]:
    requests = views * REQUESTS_PER_VIEW
    gigabytes = views * BYTES_PER_VIEW / 1024**3
    invocations = requests * edge_functions(resources)
    has_store = bool(_of_type(resources, "AWS::CloudFront::KeyValueStore"))
    has_waf = bool(_of_type(resources, "AWS::WAFv2::WebACL"))
    return {
        "CloudFront data out": gigabytes * PRICES["cloudfront_per_gb_asia"],
        "CloudFront HTTPS requests": requests / 10_000 * PRICES["cloudfront_per_10k_https_asia"],
        "CloudFront Functions": invocations / 1e6 * PRICES["cloudfront_function_per_million"],
        "KeyValueStore reads": (requests * KVS_READS_PER_REQUEST / 1e6 * PRICES["kvs_per_million_reads"])
        if has_store
        else 0.0,
        "WAF requests": (requests / 1e6 * PRICES["waf_per_million_requests"]) if has_waf else 0.0,
        "S3 GETs (cache misses)": requests * MISS_RATE / 1000 * PRICES["s3_per_thousand_get"],
    }


def free_tier(resources: dict, views: int) -> float:
    """What CloudFront's always-free tier takes off the traffic costs."""
    requests = views * REQUESTS_PER_VIEW
    gigabytes = views * BYTES_PER_VIEW / 1024**3
    invocations = requests * edge_functions(resources)
    return (
        min(gigabytes, FREE["gb"]) * PRICES["cloudfront_per_gb_asia"]
        + min(requests, FREE["requests"]) / 10_000 * PRICES["cloudfront_per_10k_https_asia"]
        + min(invocations, FREE["function_invocations"]) / 1e6 * PRICES["cloudfront_function_per_million"]
    )


def _money(value: float) -> str:
    return f"${value:,.2f}"


def cost_table(resources: dict) -> str:
    """The README's table: fixed costs, then each traffic cost at 10k / 1M / 50M page views a month."""
    fixed = fixed_costs(resources)
    header = "| a month (USD, list prices) | " + " | ".join(f"{v:,} page views" for v in PAGE_VIEWS) + " |"
    lines = [header, "|---|" + "---:|" * len(PAGE_VIEWS)]
    for label, value in fixed.items():
        lines.append(f"| {label} | " + " | ".join(_money(value) for _ in PAGE_VIEWS) + " |")
    by_views = {views: traffic_costs(resources, views) for views in PAGE_VIEWS}
    for label in by_views[PAGE_VIEWS[0]]:
        lines.append(f"| {label} | " + " | ".join(_money(by_views[v][label]) for v in PAGE_VIEWS) + " |")
    fixed_total = sum(fixed.values())
    totals = {v: fixed_total + sum(by_views[v].values()) for v in PAGE_VIEWS}
    lines.append("| **total** | " + " | ".join(f"**{_money(totals[v])}**" for v in PAGE_VIEWS) + " |")
    lines.append(
        "| total after CloudFront's always-free tier | "
        + " | ".join(_money(totals[v] - free_tier(resources, v)) for v in PAGE_VIEWS)
        + " |"
    )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        raise SystemExit("usage: costs.py <synthesized template.json>")
    template = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    print(cost_table(template["Resources"]))
    fixed = sum(fixed_costs(template["Resources"]).values())
    print(f"\nfixed: {_money(fixed)} a month; traffic model: {TRAFFIC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
