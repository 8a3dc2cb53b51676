"""Pelican plugin (listed in PLUGINS): the organisation chart of /about/organization.

It reads data/org.json of the content folder — the seed file content/data/org.json, or the chart
the back office saved (a publish writes it there: `functions.services.org_chart.write_data_file`) —
checks it with the back office's own rules (`check_tree`) and puts `org_chart` into the template
context: the tree in the language being built, hidden units left out (`public_tree`), or None when
the content folder has no org.json. The template `organization.html` (chosen by the page's
`Template: organization`) draws it as nested lists styled as a tree: HTML and CSS only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pelican import signals
from pelican.generators import Generator

from functions.core.i18n import t
from functions.core.responses import ApiError
from functions.services.org_chart import DATA_FILE, check_tree, public_tree


class OrgChartError(ValueError):
    """content/data/org.json breaks a rule of the chart."""


def load_org_chart(content_dir: Path, lang: str) -> dict[str, Any] | None:
    path = content_dir / "data" / DATA_FILE
    if not path.is_file():
        return None
    try:
        tree = check_tree(json.loads(path.read_text(encoding="utf-8")))
    except ApiError as exc:
        raise OrgChartError(f"{path}: {t(exc.msg, lang='en', **exc.params)}") from exc
    return public_tree(tree, lang)


class OrgChartGenerator(Generator):
    def generate_context(self) -> None:
        self.context["org_chart"] = load_org_chart(Path(self.settings["PATH"]), self.settings["DEFAULT_LANG"])

    def generate_output(self, writer: Any) -> None:
        """Nothing of its own: the page's template draws the chart."""


def get_generators(_pelican: Any) -> type[Generator]:
    return OrgChartGenerator


def register() -> None:
    signals.get_generators.connect(get_generators)
