"""The company's clock: China Standard Time (UTC+8, no daylight saving).

Days are counted in it wherever a day is shown or keyed — the dashboard's and the member overview's
charts (services/stats.py, services/members.py), upload keys (services/uploads.py) and the time in an
enquiry's notification mail (services/contact.py) — so that "today" is the company's today wherever the
server or the browser runs. The web app says so beside the charts (features/admin/dashboard).
"""

from __future__ import annotations

from datetime import timedelta, timezone

COMPANY_TZ = timezone(timedelta(hours=8), "CST")
