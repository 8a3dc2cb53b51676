"""cdk-nag AwsSolutions on the app `cdk deploy` synthesizes (infra/app.py applies the checks): no
unsuppressed error or warning; every suppression has a reason."""

from __future__ import annotations

from aws_cdk.assertions import Annotations, Match


def _findings(app_stack, kind: str) -> list[str]:
    annotations = Annotations.from_stack(app_stack)
    find = annotations.find_error if kind == "error" else annotations.find_warning
    return sorted(
        f"{item.id}: {str(item.entry.data).splitlines()[0]}"
        for item in find("*", Match.string_like_regexp("AwsSolutions-.*"))
    )


def test_no_unsuppressed_aws_solutions_errors(app_stack, template) -> None:
    assert _findings(app_stack, "error") == []


def test_no_unsuppressed_aws_solutions_warnings(app_stack, template) -> None:
    assert _findings(app_stack, "warning") == []


def test_every_suppression_gives_a_reason(resources: dict) -> None:
    suppressions = [
        rule
        for resource in resources.values()
        for rule in resource.get("Metadata", {}).get("cdk_nag", {}).get("rules_to_suppress", [])
    ]
    assert suppressions
    for rule in suppressions:
        assert rule["id"].startswith("AwsSolutions-")
        assert len(rule["reason"]) >= 20, rule
