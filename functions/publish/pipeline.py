"""The publish pipeline (DESIGN §7): export → Pelican build in a temporary folder → diff by content hash.

`build_release(work)` copies content/ into `work/content`, writes into its data/ the published records
of the back office (`functions.publish.export.export_site_data`; other files stay as content/data has
them), builds with Pelican into `work/out` and returns the output with its manifest (site path → SHA-256 of
the file). `diff(old, new)` lists what changed (added or modified) and what was removed.

Where the build goes:
- locally (`make run`), `publish_local()` builds into a sibling folder `.<site>-builds/<id>/` and
  swaps the `site` symlink to it with one `rename()` (atomic: the gateway serves either the old or
  the new tree, never a half-written one). A failed build never touches `site`.
- on AWS, `functions.publish.rebuild` uploads only the changed files to the site bucket.

The manifest of the live build is kept beside it (`.publish-manifest.json` in the build folder
locally, `_publish/manifest.json` in the bucket on AWS) so the next publish diffs against it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from functions.core.clock import COMPANY_TZ
from functions.core.settings import get_settings
from functions.publish.build import build
from functions.publish.export import export_site_data
from functions.publish.site_data.render_cache import RenderCache

MANIFEST_NAME = ".publish-manifest.json"
STAMP_NAME = ".built"  # the Makefile's stamp of a built site (kept so `make` does not rebuild it)
KEEP_BUILDS = 2  # the live build and the one before it (files still being served from it)
PRIVATE_NAMES = {MANIFEST_NAME, STAMP_NAME, RenderCache.KEYS_NAME}

Log = Callable[[str], None]


@dataclass
class Release:
    output: Path
    manifest: dict[str, str]
    data_files: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # Enabled rows left out because their publish time is still to come (`export.published_rows`).
    scheduled: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Diff:
    changed: list[str]
    removed: list[str]

    @property
    def paths(self) -> list[str]:
        return sorted([*self.changed, *self.removed])


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def walk_files(root: Path) -> dict[str, int]:
    """Every file under `root` (relative POSIX path → inode number), private files left out, in one
    pass of `os.scandir` (no stat per file: the directory listing gives names, types and inodes)."""
    found: dict[str, int] = {}
    stack = [(str(root), "")]
    while stack:
        folder, prefix = stack.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                rel = prefix + entry.name
                if entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, rel + "/"))
                elif entry.is_file() and entry.name not in PRIVATE_NAMES:
                    found[rel] = entry.inode()
    return found


def make_manifest(root: Path, previous: Path | None = None) -> dict[str, str]:
    """Every published file under `root` (relative POSIX path → SHA-256), private files left out.
    A file that is the same file (hard link) as in the `previous` build keeps its recorded hash:
    a build links the pages it did not render again, so only the files it wrote are read."""
    known = read_manifest(previous / MANIFEST_NAME) if previous else None
    files = walk_files(root)
    old_inodes: dict[str, int] = {}
    if known and previous and _same_device(root, previous):
        old_inodes = walk_files(previous)
    manifest: dict[str, str] = {}
    for rel in sorted(files):
        if known and rel in known and old_inodes.get(rel) == files[rel]:
            manifest[rel] = known[rel]
        else:
            manifest[rel] = file_hash(root / rel)
    return manifest


def _same_device(path: Path, other: Path) -> bool:
    """Inode numbers mean the same file only on one file system."""
    try:
        return os.stat(path).st_dev == os.stat(other).st_dev
    except OSError:
        return False


def diff(old: dict[str, str], new: dict[str, str]) -> Diff:
    changed = sorted(name for name, digest in new.items() if old.get(name) != digest)
    removed = sorted(name for name in old if name not in new)
    return Diff(changed, removed)


def export_data(data_dir: Path, log: Log, scheduled: list[dict[str, Any]] | None = None) -> list[str]:
    """Fill `data_dir` (a copy of content/data) with the published records of the back office
    (`functions.publish.export`); the files it does not export stay as content/data has them. Rows
    whose publish time is still to come go into `scheduled`."""
    waiting: list[dict[str, Any]] = [] if scheduled is None else scheduled
    names = export_site_data(data_dir, waiting)
    log(f"export: {', '.join(names) or 'nothing'} from the back office")
    if waiting:
        first = dt.datetime.fromtimestamp(waiting[0]["at"], COMPANY_TZ).isoformat(timespec="seconds")
        log(f"scheduled: {len(waiting)} row(s) wait for their publish time, the first at {first}")
    return sorted(path.name for path in data_dir.glob("*.json"))


def build_release(
    work: Path, log: Log, content_dir: Path | None = None, previous: Path | None = None
) -> Release:
    """Export and build into `work/out` (a folder the caller owns); raise on any failure. Pages of
    records unchanged since the build in `previous` are copied from it (`records.RenderCache`)."""
    started = time.perf_counter()
    settings = get_settings()
    source = Path(content_dir or settings.content_dir)
    content = work / "content"
    shutil.copytree(source, content)
    scheduled: list[dict[str, Any]] = []
    names = export_data(content / "data", log, scheduled)
    output = work / "out"
    log("build: running Pelican")
    build(content, output, settings.public_url, previous=previous)
    manifest = make_manifest(output, previous)
    seconds = time.perf_counter() - started
    log(f"build: {len(manifest)} files in {seconds:.2f}s")
    return Release(output, manifest, names, seconds, scheduled)


def read_manifest(path: Path) -> dict[str, str] | None:
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def builds_dir(site_dir: Path) -> Path:
    return site_dir.parent / f".{site_dir.name}-builds"


def live_manifest(site_dir: Path) -> dict[str, str]:
    """The manifest of what `site_dir` serves now (computed when it has none yet)."""
    if not site_dir.exists():
        return {}
    stored = read_manifest(site_dir / MANIFEST_NAME)
    return stored if stored is not None else make_manifest(site_dir)


def swap_in(site_dir: Path, build: Path) -> None:
    """Point `site_dir` at `build` atomically. The first time, when `site_dir` is still a real folder
    (built by `make site`), it moves into the builds folder first (a rename: microseconds)."""
    link_tmp = site_dir.parent / f".{site_dir.name}.swap-{os.getpid()}-{time.time_ns()}"
    os.symlink(build, link_tmp, target_is_directory=True)
    try:
        if site_dir.exists() and not site_dir.is_symlink():
            os.rename(site_dir, build.parent / f"initial-{time.time_ns()}")
        os.replace(link_tmp, site_dir)
    except BaseException:
        link_tmp.unlink(missing_ok=True)
        raise


TRASH_PREFIX = ".trash-"


def discard(folder: Path) -> None:
    """Remove a build folder without making the publish wait: it is renamed out of the way at once
    (atomic) and deleted by a background thread (deleting 20,000 files takes seconds on a busy disk).
    A folder left behind by a stopped process is deleted by the next `prune_builds`."""
    trash = folder.with_name(f"{TRASH_PREFIX}{folder.name}-{os.getpid()}-{time.monotonic_ns()}")
    try:
        folder.rename(trash)
    except OSError:
        return
    threading.Thread(target=shutil.rmtree, args=(trash, True), name="publish-discard", daemon=True).start()


def prune_builds(site_dir: Path, keep: int = KEEP_BUILDS) -> None:
    """Remove old build folders, keeping the live one and the newest others up to `keep`."""
    root = builds_dir(site_dir)
    live = site_dir.resolve()
    folders = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    kept = 0
    for folder in folders:
        if folder.name.startswith(TRASH_PREFIX):
            if not any(t.name == "publish-discard" for t in threading.enumerate()):
                discard(folder)  # left by a stopped process
            continue
        if folder.resolve() == live:
            continue
        kept += 1
        if kept >= keep:
            discard(folder)


def publish_local(job_id: str, log: Log, site_dir: Path | None = None) -> dict[str, Any]:
    """Build and swap into the local site folder; returns the job summary. On failure the live site
    is left exactly as it was (the half-built folder is removed) and the error is raised."""
    site_dir = Path(site_dir or get_settings().site_dir).absolute()
    root = builds_dir(site_dir)
    root.mkdir(parents=True, exist_ok=True)
    target = root / job_id
    with tempfile.TemporaryDirectory(prefix="cityops-publish-") as tmp:
        try:
            release = build_release(Path(tmp), log, previous=site_dir if site_dir.exists() else None)
            old = live_manifest(site_dir)
            change = diff(old, release.manifest)
            shutil.move(str(release.output), target)
            (target / MANIFEST_NAME).write_text(
                json.dumps(release.manifest, sort_keys=True), encoding="utf-8"
            )
            (target / STAMP_NAME).touch()
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
    if not change.paths:
        log("no change: the live site is already up to date")
        discard(target)
    else:
        swap_in(site_dir, target)
        log(
            f"swap: {site_dir} -> {target.name} "
            f"({len(change.changed)} changed, {len(change.removed)} removed)"
        )
        prune_builds(site_dir)
    return job_summary("local", change, release)


def job_summary(target: str, change: Diff, release: Release) -> dict[str, Any]:
    """What a publish job keeps of its run (the back office shows it): the pages it changed and
    removed, the size of the site, the build's time and the rows still waiting for their time."""
    return {
        "target": target,
        "changed": change.changed,
        "removed": change.removed,
        "written": len(change.changed),
        "files": len(release.manifest),
        "seconds": round(release.seconds, 3),
        "scheduled": release.scheduled,
    }
