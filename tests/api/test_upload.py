"""Local-mode uploads over HTTP (`/srv/admin/ajax/upload`, `/srv/api/ajax/upload`): the SPEC §5
checks, content sniffing, hostile files, keys, storage and attachment rows."""

# ruff: noqa: F811 - the fixtures imported from uploads_support are parameters of the tests
from __future__ import annotations

import threading

import httpx
import pytest

from tests.api.uploads_support import (
    MAX_BYTES,
    admin_headers,  # noqa: F401 - fixtures
    image_bytes,
    member_headers,  # noqa: F401
    other_member_headers,  # noqa: F401
    unique_png,
    upload,
    upload_env,  # noqa: F401
    zip_bytes,
)

ADMIN = "/srv/admin/ajax/upload"
MEMBER = "/srv/api/ajax/upload"


def _stored(upload_env, url: str):
    return upload_env.upload_dir / url.lstrip("/")


def test_admin_uploads_an_image_stored_under_its_key(api, upload_env, admin_headers) -> None:
    data = unique_png((12, 7))
    response = upload(api, ADMIN, admin_headers, "Photo 1.png", data, "image/png", topic="avatar")
    body = response.json()
    assert response.status_code == 200 and body["code"] == 1, body
    assert body["msg"] == "Upload successful"
    file = body["data"]["file"]
    assert (file["width"], file["height"]) == (12, 7)
    assert file["mimetype"] == "image/png" and file["size"] == len(data) and file["topic"] == "avatar"
    assert file["name"] == "Photo 1.png" and file["storage"] == "local" and file["quote"] == 1
    assert file["admin_id"] > 0 and file["user_id"] == 0
    assert file["url"].startswith("/storage/avatar/") and file["url"].endswith(f"Photo_1{file['sha1']}.png")
    assert _stored(upload_env, file["url"]).read_bytes() == data


def test_member_upload_needs_a_member_and_records_the_member(
    api, upload_env, member_headers, admin_headers
) -> None:
    data = unique_png()
    anonymous = upload(api, MEMBER, {}, "a.png", data, "image/png")
    assert anonymous.status_code == 200 and anonymous.json()["code"] == 302
    assert anonymous.json()["data"]["routeName"] == "userLogin"
    # An admin token is not a member token.
    assert upload(api, MEMBER, admin_headers, "a.png", data, "image/png").json()["code"] == 302
    assert upload(api, ADMIN, member_headers, "a.png", data, "image/png").json()["code"] == 302
    body = upload(api, MEMBER, member_headers, "a.png", data, "image/png").json()
    assert body["code"] == 1, body
    assert body["data"]["file"]["user_id"] > 0 and body["data"]["file"]["admin_id"] == 0


def test_same_file_same_topic_reuses_the_row(api, upload_env, member_headers) -> None:
    data = unique_png()
    first = upload(api, MEMBER, member_headers, "x.png", data, "image/png", topic="t1").json()["data"]["file"]
    second = upload(api, MEMBER, member_headers, "again.png", data, "image/png", topic="t1").json()["data"][
        "file"
    ]
    assert second["id"] == first["id"] and second["quote"] == 2
    other_topic = upload(api, MEMBER, member_headers, "x.png", data, "image/png", topic="t2").json()["data"][
        "file"
    ]
    assert other_topic["id"] != first["id"] and other_topic["quote"] == 1


def test_member_and_admin_uploads_of_one_file_are_separate_rows(
    api, upload_env, member_headers, other_member_headers, admin_headers
) -> None:
    data = unique_png()
    mine = upload(api, MEMBER, member_headers, "x.png", data, "image/png").json()["data"]["file"]
    theirs = upload(api, MEMBER, other_member_headers, "x.png", data, "image/png").json()["data"]["file"]
    staff = upload(api, ADMIN, admin_headers, "x.png", data, "image/png").json()["data"]["file"]
    assert len({mine["id"], theirs["id"], staff["id"]}) == 3
    assert mine["user_id"] != theirs["user_id"] and staff["admin_id"] > 0
    assert mine["quote"] == theirs["quote"] == staff["quote"] == 1
    # One stored object for the three rows (same content, topic and day).
    assert mine["url"] == theirs["url"] == staff["url"]


def test_the_same_file_twice_at_once_gives_one_row_with_count_two(api, upload_env, admin_headers) -> None:
    data = unique_png((30, 30))
    results: list[dict] = []
    barrier = threading.Barrier(2)

    def send() -> None:
        with httpx.Client(base_url=api.base_url, timeout=20, trust_env=False) as client:
            barrier.wait()
            results.append(
                upload(client, ADMIN, admin_headers, "same.png", data, "image/png", topic="race").json()
            )

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r["code"] for r in results] == [1, 1], results
    ids = {r["data"]["file"]["id"] for r in results}
    assert len(ids) == 1
    from functions.models.attachment import Attachment

    assert Attachment.get(ids.pop(), consistent_read=True).quote == 2


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        # Wrong extension for the content.
        ("photo.jpg", image_bytes("PNG"), "The file content does not match its type!"),
        ("notes.png", b"just some text, not an image\n", "The file content does not match its type!"),
        ("archive.docx", zip_bytes(), "The file content does not match its type!"),
        # A polyglot: a valid PNG with a zip archive appended.
        ("poly.png", image_bytes("PNG") + zip_bytes(), "The file contains content that is not allowed!"),
        # A GIF whose comment is an HTML page with a script.
        (
            "gifar.gif",
            image_bytes("GIF")[:-1] + b"<html><script>alert(1)</script>" + b";",
            "The file contains content that is not allowed!",
        ),
        # A text file that is really an HTML page.
        (
            "readme.txt",
            b"<!DOCTYPE html><html><body onload=alert(1)>hi</body></html>",
            "The file contains content that is not allowed!",
        ),
        # SVG with a script: never stored, whatever its content.
        (
            "logo.svg",
            b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            "The type of uploaded file is not allowed!",
        ),
        ("page.html", b"<p>hi</p>", "The type of uploaded file is not allowed!"),
        # Not in the allowed list.
        ("tool.exe", b"MZ\x90\x00", "The type of uploaded file is not allowed!"),
        # Zero bytes.
        ("empty.png", b"", "The data of the uploaded file is incomplete!"),
        # A truncated image.
        ("broken.png", image_bytes("PNG", (50, 50))[:60] + b"IEND\xaeB`\x82", "The image cannot be read!"),
    ],
)
def test_hostile_or_wrong_files_are_refused_and_not_stored(
    api, upload_env, admin_headers, name, data, message
) -> None:
    before = sorted(p for p in upload_env.upload_dir.rglob("*") if p.is_file())
    response = upload(api, ADMIN, admin_headers, name, data, "image/png")
    body = response.json()
    assert response.status_code == 200 and body["code"] == 0, body
    assert body["msg"] == message
    assert sorted(p for p in upload_env.upload_dir.rglob("*") if p.is_file()) == before


def test_messages_are_translated(api, upload_env, admin_headers) -> None:
    body = upload(api, ADMIN, admin_headers, "empty.png", b"", "image/png", lang="zh-CN").json()
    assert body["msg"] == "上传文件的数据不完整！"
    body = upload(
        api, ADMIN, admin_headers, "photo.jpg", image_bytes("PNG"), "image/jpeg", lang="zh-CN"
    ).json()
    assert body["msg"] == "文件内容与文件类型不符！"


def test_oversize_is_refused_with_413_before_the_body_is_read(api, upload_env, admin_headers) -> None:
    # Only the headers are sent, declaring a body above the configured maximum: the answer comes
    # without the server waiting for (or reading) a single byte of the body.
    import socket

    url = httpx.URL(str(api.base_url))
    head = (
        f"POST {ADMIN} HTTP/1.1\r\nHost: {url.host}\r\nbatoken: {admin_headers['batoken']}\r\n"
        f"Accept-Language: en\r\nContent-Type: multipart/form-data; boundary=b\r\n"
        f"Content-Length: {MAX_BYTES * 4}\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection((url.host, url.port), timeout=10) as sock:
        sock.sendall(head.encode())
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    assert b" 413 " in status_line, answer
    assert b"The size of the uploaded file exceeds the allowed range!" in rest


def test_file_just_over_the_maximum_is_refused_with_413(api, upload_env, member_headers) -> None:
    data = b"a" * (MAX_BYTES + 1)
    response = upload(api, MEMBER, member_headers, "big.txt", data, "text/plain")
    assert response.status_code == 413 and response.json()["code"] == 0
    text = upload(api, MEMBER, member_headers, "ok.txt", b"a" * MAX_BYTES, "text/plain").json()
    assert text["code"] == 1 and text["data"]["file"]["mimetype"] == "text/plain"


@pytest.mark.parametrize(
    "name",
    [
        "../../../etc/passwd.png",
        "..\\..\\windows\\evil.png",
        "/abs/path/x.png",
        "\u202egnp.exe.png",
        "a\x00b.png",
    ],
)
def test_path_traversal_names_are_cleaned(api, upload_env, admin_headers, name) -> None:
    body = upload(api, ADMIN, admin_headers, name, unique_png(), "image/png").json()
    assert body["code"] == 1, body
    file = body["data"]["file"]
    assert "/" not in file["name"] and "\\" not in file["name"] and "\x00" not in file["name"]
    assert "\u202e" not in file["name"] and ".." not in file["url"]
    stored = _stored(upload_env, file["url"]).resolve()
    assert stored.is_relative_to(upload_env.upload_dir.resolve()) and stored.is_file()


def test_very_long_unicode_name_is_cut(api, upload_env, admin_headers) -> None:
    name = "城市运营" * 150 + ".png"
    body = upload(api, ADMIN, admin_headers, name, unique_png(), "image/png").json()
    assert body["code"] == 1, body
    file = body["data"]["file"]
    assert len(file["name"]) <= 255 and file["name"].endswith(".png")
    key_name = file["url"].rsplit("/", 1)[1]
    # The key keeps the first characters of the name: at most 100, and at most 120 bytes (a file
    # system's 255-byte limit must hold with the sha1 and the suffix).
    assert key_name == "城市运营" * 10 + file["sha1"] + ".png"


def test_bad_topic_is_refused(api, upload_env, admin_headers) -> None:
    body = upload(api, ADMIN, admin_headers, "a.png", unique_png(), "image/png", topic="../x").json()
    assert body["code"] == 0


def test_missing_file_part_is_incomplete(api, upload_env, admin_headers) -> None:
    response = api.post(
        ADMIN,
        headers={**admin_headers, "Accept-Language": "en"},
        data={"topic": "x"},
        files={"other": ("a", b"1")},
    )
    assert response.json()["msg"] == "The data of the uploaded file is incomplete!"


def _png_declaring(width: int, height: int) -> bytes:
    """A small, valid-looking PNG whose header declares `width` × `height` pixels (a decompression
    bomb: its few KB of IDAT would inflate to gigabytes)."""
    import struct
    import zlib

    def chunk(kind: bytes, payload: bytes) -> bytes:
        body = kind + payload
        return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (width * 3 + 1) * 8, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


@pytest.mark.parametrize("size", [(20000, 20000), (6000, 5000)])
def test_an_image_declaring_too_many_pixels_is_refused_before_decoding(
    api, upload_env, admin_headers, size
) -> None:
    data = _png_declaring(*size)
    assert len(data) < 200_000
    response = upload(api, ADMIN, admin_headers, "bomb.png", data, "image/png")
    body = response.json()
    assert body["code"] == 0
    assert body["msg"] == "The image is too large: at most 25 million pixels!"
    chinese = upload(api, ADMIN, admin_headers, "bomb.png", data, "image/png", lang="zh-cn").json()
    assert chinese["msg"] == "图片尺寸过大：最多 25 百万像素！"
