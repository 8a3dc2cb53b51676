"""What an editor types is text on the public site, never markup (issue 32, item 7).

A payload — a custom element, a script, a meta refresh, attribute breakouts with both quotes, a
`javascript:` URL, an external URL that breaks out of its attribute — is written into every text
field (string, textarea, rich text, select values) of every row of every designed table that
publishes (`functions/data/designs/*.json`: `publish`), into the site Config items the site shows and
into the organisation chart's unit names; written straight into the tables (the site trusts nothing
the back office stored). A publish through the real pipeline (export → Pelican → swap) against
DynamoDB Local must succeed, and no page of either language may carry an element or attribute the
payload introduced; the plain-text fields of every exported table read back as the exact text typed."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.site.conftest import REPO_ROOT

PROBE = "xssprobe"
DESIGNS = REPO_ROOT / "functions" / "data" / "designs"
TEXT_TYPES = {"string", "textarea", "richtext", "select"}
# Fields that must keep a value of the design's: a page record is found by its slug, a vehicle is counted
# by its kind, and a row's status says whether it is published.
KEEP = {("business/page", "slug"), ("business/car", "kind")}
# One row per payload in every table; {tag} is `xssprobe-<table>` (a valid custom element name).
PAYLOADS = [
    "<{tag}>x</{tag}><script>{tag}()</script><img src=x onerror={tag}()>",
    '<meta http-equiv="refresh" content="0;url=https://evil.example/{tag}"></title></textarea><{tag}>',
    "a\"onmouseover=\"{tag}()\"@x.co' onfocus='{tag}()' autofocus data-{tag}='",
    "javascript:{tag}()//<{tag}>",
    'https://evil.example/{tag}"><{tag} onclick="{tag}()">',
]
# The chart's unit names are at most 60 characters: shorter payloads, numbered to keep names unique.
CHART_PAYLOADS = [
    "<{tag}> {n}",
    '" onclick="{tag}()" {n}',
    "<script>{tag}()</script> {n}",
    '<meta http-equiv="refresh" content="0;url=/{tag}"> {n}',
]
UNSAFE_SCHEMES = ("javascript", "vbscript", "data")
URL_ATTRS = {"href", "src", "action", "formaction", "poster", "cite", "xlink:href"}


def publishing_designs() -> dict[str, list[tuple[str, str]]]:
    """Designs that publish: name → [(field, type)] of their text fields."""
    found = {}
    for path in sorted(DESIGNS.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("publish"):
            found[doc["name"]] = [
                (f["name"], f["type"])
                for f in doc["fields"]
                if f["type"] in TEXT_TYPES and f["name"] != "status" and (doc["name"], f["name"]) not in KEEP
            ]
    return found


def probe_tag(design: str) -> str:
    return f"{PROBE}-{design.split('/')[-1]}"


def plant_rows() -> dict[str, int]:
    """Give every row of every publishing design one payload in all its text fields; tables with fewer
    published rows than payloads get copies of their first one. Returns rows planted per design."""
    from functions.models.design import Record

    planted = {}
    for design, fields in publishing_designs().items():
        tag = probe_tag(design)
        every = list(Record.query(design))
        assert every, f"{design} has no demo rows to plant into"
        enabled = [r for r in every if r.values().get("status") == "enable"]
        rows = enabled or every
        next_id = max(int(r.id) for r in every) + 1
        targets = list(rows)
        if design != "business/page":  # page rows are one per page (slug); the others may be added
            while len(targets) < len(PAYLOADS):
                targets.append(Record(design, next_id, design=design, data=rows[0].data))
                next_id += 1
        targets += [r for r in every if r not in rows]  # drafts too
        for index, item in enumerate(targets):
            payload = PAYLOADS[index % len(PAYLOADS)].format(tag=tag)
            values = item.values()
            for name, _kind in fields:
                values[name] = payload
            item.data = json.dumps(values, ensure_ascii=False)
            item.save()
        planted[design] = len(targets)
    return planted


def plant_config_and_chart() -> None:
    """The site Config items the site shows, and the organisation chart's unit names."""
    from functions.models.config import Config
    from functions.publish.export import IDENTITY
    from functions.services import org_chart
    from functions.services.site_config import SITE_GROUP

    tag = f"{PROBE}-site"
    shown = [item for item in Config.query_group(SITE_GROUP) if item.name in IDENTITY.values()]
    for index, item in enumerate(shown):
        payload = PAYLOADS[index % len(PAYLOADS)].format(tag=tag)
        item.value = {"zh-cn": payload, "en": payload} if isinstance(item.value, dict) else payload
        item.save()
    chart = org_chart.load_chart()
    tree = chart["tree"]
    stack, index = [tree], 0
    while stack:
        node = stack.pop()
        payload = CHART_PAYLOADS[index % len(CHART_PAYLOADS)].format(tag=f"{PROBE}-org", n=index)
        node["label"] = node["label_en"] = payload
        index += 1
        stack.extend(node["children"])
    org_chart.save_chart(tree, chart["version"], None)


class LiveMarkup(HTMLParser):
    """Collects what the payload could have made live, and the page's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if PROBE in tag:
            self.problems.append(f"element <{tag}>")
        if tag == "script" and "src" not in names:
            self.problems.append("inline <script>")
        if tag == "meta" and "http-equiv" in names:
            self.problems.append(f"<meta http-equiv> {attrs}")
        if tag in ("base", "iframe", "object", "embed"):
            self.problems.append(f"element <{tag}>")
        for name, value in attrs:
            if name.startswith("on") or PROBE in name or name == "autofocus":
                self.problems.append(f"attribute {name}={value!r} on <{tag}>")
            if name in URL_ATTRS and value is not None:
                scheme = urlsplit(value.strip()).scheme.lower()
                if scheme in UNSAFE_SCHEMES or PROBE in (urlsplit(value.strip()).netloc or ""):
                    self.problems.append(f"{name}={value!r} on <{tag}>")
                if scheme in ("http", "https") and "evil.example" in value:
                    self.problems.append(f"link to the payload's site {name}={value!r} on <{tag}>")
        self._in_script = tag == "script"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.problems.append(f"script content {data[:60]!r}")
        self.text.append(data)


@pytest.fixture(scope="module")
def planted_site(
    dynamodb: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, dict[str, int]]]:
    """Seed fresh tables, plant the payloads, publish with the real pipeline into a private site folder."""
    from functions.core.settings import get_settings
    from functions.seed import seed
    from functions.services import jobs
    from functions.services import publish_jobs as service
    from tests.conftest import isolated

    root = tmp_path_factory.mktemp("escaping")
    content = root / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    site_dir = root / "site"
    settings = get_settings()
    with isolated(dynamodb) as tables, pytest.MonkeyPatch.context() as mp:
        mp.setattr(settings, "content_dir", content)
        mp.setattr(settings, "site_dir", site_dir)
        seed(tables)
        planted = plant_rows()
        plant_config_and_chart()
        job = jobs.create_job(service.KIND, by=None, params={"reason": "escaping test"})
        service.run_publish(job.id)
        done = jobs.get_job(job.id)
        assert done is not None
        assert done.status == "done", [text for _, text in jobs.read_lines(job.id, 0)]
        yield site_dir.resolve(), planted


def pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def test_no_page_carries_live_markup_from_what_editors_typed(
    planted_site: tuple[Path, dict[str, int]],
) -> None:
    site, planted = planted_site
    assert set(planted) >= {"business/history", "business/job", "business/lunbo", "business/news"}
    found: dict[str, list[str]] = {}
    every = pages(site)
    assert any(rel.startswith("en/") for rel in every) and "index.html" in every
    for rel in every:
        parser = LiveMarkup()
        parser.feed((site / rel).read_text(encoding="utf-8"))
        parser.close()
        if parser.problems:
            found[rel] = sorted(set(parser.problems))
    assert not found, (
        f"{len(found)} of {len(every)} pages carry live markup: "
        + json.dumps(found, ensure_ascii=False, indent=1)[:6000]
    )


def test_plain_text_fields_read_back_as_typed(planted_site: tuple[Path, dict[str, int]]) -> None:
    """Escaped, not removed nor escaped twice: the exact payload is the text of the page, in both
    languages, for every table the site shows and for the site identity and the chart."""
    from functions.publish.site_records import EXPORTS

    site, _ = planted_site
    texts: dict[str, str] = {}
    for rel in pages(site):
        parser = LiveMarkup()
        parser.feed((site / rel).read_text(encoding="utf-8"))
        parser.close()
        texts[rel] = "".join(parser.text)
    shown = {
        "zh-cn": {rel: text for rel, text in texts.items() if not rel.startswith("en/")},
        "en": {rel: text for rel, text in texts.items() if rel.startswith("en/")},
    }
    sources = {spec.design: PAYLOADS[0].format(tag=probe_tag(spec.design)) for spec in EXPORTS.values()}
    sources["site"] = PAYLOADS[0].format(tag=probe_tag("site"))
    sources["org"] = CHART_PAYLOADS[0].format(tag=probe_tag("org"), n=0)
    for source, first in sources.items():
        for lang, by_page in shown.items():
            assert any(first in text for text in by_page.values()), (
                f"{source}: {first!r} not shown as text ({lang})"
            )
    history = texts["about/history/index.html"]
    for payload in PAYLOADS:
        assert payload.format(tag=probe_tag("business/history")) in history
