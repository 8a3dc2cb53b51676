"""Pure functions of the upload service: names, the allowed-type list, key template tokens, sniffing."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

import pytest

from functions.core.responses import ApiError
from functions.services import uploads
from functions.services.storage import StorageError, check_key, url_to_key
from functions.services.suffix_svg import clean_colour, clean_suffix


def test_clean_name() -> None:
    assert uploads.clean_name("../../etc/passwd") == "passwd"
    assert uploads.clean_name("C:\\Users\\x\\evil.png") == "evil.png"
    assert uploads.clean_name("a\u202egnp.exe") == "agnp.exe"
    assert uploads.clean_name('  we<ird>:"name"?.png ') == "we_ird___name__.png"
    assert uploads.clean_name("...") == ""
    long = uploads.clean_name("图" * 400 + ".jpeg")
    assert len(long) == 255 and long.endswith(".jpeg")


@pytest.mark.parametrize(
    ("suffix", "mimetype", "allowed", "ok"),
    [
        ("png", "image/png", "jpg,png", True),
        ("png", "image/png", ".png", True),
        ("png", "image/png", "image/*", True),
        ("png", "image/png", "image/png", True),
        ("txt", "text/plain", "image/*", False),
        ("exe", "", "*", True),
        ("exe", "", "", True),
        ("exe", "", "jpg,png", False),
    ],
)
def test_type_list_rules(suffix, mimetype, allowed, ok) -> None:
    assert uploads.is_type_allowed(suffix, mimetype, uploads.allowed_list(allowed)) is ok


def test_every_template_token() -> None:
    when = datetime(2026, 3, 4, 22, 5, 6, tzinfo=UTC)  # 2026-03-05 06:05:06 in China
    template = (
        "/storage/{topic}/{year}/{mon}/{day}/{hour}{min}{sec}/{random}-{random32}/"
        "{filename}-{suffix}{.suffix}-{filesha1}"
    )
    url = uploads.build_url(template, topic="news", name="My Report.PDF", sha1="a" * 40, when=when)
    match = re.fullmatch(
        r"/storage/news/2026/03/05/060506/([A-Za-z0-9]{16})-([A-Za-z0-9]{32})/My_Report-pdf\.pdf-a{40}", url
    )
    assert match, url


def test_key_always_under_storage_and_filename_cut_to_100() -> None:
    url = uploads.build_url("/{topic}/{filename}{.suffix}", topic="t", name="x" * 300 + ".png", sha1="0" * 40)
    assert url == "/storage/t/" + "x" * 100 + ".png"
    assert uploads.build_url("{unknown}/../{filename}", topic="t", name="a", sha1="0" * 40) == "/storage/a"


def test_storage_keys_are_checked() -> None:
    assert check_key("storage/a/b.png") == "storage/a/b.png"
    for bad in ("a/b.png", "storage/../x", "storage//x", "/storage/x", "storage/a\\b", "storage/a\nb"):
        with pytest.raises(StorageError):
            check_key(bad)
    assert url_to_key("https://cdn.example.com/storage/x/y.png") == "storage/x/y.png"


def _png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (3, 2)).save(buffer, "PNG")
    return buffer.getvalue()


def test_sniff_records_image_size_and_refuses_mismatch() -> None:
    assert uploads.sniff(_png(), "png") == uploads.Sniffed("image/png", 3, 2)
    with pytest.raises(ApiError):
        uploads.sniff(_png(), "gif")
    with pytest.raises(ApiError):
        uploads.sniff(b"%PDF-1.4 /JavaScript (app.alert(1))", "pdf")
    assert uploads.sniff("纯文本\n".encode(), "txt").mimetype == "text/plain"
    with pytest.raises(ApiError):
        uploads.sniff(b"text with a \x00 byte", "txt")


def test_suffix_svg_inputs() -> None:
    assert (
        clean_suffix('"><x') == "X" and clean_suffix("") == "FILE" and clean_suffix("archive.tar.gz") == "GZ"
    )
    assert clean_colour("#abc", "X") == "#abc"
    assert clean_colour("rgb(300, 1, 1)", "X").startswith("#")
    assert clean_colour("red;}", "X").startswith("#")
