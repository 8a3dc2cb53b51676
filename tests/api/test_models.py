"""Models and tables against DynamoDB Local: idempotent creation, GSIs, TTL, descriptions for infra,
username uniqueness, id sequences."""

from __future__ import annotations

import threading

import pytest
from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from functions.models import ALL_MODELS, Admin, BaseModel, DuplicateError, configure_models, next_id
from functions.models.base import Expiring
from functions.models.listing import key_index
from functions.models.tables import create_tables, delete_tables, describe_tables


class Token(Expiring, BaseModel):
    """A model shaped like the later session/code tables: GSI and TTL."""

    logical_name = "probe_token"

    token_hash = UnicodeAttribute(hash_key=True)
    owner = UnicodeAttribute()
    created = NumberAttribute()
    by_owner = key_index("owner-index", "owner", UnicodeAttribute, range_attr="created")


@pytest.fixture
def token_table(dynamodb):
    configure_models(dynamodb, [Token])
    try:
        yield Token
    finally:
        delete_tables([Token])


class TokenBeforeIndex(BaseModel):
    """The same table as an older version of the model had it: no GSI yet."""

    logical_name = "probe_token"

    token_hash = UnicodeAttribute(hash_key=True)


def test_a_kept_table_gains_the_index_a_newer_model_declares(dynamodb, token_table) -> None:
    configure_models(dynamodb, [TokenBeforeIndex])
    create_tables(models=[TokenBeforeIndex])
    TokenBeforeIndex("abc").save()
    assert "GlobalSecondaryIndexes" not in TokenBeforeIndex.describe_table()

    assert create_tables(models=[token_table]) == []  # the table exists: not created again
    description = token_table.describe_table()
    assert [index["IndexName"] for index in description["GlobalSecondaryIndexes"]] == ["owner-index"]
    assert token_table.get("abc").token_hash == "abc"  # the data is kept


def test_a_rebuild_stopped_after_the_copy_aside_finishes_at_the_next_start(dynamodb, token_table) -> None:
    """The local rebuild copies rows to `<table>.rebuild` before dropping the table: if the process
    stopped right after the drop, the next start recreates the table and brings the rows back."""
    configure_models(dynamodb, [TokenBeforeIndex])
    create_tables(models=[TokenBeforeIndex])
    for key in ("abc", "def"):
        TokenBeforeIndex(key).save()
    client = TokenBeforeIndex._get_connection().connection.client
    name = TokenBeforeIndex.Meta.table_name
    description = TokenBeforeIndex.describe_table()
    client.create_table(
        TableName=f"{name}.rebuild",
        KeySchema=description["KeySchema"],
        AttributeDefinitions=description["AttributeDefinitions"],
        BillingMode="PAY_PER_REQUEST",
    )
    for key in ("abc", "def"):
        client.put_item(TableName=f"{name}.rebuild", Item={"token_hash": {"S": key}})
    TokenBeforeIndex.delete_table()  # stopped here: only the copy holds the rows

    assert create_tables(models=[token_table]) == [name]
    assert sorted(row.token_hash for row in token_table.scan()) == ["abc", "def"]
    assert [i["IndexName"] for i in token_table.describe_table()["GlobalSecondaryIndexes"]] == ["owner-index"]
    assert f"{name}.rebuild" not in client.list_tables()["TableNames"]


def test_create_tables_is_idempotent_and_sets_gsi_and_ttl(token_table) -> None:
    assert create_tables(models=[token_table]) == [token_table.Meta.table_name]
    assert create_tables(models=[token_table]) == []
    description = token_table.describe_table()
    assert description["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    assert [index["IndexName"] for index in description["GlobalSecondaryIndexes"]] == ["owner-index"]
    client = token_table._get_connection().connection.client
    ttl = client.describe_time_to_live(TableName=token_table.Meta.table_name)["TimeToLiveDescription"]
    assert ttl["TimeToLiveStatus"] == "ENABLED"
    assert ttl["AttributeName"] == "expires_at"


def test_table_names_use_the_runtime_prefix(dynamodb) -> None:
    for model in ALL_MODELS:
        assert model.Meta.table_name == dynamodb.table_prefix + model.logical_name
        assert model.Meta.host == dynamodb.dynamodb_endpoint
        assert model.exists()


def test_describe_tables_gives_infra_plain_dicts() -> None:
    described = {table["logical_name"]: table for table in describe_tables()}
    assert set(described) == {model.logical_name for model in ALL_MODELS}
    assert described["admin"]["hash_key"] == {"name": "id", "type": "N"}
    assert described["admin"]["range_key"] is None
    assert described["config"]["hash_key"] == {"name": "group", "type": "S"}
    assert described["config"]["range_key"] == {"name": "name", "type": "S"}
    probe = describe_tables([Token])[0]
    assert probe["ttl_attribute"] == "expires_at"
    assert probe["billing_mode"] == "PAY_PER_REQUEST"
    assert probe["global_secondary_indexes"] == [
        {
            "name": "owner-index",
            "hash_key": {"name": "owner", "type": "S"},
            "range_key": {"name": "created", "type": "N"},
            "projection": "ALL",
            "non_key_attributes": [],
        }
    ]


def test_usernames_are_unique_regardless_of_case(dynamodb) -> None:
    admin = Admin.create("Uniq_Alice", "password-1")
    assert Admin.get_by_username("uniq_alice").id == admin.id
    with pytest.raises(DuplicateError):
        Admin.create("uniq_ALICE", "password-2")
    assert Admin.get_by_username("nobody_here") is None
    public = admin.to_public()
    assert public["username"] == "Uniq_Alice"
    assert public["super"] is False and public["group_arr"] == []
    assert "password_hash" not in public


def test_concurrent_creation_of_one_username_succeeds_once(dynamodb) -> None:
    outcomes: list[str] = []

    def create() -> None:
        try:
            Admin.create("race_bob", "password-1")
            outcomes.append("created")
        except DuplicateError:
            outcomes.append("duplicate")

    threads = [threading.Thread(target=create) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["created", "duplicate", "duplicate", "duplicate"]


def test_sequences_count_up(dynamodb) -> None:
    first = next_id("probe")
    assert next_id("probe") == first + 1
    assert next_id("probe-other") == 1
