"""The built-in attachments machine (附件管理, routine/attachment), driven over HTTP: upload files by
content (a few images and a text file, under two topics and several names; and files the upload must
refuse: markup, a text named .png, an empty file, script in a text file, one above the size limit),
rename, delete (one or several), restore and purge from the recycle bin, and use an attachment in a
designed table's image field — beside a model of the rows, their files and where they are used.

Invariants, after every step:
- the attachment rows (per topic) equal the model: the same content uploaded again by the same admin
  under the same topic is the same row counted once more (`quote`), never a second row; after a delete
  it is a fresh row; the list's total equals the rows a full walk returns;
- a refused upload changes nothing (no row, no file);
- every stored file of the machine's topics belongs to a live row or a recycle-bin copy of one, and
  every such row's file exists: a delete keeps the file while the copy can be restored, a purge of the
  last reference removes it;
- a restore gives the row back with its id, name and file, or is refused while the same content was
  uploaded again meanwhile;
- the usage warning (`routine/attachment/usage`) names exactly the designed rows whose image field
  holds the attachment's address.
"""

from __future__ import annotations

import io
import itertools
import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, multiple, rule

from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice, Checks
from tests.invariants.budget import Counter

NAMES = itertools.count(1)
PNG_NAMES = ["photo.png", "照片 一.png", "IMG_0001.PNG"]
TXT_NAMES = ["notes.txt", "说明.txt"]
# A rename as typed -> the name shown ("" : refused).
RENAMES = {
    "新名字.png": "新名字.png",
    "a:b.png": "a_b.png",
    "  spaced   out .png": "spaced out .png",
    "dir/inner.png": "inner.png",
    "...": "",
}


def png(seed: bytes) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (9, 5), (seed[0], seed[1], seed[2])).save(buffer, format="PNG")
    return buffer.getvalue()


@dataclass
class Kept:
    topic: str
    content: int
    name: str
    url: str
    quote: int


class AttachmentsMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]
    upload_dir: ClassVar[Path]
    max_bytes: ClassVar[int]
    rows = Bundle("rows")
    uses = Bundle("uses")

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        n = next(NAMES)
        self.topics = [f"inv{n}a", f"inv{n}b"]
        self.design = f"business/invatt{n}x{id(self) % 100_000}"
        # Fresh contents each example (so no earlier example's row is reused): two images, a text.
        self.contents = [
            ("png", png(uuid.uuid4().bytes)),
            ("png", png(uuid.uuid4().bytes)),
            ("txt", f"说明 notes {uuid.uuid4().hex}\n".encode()),
        ]
        self.live: dict[int, Kept] = {}
        self.bin: dict[int, Kept] = {}
        self.used: dict[int, str] = {}  # designed row id -> the address in its image field

    # --- helpers --------------------------------------------------------------------------------
    def holder(self, topic: str, content: int) -> int | None:
        return next((i for i, r in self.live.items() if (r.topic, r.content) == (topic, content)), None)

    def stored_files(self) -> set[str]:
        found: set[str] = set()
        for topic in self.topics:
            folder = self.upload_dir / "storage" / topic
            if folder.exists():
                found |= {
                    "/" + p.relative_to(self.upload_dir).as_posix() for p in folder.rglob("*") if p.is_file()
                }
        return found

    def rows_of_topics(self) -> dict[int, dict[str, Any]]:
        found: dict[int, dict[str, Any]] = {}
        for topic in self.topics:
            search = json.dumps([{"field": "topic", "val": topic, "operator": "eq"}])
            listed, _ = self.office.walk("routine/attachment", limit=4, search=search)
            found |= {int(r["id"]): r for r in listed}
        return found

    # --- rules ----------------------------------------------------------------------------------
    @initialize()
    def create_design(self) -> None:
        self.counter.step()
        design = {
            "name": self.design,
            "title": V.words("附件使用", "Attachment use"),
            "fields": [
                {"name": "title", "title": V.words("标题", "Title"), "type": "string"},
                {"name": "image", "title": V.words("图片", "Image"), "type": "image"},
            ],
        }
        self.expect(self.office.generate(design), True, "save the design that uses attachments")

    @rule(target=rows, content=st.integers(0, 2), name=st.integers(0, 2), topic=st.integers(0, 1))
    def upload(self, content: int, name: int, topic: int) -> Any:
        """Upload one of the contents under a name of its kind and one of the topics."""
        self.counter.step()
        kind, data = self.contents[content]
        names = PNG_NAMES if kind == "png" else TXT_NAMES
        filename = names[name % len(names)]
        held = self.holder(self.topics[topic], content)
        answer = self.office.upload(
            filename, data, f"image/{kind}" if kind == "png" else "text/plain", self.topics[topic]
        )
        self.expect(answer, True, f"upload {filename} ({kind}) under {self.topics[topic]}")
        row = answer.data["file"]
        row_id = int(row["id"])
        if held is not None:
            self._check(row_id == held, f"the same content under the same topic: row #{row_id}, not #{held}")
            self.live[held].quote += 1
        else:
            self._check(row_id not in self.live and row_id not in self.bin, f"id #{row_id} given twice")
            self.live[row_id] = Kept(self.topics[topic], content, filename, row["url"], 1)
        return row_id

    @rule(
        hostile=st.sampled_from(["svg", "fake_png", "empty", "script", "big"]),
        topic=st.integers(0, 1),
    )
    def refused_upload(self, hostile: str, topic: int) -> None:
        """A file the upload must refuse: it changes nothing (the invariants check rows and files)."""
        self.counter.step()
        files = {
            "svg": (
                "evil.svg",
                b'<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>',
                "image/svg+xml",
            ),
            "fake_png": ("fake.png", b"this is not an image at all", "image/png"),
            "empty": ("empty.txt", b"", "text/plain"),
            "script": ("page.txt", b"hello <script>alert(1)</script>", "text/plain"),
            "big": ("big.txt", b"a" * (self.max_bytes + 1), "text/plain"),
        }
        filename, data, mimetype = files[hostile]
        answer = self.office.upload(filename, data, mimetype, self.topics[topic])
        self.expect(answer, False, f"upload {hostile} file {filename}")

    @rule(row=rows, typed=st.sampled_from(sorted(RENAMES)))
    def rename(self, row: int, typed: str) -> None:
        self.counter.step()
        shown = RENAMES[typed]
        answer = self.office.post("routine/attachment/edit", {"id": row, "name": typed})
        self.expect(answer, row in self.live and shown != "", f"rename #{row} to {typed!r}")
        if answer.ok:
            self.live[row].name = shown

    @rule(ids=st.lists(rows, min_size=1, max_size=3, unique=True))
    def delete(self, ids: list[int]) -> None:
        self.counter.step()
        live = [i for i in ids if i in self.live]
        answer = self.office.delete("routine/attachment/del", ids)
        self.expect(answer, bool(live), f"delete attachments {ids}")
        if answer.ok:
            self._check(
                answer.data["count"] == len(live), f"delete {ids}: count {answer.data}, model {len(live)}"
            )
            for i in live:
                self.bin[i] = self.live.pop(i)

    def _bin_row(self, row: int) -> dict[str, Any] | None:
        logs = [
            r for r in self.office.log("dataRecycleLog", "routine/attachment") if int(r["item_id"]) == row
        ]
        self._check(len(logs) == (1 if row in self.bin else 0), f"attachment #{row}: recycle bin rows {logs}")
        return logs[0] if logs else None

    @rule(row=rows)
    def restore(self, row: int) -> None:
        self.counter.step()
        log = self._bin_row(row)
        if log is None:
            return
        kept = self.bin[row]
        free = self.holder(kept.topic, kept.content) is None
        answer = self.office.post("security/dataRecycleLog/restore", {"ids": [int(log["id"])]})
        self.expect(
            answer, free, f"restore attachment #{row} (its content {'free' if free else 'uploaded again'})"
        )
        if answer.ok:
            self.live[row] = self.bin.pop(row)

    @rule(row=rows)
    def purge(self, row: int) -> None:
        """Delete the recycle-bin copy for ever: the file goes with its last reference."""
        self.counter.step()
        log = self._bin_row(row)
        if log is None:
            return
        answer = self.office.delete("security/dataRecycleLog/del", [int(log["id"])])
        self.expect(answer, True, f"purge the copy of attachment #{row}")
        del self.bin[row]

    @rule(target=uses, row=rows)
    def use(self, row: int) -> Any:
        """A designed row whose image field holds the attachment's address."""
        self.counter.step()
        kept = self.live.get(row) or self.bin.get(row)
        if kept is None:
            return multiple()
        answer = self.office.post(f"{self.design}/add", {"title": "uses", "image": kept.url})
        self.expect(answer, True, f"a designed row using {kept.url}")
        self.used[int(answer.data["id"])] = kept.url
        return int(answer.data["id"])

    @rule(use=uses)
    def unuse(self, use: int) -> None:
        self.counter.step()
        answer = self.office.delete(f"{self.design}/del", [use])
        self.expect(answer, use in self.used, f"delete designed row #{use}")
        self.used.pop(use, None)

    # --- invariants -----------------------------------------------------------------------------
    @invariant()
    def check_rows(self) -> None:
        got = {
            i: (r["topic"], r["name"], int(r["quote"]), r["url"]) for i, r in self.rows_of_topics().items()
        }
        want = {i: (r.topic, r.name, r.quote, r.url) for i, r in self.live.items()}
        self._check(got == want, f"attachment rows {got} != model {want}")

    @invariant()
    def check_total(self) -> None:
        listed, total = self.office.walk("routine/attachment", limit=25)
        ids = [int(r["id"]) for r in listed]
        self._check(
            len(ids) == len(set(ids)) == total, f"attachment list: {len(ids)} rows walked, total {total}"
        )

    @invariant()
    def check_files(self) -> None:
        files = self.stored_files()
        want = {r.url for r in [*self.live.values(), *self.bin.values()]}
        self._check(
            files == want, f"stored files {sorted(files)} != the files of rows and copies {sorted(want)}"
        )

    @invariant()
    def check_usage_warning(self) -> None:
        if not self.live:
            return
        answer = self.office.get("routine/attachment/usage", **{"ids[]": sorted(self.live)})
        self._check(answer.ok, f"usage: {answer}")
        for row_id, kept in self.live.items():
            got = sorted(
                int(u["id"]) for u in answer.data["uses"].get(str(row_id), []) if u["table"] == self.design
            )
            want = sorted(i for i, url in self.used.items() if url == kept.url)
            self._check(got == want, f"attachment #{row_id} used by {got}, model {want}")
