"""Build the public site: `python -m functions.publish.build` (the Makefile's `site` target).

Reads content from settings.content_dir (CITYOPS_CONTENT_DIR), writes site/ (CITYOPS_SITE_DIR),
and uses settings.public_url (CITYOPS_PUBLIC_URL) for canonical URLs, hreflang and the sitemap.
With CITYOPS_ENV=production the settings module is publishconf.py, otherwise pelicanconf.py.

Steps: compile the theme's gettext catalogues into a temporary folder; run Pelican (zh-cn site at
the root, English sub-site under en/ via pelican-i18n-subsites); then write sitemap.xml and
robots.txt from the pages actually produced. The output is deterministic: no dates or build times
are written, files and records are visited in sorted order (tests/site compares it with golden
files). The back office calls `build()` after it exports published records into content/data/.
"""

from __future__ import annotations

import argparse
import copy
import logging
import os
import tempfile
import threading
import time
from pathlib import Path
from xml.sax.saxutils import escape

from jinja2.bccache import Bucket, BytecodeCache
from pelican import Pelican
from pelican.plugins.i18n_subsites import i18n_subsites
from pelican.settings import read_settings

from functions.core.settings import REPO_ROOT, get_settings
from functions.publish.catalog import compile_catalogues

# Pages that exist but are not meant to be found: no sitemap entry, no hreflang pair.
UNLISTED = {"404.html", "401.html"}
SKIPPED_FOLDERS = {"en", "theme", "images"}  # top-level folders with no default-language page


def pelican_settings(
    content_dir: Path,
    output_dir: Path,
    public_url: str,
    production: bool,
    locale_dir: Path,
    previous: Path | None = None,
):
    conf = REPO_ROOT / ("publishconf.py" if production else "pelicanconf.py")
    settings = read_settings(
        str(conf),
        override={
            "PATH": str(content_dir),
            "OUTPUT_PATH": str(output_dir),
            "PUBLIC_URL": public_url.rstrip("/"),
            "I18N_GETTEXT_LOCALEDIR": str(locale_dir),
            "PREVIOUS_OUTPUT": str(previous.resolve()) if previous else None,
        },
    )
    # The i18n plugin writes into its sub-site overrides: give every build its own copy.
    settings["I18N_SUBSITES"] = copy.deepcopy(settings["I18N_SUBSITES"])
    settings["JINJA_ENVIRONMENT"] = {**settings["JINJA_ENVIRONMENT"], "bytecode_cache": TEMPLATE_CODE}
    return settings


class TemplateCode(BytecodeCache):
    """Compiled templates kept in memory between the builds of one process (the publish of a running
    API builds many times): Pelican makes a Jinja environment per generator and language, and each
    compiled every template again — seconds a build whatever its size. Jinja checks the template's
    source checksum and its own bytecode version before using an entry: a changed template compiles;
    the environment's options that shape the code are part of the key (`_key`)."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}
        self.lock = threading.Lock()

    @staticmethod
    def _key(bucket: Bucket) -> str:
        env = bucket.environment
        options = (
            env.autoescape,
            env.trim_blocks,
            env.lstrip_blocks,
            env.keep_trailing_newline,
            env.newline_sequence,
            env.optimized,
            env.finalize is not None,
            sorted(env.extensions),
            env.block_start_string,
            env.variable_start_string,
            env.comment_start_string,
            env.line_statement_prefix,
            env.line_comment_prefix,
        )
        return f"{bucket.key}:{options!r}"

    def load_bytecode(self, bucket: Bucket) -> None:
        with self.lock:
            data = self.code.get(self._key(bucket))
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        with self.lock:
            self.code[self._key(bucket)] = data


TEMPLATE_CODE = TemplateCode()


def site_pages(output_dir: Path) -> list[str]:
    """Site paths ('/', '/jiang/', …) of the default-language pages, sorted (one `os.scandir` walk
    that leaves out the English sub-site, the theme and the pictures)."""
    paths = []
    stack = [(str(output_dir), "/")]
    while stack:
        folder, prefix = stack.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if prefix != "/" or entry.name not in SKIPPED_FOLDERS:
                        stack.append((entry.path, f"{prefix}{entry.name}/"))
                elif entry.name == "index.html" and entry.is_file():
                    paths.append(prefix)
    return sorted(paths)


def write_sitemap(output_dir: Path, public_url: str, languages: dict) -> int:
    base = public_url.rstrip("/")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    count = 0
    for path in site_pages(output_dir):
        alternates = [(info["hreflang"], base + info["prefix"] + path) for info in languages.values()]
        alternates.append(("x-default", base + path))
        for _, url in alternates[:-1]:
            lines.append("  <url>")
            lines.append(f"    <loc>{escape(url)}</loc>")
            for hreflang, href in alternates:
                lines.append(f'    <xhtml:link rel="alternate" hreflang="{hreflang}" href="{escape(href)}"/>')
            lines.append("  </url>")
            count += 1
    lines.append("</urlset>")
    (output_dir / "sitemap.xml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


def write_robots(output_dir: Path, public_url: str) -> None:
    text = (
        "User-agent: *\n"
        "Allow: /\n"
        "Disallow: /admin\n"
        "Disallow: /user\n"
        "Disallow: /srv/\n"
        f"Sitemap: {public_url.rstrip('/')}/sitemap.xml\n"
    )
    (output_dir / "robots.txt").write_text(text, encoding="utf-8")


def reset_i18n_subsites() -> None:
    """pelican-i18n-subsites keeps the main build's settings in module globals and only starts afresh
    when they are None, which a build that raised half-way leaves behind: start every build clean
    (the publish pipeline builds many times in one process, and a failed build must not spoil the next)."""
    i18n_subsites._MAIN_SETTINGS = None


# pelican-i18n-subsites keeps a build's state in module globals: one Pelican run at a time per process
# (a preview may be asked for while a publish builds).
PELICAN_LOCK = threading.Lock()


def build(
    content_dir: Path | None = None,
    output_dir: Path | None = None,
    public_url: str | None = None,
    production: bool | None = None,
    previous: Path | None = None,
) -> Path:
    """Build the whole site; return the output folder. `previous`: the last build, whose pages of
    unchanged records are copied instead of rendered (`functions.publish.site_data.render_cache`)."""
    app = get_settings()
    content_dir = Path(content_dir or app.content_dir).resolve()
    output_dir = Path(output_dir or app.site_dir).resolve()
    public_url = public_url or app.public_url
    production = app.env == "production" if production is None else production
    with tempfile.TemporaryDirectory(prefix="cityops-locale-") as locale_dir:
        compile_catalogues(REPO_ROOT / "theme" / "translations", Path(locale_dir))
        settings = pelican_settings(
            content_dir, output_dir, public_url, production, Path(locale_dir), previous
        )
        with PELICAN_LOCK:
            reset_i18n_subsites()
            Pelican(settings).run()
    write_sitemap(output_dir, public_url, settings["SITE_LANGUAGES"])
    write_robots(output_dir, public_url)
    return output_dir


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, help="content folder (default: CITYOPS_CONTENT_DIR)")
    parser.add_argument("--output", type=Path, help="output folder (default: CITYOPS_SITE_DIR)")
    parser.add_argument("--public-url", help="absolute base URL (default: CITYOPS_PUBLIC_URL)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    started = time.perf_counter()
    out = build(args.content, args.output, args.public_url)
    pages = sum(1 for _ in out.rglob("*.html"))
    print(f"built {pages} pages into {out} in {time.perf_counter() - started:.2f}s")


if __name__ == "__main__":
    main()
