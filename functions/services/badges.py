"""Counts the back office shows beside menu items (`GET /admin/index/badges`): things waiting for an
admin, such as new enquiries of the contact form.

`BADGES` maps a menu rule's name (the `name` of its `MenuNode` in the web app) to the function that
counts; an admin gets only the counts of menus whose `<name>/index` permission it holds.
"""

from __future__ import annotations

from collections.abc import Callable

from functions.services.contact import pending_count
from functions.services.permissions import Grant


def _contact() -> int:
    return pending_count()


BADGES: dict[str, Callable[[], int]] = {"business/contact": _contact}


def badges_for(grant: Grant) -> dict[str, int]:
    """The counts `grant` may see, by menu rule name."""
    return {name: count() for name, count in BADGES.items() if grant.allows(f"{name}/index")}
