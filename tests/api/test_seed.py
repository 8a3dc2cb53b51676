"""First-run seeding against DynamoDB Local: tables, default config, the first admin."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

from functions.core.security import verify_password
from functions.models import Admin, Config
from functions.seed import seed
from functions.services.site_config import SITE_GROUP

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_first_run_creates_the_admin_with_a_random_password(isolated_tables) -> None:
    password = seed(isolated_tables)
    assert isinstance(password, str) and len(password) >= 20
    admin = Admin.get_by_username("admin")
    assert admin is not None
    assert admin.is_super is True
    assert admin.enabled
    assert admin.password_hash.startswith("$argon2id$")
    assert password not in admin.password_hash
    assert verify_password(admin.password_hash, password)
    assert not verify_password(admin.password_hash, "admin")
    names = {item.name for item in Config.query_group(SITE_GROUP)}
    assert {"site_name", "record_number", "version", "upload_mode"} <= names


def test_second_run_returns_none_and_keeps_the_password(isolated_tables) -> None:
    password = seed(isolated_tables)
    assert password is not None
    stored = Admin.get_by_username("admin").password_hash
    assert seed(isolated_tables) is None
    assert Admin.get_by_username("admin").password_hash == stored
    assert verify_password(stored, password)


def test_passwords_differ_between_installations(isolated_tables, dynamodb) -> None:
    first = seed(isolated_tables)
    other = dynamodb.model_copy(update={"table_prefix": f"iso-{uuid.uuid4().hex[:8]}-"})
    try:
        second = seed(other)
    finally:
        from functions.models import configure_models
        from functions.models.tables import delete_tables

        delete_tables()
        configure_models(isolated_tables)
    assert first and second and first != second


def test_seed_keeps_edited_config(isolated_tables) -> None:
    seed(isolated_tables)
    item = Config.get(SITE_GROUP, "version")
    item.value = "v2.3.4"
    item.save()
    seed(isolated_tables)
    assert Config.get(SITE_GROUP, "version").value == "v2.3.4"


def test_no_admin_is_created_when_one_exists(isolated_tables) -> None:
    Admin.create("boss", "first-password", is_super=True)
    assert seed(isolated_tables) is None
    assert Admin.get_by_username("admin") is None


def test_command_line_prints_the_password_once(dynamodb) -> None:
    env = {
        **os.environ,
        "CITYOPS_DYNAMODB_ENDPOINT": dynamodb.dynamodb_endpoint,
        "CITYOPS_TABLE_PREFIX": f"cli-{uuid.uuid4().hex[:8]}-",
        "CITYOPS_ENV": "test",
    }
    command = [sys.executable, "-m", "functions.seed"]
    first = subprocess.run(command, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    assert "Username: admin" in first.stdout
    password = first.stdout.split("Password: ")[1].split()[0]
    second = subprocess.run(command, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    assert password not in second.stdout
    assert "already exists" in second.stdout


def test_on_aws_the_seeded_upload_mode_is_remote(isolated_tables, monkeypatch) -> None:
    """The stack sets CITYOPS_UPLOAD_MODE_DEFAULT=remote: uploads then go to the bucket by presigned POST,
    not through Lambda (whose invocation cannot carry a 10 MB file)."""
    from functions.core.settings import get_settings
    from functions.services.site_config import get_upload_config, seed_site_config

    monkeypatch.setenv("CITYOPS_UPLOAD_MODE_DEFAULT", "remote")
    get_settings.cache_clear()
    try:
        assert "upload_mode" in seed_site_config()
        assert (
            get_upload_config(isolated_tables.model_copy(update={"config_cache_seconds": 0}))["mode"]
            == "remote"
        )
    finally:
        monkeypatch.delenv("CITYOPS_UPLOAD_MODE_DEFAULT")
        get_settings.cache_clear()
