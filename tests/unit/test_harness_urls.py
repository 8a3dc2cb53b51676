"""The local server's addresses as the browser tests ask for them: a language other than English
leaves the path alone; English adds `lang=en` after the path's own query, if any."""

from pathlib import Path

from functions.local.harness import LocalServer

SERVER = LocalServer(base_url="http://127.0.0.1:8000", var_dir=Path("/tmp"), dynamodb_endpoint="")


def test_chinese_and_no_language_keep_the_path() -> None:
    assert SERVER.url("/admin/user/user") == "http://127.0.0.1:8000/admin/user/user"
    assert SERVER.url("/admin/user/user", "zh") == "http://127.0.0.1:8000/admin/user/user"


def test_english_adds_the_language_after_the_query() -> None:
    assert SERVER.url("/user/login", "en") == "http://127.0.0.1:8000/user/login?lang=en"
    assert SERVER.url("/admin/x?page=2", "en-US") == "http://127.0.0.1:8000/admin/x?page=2&lang=en"
