"""The Pelican plugin (listed in pelicanconf PLUGINS): the records generator and the content signals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pelican import signals
from pelican.generators import Generator

from functions.publish.site_data.context import build_context, fix_special_pages, published_page_text
from functions.publish.site_data.render_cache import RenderCache
from functions.publish.site_data.schema import LISTED


class RecordsGenerator(Generator):
    """Adds `site`, `records` and helpers to the shared context; writes the pages of records: one per
    project (xiang/<id>/), per news item (news/<id>/) and per notice (notice/<id>/), the paged news
    and notice lists (news/, news/page/2/, …) and the job openings (jobs/)."""

    def generate_context(self) -> None:
        self.context.update(build_context(self.settings))

    def _write(self, writer: Any, template: str, path: str, **values: Any) -> None:
        rel = path.strip("/") + "/index.html"
        if self.cache.reuse(rel, self.cache.key({"template": template, "path": path, **values})):
            return
        writer.write_file(
            rel,
            self.get_template(template),
            self.context,
            page_path=path,
            url=path.lstrip("/"),
            **values,
        )

    def generate_output(self, writer: Any) -> None:
        self.cache = RenderCache(self.settings, Path(self.output_path), self.context)
        records = self.context["records"]
        for project in records["projects"]:
            self._write(writer, "project", project["path"], project=project)
        for name, (base, per_page) in LISTED.items():
            items = records[name]
            pages = [items[i : i + per_page] for i in range(0, len(items), per_page)] or [[]]
            for number, chunk in enumerate(pages, start=1):
                path = base if number == 1 else f"{base}page/{number}/"
                pager = {
                    "number": number,
                    "count": len(pages),
                    "previous": (base if number == 2 else f"{base}page/{number - 1}/") if number > 1 else "",
                    "next": f"{base}page/{number + 1}/" if number < len(pages) else "",
                }
                self._write(writer, "news-list", path, kind=name, items=chunk, pager=pager, list_path=base)
            for item in items:
                self._write(writer, "news", item["path"], kind=name, item=item, list_path=base)
        self._write(writer, "jobs", "/jobs/", jobs=records["jobs"])
        self.cache.save()


def get_generators(_pelican: Any) -> type[Generator]:
    return RecordsGenerator


def register() -> None:
    signals.get_generators.connect(get_generators)
    signals.content_object_init.connect(fix_special_pages)
    signals.content_object_init.connect(published_page_text)
