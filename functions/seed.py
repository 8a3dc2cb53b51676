"""Seed a fresh installation: create the tables, write the default site config, create the first admin.

`seed(settings)` is idempotent. It also writes the default menu rules of the back office and the
member center, the super admin group (id 1, "*") and the default member group (id 1), and the
built-in mail/security config items, the default recycle-bin and sensitive-data rules
(`functions.services.recycle`, `functions.services.sensitive`), and the designed business tables
with their demo rows (`functions.services.designs`) — each only when missing (`functions.services.rules`,
`functions.services.config_items`). The first admin (username `admin`, super) is created only when no
admin exists, with a random password from `secrets.token_urlsafe` that is returned (and printed
once by `python -m functions.seed`); there is never a known default password. Later runs return None
and change nothing that already exists, except that tables from before the row counters get their
counts and sums (`functions.models.listing.ensure_row_counts`, `ensure_tallies`), and rows from
before their places and file references get them (`functions.services.records.ensure_row_index`).
A design file of a higher version is applied like a confirmed save in the generator (rows converted,
a field made unique claims its values; rows sharing a value keep it:
`functions.services.designs.save_design`), and a change to a published table schedules a publish,
which `python -m functions.seed` waits for.
"""

from __future__ import annotations

import secrets
import threading

from functions.core.settings import Settings, get_settings
from functions.models import ALL_MODELS, Admin, DuplicateError, configure_models
from functions.models.listing import Listed, ensure_row_counts, ensure_tallies
from functions.models.tables import create_tables
from functions.services.config_items import seed_config_items
from functions.services.designs import load_demo_rows, load_design_files
from functions.services.member_config import seed_member_config
from functions.services.publish_jobs import use_local_work
from functions.services.records import ensure_row_index
from functions.services.recycle import seed_recycle_rules
from functions.services.rules import seed_groups, seed_rules
from functions.services.sensitive import seed_sensitive_rules
from functions.services.site_config import seed_site_config

FIRST_ADMIN_USERNAME = "admin"


def seed(settings: Settings | None = None, *, demo_rows: bool = True) -> str | None:
    """Create tables and defaults; returns the first admin's password if it was created now.
    `demo_rows=False` leaves the designed tables' demo rows out (the AWS deploy loads them only on the
    deploy that creates the first admin, so a table an admin emptied stays empty)."""
    settings = settings or get_settings()
    configure_models(settings)
    create_tables(wait=True)
    seed_site_config()
    seed_member_config()
    seed_config_items()
    seed_rules()
    seed_groups()
    seed_recycle_rules()
    seed_sensitive_rules()
    listed = [m for m in ALL_MODELS if issubclass(m, Listed) and hasattr(m, "by_part")]
    ensure_row_counts(listed)
    ensure_tallies(listed)
    load_design_files()
    ensure_row_index()
    if demo_rows:
        load_demo_rows()
    if Admin.any_exists():
        return None
    password = secrets.token_urlsafe(18)
    try:
        Admin.create(FIRST_ADMIN_USERNAME, password, nickname="Admin", is_super=True, group_ids=[1])
    except DuplicateError:
        return None  # another seed run created it at the same time
    return password


def main() -> None:
    # Run by hand, this process builds the site like the local server (`functions.local.run`). Imported
    # here, not at the top: the deploy's bootstrap imports this module from the API package, which has
    # no Pelican.
    from functions.publish.pipeline import publish_local

    use_local_work(publish_local)
    password = seed()
    # A change the seed made to published tables (a design upgraded, demo rows) scheduled a publish in
    # a thread of this process: let it run before the process ends (else its job stays queued).
    for thread in threading.enumerate():
        if thread.name.startswith("publish-"):
            thread.join()
    if password is None:
        print("Tables and defaults are in place; an admin already exists.")
    else:
        print(f"Created the first admin. Username: {FIRST_ADMIN_USERNAME}  Password: {password}")
        print("This password is shown only once: keep it safe and change it after logging in.")


if __name__ == "__main__":
    main()
