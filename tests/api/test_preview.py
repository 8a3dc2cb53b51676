# ruff: noqa: F811 - the fixtures imported from admin_support are used as parameters
"""Preview before publishing (issue 36 part 7): the public page a row of a designed table would have,
made from the unsaved values of its form (or a saved draft, the page of a preview link) with the site's
theme, in both languages — checked like a save, refused without the table's edit permission, and
leaving the table, the site folder and the publish jobs exactly as they were."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image

from functions.core.settings import get_settings
from functions.models.design import Record
from functions.publish import build as site_build
from functions.publish import export
from functions.services import designs, jobs
from functions.services.design_doc import DesignDoc
from functions.services.publish_jobs import KIND
from functions.services.storage import get_storage
from tests.api.admin_support import EN, ZH, AdminUser, get, make_admin, ok, post  # noqa: F401

NEWS = "business/news"
DESIGNS = Path(__file__).resolve().parents[2] / "functions/data/designs"


@pytest.fixture(scope="module")
def news(dynamodb: Any, admin_seed: None) -> Iterator[str]:
    """The news table (and the tags it relates to) and the projects as the seed makes them; removed
    afterwards."""
    for name in ("tag", "news", "project"):
        doc = DesignDoc.model_validate_json((DESIGNS / f"{name}.json").read_text(encoding="utf-8"))
        if designs.get_design(doc.name) is None:
            designs.save_design(doc, confirm=True)
    yield NEWS
    for name in ("business/project", NEWS, "business/tag"):
        stored = designs.get_design(name)
        if stored is not None:
            designs.delete_design(stored)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private live site folder (one page) and upload folder: the preview must leave both as they were."""
    site_dir = tmp_path / "site"
    site_dir.mkdir()
    (site_dir / "index.html").write_text("<p>live</p>", encoding="utf-8")
    settings = get_settings()
    monkeypatch.setattr(settings, "site_dir", site_dir)
    return site_dir


def snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def rows(name: str) -> list[tuple[int, str]]:
    return [(int(r.id), r.data) for r in Record.query(name, consistent_read=True)]


def form(title: str, title_en: str, **values: Any) -> dict[str, Any]:
    """The values of a news form as the web app sends them."""
    return {
        "title": title,
        "title_en": title_en,
        "content": f"<p>{title}的正文。</p>",
        "content_en": f"<p>The text of {title_en}.</p>",
        "publish_time": 1_767_225_600,
        "status": "disable",
        **values,
    }


def preview(api: httpx.Client, who: AdminUser, body: Any, lang: str, headers: dict[str, str] = EN) -> Any:
    return api.post(
        f"/srv/admin/{NEWS}/preview", params={"lang": lang}, json=body, headers={**who.headers, **headers}
    )


def test_unsaved_values_render_as_the_public_page_in_both_languages_and_nothing_is_stored(
    api: httpx.Client, news: str, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    builds: list[Path] = []
    real_build = site_build.build
    monkeypatch.setattr(
        site_build,
        "build",
        lambda content, *a, **k: builds.append(content) or real_build(content, *a, **k),
    )
    editor = make_admin(api, [f"{NEWS}/index", f"{NEWS}/edit"])
    before_rows, before_site = rows(NEWS), snapshot(site)
    before_jobs = [j.id for j in jobs.latest_jobs(KIND, 5)]
    body = form("预览里的新闻标题", "A headline seen in preview")

    zh = ok(preview(api, editor, body, "zh-cn"))
    assert zh["lang"] == "zh-cn" and zh["path"] == "/news/0/"
    assert "预览里的新闻标题" in zh["html"] and "预览里的新闻标题的正文。" in zh["html"]
    assert '<html lang="zh-CN"' in zh["html"]
    assert "/theme/css/site.css" in zh["html"]  # the site's theme
    assert '<base target="_blank">' in zh["html"]  # links leave the preview frame

    en = ok(preview(api, editor, body, "en"))
    assert en["lang"] == "en" and en["path"] == "/en/news/0/"
    assert (
        "A headline seen in preview" in en["html"] and "The text of A headline seen in preview." in en["html"]
    )
    assert '<html lang="en"' in en["html"]
    assert len(builds) == 1  # one build made both languages: switching language does not build again

    # Nothing stored, published or queued.
    assert rows(NEWS) == before_rows
    assert snapshot(site) == before_site
    assert [j.id for j in jobs.latest_jobs(KIND, 5)] == before_jobs


def test_a_saved_draft_is_previewed_with_its_edits_and_through_its_link(
    api: httpx.Client, news: str, site: Path
) -> None:
    editor = make_admin(api, [f"{NEWS}/index", f"{NEWS}/add", f"{NEWS}/edit"])
    added = post(api, f"{NEWS}/add", editor, form("草稿新闻", "A draft news item"))
    assert added["code"] == 1, added
    row_id = added["data"]["id"]
    stored = rows(NEWS)

    # The edit form's unsaved values: the page shows them, the row keeps its saved ones.
    edited = ok(
        preview(api, editor, {**form("改过的草稿标题", "An edited draft headline"), "id": row_id}, "en")
    )
    assert edited["path"] == f"/en/news/{row_id}/"
    assert "An edited draft headline" in edited["html"] and "A draft news item" not in edited["html"]
    assert rows(NEWS) == stored

    # The preview link's page: the saved draft (disabled, so not on the site), in either language.
    for lang, title in (("zh-cn", "草稿新闻"), ("en", "A draft news item")):
        saved = get(api, f"{NEWS}/preview", editor, id=row_id, lang=lang)
        assert saved["code"] == 1, saved
        assert title in saved["data"]["html"] and saved["data"]["path"].endswith(f"/news/{row_id}/")


def test_pictures_of_uploads_show_from_their_upload_address(api: httpx.Client, news: str, site: Path) -> None:
    editor = make_admin(api, [f"{NEWS}/edit"])
    picture = io.BytesIO()
    Image.new("RGB", (64, 40), (200, 40, 40)).save(picture, "PNG")
    key = "storage/preview-test/cover.png"
    get_storage().put(key, picture.getvalue(), "image/png")
    page = ok(preview(api, editor, form("带图片的新闻", "News with a picture", cover=f"/{key}"), "en"))
    assert f'src="/{key}"' in page["html"]
    assert "/images/records/" not in page["html"]  # not on the site until a publish


def test_bad_values_are_refused_as_a_save_refuses_them(api: httpx.Client, news: str, site: Path) -> None:
    editor = make_admin(api, [f"{NEWS}/edit"])
    missing = {k: v for k, v in form("x", "x").items() if k != "title"}
    en = preview(api, editor, missing, "en").json()
    zh = preview(api, editor, missing, "zh-cn", ZH).json()
    assert (
        en["code"] == 0
        and en["msg"].startswith("Parameter Title")
        and en["data"]["errors"][0]["field"] == "title"
    )
    assert zh["code"] == 0 and zh["msg"].startswith("参数 标题："), zh
    assert en.get("data", {}).get("html") is None

    unknown_lang = preview(api, editor, form("x", "x"), "fr")
    assert unknown_lang.status_code in (400, 422) and unknown_lang.json()["code"] == 0

    missing_row = preview(api, editor, {**form("x", "x"), "id": 987_654_321}, "en").json()
    assert missing_row["code"] == 0 and missing_row["msg"] == "The record does not exist"


def test_a_table_the_site_does_not_show_has_no_preview(api: httpx.Client, news: str, site: Path) -> None:
    editor = make_admin(api, ["business/tag/edit", f"{NEWS}/index"])
    for headers, text in ((EN, "This table is not shown on the public site"), (ZH, "这张表不在网站上展示")):
        body = api.post(
            "/srv/admin/business/tag/preview",
            params={"lang": "en"},
            json={"name": "t", "status": "enable"},
            headers={**editor.headers, **headers},
        ).json()
        assert body["code"] == 0 and body["msg"].startswith(text), body
    news_design = ok(api.get(f"/srv/admin/{NEWS}/design", headers={**editor.headers, **EN}))
    assert news_design["site"] is True
    tags = make_admin(api, ["business/tag/index"])
    assert ok(api.get("/srv/admin/business/tag/design", headers={**tags.headers, **EN}))["site"] is False


def test_only_admins_who_may_edit_the_table_see_a_preview(api: httpx.Client, news: str, site: Path) -> None:
    editor = make_admin(api, [f"{NEWS}/index", f"{NEWS}/add"])
    row_id = post(api, f"{NEWS}/add", editor, form("只给编辑看的草稿", "A draft for editors"))["data"]["id"]
    reader = make_admin(api, [f"{NEWS}/index"])  # may list the table, not edit it
    for who in (reader,):
        unsaved = preview(api, who, form("x", "x"), "en").json()
        saved = get(api, f"{NEWS}/preview", who, id=row_id, lang="en")
        for answer in (unsaved, saved):
            assert answer["code"] == 401 and not answer.get("data"), answer
    # Not logged in (a preview link opened by anyone else): refused, no page.
    anonymous = api.get(f"/srv/admin/{NEWS}/preview", params={"id": row_id, "lang": "en"}).json()
    assert anonymous["code"] != 1 and "A draft for editors" not in str(anonymous)


def test_a_preview_reads_no_stored_row_whatever_the_tables_size(
    api: httpx.Client, news: str, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No request reads a whole table: the preview's site holds its row alone (a published item of the
    same table is not on it, and no table's published rows are asked for)."""
    read: list[str] = []
    real_rows = export.published_rows
    monkeypatch.setattr(
        export, "published_rows", lambda design, *a: read.append(design) or real_rows(design, *a)
    )
    editor = make_admin(api, [f"{NEWS}/index", f"{NEWS}/add", f"{NEWS}/edit"])
    live = form("已经发布的新闻", "A published item", status="enable")
    assert post(api, f"{NEWS}/add", editor, live)["code"] == 1
    page = ok(preview(api, editor, form("只看这一条", "Only this one"), "en"))
    assert "Only this one" in page["html"] and "A published item" not in page["html"]
    assert read == []


def test_on_aws_the_rebuild_function_builds_the_preview(
    api: httpx.Client, news: str, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The API function on AWS has no Pelican: with CITYOPS_REBUILD_FUNCTION set it invokes the rebuild
    function synchronously with the row, and shows what that answers (the rebuild's own handler, run
    here, builds it). The Lambda client is a botocore Stubber asserting the exact call; a refusal there
    is the request's refusal, in the admin's language."""
    import json

    import boto3
    from botocore.response import StreamingBody
    from botocore.stub import ANY, Stubber

    from functions.publish import rebuild

    editor = make_admin(api, [f"{NEWS}/edit"])
    body = form("云端预览标题", "Previewed by the rebuild function")
    values = {**body, "content": "<p>云端预览标题的正文。</p>"}
    event = {"design": NEWS, "id": 0, "lang": "en"}
    built = rebuild.handler({"preview": {**event, "values": values}})
    assert "Previewed by the rebuild function" in built["pages"]["en"]["html"]
    refused = rebuild.handler({"preview": {**event, "lang": "zh-cn", "design": "business/tag", "values": {}}})
    assert refused == {"refused": "这张表不在网站上展示，没有可以预览的页面"}

    lam = boto3.client("lambda", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
    invoked: list[bytes] = []
    lam.meta.events.register(
        "provide-client-params.lambda.Invoke", lambda params, **_: invoked.append(params["Payload"])
    )
    monkeypatch.setattr(boto3, "client", lambda name, *a, **k: lam)
    monkeypatch.setattr(get_settings(), "rebuild_function", "cityops-test-rebuild")
    answer = json.dumps(built).encode()
    with Stubber(lam) as stub:
        stub.add_response(
            "invoke",
            {"StatusCode": 200, "Payload": StreamingBody(io.BytesIO(answer), len(answer))},
            {"FunctionName": "cityops-test-rebuild", "InvocationType": "RequestResponse", "Payload": ANY},
        )
        page = ok(preview(api, editor, body, "en"))
        stub.assert_no_pending_responses()
    assert page == built["pages"]["en"]
    sent = json.loads(invoked[0])["preview"]
    assert sent["design"] == NEWS and sent["id"] == 0 and sent["lang"] == "en"
    assert sent["values"]["title_en"] == "Previewed by the rebuild function"
