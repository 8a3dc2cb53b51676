"""The local gateway routes every path of the shared contract as CloudFront does."""

import json
from pathlib import Path

import pytest

from functions.local.gateway import resolve, spa_file

CONTRACT = json.loads((Path(__file__).parents[1] / "routing_cases.json").read_text(encoding="utf-8"))
FILES = set(CONTRACT["files"])


@pytest.mark.parametrize("case", CONTRACT["cases"], ids=lambda c: c["path"])
def test_route_matches_contract(case: dict) -> None:
    route = resolve(case["path"], FILES.__contains__)
    if case.get("api"):
        assert route.kind == "api"
    elif case.get("upload"):
        assert (route.kind, route.file) == ("upload", case["upload"])
    elif case.get("spa"):
        assert route.kind == "spa"
        chosen = spa_file(case["path"], case.get("query", {}), case.get("cookies", {}))
        assert chosen == case.get("app_file", "index.html")
    else:
        assert (route.kind, route.file, route.status) == ("static", case["file"], case["status"])


def test_app_assets_are_served_from_the_react_build() -> None:
    assert resolve("/app/assets/index-abc.js", FILES.__contains__).file == "assets/index-abc.js"


def test_login_screens_are_served_pre_rendered_in_the_visitors_language(tmp_path: Path) -> None:
    """The cookie the app writes picks the pre-rendered page; a build without it gets the app's index."""
    from starlette.testclient import TestClient

    from functions.local.gateway import Gateway

    dist = tmp_path / "dist"
    (dist / "prerender").mkdir(parents=True)
    (dist / "index.html").write_text("<title>app</title>", encoding="utf-8")
    login = "<title>Member login</title>"
    (dist / "prerender" / "user-login.en.dark.html").write_text(login, encoding="utf-8")
    client = TestClient(Gateway(None, tmp_path / "site", dist, tmp_path / "uploads"))

    client.cookies.set("cityops_lang", "en")
    client.cookies.set("cityops_theme", "dark")
    assert client.get("/user/login").text == login
    assert client.get("/user/login?to=/user/account").text == "<title>app</title>"
    assert client.get("/admin/login").text == "<title>app</title>"  # not in this build


def test_text_files_are_sent_compressed_like_cloudfront(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from functions.local.gateway import Gateway

    site = tmp_path / "site"
    site.mkdir()
    page = "<!doctype html><p>" + "城市运营 " * 400 + "</p>"
    (site / "index.html").write_text(page, encoding="utf-8")
    client = TestClient(Gateway(None, site, tmp_path / "dist", tmp_path / "uploads"))

    response = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert response.text == page  # httpx decompresses
    assert "content-encoding" not in client.get("/", headers={"Accept-Encoding": "identity"}).headers
