"""infra/README.md's cost table is the one infra/costs.py computes from the synthesized template: a
change of the stack that changes what a stage costs (an alarm, a secret, a WAF rule, an edge function)
fails here until the README says so."""

from __future__ import annotations

import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
README = REPO_ROOT / "infra" / "README.md"
TABLE = re.compile(r"<!-- costs:begin -->\n(.*?)\n<!-- costs:end -->", re.S)


def test_the_readme_cost_table_is_recomputed_from_the_template(resources: dict) -> None:
    from costs import cost_table

    (written,) = TABLE.findall(README.read_text(encoding="utf-8"))
    assert written == cost_table(resources), "run: python infra/costs.py <template> and paste the table"


def test_the_fixed_costs_follow_the_template(resources: dict) -> None:
    """One more alarm is $0.10 a month more; the stage's fixed costs stay small (issue 34: 296 alarm
    metrics once cost ~$30 a month)."""
    from costs import fixed_costs

    before = sum(fixed_costs(resources).values())
    alarm = {"Type": "AWS::CloudWatch::Alarm", "Properties": {"MetricName": "Errors"}}
    after = sum(fixed_costs({**resources, "ExtraAlarm": alarm}).values())
    assert round(after - before, 2) == 0.10
    assert before < 15


def test_scheduled_publishing_is_a_fixed_cost_of_the_stage(resources: dict) -> None:
    """The rebuild function started every minute (scheduled publishing) costs whatever the traffic:
    43,200 starts a month at its memory size; a second such schedule costs as much again."""
    from costs import PRICES, SCHEDULED_RUN_SECONDS, fixed_costs

    (schedule_id, schedule) = next(
        (k, v) for k, v in resources.items() if v["Type"] == "AWS::Scheduler::Schedule"
    )
    assert schedule["Properties"]["ScheduleExpression"] == "rate(1 minute)"
    target = schedule["Properties"]["Target"]["Arn"]["Fn::GetAtt"][0]
    memory_gb = resources[target]["Properties"]["MemorySize"] / 1024
    (label, cost) = next((k, v) for k, v in fixed_costs(resources).items() if "scheduled starts" in k)
    assert label.startswith("Lambda: 43,200 scheduled starts")
    starts = 43_200
    expected = starts * SCHEDULED_RUN_SECONDS * memory_gb * PRICES["lambda_arm_per_gb_second"]
    assert round(cost, 6) == round(expected + starts / 1e6 * PRICES["lambda_per_million_requests"], 6)
    doubled = fixed_costs({**resources, f"{schedule_id}2": schedule})
    assert round(sum(doubled.values()) - sum(fixed_costs(resources).values()), 6) == round(cost, 6)
