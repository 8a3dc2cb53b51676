"""Two published rows that would become one address of the site (issue 32, item 3): the publish fails
with a message that names both rows and the address, in Chinese and in English, and the live site
stays exactly as it was. The rows are written straight into the table (a save refuses the second URL
name: this is the publish's own defence), then published through the real pipeline against DynamoDB
Local (export → Pelican → atomic swap)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.site.conftest import REPO_ROOT


@pytest.fixture
def live(dynamodb: Any, tmp_path: Path) -> Iterator[Path]:
    """The business tables with their demo rows, and a first publish into a private site folder."""
    from functions.core.settings import get_settings
    from functions.services.designs import load_demo_rows, load_design_files
    from tests.conftest import isolated

    content = tmp_path / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    site_dir = tmp_path / "site"
    settings = get_settings()
    with isolated(dynamodb), pytest.MonkeyPatch.context() as mp:
        mp.setattr(settings, "content_dir", content)
        mp.setattr(settings, "site_dir", site_dir)
        load_design_files()
        load_demo_rows()
        job, lines = publish()
        assert job.status == "done", lines
        yield site_dir


def publish() -> tuple[Any, list[str]]:
    from functions.services import jobs
    from functions.services import publish_jobs as service

    job = jobs.create_job(service.KIND, by=None, params={"reason": "test"})
    service.run_publish(job.id)
    done = jobs.get_job(job.id)
    assert done is not None
    return done, [text for _, text in jobs.read_lines(job.id, 0)]


def give(design: str, row_id: int, **values: Any) -> None:
    from functions.models.design import Record

    item = Record.get(design, row_id)
    item.data = json.dumps(item.values() | values, ensure_ascii=False)
    item.save()


def rows(design: str) -> list[tuple[int, dict[str, Any]]]:
    from functions.models.design import Record

    return [(int(item.id), item.values()) for item in Record.query(design)]


@pytest.mark.parametrize(
    ("design", "field", "title", "address", "table"),
    [("business/project", "slug", "name", "/xiang/{}/", ("项目案例", "Projects"))],
)
def test_two_rows_at_one_address_fail_the_publish_and_keep_the_site(
    live: Path, design: str, field: str, title: str, address: str, table: tuple[str, str]
) -> None:
    from functions.publish.pipeline import make_manifest

    before, target = make_manifest(live), live.resolve()
    (first_id, first), (second_id, second) = sorted(rows(design))[:2]
    slug = first[field]
    give(design, second_id, **{field: slug})

    job, lines = publish()

    assert job.status == "failed", lines
    assert "failed: the live site is unchanged" in lines
    where = address.format(slug)
    zh = next(line for line in lines if "同一个地址" in line)
    en = next(line for line in lines if "the same address" in line)
    for line in (zh, en):
        assert where in line, line
        assert f"#{first_id}" in line and f"#{second_id}" in line, line
    assert first[title] in zh and second[title] in zh
    assert first.get(f"{title}_en", first[title]) in en and second.get(f"{title}_en", second[title]) in en
    assert table[0] in zh and table[1] in en
    assert "同一个地址" in job.summary_doc()["error"]
    # The live site is the one published before, file for file.
    assert live.resolve() == target
    assert make_manifest(live) == before


def test_the_newest_enabled_row_of_a_page_is_the_page(live: Path) -> None:
    """单页内容 keeps versions: each page shows its newest enabled row (the design's description says
    so), so two enabled rows of one page are no collision: the publish succeeds with the newer text."""
    (older_id, older), (newer_id, newer) = sorted(rows("business/page"))[:2]
    give("business/page", newer_id, slug=older["slug"], title="较新的版本", title_en="The newer version")

    job, lines = publish()

    assert job.status == "done", lines
    page = (live / older["slug"].replace("-", "/") / "index.html").read_text("utf-8")
    assert "较新的版本" in page
    assert older["title"] not in page.split("<title>", 1)[1].split("</title>", 1)[0]
