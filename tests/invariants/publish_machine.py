"""The publish pipeline as a function: an editor changes the projects (项目案例, `business/project`: add,
edit, URL name, draft/publish switch, sort, delete, restore) through the API and publishes; the site
built must equal what `expected_site` — a plain function of the model's enabled rows, written here
without the exporter's code — says:

- every enabled project appears exactly once, at /xiang/<URL name or project-<id>>/ and its /en/ pair,
  with its name; no other project page exists; no draft or deleted project's text appears on any page;
- no text of a row appears as live markup (a name with `<` is on the page escaped, never raw);
- every internal link and picture of the pages resolves to a file of the build; the sitemap lists only
  pages that exist, and every project page;
- two enabled projects with one address: either the second save was refused, or the publish fails and
  the previous site stays byte-identical (same files, same bytes);
- every change of a public row schedules a publish, whichever path made it (checked as it happens).
"""

from __future__ import annotations

import html
import itertools
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
)

from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice, Checks
from tests.invariants.budget import SKIP, Counter

TABLE = "business/project"
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SLUGS = ["", "alpha", "beta", "river-park", "project-1", "project-2", "project-3"]
LINK_RE = re.compile(r'(?:href|src)="(/[^"#?]*)')
LOC_RE = re.compile(r"<loc>https?://[^/<]+(/[^<]*)</loc>")
TOKENS = itertools.count(1)


def enabled(name: str) -> bool:
    return name not in SKIP


@dataclass
class Project:
    token: str  # a word only this row's name holds: where the row's text shows, the token shows
    name: str
    slug: str
    status: str
    weigh: int = 0

    @property
    def public(self) -> bool:
        return self.status == "enable"


@dataclass
class SiteModel:
    rows: dict[int, Project] = field(default_factory=dict)
    bin: dict[int, Project] = field(default_factory=dict)

    def address(self, row_id: int) -> str:
        slug = self.rows[row_id].slug
        return slug if SLUG_RE.match(slug) else f"project-{row_id}"


def expected_site(model: SiteModel) -> dict[str, Project] | None:
    """The project pages the site must have (address -> row), or None when two enabled projects would
    share an address (the publish must then fail)."""
    pages: dict[str, Project] = {}
    for row_id, row in sorted(model.rows.items()):
        if not row.public:
            continue
        address = model.address(row_id)
        if address in pages:
            return None
        pages[address] = row
    return pages


class PublishMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    site: ClassVar[Path]
    scheduled: ClassVar[list[str]]  # the reasons of the publishes requested (`request_publish`)
    rows = Bundle("projects")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        self.m = SiteModel()
        self.dirty = True
        self.published_once = False

    # --- helpers --------------------------------------------------------------------------------
    def _scheduled_by(self, before: int, what: str, public: bool) -> None:
        """A change of a public row (before or after it) schedules a publish, whatever path made it."""
        if public and enabled("schedule"):
            self._check(
                len(self.scheduled) > before, f"{what} changed the public site but scheduled no publish"
            )

    def _clash(self, row_id: int | None, slug: str, status: str) -> bool:
        """Whether an enabled row with this URL name would share its address with another enabled row
        (the model accepts the save; the publish must then refuse — or the save is refused)."""
        return False

    # --- rules ----------------------------------------------------------------------------------
    @initialize()
    def clean_table(self) -> None:
        """Every example starts from an empty projects table (the previous example's rows deleted)."""
        self.counter.step()
        rows, _ = self.office.walk(TABLE, limit=100)
        if rows:
            gone = self.office.delete(f"{TABLE}/del", [int(r["id"]) for r in rows])
            assert gone.ok, gone

    @rule(
        target=rows,
        text=V.line(30),
        slug=st.sampled_from(SLUGS),
        status=st.sampled_from(["enable", "disable"]),
        weigh=st.integers(-5, 5),
    )
    def add(self, text: str, slug: str, status: str, weigh: int) -> Any:
        self.counter.step()
        token = f"qz{next(TOKENS)}x{uuid.uuid4().hex[:4]}"
        name = f"{text} {token}".strip()[:60]
        body = {
            "name": name,
            "slug": slug,
            "category": "sanitation",
            "start_date": "2025-03-01",
            "status": status,
            "weigh": weigh,
            "description": f"<p>{html.escape(text)}</p>",
        }
        before = len(self.scheduled)
        answer = self.office.post(f"{TABLE}/add", body)
        if not answer.ok and "already exists" in answer.msg:  # a URL name that is taken: refused (fixed)
            return multiple()
        self.expect(answer, True, f"add project {body!r}")
        row_id = int(answer.data["id"])
        if weigh == 0:  # a row added with weigh 0 comes first: above the highest weigh (the product's rule)
            placed = self.office.get(f"{TABLE}/edit", id=row_id)
            weigh = int(placed.data["row"]["weigh"]) if placed.ok else 0
            others = [r.weigh for r in self.m.rows.values()]
            self._check(
                weigh > max(others, default=-1), f"a project added with weigh 0 is not first: {weigh}"
            )
        self.m.rows[row_id] = Project(token, name, slug, status, weigh)
        self._scheduled_by(before, f"adding project #{row_id}", status == "enable")
        self.dirty = True
        return row_id

    def _edit(self, row_id: int, patch: dict[str, Any], what: str) -> None:
        current = self.office.get(f"{TABLE}/edit", id=row_id)
        if row_id not in self.m.rows:
            self._check(not current.ok, f"{what}: deleted project #{row_id} still opens")
            return
        self._check(current.ok, f"{what}: project #{row_id} does not open: {current}")
        row = self.m.rows[row_id]
        was_public = row.public
        before = len(self.scheduled)
        answer = self.office.post(f"{TABLE}/edit", {**current.data["row"], **patch, "id": row_id})
        if not answer.ok and "already exists" in answer.msg:  # a taken URL name: refused (fixed)
            return
        self.expect(answer, True, f"{what} #{row_id} {patch!r}")
        row.slug = patch.get("slug", row.slug)
        row.status = patch.get("status", row.status)
        self._scheduled_by(before, f"{what} of project #{row_id}", was_public or row.public)
        self.dirty = True

    @rule(row=rows, slug=st.sampled_from(SLUGS))
    def change_url_name(self, row: int, slug: str) -> None:
        self.counter.step()
        self._edit(row, {"slug": slug}, "URL name change")

    @rule(row=rows)
    def switch_status(self, row: int) -> None:
        self.counter.step()
        if row in self.m.rows:
            now = self.m.rows[row].status
            self._edit(row, {"status": "disable" if now == "enable" else "enable"}, "status switch")

    @precondition(lambda self: enabled("move"))
    @rule(moved=rows, onto=rows)
    def move(self, moved: int, onto: int) -> None:
        self.counter.step()
        if moved == onto or moved not in self.m.rows or onto not in self.m.rows:
            return
        before = len(self.scheduled)
        answer = self.office.post(f"{TABLE}/sortable", {"id": moved, "targetId": onto})
        self.expect(answer, True, f"drag project #{moved} onto #{onto}")
        a, b = self.m.rows[moved], self.m.rows[onto]
        # A move writes weighs and nothing else: take the weighs as written (check_rows compares the rest).
        listed, _ = self.office.walk(TABLE, limit=50)
        for found in listed:
            if int(found["id"]) in self.m.rows:
                self.m.rows[int(found["id"])].weigh = int(found["weigh"])
        self._scheduled_by(before, "a move", a.public or b.public)
        self.dirty = True

    @rule(row=rows)
    def delete(self, row: int) -> None:
        self.counter.step()
        before = len(self.scheduled)
        answer = self.office.delete(f"{TABLE}/del", [row])
        self.expect(answer, row in self.m.rows, f"delete project #{row}")
        if answer.ok:
            gone = self.m.rows.pop(row)
            self.m.bin[row] = gone
            self._scheduled_by(before, f"deleting project #{row}", gone.public)
            self.dirty = True

    @precondition(lambda self: enabled("restore"))
    @rule(row=rows)
    def restore(self, row: int) -> None:
        self.counter.step()
        if row not in self.m.bin:
            return
        logs = [r for r in self.office.log("dataRecycleLog", TABLE) if int(r["item_id"]) == row]
        self._check(len(logs) == 1, f"deleted project #{row}: recycle bin rows {logs}")
        before = len(self.scheduled)
        answer = self.office.post("security/dataRecycleLog/restore", {"ids": [int(logs[0]["id"])]})
        if not answer.ok and "is now used by another row" in answer.msg:  # its URL name was taken meanwhile
            return
        self.expect(answer, True, f"restore project #{row}")
        back = self.m.bin.pop(row)
        self.m.rows[row] = back
        self._scheduled_by(before, f"restoring project #{row} from the recycle bin", back.public)
        self.dirty = True

    @precondition(lambda self: self.dirty)
    @rule()
    def publish(self) -> None:
        """Publish, and compare the site with `expected_site`."""
        self.counter.step()
        from functions.publish import pipeline

        site = self.site
        before = pipeline.make_manifest(site) if site.exists() else None
        live = site.resolve() if site.exists() else None
        error: Exception | None = None
        try:
            pipeline.publish_local(f"inv-{uuid.uuid4().hex[:10]}", lambda _line: None, site)
        except Exception as exc:  # a refused publish: the previous site must stay as it was
            error = exc
        self.dirty = False
        pages = expected_site(self.m)
        if pages is None:
            self._check(error is not None, "two enabled projects share an address, yet the publish succeeded")
            if before is not None:
                self._check(site.resolve() == live, "a failed publish swapped the site")
                self._check(
                    pipeline.make_manifest(site) == before, "a failed publish changed the site's files"
                )
            return
        self._check(error is None, f"the publish failed: {error!r}")
        self.published_once = True
        self._check_site(pages)

    # --- the site -------------------------------------------------------------------------------
    def _check_site(self, pages: dict[str, Project]) -> None:
        root = self.site
        found = {p.parent.name for p in (root / "xiang").glob("*/index.html")}
        found_en = {p.parent.name for p in (root / "en" / "xiang").glob("*/index.html")}
        self._check(found == set(pages), f"project pages {sorted(found)} != expected {sorted(pages)}")
        self._check(
            found_en == set(pages), f"English project pages {sorted(found_en)} != expected {sorted(pages)}"
        )
        listing = (root / "xiang" / "index.html").read_text(encoding="utf-8")
        listing_en = (root / "en" / "xiang" / "index.html").read_text(encoding="utf-8")
        for address, row in pages.items():
            for prefix, page_list in (("", listing), ("/en", listing_en)):
                page = (root / prefix.strip("/") / "xiang" / address / "index.html").read_text(
                    encoding="utf-8"
                )
                self._check(row.token in page, f"{prefix}/xiang/{address}/ does not show project {row.token}")
                self._check(
                    not enabled("markup")
                    or html.escape(row.name, quote=False) in page
                    or html.escape(row.name) in page,
                    f"{prefix}/xiang/{address}/ does not show the name {row.name!r} as text",
                )
                self._check(
                    page_list.count(f'href="{prefix}/xiang/{address}/"') >= 1,
                    f"{prefix}/xiang/ does not link to {address}",
                )
        hidden = [r for r in [*self.m.rows.values(), *self.m.bin.values()] if not r.public]
        raw = [r for r in self.m.rows.values() if r.public and "<" in r.name]
        texts = {p: p.read_text(encoding="utf-8") for p in root.rglob("*.html")}
        for path, text in texts.items():
            rel = path.relative_to(root).as_posix()
            for row in hidden:
                self._check(row.token not in text, f"{rel} shows the draft or deleted project {row.token}")
            if enabled("markup"):
                for row in raw:
                    self._check(
                        row.name not in text,
                        f"{rel} carries the text of project {row.token} as markup: {row.name!r}",
                    )
            if enabled("links"):
                for link in LINK_RE.findall(text):
                    if link.startswith(("/srv/", "/user", "/admin", "/storage/", "//")):
                        continue
                    target = root / link.lstrip("/")
                    ok = (target / "index.html").is_file() if link.endswith("/") else target.is_file()
                    self._check(ok, f"{rel} links to {link}, which the site does not have")
        sitemap = (root / "sitemap.xml").read_text(encoding="utf-8")
        locs = set(LOC_RE.findall(sitemap))
        for loc in locs:
            self._check(
                (root / loc.lstrip("/") / "index.html").is_file() or (root / loc.lstrip("/")).is_file(),
                f"the sitemap lists {loc}, which does not exist",
            )
        for address in pages:
            for prefix in ("", "/en"):
                self._check(
                    f"{prefix}/xiang/{address}/" in locs, f"the sitemap lacks {prefix}/xiang/{address}/"
                )

    @invariant()
    def check_rows(self) -> None:
        """The projects table holds the model's rows (URL name, status, weight)."""
        listed, total = self.office.walk(TABLE, limit=5)
        got = {int(r["id"]): (r["slug"], r["status"], r["weigh"]) for r in listed}
        want = {i: (r.slug, r.status, r.weigh) for i, r in self.m.rows.items()}
        self._check(got == want, f"projects {got} != model {want}")
        self._check(total == len(want), f"total {total} != model {len(want)}")
