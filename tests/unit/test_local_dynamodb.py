"""`make run`'s DynamoDB Local listens on the loopback interface only (functions/local/dynamodb.py)."""

from __future__ import annotations

from pathlib import Path

from functions.local import dynamodb

LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F"}  # 127.0.0.1 in /proc/net/tcp and tcp6


def listening_addresses(port: int) -> set[str]:
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, hex_port = fields[1].split(":")
            if int(hex_port, 16) == port and fields[3] == "0A":  # LISTEN
                found.add(address)
    return found


def test_dynamodb_local_listens_on_127_0_0_1_only() -> None:
    port = dynamodb.free_port()
    with dynamodb.running(port):
        addresses = listening_addresses(port)
    assert addresses and addresses <= LOOPBACK, addresses
