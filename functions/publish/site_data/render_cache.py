"""Pages of records copied from the previous build when nothing they are made of changed."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from functions.services import richtext


class RenderCache:
    """Pages of records rendered by the previous build are copied, not rendered again, when nothing
    they are made of changed: the record, the theme (templates, styles, translations), this plugin,
    the site identity, the language and the page's fallback picture. Each build writes the key of
    every record page into `KEYS_NAME` beside its output; `PREVIOUS_OUTPUT` (set by the local publish
    to the live site) is where the last build's pages and keys are. Without it every page renders."""

    KEYS_NAME = ".render-keys.json"

    def __init__(self, settings: dict[str, Any], output: Path, context: dict[str, Any]) -> None:
        self.output = output
        previous = settings.get("PREVIOUS_OUTPUT")
        prefix = context["lang_info"]["prefix"].strip("/")
        self.previous = (Path(previous) / prefix) if previous else None
        self.old: dict[str, str] = {}
        if self.previous is not None:
            with contextlib.suppress(OSError, ValueError):
                self.old = dict(json.loads((self.previous / self.KEYS_NAME).read_text(encoding="utf-8")))
        self.new: dict[str, str] = {}
        digest = hashlib.sha256(Path(richtext.__file__).read_bytes())
        for module in sorted(Path(__file__).parent.glob("*.py")):  # the plugin's code: every module of it
            digest.update(module.name.encode() + module.read_bytes())
        for path in sorted(Path(settings["THEME"]).rglob("*")):
            if path.is_file():
                digest.update(path.as_posix().encode() + path.read_bytes())
        carousel = context["records"]["carousel"]
        shared = [
            context["site"],
            context["lang"],
            context["public_url"],
            carousel[0]["image"] if carousel else None,
        ]
        digest.update(json.dumps(shared, sort_keys=True, default=repr, ensure_ascii=False).encode())
        self.base = digest.hexdigest()
        self.reused = 0

    def key(self, values: dict[str, Any]) -> str:
        data = json.dumps(values, sort_keys=True, default=repr, ensure_ascii=False)
        return hashlib.sha256((self.base + data).encode()).hexdigest()

    def reuse(self, rel: str, key: str) -> bool:
        """Copy `rel` from the previous build when its key is unchanged; record the key either way."""
        self.new[rel] = key
        if self.previous is None or self.old.get(rel) != key:
            return False
        target = self.output / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        try:  # builds are never changed in place: a hard link is a free copy
            os.link(self.previous / rel, target)
        except FileNotFoundError:  # not in the previous build after all: render it
            return False
        except OSError:  # another file system
            shutil.copyfile(self.previous / rel, target)
        self.reused += 1
        return True

    def save(self) -> None:
        self.output.mkdir(parents=True, exist_ok=True)
        (self.output / self.KEYS_NAME).write_text(json.dumps(self.new, sort_keys=True), encoding="utf-8")
