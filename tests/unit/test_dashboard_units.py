"""The dashboard's pure parts: per-day counts from rows read newest first (stopping at the window's
start or at the read bound), entrance titles in two languages, and kinds of files."""

from __future__ import annotations

from datetime import UTC, datetime

from functions.core.clock import COMPANY_TZ
from functions.models.attachment import kind_of
from functions.services.dashboard import entrance_title
from functions.services.stats import daily_counts

# 2026-05-10 12:00 in China (UTC+8).
AT = datetime(2026, 5, 10, 4, 0, tzinfo=UTC)


def stamp(day: int, hour: int) -> int:
    """A Unix time on 2026-05-`day` at `hour` o'clock in China."""
    return int(datetime(2026, 5, day, hour, tzinfo=COMPANY_TZ).timestamp())


class Rows:
    """Rows newest first that remember how many were read."""

    def __init__(self, times: list[int]) -> None:
        self.times, self.read = times, 0

    def __iter__(self):
        for t in self.times:
            self.read += 1
            yield t


def test_days_are_china_days_and_the_read_stops_at_the_first_older_row() -> None:
    rows = Rows([stamp(10, 9), stamp(10, 0), stamp(9, 23), stamp(8, 1), stamp(1, 12), stamp(1, 11)])
    values, complete = daily_counts(rows, lambda t: t, 3, limit=100, at=AT)
    assert values == [
        {"date": "2026-05-08", "value": 1},
        {"date": "2026-05-09", "value": 1},
        {"date": "2026-05-10", "value": 2},
    ]
    assert complete and rows.read == 5, "the first row before the window ends the read"


def test_the_read_bound_is_reported() -> None:
    times = [stamp(10, 9)] * 5
    values, complete = daily_counts(Rows(times), lambda t: t, 7, limit=3, at=AT)
    assert values[-1]["value"] == 3 and not complete
    _, exact = daily_counts(Rows(times[:3]), lambda t: t, 7, limit=3, at=AT)
    assert exact, "exactly the bound and nothing after it: complete"


def test_entrance_titles_in_both_languages() -> None:
    assert entrance_title("会员管理|Members", "zh-cn") == "会员管理"
    assert entrance_title("会员管理|Members", "en") == "Members"
    assert entrance_title(" 会员 ", "en") == "会员"
    assert entrance_title("|Members", "zh-cn") == "Members"
    assert entrance_title("", "en") == ""


def test_kinds_of_files() -> None:
    assert kind_of("image/png", "a.png") == "image"
    assert kind_of("video/mp4") == "video"
    assert kind_of("audio/mpeg") == "audio"
    assert kind_of("application/pdf", "/storage/x.pdf") == "document"
    assert kind_of("application/octet-stream", "/storage/report.docx") == "document"
    assert kind_of("text/plain") == "document"
    assert kind_of("application/zip", "x.zip") == "archive"
    assert kind_of("application/octet-stream", "x.7z") == "archive"
    assert kind_of("application/octet-stream", "x.bin") == "other"
